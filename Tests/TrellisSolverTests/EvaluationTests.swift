import TrellisSolver
import XCTest

/// `Solver.evaluate(_:constant:)`, the check the layout engine runs after every layout.
final class EvaluationTests: XCTestCase {
  func testEvaluateUsesTheGivenConstantAndReportsTheLargestTerm() throws {
    let solver = Solver()
    let x = solver.makeVariable("x"), y = solver.makeVariable("y")
    try solver.add(x == 1)
    try solver.add(y == -4)
    // 2x + 3y + 5 with the constant 7 in its place: 7 + 2 − 12 = −3; terms 7, 2 and −12.
    let result = solver.evaluate(2 * x + 3 * y + 5, constant: 7)
    XCTAssertEqual(result.value, -3)
    XCTAssertEqual(result.largestTerm, 12)
    // The constant alone counts when it is the largest.
    XCTAssertEqual(solver.evaluate(2 * x + 3 * y, constant: -40).largestTerm, 40)
  }

  func testEvaluateSumsReadsEverySumInOnePass() throws {
    let solver = Solver()
    let x = solver.makeVariable("x"), y = solver.makeVariable("y"), z = solver.makeVariable("z")
    try solver.add(x == 1)
    try solver.add(y == -4)
    // z is in no constraint: its value is 0.
    _ = z
    var values: [Double] = [99]
    var largest: [Double] = []
    // Sum 0: 7 + 2x + 3y = 7 + 2 − 12 = −3 (largest 12). Sum 1: no terms, −40 (largest 40).
    // Sum 2: 0.5 + 10z − y = 0.5 + 0 + 4 = 4.5 (largest 4).
    solver.evaluateSums(
      constants: [7, -40, 0.5], ends: [2, 2, 4], slots: [x.slot, y.slot, z.slot, y.slot],
      coefficients: [2, 3, 10, -1], values: &values, largestTerms: &largest)
    XCTAssertEqual(values, [-3, -40, 4.5])
    XCTAssertEqual(largest, [12, 40, 4])
    // The same sums as `evaluate` gives them one by one.
    XCTAssertEqual(values[0], solver.evaluate(2 * x + 3 * y, constant: 7).value)
    XCTAssertEqual(solver.value(at: y.slot), -4)
  }
}
