import TrellisModel
import TrellisSupport
import TrellisText

/// Builds a ``LayoutDocument`` from a parsed JSON tree, reporting every problem it finds.
/// Views are read before constraints (whatever the key order), so constraints can be checked
/// against the complete set of view ids.
package struct DocumentReader {
  struct ViewInfo {
    var kind: ViewKind
    var parent: String?
    /// Where the view's id is written (its object when the id is implicit).
    var location: SourceLocation
  }

  let file: String
  let limits: ReaderLimits
  let sink: DiagnosticSink
  let values: ValueReader

  /// View id → what constraints need to know (lookups only; `viewOrder` keeps the order).
  var views: [String: ViewInfo] = [:]
  var viewOrder: [String] = []
  var rootID = "root"
  private var viewCount = 0
  private var reportedViewLimit = false
  private var reportedViewDepth = false

  var constraints: [ConstraintSpec] = []
  var reportedConstraintLimit = false

  init(file: String, limits: ReaderLimits, sink: DiagnosticSink) {
    self.file = file
    self.limits = limits
    self.sink = sink
    self.values = ValueReader(limits: limits, sink: sink)
  }

  package static let topLevelKeys = ["$schema", "title", "description", "fonts", "cell", "root", "constraints"]

  /// The document, or `nil` when any error was reported (by the parser or here).
  mutating func read(_ top: JSONNode) -> LayoutDocument? {
    guard case .object(let members) = top.value else {
      if !top.isInvalid {
        sink.error(
          "not-a-layout",
          "a layout file must be a JSON object with a \"root\" view; this file holds \(top.typeDescription)",
          at: top.location, path: JSONPath.root)
      }
      return nil
    }
    values.reportUnknownKeys(members, known: Self.topLevelKeys, in: "the layout file", path: JSONPath.root)
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }

    if let schema = member("$schema") { _ = values.string(schema.value, for: "\"$schema\"", path: "$.$schema") }
    let title = member("title").flatMap { values.string($0.value, for: "\"title\"", path: "$.title") }
    let summary = member("description").flatMap {
      values.string($0.value, for: "\"description\"", path: "$.description")
    }
    let fonts = member("fonts").flatMap { values.string($0.value, for: "\"fonts\"", path: "$.fonts") }
    let cell = member("cell").map { readCell($0.value, path: "$.cell") }

    guard let rootMember = member("root") else {
      sink.error(
        "missing-key",
        "missing \"root\": a layout file needs a root view, e.g. \"root\": {\"id\": \"root\", \"children\": []}",
        at: top.location, path: JSONPath.root)
      return nil
    }
    let root = readViewTree(rootMember.value, path: "$.root")

    if let list = member("constraints") {
      readConstraintList(list.value, path: "$.constraints", when: nil)
    }

    guard let root, cell != .some(nil) else { return nil }
    var document = LayoutDocument(file: file, title: title, summary: summary, root: root, constraints: constraints)
    document.fontsDirectory = fonts
    document.cell = cell ?? nil
    return document
  }

  // MARK: Views

  static let commonViewKeys = [
    "id", "kind", "children", "hidden", "intrinsicSize", "hugging", "compressionResistance", "layoutMargins",
    "installed", "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea",
    "viewRespectsSystemMinimumLayoutMargins", "suppress", "alignmentRectInsets",
  ]
  static let textKeys = ["text", "fontSize", "numberOfLines", "fontName", "fontWeight", "textStyle", "lineBreakMode"]
  static let buttonKeys = ["contentInsets"]
  static let stackKeys = [
    "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement", "baselineRelativeArrangement",
  ]
  /// Keys a layout guide ignores: it has no content and no margins.
  static let contentKeys = [
    "intrinsicSize", "hugging", "compressionResistance", "layoutMargins", "preservesSuperviewLayoutMargins",
    "insetsLayoutMarginsFromSafeArea", "alignmentRectInsets",
  ]
  package static let allViewKeys = commonViewKeys + textKeys + buttonKeys + stackKeys + scrollKeys

  static func describe(_ kind: ViewKind) -> String {
    kind == .image ? "an image" : "a \(kind.rawValue)"
  }

  /// Why `key` does not apply to `kind`, or `nil` when it does.
  static func inapplicability(of key: String, to kind: ViewKind) -> String? {
    if textKeys.contains(key), kind != .label, kind != .button {
      return "applies only to labels and buttons"
    }
    if buttonKeys.contains(key), kind != .button { return "applies only to buttons" }
    if stackKeys.contains(key), kind != .stack { return "applies only to stack views" }
    if scrollKeys.contains(key), kind != .scroll { return "applies only to scroll views" }
    if contentKeys.contains(key), kind == .guide { return "does not apply to layout guides" }
    return nil
  }

  /// Reads the view tree under `node` without recursion: views are read in document order
  /// (depth first) from an explicit stack, then each parent gets its children bottom-up.
  mutating func readViewTree(_ node: JSONNode, path: String) -> ViewNode? {
    struct Pending {
      var node: JSONNode
      var path: String
      var depth: Int
      var parentID: String?
      var parentIndex: Int?
    }
    var views: [ViewNode] = []
    var childIndices: [[Int]] = []
    var work = [Pending(node: node, path: path, depth: 1, parentID: nil, parentIndex: nil)]
    while let item = work.popLast() {
      guard let (view, children) = readView(item.node, path: item.path, depth: item.depth, parent: item.parentID) else {
        continue
      }
      let index = views.count
      views.append(view)
      childIndices.append([])
      if let parentIndex = item.parentIndex, parentIndex < childIndices.count {
        childIndices[parentIndex].append(index)
      }
      for child in children.reversed() {
        work.append(
          Pending(node: child.node, path: child.path, depth: item.depth + 1, parentID: view.id, parentIndex: index))
      }
    }
    // Children always come after their parent, so walking backwards finds them complete.
    for index in views.indices.reversed() {
      views[index].children = childIndices[index].compactMap { $0 < views.count ? views[$0] : nil }
    }
    return views.first
  }

  /// Reads one view's own keys; its children come back unread, with their paths.
  private mutating func readView(
    _ node: JSONNode, path: String, depth: Int, parent: String?
  ) -> (view: ViewNode, children: [(node: JSONNode, path: String)])? {
    if reportedViewLimit { return nil }
    guard case .object(let members) = node.value else {
      values.typeError(node, expected: "a view object", for: parent == nil ? "\"root\"" : "a child view", path: path)
      return nil
    }
    if depth > limits.maxViewDepth {
      if !reportedViewDepth {
        reportedViewDepth = true
        sink.error(
          "limit-exceeded",
          "views are nested deeper than \(limits.maxViewDepth) levels, the reader's limit; flatten the hierarchy",
          at: node.location, path: path)
      }
      return nil
    }
    viewCount += 1
    if viewCount > limits.maxViews {
      reportedViewLimit = true
      sink.error(
        "limit-exceeded",
        "the layout has more than \(limits.maxViews) views, the reader's limit; split it",
        at: node.location, path: path)
      return nil
    }
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    func memberPath(_ key: String) -> String { JSONPath.member(path, key) }

    // Kind first: it decides which keys apply.
    var kind = ViewKind.view
    var kindIsKnown = true
    if let kindMember = member("kind") {
      let parsed: ViewKind? = values.enumeration(kindMember.value, for: "view kind", path: memberPath("kind"))
      kind = parsed ?? .view
      kindIsKnown = parsed != nil
    }
    values.reportUnknownKeys(members, known: Self.allViewKeys, in: "a view", path: path)
    // With a misspelt kind, which keys apply is unknown: say nothing rather than guess.
    for member in members where kindIsKnown && Self.allViewKeys.contains(member.key) {
      if let reason = Self.inapplicability(of: member.key, to: kind) {
        sink.warning(
          "not-applicable",
          "\"\(member.key)\" \(reason); it has no effect on \(Self.describe(kind))", at: member.keyLocation,
          path: memberPath(member.key))
      }
    }
    func applicable(_ key: String) -> JSONMember? {
      guard let found = member(key), Self.inapplicability(of: key, to: kind) == nil else { return nil }
      return found
    }

    var origins = ValueOrigins()
    let id = readViewID(member("id"), view: node, path: path, isRoot: parent == nil, origins: &origins)
    if !id.isEmpty, views[id] == nil {
      views[id] = ViewInfo(kind: kind, parent: parent, location: member("id")?.value.location ?? node.location)
      viewOrder.append(id)
    }
    var view = ViewNode(id: id, kind: kind, location: node.location, path: path)
    // A view controller's root has no margins of its own by default: its directionalLayoutMargins
    // "reflect the system minimum margins and safe area insets" (top and bottom 0), which
    // resolution adds (docs/semantics.md, "Layout margins"). Other views default to 8.
    if parent == nil { view.layoutMargins = .zero }

    if let hidden = member("hidden"),
      let value = values.varying(
        hidden.value, for: "\"hidden\"", path: memberPath("hidden"), default: false,
        read: {
          values.bool($0, for: "\"hidden\"", path: $1)
        })
    {
      view.hidden = value.value
      origins.record("hidden", value.locations.origins)
    }
    if let text = applicable("text"),
      let value = values.varying(
        text.value, for: "\"text\"", path: memberPath("text"), default: "",
        read: {
          values.string($0, for: "\"text\"", path: $1)
        })
    {
      view.text = value.value
      origins.record("text", value.locations.origins)
    }
    if let fontSize = applicable("fontSize"),
      let value = values.varying(
        fontSize.value, for: "\"fontSize\"", path: memberPath("fontSize"), default: 17.0,
        read: {
          values.number($0, for: "\"fontSize\"", path: $1)
        })
    {
      view.fontSize = value.value
      origins.record("fontSize", value.locations.origins)
    }
    if let lines = applicable("numberOfLines"),
      let value = values.integer(
        lines.value, for: "\"numberOfLines\"", path: memberPath("numberOfLines"), in: 0...1_000_000)
    {
      view.numberOfLines = value
      origins.record("numberOfLines", at: lines.value.location, path: memberPath("numberOfLines"))
    }
    if let name = applicable("fontName"),
      let value = values.varying(
        name.value, for: "\"fontName\"", path: memberPath("fontName"), default: "",
        read: { values.string($0, for: "\"fontName\"", path: $1) })
    {
      view.fontName = value.value
      origins.record("fontName", value.locations.origins)
    }
    if let weight = applicable("fontWeight"),
      let value = values.varying(
        weight.value, for: "\"fontWeight\"", path: memberPath("fontWeight"), default: 400,
        read: { readFontWeight($0, path: $1) })
    {
      view.fontWeight = value.value
      origins.record("fontWeight", value.locations.origins)
    }
    if let style = applicable("textStyle"),
      let value = values.varying(
        style.value, for: "\"textStyle\"", path: memberPath("textStyle"), default: TextStyle.body,
        read: { readTextStyle($0, path: $1) })
    {
      view.textStyle = value.value
      view.scalesFontSizeWithTextStyle = applicable("fontSize") != nil
      origins.record("textStyle", value.locations.origins)
    }
    if let mode = applicable("lineBreakMode"),
      let value = values.enumeration(
        mode.value, for: "lineBreakMode", path: memberPath("lineBreakMode"), aliases: Self.lineBreakModeAliases)
    {
      view.lineBreakMode = value.lineBreakMode
      origins.record("lineBreakMode", at: mode.value.location, path: memberPath("lineBreakMode"))
    }
    if let suppress = member("suppress") {
      view.suppressions = readSuppressions(suppress.value, view: id, path: memberPath("suppress"))
    }
    if let insets = applicable("contentInsets"),
      let value = values.varyingObject(
        insets.value, ownKeys: Self.insetKeys, for: "\"contentInsets\"", path: memberPath("contentInsets"),
        default: view.contentInsets, read: { readInsets($0, for: "\"contentInsets\"", path: $1, default: $2) })
    {
      view.contentInsetsByClass = value.value
      origins.record("contentInsets", value.locations.origins)
    }
    if let size = applicable("intrinsicSize"),
      let value = values.varyingObject(
        size.value, ownKeys: ["width", "height"], for: "\"intrinsicSize\"", path: memberPath("intrinsicSize"),
        default: SizeOverride(), read: { readIntrinsicSize($0, path: $1, default: $2) })
    {
      view.intrinsicSizeByClass = value.value
      origins.record("intrinsicSize", value.locations.origins)
    }
    if let hugging = applicable("hugging"),
      let value = values.varyingObject(
        hugging.value, ownKeys: Self.axisKeys, for: "\"hugging\"", path: memberPath("hugging"),
        default: view.hugging, read: { readAxisPriorities($0, for: "\"hugging\"", path: $1, default: $2) })
    {
      view.huggingByClass = value.value
      origins.record("hugging", value.locations.origins)
    }
    if let resistance = applicable("compressionResistance"),
      let value = values.varyingObject(
        resistance.value, ownKeys: Self.axisKeys, for: "\"compressionResistance\"",
        path: memberPath("compressionResistance"), default: view.compressionResistance,
        read: { readAxisPriorities($0, for: "\"compressionResistance\"", path: $1, default: $2) })
    {
      view.compressionResistanceByClass = value.value
      origins.record("compressionResistance", value.locations.origins)
    }
    if let margins = applicable("layoutMargins"),
      let value = values.varyingObject(
        margins.value, ownKeys: Self.insetKeys, for: "\"layoutMargins\"", path: memberPath("layoutMargins"),
        default: view.layoutMargins, read: { readInsets($0, for: "\"layoutMargins\"", path: $1, default: $2) })
    {
      view.layoutMarginsByClass = value.value
      origins.record("layoutMargins", value.locations.origins)
    }
    if let insets = applicable("alignmentRectInsets") {
      let insetsPath = memberPath("alignmentRectInsets")
      if let value = readInsets(insets.value, for: "\"alignmentRectInsets\"", path: insetsPath, default: .zero) {
        if parent == nil, value != .zero {
          // The root's frame is the container: there is nothing to grow it into.
          sink.warning(
            "not-applicable", "\"alignmentRectInsets\" has no effect on the root, whose frame is the container",
            at: insets.keyLocation, path: insetsPath)
        } else {
          view.alignmentRectInsets = value
        }
      }
    }
    readMarginFlags(member, path: path, isRoot: parent == nil, kind: kind, into: &view)
    if kind == .stack {
      view.stack = readStack(members, path: path, origins: &origins)
    }
    if kind == .scroll {
      view.scroll = readScroll(members, path: path)
    }

    var childNodes: [(node: JSONNode, path: String)] = []
    if let children = member("children") {
      let childrenPath = memberPath("children")
      if let elements = children.value.elements {
        origins.record("children", at: children.keyLocation, path: childrenPath)
        childNodes = elements.enumerated().map { ($0.element, JSONPath.element(childrenPath, $0.offset)) }
      } else {
        values.typeError(children.value, expected: "an array of views", for: "\"children\"", path: childrenPath)
      }
    }
    view.origins = origins
    return (view, childNodes)
  }

  /// Reads a view's id and records where it was written; the rules for ids are the
  /// validator's. `""` when it is missing (the root is then `root`) or not a string.
  private mutating func readViewID(
    _ member: JSONMember?, view: JSONNode, path: String, isRoot: Bool, origins: inout ValueOrigins
  ) -> String {
    guard let member else { return isRoot ? registerRootID("root") : "" }
    let idPath = JSONPath.member(path, "id")
    guard let id = values.string(member.value, for: "\"id\"", path: idPath) else {
      // Reported here as a type error; the validator must not also call the id missing.
      origins.record(ValueOrigins.unreadable("id"), at: member.value.location, path: idPath)
      return ""
    }
    origins.record(
      "id",
      [
        ValueOrigins.Origin(
          location: member.value.location, path: idPath,
          scalarLocations: member.value.stringPositions.map { positions in
            positions.map {
              SourceLocation(
                file: member.value.location.file, line: member.value.location.line, column: $0.column, offset: $0.offset
              )
            }
          })
      ])
    return isRoot ? registerRootID(id) : id
  }

  private mutating func registerRootID(_ id: String) -> String {
    rootID = id
    return id
  }

  static let insetKeys = ["top", "left", "bottom", "right"]
  static let axisKeys = ["horizontal", "vertical"]

  func readInsets(_ node: JSONNode, for name: String, path: String, default base: EdgeInsets) -> EdgeInsets? {
    switch node.value {
    case .number(let value):
      return EdgeInsets.uniform(value)
    case .object(let members):
      values.reportUnknownKeys(members, known: ["top", "left", "bottom", "right"], in: name, path: path)
      var insets = base
      for member in members {
        let memberPath = JSONPath.member(path, member.key)
        guard let value = values.number(member.value, for: "\"\(member.key)\"", path: memberPath) else { continue }
        switch member.key {
        case "top": insets.top = value
        case "left": insets.left = value
        case "bottom": insets.bottom = value
        case "right": insets.right = value
        default: break
        }
      }
      return insets
    default:
      values.typeError(node, expected: "a number or an object {top, left, bottom, right}", for: name, path: path)
      return nil
    }
  }

  func readIntrinsicSize(_ node: JSONNode, path: String, default base: SizeOverride) -> SizeOverride? {
    guard case .object(let members) = node.value else {
      values.typeError(node, expected: "an object {width, height}", for: "\"intrinsicSize\"", path: path)
      return nil
    }
    values.reportUnknownKeys(members, known: ["width", "height"], in: "\"intrinsicSize\"", path: path)
    var size = base
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      switch member.key {
      case "width":
        size.width = values.points(member.value, for: "the intrinsic width", path: memberPath, allowNegative: false)
      case "height":
        size.height = values.points(member.value, for: "the intrinsic height", path: memberPath, allowNegative: false)
      default:
        break
      }
    }
    return size
  }

  func readAxisPriorities(
    _ node: JSONNode, for name: String, path: String, default base: AxisValues<Double>
  ) -> AxisValues<Double>? {
    switch node.value {
    case .number:
      return values.priority(node, for: name, path: path).map { AxisValues(horizontal: $0, vertical: $0) }
    case .object(let members):
      values.reportUnknownKeys(members, known: ["horizontal", "vertical"], in: name, path: path)
      var result = base
      for member in members {
        let memberPath = JSONPath.member(path, member.key)
        guard member.key == "horizontal" || member.key == "vertical",
          let value = values.priority(member.value, for: "\"\(member.key)\"", path: memberPath)
        else { continue }
        if member.key == "horizontal" { result.horizontal = value } else { result.vertical = value }
      }
      return result
    default:
      values.typeError(node, expected: "a priority or an object {horizontal, vertical}", for: name, path: path)
      return nil
    }
  }

  private func readStack(_ members: [JSONMember], path: String, origins: inout ValueOrigins) -> StackProperties {
    var stack = StackProperties()
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    func memberPath(_ key: String) -> String { JSONPath.member(path, key) }
    if let axis = member("axis"),
      let value = values.varying(
        axis.value, for: "\"axis\"", path: memberPath("axis"), default: StackAxis.horizontal,
        read: {
          values.enumeration($0, for: "axis", path: $1)
        })
    {
      stack.axis = value.value
      origins.record("axis", value.locations.origins)
    }
    if let distribution = member("distribution"),
      let value = values.varying(
        distribution.value, for: "\"distribution\"", path: memberPath("distribution"), default: StackDistribution.fill,
        read: { values.enumeration($0, for: "distribution", path: $1) })
    {
      stack.distribution = value.value
      origins.record("distribution", value.locations.origins)
    }
    // The word each value was written with is kept (`top` and `leading` are one value) so that
    // reports name it as the file does.
    var alignmentWords: [String: String] = [:]
    if let alignment = member("alignment"),
      let value = values.varying(
        alignment.value, for: "\"alignment\"", path: memberPath("alignment"), default: StackAlignment.fill,
        read: { node, path in
          let value: StackAlignment? = values.enumeration(
            node, for: "alignment", path: path, aliases: [("top", .leading), ("bottom", .trailing)])
          if value != nil { alignmentWords[path] = node.stringValue }
          return value
        })
    {
      stack.alignment = value.value
      origins.record(
        "alignment",
        value.locations.origins.map { origin in
          var origin = origin
          origin.writtenText = origin.path.flatMap { alignmentWords[$0] }
          return origin
        })
    }
    if let spacing = member("spacing"),
      let value = values.varying(
        spacing.value, for: "\"spacing\"", path: memberPath("spacing"), default: 0.0,
        read: {
          node, path in
          if node.stringValue == "system" { return VisualFormatExpander.siblingSpacing }
          if case .string = node.value {
            values.typeError(node, expected: "a number or \"system\"", for: "\"spacing\"", path: path)
            return nil
          }
          guard case .number = node.value else {
            values.typeError(node, expected: "a number or \"system\"", for: "\"spacing\"", path: path)
            return nil
          }
          return values.number(node, for: "\"spacing\"", path: path)
        })
    {
      stack.spacing = value.value
      origins.record("spacing", value.locations.origins)
    }
    if let flag = member("layoutMarginsRelativeArrangement") {
      stack.isLayoutMarginsRelativeArrangement =
        values.bool(
          flag.value, for: "\"layoutMarginsRelativeArrangement\"", path: memberPath("layoutMarginsRelativeArrangement"))
        ?? false
    }
    if let flag = member("baselineRelativeArrangement") {
      stack.isBaselineRelativeArrangement =
        values.bool(flag.value, for: "\"baselineRelativeArrangement\"", path: memberPath("baselineRelativeArrangement"))
        ?? false
    }
    return stack
  }
}
