import TrellisSolver
import XCTest

/// `Solver.constantSensitivity(of:)`: the solution as an affine function of two constraints'
/// constants, which the layout engine's parametric moves read (issue 15).
final class SensitivityTests: XCTestCase {
  /// A "container" w × h (two required equalities, as the engine's root size): x = w/4 + 8
  /// (required), y at most h − 30 (required) and 40 if it can (@500).
  ///
  /// By hand at 100 × 50: x = 33, y = 20 (the @500 wish is 20 short). A constant moves by −Δ when
  /// the container grows by Δ (the equalities are `w − W == 0`), so x's rate is −1/4 and y's −1 on
  /// the height's constant. y reaches 40 at h = 70: up to there the basis holds; beyond, the @500
  /// error's row would turn negative.
  func testValuesRatesAndWhereTheBasisStops() throws {
    let solver = Solver(mode: .strict)
    let (w, h, x, y) = (
      solver.makeVariable("w"), solver.makeVariable("h"), solver.makeVariable("x"), solver.makeVariable("y")
    )
    let width = Constraint(w - 100, .equal), height = Constraint(h - 50, .equal)
    try solver.add(width)
    try solver.add(height)
    try solver.add(Constraint(x - 0.25 * w - 8, .equal))
    try solver.add(Constraint(y - h + 30, .lessThanOrEqual))
    try solver.add(Constraint(y - 40, .equal, priority: 500))
    XCTAssertEqual(solver.value(of: x), 33)
    XCTAssertEqual(solver.value(of: y), 20)

    let sensitivity = try XCTUnwrap(solver.constantSensitivity(of: [width, height]))
    XCTAssertTrue(solver.isCurrent(sensitivity))
    XCTAssertEqual(sensitivity.affine(at: x.slot).value, 33)
    XCTAssertEqual(sensitivity.affine(at: x.slot).rates.0, -0.25)
    XCTAssertEqual(sensitivity.affine(at: x.slot).rates.1, 0)
    XCTAssertEqual(sensitivity.affine(at: y.slot).rates.1, -1)
    // 120 × 65: x = 38, y = 35, the basis holds; 120 × 75 would need y = 45 > 40: it does not.
    XCTAssertEqual(sensitivity.value(at: x.slot, deltas: (-20, -15)), 38)
    XCTAssertEqual(sensitivity.value(at: y.slot, deltas: (-20, -15)), 35)
    XCTAssertTrue(sensitivity.staysFeasible(deltas: (-20, -15)))
    XCTAssertTrue(sensitivity.staysFeasible(deltas: (0, -20)), "exactly at y = 40")
    XCTAssertFalse(sensitivity.staysFeasible(deltas: (0, -25)))

    // What setConstant gives, while the basis holds; after it, the description is stale.
    try solver.setConstant(of: width, to: -120)
    try solver.setConstant(of: height, to: -65)
    XCTAssertEqual(solver.value(of: x), 38)
    XCTAssertEqual(solver.value(of: y), 35)
    XCTAssertFalse(solver.isCurrent(sensitivity))
    try solver.setConstant(of: height, to: -75)
    XCTAssertEqual(solver.value(of: y), 40, "past the bound the solver pivots: y stays at 40")
  }

  /// A compact equality (changing its constant rebuilds the tableau) has no description.
  func testACompactEqualityHasNone() throws {
    let solver = Solver(mode: .strict)
    let w = solver.makeVariable("w")
    let compact = Constraint(w - 100, .equal)
    _ = try solver.add(compact, onConflict: .throwError, storage: .compact)
    let other = Constraint(w - 100, .lessThanOrEqual)
    try solver.add(other)
    XCTAssertNil(solver.constantSensitivity(of: [compact, other]))
  }
}
