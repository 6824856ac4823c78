import TrellisLayout
import TrellisSupport

/// The environment Interface Builder laid a scene out in: the device its `<device>` names, the
/// orientation, the root's stored size, and the safe area from the device and the bars IB
/// simulates (uikit-facts: status bar 20 on non-notch iPhones before Xcode 11, navigation bar
/// 44 or 32 in compact height, tab bar 49 or 32, a home indicator's 34 or 21), corrected by
/// the stored frames when they disagree.
struct IBEnvironment {
  let document: IBDocument
  let candidate: SceneCandidate
  var deviceSource = ""
  var safeAreaSource = ""
  /// Whether the scene is a component (see ``ImportedScene/isComponent``).
  var isComponent = false

  /// IB's device ids (`<device id>`), as Xcode writes them, and the device of Trellis's table
  /// with that screen.
  static let devices: [String: String] = [
    "retina4_0": "iPhone SE (1st gen)", "retina4_7": "iPhone 8", "retina5_5": "iPhone 8 Plus",
    "retina5_9": "iPhone X", "retina6_1": "iPhone XR", "retina6_5": "iPhone XS Max", "retina5_4": "iPhone 12 mini",
    "retina6_12": "iPhone 12", "retina6_7": "iPhone 12 Pro Max", "retina6_72": "iPhone 14 Plus",
    "ipad9_7": "iPad mini 7.9-inch (5th gen)", "ipad10_2": "iPad 10.2-inch (7th-9th gen)",
    "ipad10_5": "iPad Air 10.5-inch (3rd gen)", "ipad10_9rounded": "iPad Air 10.9/11-inch (4th gen+)",
    "ipad11": "iPad Pro 11-inch (1st-4th gen)", "ipad12_9": "iPad Pro 12.9-inch (3rd-6th gen)",
    "ipad12_9rounded": "iPad Pro 12.9-inch (3rd-6th gen)",
  ]

  init(document: IBDocument, candidate: SceneCandidate) {
    self.document = document
    self.candidate = candidate
  }

  /// The device: by IB's id, else the table's device whose screen is the root's stored size.
  mutating func device(rootSize: Size?, sink: inout ImportSink) -> Device {
    let orientation = document.orientation
    if let id = document.deviceID, let name = Self.devices[id], let device = DeviceTable.device(named: name) {
      deviceSource = id
      return device
    }
    if let rootSize, let match = DeviceTable.all.first(where: { $0.size(orientation) == rootSize }) {
      deviceSource = "matched by the root's size \(rootSize)"
      sink.warning(
        "ib-approximate",
        "device '\(document.deviceID ?? "none")' is not in Trellis's table; \(match.name), whose screen is the scene's "
          + "size, stands in", at: document.root.child(named: "device")?.location ?? document.root.location)
      return match
    }
    let fallback = DeviceTable.device(named: "iPhone 8") ?? DeviceTable.all[0]
    deviceSource = "none (iPhone 8 assumed)"
    sink.warning(
      "ib-approximate",
      "the document names no device Trellis knows ('\(document.deviceID ?? "none")') and the scene is not a device's "
        + "size: it is imported for \(fallback.name) in the scene's own size", at: document.root.location)
    return fallback
  }

  /// The scene's environment, its safe area checked against the stored frames.
  mutating func resolve(
    rootSize: Size?, constraints: [ConstraintSpec], storedFrames: [String: Rect], staleFrames: [String: String],
    uninstalled: (TraitCollection) -> Set<String>,
    sink: inout ImportSink
  ) -> Environment {
    let device = device(rootSize: rootSize, sink: &sink)
    let orientation = document.orientation
    var environment = device.environment(orientation: orientation)
    if let rootSize, rootSize.width > 0, rootSize.height > 0 { environment.containerSize = rootSize }
    var insets = barInsets(device: device, orientation: orientation)
    safeAreaSource = "device and simulated bars"

    // The stored frames win: a required `view.edge == safeArea.edge + c` places the edge.
    var found: [String: [Double]] = [:]
    let size = environment.containerSize
    // Only what is installed in the scene's own size classes: the stored frames are that layout.
    let traits = environment.traits
    let absent = uninstalled(traits)
    for spec in constraints where spec.relation == .equal && spec.multiplier == 1 {
      guard spec.priority.resolved(for: traits) == 1000, spec.standardSpacing.resolved(for: traits) == 0,
        spec.installed.resolved(for: traits), let second = spec.second
      else { continue }
      let constant = spec.constant.resolved(for: traits)
      // As `view.edge == guide.edge + d`: d is the constant when the view comes first.
      let pairs = [(guide: spec.first, view: second, d: -constant), (second, spec.first, constant)]
      for (guide, view, d) in pairs where guide.item == .safeArea && guide.attribute == view.attribute {
        // A frame IB itself marks stale (misplaced, ambiguous) says nothing about the environment.
        guard let id = view.item.viewID, !absent.contains(id), staleFrames[id] == nil, let frame = storedFrames[id]
        else { continue }
        switch view.attribute {
        case .top: found["top", default: []].append(frame.y - d)
        case .bottom: found["bottom", default: []].append(size.height - (frame.y + frame.height) + d)
        case .left, .leading: found["left", default: []].append(frame.x - d)
        case .right, .trailing: found["right", default: []].append(size.width - (frame.x + frame.width) + d)
        default: break
        }
      }
    }
    var corrected: [String] = []
    func settle(_ edge: String, _ current: inout Double) {
      guard let values = found[edge], let first = values.first, values.allSatisfy({ abs($0 - first) < 0.5 }),
        first >= 0, abs(first - current) >= 0.5
      else { return }
      corrected.append("\(edge) \(fmt(current)) → \(fmt(first))")
      current = first
    }
    settle("top", &insets.top)
    settle("bottom", &insets.bottom)
    if environment.layoutDirection == .leftToRight {
      settle("left", &insets.left)
      settle("right", &insets.right)
    }
    if !corrected.isEmpty {
      safeAreaSource = "stored frames (\(corrected.joined(separator: ", ")))"
      sink.warning(
        "ib-approximate",
        "the safe area from the device and simulated bars disagrees with the stored frames; the stored frames win: "
          + corrected.joined(separator: ", "), at: candidate.view.location)
    }
    environment.safeAreaInsets = insets
    return environment
  }

  /// The device's insets plus the bars IB simulates for this scene.
  func barInsets(device: Device, orientation: Orientation) -> EdgeInsets {
    var insets = device.facts(orientation).safeAreaInsets
    let compactHeight = device.facts(orientation).traits.vertical == .compact
    let notch = device.family == .iPhone && device.facts(.portrait).safeAreaInsets.top > 20
    if device.family == .iPhone, !notch {
      // Xcode 11 (tools 15xxx) dropped the simulated status bar on non-notch iPhones.
      insets.top = orientation == .portrait && document.toolsVersion > 0 && document.toolsVersion < 15000 ? 20 : 0
    }
    if document.deviceID == "retina6_1", document.toolsVersion > 0, document.toolsVersion < 17000 {
      // The XR's status bar grew from 44 to 48 in iOS 14 (platform facts: 44 in iOS 12-era
      // tables, 48 measured on iOS 14+); Xcode before 12 (tools 17xxx) simulates iOS 13 or older.
      if orientation == .portrait {
        insets.top = min(insets.top, 44)
      } else {
        insets.left = min(insets.left, 44)
        insets.right = min(insets.right, 44)
      }
    }
    let bars = simulatedBars(isPhone: device.family == .iPhone)
    // iOS 12 made iPad navigation bars, toolbars and tab bars 50 pt (hacknicity, "iPad Navigation
    // Bar and Toolbar Height Changes in iOS 12"); Xcode 10 (tools 14xxx) simulates iOS 12.
    let iPad12 = device.family == .iPad && document.toolsVersion >= 14000
    if bars.navigation { insets.top += iPad12 ? 50 : compactHeight ? 32 : 44 }
    // A navigation controller's toolbar inside a tab sits on the tab bar: both count.
    if bars.tab { insets.bottom += iPad12 ? 50 : compactHeight ? 32 : 49 }
    if bars.toolbar { insets.bottom += iPad12 ? 50 : compactHeight ? 32 : 44 }
    return insets
  }

  /// Which bars IB shows for the scene: explicit simulated metrics, else what its containers imply.
  func simulatedBars(isPhone: Bool) -> (navigation: Bool, tab: Bool, toolbar: Bool) {
    guard let controller = candidate.controller else { return (false, false, false) }
    let id = controller["id"] ?? ""
    var navigation = document.navigationRoots.contains(id) || controller.child(named: "navigationItem") != nil
    var tab = document.tabs.contains(id) || (isPhone && document.tabsThroughSplitViews.contains(id))
    var toolbar = document.toolbars.contains(id)
    for child in controller.children {
      switch (child["key"], child.name) {
      case ("simulatedTopBarMetrics", "simulatedNavigationBarMetrics"): navigation = true
      case ("simulatedTopBarMetrics", "nil"): navigation = false
      case ("simulatedBottomBarMetrics", "simulatedTabBarMetrics"): tab = true
      case ("simulatedBottomBarMetrics", "simulatedToolbarMetrics"): toolbar = true
      case ("simulatedBottomBarMetrics", "nil"):
        tab = false
        toolbar = false
      default: break
      }
    }
    return (navigation, tab, toolbar)
  }
}
