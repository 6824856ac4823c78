import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

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

  /// A small layout (under `LayoutEngine.cachingThreshold`) keeps one solver and diffs it into
  /// another size class. `a.width == 20` is broken again there without being tried: nothing the
  /// diff changes names `a.width`.
  func testADiffIntoAnotherSizeClassBreaksTheSameConstraintAgain() {
    let engine = LayoutEngine(
      document: document([
        "a.leading == root.leading", "a.top == root.top", "a.height == 10", "a.width == 10", "a.width == 20",
      ]))
    solve(engine, environment(375, 667, wChR))
    let iPad = environment(1024, 768, wRhR)
    let diffed = solve(engine, iPad)
    XCTAssertEqual(engine.lastUpdate?.route, .diffed)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#5"])
    assertRect(diffed, "a", 0, 0, 10, 10)
    XCTAssertEqual(diffed.diagnostics.first?.notes.first?.message, "'constraint#4' a.width == 10")
    assertSameAsFresh(diffed, engine, iPad)
  }

  /// The same with `a.width == 10` written as 20 in compact height: the diff changes a constant
  /// of the broken constraint's block, so it rebuilds, and in compact height nothing is broken
  /// (both widths are 20).
  func testADiffThatReachesTheBrokenConstraintRebuilds() {
    let doc = Layout {
      [ViewNode(id: "a", kind: .view)]
    } constraints: {
      "a.leading == root.leading"
      "a.top == root.top"
      "a.height == 10"
      Constraint("a.width == 10", constant: Varying(10, ["hC": 20]))
      "a.width == 20"
    }
    let engine = LayoutEngine(document: doc)
    solve(engine, environment(375, 667, wChR))
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#5"])
    let landscape = environment(667, 375, wChC)
    let result = solve(engine, landscape)
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(engine.rejectedConstraints, [])
    XCTAssertFalse(result.hasConflicts)
    assertRect(result, "a", 0, 0, 20, 10)
    assertSameAsFresh(result, engine, landscape)
  }

  /// Past the report cap a broken constraint has no kept set to check against. 10,001 views,
  /// each with `width == 10` then `width == 20` (20,002 constraints: more than
  /// `LayoutEngine.cachingCeiling`, so one solver is diffed between size classes), the last
  /// view's first width 20 in compact height. In wC hR all 10,001 conflict; an iPad (wR hR)
  /// changes nothing they name, so the diff breaks all 10,001 again, untried; in wC hC the last
  /// view's widths agree, so that diff must rebuild: 10,000 conflicts, 50 reported and one error
  /// counting the other 9,950. Each time what a fresh engine reports.
  func testADiffPastTheCapBreaksTheSameConstraintsAgainUnlessItReachesThem() {
    let count = 10_001
    let doc = Layout {
      (0..<count).map { ViewNode(id: "v\($0)", kind: .view) }
    } constraints: {
      for i in 0..<count {
        Constraint("v\(i).width == 10", constant: Varying(10, i == count - 1 ? ["hC": 20] : [:]))
        "v\(i).width == 20"
      }
    }
    let engine = LayoutEngine(document: doc)
    engine.checksAmbiguity = false
    solve(engine, environment(375, 667, wChR))
    XCTAssertEqual(engine.rejectedConstraints.count, count)
    for (environment, route, broken) in [
      (environment(1024, 768, wRhR), LayoutEngine.Update.Route.diffed, count),
      (environment(667, 375, wChC), .rebuilt, count - 1),
    ] {
      let result = engine.layout(in: environment)
      XCTAssertEqual(engine.lastUpdate?.route, route)
      XCTAssertEqual(engine.rejectedConstraints.count, broken)
      XCTAssertEqual(
        result.diagnostics.last?.message.hasPrefix("\(broken - 50) more required constraints could not be satisfied"),
        true)
      let fresh = LayoutEngine(document: doc)
      fresh.checksAmbiguity = false
      XCTAssertEqual(result.diagnostics, fresh.layout(in: environment).diagnostics)
      XCTAssertEqual(engine.rejectedConstraints, fresh.rejectedConstraints)
    }
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
