import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// Stacks through the real resolver and engine (`LayoutEngine`), from documents built in Swift:
/// text measured by `TextMetrics` (0.5 × font size per character, 1.2 × font size per line,
/// first baseline 0.95 × font size below the top), size classes varying `hidden`, nesting,
/// and an equal-width constraint between a stack and a view inside another stack.
final class StackResolverTests: XCTestCase {
  private func spec(
    _ id: String, _ a: String, _ aAttribute: LayoutAttribute, _ relation: LayoutRelation = .equal, _ b: String? = nil,
    _ bAttribute: LayoutAttribute? = nil, constant: Double = 0, installed: Varying<Bool> = Varying(true)
  ) -> ConstraintSpec {
    ConstraintSpec(
      id: id, first: AnchorReference(item: LayoutItem(name: a), attribute: aAttribute), relation: relation,
      second: b.map { AnchorReference(item: LayoutItem(name: $0), attribute: bAttribute ?? aAttribute) }, constant: Varying(constant),
      installed: installed, source: id)
  }

  private func environment(_ width: Double, _ height: Double, vertical: SizeClass = .regular) -> Environment {
    Environment(
      containerSize: Size(width: width, height: height),
      traits: TraitCollection(horizontal: .compact, vertical: vertical),
      scale: 1)
  }

  /// A horizontal first-baseline stack of labels at 20 pt ("Big": 30 × 24, baseline 19) and
  /// 10 pt ("small": 25 × 12, baseline 9.5), spacing 8, pinned at (10, 10). The baselines
  /// meet at 10 + 19 = 29 (the bigger label is the topmost and touches the stack's top), so
  /// the small label's top is 29 − 9.5 = 19.5. Stack: 30 + 8 + 25 = 63 wide, 24 tall (the big
  /// label's bottom, 34, is the lowest; the small one ends at 31.5).
  func testFirstBaselineAlignmentWithMeasuredLabels() throws {
    let root = ViewNode(
      id: "root", kind: .view,
      children: [
        ViewNode(
          id: "row", kind: .stack,
          children: [
            ViewNode(id: "big", kind: .label, text: Varying("Big"), fontSize: Varying(20)),
            ViewNode(id: "small", kind: .label, text: Varying("small"), fontSize: Varying(10)),
          ],
          stack: StackProperties(alignment: Varying(.firstBaseline), spacing: Varying(8)))
      ])
    let document = LayoutDocument(
      file: "baseline", root: root,
      constraints: [
        spec("l", "row", .leading, .equal, "root", constant: 10), spec("t", "row", .top, .equal, "root", constant: 10),
      ])
    let result = LayoutEngine(document: document).layout(in: environment(200, 100))
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(result.ambiguousViews.map(\.id), [])
    assertFrame(try XCTUnwrap(result.view("big")).frame, 10, 10, 30, 24)
    assertFrame(try XCTUnwrap(result.view("small")).frame, 48, 19.5, 25, 12)
    assertFrame(try XCTUnwrap(result.view("row")).frame, 10, 10, 63, 24)
  }

  /// A vertical fill stack of three labels (17 pt: 1.2 × 17 = 20.4, rounded up to the 1 pt
  /// grid of scale 1: 21 tall) with spacing 10, the middle one hidden in compact height only,
  /// pinned at the top of a 300 × 200 root with leading and trailing 20. Regular height: tops
  /// 0, 31, 62; stack 83 tall. Compact height: the middle collapses (height 0, 5 pt on each
  /// side): tops 0, 26 (hidden), 31; stack 52.
  /// The same engine moves from one to the other and back, matching fresh engines.
  func testHiddenVariesWithSizeClassAndEngineUpdatesIncrementally() throws {
    let root = ViewNode(
      id: "root", kind: .view,
      children: [
        ViewNode(
          id: "list", kind: .stack,
          children: [
            ViewNode(id: "one", kind: .label, text: Varying("one")),
            ViewNode(
              id: "two", kind: .label,
              hidden: Varying(false, variations: [.init(pattern: TraitPattern(vertical: .compact), value: true)]),
              text: Varying("two")),
            ViewNode(id: "three", kind: .label, text: Varying("three")),
          ],
          stack: StackProperties(axis: Varying(.vertical), spacing: Varying(10)))
      ])
    let document = LayoutDocument(
      file: "hidden", root: root,
      constraints: [
        spec("t", "list", .top, .equal, "root"), spec("l", "list", .leading, .equal, "root", constant: 20),
        spec("r", "list", .trailing, .equal, "root", constant: -20),
      ])
    let regular = environment(300, 200)
    let compact = environment(300, 200, vertical: .compact)
    let engine = LayoutEngine(document: document)
    let regularFrames: [(String, Double, Double)] = [
      ("one", 0, 21), ("two", 31, 21), ("three", 62, 21), ("list", 0, 83),
    ]
    let compactFrames: [(String, Double, Double)] = [
      ("one", 0, 21), ("two", 26, 0), ("three", 31, 21), ("list", 0, 52),
    ]
    for (env, expected) in [(regular, regularFrames), (compact, compactFrames), (regular, regularFrames)] {
      let incremental = engine.layout(in: env)
      let fresh = LayoutEngine(document: document).layout(in: env)
      XCTAssertFalse(incremental.hasConflicts)
      XCTAssertEqual(incremental.ambiguousViews.map(\.id), [])
      for (id, y, height) in expected {
        assertFrame(try XCTUnwrap(incremental.view(id)).frame, 20, y, 260, height, "\(env.traits) \(id)")
        XCTAssertEqual(incremental.view(id)?.frame, fresh.view(id)?.frame, "\(env.traits) \(id)")
      }
    }
  }

  /// Nested stacks with a cross-stack equal width: outer horizontal fill stack (spacing 8) of
  /// [left, side]; left = horizontal fillEqually (spacing 8) of a, b, c; `side.width == a.width`.
  /// Root 400 × 100, outer pinned 8 from each edge: 3w + 16 + 8 + w = 384 → w = 90; a at 8,
  /// b at 106, c at 204, side at 302; all 84 tall.
  func testEqualWidthBetweenAStackAndAViewInAnotherStack() throws {
    let root = ViewNode(
      id: "root", kind: .view,
      children: [
        ViewNode(
          id: "outer", kind: .stack,
          children: [
            ViewNode(
              id: "left", kind: .stack,
              children: ["a", "b", "c"].map { ViewNode(id: $0, kind: .view) },
              stack: StackProperties(distribution: Varying(.fillEqually), spacing: Varying(8))),
            ViewNode(
              id: "side", kind: .stack, children: [ViewNode(id: "d", kind: .view)],
              stack: StackProperties(axis: Varying(.vertical))),
          ],
          stack: StackProperties(spacing: Varying(8)))
      ])
    let document = LayoutDocument(
      file: "nested", root: root,
      constraints: [
        spec("t", "outer", .top, .equal, "root", constant: 8),
        spec("b", "outer", .bottom, .equal, "root", constant: -8),
        spec("l", "outer", .leading, .equal, "root", constant: 8),
        spec("r", "outer", .trailing, .equal, "root", constant: -8), spec("w", "side", .width, .equal, "a", .width),
      ])
    let result = LayoutEngine(document: document).layout(in: environment(400, 100))
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(result.ambiguousViews.map(\.id), [])
    for (id, x) in [("a", 8.0), ("b", 106), ("c", 204), ("side", 302), ("d", 302)] {
      assertFrame(try XCTUnwrap(result.view(id)).frame, x, 8, 90, 84, id)
    }
  }
}
