import TrellisSolver
import XCTest

/// The solver's record table against a `Dictionary` doing the same operations: lookups,
/// updates, and removals that shift probe runs (including runs that wrap past the end).
final class RecordTableTests: XCTestCase {
  private func record(_ constraint: Constraint, sequence: UInt64) -> ConstraintRecord {
    ConstraintRecord(
      constraint: constraint, marker: 0, other: -1, markerCoefficient: 1, otherCoefficient: 0, constant: 0,
      scale: 1, sequence: sequence, isEdit: false)
  }

  func testMatchesADictionaryUnderRandomOperations() {
    let solver = Solver()
    let x = solver.makeVariable("x")
    let pool = (0..<300).map { Constraint(LinearExpression(x), .equal, priority: .required, label: "c\($0)") }
    var table = RecordTable()
    var model: [UInt64: UInt64] = [:]
    var rng = SplitMix64Random(seed: 0x7AB1E)
    for step in 0..<20_000 {
      let c = pool[rng.below(pool.count)]
      switch rng.below(3) {
      case 0:
        table[c.id] = record(c, sequence: UInt64(step))
        model[c.id] = UInt64(step)
      case 1:
        table[c.id] = nil
        model[c.id] = nil
      default:
        XCTAssertEqual(table[c.id]?.sequence, model[c.id], "step \(step)")
      }
      if step % 1000 == 0 {
        XCTAssertEqual(table.count, model.count)
        for c in pool { XCTAssertEqual(table[c.id]?.sequence, model[c.id], "step \(step), \(c.label ?? "")") }
        XCTAssertEqual(Set(table.values.map(\.constraint.id)), Set(model.keys))
      }
    }
  }

  func testRemovingEverythingLeavesItEmptyAndReusable() {
    let solver = Solver()
    let x = solver.makeVariable("x")
    let constraints = (0..<100).map { _ in Constraint(LinearExpression(x), .equal, priority: .required) }
    var table = RecordTable()
    for (i, c) in constraints.enumerated() { table[c.id] = record(c, sequence: UInt64(i)) }
    for c in constraints.reversed() { table[c.id] = nil }
    XCTAssertEqual(table.count, 0)
    XCTAssertTrue(constraints.allSatisfy { table[$0.id] == nil })
    table[constraints[7].id] = record(constraints[7], sequence: 7)
    XCTAssertEqual(table[constraints[7].id]?.sequence, 7)
    XCTAssertEqual(table.count, 1)
  }

  /// Room reserved ahead changes nothing a lookup sees, before or after records are in it.
  func testReservingKeepsEveryRecord() {
    let solver = Solver()
    let x = solver.makeVariable("x")
    let constraints = (0..<300).map { _ in Constraint(LinearExpression(x), .equal, priority: .required) }
    var table = RecordTable()
    table.reserveCapacity(50)
    for (i, c) in constraints.prefix(100).enumerated() { table[c.id] = record(c, sequence: UInt64(i)) }
    table.reserveCapacity(1000)
    for (i, c) in constraints.enumerated().dropFirst(100) { table[c.id] = record(c, sequence: UInt64(i)) }
    XCTAssertEqual(table.count, 300)
    for (i, c) in constraints.enumerated() { XCTAssertEqual(table[c.id]?.sequence, UInt64(i)) }
  }

  /// A solver given room ahead solves as one that grows as it goes.
  func testASolverWithRoomReservedSolvesTheSame() throws {
    func build(reserving: Bool) throws -> [Double] {
      let solver = Solver()
      if reserving { solver.reserveCapacity(variables: 40, constraints: 60) }
      let v = (0..<40).map { solver.makeVariable("v\($0)") }
      try solver.add(Constraint(v[0] - 10, .equal))
      for i in 1..<40 {
        try solver.add(Constraint(v[i] - v[i - 1] - Double(i), .equal))
        try solver.add(Constraint(v[i] - 100, .lessThanOrEqual, priority: 500))
      }
      return v.map { solver.value(of: $0) }
    }
    XCTAssertEqual(try build(reserving: true), try build(reserving: false))
  }
}
