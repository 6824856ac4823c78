import TrellisModel
import TrellisSupport
import TrellisText

/// Writes a `LayoutDocument` as a layout file (docs/layout-format.md, "Writing layout files").
///
/// The file reads back (``LayoutReader``) into a document equal to the one written in every
/// property a layout file carries: the views, their values and size-class variations, and the
/// constraints with their ids, priorities, constants and `installed` per size class. Source
/// locations, JSON paths and a constraint's `source` text are not carried: they describe where
/// a document was read from. Values equal to the reader's defaults are left out, keys come in
/// the order of docs/layout-format.md, and Visual Format strings appear as the constraints they
/// expanded to.
///
/// A few things a document built in memory can hold have no layout-file spelling; the docs
/// section lists them and what the writer does with each (e.g. a constraint id such as
/// `logo#1`, which no file may write, becomes `logo_1`).
public enum LayoutWriter {
  /// The layout file for `document`: pretty-printed JSON (UTF-8 text, ending with a newline).
  ///
  /// - Complexity: O(n) in the number of views and constraints.
  public static func json(_ document: LayoutDocument) -> String {
    LayoutFilePrinter.print(value(document))
  }

  /// The file as a JSON value, before printing.
  static func value(_ document: LayoutDocument) -> JSONValue {
    var members: [JSONValue.Member] = []
    if let title = document.title { members.append(.init("title", .string(title))) }
    if let summary = document.summary { members.append(.init("description", .string(summary))) }
    if let fonts = document.fontsDirectory { members.append(.init("fonts", .string(fonts))) }
    if let cell = document.cell { members.append(.init("cell", cellValue(cell))) }
    members.append(.init("root", viewTree(document.root)))
    let constraints = ConstraintWriter(document.constraints).values()
    if !constraints.isEmpty { members.append(.init("constraints", .array(constraints))) }
    return .object(members)
  }

  /// The `cell` object: every member that differs from the reader's default.
  static func cellValue(_ cell: CellSpec) -> JSONValue {
    var members: [JSONValue.Member] = [.init("in", .string(cell.host.rawValue))]
    if cell.host.isTable {
      if cell.accessory != .none { members.append(.init("accessory", .string(cell.accessory.rawValue))) }
      members.append(.init("rowHeight", cell.rowHeight.map { .number($0) } ?? .string("automatic")))
      if let estimate = cell.estimatedRowHeight { members.append(.init("estimatedRowHeight", .number(estimate))) }
    } else {
      if let width = cell.itemWidth { members.append(.init("itemWidth", .number(width))) }
      members.append(.init("itemHeight", cell.itemHeight.map { .number($0) } ?? .string("automatic")))
    }
    return .object(members)
  }

  // MARK: Views

  /// The root and its subviews, without recursion: nesting depth comes from the document.
  static func viewTree(_ root: ViewNode) -> JSONValue {
    // Each view's own members are made parent first; children are attached bottom-up.
    var nodes: [(members: [JSONValue.Member], children: [Int])] = []
    var work: [(view: ViewNode, parent: Int?)] = [(root, nil)]
    while let (view, parent) = work.popLast() {
      let index = nodes.count
      nodes.append((viewMembers(view, isRoot: parent == nil), []))
      if let parent { nodes[parent].children.append(index) }
      for child in view.children.reversed() { work.append((child, index)) }
    }
    // Children come after their parent, so walking backwards finds them complete.
    var done = [JSONValue?](repeating: nil, count: nodes.count)
    for index in nodes.indices.reversed() {
      var members = nodes[index].members
      let children = nodes[index].children.compactMap { done[$0] }
      if !children.isEmpty { members.append(.init("children", .array(children))) }
      done[index] = .object(members)
      // Attached to their parent now: one copy of each subtree at a time.
      for child in nodes[index].children { done[child] = nil }
    }
    return done[0] ?? .object([])
  }

  /// A view's keys but `children`, in the order of docs/layout-format.md's table of view keys,
  /// each only when its value differs from what the reader would take without it.
  package static func viewMembers(_ view: ViewNode, isRoot: Bool) -> [JSONValue.Member] {
    var out = VaryingWriter()
    if !(isRoot && view.id == "root") { out.add("id", .string(view.id)) }
    if view.kind != .view { out.add("kind", .string(view.kind.rawValue)) }
    out.add("hidden", view.hidden, default: false) { .bool($0) }

    let hasText = view.kind == .label || view.kind == .button
    if hasText {
      if let text = view.text { out.add("text", text, default: "", always: true) { .string($0) } }
      // The reader scales `fontSize` with a text style exactly when the file gives both, so
      // with a text style the size is written when, and only when, it is to be scaled.
      if view.textStyle == nil {
        out.add("fontSize", view.fontSize, default: 17) { .number($0) }
      } else if view.scalesFontSizeWithTextStyle {
        out.add("fontSize", view.fontSize, default: 17, always: true) { .number($0) }
      }
      if view.numberOfLines != 1 { out.add("numberOfLines", .number(Double(view.numberOfLines))) }
      if let name = view.fontName { out.add("fontName", name, default: "", always: true) { .string($0) } }
      if let weight = view.fontWeight { out.add("fontWeight", weight, default: 400, always: true, fontWeightValue) }
      if let style = view.textStyle {
        out.add("textStyle", style, default: .body, always: true) { .string($0.rawValue) }
      }
      if let mode = view.lineBreakMode, let name = LineBreakModeName.allCases.first(where: { $0.lineBreakMode == mode })
      {
        out.add("lineBreakMode", .string(name.rawValue))
      }
    }
    if !isRoot { out.add("installed", view.installed, default: true) { .bool($0) } }
    if view.kind == .button {
      out.addObject(
        "contentInsets", view.contentInsetsByClass,
        default: EdgeInsets(top: 6, left: 8, bottom: 6, right: 8), insetsValue)
    }

    if view.kind != .guide {
      out.addObject("intrinsicSize", view.intrinsicSizeByClass, default: SizeOverride(), sizeValue)
      let hugging: Double = (view.kind == .label || view.kind == .image) ? 251 : 250
      out.addObject("hugging", view.huggingByClass, default: .init(horizontal: hugging, vertical: hugging), axisValue)
      out.addObject(
        "compressionResistance", view.compressionResistanceByClass, default: .init(horizontal: 750, vertical: 750),
        axisValue)
      // A view controller's root has no margins of its own (docs/semantics.md, "Layout margins").
      out.addObject("layoutMargins", view.layoutMarginsByClass, default: isRoot ? .zero : .uniform(8), insetsValue)
      if view.preservesSuperviewLayoutMargins { out.add("preservesSuperviewLayoutMargins", .bool(true)) }
      if !view.insetsLayoutMarginsFromSafeArea { out.add("insetsLayoutMarginsFromSafeArea", .bool(false)) }
      if !isRoot {
        out.addObject("alignmentRectInsets", Varying(view.alignmentRectInsets), default: .zero, insetsValue)
      }
    }
    if isRoot, !view.respectsSystemMinimumLayoutMargins {
      out.add("viewRespectsSystemMinimumLayoutMargins", .bool(false))
    }
    if !view.suppressions.isEmpty {
      out.add(
        "suppress", .array(view.suppressions.map { .string($0.code.rawValue + ($0.other.map { ":\($0)" } ?? "")) }))
    }

    if view.kind == .stack, let stack = view.stack {
      out.add("axis", stack.axis, default: .horizontal) { .string($0.rawValue) }
      out.add("distribution", stack.distribution, default: .fill) { .string($0.rawValue) }
      out.add("alignment", stack.alignment, default: .fill) { .string($0.rawValue) }
      out.add("spacing", stack.spacing, default: 0) { .number($0) }
      if stack.isLayoutMarginsRelativeArrangement { out.add("layoutMarginsRelativeArrangement", .bool(true)) }
      if stack.isBaselineRelativeArrangement { out.add("baselineRelativeArrangement", .bool(true)) }
    }
    if view.kind == .scroll, let scroll = view.scroll {
      out.addObject("contentInset", scroll.contentInset, default: .zero, insetsValue)
      out.add("contentInsetAdjustmentBehavior", scroll.contentInsetAdjustmentBehavior, default: .automatic) {
        .string($0.rawValue)
      }
      // The reader starts every offset at 0, 0 (not at the `any` value): both coordinates, always.
      out.addObject("contentOffset", scroll.contentOffset, default: .zero) { point, _ in
        .object(["x": .number(point.x), "y": .number(point.y)])
      }
      out.add("zoomScale", scroll.zoomScale, default: 1) { .number($0) }
      if scroll.minimumZoomScale != 1 { out.add("minimumZoomScale", .number(scroll.minimumZoomScale)) }
      if scroll.maximumZoomScale != 1 { out.add("maximumZoomScale", .number(scroll.maximumZoomScale)) }
      if let zoomView = scroll.zoomView { out.add("zoomView", .string(zoomView)) }
      if scroll.alwaysBounceHorizontal { out.add("alwaysBounceHorizontal", .bool(true)) }
      if scroll.alwaysBounceVertical { out.add("alwaysBounceVertical", .bool(true)) }
    }
    return out.members
  }

  // MARK: Values

  /// UIFont.Weight's name for the nine standard weights, the weight class otherwise.
  static func fontWeightValue(_ weight: Int) -> JSONValue {
    if let name = DocumentReader.fontWeightNames.first(where: { $0.1 == weight }) { return .string(name.0) }
    return .number(Double(weight))
  }

  /// Insets as one number when all four sides are equal, else the sides that differ from
  /// `relativeTo` (the default, or the `any` value for a variation: the reader fills the
  /// missing sides from it).
  static func insetsValue(_ insets: EdgeInsets, relativeTo base: EdgeInsets) -> JSONValue {
    if insets.top == insets.left, insets.top == insets.bottom, insets.top == insets.right {
      return .number(insets.top)
    }
    let sides: [(String, Double, Double)] = [
      ("top", insets.top, base.top), ("left", insets.left, base.left), ("bottom", insets.bottom, base.bottom),
      ("right", insets.right, base.right),
    ]
    let differing = sides.filter { $0.1 != $0.2 }
    // Equal to the base but not uniform (a variation that repeats `any`): every side.
    return .object((differing.isEmpty ? sides : differing).map { .init($0.0, .number($0.1)) })
  }

  /// Per-axis priorities as one number when both are equal, else the axes that differ.
  static func axisValue(_ values: AxisValues<Double>, relativeTo base: AxisValues<Double>) -> JSONValue {
    if values.horizontal == values.vertical { return .number(values.horizontal) }
    var members: [JSONValue.Member] = []
    if values.horizontal != base.horizontal { members.append(.init("horizontal", .number(values.horizontal))) }
    if values.vertical != base.vertical { members.append(.init("vertical", .number(values.vertical))) }
    // Equal to the base (a variation that repeats `any`): both axes.
    if members.isEmpty {
      members = [.init("horizontal", .number(values.horizontal)), .init("vertical", .number(values.vertical))]
    }
    return .object(members)
  }

  /// The intrinsic sizes set and differing from `relativeTo`. A size the base sets and this one
  /// does not cannot be written (a file has no "none"): the reader keeps the base's there.
  static func sizeValue(_ size: SizeOverride, relativeTo base: SizeOverride) -> JSONValue {
    var members: [JSONValue.Member] = []
    if let width = size.width, width != base.width { members.append(.init("width", .number(width))) }
    if let height = size.height, height != base.height { members.append(.init("height", .number(height))) }
    if members.isEmpty {
      if let width = size.width { members.append(.init("width", .number(width))) }
      if let height = size.height { members.append(.init("height", .number(height))) }
    }
    return .object(members)
  }
}

/// Collects an object's members, writing varying values in the file's forms.
struct VaryingWriter {
  var members: [JSONValue.Member] = []

  mutating func add(_ key: String, _ value: JSONValue) { members.append(.init(key, value)) }

  /// A value that may vary per size class: left out when it is `default` everywhere (unless
  /// `always`), the plain value when it does not vary, else `{"any": …, "hC": …}` with `any`
  /// only when the base differs from the reader's default.
  mutating func add<T: Equatable>(
    _ key: String, _ value: Varying<T>, default defaultValue: T, always: Bool = false, _ write: (T) -> JSONValue
  ) {
    if let written = Self.varying(
      value, default: defaultValue, always: always, plain: write, variation: { v, _ in write(v) })
    {
      members.append(.init(key, written))
    }
  }

  /// A varying value whose plain form is an object (insets, sizes, priorities per axis); `write`
  /// gets the value and what the reader fills its missing parts from.
  mutating func addObject<T: Equatable>(
    _ key: String, _ value: Varying<T>, default defaultValue: T,
    _ write: (T, T) -> JSONValue
  ) {
    let base = Self.normalized(value).base
    if let written = Self.varying(
      value, default: defaultValue, always: false, plain: { write($0, defaultValue) },
      variation: { v, _ in write(v, base) })
    {
      members.append(.init(key, written))
    }
  }

  /// The value as the reader sees it: a variation for `any` is the base, and of two
  /// variations with one pattern only the first can ever apply (the first written wins).
  static func normalized<T>(_ value: Varying<T>) -> Varying<T> {
    var base = value.base
    var seen: [TraitPattern] = []
    var variations: [Varying<T>.Variation] = []
    var sawAny = false
    for variation in value.variations {
      if variation.pattern == .any {
        if !sawAny { base = variation.value }
        sawAny = true
        continue
      }
      if seen.contains(variation.pattern) { continue }
      seen.append(variation.pattern)
      variations.append(variation)
    }
    return Varying(base, variations: variations)
  }

  static func varying<T: Equatable>(
    _ raw: Varying<T>, default defaultValue: T, always: Bool, plain: (T) -> JSONValue,
    variation: (T, T) -> JSONValue
  ) -> JSONValue? {
    let value = normalized(raw)
    guard value.varies else {
      return !always && value.base == defaultValue ? nil : plain(value.base)
    }
    var members: [JSONValue.Member] = []
    if value.base != defaultValue { members.append(.init("any", plain(value.base))) }
    for entry in value.variations {
      members.append(.init(entry.pattern.description, variation(entry.value, value.base)))
    }
    return .object(members)
  }
}
