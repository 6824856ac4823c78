import TrellisSolver
import XCTest

/// `Solver.defersOptimization`: optional constraints added in a row are optimized once, and
/// the solution is the one adding them one by one gives.
final class DeferredOptimizationTests: XCTestCase {
  /// Widths in a 300-point row, each wanting its own size at its own priority.
  private func build(deferring: Bool, mode: Solver.Mode) throws -> (Solver, [Variable]) {
    let solver = Solver(mode: mode)
    let widths = (0..<6).map { solver.makeVariable("w\($0)") }
    var sum = LinearExpression(constant: -300)
    for w in widths {
      try solver.add(w >= 0)
      sum = sum + w
    }
    try solver.add(Constraint(sum, .equal))
    solver.defersOptimization = deferring
    for (i, w) in widths.enumerated() {
      try solver.add((w == Double(40 + 20 * i)).priority(Priority(Double(100 + 50 * i))))
      try solver.add((w <= 50).priority(Priority(Double(90 + 60 * i))))
    }
    solver.defersOptimization = false
    return (solver, widths)
  }

  func testTheSolutionIsTheOneAddingOneByOneGives() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      let (deferred, a) = try build(deferring: true, mode: mode)
      let (eager, b) = try build(deferring: false, mode: mode)
      XCTAssertEqual(deferred.checkInvariants(), [], "\(mode)")
      XCTAssertEqual(
        deferred.engine.violationByPriority().map(\.violation),
        eager.engine.violationByPriority().map(\.violation), "\(mode)")
      for (x, y) in zip(a, b) {
        XCTAssertEqual(deferred.value(of: x), eager.value(of: y), accuracy: 1e-9, "\(mode) \(x)")
      }
    }
  }

  func testARequiredConflictIsStillFoundWhileDeferring() throws {
    let solver = Solver()
    let x = solver.makeVariable("x")
    let cap = x <= 10
    try solver.add(cap)
    solver.defersOptimization = true
    try solver.add((x == 20).priority(500))
    XCTAssertThrowsError(try solver.add(x >= 11)) { error in
      guard case SolverError.unsatisfiableConstraint(_, let conflicts) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(conflicts, [cap])
    }
    solver.defersOptimization = false
    XCTAssertEqual(solver.value(of: x), 10)
    XCTAssertEqual(solver.checkInvariants(), [])
  }
}
