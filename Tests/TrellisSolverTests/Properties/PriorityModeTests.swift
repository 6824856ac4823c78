import TrellisSolver
import XCTest

/// Strict and weighted priorities on the real solver, with values worked out by hand.
final class PriorityModeTests: XCTestCase {
  /// 1000 weak constraints x == 10 @1 against one x == 0 @750 (the shape of kiwi #28/#33).
  /// Strict: @750 is never traded for any number of @1 ones: x = 0, and the @1 level
  /// misses by 1000 × 10 = 10000. Weighted: cost 1000·1·|x − 10| + 750·|x| has slope
  /// −1000 + 750 = −250 < 0 on (0, 10), so x = 10 and the @750 constraint misses by 10.
  func testThousandWeakAgainstOneStrong() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      let solver = Solver(mode: mode)
      let x = solver.makeVariable("x")
      try solver.add((x == 0.0).priority(.defaultHigh))
      for _ in 0..<1000 { try solver.add((x == 10.0).priority(1)) }
      XCTAssertEqual(solver.checkInvariants(), [])
      let report = solver.violationByPriority
      XCTAssertEqual(report.map(\.priority), [750, 1], "\(mode)")
      switch mode {
      case .strict:
        XCTAssertEqual(solver.value(of: x), 0, accuracy: 1e-9)
        XCTAssertEqual(report.first?.violation ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(report.last?.violation ?? -1, 10000, accuracy: 1e-6)
      case .weighted:
        XCTAssertEqual(solver.value(of: x), 10, accuracy: 1e-9)
        XCTAssertEqual(report.first?.violation ?? -1, 10, accuracy: 1e-9)
        XCTAssertEqual(report.last?.violation ?? -1, 0, accuracy: 1e-9)
      }
      XCTAssertEqual(solver.ambiguousVariables().map(\.name), [])
    }
  }

  /// kiwi issue #28, shifted below 1000: w == i @(500 + i) for i = 1…4. Weighted cost
  /// Σ (500 + i)|w − i| has slope 501 + 502 + 503 − 504 = 1002 > 0 on (3, 4) and
  /// 501 + 502 − 503 − 504 = −4 < 0 on (2, 3): w = 3 (kiwi's answer). Strict: w = 4.
  func testKiwiIssue28() throws {
    for (mode, expected) in [(Solver.Mode.strict, 4.0), (.weighted, 3.0)] {
      let solver = Solver(mode: mode)
      let w = solver.makeVariable("w")
      for i in 1...4 { try solver.add((w == Double(i)).priority(Priority(Double(500 + i)))) }
      XCTAssertEqual(solver.value(of: w), expected, accuracy: 1e-9, "\(mode)")
    }
  }

  /// kiwi issue #33: A v >= 100 @501, B v == 90 @500, C v == 10 @10. Weighted: slope
  /// −501 + 500 + 10 = 9 > 0 on (90, 100), so v = 90 (C tips B over A). Strict: v = 100.
  func testKiwiIssue33() throws {
    for (mode, expected) in [(Solver.Mode.strict, 100.0), (.weighted, 90.0)] {
      let solver = Solver(mode: mode)
      let v = solver.makeVariable("v")
      try solver.add((v >= 100.0).priority(501))
      try solver.add((v == 90.0).priority(500))
      try solver.add((v == 10.0).priority(10))
      XCTAssertEqual(solver.value(of: v), expected, accuracy: 1e-9, "\(mode)")
    }
  }

  /// An edit variable counts at its priority. Edit x @500 suggested 50, x <= 40 @600,
  /// x == 50 @200. Strict: x ≤ 40 first, x = 40. Weighted: on (40, 50) the slope is
  /// 600 − 500 − 200 = −100 < 0, so x = 50 (cost 600·10 = 6000 < 700·10 at x = 40).
  func testEditVariableCountsAtItsPriority() throws {
    for (mode, expected) in [(Solver.Mode.strict, 40.0), (.weighted, 50.0)] {
      let solver = Solver(mode: mode)
      let x = solver.makeVariable("x")
      try solver.addEditVariable(x, priority: 500)
      try solver.suggestValue(50, for: x)
      try solver.add((x <= 40.0).priority(600))
      try solver.add((x == 50.0).priority(200))
      XCTAssertEqual(solver.value(of: x), expected, accuracy: 1e-9, "\(mode)")
      XCTAssertEqual(solver.violationByPriority.map(\.priority), [600, 500, 200], "\(mode)")
    }
  }
}
