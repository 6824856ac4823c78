import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// A solver that broke required constraints moves to another container of its environment key
/// without a rebuild only when the move cannot change what is broken (``RejectionDependence``);
/// either way the result is a fresh engine's.
final class ConflictMoveTests: XCTestCase {
  private func document(_ constraints: [String]) -> LayoutDocument {
    Layout {
      [ViewNode(id: "a", kind: .view)]
    } constraints: {
      constraints
    }
  }

  /// Both are iPhone landscape containers wider than 375 pt: one environment key.
  private let small = environment(568, 320, wChC)
  private let large = environment(874, 402, wChC)

  private func assertSameAsFresh(
    _ result: LayoutResult, _ engine: LayoutEngine, _ environment: Environment, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let fresh = LayoutEngine(document: engine.document)
    let expected = fresh.layout(in: environment)
    XCTAssertEqual(result.views, expected.views, file: file, line: line)
    XCTAssertEqual(result.diagnostics, expected.diagnostics, file: file, line: line)
    XCTAssertEqual(engine.rejectedConstraints, fresh.rejectedConstraints, file: file, line: line)
  }

  /// `a.width == 20` against `a.width == 10`: nothing else names `a.width`, so the container's
  /// size cannot matter, and the larger container is a move that breaks it again.
  func testAConflictTheContainerCannotReachMovesWithoutARebuild() {
    let engine = LayoutEngine(
      document: document([
        "a.leading == root.leading", "a.top == root.top", "a.height == 10", "a.width == 10", "a.width == 20",
      ]))
    XCTAssertEqual(solve(engine, small).diagnostics.map(\.code), ["unsatisfiable"])
    let moved = solve(engine, large)
    XCTAssertNotEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#5"])
    XCTAssertTrue(moved.hasConflicts)
    assertRect(moved, "a", 0, 0, 10, 10)
    XCTAssertEqual(moved.diagnostics.map(\.environments), [[large]])
    assertSameAsFresh(moved, engine, large)
  }

  /// `a.width == 500` with `a` spanning the root: the root's width is in its block, so another
  /// container size rebuilds, and the report names the new width (874, not 568).
  func testAConflictWithTheContainerRebuildsInAnotherSize() {
    let engine = LayoutEngine(
      document: document([
        "a.leading == root.leading", "a.trailing == root.trailing", "a.width == 500", "a.top == root.top",
        "a.height == 10",
      ]))
    solve(engine, small)
    let resized = solve(engine, large)
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(
      resized.diagnostics.first?.notes.first?.message,
      "'UIView-Encapsulated-Layout-Width' root.width == 874 (the container's width)")
    assertRect(resized, "a", 0, 0, 874, 10)
    assertSameAsFresh(resized, engine, large)
    // The same size again is a move: nothing in the block changed.
    let again = solve(engine, large)
    XCTAssertNotEqual(engine.lastUpdate?.route, .rebuilt)
    assertSameAsFresh(again, engine, large)
  }

  /// `a.top == safeArea.top` then `a.top == root.top + 30`: with a 20-pt inset the second is
  /// broken (a.y = 20); with a 30-pt inset both hold (a.y = 30; worked out by hand). The insets
  /// are in the broken constraint's block, so the new insets rebuild, and nothing is broken.
  func testAConflictThatReadsTheSafeAreaRebuildsWhenTheInsetsChange() {
    let engine = LayoutEngine(
      document: document([
        "a.top == safeArea.top", "a.top == root.top + 30", "a.leading == root.leading", "a.width == 10",
        "a.height == 10",
      ]))
    let inset20 = environment(568, 320, wChC, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    let inset30 = environment(568, 320, wChC, safeArea: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
    let first = solve(engine, inset20)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#2"])
    assertRect(first, "a", 0, 20, 10, 10)
    let second = solve(engine, inset30)
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(engine.rejectedConstraints, [])
    XCTAssertFalse(second.hasConflicts)
    assertRect(second, "a", 0, 30, 10, 10)
    assertSameAsFresh(second, engine, inset30)
  }
}
