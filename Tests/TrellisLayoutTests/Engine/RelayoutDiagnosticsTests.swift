import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisSupport
import TrellisTestSupport
import XCTest

import class TrellisSolver.Solver

/// Conflicts, ambiguity and root-size diagnostics on cached and moved solvers are exactly a
/// fresh engine's, for the environment of each layout.
final class RelayoutDiagnosticsTests: XCTestCase {
  private let index = { (env: Environment) in Devices.all.firstIndex { $0 == env } ?? 0 }

  /// Line 18 asks for a 50 pt header in compact height, where line 4 already makes it 32:
  /// the later one (18) is broken there, every time, in the documented order.
  func testConflictInOneSizeClass() {
    let document = portalDocument(extra: [Constraint("header.height == 50", when: "hC")])
    var fresh = FreshResults(document)
    let engine = LayoutEngine(document: document)
    let walk = [
      Devices.iPhone8Portrait, Devices.iPhone8Landscape, Devices.iPhone8Portrait, Devices.iPhone8Landscape,
      Devices.iPhoneSELandscape,
    ].map(index)
    for (step, position) in walk.enumerated() {
      let env = Devices.all[position]
      let live = engine.layout(in: env)
      assertSameResult(live, fresh.result(position), "step \(step)")
      let conflicted = env.traits.vertical == .compact
      XCTAssertEqual(engine.rejectedConstraints.map(\.id), conflicted ? ["constraint#18"] : [], "step \(step)")
      if conflicted {
        // A solver that broke a required constraint is reused only where the move cannot change
        // what it broke (`RejectionDependence`). Here the header's height reaches the root's
        // height (content.top == header.bottom + 8, content.bottom == root.bottomMargin) and the
        // safe area (header.top == safeArea.top): the same iPhone 8 landscape again (step 3) is
        // a move back to that solver; the SE's smaller landscape container (step 4) rebuilds.
        XCTAssertEqual(engine.lastUpdate?.route, step == 3 ? .reusedCachedSolver : .rebuilt, "step \(step)")
        assertRect(live, "header", 0, 0, env.containerSize.width, 32)
        XCTAssertEqual(live.diagnostics.first?.code, "unsatisfiable", "step \(step)")
        XCTAssertEqual(live.diagnostics.first?.environments, [env], "step \(step)")
      } else if step > 0 {
        XCTAssertEqual(engine.lastUpdate?.route, .reusedCachedSolver, "step \(step)")
      }
    }
  }

  /// Line 18 pins the header to x = 0, which conflicts with line 1 only when the safe area
  /// has a left inset: a move within one environment key that meets it rebuilds, and the
  /// move back rebuilds too (the solver that broke a constraint is not reused).
  func testConflictOnlySomeInsetsCause() {
    // A location set to a constant is an error in a file; built in code it reaches the engine.
    let document = portalDocument(extra: [Constraint("header.leading == 0")], validated: false)
    var fresh = FreshResults(document)
    let engine = LayoutEngine(document: document)
    let plus = index(Devices.iPhone8PlusLandscape), proMax = index(Devices.iPhone11ProMaxLandscape)
    let routes: [LayoutEngine.Update.Route] = [.rebuilt, .rebuilt, .rebuilt, .diffed, .rebuilt]
    for (step, position) in [plus, proMax, plus, plus, proMax].enumerated() {
      let live = engine.layout(in: Devices.all[position])
      assertSameResult(live, fresh.result(position), "step \(step)")
      XCTAssertEqual(engine.lastUpdate?.route, routes[step], "step \(step)")
      XCTAssertEqual(engine.rejectedConstraints.map(\.id), position == proMax ? ["constraint#18"] : [], "step \(step)")
      if position == proMax { assertRect(live, "header", 44, 0, 808, 32) }  // line 1 kept: x = 44
    }
  }

  /// Without line 17 the sidebar's height is free: the warning names the environment of
  /// each layout, also when a cached solver answers.
  func testAmbiguityOnCachedSolvers() {
    let document = portalDocument(sidebarHeight: false)
    var fresh = FreshResults(document)
    let engine = LayoutEngine(document: document)
    for position in [0, 2, 0, 1, 2, 3, 5, 6, 5] {
      let env = Devices.all[position]
      let live = engine.layout(in: env)
      assertSameResult(live, fresh.result(position), "\(env)")
      XCTAssertEqual(live.ambiguousViews.map(\.id), ["sidebar"])
      XCTAssertEqual(live.diagnostics.map(\.message), ["View 'sidebar' has an ambiguous height."])
      XCTAssertEqual(live.diagnostics.map(\.environments), [[env]])
    }
  }

  /// Weighted mode: two optional widths of 2000 (600 + 500) once outweighed the container's
  /// 999.999 edit and stretched the root; the container is required now, so the root keeps
  /// the container size on every solver and nothing is reported.
  func testWeightedOptionalConstraintsNeverMoveTheRoot() {
    let document = portalDocument(extra: [
      Constraint("content.width == 2000 @600"), Constraint("content.width == 2000 @500"),
    ])
    var fresh = FreshResults(document, mode: .weighted)
    let engine = LayoutEngine(document: document, mode: .weighted)
    for position in [0, 1, 0, 1, 2, 0, 7, 2] {
      let env = Devices.all[position]
      let live = engine.layout(in: env)
      assertSameResult(live, fresh.result(position), "\(env)")
      assertRect(live, "root", 0, 0, env.containerSize.width, env.containerSize.height)
      XCTAssertFalse(live.hasConflicts, "\(env)")
      XCTAssertFalse(live.diagnostics.contains { $0.kind == .containerSize }, "\(env)")
    }
  }

  /// Strict mode: a required 500 pt content width that the container cannot give. It is added
  /// after the container, so it is the one broken, in every environment and on every route
  /// (earlier versions resized the root instead).
  func testARequiredConstraintFightingTheContainerIsBrokenOnMovedSolvers() {
    let document = portalDocument(extra: [Constraint("content.width == 500")])
    var fresh = FreshResults(document)
    let engine = LayoutEngine(document: document)
    for position in [0, 1, 0, 2, 1] {
      let env = Devices.all[position]
      let live = engine.layout(in: env)
      assertSameResult(live, fresh.result(position), "\(env)")
      assertRect(live, "root", 0, 0, env.containerSize.width, env.containerSize.height)
      XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#18"], "\(env)")
      XCTAssertEqual(engine.lastUpdate?.route, .rebuilt, "\(env)")  // a solver that broke one is not reused
      XCTAssertTrue(
        live.diagnostics.contains {
          $0.code == "unsatisfiable" && $0.environments == [env] && $0.location == document.constraints.last?.location
            && $0.notes.first?.message.hasPrefix("'UIView-Encapsulated-Layout-Width' root.width == ") == true
        }, "\(env): \(live.diagnostics.map(\.notes))")
    }
  }
}
