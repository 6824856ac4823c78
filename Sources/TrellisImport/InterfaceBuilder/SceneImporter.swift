import TrellisModel
import TrellisSupport
import TrellisText

/// Imports one scene: its view tree, its constraints and their size-class masks, its ids, its
/// stored frames and its environment.
struct SceneImporter {
  let document: IBDocument
  let candidate: SceneCandidate
  let intrinsic: IntrinsicSizeSource

  /// What an IB id stands for in constraints.
  enum Item {
    case view(String)
    case safeArea
    case topLayoutGuide
    case bottomLayoutGuide
    /// A view's layout margins guide.
    case margins(of: String)
    /// A scroll view's content or frame layout guide.
    case scrollGuide(LayoutItem)
    /// A view's own safe-area guide (not the root's).
    case viewSafeArea(String)
  }

  /// A view read from the XML, before the tree is assembled.
  struct Pending {
    var node: ViewNode
    var parent: Int?
    var element: XMLElementNode
    /// The stored frame, relative to the root.
    var frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The size an enclosing fill-equally stack gives this view on an axis, whatever its content
    /// (see ``shares(inStack:)``).
    var shares: [StackAxis: Double] = [:]
  }

  var items: [String: Item] = [:]
  var ids: [(ib: String, trellis: String)] = []
  var usedIDs = UniqueNames()
  var pending: [Pending] = []
  var storedFrames: [String: Rect] = [:]
  /// Views whose stored frame IB marks stale (`misplaced`, `ambiguous`), or lies in one that is.
  var staleFrames: [String: String] = [:]
  /// Views whose file stores no frame (``ImportedScene/unstoredFrames``).
  var unstoredFrames: Set<String> = []
  /// `<constraints>` lists with the IB id of the view that holds them.
  var constraintLists: [(owner: String, element: XMLElementNode)] = []
  /// Per view id (IB), its installed flag per size class from its parent's subview masks.
  var subviewMasks: [String: Varying<Bool>] = [:]
  var constraintMasks: [String: Varying<Bool>] = [:]
  /// IB ids of views not imported (inside opaque views), with their location.
  var dropped: Set<String> = []
  var outletNames: [String: String] = [:]

  init(document: IBDocument, candidate: SceneCandidate, intrinsic: IntrinsicSizeSource) {
    self.document = document
    self.candidate = candidate
    self.intrinsic = intrinsic
  }

  mutating func run(sink: inout ImportSink) -> ImportedScene {
    collectOutlets()
    if let guides = candidate.controller?.child(named: "layoutGuides") {
      for guide in guides.children(named: "viewControllerLayoutGuide") {
        guard let id = guide["id"] else { continue }
        items[id] = guide["type"] == "bottom" ? .bottomLayoutGuide : .topLayoutGuide
        ids.append((id, guide["type"] == "bottom" ? "bottomLayoutGuide" : "topLayoutGuide"))
      }
    }
    readViews(sink: &sink)
    var constraints = readConstraints(sink: &sink)
    constraints += autoresizingConstraints(sink: &sink) + placeholderConstraints
    warnSizesFromCode(constraints, sink: &sink)
    let root = assembleTree()
    var layout = LayoutDocument(
      file: document.file, title: candidate.displayName,
      summary: "Imported from \(document.file), scene \(candidate.displayName).", root: root,
      constraints: constraints)
    layout.fontsDirectory = nil
    layout.cell = candidate.cell?.spec()
    var environment = IBEnvironment(document: document, candidate: candidate)
    let resolved = environment.resolve(
      rootSize: unstoredFrames.contains("root")
        ? candidate.cell?.contentSizeWithoutFrame
        : storedFrames["root"].map { Size(width: $0.width, height: $0.height) },
      constraints: constraints,
      storedFrames: storedFrames.filter { !unstoredFrames.contains($0.key) }, staleFrames: staleFrames,
      uninstalled: { traits in Self.uninstalledIDs(root, traits) },
      sink: &sink)
    return ImportedScene(
      sceneID: candidate.sceneID, name: candidate.fileName, document: layout, environment: resolved,
      deviceSource: environment.deviceSource, safeAreaSource: environment.safeAreaSource, storedFrames: storedFrames,
      staleFrames: staleFrames, unstoredFrames: unstoredFrames, isComponent: environment.isComponent,
      isCell: candidate.cell != nil, ids: ids)
  }

  /// `misplaced` or `ambiguous` when IB marks the element's stored frame so.
  static func staleMark(_ element: XMLElementNode) -> String? {
    if element["misplaced"] == "YES" { return "misplaced" }
    if element["ambiguous"] == "YES" { return "ambiguous" }
    return nil
  }

  // MARK: Names

  mutating func collectOutlets() {
    var connections: [XMLElementNode] = []
    if let controller = candidate.controller, let list = controller.child(named: "connections") {
      connections = list.children
    }
    // A cell's outlets hang off the cell (its custom class's properties).
    if let cell = candidate.cell, let list = cell.element.child(named: "connections") {
      connections += list.children
    }
    if !document.isStoryboard {
      // A xib's outlets hang off File's Owner.
      for object in document.root.child(named: "objects")?.children ?? []
      where object.name == "placeholder" && object["placeholderIdentifier"] == "IBFilesOwner" {
        connections += object.child(named: "connections")?.children ?? []
      }
    }
    var collectionCounts: [String: Int] = [:]
    for connection in connections {
      guard let property = connection["property"], let destination = connection["destination"],
        outletNames[destination] == nil
      else { continue }
      if connection.name == "outlet" {
        outletNames[destination] = property
      } else if connection.name == "outletCollection" {
        let count = collectionCounts[property, default: 0] + 1
        collectionCounts[property] = count
        outletNames[destination] = "\(property)_\(count)"
      }
    }
  }

  /// A Trellis id for an IB view: the outlet's property, else the user label, else the class and IB id.
  mutating func name(for element: XMLElementNode, isRoot: Bool) -> String {
    let ib = element["id"] ?? ""
    var wanted: String
    if isRoot {
      wanted = "root"
    } else if let outlet = outletNames[ib] {
      wanted = IBValues.identifier(outlet)
    } else if IBViewKinds.importedCells.contains(element.name), let reuse = element["reuseIdentifier"],
      !IBValues.identifier(reuse).isEmpty
    {
      // A prototype cell shown in its table: named after its reuse identifier, as its scene is.
      wanted = IBValues.identifier(reuse)
    } else if let label = element["userLabel"], !IBValues.camelCase(label).isEmpty {
      wanted = IBValues.camelCase(label)
    } else {
      wanted = IBValues.identifier("\(element.name)_\(ib)")
    }
    if ["safeArea", "margins"].contains(wanted) { wanted += "_" }
    let name = unique(wanted)
    ids.append((ib, name))
    return name
  }

  // MARK: Views

  mutating func readViews(sink: inout ImportSink) {
    // (element, parent pending index, parent's origin in root coordinates, parent is a stack)
    var stack: [(XMLElementNode, Int?, Point, Bool)] = [(candidate.view, nil, Point(x: 0, y: 0), false)]
    while let (element, parent, origin, inStack) = stack.popLast() {
      let isRoot = parent == nil
      let id = name(for: element, isRoot: isRoot)
      let ib = element["id"] ?? ""
      if !ib.isEmpty, items[ib] != nil {
        sink.error(
          "ib-duplicate-id",
          "the id '\(ib)' is used by an earlier element too: constraints and masks could not tell them apart; "
            + "give each element its own id (Interface Builder does)", at: element.location)
      }
      items[ib] = .view(id)
      var node = makeNode(element, id: id, isRoot: isRoot, sink: &sink)

      var frame = Rect(x: 0, y: 0, width: 0, height: 0)
      if let rect = element.child(named: "rect", key: "frame"),
        ["x", "y", "width", "height"].contains(where: { rect[$0] != nil && IBValues.number(rect[$0]) == nil })
      {
        sink.warning(
          "ib-approximate", "the stored frame of '\(id)' has a value that is not a finite number; 0 is used",
          at: rect.location)
      }
      if let rect = element.child(named: "rect", key: "frame") {
        frame = Rect(
          x: isRoot ? 0 : origin.x + (IBValues.number(rect["x"]) ?? 0),
          y: isRoot ? 0 : origin.y + (IBValues.number(rect["y"]) ?? 0), width: IBValues.number(rect["width"]) ?? 0,
          height: IBValues.number(rect["height"]) ?? 0)
      }
      storedFrames[id] = frame
      if let parent { parentOf[id] = pending[parent].node.id }
      // A view IB did not turn to Auto Layout keeps its frame through its autoresizing mask:
      // `fixedFrame="YES"` (Xcode 8 on: such a view translates its mask at run time, whatever
      // the translatesAutoresizingMaskIntoConstraints attribute says), or no such attribute
      // (older files). A stack's arranged views are the stack's.
      let keepsItsFrame =
        !isRoot && !inStack
        && (element["fixedFrame"] == "YES" || element["translatesAutoresizingMaskIntoConstraints"] != "NO")
      // IB writes no `<rect key="frame">` for a frame that is all zero: a view it never laid out
      // (the root and a view placed by constraints or a stack are laid out on the canvas). A view
      // that keeps its frame is at that zero frame on a device too. Inside a view without a
      // frame, the origin is unknown.
      let inUnstored = parent.map { unstoredFrames.contains(pending[$0].node.id) && pending[$0].parent != nil } ?? false
      if inUnstored || (element.child(named: "rect", key: "frame") == nil && !keepsItsFrame) {
        unstoredFrames.insert(id)
      }
      // IB's own verdict on the stored frame: `misplaced` (the frame is not where the constraints
      // put it), `ambiguous` (they do not decide it). A view inside a stale one is stored relative
      // to a stale origin, so it inherits the mark.
      if let mark = Self.staleMark(element) ?? parent.flatMap({ staleFrames[pending[$0].node.id] }) {
        staleFrames[id] = mark
      }
      let given =
        parent.map { inStack && !unstoredFrames.contains(pending[$0].node.id) ? shares(inStack: $0) : [:] } ?? [:]
      applyIntrinsicSize(
        &node, element, frame: unstoredFrames.contains(id) ? nil : frame,
        stack: parent.flatMap { inStack ? pending[$0].node.stack : nil }, shares: given, sink: &sink)
      applyDesignableIntrinsicSize(&node, element)
      placeholderConstraints += applyPlaceholderIntrinsicSize(&node, element, sink: &sink)
      if keepsItsFrame {
        autoresizing.append((element, id, parent.map { pending[$0].node.id } ?? "root"))
      }

      for guide in element.children(named: "viewLayoutGuide") {
        guard let guideID = guide["id"] else { continue }
        switch guide["key"] {
        case "safeArea":
          items[guideID] = isRoot ? .safeArea : .viewSafeArea(id)
          ids.append((guideID, isRoot ? "safeArea" : "\(id).\(ViewSafeArea.fileName)"))
        case "layoutMarginsGuide":
          items[guideID] = isRoot ? .margins(of: "root") : .margins(of: id)
          ids.append((guideID, "\(id).margins"))
        case "contentLayoutGuide":
          items[guideID] = .scrollGuide(ScrollLayout.contentGuide(of: id))
          ids.append((guideID, "\(id).contentLayoutGuide"))
        case "frameLayoutGuide":
          items[guideID] = .scrollGuide(ScrollLayout.frameGuide(of: id))
          ids.append((guideID, "\(id).frameLayoutGuide"))
        default:
          sink.warning(
            "ib-unsupported",
            "layout guide '\(guide["key"] ?? "")' of '\(id)' is not imported; constraints to it are left out",
            at: guide.location)
        }
      }
      if let constraints = element.child(named: "constraints") { constraintLists.append((ib, constraints)) }
      readVariations(element, node: &node, sink: &sink)

      let index = pending.count
      pending.append(Pending(node: node, parent: parent, element: element, frame: frame, shares: given))
      var subviews = element.child(named: "subviews")?.children ?? []
      if element.name == "visualEffectView" {
        // A UIVisualEffectView's subviews are its content view's, which fills it by its mask.
        subviews = element.children.filter { $0.name == "view" && $0["key"] == "contentView" }
      }
      if isRoot, let content = candidate.cell?.collectionContentView {
        // A collection cell's views are in its content view, which fills the cell: constraints
        // to either are to the root.
        subviews = content.child(named: "subviews")?.children ?? []
        if let contentID = content["id"] {
          items[contentID] = .view(id)
          ids.append((contentID, id))
        }
        if let constraints = content.child(named: "constraints") { constraintLists.append((ib, constraints)) }
      }
      if isRoot, let cell = candidate.cell, cell.isTableCell, let cellID = cell.element["id"] {
        // Constraints IB keeps on a table cell itself (a view pinned to the cell's edges) are
        // read as to its content view: the same edges unless the cell shows an accessory or
        // (up to Xcode 10) the content view stops above the separator.
        items[cellID] = .view(id)
        ids.append((cellID, id))
        if let constraints = cell.element.child(named: "constraints") {
          constraintLists.append((cellID, constraints))
          let cellFrame = cell.element.child(named: "rect", key: "frame")
          if IBValues.number(cellFrame?["width"]) != frame.width
            || IBValues.number(cellFrame?["height"]) != frame.height
          {
            sink.warning(
              "ib-approximate",
              "constraints to the cell '\(cell.name)' are read as to its content view, whose stored frame is not the "
                + "cell's (an accessory, or the separator below it)", at: constraints.location)
          }
        }
      }
      if IBViewKinds.cellContainers.contains(element.name) {
        readCellContainer(element, index: index, frame: frame, into: &stack, sink: &sink)
        continue
      }
      if IBViewKinds.importedCells.contains(element.name), !isRoot {
        // A prototype cell shown in its table: a box at its stored frame. Its content is its
        // own scene; its views are not repeated here.
        dropDescendants(of: element)
        continue
      }
      if IBViewKinds.opaque.contains(element.name) || IBViewKinds.controls[element.name] != nil {
        var inner = element.children.filter { $0.name != "rect" }
        var count = 0
        while let next = inner.popLast() {
          if let nextID = next["id"], IBViewKinds.isView(next.name) {
            dropped.insert(nextID)
            count += 1
          }
          // Every descendant element: a table's cells hold views under prototypes, not subviews.
          inner += next.children
        }
        if count > 0 || IBViewKinds.opaque.contains(element.name) {
          sink.warning(
            "ib-unsupported",
            "\(element.name) '\(id)' is imported as a plain view\(count > 0 ? (count == 1 ? "; its 1 subview is not" : "; its \(count) subviews are not") : "")",
            at: element.location)
        }
        continue
      }
      let childOrigin = Point(x: frame.x, y: frame.y)
      for child in subviews.reversed() {
        guard IBViewKinds.isView(child.name) else {
          sink.warning(
            "ib-unsupported", "<\(child.name)> is not a view Trellis imports; it is left out", at: child.location)
          if let childID = child["id"] { dropped.insert(childID) }
          continue
        }
        // A scroll view's subviews are placed in its content: their stored frames are relative to it.
        stack.append((child, index, childOrigin, element.name == "stackView"))
      }
    }
  }

  /// A table or collection view: its prototype cells become boxes at their stored frames (the
  /// rows IB shows; each cell's content is a scene of its own), other views in it (a table's
  /// header or footer view, a background view) are dropped with a warning.
  mutating func readCellContainer(
    _ element: XMLElementNode, index: Int, frame: Rect,
    into stack: inout [(XMLElementNode, Int?, Point, Bool)], sink: inout ImportSink
  ) {
    let cells = IBCell.prototypes(of: element)
    let cellIDs = Set(cells.compactMap { $0["id"] })
    var count = 0
    var inner = element.children.filter { $0.name != "rect" && $0.name != "prototypes" && $0.name != "cells" }
    inner.removeAll { $0["id"].map(cellIDs.contains) ?? false }
    while let next = inner.popLast() {
      if let nextID = next["id"], IBViewKinds.isView(next.name) {
        dropped.insert(nextID)
        count += 1
      }
      inner += next.children
    }
    let id = pending[index].node.id
    if count > 0 {
      sink.warning(
        "ib-unsupported",
        "\(element.name) '\(id)' is imported as a plain view with its prototype cells; "
          + (count == 1 ? "its 1 other subview is not" : "its \(count) other subviews are not")
          + " (header, footer or background views)", at: element.location)
    }
    if !cells.isEmpty {
      sink.note(
        "ib-cell",
        "\(element.name) '\(id)' shows its \(cells.count) prototype cell\(cells.count == 1 ? "" : "s") as boxes at their "
          + "stored frames; each cell's content is a scene of its own", at: element.location)
    }
    for cell in cells.reversed() { stack.append((cell, index, Point(x: frame.x, y: frame.y), false)) }
  }

  /// Marks every view inside `element` as not imported.
  mutating func dropDescendants(of element: XMLElementNode) {
    var inner = element.children
    while let next = inner.popLast() {
      if let nextID = next["id"], IBViewKinds.isView(next.name) || next.name == "tableViewCellContentView" {
        dropped.insert(nextID)
      }
      inner += next.children
    }
  }

  var autoresizing: [(element: XMLElementNode, id: String, parent: String)] = []
  /// Constraints standing for placeholder intrinsic sizes (IBDesignTimeSizes.swift).
  var placeholderConstraints: [ConstraintSpec] = []
  /// Each imported view's superview, by Trellis id.
  var parentOf: [String: String] = [:]

  func kind(of element: XMLElementNode) -> ViewKind {
    switch element.name {
    case "label": return .label
    case "button": return .button
    case "imageView": return .image
    case "stackView": return .stack
    case "scrollView": return .scroll
    default: return .view
    }
  }

  /// Attributes that change layout and are not imported, with what UIKit does with them.
  static let ignoredLayoutAttributes: [(name: String, ignoredValue: String?, what: String)] = [
    ("layoutMarginsFollowReadableWidth", "NO", "margins that follow the readable content width"),
    ("semanticContentAttribute", "unspecified", "a forced layout direction"),
    ("adjustsFontSizeToFit", "NO", "text shrinking to fit its width"),
    ("adjustsLetterSpacingToFitWidth", "NO", "letter spacing that shrinks to fit"),
  ]

  mutating func makeNode(_ element: XMLElementNode, id: String, isRoot: Bool, sink: inout ImportSink) -> ViewNode {
    let kind = kind(of: element)
    for ignored in Self.ignoredLayoutAttributes {
      guard let value = element[ignored.name], value != ignored.ignoredValue else { continue }
      sink.warning(
        "ib-unsupported", "'\(id)' has \(ignored.name)=\"\(value)\" (\(ignored.what)), which Trellis does not model",
        at: element.location)
    }
    var node = ViewNode(id: id, kind: kind, location: element.location)
    if isRoot { node.layoutMargins = .zero }
    if isRoot, let cell = candidate.cell, !cell.marginsAreTheEngines(toolsVersion: document.toolsVersion) {
      // A cell's content view saved by an Xcode before 11: the margins UIKit gave it in that
      // Xcode's canvas, unless the file gives its own (below); no cell's default on top. (From
      // Xcode 11 they are the engine's, from the environment's cell: IBEnvironment.)
      node.layoutMargins = cell.contentMargins(
        toolsVersion: document.toolsVersion, screenWidth: IBEnvironment.screenWidth(of: document))
      node.respectsSystemMinimumLayoutMargins = false
    }
    if element["hidden"] == "YES" { node.hidden = Varying(true) }
    func priority(_ key: String) -> Double? { IBValues.number(element[key]) }
    var hugging = node.hugging
    if let value = priority("horizontalHuggingPriority") { hugging.horizontal = value }
    if let value = priority("verticalHuggingPriority") { hugging.vertical = value }
    node.hugging = hugging
    var resistance = node.compressionResistance
    if let value = priority("horizontalCompressionResistancePriority") { resistance.horizontal = value }
    if let value = priority("verticalCompressionResistancePriority") { resistance.vertical = value }
    node.compressionResistance = resistance
    // A content view's own margins in the file are exactly its margins.
    if isRoot, candidate.cell != nil,
      element.child(named: "edgeInsets", key: "layoutMargins") != nil
        || element.child(named: "directionalEdgeInsets", key: "directionalLayoutMargins") != nil
    {
      node.respectsSystemMinimumLayoutMargins = false
    }
    if let margins = element.child(named: "edgeInsets", key: "layoutMargins") {
      node.layoutMargins = EdgeInsets(
        top: IBValues.number(margins["top"]) ?? 0, left: IBValues.number(margins["left"]) ?? 0,
        bottom: IBValues.number(margins["bottom"]) ?? 0, right: IBValues.number(margins["right"]) ?? 0)
    } else if let margins = element.child(named: "directionalEdgeInsets", key: "directionalLayoutMargins") {
      node.layoutMargins = EdgeInsets(
        top: IBValues.number(margins["top"]) ?? 0, left: IBValues.number(margins["leading"]) ?? 0,
        bottom: IBValues.number(margins["bottom"]) ?? 0, right: IBValues.number(margins["trailing"]) ?? 0)
    }
    if element["preservesSuperviewLayoutMargins"] == "YES" { node.preservesSuperviewLayoutMargins = true }
    if element["insetsLayoutMarginsFromSafeArea"] == "NO" { node.insetsLayoutMarginsFromSafeArea = false }
    if isRoot, candidate.controller?["viewRespectsSystemMinimumLayoutMargins"] == "NO" {
      node.respectsSystemMinimumLayoutMargins = false
    }

    switch kind {
    case .label:
      if let text = element["text"] ?? element.child(named: "string", key: "text")?.text {
        node.text = Varying(text)
      } else if element.child(named: "attributedString", key: "attributedText") != nil {
        let fragments = element.child(named: "attributedString")?.children(named: "fragment") ?? []
        node.text = Varying(
          fragments.compactMap { $0["content"] ?? $0.child(named: "string", key: "content")?.text }.joined())
        sink.warning(
          "ib-approximate", "the attributed text of '\(id)' is imported as plain text in one font", at: element.location
        )
      }
      if let lines = element["numberOfLines"].flatMap(Int.init), lines >= 0 { node.numberOfLines = lines }
      node.lineBreakMode = IBValues.lineBreakMode(element["lineBreakMode"])
      applyFont(element.child(named: "fontDescription", key: "fontDescription"), to: &node, pattern: nil)
    case .button:
      let normal = element.children(named: "state").first { $0["key"] == "normal" }
      if let title = normal?["title"] ?? normal?.child(named: "string", key: "title")?.text {
        node.text = Varying(title)
      } else if let configuration = element.child(named: "buttonConfiguration", key: "configuration") {
        node.text = Varying(configuration["title"] ?? "")
        sink.warning(
          "ib-approximate", "'\(id)' uses a button configuration (iOS 15); its title is imported, its padding is not",
          at: configuration.location)
      }
      node.lineBreakMode = IBValues.lineBreakMode(element["lineBreakMode"])
      applyFont(element.child(named: "fontDescription", key: "fontDescription"), to: &node, pattern: nil)
    case .stack:
      var properties = StackProperties()
      readStack(element, into: &properties, pattern: nil)
      properties.isBaselineRelativeArrangement = element["baselineRelativeArrangement"] == "YES"
      // IB writes no attribute for "Layout Margins Relative Arrangement": a stack view archived
      // with explicit margins arranges inside them (docs/semantics.md, "Stack views from IB").
      properties.isLayoutMarginsRelativeArrangement =
        element["layoutMarginsRelativeArrangement"] == "YES"
        || element.child(named: "edgeInsets", key: "layoutMargins") != nil
        || element.child(named: "directionalEdgeInsets", key: "directionalLayoutMargins") != nil
      node.stack = properties
      // A stack view's own margins are 0 unless the file gives them (docs/import.md, "Margins").
      if element.child(named: "edgeInsets", key: "layoutMargins") == nil
        && element.child(named: "directionalEdgeInsets", key: "directionalLayoutMargins") == nil
      {
        node.layoutMargins = .zero
      }
    case .scroll:
      var scroll = node.scroll ?? ScrollProperties()
      switch element["contentInsetAdjustmentBehavior"] {
      case "never": scroll.contentInsetAdjustmentBehavior = Varying(.never)
      case "always": scroll.contentInsetAdjustmentBehavior = Varying(.always)
      case "scrollableAxes": scroll.contentInsetAdjustmentBehavior = Varying(.scrollableAxes)
      default: break
      }
      node.scroll = scroll
    case .image, .view, .guide:
      break
    }
    return node
  }

  func readStack(_ element: XMLElementNode, into properties: inout StackProperties, pattern: TraitPattern?) {
    if let axis = element["axis"].flatMap(StackAxis.init(rawValue:)) {
      properties.axis.set(axis, for: pattern, at: element.location)
    }
    if let distribution = element["distribution"].flatMap(StackDistribution.init(rawValue:)) {
      properties.distribution.set(distribution, for: pattern, at: element.location)
    }
    if let name = element["alignment"] {
      let alignment: StackAlignment? =
        name == "top" ? .leading : name == "bottom" ? .trailing : StackAlignment(rawValue: name)
      if let alignment { properties.alignment.set(alignment, for: pattern, at: element.location) }
    }
    if let spacing = IBValues.number(element["spacing"]) {
      properties.spacing.set(spacing, for: pattern, at: element.location)
    } else if element["spacingType"] == "standard" {
      // UIStackView.spacingUseSystem: Trellis's system spacing between arranged views, 8 (docs/stacks.md).
      properties.spacing.set(8, for: pattern, at: element.location)
    }
  }

  /// `<fontDescription type="system" pointSize="17" weight="semibold"/>`, `type="boldSystem"`,
  /// `style="UICTFontTextStyleBody"`, or a named font (`name="Avenir-Heavy" family="Avenir"`).
  func applyFont(_ font: XMLElementNode?, to node: inout ViewNode, pattern: TraitPattern?) {
    guard let font else { return }
    // `pointSize="0.0"`: the labels of a cell's built-in styles (`key="textLabel"`), whose font
    // the style sets at run time (DuckDuckGo's Debug.storyboard); the default stands.
    if let size = IBValues.number(font["pointSize"]), size > 0 {
      node.fontSize.set(size, for: pattern, at: font.location)
    }
    var weight: Int?
    switch font["type"] {
    case "boldSystem": weight = 700
    case "system", "italicSystem": weight = font["weight"].flatMap { IBValues.weights[$0] }
    default: weight = nil
    }
    if let weight {
      var varying = node.fontWeight ?? Varying(400)
      varying.set(weight, for: pattern, at: font.location)
      node.fontWeight = varying
    }
    if let name = font["name"] {
      var varying = node.fontName ?? Varying("")
      varying.set(name, for: pattern, at: font.location)
      node.fontName = varying
    }
    if let style = font["style"].flatMap(IBValues.textStyle) {
      var varying = node.textStyle ?? Varying(style)
      varying.set(style, for: pattern, at: font.location)
      node.textStyle = varying
    }
  }

  /// The sizes the stack at pending index `index` gives its arranged views whatever their
  /// content: along a fill-equally stack, the share, `(length − spacing × (n − 1)) / n` of its
  /// stored length over its `n` visible arranged views; across a fill-aligned stack, its own such
  /// size from an enclosing fill-equally stack (a row of a fill-equally column). A view's stored
  /// size there is that share rounded to the pixel grid, up to a pixel off (docs/import.md,
  /// "Shares stored as sizes"). None inside a stack's margins, whose insets are not counted.
  func shares(inStack index: Int) -> [StackAxis: Double] {
    guard let stack = pending[index].node.stack, !stack.isLayoutMarginsRelativeArrangement else { return [:] }
    let axis = stack.axis.base
    var shares: [StackAxis: Double] = [:]
    let across: StackAxis = axis == .horizontal ? .vertical : .horizontal
    if stack.alignment.base == .fill, let share = pending[index].shares[across] { shares[across] = share }
    let arranged = pending[index].element.child(named: "subviews")?.children ?? []
    let visible = arranged.filter { $0["hidden"] != "YES" }.count
    if stack.distribution.base == .fillEqually, visible > 0 {
      let frame = pending[index].frame
      let length = axis == .horizontal ? frame.width : frame.height
      shares[axis] = (length - stack.spacing.base * Double(visible - 1)) / Double(visible)
    }
    return shares
  }

  /// The stored size as the intrinsic size, on the axes UIKit measures (``IntrinsicSizeSource``).
  ///
  /// In a fill-equally stack the stored size is the stack's share, rounded to pixels, not the
  /// content's: five stored rows of 131 would not fit the 686 that five rows of 130.8 share.
  /// Those axes are left to the content (Trellis's measure of the text). A label or button that
  /// a fill-aligned row of such a stack stretches across the row takes the row's exact share
  /// (`shares`), not its own rounded stored size.
  ///
  /// A view whose file stores no frame (`stored` nil) gets no size from it: its text is measured,
  /// as with `--intrinsic fonts`, and a control or image keeps no intrinsic size.
  mutating func applyIntrinsicSize(
    _ node: inout ViewNode, _ element: XMLElementNode, frame stored: Rect?, stack: StackProperties?,
    shares: [StackAxis: Double], sink: inout ImportSink
  ) {
    // The axis on which a fill-equally stack decides the size: along it, the share. (Across it,
    // a stored size is the stack's own and all its views agree, so it is kept: the content's
    // measure, with Trellis's metric, would be further from UIKit's than the stored size; when
    // an enclosing fill-equally stack gives the stack that size, its exact share is taken.)
    var decided: Set<StackAxis> = []
    if let stack, stack.distribution.base == .fillEqually { decided.insert(stack.axis.base) }
    let known = stored != nil
    var frame = stored ?? Rect(x: 0, y: 0, width: 0, height: 0)
    if element.name == "label" || element.name == "button" {
      if let share = shares[.horizontal] { frame.width = share }
      if let share = shares[.vertical] { frame.height = share }
    }
    switch element.name {
    case "label", "button":
      // A button's image and insets (IBButtonContent.swift) may decide its size from its content.
      let content =
        element.name == "button"
        ? applyButtonContent(&node, element, frame: frame, decided: decided, sink: &sink)
        : (width: false, height: false)
      if intrinsic == .stored, known {
        if !decided.contains(.horizontal), !content.width { node.intrinsicWidth = frame.width }
        if !decided.contains(.vertical), !content.height { node.intrinsicHeight = frame.height }
      }
    case "imageView":
      if let name = element["image"], let size = document.imageSizes[name] {
        node.intrinsicWidth = size.width
        node.intrinsicHeight = size.height
      } else if element["image"] != nil, known {
        node.intrinsicWidth = frame.width
        node.intrinsicHeight = frame.height
      }
    case let name where IBViewKinds.alignmentInsets(for: element, toolsVersion: document.toolsVersion) != nil:
      // The frame reaches past the alignment rectangle (IBViewKinds.alignmentInsets): the
      // constraints and the intrinsic size are the rectangle's, the stored frame is the frame.
      let insets = IBViewKinds.alignmentInsets(for: element, toolsVersion: document.toolsVersion) ?? .zero
      let axes = IBViewKinds.controls[name] ?? (true, true)
      node.alignmentRectInsets = insets
      guard known else { return }
      if axes.width { node.intrinsicWidth = max(frame.width - insets.left - insets.right, 0) }
      if axes.height { node.intrinsicHeight = max(frame.height - insets.top - insets.bottom, 0) }
    case "textView" where element["scrollEnabled"] == "NO":
      // A text view that does not scroll is as tall as its text, like a wrapping label.
      if known { node.intrinsicHeight = frame.height }
    default:
      if known, let axes = IBViewKinds.controls[element.name] {
        if axes.width { node.intrinsicWidth = frame.width }
        if axes.height { node.intrinsicHeight = frame.height }
      }
    }
  }

  /// `<variation key="heightClass=compact" hidden="YES" axis="vertical">` with fonts and masks.
  mutating func readVariations(_ element: XMLElementNode, node: inout ViewNode, sink: inout ImportSink) {
    for variation in element.children(named: "variation") {
      guard let key = variation["key"], let parsed = IBValues.pattern(key) else {
        sink.warning(
          "ib-unsupported", "size-class variation '\(variation["key"] ?? "")' is not understood; it is left out",
          at: variation.location)
        continue
      }
      let pattern = parsed
      if variation["fixedFrame"] == "YES" || variation.child(named: "rect", key: "frame") != nil {
        sink.warning(
          "ib-unsupported",
          "the frame '\(node.id)' has in size class '\(key)' is not imported (only its base frame's autoresizing is)",
          at: variation.location)
      }
      if let hidden = variation["hidden"] { node.hidden.set(hidden == "YES", for: pattern, at: variation.location) }
      if node.kind == .stack, var properties = node.stack {
        readStack(variation, into: &properties, pattern: pattern)
        node.stack = properties
      }
      if node.kind == .label || node.kind == .button {
        applyFont(variation.child(named: "fontDescription", key: "fontDescription"), to: &node, pattern: pattern)
      }
      for mask in variation.children(named: "mask") {
        for reference in mask.children where reference.name == "include" || reference.name == "exclude" {
          guard let target = reference["reference"] else { continue }
          let installed = reference.name == "include"
          if mask["key"] == "constraints" {
            constraintMasks[target, default: Varying(true)].set(installed, for: pattern, at: reference.location)
          } else if mask["key"] == "subviews" {
            subviewMasks[target, default: Varying(true)].set(installed, for: pattern, at: reference.location)
          }
        }
      }
    }
  }

  /// The views not in the hierarchy in `traits` (uninstalled, or inside an uninstalled view).
  static func uninstalledIDs(_ root: ViewNode, _ traits: TraitCollection) -> Set<String> {
    var out: Set<String> = []
    var pending: [(ViewNode, Bool)] = [(root, false)]
    while let (node, parentAbsent) = pending.popLast() {
      let absent = parentAbsent || !node.installed.resolved(for: traits)
      if absent { out.insert(node.id) }
      for child in node.children { pending.append((child, absent)) }
    }
    return out
  }

  /// The pending views as a tree, root first; uninstalled flags from the subview masks.
  mutating func assembleTree() -> ViewNode {
    for index in pending.indices {
      if let ib = pending[index].element["id"], let mask = subviewMasks[ib] {
        pending[index].node.installed = mask
      }
    }
    // Children were read after their parent: fold them in from the last.
    var children: [[ViewNode]] = Array(repeating: [], count: pending.count)
    for index in pending.indices.reversed() {
      var node = pending[index].node
      node.children = children[index].reversed()
      if let parent = pending[index].parent {
        children[parent].append(node)
      } else {
        return node
      }
    }
    return ViewNode(id: "root", kind: .view)
  }
}

extension SceneImporter {
  /// `wanted`, or `wanted_2`, `wanted_3`, … : the first that no view, guide or constraint of the
  /// scene has taken; taken from then on.
  mutating func unique(_ wanted: String) -> String { usedIDs.claim(wanted) }
}
