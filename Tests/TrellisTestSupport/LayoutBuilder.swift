import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

// A Swift builder for layout documents in tests. Constraint text goes through the real
// `ConstraintTextParser`, so tests use the grammar of layout files (docs/layout-format.md).
//
//     let doc = Layout {
//       View("card1", kind: .button, text: "A")
//       Stack("row", distribution: .fillEqually, spacing: 8) { View("a"); View("b") }
//     } constraints: {
//       "row.top == safeArea.top + 8"
//       Constraint("a.width == 40", when: "hR")
//     }
//
// Constraints get the reader's ids (`constraint#N`, N their 1-based position) and paths
// (`$.constraints[N-1]`), and a location `file:line:1` where `line` is the Swift line that
// wrote them, so diagnostics tests have locations to compare.

/// Builds a ``LayoutDocument``: a root view holding `views`, and `constraints` in order.
///
/// - Parameters:
///   - file: the document's file name, used in every location (`test.swift` by default).
///   - rootID: the root's id; `root` in constraint text names it whatever it is.
///   - rootMargins: the root's `layoutMargins` (the `margins` guide insets).
public func Layout(
  file: String = "test.swift", title: String? = nil, rootID: String = "root",
  rootMargins: EdgeInsets = .uniform(8), validated: Bool = true, line: Int = #line,
  @ViewListBuilder _ views: () -> [ViewNode],
  @ConstraintListBuilder constraints: () -> [Constraint] = { [] }
) -> LayoutDocument {
  var root = ViewNode(
    id: rootID, kind: .view, location: SourceLocation(file: file, line: line, column: 1), children: views(),
    layoutMargins: rootMargins)
  assignPaths(&root, path: "$.root", file: file)
  let specs = constraints().enumerated().compactMap { index, constraint in
    constraint.spec(position: index + 1, file: file, rootID: rootID)
  }
  let document = LayoutDocument(file: file, title: title, root: root, constraints: specs)
  // The same checks as a file's: a test layout with an error would test nothing real, unless
  // it is built to show what the engine does with one (`validated: false`).
  for problem in LayoutValidator().validate(document) where validated && problem.severity == .error {
    XCTFail("the test layout (\(file):\(line)) has an error: \(problem)")
  }
  return document
}

/// Paths like the reader's (`$.root.children[1]`), and the document's file name in locations.
private func assignPaths(_ node: inout ViewNode, path: String, file: String) {
  node.path = path
  if let location = node.location { node.location = SourceLocation(file: file, line: location.line, column: 1) }
  for index in node.children.indices {
    assignPaths(&node.children[index], path: "\(path).children[\(index)]", file: file)
  }
}

// MARK: Views

/// Something the view builder accepts: a ``View``, a ``Stack`` or a plain `ViewNode`.
public protocol ViewComponent {
  /// The view as the document holds it.
  var node: ViewNode { get }
}

extension ViewNode: ViewComponent {
  /// The node itself.
  public var node: ViewNode { self }
}

/// A view of any kind but `stack` (use ``Stack``), with the file format's defaults.
public struct View: ViewComponent {
  /// The view as the document holds it; change it for anything the initializer lacks.
  public var node: ViewNode

  /// - Parameters:
  ///   - intrinsicSize: overrides the content size per axis (`nil` entries: from the content).
  ///   - hugging, compressionResistance: per axis; `nil` keeps the kind's default.
  public init(
    _ id: String, kind: ViewKind = .view, text: Varying<String>? = nil, fontSize: Varying<Double> = 17,
    numberOfLines: Int = 1, hidden: Varying<Bool> = false, contentInsets: EdgeInsets? = nil,
    intrinsicSize: (width: Double?, height: Double?)? = nil, hugging: AxisValues<Double>? = nil,
    compressionResistance: AxisValues<Double>? = nil, layoutMargins: EdgeInsets = .uniform(8),
    line: Int = #line, @ViewListBuilder children: () -> [ViewNode] = { [] }
  ) {
    node = ViewNode(
      id: id, kind: kind, location: SourceLocation(file: "test.swift", line: line, column: 1), children: children(),
      hidden: hidden, text: text, fontSize: fontSize, numberOfLines: numberOfLines,
      contentInsets: contentInsets ?? EdgeInsets(top: 6, left: 8, bottom: 6, right: 8),
      intrinsicWidth: intrinsicSize?.width, intrinsicHeight: intrinsicSize?.height, hugging: hugging,
      compressionResistance: compressionResistance ?? .init(horizontal: 750, vertical: 750),
      layoutMargins: layoutMargins)
  }

  /// A label: `text` measured at `fontSize` (docs/semantics.md, "The text metric").
  public static func label(
    _ id: String, _ text: Varying<String>, fontSize: Varying<Double> = 17, numberOfLines: Int = 1,
    hidden: Varying<Bool> = false, hugging: AxisValues<Double>? = nil,
    compressionResistance: AxisValues<Double>? = nil, line: Int = #line
  ) -> View {
    View(
      id, kind: .label, text: text, fontSize: fontSize, numberOfLines: numberOfLines, hidden: hidden,
      hugging: hugging, compressionResistance: compressionResistance, line: line)
  }
}

/// A stack view arranging the views its closure lists, in order.
public struct Stack: ViewComponent {
  /// The view as the document holds it.
  public var node: ViewNode

  /// - Parameter layoutMarginsRelative: arrange inside the stack's layout margins.
  public init(
    _ id: String, axis: Varying<StackAxis> = .horizontal, distribution: Varying<StackDistribution> = .fill,
    alignment: Varying<StackAlignment> = .fill,
    spacing: Varying<Double> = 0, layoutMarginsRelative: Bool = false, baselineRelative: Bool = false,
    hidden: Varying<Bool> = false, layoutMargins: EdgeInsets = .uniform(8), line: Int = #line,
    @ViewListBuilder _ arranged: () -> [ViewNode]
  ) {
    node = ViewNode(
      id: id, kind: .stack, location: SourceLocation(file: "test.swift", line: line, column: 1),
      children: arranged(), hidden: hidden, layoutMargins: layoutMargins,
      stack: StackProperties(
        axis: axis, distribution: distribution, alignment: alignment, spacing: spacing,
        isLayoutMarginsRelativeArrangement: layoutMarginsRelative, isBaselineRelativeArrangement: baselineRelative))
  }
}

/// Collects views: ``View``, ``Stack``, `ViewNode` and arrays of them, with `if` and `for`.
@resultBuilder
public enum ViewListBuilder {
  public static func buildExpression(_ view: some ViewComponent) -> [ViewNode] { [view.node] }
  public static func buildExpression(_ views: [ViewNode]) -> [ViewNode] { views }
  public static func buildExpression(_ views: [View]) -> [ViewNode] { views.map(\.node) }
  public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part ?? [] }
  public static func buildEither(first: [ViewNode]) -> [ViewNode] { first }
  public static func buildEither(second: [ViewNode]) -> [ViewNode] { second }
}

// MARK: Constraints

/// One constraint in constraint text (`a.top == b.bottom + 8 @750`), with the options of the
/// file format's `{"constraint": …}` form. A bare string in a ``Layout`` constraints block is a
/// `Constraint` with no options.
public struct Constraint {
  /// The constraint text, parsed by `ConstraintTextParser` when the document is built.
  public var text: String
  /// A user id; `nil` gets `constraint#N`.
  public var id: String?
  /// Where it is installed: `when: "hC"` installs it only where the pattern matches.
  public var when: TraitPattern?
  /// Overrides, as in the file format (they win over the text's constant and priority).
  public var installed: Varying<Bool>?
  public var constant: Varying<Double>?
  public var priority: Varying<Double>?
  /// The Swift source position that wrote it (reported as `file:line:1`).
  public var sourceFile: StaticString
  public var line: Int

  /// - Parameter when: a size-class pattern as in files (`hC`, `wR hC`); a bad one fails the test.
  public init(
    _ text: String, id: String? = nil, when: String? = nil, installed: Varying<Bool>? = nil,
    constant: Varying<Double>? = nil, priority: Varying<Double>? = nil, file: StaticString = #filePath,
    line: Int = #line
  ) {
    self.text = text
    self.id = id
    self.installed = installed
    self.constant = constant
    self.priority = priority
    self.sourceFile = file
    self.line = line
    if let when {
      self.when = TraitPattern(parsing: when)
      if self.when == nil { XCTFail("bad size-class pattern '\(when)'", file: file, line: UInt(line)) }
    }
  }

  /// The document's constraint at 1-based `position`; `nil` (and a test failure at the line that
  /// wrote it) when the text does not parse.
  func spec(position: Int, file: String, rootID: String) -> ConstraintSpec? {
    let location = SourceLocation(file: file, line: line, column: 1)
    let parsed: ConstraintText
    switch ConstraintTextParser.parse(text) {
    case .success(let value): parsed = value
    case .failure(let problem):
      XCTFail(
        "constraint text '\(text)' does not parse at offset \(problem.offset): \(problem.message)",
        file: sourceFile, line: UInt(line))
      return nil
    }
    func anchor(_ anchor: ConstraintText.Anchor) -> AnchorReference {
      AnchorReference(
        item: LayoutItem(name: anchor.item == "root" ? rootID : anchor.item), attribute: anchor.attribute,
        location: location)
    }
    var installed = self.installed ?? Varying(true)
    if let when {
      // As a `when` group in a file: installed only where the pattern matches.
      installed = installed.base ? Varying(false, variations: [.init(pattern: when, value: true)]) : Varying(false)
    }
    return ConstraintSpec(
      id: id ?? "constraint#\(position)", first: anchor(parsed.first), relation: parsed.relation,
      second: parsed.second.map(anchor), multiplier: parsed.multiplier,
      constant: constant ?? Varying(parsed.constant), priority: priority ?? Varying(parsed.priority ?? 1000),
      installed: installed, source: text, location: location, path: "$.constraints[\(position - 1)]")
  }
}

/// A group of constraints installed only where `pattern` matches, like `{"when": …}` in files.
public struct When {
  /// The group's constraints, each with the pattern applied.
  public var constraints: [Constraint]

  public init(
    _ pattern: String, file: StaticString = #filePath, line: Int = #line,
    @ConstraintListBuilder _ constraints: () -> [Constraint]
  ) {
    guard let parsed = TraitPattern(parsing: pattern) else {
      XCTFail("bad size-class pattern '\(pattern)'", file: file, line: UInt(line))
      self.constraints = []
      return
    }
    self.constraints = constraints().map { constraint in
      var constraint = constraint
      constraint.when = constraint.when.map { $0.intersecting(parsed) } ?? parsed
      return constraint
    }
  }
}

/// Collects constraints: strings of constraint text (each located at its own line), arrays of
/// strings, ``Constraint``s and ``When`` groups, with `if` and `for`.
@resultBuilder
public enum ConstraintListBuilder {
  public static func buildExpression(_ text: String, file: StaticString = #filePath, line: Int = #line)
    -> [Constraint]
  { [Constraint(text, file: file, line: line)] }
  public static func buildExpression(_ texts: [String], file: StaticString = #filePath, line: Int = #line)
    -> [Constraint]
  { texts.map { Constraint($0, file: file, line: line) } }
  public static func buildExpression(_ constraint: Constraint) -> [Constraint] { [constraint] }
  public static func buildExpression(_ constraints: [Constraint]) -> [Constraint] { constraints }
  public static func buildExpression(_ group: When) -> [Constraint] { group.constraints }
  public static func buildBlock(_ parts: [Constraint]...) -> [Constraint] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[Constraint]]) -> [Constraint] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Constraint]?) -> [Constraint] { part ?? [] }
  public static func buildEither(first: [Constraint]) -> [Constraint] { first }
  public static func buildEither(second: [Constraint]) -> [Constraint] { second }
}

// MARK: Values

extension TraitPattern {
  /// A pattern as files write it: `any`, `wC`, `hR`, `wR hC`, `wAny hC`; `nil` when malformed.
  public init?(parsing text: String) {
    var pattern = TraitPattern()
    var seenWidth = false
    var seenHeight = false
    for token in text.split(separator: " ") {
      switch token {
      case "any" where text == "any":
        self = TraitPattern()
        return
      case "wC", "wR", "wAny":
        guard !seenWidth else { return nil }
        seenWidth = true
        pattern.horizontal = token == "wC" ? .compact : token == "wR" ? .regular : nil
      case "hC", "hR", "hAny":
        guard !seenHeight else { return nil }
        seenHeight = true
        pattern.vertical = token == "hC" ? .compact : token == "hR" ? .regular : nil
      default: return nil
      }
    }
    if !seenWidth && !seenHeight { return nil }
    self = pattern
  }

  /// Both patterns at once (nested `when` groups); a clash keeps the inner one's class.
  func intersecting(_ outer: TraitPattern) -> TraitPattern {
    TraitPattern(horizontal: horizontal ?? outer.horizontal, vertical: vertical ?? outer.vertical)
  }
}

extension Varying {
  /// A base value and variations by pattern text, in order: `Varying(17, ["hC": 20])`.
  public init(
    _ base: Value, _ variations: KeyValuePairs<String, Value>, file: StaticString = #filePath, line: UInt = #line
  ) {
    var list: [Variation] = []
    for (text, value) in variations {
      guard let pattern = TraitPattern(parsing: text) else {
        XCTFail("bad size-class pattern '\(text)'", file: file, line: line)
        continue
      }
      list.append(Variation(pattern: pattern, value: value))
    }
    self.init(base, variations: list)
  }
}

// Literals for values that usually do not vary: `text: "A"`, `hidden: true`, `spacing: 8`.
extension Varying: ExpressibleByUnicodeScalarLiteral where Value == String {}
extension Varying: ExpressibleByExtendedGraphemeClusterLiteral where Value == String {}
extension Varying: ExpressibleByStringLiteral where Value == String {
  /// A text that does not vary.
  public init(stringLiteral value: String) { self.init(value) }
}
extension Varying: ExpressibleByBooleanLiteral where Value == Bool {
  /// A flag that does not vary.
  public init(booleanLiteral value: Bool) { self.init(value) }
}
extension Varying: ExpressibleByIntegerLiteral where Value == Double {
  /// A number that does not vary.
  public init(integerLiteral value: Int) { self.init(Double(value)) }
}
extension Varying: ExpressibleByFloatLiteral where Value == Double {
  /// A number that does not vary.
  public init(floatLiteral value: Double) { self.init(value) }
}

// Stack properties that do not vary, written as the enum case: `Stack("s", axis: .vertical)`.
extension Varying where Value == StackAxis {
  public static var horizontal: Varying { Varying(.horizontal) }
  public static var vertical: Varying { Varying(.vertical) }
}
extension Varying where Value == StackDistribution {
  public static var fill: Varying { Varying(.fill) }
  public static var fillEqually: Varying { Varying(.fillEqually) }
  public static var fillProportionally: Varying { Varying(.fillProportionally) }
  public static var equalSpacing: Varying { Varying(.equalSpacing) }
  public static var equalCentering: Varying { Varying(.equalCentering) }
}
extension Varying where Value == StackAlignment {
  public static var fill: Varying { Varying(.fill) }
  public static var leading: Varying { Varying(.leading) }
  public static var center: Varying { Varying(.center) }
  public static var trailing: Varying { Varying(.trailing) }
  public static var firstBaseline: Varying { Varying(.firstBaseline) }
  public static var lastBaseline: Varying { Varying(.lastBaseline) }
}

extension AxisValues where Value == Double {
  /// The same priority on both axes.
  public static func both(_ value: Double) -> AxisValues { AxisValues(horizontal: value, vertical: value) }
}
