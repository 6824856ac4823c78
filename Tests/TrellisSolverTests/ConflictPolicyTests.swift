import TrellisSolver
import XCTest

/// `add(_:onConflict:)`: breaking the constraint whose addition finds a conflict, on top of
/// the transactional `add(_:)`.
final class ConflictPolicyTests: XCTestCase {
  func testBreakItReturnsTheNewConstraintAndAMinimalSet() throws {
    let s = Solver()
    let a = s.makeVariable("a"), b = s.makeVariable("b"), c = s.makeVariable("c")
    let ab = (b == a + 10).labeled("ab")
    let bc = (c == b + 10).labeled("bc")
    let aPin = (a == 0).labeled("a=0")
    let unrelated = (c <= 1000).labeled("c<=1000")
    for k in [ab, bc, aPin, unrelated] { XCTAssertEqual(try s.add(k, onConflict: .breakIt), .added) }
    let tooClose = (c <= 15).labeled("c<=15")
    let before = s.stateDescription
    let outcome = try s.add(tooClose, onConflict: .breakIt)
    // c = 20 is forced by the three equalities; c <= 15 closes the cycle and is the one broken.
    XCTAssertEqual(outcome, .broken(tooClose, conflicts: [ab, bc, aPin]))
    XCTAssertEqual(outcome.brokenConstraint, tooClose)
    XCTAssertEqual(outcome.conflicts, [ab, bc, aPin])
    XCTAssertEqual(s.stateDescription, before, "a broken constraint changes nothing")
    XCTAssertFalse(s.contains(tooClose))
    XCTAssertEqual(s.value(of: c), 20)
    assertConsistent(s)
  }

  func testLaterConstraintsAreAddedAsIfTheBrokenOneWasNeverOffered() throws {
    // The Concentration case in miniature: a file's `column == card` (required) is added
    // first, then a stack's `column == 0` (UISV-hiding) conflicts and is broken, then more.
    let s = Solver()
    let card = s.makeVariable("card"), column = s.makeVariable("column"), total = s.makeVariable("total")
    try s.add(card == 93.5)
    try s.add(column == card)
    let hiding = (column == 0).labeled("UISV-hiding")
    let outcome = try s.add(hiding, onConflict: .breakIt)
    XCTAssertEqual(outcome.brokenConstraint, hiding)
    XCTAssertEqual(outcome.conflicts.count, 2)
    XCTAssertEqual(try s.add(total == card + column, onConflict: .breakIt), .added)
    XCTAssertEqual(s.value(of: column), 93.5)
    XCTAssertEqual(s.value(of: total), 187)
    XCTAssertEqual(s.constraints.count, 3)
    // Breaking is not throwing: the same add without the policy throws.
    XCTAssertThrowsError(try s.add(hiding, onConflict: .throwError)) {
      XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(hiding, conflicts: outcome.conflicts))
    }
    assertConsistent(s)
  }

  func testOptionalConstraintsAreNeverBroken() throws {
    let s = Solver()
    let w = s.makeVariable("w")
    try s.add(w == 100)
    let weak = (w == 200).priority(.defaultHigh)
    // An optional constraint is not a conflict: it is added, and merely unsatisfied.
    XCTAssertEqual(try s.add(weak, onConflict: .breakIt), .added)
    XCTAssertTrue(s.contains(weak))
    XCTAssertEqual(s.value(of: w), 100)
  }

  func testOtherErrorsStillThrowUnderBreakIt() throws {
    let s = Solver()
    let x = s.makeVariable("x")
    let once = x <= 10
    try s.add(once)
    XCTAssertThrowsError(try s.add(once, onConflict: .breakIt)) {
      XCTAssertEqual($0 as? SolverError, .duplicateConstraint(once))
    }
    XCTAssertThrowsError(try s.add(x == .nan, onConflict: .breakIt))
    let y = Solver().makeVariable("y")
    XCTAssertThrowsError(try s.add(y == 1, onConflict: .breakIt)) {
      XCTAssertEqual($0 as? SolverError, .foreignVariable(name: "y"))
    }
    // A constraint impossible on its own is broken with an empty conflict set.
    let never = LinearExpression(constant: 1) == 0
    XCTAssertEqual(try s.add(never, onConflict: .breakIt), .broken(never, conflicts: []))
    assertConsistent(s)
  }

  func testBreakingAfterPhaseOneLeavesTheSolverAsItWas() throws {
    // A conflict found only by phase one (an inequality cycle, no equality row): the rollback
    // path of `add`, not the all-dummy shortcut.
    let s = Solver()
    let a = s.makeVariable("a"), b = s.makeVariable("b")
    try s.add(a >= 10)
    try s.add(b >= a + 5)
    try s.add((b == 40).priority(.defaultLow))
    let before = s.stateDescription
    let low = b <= 12
    XCTAssertEqual(try s.add(low, onConflict: .breakIt).brokenConstraint, low)
    XCTAssertEqual(s.stateDescription, before)
    XCTAssertEqual(s.value(of: b), 40)
    assertConsistent(s)
  }

  func testSetConstantWithoutSnapshotMatchesSetConstantAndThrowsOnARefusal() throws {
    func make() throws -> (Solver, Constraint) {
      let s = Solver()
      let root = s.makeVariable("root"), a = s.makeVariable("a")
      let container = root == 375
      try s.add(container)
      try s.add(a == root - 16)
      try s.add(a >= 100)
      return (s, container)
    }
    let (guarded, g) = try make()
    let (fast, f) = try make()
    try guarded.setConstant(of: g, to: -500)
    try fast.setConstantDiscardingOnFailure(of: f, to: -500)
    // Same tableau, same values: only the failure path differs.
    XCTAssertEqual(fast.stateDescription, guarded.stateDescription)
    XCTAssertEqual(fast.value(of: fast.constraints[1].expression.terms[0].variable), 484)
    assertConsistent(fast)
    // root = 50 would make a = 34 < 100: refused (the caller then drops the solver).
    XCTAssertThrowsError(try fast.setConstantDiscardingOnFailure(of: f, to: -50)) {
      XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(f, conflicts: []))
    }
  }
}
