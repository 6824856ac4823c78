import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// What the engine does to its solvers on each move: `lastUpdate`, the cache bound, and
/// that moves within one environment key regenerate nothing.
final class RelayoutCacheTests: XCTestCase {
  private typealias Update = LayoutEngine.Update

  /// The portal document has 18 constraints in every size class (14 file + 4 content size).
  private let portalCount = 18

  func testFirstLayoutBuildsAndTheSameEnvironmentChangesNothing() {
    let engine = LayoutEngine(document: portalDocument())
    _ = engine.layout(in: Devices.iPhone8Portrait)
    XCTAssertEqual(
      engine.lastUpdate, Update(route: .rebuilt, added: portalCount, removed: 0, constantsChanged: 0, kept: 0))
    XCTAssertEqual(engine.lastUpdate?.rebuilt, true)
    XCTAssertEqual(engine.constraintSetsGenerated, 1)
    _ = engine.layout(in: Devices.iPhone8Portrait)
    XCTAssertEqual(
      engine.lastUpdate, Update(route: .diffed, added: 0, removed: 0, constantsChanged: 0, kept: portalCount))
    XCTAssertEqual(engine.constraintSetsGenerated, 1, "same environment: nothing regenerated")
  }

  func testSizeOnlyMoveUsesEditVariablesOnly() {
    let engine = LayoutEngine(document: portalDocument())
    _ = engine.layout(in: Devices.iPhone8Portrait)
    // iPhone SE portrait: same traits, direction, scale and insets; only the size differs.
    let r = solve(engine, Devices.iPhoneSEPortrait)
    XCTAssertEqual(
      engine.lastUpdate, Update(route: .diffed, added: 0, removed: 0, constantsChanged: 0, kept: portalCount))
    XCTAssertEqual(engine.constraintSetsGenerated, 1)
    // The root's leading and trailing margins are the system minimum 16 (≤ 375 wide), top
    // and bottom its own 8: content 16 … 320 − 16 = 304, 72 … 568 − 8 = 560.
    assertRect(r, "content", 16, 72, 288, 488)
  }

  func testSafeAreaMoveChangesOnlyTheConstantsThatReadIt() {
    let engine = LayoutEngine(document: portalDocument())
    _ = engine.layout(in: Devices.iPhone8PlusLandscape)
    // Same key (wR hC, LTR, @3x), insets 0 → 0, 44, 21, 44. Constants that read the safe
    // area and change: header.leading (0 → −44), header.trailing (0 → 44 − 88), the root's
    // leadingMargin (20 → 64), bottomMargin (8 → 29) and trailingMargin (20 → 64): 5.
    // header.top == safeArea.top reads it too, but the top inset stays 0.
    let r = solve(engine, Devices.iPhone11ProMaxLandscape)
    XCTAssertEqual(engine.lastUpdate, Update(route: .diffed, added: 0, removed: 0, constantsChanged: 5, kept: 13))
    XCTAssertEqual(engine.constraintSetsGenerated, 1)
    assertRect(r, "header", 44, 0, 808, 32)
    assertRect(r, "sidebar", 608, 40, 224, 345)  // trailing 896 − 64 = 832, width 896 / 4
    // And back: the same five return to their old values.
    _ = solve(engine, Devices.iPhone8PlusLandscape)
    XCTAssertEqual(engine.lastUpdate, Update(route: .diffed, added: 0, removed: 0, constantsChanged: 5, kept: 13))
  }

  func testFirstVisitBuildsAndLaterVisitsReuseTheCachedSolver() {
    let engine = LayoutEngine(document: portalDocument())
    _ = engine.layout(in: Devices.iPhone8Portrait)
    _ = engine.layout(in: Devices.iPhone8Landscape)  // wC hC: a new solver, portrait's kept
    XCTAssertEqual(
      engine.lastUpdate, Update(route: .rebuilt, added: portalCount, removed: 0, constantsChanged: 0, kept: 0))
    XCTAssertEqual(engine.constraintSetsGenerated, 2)
    _ = engine.layout(in: Devices.iPhone8Portrait)
    XCTAssertEqual(
      engine.lastUpdate,
      Update(route: .reusedCachedSolver, added: 0, removed: 0, constantsChanged: 0, kept: portalCount))
    XCTAssertEqual(engine.lastUpdate?.rebuilt, false)
    // iPhone SE landscape uses iPhone 8 landscape's solver: a switch plus a size move.
    _ = engine.layout(in: Devices.iPhoneSELandscape)
    XCTAssertEqual(
      engine.lastUpdate,
      Update(route: .reusedCachedSolver, added: 0, removed: 0, constantsChanged: 0, kept: portalCount))
    XCTAssertEqual(engine.constraintSetsGenerated, 2, "rotations between seen size classes regenerate nothing")
  }

  func testSwitchingToACachedSolverAlsoMovesItsSafeArea() {
    let engine = LayoutEngine(document: portalDocument())
    _ = engine.layout(in: Devices.iPhone11ProMaxLandscape)
    _ = engine.layout(in: Devices.iPadPortrait)
    // Back to wR hC, now with no insets: the cached solver takes the five constants back.
    let r = solve(engine, Devices.iPhone8PlusLandscape)
    XCTAssertEqual(
      engine.lastUpdate, Update(route: .reusedCachedSolver, added: 0, removed: 0, constantsChanged: 5, kept: 13))
    // 736 wide (root margins 20 at the sides): sidebar 0.25 × 736 = 184, trailing 736 − 20 =
    // 716 → x 532; content 20 … 532 − 8 = 524.
    assertRect(r, "sidebar", 532, 40, 184, 366)
    assertRect(r, "content", 20, 40, 504, 366)
  }

  func testSmallLayoutsDiffOneSolver() {
    let engine = LayoutEngine(document: smallDocument())
    _ = engine.layout(in: Devices.iPhone8Portrait)
    XCTAssertEqual(engine.lastUpdate, Update(route: .rebuilt, added: 10, removed: 0, constantsChanged: 0, kept: 0))
    // wC hR → wC hC: flips.top/left go, leading/top come; the label's text changes
    // ("Flips: 0" 40 × 12 → "Flips\n0" 25 × 24), so its 4 content-size constants change, and
    // box.top == safeArea.top goes from 20 to 0; box.left (inset 0), width and height stay.
    _ = engine.layout(in: Devices.iPhone8Landscape)
    XCTAssertEqual(engine.lastUpdate, Update(route: .diffed, added: 2, removed: 2, constantsChanged: 5, kept: 3))
    XCTAssertEqual(engine.cachedKeys.count, 1)
    // And back: the same diff the other way (the first visit's solver was the only one).
    _ = engine.layout(in: Devices.iPhone8Portrait)
    XCTAssertEqual(engine.lastUpdate, Update(route: .diffed, added: 2, removed: 2, constantsChanged: 5, kept: 3))
    XCTAssertEqual(engine.constraintSetsGenerated, 3)
  }

  /// A priority that varies between required and optional (docs/layout-format.md): the
  /// width is required 100 in regular height and @250 in compact height, where an @500
  /// width of 30 beats it. The live engine (a diffed solver) matches fresh engines both ways.
  func testPriorityVaryingBetweenRequiredAndOptionalOnALiveEngine() {
    let document = Layout {
      View("box")
    } constraints: {
      ["box.left == safeArea.left", "box.top == safeArea.top", "box.height == 50"]
      Constraint("box.width == 100", priority: Varying(1000, ["hC": 250]))
      "box.width == 30 @500"
    }
    let engine = LayoutEngine(document: document)
    for env in [Devices.iPhone8Portrait, Devices.iPhone8Landscape, Devices.iPhone8Portrait, Devices.iPhone8Landscape] {
      let live = solve(engine, env)
      let fresh = LayoutEngine(document: document).layout(in: env)
      assertSameResult(live, fresh, "\(env.traits)")
      let compact = env.traits.vertical == .compact
      assertRect(live, "box", 0, compact ? 0 : 20, compact ? 30 : 100, 50)
      XCTAssertEqual(live.hasConflicts, false)
    }
    XCTAssertEqual(engine.lastUpdate?.route, .diffed)
  }

  /// Past `cachingCeiling` constraints a layout keeps one solver, whatever the size classes:
  /// memory over speed for layouts far beyond a screen.
  func testAVeryLargeLayoutKeepsOneSolver() throws {
    let views = (0..<6000).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    let text = """
      {"root": {"children": [{"id": "s", "kind": "stack", "axis": "vertical", "distribution": "fillEqually",
        "children": [\(views)]}]},
       "constraints": ["s.top == root.top", "s.bottom == root.bottom", "s.leading == root.leading",
                       "s.trailing == root.trailing"]}
      """
    let document = try XCTUnwrap(LayoutReader.parse(text, file: "large.json").document)
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    for env in [Devices.iPhone8Portrait, Devices.iPhone8Landscape] {
      let result = engine.layout(in: env)
      XCTAssertGreaterThan(engine.installedConstraints.count, LayoutEngine.cachingCeiling, "\(env.traits)")
      XCTAssertEqual(engine.cachedKeys.count, 1, "\(env.traits)")
      // Each of the 6,000 views is an equal share of the height.
      let height = env.containerSize.height / 6000
      assertRect(result, "v5999", 0, 5999 * height, env.containerSize.width, height, accuracy: 1e-9)
    }
  }

  func testTheCacheKeepsTheMostRecentlyUsedSolvers() {
    let engine = LayoutEngine(document: portalDocument())
    // Eight keys: four size classes in both directions.
    var keys: [LayoutEngine.EnvironmentKey] = []
    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
      for env in Devices.oneOfEachClass {
        var moved = env
        moved.layoutDirection = direction
        _ = engine.layout(in: moved)
        keys.append(LayoutEngine.EnvironmentKey(moved))
        XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
        XCTAssertLessThanOrEqual(engine.cachedKeys.count, LayoutEngine.solverCacheLimit)
      }
    }
    XCTAssertEqual(LayoutEngine.solverCacheLimit, 4)
    // The four right-to-left ones are kept, least recently used first.
    XCTAssertEqual(engine.cachedKeys, Array(keys[4...]))
    // The oldest kept one is reused and becomes the most recent.
    var rtlPortrait = Devices.iPhone8Portrait
    rtlPortrait.layoutDirection = .rightToLeft
    _ = engine.layout(in: rtlPortrait)
    XCTAssertEqual(engine.lastUpdate?.route, .reusedCachedSolver)
    XCTAssertEqual(engine.cachedKeys, [keys[5], keys[6], keys[7], keys[4]])
    // An evicted one is built again, evicting the least recently used (keys[5]).
    _ = engine.layout(in: Devices.iPhone8Landscape)
    XCTAssertEqual(engine.lastUpdate?.route, .rebuilt)
    XCTAssertEqual(engine.cachedKeys, [keys[6], keys[7], keys[4], keys[1]])
  }

  func testUpdateRebuiltMapsToRoutes() {
    XCTAssertEqual(
      Update(rebuilt: true, added: 1, removed: 0, constantsChanged: 0, kept: 0),
      Update(route: .rebuilt, added: 1, removed: 0, constantsChanged: 0, kept: 0))
    XCTAssertEqual(
      Update(rebuilt: false, added: 0, removed: 0, constantsChanged: 2, kept: 3),
      Update(route: .diffed, added: 0, removed: 0, constantsChanged: 2, kept: 3))
    var update = Update(route: .reusedCachedSolver, added: 0, removed: 0, constantsChanged: 0, kept: 1)
    XCTAssertFalse(update.rebuilt)
    update.rebuilt = true
    XCTAssertEqual(update.route, .rebuilt)
  }
}
