import TrellisSolver
import XCTest

/// Checks the solver's state after a mutation (every test calls it).
func assertConsistent(_ s: Solver, file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertEqual(s.checkInvariants(), [], file: file, line: line)
  // On these well-scaled systems every constraint must be held exactly as written.
  for record in s.engine.records.values {
    XCTAssertNil(
      s.engine.representationResidue(record, tolerance: 1e-12), "\(record.constraint)", file: file, line: line)
  }
}

final class ExpressionTests: XCTestCase {
  func testOperatorsBuildTermsAndConstants() {
    let s = Solver()
    let x = s.makeVariable("x"), y = s.makeVariable("y")
    let e = x + 2 * y - 8
    XCTAssertEqual(e.terms.map(\.coefficient), [1, 2])
    XCTAssertEqual(e.constant, -8)
    XCTAssertEqual(e.description, "x + 2*y - 8")
    XCTAssertEqual((-(x - y) / 2).description, "-0.5*x + 0.5*y")
    XCTAssertEqual((3 - x).description, "-x + 3")
  }

  func testConstraintsNormalizeToLeftMinusRight() {
    let s = Solver()
    let x = s.makeVariable("x"), y = s.makeVariable("y")
    let c = x + 8 <= y
    XCTAssertEqual(c.relation, .lessThanOrEqual)
    XCTAssertEqual(c.expression.description, "x - y + 8")
    XCTAssertTrue(c.priority.isRequired)
    let d = c.priority(.defaultHigh).labeled("gap")
    XCTAssertEqual(d, c, "priority and label keep the identity")
    XCTAssertEqual(d.description, "'gap' (x - y + 8 <= 0 @750)")
    XCTAssertNotEqual(x == y, x == y, "each operator call makes a new constraint")
  }
}

final class SolverTests: XCTestCase {
  func testEqualitiesAndInequalities() throws {
    let s = Solver()
    let left = s.makeVariable("left"), width = s.makeVariable("width"), right = s.makeVariable("right")
    try s.add(left == 10)
    try s.add(right == left + width)
    try s.add(width >= 44)
    try s.add(right <= 100)
    try s.add((width == 200).priority(.defaultLow))
    assertConsistent(s)
    // width wants 200 but right <= 100 caps it at 100 - 10 = 90.
    XCTAssertEqual(s.value(of: width), 90, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: right), 100, accuracy: 1e-9)
  }

  /// Chvátal, Linear Programming (1983), ch. 2, first example: maximize 5x1 + 4x2 + 3x3
  /// s.t. 2x1 + 3x2 + x3 <= 5, 4x1 + x2 + 2x3 <= 11, 3x1 + 4x2 + 2x3 <= 8, x >= 0;
  /// the unique optimum is 13 at (2, 0, 1). Maximizing is expressed as an optional
  /// `objective >= 1000`: minimizing its violation maximizes the objective.
  func testTextbookLinearProgramChvatal() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      let s = Solver(mode: mode)
      let x1 = s.makeVariable("x1"), x2 = s.makeVariable("x2"), x3 = s.makeVariable("x3")
      for x in [x1, x2, x3] { try s.add(x >= 0) }
      try s.add(2 * x1 + 3 * x2 + x3 <= 5)
      try s.add(4 * x1 + x2 + 2 * x3 <= 11)
      try s.add(3 * x1 + 4 * x2 + 2 * x3 <= 8)
      try s.add((5 * x1 + 4 * x2 + 3 * x3 >= 1000).priority(1))
      assertConsistent(s)
      XCTAssertEqual(s.value(of: x1), 2, accuracy: 1e-9)
      XCTAssertEqual(s.value(of: x2), 0, accuracy: 1e-9)
      XCTAssertEqual(s.value(of: x3), 1, accuracy: 1e-9)
      XCTAssertEqual(s.ambiguousVariables().map(\.name), [])
    }
  }

  /// Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
  /// Algorithm" (TOCHI 2001), §2: xm is the midpoint of xl and xr, xl + 10 <= xr,
  /// 0 <= xl, xr <= 100. Editing xm to 90 pushes xr to its bound.
  func testCassowaryPaperMidpointExample() throws {
    let s = Solver()
    let xl = s.makeVariable("xl"), xm = s.makeVariable("xm"), xr = s.makeVariable("xr")
    try s.add(2 * xm == xl + xr)
    try s.add(xl + 10 <= xr)
    try s.add(xr <= 100)
    try s.add(xl >= 0)
    try s.add((xl == 30).priority(1))
    try s.add((xr == 60).priority(2))
    try s.addEditVariable(xm, priority: .defaultHigh)
    try s.suggestValue(90, for: xm)
    assertConsistent(s)
    // xl + xr = 2·90 = 180 and xl + 10 <= xr give xr >= 95; xr <= 100. xr's stay (60,
    // priority 2) outranks xl's, so xr comes as close to 60 as it can: xr = 95, xl = 85.
    XCTAssertEqual(s.value(of: xm), 90, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: xr), 95, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: xl), 85, accuracy: 1e-9)
    try s.suggestValue(30, for: xm)
    assertConsistent(s)
    // xl + xr = 60, so xr >= 35; xr keeps its stay at 60 and xl = 0 (still >= 0).
    XCTAssertEqual(s.value(of: xr), 60, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: xl), 0, accuracy: 1e-9)
  }

  /// kiwi issues #28 and #33: in weighted mode enough weak constraints outvote a strong
  /// one; in strict mode they never do.
  func testStrictPrioritiesAreNeverTradedForManyLowerOnes() throws {
    func solve(_ mode: Solver.Mode) throws -> Double {
      let s = Solver(mode: mode)
      let x = s.makeVariable("x")
      try s.add((x == 10).priority(2))
      for _ in 0..<3 { try s.add((x == 0).priority(1)) }
      assertConsistent(s)
      return s.value(of: x)
    }
    XCTAssertEqual(try solve(.strict), 10, accuracy: 1e-9)  // priority 2 wins outright
    XCTAssertEqual(try solve(.weighted), 0, accuracy: 1e-9)  // 3 × 1 > 1 × 2
  }

  func testWithinOnePriorityTheTotalViolationIsMinimized() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    try s.add((x == 0).priority(500))
    try s.add((x == 10).priority(500))
    try s.add((x == 10).priority(500))
    assertConsistent(s)
    // |x| + 2|x - 10| is smallest at x = 10 (total 10).
    XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
    XCTAssertEqual(s.violationByPriority.map(\.violation), [10])
  }

  func testRemoveRestoresThePreviousSolution() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    try s.add((x == 5).priority(1))
    let pin = x == 20
    try s.add(pin)
    XCTAssertEqual(s.value(of: x), 20, accuracy: 1e-9)
    try s.remove(pin)
    assertConsistent(s)
    XCTAssertEqual(s.value(of: x), 5, accuracy: 1e-9)
    XCTAssertThrowsError(try s.remove(pin)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint(pin)) }
    XCTAssertFalse(s.contains(pin))
  }

  func testSetConstantMovesAConstraintInPlace() throws {
    let s = Solver()
    let x = s.makeVariable("x"), y = s.makeVariable("y")
    let gap = y == x + 8  // expression y - x - 8
    try s.add(x == 10)
    try s.add(gap)
    try s.add(y <= 50)
    XCTAssertEqual(s.value(of: y), 18, accuracy: 1e-9)
    try s.setConstant(of: gap, to: -20)  // y - x - 20 == 0
    assertConsistent(s)
    XCTAssertEqual(s.value(of: y), 30, accuracy: 1e-9)
    // y = x + 50 would exceed y <= 50: rejected, and the old constant stays.
    let before = s.stateDescription
    XCTAssertThrowsError(try s.setConstant(of: gap, to: -50)) { error in
      guard case .unsatisfiableConstraint(_, let conflicts) = error as? SolverError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(conflicts.count, 2, "x == 10 and y <= 50")
    }
    XCTAssertEqual(s.stateDescription, before)
    XCTAssertEqual(s.value(of: y), 30, accuracy: 1e-9)
  }

  func testEditVariables() throws {
    let s = Solver()
    let w = s.makeVariable("w"), half = s.makeVariable("half")
    try s.add(2 * half == w)
    try s.addEditVariable(w, priority: 999)
    XCTAssertTrue(s.hasEditVariable(w))
    for size in [320.0, 568, 1024] {
      try s.suggestValue(size, for: w)
      assertConsistent(s)
      XCTAssertEqual(s.value(of: half), size / 2, accuracy: 1e-9)
    }
    XCTAssertThrowsError(try s.addEditVariable(w, priority: 999)) {
      XCTAssertEqual($0 as? SolverError, .duplicateEditVariable(name: "w"))
    }
    XCTAssertThrowsError(try s.addEditVariable(half, priority: .required)) {
      XCTAssertEqual($0 as? SolverError, .invalidPriority(.required, context: "the edit variable 'half'"))
    }
    XCTAssertThrowsError(try s.suggestValue(1, for: half)) {
      XCTAssertEqual($0 as? SolverError, .unknownEditVariable(name: "half"))
    }
    try s.removeEditVariable(w)
    assertConsistent(s)
    XCTAssertFalse(s.hasEditVariable(w))
  }

  func testConflictNamesAMinimalSetWithLabels() throws {
    let s = Solver()
    let a = s.makeVariable("a"), b = s.makeVariable("b"), c = s.makeVariable("c")
    let ab = (b == a + 10).labeled("ab")
    let bc = (c == b + 10).labeled("bc")
    let aPin = (a == 0).labeled("a=0")
    let unrelated = (c <= 1000).labeled("c<=1000")
    for k in [ab, bc, aPin, unrelated] { try s.add(k) }
    let tooClose = (c <= 15).labeled("c<=15")
    let before = s.stateDescription
    XCTAssertThrowsError(try s.add(tooClose)) { error in
      XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(tooClose, conflicts: [ab, bc, aPin]))
      XCTAssertEqual(
        "\(error)",
        "The required constraint 'c<=15' (c - 15 <= 0) conflicts with 'ab' (b - a - 10 == 0), "
          + "'bc' (c - b - 10 == 0), 'a=0' (a == 0).")
    }
    XCTAssertEqual(s.stateDescription, before, "a failed add changes nothing")
    XCTAssertFalse(s.contains(tooClose))
    // An impossible constraint on its own.
    let never = LinearExpression(constant: 1) == 0
    XCTAssertThrowsError(try s.add(never)) {
      XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(never, conflicts: []))
    }
  }

  func testAmbiguity() throws {
    let s = Solver()
    let x = s.makeVariable("x"), w = s.makeVariable("w")
    _ = s.makeVariable("free")  // in no constraint at all
    let lo = s.makeVariable("lo")
    try s.add(w == 100)
    try s.add(x >= 0)  // x only bounded below: can move
    try s.add(lo >= 0)
    try s.add((lo == -5).priority(10))  // pulled to its bound: determined at 0
    let ambiguous = s.ambiguousVariables().map(\.name)
    XCTAssertEqual(ambiguous, ["x", "free"])
    XCTAssertEqual(s.ambiguousVariables(among: [w, lo]).map(\.name), [])
  }

  func testBadInputIsRejectedWithoutChanges() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    try s.add(x >= 1)
    let before = s.stateDescription
    let nan = x == .nan
    XCTAssertThrowsError(try s.add(nan)) {
      XCTAssertEqual(
        $0 as? SolverError, .nonFiniteValue(context: "A coefficient or the constant of the constraint \(nan)"))
    }
    XCTAssertThrowsError(try s.add((Double.infinity * x) >= 0))
    XCTAssertThrowsError(try s.add((x == 3).priority(0)))
    XCTAssertThrowsError(try s.add((x == 3).priority(1001)))
    XCTAssertThrowsError(try s.add((x == 3).priority(Priority(.nan))))
    let once = x <= 10
    try s.add(once)
    XCTAssertThrowsError(try s.add(once)) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint(once)) }
    try s.remove(once)
    XCTAssertEqual(s.stateDescription, before)
    let other = Solver()
    let y = other.makeVariable("y")
    XCTAssertThrowsError(try s.add(y == 1)) { XCTAssertEqual($0 as? SolverError, .foreignVariable(name: "y")) }
    try s.addEditVariable(x, priority: 500)
    XCTAssertThrowsError(try s.suggestValue(.infinity, for: x))
    assertConsistent(s)
  }

  func testStateDescriptionHasFixedSections() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    try s.add((x == 3).priority(750))
    let dump = s.stateDescription
    let headings = dump.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    XCTAssertEqual(
      headings, ["Objective (strict)", "Rows", "Infeasible rows", "Variables", "Edit variables", "Constraints"])
    XCTAssertTrue(dump.contains("  x = 3\n"))
  }

  /// Partial pivoting: a new equation is solved for its largest coefficient, not its first
  /// symbol. Solving `0.001·x + 1000·y = 5` for x would multiply every other entry by
  /// 1000 and spread rounding the size of real values through later rows.
  func testNewRowIsSolvedForItsLargestCoefficient() throws {
    let s = Solver()
    let x = s.makeVariable("x"), y = s.makeVariable("y")
    try s.add(0.001 * x + 1000 * y == 5)
    let basic = s.engine.rows.indices.filter { s.engine.rows[$0] != nil }.map { s.engine.symbolVariable[$0] }
    XCTAssertEqual(basic, [y.index])
    try s.add(x == 2000)
    XCTAssertEqual(s.value(of: y), (5 - 2) / 1000, accuracy: 1e-15)
    assertConsistent(s)
  }

  func testConstraintsAreListedInInsertionOrder() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    let cs = (0..<20).map { (x >= Double($0)).labeled("c\($0)") }
    for c in cs.reversed() { try s.add(c) }
    XCTAssertEqual(s.constraints.map(\.label), cs.reversed().map(\.label))
  }
}

final class ReadmeExampleTests: XCTestCase {
  /// The solver example in README.md, verbatim: width = 320 − 8 − 8 = 304, left = 8.
  func testReadmeExample() throws {
    let solver = Solver()
    let left = solver.makeVariable("left")
    let width = solver.makeVariable("width")
    let container = solver.makeVariable("container")
    try solver.add(left >= 8)
    try solver.add((left + width <= container - 8).labeled("trailing margin"))
    try solver.add((width == 400).priority(.defaultHigh))
    try solver.addEditVariable(container, priority: 999)
    try solver.suggestValue(320, for: container)
    XCTAssertEqual(solver.value(of: width), 304, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: left), 8, accuracy: 1e-9)
    XCTAssertEqual(solver.ambiguousVariables().map(\.name), [])
  }
}
