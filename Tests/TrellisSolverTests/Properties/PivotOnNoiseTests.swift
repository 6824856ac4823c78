import TrellisSolver
import XCTest

/// Issue 17's last two solver misses: inputs of the solver fuzzer (once kept in
/// `Fuzz/known/solver`, now seeds `Fuzz/corpus/solver/regression-pivot-on-noise-*`), replayed
/// operation by operation as the harness decodes them (a `try?` where the harness's operation
/// fails: a NaN constant, priority 1001, an edit variable added twice). Before the fix the
/// simplex pivoted on a tableau element that was only accumulated rounding (about 1e-8 where
/// exact arithmetic gives 0), which multiplied the rounding by 1e8: the tableau stopped
/// representing the constraints, a restricted row went negative and the solution was wrong.
///
/// The expected solutions are worked out by hand from the final constraint sets (each test's
/// comment); they do not come from the solver.
final class PivotOnNoiseTests: XCTestCase {
  /// The harness's constraint: `constant + Σ coefficient·v[index]`, terms kept as written
  /// (repeated and zero terms included, as the fuzzer's inputs have them).
  private func make(
    _ v: [Variable], _ terms: [(Double, Int)], _ constant: Double, _ relation: Relation,
    _ priority: Priority = .required
  ) -> Constraint {
    Constraint(
      LinearExpression(terms: terms.map { Term(v[$0.1], $0.0) }, constant: constant), relation,
      priority: priority)
  }

  /// The final constraint set in exact arithmetic, for ``PriorityOracle``: coefficients
  /// summed per variable; 0.001 is 1/1000 exactly (it is the only non-dyadic number here).
  private func oracleSystem(
    _ constraints: [(Constraint, Double)], edits: [(Int, Int)], _ v: [Variable]
  ) throws -> OracleSystem {
    func exact(_ x: Double) throws -> OracleRational {
      if abs(x) == 0.001 { return try OracleRational(x < 0 ? -1 : 1, 1000) }
      return try OracleRational(exactly: x)
    }
    var system = OracleSystem(variableCount: v.count)
    for (c, constant) in constraints {
      var coefficients = [OracleRational](repeating: .zero, count: v.count)
      for term in c.expression.terms {
        let i = v.firstIndex { $0.id == term.variable.id }!
        coefficients[i] = try coefficients[i].adding(exact(term.coefficient))
      }
      system.items.append(
        .init(
          coefficients: coefficients, constant: try exact(constant), relation: c.relation,
          priority: c.priority.isRequired ? nil : Int(c.priority.value)))
    }
    for (variable, priority) in edits {
      var coefficients = [OracleRational](repeating: .zero, count: v.count)
      coefficients[variable] = .one
      system.items.append(.init(coefficients: coefficients, constant: .zero, relation: .equal, priority: priority))
    }
    return system
  }

  /// The harness's accuracy check (docs/solver.md, "Numerical limits"): a required constraint holds to
  /// 1e-6 of its terms' size or to 1e-9 of the largest value or constant times its coefficients.
  private func assertHolds(
    _ c: Constraint, constant: Double, _ solver: Solver, largest: Double, line: UInt = #line
  ) {
    let (miss, allowed) = requiredMiss(c, constant: constant, solver, largest: largest)
    XCTAssertLessThanOrEqual(miss, allowed, "\(c)", line: line)
  }

  /// `Fuzz/known/solver/pivot-on-noise-1` (strict; found by `scripts/fuzz.sh --ci solver`,
  /// seed 1). The last add, `3·v3 == 0 @750`, pivoted on 8.3e-9 of rounding.
  ///
  /// By hand, at the end. Required: 0.001·v1 + 44·v2 + 1 ≥ 0; 2·v3 ≤ 1;
  /// −8·v3 + 10000·v1 + 0.5 ≤ 0; 2·v2 − 8·v0 + 2 = 0 (so v2 = 4·v0 − 1);
  /// 2.5·v1 + 0.001·v3 + 1 ≤ 0. @750 wants v3 = 0, which the required ones allow, so v3 = 0.
  /// @500 (edit v0 at 0) wants v0 = 0; with v2 = 4·v0 − 1 the first required one reads
  /// 176·v0 ≥ 43 − 0.001·v1, and v1 ≤ −0.4 (the last, v3 = 0) is tighter than v1 ≤ −5e-5, so
  /// the least v0 is (43 + 0.0004)/176 at v1 = −0.4. @250 (5·v3 = 0, edit v3 at 0) holds.
  /// Violations: @500 is v0; @1 is |v2| (edit v2 at 0), 2 for each of the six
  /// `4·v3 + 2 ≤ 0`, 2 for `2·v3 + 2 ≤ 0`, v0 + 8 for `v0 + 4·v3 + 8 ≤ 0` and v0 for
  /// `v0 == 0` (its constant set to 0).
  func testPivotOnNoiseOne() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    let recording = Recording(solver)
    let weak: [(Double, Int)] = [(2, 3), (2, 3)]
    recording.add(make(v, [(0, 1), (0.001, 1), (44, 2)], 1, .greaterThanOrEqual))
    for _ in 0..<3 { recording.add(make(v, weak, 2, .lessThanOrEqual, 1)) }
    recording.add(make(v, [(2, 3)], -1, .lessThanOrEqual))
    recording.add(make(v, [(-8, 3), (10000, 1)], 0.5, .lessThanOrEqual))
    try solver.addEditVariable(v[0], priority: 500)
    try solver.addEditVariable(v[2], priority: 1)
    for _ in 0..<2 { recording.add(make(v, weak, 2, .lessThanOrEqual, 1)) }
    recording.add(make(v, [(2, 2), (-8, 0)], 2, .equal))
    recording.add(make(v, [(0, 3)], 0, .lessThanOrEqual, 750))
    recording.add(make(v, [(1, 0), (2, 3), (2, 3)], 8, .lessThanOrEqual, 1))
    recording.add(make(v, [(2, 3), (3, 3)], 0, .equal, 250))
    try solver.addEditVariable(v[3], priority: 250)
    XCTAssertThrowsError(try solver.addEditVariable(v[3], priority: 1))
    recording.add(make(v, weak, 2, .lessThanOrEqual, 1))
    recording.add(make(v, [(0, 3), (2, 3)], 2, .lessThanOrEqual, 1))
    let pinned = make(v, [(1, 0), (-1, 3), (1, 3)], 2, .equal, 1)
    recording.add(pinned)
    recording.add(make(v, [(0.5, 1), (0.001, 3), (2, 1)], 1, .lessThanOrEqual))
    try recording.setConstant(of: pinned, to: 0)
    recording.add(make(v, [(0, 0)], 0, .equal))
    recording.add(make(v, [(3, 3)], 0, .equal, 750))

    XCTAssertEqual(solver.checkInvariants(), [])
    let v0 = 43.0004 / 176
    let expected = [v0, -0.4, 4 * v0 - 1, 0]
    for (i, value) in expected.enumerated() {
      XCTAssertEqual(solver.value(of: v[i]), value, accuracy: 1e-9, "v\(i)")
    }
    for (c, constant) in recording.constants where c.priority.isRequired {
      assertHolds(c, constant: constant, solver, largest: 44)
    }
    let levels = solver.violationByPriority
    XCTAssertEqual(levels.map(\.priority), [750, 500, 250, 1])
    let violations = levels.map(\.violation)
    XCTAssertEqual(violations[0], 0, accuracy: 1e-9)
    XCTAssertEqual(violations[1], v0, accuracy: 1e-9)
    XCTAssertEqual(violations[2], 0, accuracy: 1e-9)
    XCTAssertEqual(violations[3], abs(4 * v0 - 1) + 6 * 2 + 2 + (v0 + 8) + v0, accuracy: 1e-9)
    // The same levels and values from the exact oracle (edits: v0 @500, v2 @1, v3 @250).
    let oracle = try XCTUnwrap(
      PriorityOracle.solve(oracleSystem(recording.constants, edits: [(0, 500), (2, 1), (3, 250)], v), mode: .strict))
    XCTAssertEqual(oracle.levels.map(\.priority), [750, 500, 250, 1])
    for (level, violation) in zip(oracle.levels, violations) {
      XCTAssertEqual(level.violation.doubleValue, violation, accuracy: 1e-9, "@\(level.priority)")
    }
    for i in 0..<4 {
      XCTAssertEqual(oracle.determinedValue(i)?.doubleValue ?? .nan, expected[i], accuracy: 1e-9, "v\(i)")
    }
  }

  /// `Fuzz/known/solver/pivot-on-noise-2` (strict; an hour-long search). The last add, a
  /// second copy of `2·v2 − 8·v0 + 2 == 0`, left `4·v3 ≤ 0 @1` (constant set to 10000) with a
  /// slack of −4977.9, and the solution far from the optimum.
  ///
  /// By hand, at the end. Required: 0.001·v1 + 44·v2 + 1 ≥ 0 and 2·v2 − 8·v0 + 2 = 0 (twice),
  /// so v2 = 4·v0 − 1 and 0.001·v1 + 176·v0 ≥ 43. @999: v0 = 0 (edit, never suggested),
  /// 2·v3 + 2·v1 + 2 ≤ 0 and 4·v3 − 1 ≤ 0 (constant set to −1): all hold together with
  /// v0 = 0, v2 = −1, v1 ≥ 43000 and v3 ≤ −1 − v1 ≤ −43001, so @999 is 0 and fixes v0 and v2.
  /// @750 (0 ≤ 0) is 0. @250: `1 == 0` misses by 1 whatever the values; 3·v3 ≤ 0 holds.
  /// @1: every `4·v3 + 2 ≤ 0` (v3 ≤ −0.5), `v0 + 4·v3 + 44 ≤ 0` and `4·v3 + 10000 ≤ 0`
  /// (v3 ≤ −2500) hold at v3 ≤ −43001, so @1 is 0. v1 and v3 are not unique (v1 ≥ 43000 on
  /// the optimal face), so the test checks the constraints, not their values.
  func testPivotOnNoiseTwo() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    let recording = Recording(solver)
    let weak: [(Double, Int)] = [(2, 3), (2, 3)]
    let first = make(v, [(0, 1), (0.001, 1), (44, 2)], 1, .greaterThanOrEqual)
    recording.add(first)
    let removedWeak = make(v, weak, 2, .lessThanOrEqual, 1)
    recording.add(removedWeak)
    for _ in 0..<2 { recording.add(make(v, weak, 2, .lessThanOrEqual, 1)) }
    recording.add(make(v, [(2, 3), (2, 1)], 2, .lessThanOrEqual, 999))
    let pull = make(v, [(10000, 1), (1, 0), (1, 0)], -8, .equal, 500)
    recording.add(pull)
    try recording.remove(removedWeak)
    for _ in 0..<2 { recording.add(make(v, weak, 2, .lessThanOrEqual, 1)) }
    recording.add(make(v, [(2, 2), (-8, 0)], 2, .equal))
    recording.add(make(v, [(0, 3)], 0, .lessThanOrEqual, 750))
    let c8 = make(v, [(1, 0), (2, 3), (2, 3)], 8, .lessThanOrEqual, 1)
    recording.add(c8)
    let c0 = make(v, weak, 0, .lessThanOrEqual, 1)
    recording.add(c0)
    XCTAssertThrowsError(try solver.add(make(v, weak, .nan, .lessThanOrEqual, 1)))
    recording.add(make(v, weak, 2, .lessThanOrEqual, 1))
    let strong = make(v, weak, 2, .lessThanOrEqual, 999)
    recording.add(strong)
    try solver.addEditVariable(v[0], priority: 999)
    recording.add(make(v, [(0, 2)], 1, .equal, 250))
    try recording.remove(pull)
    try recording.setConstant(of: c8, to: 44)
    try recording.setConstant(of: c0, to: 10000)
    XCTAssertThrowsError(try solver.addEditVariable(v[1], priority: Priority(1001)))
    recording.add(make(v, [(0, 0)], 0, .equal))
    recording.add(make(v, [(3, 3)], 0, .lessThanOrEqual, 250))
    try recording.setConstant(of: strong, to: -1)
    recording.add(make(v, [(2, 2), (-8, 0)], 2, .equal))

    XCTAssertEqual(solver.checkInvariants(), [])
    // Values reach 43,001 here, and each is exact to about 1e-10 of the largest (docs/solver.md,
    // "Numerical limits"): v2 comes out −1 − 2.5e-8.
    let values = v.map { solver.value(of: $0) }
    let largest = values.reduce(10000) { max($0, abs($1)) }
    XCTAssertEqual(values[0], 0, accuracy: 1e-10 * largest)
    XCTAssertEqual(values[2], -1, accuracy: 1e-10 * largest)
    XCTAssertGreaterThanOrEqual(values[1], 43000 - 1e-9 * largest)
    XCTAssertLessThanOrEqual(values[3] + values[1], -1 + 1e-9 * largest)
    for (c, constant) in recording.constants where c.priority.isRequired {
      assertHolds(c, constant: constant, solver, largest: largest)
    }
    let levels = solver.violationByPriority
    XCTAssertEqual(levels.map(\.priority), [999, 750, 250, 1])
    let violations = levels.map(\.violation)
    XCTAssertEqual(violations[0], 0, accuracy: 1e-9 * largest)
    XCTAssertEqual(violations[1], 0, accuracy: 1e-9 * largest)
    XCTAssertEqual(violations[2], 1, accuracy: 1e-9 * largest)
    XCTAssertEqual(violations[3], 0, accuracy: 1e-9 * largest)
    // The same levels from the exact oracle (edit: v0 @999), and v0, v2 determined.
    let oracle = try XCTUnwrap(
      PriorityOracle.solve(oracleSystem(recording.constants, edits: [(0, 999)], v), mode: .strict))
    XCTAssertEqual(oracle.levels.map(\.priority), [999, 750, 250, 1])
    for (level, violation) in zip(oracle.levels, violations) {
      XCTAssertEqual(level.violation.doubleValue, violation, accuracy: 1e-9 * largest, "@\(level.priority)")
    }
    XCTAssertEqual(oracle.determinedValue(0), .zero)
    XCTAssertEqual(oracle.determinedValue(2), try OracleRational.one.negated())
    XCTAssertNil(oracle.upper[1])
  }

  /// Found by the solver fuzzer after the fix above (strict, 12,987 executions). The second
  /// copy of a required equality with coefficients 0.5, 0.001 and 0.001 was built from rows
  /// carrying rounding, so besides its dummies it kept cells of 1.2e-19; phase one then
  /// pivoted on one, writing coefficients of 8e18, and after `suggest 1e7` a restricted row
  /// stood at −1e7. The copy is implied by the first, so its row is its dummies alone.
  ///
  /// By hand, at the end. Required: 0.5·v1 + 0.001·v3 + 0.001·v2 + 1 = 0 (twice), which
  /// any v2, v3 satisfy with v1 = −2 − 0.002·v3 − 0.002·v2. @750: 0·v0 = 0 holds. @250:
  /// 0.001·v1 + 44·v2 + 1 ≤ 0 and 44·v2 + 0.001 ≤ 0; @1: 4·v3 + 2 ≤ 0 (twice),
  /// 2·v0 + 2·v3 + 2 ≤ 0, 2·v0 + 2·v3 ≤ 0 (constant set to 0) and v0 = 1e7 (edit). All hold
  /// together: v0 = 1e7, v3 ≤ −1e7 − 1, then v1 ≈ 2e4 − 0.002·v2 and @250 holds for
  /// v2 ≤ −0.48. So every level is 0 and v0 = 1e7; the rest are not unique.
  func testImpliedEqualityBuiltFromRoundedRowsIsRedundant() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    let recording = Recording(solver)
    let weak: [(Double, Int)] = [(2, 3), (2, 3)]
    let equality = [(0.5, 1), (0.001, 3), (0.001, 2)]
    recording.add(make(v, [(0, 1), (0.001, 1), (44, 2)], 1, .lessThanOrEqual, 250))
    recording.add(make(v, weak, 2, .lessThanOrEqual, 1))
    let pair = make(v, [(2, 0), (2, 3)], 2, .lessThanOrEqual, 1)
    recording.add(pair)
    XCTAssertThrowsError(try solver.add(make(v, [(.nan, 1), (100, 2)], 2, .lessThanOrEqual, 250)))
    try solver.addEditVariable(v[0], priority: 1)
    recording.add(make(v, equality, 1, .equal))
    recording.add(make(v, [(44, 2)], 0.001, .lessThanOrEqual, 250))
    recording.add(make(v, weak, 2, .lessThanOrEqual, 1))
    recording.add(make(v, [(2, 0), (2, 3)], 2, .lessThanOrEqual, 1))
    XCTAssertThrowsError(try solver.add(make(v, [(.nan, 1), (100, 2)], 2, .lessThanOrEqual, 250)))
    XCTAssertThrowsError(try solver.addEditVariable(v[0], priority: 1))
    recording.add(make(v, equality, 1, .equal))
    try recording.setConstant(of: pair, to: 0)
    recording.add(make(v, [(0, 0)], 0, .equal, 750))
    try? solver.suggestValue(1e7, for: v[0])

    XCTAssertEqual(solver.checkInvariants(), [])
    let values = v.map { solver.value(of: $0) }
    let largest = values.reduce(1e7) { max($0, abs($1)) }
    XCTAssertEqual(values[0], 1e7, accuracy: 1e-10 * largest)
    for (c, constant) in recording.constants where c.priority.isRequired {
      assertHolds(c, constant: constant, solver, largest: largest)
    }
    let levels = solver.violationByPriority
    XCTAssertEqual(levels.map(\.priority), [750, 250, 1])
    for level in levels { XCTAssertEqual(level.violation, 0, accuracy: 1e-9 * largest, "@\(level.priority)") }
    var system = try oracleSystem(recording.constants, edits: [], v)
    system.items.append(  // the edit: v0 − 1e7 == 0 @1
      .init(
        coefficients: [.one, .zero, .zero, .zero], constant: try OracleRational(exactly: -1e7), relation: .equal,
        priority: 1))
    let oracle = try XCTUnwrap(PriorityOracle.solve(system, mode: .strict))
    XCTAssertEqual(oracle.levels.map(\.priority), [750, 250, 1])
    XCTAssertTrue(oracle.levels.allSatisfy { $0.violation.isZero })
  }
}

/// A solver's constraints with their current constants, recorded as a test adds, re-values and
/// removes them (a constraint the solver refuses is not recorded), for checking afterwards.
private final class Recording {
  let solver: Solver
  private(set) var constants: [(Constraint, Double)] = []

  init(_ solver: Solver) { self.solver = solver }

  func add(_ c: Constraint) {
    guard (try? solver.add(c)) != nil else { return }
    constants.append((c, c.expression.constant))
  }

  func setConstant(of c: Constraint, to k: Double) throws {
    try solver.setConstant(of: c, to: k)
    for i in constants.indices where constants[i].0 == c { constants[i].1 = k }
  }

  func remove(_ c: Constraint) throws {
    try solver.remove(c)
    constants.removeAll { $0.0 == c }
  }
}
