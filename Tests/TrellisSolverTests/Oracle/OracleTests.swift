import TrellisSolver
import XCTest

/// Checks the oracle itself on problems whose answers are known from their sources or
/// are proved in the test by a dual certificate, before it is trusted to judge the solver.
final class OracleTests: XCTestCase {
  private func r(_ n: Int, _ d: Int = 1) throws -> OracleRational { try OracleRational(n, d) }

  /// Builds `maximize c·x s.t. A x ≤ b, x ≥ 0` as the minimization of −c·x.
  private func maximize(
    _ c: [Int], _ a: [[OracleRational]], _ b: [OracleRational]
  ) throws -> (OracleOptimum, OracleSimplex) {
    var lp = OracleLP(columnCount: c.count)
    for (row, rhs) in zip(a, b) {
      try lp.addRow(row.enumerated().map { ($0.offset, $0.element) }, .lessOrEqual, rhs)
    }
    var simplex = try OracleSimplex(lp)
    XCTAssertTrue(simplex.isFeasible)
    let optimum = try simplex.minimize(c.map { OracleRational(integer: -$0) })
    return (optimum, simplex)
  }

  private func ints(_ rows: [[Int]]) -> [[OracleRational]] {
    rows.map { $0.map { OracleRational(integer: $0) } }
  }

  func testRationalArithmeticIsExactAndReduced() throws {
    // 1/3 + 1/6 = 2/6 + 1/6 = 3/6 = 1/2
    XCTAssertEqual(try r(1, 3).adding(r(1, 6)), try r(1, 2))
    // (−2/4) × (6/−9): −1/2 × −2/3 = 2/6 = 1/3
    XCTAssertEqual(try r(-2, 4).multiplied(by: r(6, -9)), try r(1, 3))
    // 0.375 = 3/8 exactly in binary
    XCTAssertEqual(try OracleRational(exactly: 0.375), try r(3, 8))
    // Overflow is reported, not wrapped: 2^50 to the fourth power needs 201 bits.
    let big = try OracleRational(exactly: 0x1p50)
    XCTAssertThrowsError(try big.multiplied(by: big).multiplied(by: big).multiplied(by: big))
  }

  /// Chvátal (1983), ch. 2, the first worked example:
  /// maximize 5x1 + 4x2 + 3x3 s.t. 2x1 + 3x2 + x3 ≤ 5, 4x1 + x2 + 2x3 ≤ 11,
  /// 3x1 + 4x2 + 2x3 ≤ 8, x ≥ 0. Optimum 13 at (2, 0, 1), unique (the final dictionary
  /// there is z = 13 − 3x2 − x4 − x6).
  func testChvatalChapter2Example() throws {
    let (optimum, simplex) = try maximize(
      [5, 4, 3], ints([[2, 3, 1], [4, 1, 2], [3, 4, 2]]), [r(5), r(11), r(8)])
    // 5·2 + 4·0 + 3·1 = 13, minimized as −13.
    XCTAssertEqual(optimum, .optimal(try r(-13)))
    XCTAssertEqual(simplex.value(ofColumn: 0), try r(2))
    XCTAssertEqual(simplex.value(ofColumn: 1), try r(0))
    XCTAssertEqual(simplex.value(ofColumn: 2), try r(1))
  }

  /// Chvátal (1983), ch. 3, the example on which the largest-coefficient rule cycles:
  /// maximize 10x1 − 57x2 − 9x3 − 24x4 s.t.
  /// 0.5x1 − 5.5x2 − 2.5x3 + 9x4 ≤ 0, 0.5x1 − 1.5x2 − 0.5x3 + x4 ≤ 0, x1 ≤ 1.
  /// Bland's rule must terminate. Optimum 1: x = (1, 0, 1, 0) gives 10 − 9 = 1 and is
  /// feasible (0.5 − 2.5 = −2 ≤ 0; 0.5 − 0.5 = 0 ≤ 0; 1 ≤ 1); the dual y = (0, 18, 1)
  /// is feasible (0.5·18 + 1 = 10 ≥ 10; −1.5·18 = −27 ≥ −57; −0.5·18 = −9 ≥ −9;
  /// 18 ≥ −24) with value b·y = 1, so 1 is optimal.
  func testChvatalCyclingExampleTerminatesWithBland() throws {
    let a = try [
      [r(1, 2), r(-11, 2), r(-5, 2), r(9)],
      [r(1, 2), r(-3, 2), r(-1, 2), r(1)],
      [r(1), r(0), r(0), r(0)],
    ]
    let (optimum, _) = try maximize([10, -57, -9, -24], a, [r(0), r(0), r(1)])
    XCTAssertEqual(optimum, .optimal(try r(-1)))
  }

  /// Chvátal (1983), ch. 3, the two-phase example (the origin is infeasible):
  /// maximize x1 − x2 + x3 s.t. 2x1 − x2 + 2x3 ≤ 4, 2x1 − 3x2 + x3 ≤ −5,
  /// −x1 + x2 − 2x3 ≤ −1. Optimum 3/5 at (0, 14/5, 17/5): feasible (−14/5 + 34/5 = 4;
  /// −42/5 + 17/5 = −5; 14/5 − 34/5 = −4 ≤ −1), objective −14/5 + 17/5 = 3/5; the dual
  /// y = (2/5, 1/5, 0) is feasible (4/5 + 2/5 = 6/5 ≥ 1; −2/5 − 3/5 = −1 ≥ −1;
  /// 4/5 + 1/5 = 1 ≥ 1) with value 4·2/5 − 5·1/5 = 3/5.
  func testChvatalTwoPhaseExample() throws {
    let (optimum, simplex) = try maximize(
      [1, -1, 1], ints([[2, -1, 2], [2, -3, 1], [-1, 1, -2]]), [r(4), r(-5), r(-1)])
    XCTAssertEqual(optimum, .optimal(try r(-3, 5)))
    XCTAssertEqual(simplex.value(ofColumn: 0), try r(0))
    XCTAssertEqual(simplex.value(ofColumn: 1), try r(14, 5))
    XCTAssertEqual(simplex.value(ofColumn: 2), try r(17, 5))
  }

  /// Klee–Minty cube for n = 3 as given by Chvátal (1983), ch. 4:
  /// maximize 100x1 + 10x2 + x3 s.t. x1 ≤ 1, 20x1 + x2 ≤ 100, 200x1 + 20x2 + x3 ≤ 10000.
  /// Optimum 10000 at (0, 0, 10000); dual y = (0, 0, 1) is feasible (200 ≥ 100,
  /// 20 ≥ 10, 1 ≥ 1) with value 10000.
  func testKleeMintyCube() throws {
    let (optimum, simplex) = try maximize(
      [100, 10, 1], ints([[1, 0, 0], [20, 1, 0], [200, 20, 1]]), [r(1), r(100), r(10000)])
    XCTAssertEqual(optimum, .optimal(try r(-10000)))
    XCTAssertEqual(simplex.value(ofColumn: 2), try r(10000))
  }

  /// Infeasible: x1 + x2 ≤ 2 and x1 + x2 ≥ 5 cannot both hold. Unbounded: maximize x1
  /// with x1 − x2 ≤ 1, where (t + 1, t) is feasible for every t ≥ 0.
  func testInfeasibleAndUnbounded() throws {
    var infeasible = OracleLP(columnCount: 2)
    try infeasible.addRow([(0, r(1)), (1, r(1))], .lessOrEqual, r(2))
    try infeasible.addRow([(0, r(1)), (1, r(1))], .greaterOrEqual, r(5))
    XCTAssertFalse(try OracleSimplex(infeasible).isFeasible)

    var unbounded = OracleLP(columnCount: 2)
    try unbounded.addRow([(0, r(1)), (1, r(-1))], .lessOrEqual, r(1))
    var simplex = try OracleSimplex(unbounded)
    XCTAssertEqual(try simplex.minimize([r(-1), r(0)]), .unbounded)
  }

  // MARK: - Priority semantics

  private func system(_ variableCount: Int, _ items: [([Int], Int, Relation, Int?)]) -> OracleSystem {
    var s = OracleSystem(variableCount: variableCount)
    for (coefficients, constant, relation, priority) in items {
      s.items.append(
        OracleSystem.Item(
          coefficients: coefficients.map { OracleRational(integer: $0) },
          constant: OracleRational(integer: constant), relation: relation, priority: priority))
    }
    return s
  }

  /// kiwi issue #28 (nucleic/kiwi): w == 1, 2, 3, 4 at strengths 1001…1004 gave w = 3,
  /// because three nearly equal weights outweigh the fourth. Same shape at 501…504:
  /// weighted cost Σ pᵢ|w − i| has slope 501 + 502 + 503 − 504 = 1002 > 0 on (3, 4) and
  /// 501 + 502 − 503 − 504 = −4 < 0 on (2, 3), so w = 3; strict honours 504 first: w = 4.
  func testKiwiIssue28StrictAndWeightedDiffer() throws {
    let s = system(1, (1...4).map { i in ([1], -i, .equal, 500 + i) })
    let weighted = try XCTUnwrap(PriorityOracle.solve(s, mode: .weighted))
    XCTAssertEqual(weighted.determinedValue(0), try r(3))
    // cost at 3: 501·2 + 502·1 + 0 + 504·1 = 2008
    XCTAssertEqual(weighted.weightedOptimum, try r(2008))
    let strict = try XCTUnwrap(PriorityOracle.solve(s, mode: .strict))
    XCTAssertEqual(strict.determinedValue(0), try r(4))
    // levels at w = 4, highest first: 504 → 0, 503 → 1, 502 → 2, 501 → 3
    XCTAssertEqual(strict.levels.map(\.priority), [504, 503, 502, 501])
    XCTAssertEqual(strict.levels.map(\.violation), try [r(0), r(1), r(2), r(3)])
  }

  /// kiwi issue #33 (nucleic/kiwi): A: v ≥ 100 @501, B: v == 90 @500, C: v == 10 @10.
  /// Weighted: on [90, 100] the cost 501(100 − v) + 500(v − 90) + 10(v − 10) has slope
  /// −501 + 500 + 10 = 9 > 0, so v = 90 (the low C helps B beat A). Strict: A holds
  /// (v ≥ 100), then B wants v as near 90 as it can: v = 100.
  func testKiwiIssue33LowPriorityTipsWeightedOnly() throws {
    let s = system(1, [([1], -100, .greaterThanOrEqual, 501), ([1], -90, .equal, 500), ([1], -10, .equal, 10)])
    XCTAssertEqual(try XCTUnwrap(PriorityOracle.solve(s, mode: .weighted)).determinedValue(0), try r(90))
    let strict = try XCTUnwrap(PriorityOracle.solve(s, mode: .strict))
    XCTAssertEqual(strict.determinedValue(0), try r(100))
    // at v = 100: A 0, B 10, C 90
    XCTAssertEqual(strict.levels.map(\.violation), try [r(0), r(10), r(90)])
  }

  /// Many weak against one strong (the shape of kiwi #28/#33): 20 × (x == 10 @1) and
  /// x == 0 @10. Weighted: on (0, 10) the slope is 10 − 20 = −10 < 0, so x = 10 (cost
  /// 10·10 = 100). Strict: the @10 level wins outright, x = 0 (weak total 20·10 = 200).
  func testManyWeakAgainstOneStrong() throws {
    let weak = Array(repeating: ([1], -10, Relation.equal, Optional(1)), count: 20)
    let s = system(1, weak + [([1], 0, .equal, 10)])
    let weighted = try XCTUnwrap(PriorityOracle.solve(s, mode: .weighted))
    XCTAssertEqual(weighted.determinedValue(0), try r(10))
    XCTAssertEqual(weighted.weightedOptimum, try r(100))
    let strict = try XCTUnwrap(PriorityOracle.solve(s, mode: .strict))
    XCTAssertEqual(strict.determinedValue(0), try r(0))
    XCTAssertEqual(strict.levels.map(\.violation), try [r(0), r(200)])
  }

  /// Ranges over the optimal face: x ∈ [0, 10] by required bounds only; y in no
  /// constraint (unbounded both ways); z − x == 0 makes z = x, so z ∈ [0, 10] too. Adding x == 3 @250 pins x and z; a tie x == 0 @300, x == 10 @300
  /// in weighted mode leaves every x in [0, 10] at cost 300·10 = 3000.
  func testRangesAndAmbiguity() throws {
    let base: [([Int], Int, Relation, Int?)] = [
      ([1, 0, 0], 0, .greaterThanOrEqual, nil), ([1, 0, 0], -10, .lessThanOrEqual, nil),
      ([-1, 0, 1], 0, .equal, nil),
    ]
    let free = try XCTUnwrap(PriorityOracle.solve(system(3, base), mode: .strict))
    XCTAssertEqual(free.lower[0], try r(0))
    XCTAssertEqual(free.upper[0], try r(10))
    XCTAssertNil(free.lower[1])
    XCTAssertNil(free.upper[1])
    XCTAssertEqual(free.upper[2], try r(10))
    XCTAssertEqual((0..<3).map(free.isDetermined), [false, false, false])

    let pinned = try XCTUnwrap(PriorityOracle.solve(system(3, base + [([1, 0, 0], -3, .equal, 250)]), mode: .strict))
    XCTAssertEqual((0..<3).map(pinned.determinedValue), [try r(3), nil, try r(3)])

    let tie = system(3, base + [([1, 0, 0], 0, .equal, 300), ([1, 0, 0], -10, .equal, 300)])
    let tied = try XCTUnwrap(PriorityOracle.solve(tie, mode: .weighted))
    XCTAssertEqual(tied.weightedOptimum, try r(3000))
    XCTAssertEqual(tied.lower[0], try r(0))
    XCTAssertEqual(tied.upper[0], try r(10))
  }

  /// Required x ≥ 5 with x ≤ 4 has no solution; the oracle says so and declines to solve.
  func testRequiredInfeasibility() throws {
    let s = system(1, [([1], -5, .greaterThanOrEqual, nil), ([1], -4, .lessThanOrEqual, nil)])
    XCTAssertFalse(try PriorityOracle.isRequiredFeasible(s))
    XCTAssertNil(try PriorityOracle.solve(s, mode: .strict))
  }
}
