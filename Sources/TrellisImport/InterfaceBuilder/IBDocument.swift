import TrellisModel
import TrellisSupport

/// An Interface Builder document's top level: what kind it is, its device, its image sizes,
/// and where its scenes' root views are.
package struct IBDocument {
  package static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
  static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
  /// The iPad-only xib type older Xcode wrote.
  static let iPadXibType = "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB"

  let root: XMLElementNode
  let file: String
  let isStoryboard: Bool
  /// An iPad-only document (the old iPad xib type or runtime).
  let isIPadDocument: Bool
  /// The ids of the views File's Owner's `view` outlet names (a xib's view-controller views).
  let ownerViews: Set<String>
  /// IB's `toolsVersion` (major part: 9532, 14313, 17701, …), 0 when absent.
  let toolsVersion: Int
  /// `<device id="retina4_7" orientation="portrait">`, when the document names one.
  let deviceID: String?
  let orientation: Orientation
  /// Image sizes from `<resources>`, by name.
  let imageSizes: [String: Size]
  /// The intrinsic sizes Interface Builder got by running `@IBDesignable` views' code
  /// (`<designables>`), by view id; `nil` on an axis IB was told has none (`-1`,
  /// `UIView.noIntrinsicMetric`).
  let designableSizes: [String: (width: Double?, height: Double?)]
  /// Scene ids of view controllers shown with a navigation bar, a tab bar or a toolbar (from
  /// the containers' relationship segues).
  let navigationRoots: Set<String>
  let tabs: Set<String>
  /// Controllers shown with a navigation controller's toolbar (`toolbarHidden="NO"`).
  let toolbars: Set<String>
  /// Controllers in a tab only through a split view (with the tab bar on iPhones, and on iPads
  /// in landscape only).
  let tabsThroughSplitViews: Set<String>

  init?(root: XMLElementNode, file: String, sink: inout ImportSink) {
    self.root = root
    self.file = file
    guard root.name == "document" else {
      if root.name == "archive" {
        sink.error(
          "ib-not-ios",
          "this is Interface Builder's old archive format (Xcode 4 and earlier); open it in a newer Xcode and save "
            + "it to get a <document>", at: root.location)
        return nil
      }
      sink.error(
        "ib-not-ios",
        "this is not an Interface Builder document (its top element is <\(root.name)>, not <document>)",
        at: root.location)
      return nil
    }
    let type = root["type"] ?? ""
    switch type {
    case Self.storyboardType: isStoryboard = true
    case Self.xibType, Self.iPadXibType: isStoryboard = false
    default:
      let what = type.contains("Cocoa.") ? "a macOS (AppKit) document" : "a document of type '\(type)'"
      sink.error(
        "ib-not-ios", "this is \(what), not an iOS storyboard or xib; Trellis imports UIKit layouts only",
        at: root.location)
      return nil
    }
    if root["useAutolayout"] != "YES" {
      sink.warning(
        "ib-approximate",
        "the document does not use Auto Layout (useAutolayout is not YES): every view keeps its stored frame "
          + "through its autoresizing mask", at: root.location)
    }
    toolsVersion = Int((root["toolsVersion"] ?? "").prefix { $0.isNumber }) ?? 0
    isIPadDocument = type == Self.iPadXibType || root["targetRuntime"] == "iOS.CocoaTouch.iPad"
    var owners: Set<String> = []
    for object in root.child(named: "objects")?.children ?? []
    where object.name == "placeholder" && object["placeholderIdentifier"] == "IBFilesOwner" {
      for outlet in object.child(named: "connections")?.children(named: "outlet") ?? []
      where outlet["property"] == "view" {
        if let destination = outlet["destination"] { owners.insert(destination) }
      }
    }
    ownerViews = owners
    let device = root.child(named: "device")
    deviceID = device?["id"]
    orientation = device?["orientation"] == "landscape" ? .landscape : .portrait

    var images: [String: Size] = [:]
    for image in root.child(named: "resources")?.children(named: "image") ?? [] {
      if let name = image["name"], let width = image["width"].flatMap(Double.init),
        let height = image["height"].flatMap(Double.init)
      {
        images[name] = Size(width: width, height: height)
      }
    }
    imageSizes = images
    var designables: [String: (width: Double?, height: Double?)] = [:]
    for designable in root.child(named: "designables")?.children(named: "designable") ?? [] {
      guard let id = designable["name"],
        let size = designable.children(named: "size").first(where: { $0["key"] == "intrinsicContentSize" })
      else { continue }
      func metric(_ key: String) -> Double? { IBValues.number(size[key]).flatMap { $0 >= 0 ? $0 : nil } }
      designables[id] = (metric("width"), metric("height"))
    }
    designableSizes = designables

    // Containers: which view controllers a navigation, split view or tab bar controller shows.
    var relationships: [(container: String, id: String, kind: String, destination: String)] = []
    var toolbarShown: Set<String> = []  // navigation controllers with toolbarHidden="NO"
    // Show (push) segues, from the controller whose scene holds them (its bar button items and
    // views' segues too), and the controllers that hide the bottom bar when pushed.
    var pushes: [String: [String]] = [:]
    var hidesBottomBar: Set<String> = []
    func segues(in element: XMLElementNode, into list: inout [String]) {
      for child in element.children {
        if child.name == "segue", child["kind"] == "show" || child["kind"] == "push",
          let destination = child["destination"]
        {
          list.append(destination)
        }
        segues(in: child, into: &list)
      }
    }
    for scene in root.child(named: "scenes")?.children(named: "scene") ?? [] {
      for object in scene.child(named: "objects")?.children ?? [] {
        guard let id = object["id"] else { continue }
        if object["hidesBottomBarWhenPushed"] == "YES" { hidesBottomBar.insert(id) }
        var shown: [String] = []
        segues(in: object, into: &shown)
        if !shown.isEmpty { pushes[id, default: []] += shown }
        if object.name == "navigationController", object["toolbarHidden"] == "NO" { toolbarShown.insert(id) }
        for segue in object.child(named: "connections")?.children(named: "segue") ?? []
        where segue["kind"] == "relationship" {
          if let destination = segue["destination"] {
            relationships.append((object.name, id, segue["relationship"] ?? "", destination))
          }
        }
      }
    }
    var navigation: Set<String> = []
    var toolbars: Set<String> = []
    for relation in relationships
    where relation.container == "navigationController" && relation.kind == "rootViewController" {
      navigation.insert(relation.destination)
      // A navigation controller's toolbar shows under the controllers it pushes, from its root.
      if toolbarShown.contains(relation.id) { toolbars.insert(relation.destination) }
    }
    // A tab bar shows under what its tabs contain: a navigation controller's root, and a split
    // view's master and detail and theirs in turn. IB stores a split view's master in a tab with
    // the tab bar's inset on an iPhone (the CS193P theme chooser: DonQvixote/CS193P-iOS11,
    // VadymGor/Stanford-CS193p, the fidelity corpus's SB-CS) and on an iPad in landscape
    // (VadymGor's Concentration Animation, freddy5566's lecture 7), but an iPad's in portrait
    // without it (Amirhosseinhj's, maksim-mitrofanov's Concentration), so the split-view part is
    // kept apart.
    func reach(_ starts: [String], throughSplitViews: Bool) -> Set<String> {
      var contained: [String: [String]] = [:]
      for relation in relationships
      where (relation.container == "navigationController" && relation.kind == "rootViewController")
        || (throughSplitViews && relation.container == "splitViewController"
          && (relation.kind == "masterViewController" || relation.kind == "detailViewController"))
      {
        contained[relation.id, default: []].append(relation.destination)
      }
      var reached: Set<String> = []
      var pending = starts
      while let next = pending.popLast() {
        guard reached.insert(next).inserted else { continue }
        pending += contained[next] ?? []
      }
      return reached
    }
    let tabRoots = relationships.filter { $0.container == "tabBarController" && $0.kind == "viewControllers" }
      .map(\.destination)
    let tabbed = reach(tabRoots, throughSplitViews: false)
    tabsThroughSplitViews = reach(tabRoots, throughSplitViews: true).subtracting(tabbed)
    // A controller pushed with a show segue from one under a navigation controller is shown in
    // that navigation controller, with its bars: IB stores it so (docs/import.md, "Bars").
    func pushed(from starts: Set<String>, keepsBottomBar: Bool) -> Set<String> {
      var reached = starts
      var pending = Array(starts)
      while let next = pending.popLast() {
        for destination in pushes[next] ?? [] where !(keepsBottomBar && hidesBottomBar.contains(destination)) {
          if reached.insert(destination).inserted { pending.append(destination) }
        }
      }
      return reached
    }
    let navigated = pushed(from: navigation, keepsBottomBar: false)
    navigationRoots = navigated
    tabs = pushed(from: tabbed, keepsBottomBar: true).intersection(navigated).union(tabbed)
    self.toolbars = pushed(from: toolbars, keepsBottomBar: false)
  }

  /// The views to import as layouts, in document order.
  func sceneRoots(sink: inout ImportSink) -> [SceneCandidate] {
    var found: [SceneCandidate] = []
    if isStoryboard {
      for scene in root.child(named: "scenes")?.children(named: "scene") ?? [] {
        for object in scene.child(named: "objects")?.children ?? [] {
          guard let view = object.children.first(where: { $0["key"] == "view" }) else { continue }
          guard IBViewKinds.isView(view.name) else { continue }
          // A table or collection view controller's view is its table: imported with its
          // prototype cells as boxes at their stored frames (SceneImporter).
          if IBViewKinds.opaque.contains(view.name), !IBViewKinds.cellContainers.contains(view.name) {
            sink.warning(
              "ib-unsupported",
              "scene '\(scene["sceneID"] ?? "")' is a \(object.name) whose view is a \(view.name): not imported",
              at: view.location)
            continue
          }
          found.append(SceneCandidate(sceneID: scene["sceneID"] ?? (view["id"] ?? ""), view: view, controller: object))
        }
        // Each prototype cell of the scene's table and collection views is a scene of its own.
        found += Self.prototypeCells(in: scene)
      }
    } else {
      for object in root.child(named: "objects")?.children ?? [] {
        if IBViewKinds.importedCells.contains(object.name) {
          // A cell: its content view is the scene, laid out at the size IB stored.
          let cell = IBCell(element: object, container: nil)
          found.append(SceneCandidate(sceneID: object["id"] ?? "", view: cell.contentView, controller: nil, cell: cell))
          continue
        }
        if IBViewKinds.cells.contains(object.name) {
          // A table's header or footer view is sized by the table that dequeues it, from its
          // section header height or self-sizing: not imported.
          sink.warning(
            "ib-cell",
            "top-level \(object.name) '\(object["id"] ?? "")' is a table's header or footer view: its table sizes it, "
              + "so it is not laid out as a scene (table and collection cells are)",
            at: object.location)
          continue
        }
        guard IBViewKinds.isView(object.name) else { continue }
        if IBViewKinds.opaque.contains(object.name) {
          sink.warning(
            "ib-unsupported", "top-level \(object.name) '\(object["id"] ?? "")' is not imported", at: object.location)
          continue
        }
        found.append(SceneCandidate(sceneID: object["id"] ?? "", view: object, controller: nil))
      }
    }
    return found
  }
}

extension IBDocument {
  /// The prototype cells of the table and collection views under `element`, in document order,
  /// as scenes.
  static func prototypeCells(in element: XMLElementNode) -> [SceneCandidate] {
    var found: [SceneCandidate] = []
    // Depth-first in document order; the XML reader bounds the depth.
    var pending: [XMLElementNode] = [element]
    while let next = pending.popLast() {
      if IBViewKinds.cellContainers.contains(next.name) {
        for cell in IBCell.prototypes(of: next) {
          let imported = IBCell(element: cell, container: next)
          found.append(
            SceneCandidate(sceneID: cell["id"] ?? "", view: imported.contentView, controller: nil, cell: imported))
        }
      }
      pending += next.children.reversed()
    }
    return found
  }
}

/// A scene's root view and the controller that owns it.
struct SceneCandidate {
  var sceneID: String
  var view: XMLElementNode
  var controller: XMLElementNode?
  /// The cell whose content view `view` is, for a cell's scene.
  var cell: IBCell? = nil

  /// What `--scene` may name: the scene id, the view's id, the controller's id, storyboard
  /// identifier, custom class or title.
  var names: [String] {
    [
      sceneID, view["id"], controller?["id"], controller?["storyboardIdentifier"], controller?["customClass"],
      controller?["title"], view["userLabel"], cell?.reuseIdentifier, cell?.element["id"],
      cell?.element["customClass"],
    ]
    .compactMap { $0 }.filter { !$0.isEmpty }
  }

  func matches(_ wanted: String) -> Bool { names.contains(wanted) }

  var displayName: String {
    let label =
      controller?["storyboardIdentifier"] ?? controller?["customClass"] ?? controller?["title"] ?? cell?.name
    return label.map { "\(sceneID) (\($0))" } ?? sceneID
  }

  /// A file-name-safe name: the storyboard identifier, custom class or title, else the scene id.
  var fileName: String {
    let raw =
      controller?["storyboardIdentifier"] ?? controller?["customClass"] ?? controller?["title"] ?? cell?.name ?? sceneID
    let safe = String(raw.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    return safe.isEmpty ? "scene" : safe
  }
}

/// The UIKit classes Interface Builder writes, as element names.
enum IBViewKinds {
  static let opaque: Set<String> = [
    "tableView", "collectionView", "containerView", "webView", "wkWebView", "mapView", "textView", "pickerView",
    "arscnView", "arskView", "sceneKitView", "skView", "glkView", "mtkView",
  ]
  /// Controls measured by UIKit, imported as views with their intrinsic size, and which axes it measures.
  static let controls: [String: (width: Bool, height: Bool)] = [
    "switch": (true, true), "segmentedControl": (true, true), "slider": (false, true), "progressView": (false, true),
    "textField": (true, true), "activityIndicatorView": (true, true), "pageControl": (true, true),
    "stepper": (true, true), "datePicker": (true, true), "searchBar": (false, true), "navigationBar": (false, true),
    "toolbar": (false, true), "tabBar": (false, true),
  ]
  static let plain: Set<String> = ["view"]
  /// Cells and reusable views: a table or collection view lays them out.
  static let cells: Set<String> = [
    "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView",
  ]
  /// The cells imported as scenes of their own (their content view the root).
  static let importedCells: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]
  /// Views whose prototype cells are imported: as scenes, and as boxes at their stored frames.
  static let cellContainers: Set<String> = ["tableView", "collectionView"]
  /// Controls' `alignmentRectInsets`, inferred from frames Xcode stored (no Apple source gives
  /// them; docs/semantics.md, "Alignment rectangles", kharrison/CodeExamples):
  /// - UISwitch, right 2: a 51-pt switch whose trailing edge is pinned to a margin ends 2 pt past
  ///   it, one centred on its superview sits 0.5 pt right of the frame's centre, and a stack sizes
  ///   itself to a 49-pt switch (Validate, AnimatedConstraints, Stacks, Swiper, RevealStack,
  ///   AdaptType, Restorer);
  /// - UISegmentedControl, bottom 1: the next view is 20 below a 32-tall control's frame less 1
  ///   (SpeakEasy), and a stack places its next view after 28 of a 29-tall control and 31 of a
  ///   32-tall one (RemindMe, three files from Xcode 8 to 11).
  static let alignmentInsets: [String: EdgeInsets] = [
    "switch": EdgeInsets(top: 0, left: 0, bottom: 0, right: 2),
    "segmentedControl": EdgeInsets(top: 0, left: 0, bottom: 1, right: 0),
  ]

  static func isView(_ name: String) -> Bool {
    ["view", "label", "button", "imageView", "stackView", "scrollView", "visualEffectView"].contains(name)
      || opaque.contains(name)
      || controls[name] != nil
  }
}
