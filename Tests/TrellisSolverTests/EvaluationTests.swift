import XCTest

@testable import TrellisSolver

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
}
