import TrellisSolver
import XCTest

/// `Solver.dependence(of:)`: what a value rests on, read from the optimal basis (`trellis why`).
/// Every expected value below is worked by hand from the constraints written in the test.
final class DependenceTests: XCTestCase {
  /// A container `w == 300`, a left margin `a == 10`, and `a + width + 10 == w`: by hand
  /// `width = w − a − 10 = 280`. Per unit of each constraint's constant (`expression + c`):
  /// `w − 300` gives w = −c, so width moves by −1; `a − 10` gives a = −c, width = w − a − 10
  /// moves by +1; `a + width + 10 − w` gives width = w − a − c, −1. And
  /// `(−1)(−300) + (1)(−10) + (−1)(10) = 280`. The same with markers or compact equalities.
  func testAChainOfEqualitiesGivesEachConstraintItsRate() throws {
    for storage in [Solver.EqualityStorage.removable, .compact] {
      let solver = Solver()
      let (w, a, width) = (solver.makeVariable("w"), solver.makeVariable("a"), solver.makeVariable("width"))
      let container = Constraint(w - 300, .equal), margin = Constraint(a - 10, .equal)
      let chain = Constraint(a + width + 10 - w, .equal)
      for constraint in [container, margin, chain] {
        try solver.add(constraint, onConflict: .throwError, storage: storage)
      }
      let found = try XCTUnwrap(solver.dependence(of: [LinearExpression(width)]).first)
      XCTAssertEqual(found.value, 280)
      XCTAssertNil(found.range)
      XCTAssertEqual(found.terms.map(\.constraint), [container, margin, chain], "\(storage)")
      XCTAssertEqual(found.terms.map(\.rate), [-1, 1, -1], "\(storage)")
      XCTAssertEqual(found.terms.map(\.constant), [-300, -10, 10], "\(storage)")
      XCTAssertEqual(found.terms.reduce(0) { $0 + $1.rate * $1.constant }, 280, "\(storage)")
      // An expression, `a + width / 2` (a centre) = 10 + 140: its rates are a's plus half of
      // width's. a = −c₂ alone: (0, −1, 0); so (0 − ½, −1 + ½, 0 − ½) = (−½, −½, −½).
      let centre = try XCTUnwrap(solver.dependence(of: [a + 0.5 * width]).first)
      XCTAssertEqual(centre.value, 150)
      XCTAssertEqual(centre.terms.map(\.rate), [-0.5, -0.5, -0.5], "\(storage)")
    }
  }

  /// Past the limit of compact equalities read with markers, the live tableau is read: the same
  /// chain with every equality compact names no term, and its whole value, 280, is unattributed.
  /// Under the limit nothing is.
  func testPastTheLimitCompactEqualitiesAreOneUnattributedNumber() throws {
    let solver = Solver()
    let (w, a, width) = (solver.makeVariable("w"), solver.makeVariable("a"), solver.makeVariable("width"))
    for constraint in [Constraint(w - 300, .equal), Constraint(a - 10, .equal), Constraint(a + width + 10 - w, .equal)]
    {
      try solver.add(constraint, onConflict: .throwError, storage: .compact)
    }
    let past = try XCTUnwrap(solver.dependence(of: [LinearExpression(width)], itemizingUpTo: 2).first)
    XCTAssertEqual(past.value, 280)
    XCTAssertTrue(past.terms.isEmpty)
    XCTAssertEqual(past.unattributed, 280)
    let under = try XCTUnwrap(solver.dependence(of: [LinearExpression(width)], itemizingUpTo: 3).first)
    XCTAssertEqual(under.terms.count, 3)
    XCTAssertEqual(under.unattributed, 0)
  }

  /// An inequality with room moves nothing; the optional constraint that lost moves nothing;
  /// the one that won is a step. `x ≥ 0`, `x ≤ 100` (both required), `x == 150 @500` (lost: x
  /// stops at 100, the `≤` is tight), `x == 20 @250` (lost too). By hand x = 100, resting on
  /// `x − 100 ≤ 0` alone: rate −1 on its constant −100.
  func testOnlyTightConstraintsAreSteps() throws {
    let solver = Solver()
    let x = solver.makeVariable("x")
    let floor = Constraint(LinearExpression(x), .greaterThanOrEqual)
    let ceiling = Constraint(x - 100, .lessThanOrEqual)
    try solver.add(floor)
    try solver.add(ceiling)
    try solver.add(Constraint(x - 150, .equal, priority: 500))
    try solver.add(Constraint(x - 20, .equal, priority: 250))
    let found = try XCTUnwrap(solver.dependence(of: [LinearExpression(x)]).first)
    XCTAssertEqual(found.value, 100)
    XCTAssertEqual(found.terms.map(\.constraint), [ceiling])
    XCTAssertEqual(found.terms.map(\.rate), [-1])
    XCTAssertNil(found.range)
  }

  /// `y == x + 5` with `0 ≤ x ≤ 100` and nothing else: y can be anything from 5 to 105, both
  /// inequalities leave it free; `z`, in no constraint, can be anything at all.
  func testAnAmbiguousValueHasItsRangeAndWhatLeavesItFree() throws {
    let solver = Solver()
    let (x, y, z) = (solver.makeVariable("x"), solver.makeVariable("y"), solver.makeVariable("z"))
    let floor = Constraint(LinearExpression(x), .greaterThanOrEqual)
    let ceiling = Constraint(x - 100, .lessThanOrEqual)
    try solver.add(floor)
    try solver.add(ceiling)
    try solver.add(Constraint(y - x - 5, .equal), onConflict: .throwError, storage: .compact)
    let found = solver.dependence(of: [LinearExpression(y), LinearExpression(z)])
    XCTAssertEqual(found[0].range?.lower, 5)
    XCTAssertEqual(found[0].range?.upper, 105)
    // The row names the inequality that is tight now; the walks name what stops each end.
    XCTAssertFalse(found[0].freeConstraints.isEmpty)
    XCTAssertEqual(found[0].range?.lowerLimits, [floor])
    XCTAssertEqual(found[0].range?.upperLimits, [ceiling])
    XCTAssertEqual(found[1].range?.lower, -.infinity)
    XCTAssertEqual(found[1].range?.upper, .infinity)
    XCTAssertEqual(found[1].freeVariables, ["z"])
    // Determined values are not: x + (100 − x) is 100 whatever x is.
    let sum = try XCTUnwrap(solver.dependence(of: [x + (100 - x)]).first)
    XCTAssertNil(sum.range)
  }
}
