import TrellisModel
import TrellisTestSupport
import XCTest

/// `document.resolved(for:)`: every variation decided per size class, intrinsic sizes measured.
final class ResolutionTests: XCTestCase {
  private func v<T>(_ base: T, _ variations: [(TraitPattern, T)]) -> Varying<T> {
    Varying(base, variations: variations.map { Varying<T>.Variation(pattern: $0.0, value: $0.1) })
  }

  private let pHC = TraitPattern(vertical: .compact)
  private let pHR = TraitPattern(vertical: .regular)
  private let pWR = TraitPattern(horizontal: .regular)
  private let pWRhR = TraitPattern(horizontal: .regular, vertical: .regular)

  /// A label whose text, hidden flag and font size vary, a stack whose properties vary, and
  /// constraints whose installed flag, constant and priority vary.
  private func variedDocument() -> LayoutDocument {
    let label = ViewNode(
      id: "flips", kind: .label, hidden: v(false, [(pHC, true)]),
      // Precedence: "wR hR" (3) > "wR" (2) > "hC" (1) > any (0).
      text: v("any", [(pHC, "hC"), (pWR, "wR"), (pWRhR, "wRhR")]), fontSize: v(10, [(pWR, 20)]), numberOfLines: 0)
    let stack = ViewNode(
      id: "grid", kind: .stack,
      stack: StackProperties(
        axis: v(.vertical, [(pHC, .horizontal)]), distribution: v(.fill, [(pHR, .fillEqually)]),
        alignment: v(.fill, [(pWR, .center)]), spacing: v(8, [(pWRhR, 20)])))
    return Layout {
      stack
      label
    } constraints: {
      Constraint("flips.top == grid.bottom + 8", id: "below", installed: v(true, [(pHC, false)]))
      Constraint("flips.centerY == safeArea.centerY", id: "centred", installed: v(false, [(pHC, true)]))
      Constraint("grid.top == safeArea.top", id: "top", constant: v(8, [(pWR, 20)]))
      Constraint("grid.width == 100", id: "width", priority: v(1000, [(pHR, 750)]))
    }
  }

  func testEveryTraitCombination() {
    let doc = variedDocument()
    struct Expected {
      var traits: TraitCollection
      var text: String
      var hidden: Bool
      var fontSize: Double
      var constraints: [String]
      var topConstant: Double
      var widthPriority: Double
      var axis: StackAxis
      var distribution: StackDistribution
      var alignment: StackAlignment
      var spacing: Double
    }
    let cases = [
      // wC hC: only "hC" matches.
      Expected(
        traits: wChC, text: "hC", hidden: true, fontSize: 10, constraints: ["centred", "top", "width"],
        topConstant: 8, widthPriority: 1000, axis: .horizontal, distribution: .fill, alignment: .fill, spacing: 8),
      // wC hR: "hR" matches the distribution and priority only.
      Expected(
        traits: wChR, text: "any", hidden: false, fontSize: 10, constraints: ["below", "top", "width"],
        topConstant: 8, widthPriority: 750, axis: .vertical, distribution: .fillEqually, alignment: .fill, spacing: 8),
      // wR hC: "wR" (width only) and "hC" (height only) both match: width wins for the text.
      Expected(
        traits: wRhC, text: "wR", hidden: true, fontSize: 20, constraints: ["centred", "top", "width"],
        topConstant: 20, widthPriority: 1000, axis: .horizontal, distribution: .fill, alignment: .center, spacing: 8),
      // wR hR: "wR hR" beats "wR".
      Expected(
        traits: wRhR, text: "wRhR", hidden: false, fontSize: 20, constraints: ["below", "top", "width"],
        topConstant: 20, widthPriority: 750, axis: .vertical, distribution: .fillEqually, alignment: .center,
        spacing: 20),
    ]
    for e in cases {
      let r = doc.resolved(for: environment(400, 400, e.traits))
      let label = r.views.first { $0.id == "flips" }
      let grid = r.views.first { $0.id == "grid" }
      XCTAssertEqual(label?.text, e.text, "\(e.traits)")
      XCTAssertEqual(label?.hidden, e.hidden, "\(e.traits)")
      XCTAssertEqual(label?.fontSize, e.fontSize, "\(e.traits)")
      XCTAssertEqual(r.constraints.map(\.id), e.constraints, "\(e.traits)")
      XCTAssertEqual(r.constraints.first { $0.id == "top" }?.constant, e.topConstant, "\(e.traits)")
      XCTAssertEqual(r.constraints.first { $0.id == "width" }?.priority, e.widthPriority, "\(e.traits)")
      XCTAssertEqual(grid?.stack?.axis, e.axis, "\(e.traits)")
      XCTAssertEqual(grid?.stack?.distribution, e.distribution, "\(e.traits)")
      XCTAssertEqual(grid?.stack?.alignment, e.alignment, "\(e.traits)")
      XCTAssertEqual(grid?.stack?.spacing, e.spacing, "\(e.traits)")
    }
  }

  func testIntrinsicSizeFollowsTheResolvedTextAndFont() {
    let doc = variedDocument()
    // wC hR: "any" at 10 pt: 3 × 5 = 15 wide, 12 tall, baseline 9.5.
    let compact = doc.resolved(for: environment(400, 400, wChR)).views.first { $0.id == "flips" }
    XCTAssertEqual(compact?.intrinsicWidth, 15)
    XCTAssertEqual(compact?.intrinsicHeight, 12)
    XCTAssertEqual(compact?.firstBaselineOffset ?? 0, 9.5, accuracy: 1e-9)
    // wR hR: "wRhR" at 20 pt: 4 × 10 = 40 wide, 24 tall, baseline 19.
    let regular = doc.resolved(for: environment(400, 400, wRhR)).views.first { $0.id == "flips" }
    XCTAssertEqual(regular?.intrinsicWidth, 40)
    XCTAssertEqual(regular?.intrinsicHeight, 24)
    XCTAssertEqual(regular?.firstBaselineOffset ?? 0, 19, accuracy: 1e-9)
  }

  func testStructureAndFileConstraint() {
    let doc = variedDocument()
    let r = doc.resolved(for: environment(400, 400, wChR))
    XCTAssertEqual(r.views.map(\.id), ["root", "grid", "flips"])
    XCTAssertEqual(r.views.map(\.parent), [nil, "root", "root"])
    XCTAssertEqual(r.views.first?.children, ["grid", "flips"])
    let below = r.constraints.first
    XCTAssertEqual(below?.origin, .file(id: "below"))
    XCTAssertEqual(below?.description, "flips.top == grid.bottom + 8")
    XCTAssertNotNil(below?.location)
    XCTAssertEqual(below?.location, doc.constraints[0].location)
  }

  func testDepthFirstDocumentOrder() {
    let doc = Layout {
      View("a") {
        View("a1")
        View("a2")
      }
      View("b")
    }
    XCTAssertEqual(doc.resolved(for: environment(10, 10)).views.map(\.id), ["root", "a", "a1", "a2", "b"])
  }

  func testButtonImageOverridesAndPlainViews() {
    let children = [
      // "OK" at 17 pt: 2 × 8.5 = 17 wide, 20.4 → 21 tall (@1x); insets 6, 8, 6, 8 →
      // 17 + 16 = 33 wide, 21 + 12 = 33 tall; baseline 6 + 16.15 = 22.15.
      ViewNode(id: "ok", kind: .button, text: Varying("OK")),
      ViewNode(id: "logo", kind: .image, intrinsicWidth: 40),
      ViewNode(id: "bare", kind: .image),
      // Override wins on its axis only: width 100; height measured 1.2 × 10 = 12.
      ViewNode(id: "title", kind: .label, text: Varying("Hello"), fontSize: Varying(10), intrinsicWidth: 100),
      ViewNode(id: "box", kind: .view),
      ViewNode(id: "sized", kind: .view, intrinsicHeight: 30),
      ViewNode(id: "spacer", kind: .guide),
      ViewNode(id: "stack", kind: .stack, intrinsicWidth: 50),
      ViewNode(id: "empty", kind: .label),
    ]
    let doc = Layout { children }
    let r = doc.resolved(for: environment(400, 400, scale: 1))
    func size(_ id: String) -> [Double?] {
      let v = r.views.first { $0.id == id }
      return [v?.intrinsicWidth, v?.intrinsicHeight]
    }
    XCTAssertEqual(size("ok"), [33, 33])
    XCTAssertEqual(r.views.first { $0.id == "ok" }?.firstBaselineOffset ?? 0, 22.15, accuracy: 1e-9)
    XCTAssertEqual(size("logo"), [40, nil])
    XCTAssertEqual(size("bare"), [nil, nil])
    XCTAssertEqual(size("title"), [100, 12])
    XCTAssertEqual(size("box"), [nil, nil])
    XCTAssertEqual(size("sized"), [nil, 30])
    XCTAssertEqual(size("spacer"), [nil, nil])
    XCTAssertEqual(size("stack"), [nil, nil])
    XCTAssertEqual(size("empty"), [0, 0])
    XCTAssertNil(r.views.first { $0.id == "box" }?.firstBaselineOffset)
    XCTAssertNotNil(r.views.first { $0.id == "stack" }?.stack)
  }

  func testScaleDecidesTextRounding() {
    // "abc" at 17 pt is 25.5 wide: 26 at @1x, 25.5 at @2x.
    let doc = Layout { View.label("l", "abc") }
    XCTAssertEqual(doc.resolved(for: environment(10, 10, scale: 1)).views.last?.intrinsicWidth, 26)
    XCTAssertEqual(doc.resolved(for: environment(10, 10, scale: 2)).views.last?.intrinsicWidth, 25.5)
  }
}

/// The generated constraint list: content size first, then the file's, in order.
final class ConstraintSetTests: XCTestCase {
  func testContentSizeConstraintsComeFirstInDocumentOrder() {
    let children = [
      ViewNode(id: "box", kind: .view),
      // "Hi" at 10 pt: 10 × 12; label hugging defaults to 251, compression resistance 750.
      ViewNode(id: "l", kind: .label, text: Varying("Hi"), fontSize: Varying(10)),
      ViewNode(
        id: "img", kind: .image, intrinsicWidth: 40,
        hugging: AxisValues(horizontal: 700, vertical: 1),
        compressionResistance: AxisValues(horizontal: 1000, vertical: 2)),
    ]
    let doc = Layout {
      children
    } constraints: {
      Constraint("box.width == 10", id: "w")
    }
    let set = doc.resolved(for: environment(100, 100)).constraintSet()
    XCTAssertEqual(set.guides, [])
    XCTAssertEqual(
      set.constraints.map(\.description),
      [
        "l.width <= 10 @251", "l.width >= 10 @750", "l.height <= 12 @251", "l.height >= 12 @750",
        "img.width <= 40 @700", "img.width >= 40",
        "box.width == 10",
      ])
    XCTAssertEqual(
      set.constraints.map(\.id),
      [
        "l#width-hugging", "l#width-compression", "l#height-hugging", "l#height-compression",
        "img#width-hugging", "img#width-compression", "w",
      ])
    XCTAssertEqual(set.constraints.first?.origin, .intrinsic(id: "l", reason: "hugging"))
    XCTAssertEqual(set.constraints[1].origin, .intrinsic(id: "l", reason: "compressionResistance"))
  }

  /// Hiding alone does not change layout (UIKit keeps a hidden view's constraints): a hidden
  /// label keeps both axes' content-size pairs, the same as when shown. "x" at 17 pt with the
  /// fixed metric: 0.5 × 17 = 8.5 wide, 1.2 × 17 = 20.4 tall, rounded up to whole points at @1x
  /// (9 × 21); hugging 251, compression resistance 750 (a label's defaults).
  func testHiddenViewsKeepTheirContentSize() {
    let expected = ["l.width <= 9 @251", "l.width >= 9 @750", "l.height <= 21 @251", "l.height >= 21 @750"]
    for hidden in [true, false] {
      let doc = Layout { View.label("l", "x", hidden: Varying(hidden)) }
      let set = doc.resolved(for: environment(100, 100)).constraintSet()
      XCTAssertEqual(set.constraints.map(\.description), expected, "hidden: \(hidden)")
    }
  }
}
