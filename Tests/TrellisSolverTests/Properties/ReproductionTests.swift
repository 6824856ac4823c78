import TrellisSolver
import XCTest

/// Minimal reproductions of disagreements found by the property tests (found by deleting
/// constraints from the failing random systems while the failure persisted), with the
/// expected behaviour worked out by hand. They fail until the solver is fixed.
final class ReproductionTests: XCTestCase {
  /// From DifferentialTests seed 1592590605 (strict). Required: 0.5·v1 + 3 = 0 → v1 = −6;
  /// v2 + 0.5·v1 + 1 = 0 → v2 = 3 − 1 = 2; 3·v0 − v2 + 17 = 0 → v0 = (2 − 17)/3 = −5;
  /// then v0 − v2 + 7 = −5 − 2 + 7 = 0 ≥ 0 holds with no slack (a degenerate row).
  /// The optional −0.5·v2 + 2·v0 + 15.5 = −1 − 10 + 15.5 = 4.5 ≤ 0 misses by 4.5.
  func testDegenerateAddLeavesNoInfeasibleRow() throws {
    let solver = Solver(mode: .strict)
    let v0 = solver.makeVariable("v0"), v1 = solver.makeVariable("v1"), v2 = solver.makeVariable("v2")
    try solver.add(
      Constraint(
        LinearExpression(terms: [Term(v2, -0.5), Term(v0, 2)], constant: 15.5), .lessThanOrEqual, priority: 749))
    try solver.add(Constraint(LinearExpression(terms: [Term(v1, 0.5)], constant: 3), .equal))
    try solver.add(Constraint(LinearExpression(terms: [Term(v0, 1), Term(v2, -1)], constant: 7), .greaterThanOrEqual))
    try solver.add(Constraint(LinearExpression(terms: [Term(v0, 3), Term(v2, -1)], constant: 17), .equal))
    try solver.add(Constraint(LinearExpression(terms: [Term(v2, 1), Term(v1, 0.5)], constant: 1), .equal))
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(solver.value(of: v0), -5, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v1), -6, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v2), 2, accuracy: 1e-9)
    XCTAssertEqual(solver.violationByPriority.first?.violation ?? -1, 4.5, accuracy: 1e-9)
  }

  /// From NumericalRangeTests (shape of seed 1246101505, rounded). Two optional
  /// constraints can never make `add` throw. Both can even hold: x ≥ −5e9/7000 ≈ −714285.7
  /// from the @999 one, and y ≤ (−7.5e9 − 9000·x)/0.03 for the @250 one.
  func testOptionalConstraintIsNeverUnsatisfiable() throws {
    let solver = Solver(mode: .strict)
    let x = solver.makeVariable("x"), y = solver.makeVariable("y")
    try solver.add((9000 * x + 0.03 * y + 7.5e9 <= 0).priority(250))
    try solver.add((-7000 * x - 5e9 <= 0).priority(999))
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(solver.violationByPriority.map(\.priority), [999, 250])
    for level in solver.violationByPriority {
      // Both can hold exactly; allow rounding relative to the 7.5e9 constant.
      XCTAssertLessThanOrEqual(level.violation, 1e-6 * 7.5e9, "@\(level.priority)")
    }
  }

  /// From NumericalRangeTests seed 1246101504. Both required constraints hold at x = y = 0
  /// (1417598912.67 ≥ 0 and −1436849634.14 ≤ 0), so the second must be accepted.
  func testFeasibleRequiredPairIsAccepted() throws {
    let solver = Solver(mode: .strict)
    let x = solver.makeVariable("x"), y = solver.makeVariable("y")
    let a = -2.6107017390752048 * y - 881.5573361928334 * x + 1417598912.6744823 >= 0
    let b = 1368.7067822760168 * x - 1436849634.1407092 <= 0
    try solver.add(a)
    XCTAssertNoThrow(try solver.add(b))
    XCTAssertEqual(solver.checkInvariants(), [])
    let (vx, vy) = (solver.value(of: x), solver.value(of: y))
    XCTAssertGreaterThanOrEqual(-2.6107017390752048 * vy - 881.5573361928334 * vx + 1417598912.6744823, -1e-6 * 1.5e9)
    XCTAssertLessThanOrEqual(1368.7067822760168 * vx - 1436849634.1407092, 1e-6 * 1.5e9)
  }

  /// From DifferentialTests seed 1592593478 (strict; found with TRELLIS_PROPERTY_SCALE=6).
  /// Level @840 (four constraints and the edit v0 = 23) is
  /// f = |a1| + max(0, −g2) + |a4| + |a5| + |a6| with a1 = −3v0 + v1 + 0.5,
  /// g2 = 3v0 − v1 − 15, a4 = 2v0 − v1 − 12, a5 = 2v1 + 3, a6 = v0 − 23.
  /// Lower bound: f ≥ −a1 − a4 − a6 = (3 − 2 − 1)v0 + (−1 + 1)v1 + (−0.5 + 12 + 23) = 34.5,
  /// with equality exactly when a5 = 0 (v1 = −1.5), g2 ≥ 0 (v0 ≥ 4.5), a4 ≤ 0
  /// (v0 ≤ 5.25), a1 ≤ 0 and a6 ≤ 0: the face v1 = −1.5, v0 ∈ [4.5, 5.25].
  /// Level @790, v1 − 0.5v0 − 13 ≥ 0, misses by 13 + 0.5v0 + 1.5, least at v0 = 4.5:
  /// 16.75. (The solver stops at v0 = 5.25, missing by 17.125.)
  func testStrictLowerLevelIsOptimizedOnTheHigherFace() throws {
    let solver = Solver(mode: .strict)
    let v0 = solver.makeVariable("v0"), v1 = solver.makeVariable("v1")
    try solver.add(
      Constraint(LinearExpression(terms: [Term(v1, 1), Term(v0, -3)], constant: 0.5), .equal, priority: 840))
    try solver.add(
      Constraint(
        LinearExpression(terms: [Term(v0, 3), Term(v1, -1)], constant: -15), .greaterThanOrEqual, priority: 840))
    try solver.add(
      Constraint(
        LinearExpression(terms: [Term(v1, 1), Term(v0, -0.5)], constant: -13), .greaterThanOrEqual, priority: 790))
    try solver.add(
      Constraint(LinearExpression(terms: [Term(v1, -1), Term(v0, 2)], constant: -12), .equal, priority: 840))
    try solver.add(Constraint(LinearExpression(terms: [Term(v1, 2)], constant: 3), .equal, priority: 840))
    try solver.addEditVariable(v0, priority: 840)
    try solver.suggestValue(23, for: v0)
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(solver.value(of: v0), 4.5, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v1), -1.5, accuracy: 1e-9)
    XCTAssertEqual(solver.violationByPriority.map(\.priority), [840, 790])
    XCTAssertEqual(solver.violationByPriority.first?.violation ?? -1, 34.5, accuracy: 1e-9)
    XCTAssertEqual(solver.violationByPriority.last?.violation ?? -1, 16.75, accuracy: 1e-9)
  }

  /// From DifferentialTests seed 1592626154 (weighted; found with TRELLIS_PROPERTY_SCALE=6).
  /// Required −v0 + 9 ≥ 0 and v0 − 9 ≥ 0 pin v0 = 9; the optional v0 ≥ 10/3 holds; the
  /// edit asks for 13 and misses by |9 − 13| = 4. Suggesting must not fail.
  func testSuggestingForAPinnedEditVariable() throws {
    for mode in [Solver.Mode.weighted, .strict] {
      let solver = Solver(mode: mode)
      let v0 = solver.makeVariable("v0")
      try solver.add(Constraint(LinearExpression(terms: [Term(v0, -3)], constant: 10), .lessThanOrEqual, priority: 500))
      try solver.add(Constraint(LinearExpression(terms: [Term(v0, -1)], constant: 9), .greaterThanOrEqual))
      try solver.add(Constraint(LinearExpression(terms: [Term(v0, 1)], constant: -9), .greaterThanOrEqual))
      try solver.addEditVariable(v0, priority: 500)
      XCTAssertNoThrow(try solver.suggestValue(13, for: v0), "\(mode)")
      XCTAssertEqual(solver.checkInvariants(), [], "\(mode)")
      XCTAssertEqual(solver.value(of: v0), 9, accuracy: 1e-9, "\(mode)")
      XCTAssertEqual(solver.violationByPriority.first?.violation ?? -1, 4, accuracy: 1e-9, "\(mode)")
    }
  }

  /// From RemoveReAddTests seed 2393702711 (strict; found with TRELLIS_PROPERTY_SCALE=6).
  /// c0: −v1 − v2 − 4 = 0 and c2: v1 − v2 − 4 = 0 give v2 = −4, v1 = 0; c4: v0 − v1 − 3 = 0
  /// gives v0 = 3; c3: v0 − v2 + v1 − 7 = 3 + 4 + 0 − 7 = 0 is redundant. Removing and
  /// re-adding c2, then removing c3, must keep (3, 0, −4) (the optional c1,
  /// −9 − 0 − 9 = −18 ≤ 0, holds there).
  func testRemovingARedundantEqualityAfterAReAdd() throws {
    let solver = Solver(mode: .strict)
    let v0 = solver.makeVariable("v0"), v1 = solver.makeVariable("v1"), v2 = solver.makeVariable("v2")
    let c0 = Constraint(LinearExpression(terms: [Term(v1, -1), Term(v2, -1)], constant: -4), .equal)
    let c1 = Constraint(
      LinearExpression(terms: [Term(v0, -3), Term(v1, -0.5)], constant: -9), .lessThanOrEqual, priority: 500)
    let c2 = Constraint(LinearExpression(terms: [Term(v1, 1), Term(v2, -1)], constant: -4), .equal)
    let c3 = Constraint(LinearExpression(terms: [Term(v0, 1), Term(v2, -1), Term(v1, 1)], constant: -7), .equal)
    let c4 = Constraint(LinearExpression(terms: [Term(v0, 1), Term(v1, -1)], constant: -3), .equal)
    for c in [c0, c1, c2, c3, c4] { try solver.add(c) }
    try solver.remove(c2)
    try solver.add(c2)
    try solver.remove(c3)
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(solver.value(of: v0), 3, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v1), 0, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v2), -4, accuracy: 1e-9)
    XCTAssertNoThrow(try solver.add(c3), "c3 is redundant: it holds at (3, 0, −4)")
  }

  /// From the solver fuzzer (strict), once its checked range grew to coefficients 1e-3…1e4.
  /// Removing the @999 constraint `0.001·v0 + 0.001 == 0`, added after a `10000·v0` one,
  /// leaves rounding residue (±6.8e-12) on two symbols at level @999. One of them looked
  /// like an unbounded improvement there, and clearing it as residue gave up because a
  /// lower level (@750) held a real coefficient for it: the solver stopped, leaving v0 at
  /// −33.3. The optimum: `100·v2 + 3·v0 + 100 <= 0` is required, the edits ask v0 = 0
  /// (@750) and v2 = 0 (@1), so @750 is met with v0 = 0, and @1 takes v2 = −1.
  func testObjectiveResidueAtOneLevelDoesNotStopLowerLevels() throws {
    let solver = Solver(mode: .strict)
    let v0 = solver.makeVariable("v0"), v1 = solver.makeVariable("v1")
    let v2 = solver.makeVariable("v2"), v3 = solver.makeVariable("v3")
    let c0 = Constraint(0 * v2 + v1 + v2 - 8, .equal)
    let c1 = Constraint(10000 * v0 + 2, .equal, priority: 999)
    let c2 = Constraint(2 * v2, .lessThanOrEqual)
    let c3 = Constraint(0.001 * v0 + 0.001, .equal, priority: 999)
    let c4 = Constraint(100 * v2 + 0 * v3 + 3 * v0 + 100, .lessThanOrEqual)
    let c5 = Constraint(0 * v1 + 0 * v0 + 0.5, .lessThanOrEqual, priority: 999)
    try solver.add(c0)
    try solver.add(c1)
    try solver.setConstant(of: c1, to: 100)
    try solver.remove(c0)
    try solver.add(c2)
    try solver.remove(c2)
    try solver.setConstant(of: c1, to: 10000)
    try solver.addEditVariable(v2, priority: 1)
    try solver.add(c3)
    try solver.addEditVariable(v3, priority: 250)
    try solver.addEditVariable(v0, priority: 750)
    try solver.add(c4)
    try solver.remove(c1)
    try solver.setConstant(of: c3, to: 3)
    try solver.add(c5)
    try solver.remove(c3)
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(solver.value(of: v0), 0, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v2), -1, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: v3), 0, accuracy: 1e-9)
  }

  /// From the solver fuzzer (weighted): the accuracy docs/solver.md states ("Numerical limits").
  /// With the edit v3 at 1000 in the tableau, `−v1 + 10000·v3 == 0` needs
  /// v3 = v1 / 10000 = −1e-9 (v1 ≈ −1e-5, from the @999 `100·v1 + 0.001 <= 0`). Sums in the
  /// tableau are cancelled to 0 below 1e-12 of their operands, so next to 1000 a value keeps
  /// about 1e-9 absolute; v3 (1e-12 of 1000) comes out 0, and the equality misses by 1e-5,
  /// which is that rounding times its coefficient 1e4: within docs/solver.md's accuracy, which
  /// these bounds check (1e-10 × 1000 per value, and that times 1 + 1e4 for the equality).
  func testSmallValueNextToALargeEditIsAccurateRelativeToTheLargeOne() throws {
    let solver = Solver(mode: .weighted)
    let v1 = solver.makeVariable("v1"), v3 = solver.makeVariable("v3")
    try solver.addEditVariable(v3, priority: 500)
    try solver.suggestValue(5, for: v3)
    let c1 = Constraint(100 * v1 + 3, .lessThanOrEqual, priority: 999)
    try solver.add(c1)
    try solver.setConstant(of: c1, to: 0.001)
    try solver.suggestValue(1000, for: v3)
    try solver.add(-v1 + 10000 * v3 == 0)
    let largest = 1000.0
    XCTAssertEqual(solver.value(of: v1), -1e-5, accuracy: 1e-10 * largest)
    XCTAssertEqual(solver.value(of: v3), -1e-9, accuracy: 1e-10 * largest)
    let miss = abs(-solver.value(of: v1) + 10000 * solver.value(of: v3))
    XCTAssertLessThanOrEqual(miss, 1e-10 * largest * 10001)
  }

  /// From the solver fuzzer (strict): after this sequence, level @999 held −1.5e-5 on an
  /// error symbol that no row limits, beside coefficients of 1e4 (and 3.6e7 at @500). An
  /// unlimited improvement is impossible (each level is a sum of non-negative errors), so
  /// it is rounding; the solver gave up optimizing because it was above 1e-9, and stopped
  /// short of the optimum. (Identical constraints are separate objects; the fuzzer's
  /// removes took one of them.)
  func testUnlimitedImprovementIsAlwaysResidue() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    func make(_ e: LinearExpression, _ r: Relation, _ p: Priority = .required) -> Constraint {
      Constraint(e, r, priority: p)
    }
    let first = make(0 * v[1] + 0.001 * v[1] + 44 * v[2] + 1, .greaterThanOrEqual)
    try solver.add(first)
    var weak: [Constraint] = []
    func addWeak() throws {
      let c = make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1)
      try solver.add(c)
      weak.append(c)
    }
    for _ in 0..<3 { try addWeak() }
    try solver.add(make(2 * v[3] + 2 * v[1] + 2, .lessThanOrEqual, 999))
    try solver.add(make(10000 * v[1] + v[0] + v[0] - 8, .equal, 500))
    try solver.remove(weak.removeFirst())
    for _ in 0..<2 { try addWeak() }
    try solver.add(make(2 * v[2] + 2 * v[1] + 2, .greaterThanOrEqual, 1))
    try solver.setConstant(of: weak[0], to: 1)
    try solver.add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual))
    for _ in 0..<3 { try addWeak() }
    try solver.add(make(2 * v[1] + v[0] + 2, .greaterThanOrEqual, 1))
    try solver.add(make(0.5 * v[1] + 0.001 * v[3] + 8 * v[2] + 1, .equal, 999))
    try solver.remove(first)
    try solver.add(make(0 * v[0], .equal))
    try solver.add(make(3 * v[3], .equal, 750))
    try solver.remove(weak.removeFirst())
    try solver.add(make(0 * v[0], .equal))
    try solver.add(make(8 * v[0], .greaterThanOrEqual, 1))
    try solver.add(make(10000 * v[0] + 44 * v[2], .lessThanOrEqual, 999))
    XCTAssertEqual(solver.checkInvariants(), [])
  }

  /// From the solver fuzzer (strict): the dual simplex's ratio test breaks ties within
  /// rounding, and after `suggest 20 for v0` a reduced cost at @999 was −1.1e-10 (beside
  /// coefficients of 1e4), so the solution was not quite optimal. The dual simplex now
  /// ends with a primal pass when it pivoted.
  func testDualSimplexLeavesNoNegativeReducedCost() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    func make(_ e: LinearExpression, _ r: Relation, _ p: Priority = .required) -> Constraint {
      Constraint(e, r, priority: p)
    }
    var weak: [Constraint] = []
    func addWeak() throws {
      let c = make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1)
      try solver.add(c)
      weak.append(c)
    }
    try solver.add(make(0 * v[1] + 0.001 * v[1] + 44 * v[2] + 1, .greaterThanOrEqual))
    for _ in 0..<3 { try addWeak() }
    try solver.add(make(2 * v[3] + 2 * v[1] + 2, .lessThanOrEqual, 999))
    let pull = make(10000 * v[1] + v[0] + v[0] - 8, .equal, 500)
    try solver.add(pull)
    try solver.remove(weak.removeFirst())
    for _ in 0..<2 { try addWeak() }
    try solver.add(make(2 * v[2] - 8 * v[0] + 2, .equal))
    try solver.add(make(0 * v[3], .lessThanOrEqual, 750))
    let c8 = make(v[0] + 2 * v[3] + 2 * v[3] + 8, .lessThanOrEqual, 1)
    try solver.add(c8)
    let c0 = make(2 * v[3] + 2 * v[3], .lessThanOrEqual, 1)
    try solver.add(c0)
    try addWeak()
    let strong = make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 999)
    try solver.add(strong)
    try solver.addEditVariable(v[0], priority: 999)
    try solver.add(make(0 * v[2] + 1, .equal, 250))
    try solver.remove(pull)
    try solver.setConstant(of: c8, to: 44)
    try solver.setConstant(of: c0, to: 10000)
    try solver.add(make(0 * v[0], .equal))
    try solver.add(make(3 * v[3], .lessThanOrEqual, 250))
    try solver.setConstant(of: strong, to: -1)
    try solver.add(make(0 * v[0], .equal))
    let floor = make(8 * v[0], .greaterThanOrEqual, 1)
    try solver.add(floor)
    try solver.add(make(10000 * v[0] + 44 * v[2], .lessThanOrEqual, 999))
    try solver.setConstant(of: floor, to: -0.0)
    try solver.add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual))
    try solver.suggestValue(20, for: v[0])
    XCTAssertEqual(solver.checkInvariants(), [])
  }

  /// From the solver fuzzer (strict), issue "required constraints missed inside the
  /// documented range", case 1. The @999 `0.001·v1 + 8 == 0` puts v1 at −8000; the required
  /// `10000·v1 + 0.001 == 0` wants v1 = −1e-7. Phase one brings the optional's error to
  /// 7999.9999999, and v1's row becomes −8000 + 7999.9999999: a real −1e-7, which the
  /// cancellation of sums (then one tolerance, 1e-10 of the operands: 8e-7) took for
  /// rounding and made 0, so the required equality missed by 0.001, its whole constant.
  /// The largest constant is 8, so docs/solver.md's accuracy gives v1 to 1e-10 × 8 and the
  /// equality to that times 1e4.
  func testSmallRequiredValueBesideALargeOptionalTargetIsKept() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      let solver = Solver(mode: mode)
      let v1 = solver.makeVariable("v1")
      try solver.add((0.001 * v1 + 8 == 0).priority(999))
      XCTAssertEqual(solver.value(of: v1), -8000, accuracy: 1e-9, "\(mode)")
      try solver.add(10000 * v1 + 0.001 == 0)
      XCTAssertEqual(solver.checkInvariants(), [], "\(mode)")
      XCTAssertEqual(solver.value(of: v1), -1e-7, accuracy: 1e-10 * 8, "\(mode)")
      XCTAssertLessThanOrEqual(abs(10000 * solver.value(of: v1) + 0.001), 1e-10 * 8 * 10000, "\(mode)")
    }
  }

  /// From the solver fuzzer (strict), issue 17's second miss. After a few edits and
  /// removals, two tableau coefficients 2272727.27275 and 2272727.272727 (a 0.001
  /// coefficient divided by 44) met in a sum; their real difference, 2.3e-5, is below 1e-10
  /// of the operands and was cancelled as rounding, so the required
  /// `0.001·v1 + 44·v2 + 1 >= 0` missed by 3.3e-4. Tableau rows now cancel only below 1e-12.
  func testNearlyEqualLargeCoefficientsKeepTheirRealDifference() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    func add(_ c: Constraint) { _ = try? solver.add(c) }
    func make(_ e: LinearExpression, _ r: Relation, _ p: Priority = .required) -> Constraint {
      Constraint(e, r, priority: p)
    }
    let first = make(0.001 * v[1] + 44 * v[2] + 1, .greaterThanOrEqual)
    add(first)
    let weak = make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1)
    add(weak)
    add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1))
    add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1))
    let strong = make(2 * v[3] + 2 * v[1] + 2, .lessThanOrEqual, 999)
    add(strong)
    let target = make(10000 * v[1] + v[0] - 8, .equal, 250)
    add(target)
    try? solver.addEditVariable(v[1], priority: 750)
    add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1))
    add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1))
    add(make(2 * v[3] - v[3] + 2, .lessThanOrEqual, 750))
    add(make(v[0] + 2 * v[3] + 2 * v[3] + 8, .lessThanOrEqual, 1))
    let removedLater = make(2 * v[3] + 2 * v[3], .lessThanOrEqual, 1)
    add(removedLater)
    add(make(2 * v[3] + 2 * v[3] + 2, .lessThanOrEqual, 1))
    add(make(2 * v[3] + 2 * v[3] + 2, .greaterThanOrEqual, 500))
    add(make(v[3] + 0 * v[2] - 1, .equal, 250))
    try? solver.remove(strong)
    try? solver.addEditVariable(v[1], priority: 250)
    try? solver.addEditVariable(v[2], priority: .required)
    try? solver.setConstant(of: weak, to: 0)
    add(make(3 * v[3], .equal, 750))
    try? solver.remove(removedLater)
    add(make(8 * v[0], .greaterThanOrEqual, 1))
    add(make(10000 * v[0] + 44 * v[2], .lessThanOrEqual, 999))
    try? solver.setConstant(of: target, to: -0.0)
    try solver.add(make(3 * v[1] + 1, .equal))
    XCTAssertEqual(solver.checkInvariants(), [])
    let value = { solver.value(of: v[$0]) }
    XCTAssertEqual(value(1), -1.0 / 3, accuracy: 1e-12)
    // docs/solver.md's accuracy: 1e-9 of the largest coefficient times the row's coefficients.
    XCTAssertGreaterThanOrEqual(0.001 * value(1) + 44 * value(2) + 1, -1e-9 * 44.001)
  }
}
