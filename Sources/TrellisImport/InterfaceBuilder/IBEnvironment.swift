import TrellisModel
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

  /// IB's device ids (`<device id>`), as Xcode writes them, and the devices of Trellis's table
  /// that an id stood for in the sizes IB stored (scripts/ib-environment-survey.py --roots,
  /// docs/import.md "Device ids"): one id names the screen Xcode's device of that name had when
  /// the file was saved, so `retina6_7` is stored 428 × 926 by Xcode 12–13 and 430 × 932 by
  /// Xcode 16. The first device is the default; another is chosen when the root's stored size is
  /// its screen.
  static let devices: [String: [String]] = [
    "retina3_5": ["iPhone SE (1st gen)"], "retina4_0": ["iPhone SE (1st gen)"], "retina4_7": ["iPhone 8"],
    "retina5_5": ["iPhone 8 Plus"], "retina5_9": ["iPhone X"], "retina6_1": ["iPhone XR"],
    "retina6_5": ["iPhone XS Max"], "retina5_4": ["iPhone 12 mini"], "retina6_0": ["iPhone 12"],
    "retina6_12": ["iPhone 15"], "retina6_7": ["iPhone 12 Pro Max", "iPhone 15 Plus"],
    "retina6_72": ["iPhone 15 Plus", "iPhone 14 Plus"], "retina6_3": ["iPhone 16 Pro"],
    "retina6_9": ["iPhone 16 Pro Max"],
    "ipad9_7": ["iPad mini 7.9-inch (5th gen)"], "ipad10_2": ["iPad 10.2-inch (7th-9th gen)"],
    "ipad10_5": ["iPad Air 10.5-inch (3rd gen)"], "ipad10_9rounded": ["iPad Air 10.9/11-inch (4th gen+)"],
    "ipad11": ["iPad Pro 11-inch (1st-4th gen)"], "ipad11_0rounded": ["iPad Pro 11-inch (1st-4th gen)"],
    "ipad12_9": ["iPad Pro 12.9-inch (3rd-6th gen)"], "ipad12_9rounded": ["iPad Pro 12.9-inch (3rd-6th gen)"],
  ]

  /// The device: by IB's id (the one of its devices whose screen is the root's stored size), else
  /// the device of the id's idiom (an `ipad…` id an iPad, any other an iPhone) whose screen is
  /// the root's size, else that idiom's nearest screen.
  mutating func device(rootSize: Size?, sink: inout ImportSink) -> Device {
    let orientation = document.orientation
    func screen(_ device: Device) -> Size { device.size(orientation) }
    if let id = document.deviceID, let names = Self.devices[id] {
      let known = names.compactMap { DeviceTable.device(named: $0) }
      if let first = known.first {
        deviceSource = id
        return known.first { rootSize == screen($0) } ?? first
      }
    }
    let id = document.deviceID ?? "none"
    // An iPad document is never laid out with an iPhone's traits, nor the reverse.
    let family: Device.Family? =
      document.deviceID.map { $0.hasPrefix("ipad") ? .iPad : .iPhone } ?? (document.isIPadDocument ? .iPad : nil)
    let pool = family.map { DeviceTable.devices($0) } ?? DeviceTable.all
    let location = document.root.child(named: "device")?.location ?? document.root.location
    if let rootSize, let match = pool.first(where: { screen($0) == rootSize }) {
      deviceSource = "matched by the root's size \(rootSize)"
      sink.warning(
        "ib-approximate",
        "device '\(id)' is not in Trellis's table; \(match.name), whose screen is the scene's size, stands in",
        at: location)
      return match
    }
    if family != nil || rootSize != nil, let rootSize {
      let nearest = pool.min { a, b in
        let da = abs(screen(a).width - rootSize.width) + abs(screen(a).height - rootSize.height)
        let db = abs(screen(b).width - rootSize.width) + abs(screen(b).height - rootSize.height)
        return da < db
      }
      if let nearest, family != nil {
        deviceSource = "nearest \(nearest.family.rawValue) to the root's size \(rootSize)"
        sink.warning(
          "ib-approximate",
          "device '\(id)' is not in Trellis's table and no \(nearest.family.rawValue) has the scene's size: it is "
            + "imported with the traits of \(nearest.name), the nearest, in the scene's own size", at: location)
        return nearest
      }
    }
    let fallback = DeviceTable.device(named: "iPhone 8") ?? DeviceTable.all[0]
    deviceSource = "none (iPhone 8 assumed)"
    sink.warning(
      "ib-approximate",
      "the document names no device Trellis knows ('\(id)') and the scene is not a device's "
        + "size: it is imported for \(fallback.name) in the scene's own size", at: document.root.location)
    return fallback
  }

  /// The scene's environment, its safe area checked against the stored frames.
  mutating func resolve(
    rootSize: Size?, constraints: [ConstraintSpec], storedFrames: [String: Rect], staleFrames: [String: String],
    uninstalled: (TraitCollection) -> Set<String>,
    sink: inout ImportSink
  ) -> Environment {
    // A cell is on no screen of its own: its size is the one IB stored, with no safe area.
    if candidate.cell != nil { return cellEnvironment(rootSize: rootSize, staleFrames: staleFrames, sink: &sink) }
    let device = device(rootSize: rootSize, sink: &sink)
    let orientation = document.orientation
    var environment = device.environment(orientation: orientation)
    // A root IB marks stale (misplaced) was not resized to the screen: its stored size is not the scene's.
    let rootStale = staleFrames["root"] != nil
    if let rootSize, rootSize.width > 0, rootSize.height > 0, !rootStale { environment.containerSize = rootSize }
    isComponent = Self.isComponent(
      document: document, candidate: candidate, rootSize: rootSize, screen: device.size(orientation))
    var insets =
      isComponent
      ? componentInsets(device: device, orientation: orientation, width: rootSize?.width ?? 0)
      : barInsets(device: device, orientation: orientation)
    safeAreaSource = isComponent ? "a component: no screen's bars" : "device and simulated bars"
    if !isComponent, !rootStale, let rootSize {
      insets = Self.belowOpaqueBars(insets, screenHeight: device.size(orientation).height, rootHeight: rootSize.height)
    }

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
      guard let values = found[edge], let first = values.first,
        values.allSatisfy({ abs($0 - first) < ImportTolerance.sameLength }),
        first >= 0, abs(first - current) >= ImportTolerance.sameLength
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

  /// A cell's environment: the device's traits and scale, the content view's stored size, no
  /// safe area (IB lays a cell out in its table's bounds, not on a screen), a component.
  mutating func cellEnvironment(rootSize: Size?, staleFrames: [String: String], sink: inout ImportSink) -> Environment {
    let device = device(rootSize: nil, sink: &sink)
    var environment = device.environment(orientation: document.orientation)
    if let rootSize, rootSize.width > 0, rootSize.height > 0 {
      environment.containerSize = rootSize
    } else {
      sink.warning(
        "ib-approximate",
        "the cell's content view has no stored size; it is laid out at its device's width and 44 pt tall",
        at: candidate.view.location)
      environment.containerSize = Size(width: environment.containerSize.width, height: 44)
    }
    environment.safeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    // Laid out at the size IB stored, not fitted (docs/import.md, "Cells"). A table cell's
    // content view takes its margins from the host's width and its accessory (CellMetrics).
    if let cell = candidate.cell {
      let width =
        cell.isTableCell
        ? cell.marginWidth(toolsVersion: document.toolsVersion, screenWidth: Self.screenWidth(of: document))
        : cell.containerWidth
      environment.cell = CellContext(
        hostWidth: width > 0 ? width : environment.containerSize.width, fitsHeight: false,
        isTableCell: cell.isTableCell, accessory: cell.spec().accessory,
        sideMargin: cell.tablelessSideMargin(
          toolsVersion: document.toolsVersion, device: device,
          orientation: document.orientation))
    }
    isComponent = true
    safeAreaSource = "a cell's content view: no screen's safe area"
    return environment
  }

  /// The width of the screen of the document's device in its orientation (375 when it names
  /// none Trellis knows): what a table cell's side margins follow from Xcode 11.
  static func screenWidth(of document: IBDocument) -> Double {
    let device = document.deviceID.flatMap { devices[$0]?.first }.flatMap { DeviceTable.device(named: $0) }
    return device?.size(document.orientation).width ?? 375
  }

  /// The insets of a root shorter than its screen by exactly its top insets, its bottom ones or
  /// both: UIKit lays a controller's view out below opaque bars (a navigation bar that is not
  /// translucent, `extendedLayoutIncludesOpaqueBars` off) and IB stores it so, shortened, with
  /// nothing of those bars left in its safe area (the survey's navigation and tab-bar scenes,
  /// docs/import.md).
  static func belowOpaqueBars(_ insets: EdgeInsets, screenHeight: Double, rootHeight: Double) -> EdgeInsets {
    let gap = screenHeight - rootHeight
    guard gap >= ImportTolerance.sameLength else { return insets }
    var out = insets
    if abs(gap - insets.top) < ImportTolerance.sameLength {
      out.top = 0
    } else if abs(gap - insets.bottom) < ImportTolerance.sameLength {
      out.bottom = 0
    } else if abs(gap - insets.top - insets.bottom) < ImportTolerance.sameLength {
      out.top = 0
      out.bottom = 0
    }
    return out
  }

  /// Whether a scene is a component rather than a screen: a xib's top-level view that IB sized
  /// freely (`freeformSimulatedSizeMetrics`) or that is no view controller's view, whose stored
  /// size is not its device's screen (a card, a banner, a header, a popover's content).
  static func isComponent(document: IBDocument, candidate: SceneCandidate, rootSize: Size?, screen: Size) -> Bool {
    guard !document.isStoryboard, let rootSize, rootSize.width > 0, rootSize.height > 0 else { return false }
    let freeform = candidate.view.children.contains { $0.name == "freeformSimulatedSizeMetrics" }
    let ownersView = candidate.view["id"].map { document.ownerViews.contains($0) } ?? false
    guard freeform || !ownersView else { return false }
    return rootSize != screen
  }

  /// The Xcode version that saved the document, from its `toolsVersion` (IB's build number):
  /// what decides which status bar and home indicator IB simulated (docs/import.md, "The top
  /// inset IB stores"). `32700.99.1234`, seen on files of two repositories with Xcode 15's plug-in
  /// (22685), stores what Xcode 14–15 do. `from16` is the doubled insets, stored by tools 23727
  /// on and not by 23504 (no build between them was found).
  enum XcodeEra {
    case before11, from11to13, from14to15, from16

    init(toolsVersion tools: Int) {
      switch tools {
      case 32700...: self = .from14to15
      case 23727...: self = .from16
      case 21000...: self = .from14to15
      case 14800...: self = .from11to13
      default: self = .before11
      }
    }
  }

  /// A component's insets. IB stores freeform xib views without a status bar or home indicator
  /// up to Xcode 14, except the notch iPhones' 44-pt top in portrait from Xcode 11 to 13, and
  /// their bottom too when the view is wider than the screen (`width`), and with the device's
  /// insets (as a screen's, without bars) from Xcode 15 (docs/import.md, "The top inset IB
  /// stores").
  func componentInsets(device: Device, orientation: Orientation, width: Double) -> EdgeInsets {
    let tools = document.toolsVersion
    if tools >= 22000 { return deviceInsets(device: device, orientation: orientation) }
    var insets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    let notch = device.family == .iPhone && !Self.hasHomeButton(device)
    if XcodeEra(toolsVersion: tools) == .from11to13, notch, orientation == .portrait {
      let full = deviceInsets(device: device, orientation: orientation)
      insets.top = full.top
      if width > device.size(orientation).width { insets.bottom = full.bottom }
    }
    return insets
  }

  /// The device's insets as the Xcode that saved the file simulated them. From stored frames across files and Xcode versions
  /// (scripts/ib-environment-survey.py; the table and its counts are in docs/import.md):
  /// - devices with a home button (notch-less iPhones, portrait; iPads): a 20-pt status bar up
  ///   to Xcode 10 and again from Xcode 14, none from Xcode 11 to 13;
  /// - iPhones with a notch: a 44-pt status bar (44 at the sides in landscape) up to Xcode 13;
  ///   from Xcode 14 the device's own (XR 48, 14 Pro 59, …), and the iPhone X's 50;
  /// - Xcode 16 stores notch iPhones' top and bottom insets doubled (96 and 68 on an XR).
  func deviceInsets(device: Device, orientation: Orientation) -> EdgeInsets {
    var insets = device.facts(orientation).safeAreaInsets
    let era = XcodeEra(toolsVersion: document.toolsVersion)
    let homeButton = Self.hasHomeButton(device)
    if homeButton {
      let statusBar: Double = document.toolsVersion > 0 && era != .from11to13 ? 20 : 0
      if device.family == .iPhone {
        insets.top = orientation == .portrait ? statusBar : 0
      } else {
        insets.top = statusBar
      }
    } else if device.family == .iPhone {
      switch era {
      case .before11, .from11to13:
        if orientation == .portrait {
          insets.top = 44
        } else {
          insets.left = 44
          insets.right = 44
        }
      case .from14to15, .from16:
        if orientation == .portrait, device.name == "iPhone X" { insets.top = 50 }
      }
      if era == .from16, orientation == .portrait {
        insets.top *= 2
        insets.bottom *= 2
      }
    }
    return insets
  }

  /// Whether the device has a home button: no notch or island, so its portrait safe area
  /// begins at the status bar (20 pt or less). What IB's simulated insets are told apart by.
  static func hasHomeButton(_ device: Device) -> Bool { device.facts(.portrait).safeAreaInsets.top <= 20 }

  /// The device's insets (``deviceInsets(device:orientation:)``) plus the bars IB simulates.
  func barInsets(device: Device, orientation: Orientation) -> EdgeInsets {
    var insets = deviceInsets(device: device, orientation: orientation)
    let compactHeight = device.facts(orientation).traits.vertical == .compact
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
    // A xib's view carries its simulated metrics itself; a storyboard's controller does.
    let holder = candidate.controller ?? candidate.view
    let id = candidate.controller?["id"] ?? ""
    var navigation =
      candidate.controller != nil
      && (document.navigationRoots.contains(id) || holder.child(named: "navigationItem") != nil)
    // Through a split view the tab bar reaches iPhones' columns, and an iPad's in landscape, where
    // the columns sit side by side above it; an iPad's master in portrait overlays the screen and
    // is stored without it (docs/import.md, "Bars").
    let throughSplit = isPhone || document.orientation == .landscape
    var tab =
      candidate.controller != nil
      && (document.tabs.contains(id) || (throughSplit && document.tabsThroughSplitViews.contains(id)))
    var toolbar = candidate.controller != nil && document.toolbars.contains(id)
    for child in holder.children {
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
