import XCTest

@testable import TrellisLayout

// Helpers for the resolution and engine tests: a tiny constraint-text reader (test-only; the
// real reader lives elsewhere), document builders, and an independent constraint checker.

/// Parses `a.attr == [m *] b.attr [+|- c] [@p]` or `a.attr == c [@p]` (tokens separated by spaces).
func spec(
  _ text: String, id: String? = nil, installed: Varying<Bool> = Varying(true), constant: Varying<Double>? = nil,
  priority: Varying<Double>? = nil, line: Int = 1
) -> ConstraintSpec {
  var tokens = text.split(separator: " ").map(String.init)
  func anchor(_ token: String) -> AnchorReference {
    let parts = token.split(separator: ".").map(String.init)
    guard parts.count == 2, let attribute = LayoutAttribute(rawValue: parts[1]) else {
      XCTFail("bad anchor \(token) in \(text)")
      return AnchorReference(item: "?", attribute: .left)
    }
    return AnchorReference(item: LayoutItem(name: parts[0]), attribute: attribute)
  }
  var parsedPriority = 1000.0
  if let last = tokens.last, last.hasPrefix("@"), let p = Double(last.dropFirst()) {
    parsedPriority = p
    tokens.removeLast()
  }
  guard tokens.count >= 3, let relation = LayoutRelation(rawValue: tokens[1]) else {
    XCTFail("bad constraint \(text)")
    return ConstraintSpec(id: "bad", first: anchor("root.left"), relation: .equal, source: text)
  }
  let first = anchor(tokens[0])
  var rest = Array(tokens.dropFirst(2))
  var second: AnchorReference?
  var multiplier = 1.0
  var parsedConstant = 0.0
  if rest.count >= 3, rest[1] == "*", let m = Double(rest[0]) {
    multiplier = m
    rest.removeFirst(2)
  }
  if let only = rest.first, let c = Double(only), rest.count == 1 {
    parsedConstant = c
  } else if let head = rest.first {
    second = anchor(head)
    if rest.count == 3, let c = Double(rest[2]) {
      parsedConstant = rest[1] == "-" ? -c : c
    }
  }
  return ConstraintSpec(
    id: id ?? "c\(line)", first: first, relation: relation, second: second, multiplier: multiplier,
    constant: constant ?? Varying(parsedConstant), priority: priority ?? Varying(parsedPriority),
    installed: installed, source: text, location: SourceLocation(file: "test.json", line: line, column: 5),
    path: "$.constraints[\(line - 1)]")
}

/// A document from constraint strings; each string gets id `c<line>` and location `test.json:<line>:5`.
func document(_ children: [ViewNode], rootMargins: EdgeInsets = .uniform(8), _ constraints: [String])
  -> LayoutDocument
{
  var specs: [ConstraintSpec] = []
  for (index, text) in constraints.enumerated() { specs.append(spec(text, line: index + 1)) }
  return LayoutDocument(
    file: "test.json", root: ViewNode(id: "root", kind: .view, children: children, layoutMargins: rootMargins),
    constraints: specs)
}

func view(_ id: String, _ kind: ViewKind = .view, children: [ViewNode] = []) -> ViewNode {
  ViewNode(id: id, kind: kind, location: SourceLocation(file: "test.json", line: 100, column: 3), children: children)
}

let wChR = TraitCollection(horizontal: .compact, vertical: .regular)
let wChC = TraitCollection(horizontal: .compact, vertical: .compact)
let wRhC = TraitCollection(horizontal: .regular, vertical: .compact)
let wRhR = TraitCollection(horizontal: .regular, vertical: .regular)

func environment(
  _ width: Double, _ height: Double, _ traits: TraitCollection = wChR, safeArea: EdgeInsets = .zero,
  scale: Double = 1, direction: LayoutDirection = .leftToRight
) -> Environment {
  Environment(
    containerSize: Size(width: width, height: height), traits: traits, safeAreaInsets: safeArea, scale: scale,
    layoutDirection: direction)
}

func assertRect(
  _ result: LayoutResult, _ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
  accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line
) {
  guard let frame = result.view(id)?.frame else {
    XCTFail("no view \(id)", file: file, line: line)
    return
  }
  let expected = Rect(x: x, y: y, width: w, height: h)
  let close =
    abs(frame.x - x) <= accuracy && abs(frame.y - y) <= accuracy && abs(frame.width - w) <= accuracy
    && abs(frame.height - h) <= accuracy
  XCTAssertTrue(close, "\(id): got \(frame), expected \(expected)", file: file, line: line)
}

/// Lays out, checks independently that every required constraint holds on the frames,
/// and returns the result.
@discardableResult
func solve(
  _ engine: LayoutEngine, _ env: Environment, snap: Bool = false, file: StaticString = #filePath,
  line: UInt = #line
) -> LayoutResult {
  let result = engine.layout(in: env, snapToPixels: snap)
  if !snap { checkRequiredConstraints(engine, result, file: file, line: line) }
  return result
}

/// The independent check: evaluates each installed required constraint from the solved
/// frames with its own reading of the anchors (not the engine's), within 1e-6.
func checkRequiredConstraints(
  _ engine: LayoutEngine, _ result: LayoutResult, file: StaticString = #filePath, line: UInt = #line
) {
  let resolved = engine.document.resolved(for: result.environment)
  let rtl = result.environment.layoutDirection == .rightToLeft
  let rootWidth = result.views.first?.frame.width ?? 0
  func value(_ ref: AnchorReference, mirrored: Bool) -> Double? {
    var rect: Rect
    var margins = EdgeInsets.zero
    var first: Double?
    var last: Double?
    switch ref.item {
    case .safeArea: rect = result.safeArea
    case .margins: rect = result.margins
    default:
      guard let frame = result.view(ref.item.description)?.frame,
        let v = resolved.views.first(where: { $0.item == ref.item })
      else { return nil }
      rect = frame
      margins = v.effectiveMargins(safeAreaInsets: result.environment.safeAreaInsets)
      first = v.firstBaselineOffset
      last = v.lastBaselineOffset
      if v.parent == nil {
        // The root's margins are the margins guide.
        let m = result.margins
        margins = EdgeInsets(top: m.minY, left: m.minX, bottom: rect.maxY - m.maxY, right: rect.maxX - m.maxX)
      }
    }
    let h: Double
    switch ref.attribute {
    case .width: return rect.width
    case .height: return rect.height
    case .top: return rect.minY
    case .bottom: return rect.maxY
    case .centerY: return rect.midY
    case .topMargin: return rect.minY + margins.top
    case .bottomMargin: return rect.maxY - margins.bottom
    case .centerYWithinMargins: return (rect.minY + margins.top + rect.maxY - margins.bottom) / 2
    case .firstBaseline: return rect.minY + (first ?? 0)
    case .lastBaseline: return last.map { rect.minY + $0 } ?? rect.maxY
    case .left: h = rect.minX
    case .right: h = rect.maxX
    case .centerX: h = rect.midX
    case .leftMargin: h = rect.minX + margins.left
    case .rightMargin: h = rect.maxX - margins.right
    case .centerXWithinMargins: h = (rect.minX + margins.left + rect.maxX - margins.right) / 2
    case .leading: h = rtl ? rect.maxX : rect.minX
    case .trailing: h = rtl ? rect.minX : rect.maxX
    case .leadingMargin: h = rtl ? rect.maxX - margins.right : rect.minX + margins.left
    case .trailingMargin: h = rtl ? rect.minX + margins.left : rect.maxX - margins.right
    }
    return mirrored ? rootWidth - h : h
  }
  for c in engine.installedConstraints where c.priority >= 1000 {
    let mirrored = rtl && (c.first.attribute.isDirectional || c.second?.attribute.isDirectional == true)
    guard let lhs = value(c.first, mirrored: mirrored) else { continue }
    var rhs = c.constant
    if let second = c.second {
      guard let s = value(second, mirrored: mirrored) else { continue }
      rhs += c.multiplier * s
    }
    let holds: Bool
    switch c.relation {
    case .equal: holds = abs(lhs - rhs) <= 1e-6
    case .lessThanOrEqual: holds = lhs <= rhs + 1e-6
    case .greaterThanOrEqual: holds = lhs >= rhs - 1e-6
    }
    XCTAssertTrue(holds, "required constraint \(c.id) (\(c)) fails: \(lhs) vs \(rhs)", file: file, line: line)
  }
}

/// Ids of the optional constraints the last layout broke, sorted.
func brokenIDs(_ engine: LayoutEngine) -> [String] {
  engine.brokenOptionalConstraints.map(\.constraint.id).sorted()
}

/// Skips a test that needs stack views while `StackLayout` still generates nothing.
func skipUnlessStacksGenerateConstraints() throws {
  let stack = ViewNode(id: "s", kind: .stack, children: [view("a"), view("b")])
  let doc = LayoutDocument(file: "t", root: ViewNode(id: "root", kind: .view, children: [stack]), constraints: [])
  let resolved = doc.resolved(for: environment(100, 100))
  guard let s = resolved.views.first(where: { $0.id == "s" }) else { return }
  let arranged = resolved.views.filter { $0.parent == "s" }
  if StackLayout.constraints(for: s, arranged: arranged, direction: .leftToRight).constraints.isEmpty {
    throw XCTSkip("stack views generate no constraints yet")
  }
}
