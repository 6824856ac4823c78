import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// A conflict explained in one environment is not searched for again in another when its
/// constraints are the same equations there (``ConflictMemo``); the report is a fresh engine's.
final class ConflictMemoTests: XCTestCase {
  private func document(_ views: [String], _ constraints: [String]) -> LayoutDocument {
    Layout {
      views.map { ViewNode(id: $0, kind: .view) }
    } constraints: {
      constraints
    }
  }

  /// `a.width == 20` conflicts with `a.width == 10` alone (worked out by hand: the two widths
  /// are the only constraints on `a.width`), in every environment. The second environment has
  /// another key (another text size: the document picks nothing by size class and reads no
  /// margins, but the engine keys solvers by text size whatever the document); this small layout
  /// keeps one solver and diffs it, and the diff reports the broken constraint with the set from
  /// the first (`ConflictMoveTests`).
  func testASetFoundInOneEnvironmentIsReusedInAnother() {
    let doc = document(
      ["a"], ["a.leading == root.leading", "a.top == root.top", "a.height == 10", "a.width == 10", "a.width == 20"])
    let engine = LayoutEngine(document: doc)
    let first = solve(engine, environment(375, 667, wChR))
    XCTAssertEqual(engine.conflictsReused, 0)
    var landscape = environment(667, 375, wChC)
    landscape.contentSizeCategory = .extraLarge
    let second = solve(engine, landscape)
    XCTAssertEqual(engine.lastUpdate?.route, .diffed)
    XCTAssertEqual(engine.conflictsReused, 1)
    assertRect(second, "a", 0, 0, 10, 10)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#5"])
    let expected = [
      "'constraint#4' a.width == 10", "'constraint#5' a.width == 20",
      "Will attempt to recover by breaking constraint 'constraint#5' a.width == 20.",
      // Two constant widths of the app: the rule's last step, by order.
      "UIKit breaks the later-added of equal shapes (a guess); docs/semantics.md, \"Which constraint UIKit breaks\".",
    ]
    XCTAssertEqual(first.diagnostics.first?.notes.map(\.message), expected)
    XCTAssertEqual(second.diagnostics.first?.notes.map(\.message), expected)
    // Exactly what an engine that never saw the first environment reports.
    let fresh = LayoutEngine(document: doc).layout(in: landscape)
    XCTAssertEqual(second.diagnostics, fresh.diagnostics)
    XCTAssertEqual(second.views, fresh.views)
  }

  /// A set that names the container is a set for that container size only: in a wider
  /// container the width 500 still conflicts (the view spans the root: 400 ≠ 500), but the
  /// container's constraint is another equation (root.width == 400), so the set is searched
  /// for again and names the new size.
  func testASetNamingAnotherContainerSizeIsSearchedAgain() {
    let doc = document(
      ["a"],
      [
        "a.leading == root.leading", "a.trailing == root.trailing", "a.width == 500", "a.top == root.top",
        "a.height == 10",
      ])
    let engine = LayoutEngine(document: doc)
    let narrow = solve(engine, environment(375, 667, wChR))
    XCTAssertEqual(
      narrow.diagnostics.first?.notes.first?.message,
      "'UIView-Encapsulated-Layout-Width' root.width == 375 (the container's width)")
    let wide = environment(400, 300, wChC)
    let result = solve(engine, wide)
    XCTAssertEqual(engine.conflictsReused, 0)
    XCTAssertEqual(
      result.diagnostics.first?.notes.map(\.message),
      [
        "'UIView-Encapsulated-Layout-Width' root.width == 400 (the container's width)",
        "'constraint#1' a.leading == root.leading", "'constraint#2' a.trailing == root.trailing",
        "'constraint#3' a.width == 500",
        "Will attempt to recover by breaking constraint 'constraint#3' a.width == 500.",
        "UIKit breaks the app's constraint before the container's size (observed in conflict logs), and a constant size "
          + "before a trailing or bottom pin (observed in conflict logs); docs/semantics.md, \"Which constraint UIKit breaks\".",
      ])
    assertRect(result, "a", 0, 0, 400, 10)
    XCTAssertEqual(result.diagnostics, LayoutEngine(document: doc).layout(in: wide).diagnostics)
  }

  /// A chain of 300 views (1,200 required constraints with the container's, more than the
  /// solver searches without a certificate) and a width that conflicts with it: the set is
  /// not listed, in either environment, and the second (another key: its own solver, built
  /// afresh) does not ask the solver again.
  func testAConflictWithoutItsSetIsReportedSoAgainWithoutASearch() {
    let count = 300
    var constraints = ["v0.leading == root.leading", "v0.top == root.top", "v0.height == 10"]
    for i in 1..<count {
      constraints += [
        "v\(i).leading == v\(i - 1).trailing", "v\(i).top == v\(i - 1).top", "v\(i).width == v\(i - 1).width",
        "v\(i).height == 10",
      ]
    }
    constraints += ["v\(count - 1).trailing == root.trailing", "v7.width == 2"]
    let doc = document((0..<count).map { "v\($0)" }, constraints)
    let engine = LayoutEngine(document: doc)
    engine.checksAmbiguity = false
    let first = solve(engine, environment(375, 667, wChR))
    // Same size, another size class and text size: another solver (the document picks nothing
    // by size class, and measures no text, but the engine keys solvers by text size whatever the
    // document), the same equations.
    var other = environment(375, 667, wRhR)
    other.contentSizeCategory = .extraLarge
    let second = solve(engine, other)
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(engine.conflictsReused, 1)
    for result in [first, second] {
      XCTAssertEqual(result.diagnostics.filter { $0.code == "unsatisfiable" }.count, 1)
      XCTAssertEqual(
        result.diagnostics.first?.notes.first?.message.hasPrefix("The constraints it conflicts with are not listed"),
        true)
      // The chain is kept: each view 375 / 300 = 1.25 wide.
      assertRect(result, "v7", 7 * 1.25, 0, 1.25, 10, accuracy: 1e-9)
    }
    let fresh = LayoutEngine(document: doc)
    fresh.checksAmbiguity = false
    XCTAssertEqual(second.diagnostics, fresh.layout(in: other).diagnostics)
  }
}
