import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

import class TrellisSolver.Solver

/// One engine moved through environments in many orders gives a fresh engine's result in each:
/// cached solvers, moves without regeneration, first visits and diffs.
final class RelayoutEquivalenceTests: XCTestCase {
  private let portraitIndex = Devices.all.firstIndex { $0 == Devices.iPhone8Portrait } ?? 0
  private let proMaxIndex = Devices.all.firstIndex { $0 == Devices.iPhone11ProMaxLandscape } ?? 0

  /// Frames worked out by hand, so the oracle (a fresh engine) is itself checked.
  func testPortalFramesByHand() {
    let engine = LayoutEngine(document: portalDocument())
    // iPhone 8 portrait, 375 × 667, status bar 20, root margins 8 top and bottom, the system
    // minimum 16 leading and trailing (+ the safe area).
    var r = solve(engine, Devices.iPhone8Portrait)
    assertRect(r, "header", 0, 20, 375, 44)
    // "Trellis" at 17 pt: 7 × 8.5 = 59.5 wide; 20.4 tall → 41 px @2x = 20.5. Centred on
    // (187.5, 20 + 22 = 42): x = 187.5 − 29.75 = 157.75, y = 42 − 10.25 = 31.75.
    assertRect(r, "title", 157.75, 31.75, 59.5, 20.5)
    XCTAssertEqual(r.view("title")?.frameInParent, Rect(x: 157.75, y: 11.75, width: 59.5, height: 20.5))
    // Content: leading 0 + 16, top 64 + 8 = 72, trailing 375 − 16 = 359, bottom 667 − 8 = 659.
    assertRect(r, "content", 16, 72, 343, 587)
    // Compact width: the sidebar is hidden, at the content's trailing edge, zero wide.
    assertRect(r, "sidebar", 359, 72, 0, 587)
    XCTAssertEqual(r.view("sidebar")?.hidden, true)

    // iPhone 11 Pro Max landscape, 896 × 414 @3x, insets 0, 44, 21, 44: a new size class.
    r = solve(engine, Devices.iPhone11ProMaxLandscape)
    // Header 44 … 896 − 44 = 852, 32 tall in compact height.
    assertRect(r, "header", 44, 0, 808, 32)
    // "Tr": 17 wide (51 px); 20.4 → 62 px @3x = 62/3 tall. Centre (448, 16).
    assertRect(r, "title", 439.5, 16 - 31.0 / 3, 17, 62.0 / 3)
    // Root margins (20 at the sides: wider than 375; 8 at the bottom) + insets: left 64,
    // right 64, bottom 29. Sidebar 0.25 × 896 = 224 wide, trailing 896 − 64 = 832 → x 608;
    // content 64 … 608 − 8 = 600; rows 32 + 8 = 40 … 414 − 29 = 385.
    assertRect(r, "content", 64, 40, 536, 345)
    assertRect(r, "sidebar", 608, 40, 224, 345)
    XCTAssertEqual(r.view("title")?.text, "Tr")
    XCTAssertEqual(r.diagnostics, [])
  }

  /// Every order of one environment per size class, on a fresh engine per order.
  func testEveryOrderOfTheFourSizeClasses() {
    var fresh = FreshResults(portalDocument())
    let indices = Devices.oneOfEachClass.compactMap { env in Devices.all.firstIndex { $0 == env } }
    XCTAssertEqual(indices.count, 4)
    for order in permutations(indices) {
      let engine = LayoutEngine(document: portalDocument())
      // Each class, then each again: first visits, then switches to cached solvers.
      for index in order + order {
        assertSameResult(engine.layout(in: Devices.all[index]), fresh.result(index), "\(order) at \(index)")
      }
    }
  }

  /// A → B → A → C and longer walks over every environment: sizes and safe areas that share a
  /// solver, other scales and directions, repeats. Strict and weighted, with ambiguity checks.
  func testWalksMatchFreshEngines() {
    let walks: [[Int]] = [
      [0, 2, 0, 5], [0, 1, 0, 2, 3, 2, 0], [5, 6, 5, 6, 7, 8, 9, 8, 7], [9, 7, 9, 4, 2, 4, 3],
      deterministicWalk(length: 40, seed: 7),
    ]
    for mode in [Solver.Mode.strict, .weighted] {
      var fresh = FreshResults(portalDocument(), mode: mode)
      for walk in walks {
        let engine = LayoutEngine(document: portalDocument(), mode: mode)
        for (step, index) in walk.enumerated() {
          assertSameResult(engine.layout(in: Devices.all[index]), fresh.result(index), "\(mode) \(walk) step \(step)")
          XCTAssertLessThanOrEqual(engine.cachedKeys.count, LayoutEngine.solverCacheLimit)
        }
      }
    }
  }

  /// The small document diffs one solver; it too matches fresh engines in every walk.
  func testSmallDocumentWalksMatchFreshEngines() {
    var fresh = FreshResults(smallDocument())
    for walk in [[0, 2, 0, 5], [7, 5, 2, 0, 4, 9, 8, 1], deterministicWalk(length: 30, seed: 3)] {
      let engine = LayoutEngine(document: smallDocument())
      for (step, index) in walk.enumerated() {
        assertSameResult(engine.layout(in: Devices.all[index]), fresh.result(index), "\(walk) step \(step)")
        XCTAssertLessThanOrEqual(engine.cachedKeys.count, 1, "a small layout keeps one solver")
      }
    }
  }

  /// Pixel snapping on a cached solver gives the fresh engine's snapped frames.
  func testSnappedFramesOnCachedSolvers() {
    let document = portalDocument()
    let engine = LayoutEngine(document: document)
    for env in [Devices.iPhone8Portrait, Devices.iPhoneXLandscape, Devices.iPhone8Portrait, Devices.iPhoneXLandscape] {
      let live = engine.layout(in: env, snapToPixels: true)
      let fresh = LayoutEngine(document: document).layout(in: env, snapToPixels: true)
      assertSameResult(live, fresh, "\(env)")
    }
    XCTAssertEqual(engine.lastUpdate?.route, .reusedCachedSolver)
  }

  /// Stack views: the Concentration file's structure (stacks in stacks, hidden arranged views
  /// that change with the size class) through cached solvers and the stack memo.
  func testStacksThroughCachedSolvers() throws {
    let document = stackDocument()
    var fresh = FreshResults(document)
    let engine = LayoutEngine(document: document)
    // Five keys (wC hR @2x, wC hC @2x and @3x, wR hC @3x, wR hR @2x): the first is evicted
    // (the cache keeps four) and rebuilt at the end; wR hC @3x is still kept.
    let walk = [portraitIndex, 2, portraitIndex, 2, 4, proMaxIndex, 7, 8, proMaxIndex, portraitIndex]
    let routes: [LayoutEngine.Update.Route] = [
      .rebuilt, .rebuilt, .reusedCachedSolver, .reusedCachedSolver, .rebuilt, .rebuilt, .rebuilt, .diffed,
      .reusedCachedSolver, .rebuilt,
    ]
    for (step, index) in walk.enumerated() {
      assertSameResult(engine.layout(in: Devices.all[index]), fresh.result(index), "stack walk step \(step)")
      XCTAssertEqual(engine.lastUpdate?.route, routes[step], "stack walk step \(step)")
    }
  }

  // MARK: - Helpers

  /// A grid of rows (the last hidden in compact height) and a column shown only in compact
  /// height, in a horizontal stack pinned to the margins.
  private func stackDocument() -> LayoutDocument {
    Layout {
      Stack("grid", spacing: 8) {
        Stack("rows", axis: .vertical, distribution: .fillEqually, spacing: 8) {
          for r in 1...3 {
            Stack(
              "row\(r)", distribution: .fillEqually, spacing: 8, hidden: r == 3 ? Varying(false, ["hC": true]) : false
            ) {
              for c in 1...3 { View("card\(r)\(c)", kind: .button) }
            }
          }
        }
        Stack("extra", axis: .vertical, distribution: .fillEqually, spacing: 8, hidden: Varying(true, ["hC": false])) {
          View("extra1", kind: .button)
          View("extra2", kind: .button)
        }
      }
    } constraints: {
      "grid.top == root.topMargin"
      "grid.leading == root.leadingMargin"
      "grid.trailing == root.trailingMargin"
      "grid.bottom == root.bottomMargin"
      Constraint("extra.width == card11.width", when: "hC")
    }
  }

  private func permutations(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    var out: [[Int]] = []
    for (index, item) in items.enumerated() {
      var rest = items
      rest.remove(at: index)
      out += permutations(rest).map { [item] + $0 }
    }
    return out
  }
}

/// A reproducible walk over `Devices.all` (a linear congruential sequence).
func deterministicWalk(length: Int, seed: UInt64) -> [Int] {
  var state = seed
  return (0..<length).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(Devices.all.count))
  }
}
