import TrellisSolver
import XCTest

/// Required equalities stored without a marker (``Solver/EqualityStorage/compact``): sparse
/// rows on chains, and removal and constant changes by rebuilding the tableau.
final class CompactEqualityTests: XCTestCase {
  /// A chain of n views, each as wide as the one before and starting where it ends, filling
  /// 375 points: `x[i] == x[i-1] + w[i-1]`, `w[i] == w[i-1]`, `x[n-1] + w[n-1] == 375`.
  private func chain(_ n: Int, storage: Solver.EqualityStorage) throws -> (Solver, [Variable], [Variable]) {
    let solver = Solver()
    var x: [Variable] = [], w: [Variable] = []
    for i in 0..<n {
      x.append(solver.makeVariable("x\(i)"))
      w.append(solver.makeVariable("w\(i)"))
      if i == 0 {
        try solver.add(x[0] == 0, onConflict: .throwError, storage: storage)
      } else {
        try solver.add(x[i] == x[i - 1] + w[i - 1], onConflict: .throwError, storage: storage)
        try solver.add(w[i] == w[i - 1], onConflict: .throwError, storage: storage)
      }
      try solver.add((w[i] >= 0).priority(250))
    }
    try solver.add(x[n - 1] + w[n - 1] == 375, onConflict: .throwError, storage: storage)
    return (solver, x, w)
  }

  private func cellCount(_ solver: Solver) -> Int {
    solver.engine.rows.reduce(0) { $0 + ($1?.cells.count ?? 0) }
  }

  func testAChainOfCompactEqualitiesKeepsSparseRows() throws {
    let n = 200
    let (compact, x, w) = try chain(n, storage: .compact)
    let (removable, _, _) = try chain(n, storage: .removable)
    XCTAssertEqual(compact.checkInvariants(), [])
    // Each view's row names at most the chain's one free width and a slack or error.
    XCTAssertLessThanOrEqual(cellCount(compact), 8 * n)
    // With markers every row carries the markers of the equalities before it.
    XCTAssertGreaterThan(cellCount(removable), n * n / 4)
    for i in [0, 1, n / 2, n - 1] {
      XCTAssertEqual(compact.value(of: w[i]), 375.0 / Double(n), accuracy: 1e-9)
      XCTAssertEqual(compact.value(of: x[i]), 375.0 * Double(i) / Double(n), accuracy: 1e-9)
    }
  }

  func testRemovingACompactEqualityRebuildsWithoutIt() throws {
    let solver = Solver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b")
    let pin = a == 40
    try solver.add(pin, onConflict: .throwError, storage: .compact)
    try solver.add(b == a + 10, onConflict: .throwError, storage: .compact)
    try solver.addEditVariable(a, priority: 500)
    try solver.suggestValue(7, for: a)
    XCTAssertEqual(solver.value(of: b), 50)
    try solver.remove(pin)
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertFalse(solver.contains(pin))
    // The edit variable survives the rebuild with its suggested value.
    XCTAssertTrue(solver.hasEditVariable(a))
    XCTAssertEqual(solver.value(of: a), 7)
    XCTAssertEqual(solver.value(of: b), 17)
    try solver.suggestValue(9, for: a)
    XCTAssertEqual(solver.value(of: b), 19)
  }

  func testChangingTheConstantOfACompactEquality() throws {
    let solver = Solver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b")
    let width = a == 100
    try solver.add(width, onConflict: .throwError, storage: .compact)
    try solver.add(b == 2 * a, onConflict: .throwError, storage: .compact)
    try solver.setConstant(of: width, to: -30)  // a - 30 == 0
    XCTAssertEqual(solver.value(of: a), 30)
    XCTAssertEqual(solver.value(of: b), 60)
    XCTAssertEqual(solver.checkInvariants(), [])
  }

  func testAConflictingConstantChangeIsRefusedAndNamesTheConflict() throws {
    let solver = Solver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b")
    let width = a == 100
    let cap = b <= 150
    try solver.add(width, onConflict: .throwError, storage: .compact)
    try solver.add(b == 2 * a - 100, onConflict: .throwError, storage: .compact)
    try solver.add(cap)
    try solver.add((b >= 0).priority(1))
    let before = solver.stateDescription
    XCTAssertThrowsError(try solver.setConstant(of: width, to: -200)) { error in
      guard case SolverError.unsatisfiableConstraint(let named, let conflicts) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(named, width)
      XCTAssertEqual(Set(conflicts.map(\.description)), [cap.description, (b == 2 * a - 100).description])
    }
    XCTAssertEqual(solver.stateDescription, before)
    XCTAssertEqual(solver.value(of: b), 100)
  }

  func testAConflictingCompactEqualityIsRefusedWithAMinimalSet() throws {
    let solver = Solver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b"), c = solver.makeVariable("c")
    let first = a == 10
    let second = b == a + 5
    try solver.add(first, onConflict: .throwError, storage: .compact)
    try solver.add(second, onConflict: .throwError, storage: .compact)
    try solver.add(c == 3, onConflict: .throwError, storage: .compact)
    let before = solver.stateDescription
    let outcome = try solver.add(b == 20, onConflict: .breakIt, storage: .compact)
    XCTAssertEqual(Set(outcome.conflicts.map(\.description)), [first.description, second.description])
    XCTAssertEqual(solver.stateDescription, before)
  }

  func testARedundantCompactEqualityStillHoldsWhenTheOriginalGoes() throws {
    let solver = Solver()
    let a = solver.makeVariable("a"), b = solver.makeVariable("b")
    let original = a == b + 4
    let copy = 2 * a == 2 * b + 8
    try solver.add(original, onConflict: .throwError, storage: .compact)
    try solver.add(copy, onConflict: .throwError, storage: .compact)
    try solver.add(b == 1)
    XCTAssertEqual(solver.value(of: a), 5)
    try solver.remove(original)
    try solver.setConstant(of: copy, to: -10)  // 2a - 2b - 10 == 0
    XCTAssertEqual(solver.value(of: a), 6)
    XCTAssertEqual(solver.checkInvariants(), [])
    // Only required equalities are stored compactly; the rest keep their markers.
    let optional = (a == 3).priority(10)
    try solver.add(optional, onConflict: .throwError, storage: .compact)
    XCTAssertGreaterThanOrEqual(solver.engine.records[optional.id]?.marker ?? -1, 0)
  }

  /// A compact copy of an equality that keeps its marker: a later constant change of the
  /// original (a layout's safe-area constraint on a move) must meet the copy and be refused.
  func testACompactCopyOfAnEqualityWithAMarkerStillConstrainsIt() throws {
    for sign in [1.0, -1.0] {
      let solver = Solver()
      let x = solver.makeVariable("x")
      let original = x == 0
      let copy = Constraint(sign * LinearExpression(x), .equal)
      try solver.add(original)
      try solver.add(copy, onConflict: .throwError, storage: .compact)
      let before = solver.stateDescription
      XCTAssertThrowsError(try solver.setConstant(of: original, to: -44), "sign \(sign)") { error in
        guard case SolverError.unsatisfiableConstraint(let named, let conflicts) = error else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(named, original)
        XCTAssertEqual(conflicts, [copy])
      }
      XCTAssertEqual(solver.stateDescription, before, "sign \(sign)")
      XCTAssertEqual(solver.value(of: x), 0)
    }
  }

  /// The same when the copy is implied only by a combination of equalities with markers
  /// (x + y == 10 and x == y imply x == 5), in both orientations of the copy's equation.
  func testACompactEqualityImpliedByMarkedOnesStillConstrainsThem() throws {
    for constant in [-5.0, 5.0] {
      let solver = Solver()
      let x = solver.makeVariable("x"), y = solver.makeVariable("y")
      let sum = x + y == 10
      try solver.add(sum)
      try solver.add(x == y)
      let implied = Constraint(LinearExpression(x) * (constant < 0 ? 1 : -1) + constant, .equal)
      try solver.add(implied, onConflict: .throwError, storage: .compact)
      XCTAssertEqual(solver.value(of: x), 5)
      XCTAssertThrowsError(try solver.setConstant(of: sum, to: -12), "constant \(constant)")
      XCTAssertEqual(solver.value(of: x), 5)
      XCTAssertEqual(solver.checkInvariants(), [])
      try solver.remove(implied)
      try solver.setConstant(of: sum, to: -12)
      XCTAssertEqual(solver.value(of: x), 6)
    }
  }
}
