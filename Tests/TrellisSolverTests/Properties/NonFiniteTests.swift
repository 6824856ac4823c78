import TrellisSolver
import XCTest

/// NaN or infinity in a coefficient, a constant or a suggested value is rejected with
/// `SolverError.nonFiniteValue`, without trapping and without changing the solver.
final class NonFiniteTests: XCTestCase {
  func testNonFiniteInputsAreRejectedAndChangeNothing() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      let solver = Solver(mode: mode)
      let x = solver.makeVariable("x"), y = solver.makeVariable("y")
      let sum = x + y == 10.0
      try solver.add(sum)
      try solver.add(x >= 2.0)
      try solver.add((x == 3.0).priority(.defaultLow))
      try solver.addEditVariable(y, priority: .defaultHigh)
      try solver.suggestValue(6, for: y)
      // y is edited to 6 @750, so x = 10 − 6 = 4 (x == 3 @250 gives way).
      XCTAssertEqual(solver.value(of: x), 4, accuracy: 1e-9)

      for bad in [Double.nan, .infinity, -.infinity, -Double.nan] {
        let attempts: [(String, () throws(SolverError) -> Void)] = [
          (
            "coefficient \(bad)",
            { () throws(SolverError) in
              try solver.add(Constraint(LinearExpression(terms: [Term(x, bad)], constant: 1), .equal))
            }
          ),
          (
            "coefficient \(bad) beside a finite one",
            { () throws(SolverError) in
              try solver.add(
                Constraint(LinearExpression(terms: [Term(x, 1), Term(y, bad)]), .lessThanOrEqual, priority: 500))
            }
          ),
          (
            "constant \(bad)",
            { () throws(SolverError) in
              try solver.add(Constraint(LinearExpression(terms: [Term(y, 1)], constant: bad), .greaterThanOrEqual))
            }
          ),
          (
            "optional constant \(bad)",
            { () throws(SolverError) in
              try solver.add(Constraint(LinearExpression(terms: [Term(y, 1)], constant: bad), .equal, priority: 1))
            }
          ),
          ("setConstant \(bad)", { () throws(SolverError) in try solver.setConstant(of: sum, to: bad) }),
          ("suggestValue \(bad)", { () throws(SolverError) in try solver.suggestValue(bad, for: y) }),
        ]
        for (what, attempt) in attempts {
          let before = solver.stateDescription
          do {
            try attempt()
            XCTFail("\(mode): \(what) was accepted")
          } catch .nonFiniteValue {
            // expected
          } catch {
            XCTFail("\(mode): \(what) threw \(error) instead of nonFiniteValue")
          }
          XCTAssertEqual(solver.stateDescription, before, "\(mode): \(what) changed the solver")
          XCTAssertEqual(solver.checkInvariants(), [], "\(mode): \(what)")
        }
      }
      // Still fully working: x + y == 10 with y suggested 7 gives x = 3.
      try solver.suggestValue(7, for: y)
      XCTAssertEqual(solver.value(of: x), 3, accuracy: 1e-9)
      XCTAssertEqual(solver.value(of: y), 7, accuracy: 1e-9)
    }
  }
}
