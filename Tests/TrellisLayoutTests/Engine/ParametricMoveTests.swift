import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

import class TrellisSolver.Solver

/// A resize within an environment key that pivots nothing is computed from the solution's
/// dependence on the container's size (``ParametricMove``): the results are those of moving the
/// solver (frames to 1e-9, diagnostics, conflicts, ambiguity), and a resize that would pivot, or
/// anything else, goes through the solver.
final class ParametricMoveTests: XCTestCase {
  /// A view 10 from the root's leading edge and 10 from its trailing edge (@750), 40 tall under
  /// the safe area's top, at least 300 wide (required) and at most 450 wide (@900): below a
  /// 320-pt root and above a 470-pt one the trailing edge gives.
  private let stretch = Layout {
    ViewNode(id: "bar", kind: .view)
  } constraints: {
    "bar.leading == root.leading + 10"
    "bar.trailing == root.trailing - 10 @750"
    "bar.width >= 300"
    "bar.width <= 450 @900"
    "bar.top == safeArea.top"
    "bar.height == 40"
  }

  private func environment(_ width: Double, _ height: Double, top: Double = 20) -> Environment {
    Environment(
      containerSize: Size(width: width, height: height),
      traits: TraitCollection(horizontal: .compact, vertical: .regular),
      safeAreaInsets: EdgeInsets(top: top, left: 0, bottom: 0, right: 0), scale: 2)
  }

  /// By hand: at 414 × 736 the bar is 10 … 404 (394 wide) at y 20; at 460 wide 10 … 450. At 600
  /// wide the @900 `width <= 450` holds against the @750 trailing edge (10 … 460): its slack would
  /// turn negative, so that move goes through the solver. At 300 wide the required
  /// `width >= 300` holds (10 … 310), through the solver again; at 290 the new basis holds the
  /// bar at 300 and moves parametrically.
  func testFramesByHandAndTheFallBackWhenARowWouldTurnNegative() throws {
    let engine = LayoutEngine(document: stretch)
    _ = engine.layout(in: environment(414, 736))
    var result = engine.layout(in: environment(460, 736))
    XCTAssertEqual(engine.parametricMoves, 1)
    XCTAssertEqual(result.view("bar")?.frame, Rect(x: 10, y: 20, width: 440, height: 40))
    XCTAssertEqual(result.diagnostics, [])

    result = engine.layout(in: environment(600, 736))
    XCTAssertEqual(engine.parametricMoves, 1, "the slack of width <= 450 would turn negative: the solver pivots")
    XCTAssertEqual(result.view("bar")?.frame, Rect(x: 10, y: 20, width: 450, height: 40))

    result = engine.layout(in: environment(300, 736))
    XCTAssertEqual(engine.parametricMoves, 1, "the width's slack would turn negative: the solver pivots")
    XCTAssertEqual(result.view("bar")?.frame, Rect(x: 10, y: 20, width: 300, height: 40))

    result = engine.layout(in: environment(290, 736))
    XCTAssertEqual(engine.parametricMoves, 2, "the new basis holds the bar at 300 wide")
    XCTAssertEqual(result.view("bar")?.frame, Rect(x: 10, y: 20, width: 300, height: 40))

    result = engine.layout(in: environment(414, 736, top: 44))
    XCTAssertEqual(engine.parametricMoves, 2, "new safe-area insets change constants: the solver moves")
    XCTAssertEqual(result.view("bar")?.frame, Rect(x: 10, y: 44, width: 394, height: 40))
  }

  /// Every document of `Layouts/` through a walk of resizes (small and large, some across a
  /// basis change), safe-area changes and other size classes: each result equals the one of an
  /// engine that always moves the solver; so do the frames and diagnostics of ``layoutFrames``
  /// and the optional constraints left unsatisfied.
  func testWalksGiveTheSolversResults() throws {
    let sizes: [(Double, Double)] = [
      (414, 736), (430, 800), (414, 736), (600, 900), (390, 700), (1024, 1366), (200, 300), (414, 736), (415.5, 737.25),
      (800, 1200), (320, 480), (430, 800),
    ]
    var parametric = 0
    for url in try LayoutFixtures.layoutFiles() {
      let document = try XCTUnwrap(LayoutFixtures.document(url))
      for mode in [Solver.Mode.strict, .weighted] {
        let live = LayoutEngine(document: document, mode: mode)
        let framesOnly = LayoutEngine(document: document, mode: mode)
        let reference = LayoutEngine(document: document, mode: mode)
        reference.movesParametrically = false
        var frames: [Rect] = []
        for (step, size) in sizes.enumerated() {
          // Now and then another size class or safe area, then back.
          var env = environment(size.0, size.1)
          if step % 5 == 4 { env.traits = TraitCollection(horizontal: .regular, vertical: .compact) }
          if step % 7 == 6 { env.safeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 20, right: 0) }
          let context = "\(url.lastPathComponent) \(mode) step \(step) \(env.containerSize)"
          let expected = reference.layout(in: env)
          assertSameResult(live.layout(in: env), expected, context)
          let diagnostics = framesOnly.layoutFrames(in: env, into: &frames)
          XCTAssertEqual(diagnostics, expected.diagnostics, context)
          XCTAssertEqual(frames.count, expected.views.count, context)
          for (frame, view) in zip(frames, expected.views) {
            let difference = max(
              abs(frame.x - view.frame.x), abs(frame.y - view.frame.y), abs(frame.width - view.frame.width),
              abs(frame.height - view.frame.height))
            XCTAssertLessThan(difference, 1e-9, "\(context): \(view.id)")
          }
          if step % 3 == 2 {
            let broken = live.brokenOptionalConstraints, known = reference.brokenOptionalConstraints
            XCTAssertEqual(broken.map(\.constraint.id), known.map(\.constraint.id), context)
            for (a, b) in zip(broken, known) { XCTAssertEqual(a.violation, b.violation, accuracy: 1e-9, context) }
          }
        }
        XCTAssertEqual(reference.parametricMoves, 0)
        parametric += live.parametricMoves
        XCTAssertEqual(framesOnly.parametricMoves, live.parametricMoves, "\(url.lastPathComponent) \(mode)")
      }
    }
    XCTAssertGreaterThan(parametric, 20, "the walks move parametrically")
  }

  /// Snapped frames, and the checks of the new frames: a label squeezed below its text's width
  /// reports truncation on a parametric move as on the solver's.
  func testSnappingAndTheChecksOfTheNewFrames() throws {
    let document = Layout {
      ViewNode(id: "title", kind: .label, text: "Concentration", fontSize: 17)
    } constraints: {
      "title.leading == root.leading + 10.3"
      "title.trailing == root.trailing - 200.1"
      "title.top == root.top + 3.3"
    }
    let live = LayoutEngine(document: document)
    let reference = LayoutEngine(document: document)
    reference.movesParametrically = false
    for width in [414.0, 430, 300, 260, 430, 414.7] {
      let env = environment(width, 736)
      assertSameResult(
        live.layout(in: env, snapToPixels: true), reference.layout(in: env, snapToPixels: true), "\(width)")
    }
    XCTAssertGreaterThan(live.parametricMoves, 2)
    let squeezed = live.layout(in: environment(260, 736))
    XCTAssertEqual(squeezed.diagnostics.map(\.code), ["text-truncated"])
  }
}
