import TrellisSolver
import XCTest

/// A failed operation changes nothing: in larger random systems (60 variables, 80
/// constraints) every rejected call leaves `stateDescription` byte-identical, the values
/// bit-identical and the invariants clean; afterwards the accepted constraints still hold
/// and resizing through an edit variable still works.
///
/// Counts: 6 systems per mode, each followed by ~40 failing calls of 15 kinds and 5
/// resizes checked against a fresh solver. Seeds 0xFA11_0000 + i.
final class FailureAtomicityTests: XCTestCase {
  private struct Big {
    var spec: SystemSpec
    var loaded: LoadedSolver
  }

  /// 56 random variables plus 4 reserved ones: `guarded` with required 0 ≤ guarded ≤ 10,
  /// `width` (the edit variable), `other` and `spare`.
  private func makeBig(seed: UInt64, mode: Solver.Mode) throws -> (Big, guardLow: Constraint, guardHigh: Constraint) {
    var rng = SplitMix64Random(seed: seed)
    let randomCount = 56
    let hidden = (0..<randomCount).map { _ in Double(rng.int(in: -100...100)) }
    let levels = RandomSystems.levels(&rng)
    var spec = SystemSpec(variableCount: randomCount + 4)
    for _ in 0..<78 {
      var item = RandomSystems.item(
        &rng, variableCount: randomCount, hidden: hidden, levels: levels, requiredRate: 0.6, conflictRate: 0)
      if item.priority != nil { item.constant = RandomSystems.constant(&rng, -150...150) }
      spec.items.append(item)
    }
    // width is tied to the layout: v0 + width <= other, and width has a soft size.
    let guarded = randomCount, width = randomCount + 1, other = randomCount + 2
    spec.items.append(
      SystemSpec.Item(terms: [(0, 1), (width, 1), (other, -1)], constant: 0, relation: .lessThanOrEqual, priority: nil))
    spec.items.append(SystemSpec.Item(terms: [(width, 1)], constant: -40, relation: .equal, priority: 250))
    var loaded = LoadedSolver(variableCount: spec.variableCount, mode: mode)
    for item in spec.items {
      let c = item.constraint(loaded.variables)
      try loaded.solver.add(c)  // feasible by construction: required items hold at `hidden`
      loaded.accepted.append((item, c))
    }
    let x = loaded.variables[guarded]
    let low = x >= 0.0, high = x <= 10.0
    try loaded.solver.add(low)
    try loaded.solver.add(high)
    loaded.accepted.append(
      (SystemSpec.Item(terms: [(guarded, 1)], constant: 0, relation: .greaterThanOrEqual, priority: nil), low))
    loaded.accepted.append(
      (SystemSpec.Item(terms: [(guarded, 1)], constant: -10, relation: .lessThanOrEqual, priority: nil), high))
    try loaded.solver.addEditVariable(loaded.variables[width], priority: .defaultHigh)
    try loaded.solver.suggestValue(60, for: loaded.variables[width])
    return (Big(spec: spec, loaded: loaded), low, high)
  }

  func testFailedOperationsChangeNothing() throws {
    for mode in [Solver.Mode.strict, .weighted] {
      for i in 0..<6 {
        try checkOne(seed: 0xFA11_0000 + UInt64(i) + (mode == .strict ? 0 : 100), mode: mode)
      }
    }
  }

  private func checkOne(seed: UInt64, mode: Solver.Mode) throws {
    let (big, guardLow, guardHigh) = try makeBig(seed: seed, mode: mode)
    let solver = big.loaded.solver
    let vars = big.loaded.variables
    let width = vars[57], spare = vars[59]
    let context = "seed \(seed) (\(mode))"
    var rng = SplitMix64Random(seed: seed ^ 0xFFFF)
    let foreign = Solver().makeVariable("foreign")

    /// Runs `operation`, which must throw an error accepted by `expected`, and checks that
    /// nothing changed.
    func mustFailCleanly(
      _ what: String, _ operation: () throws(SolverError) -> Void, _ expected: (SolverError) -> Bool
    ) {
      let before = solver.stateDescription
      let valuesBefore = vars.map { solver.value(of: $0).bitPattern }
      do {
        try operation()
        XCTFail("\(context): \(what) did not throw")
      } catch {
        XCTAssertTrue(expected(error), "\(context): \(what) threw \(error)")
      }
      XCTAssertEqual(solver.stateDescription, before, "\(context): \(what) changed the state")
      XCTAssertEqual(vars.map { solver.value(of: $0).bitPattern }, valuesBefore, "\(context): \(what) changed values")
      XCTAssertEqual(solver.checkInvariants(), [], "\(context): after \(what)")
    }

    // Conflicting required constraints: the negation of accepted required ones, shifted by 1.
    let required = big.loaded.accepted.filter { $0.item.priority == nil }
    for _ in 0..<12 {
      let (item, original) = rng.pick(required)
      var opposite = item
      switch item.relation {
      case .equal: opposite.constant += 1  // expr + 1 == 0 against expr == 0
      case .lessThanOrEqual:  // expr ≥ 1 against expr ≤ 0
        opposite.constant -= 1
        opposite.relation = .greaterThanOrEqual
      case .greaterThanOrEqual:  // expr ≤ −1 against expr ≥ 0
        opposite.constant += 1
        opposite.relation = .lessThanOrEqual
      }
      let c = opposite.constraint(vars)
      var reported: [Constraint] = []
      mustFailCleanly("adding the opposite of \(original)", { () throws(SolverError) in try solver.add(c) }) { error in
        guard case .unsatisfiableConstraint(let named, let conflicts) = error, named == c else { return false }
        reported = conflicts
        return !conflicts.isEmpty
      }
      if !reported.isEmpty {
        let problems = try conflictProblems(
          rejected: opposite, conflicts: reported, accepted: big.loaded.accepted, variableCount: big.spec.variableCount)
        XCTAssertEqual(problems, [], "\(context): conflicts for the opposite of \(original)")
      }
    }

    let someAccepted = rng.pick(big.loaded.accepted).constraint
    let neverAdded = vars[3] >= 1.0
    mustFailCleanly("a duplicate add", { () throws(SolverError) in try solver.add(someAccepted) }) {
      $0 == .duplicateConstraint(someAccepted)
    }
    mustFailCleanly("removing an unknown constraint", { () throws(SolverError) in try solver.remove(neverAdded) }) {
      $0 == .unknownConstraint(neverAdded)
    }
    mustFailCleanly(
      "setConstant of an unknown constraint",
      { () throws(SolverError) in
        try solver.setConstant(of: neverAdded, to: 2)
      }
    ) { $0 == .unknownConstraint(neverAdded) }
    // guardHigh is guarded − 10 ≤ 0; constant 5 makes it guarded ≤ −5 against guarded ≥ 0.
    mustFailCleanly(
      "setConstant making a required constraint conflict",
      { () throws(SolverError) in
        try solver.setConstant(of: guardHigh, to: 5)
      }
    ) { $0 == .unsatisfiableConstraint(guardHigh, conflicts: [guardLow]) }
    mustFailCleanly("setConstant to NaN", { () throws(SolverError) in try solver.setConstant(of: guardHigh, to: .nan) })
    {
      if case .nonFiniteValue = $0 { return true } else { return false }
    }
    for bad: Priority in [.required, 0, -5, 1001, Priority(.nan), Priority(.infinity)] {
      mustFailCleanly(
        "an edit variable at priority \(bad)",
        { () throws(SolverError) in
          try solver.addEditVariable(spare, priority: bad)
        }
      ) { if case .invalidPriority = $0 { return true } else { return false } }
    }
    for bad: Priority in [0, -1, 1000.5, Priority(.nan)] {
      let c = (vars[1] == 3.0).priority(bad)
      mustFailCleanly("a constraint at priority \(bad)", { () throws(SolverError) in try solver.add(c) }) {
        if case .invalidPriority = $0 { return true } else { return false }
      }
    }
    mustFailCleanly(
      "a duplicate edit variable",
      { () throws(SolverError) in
        try solver.addEditVariable(width, priority: .defaultLow)
      }
    ) { $0 == .duplicateEditVariable(name: width.name) }
    mustFailCleanly("removing a non-edit variable", { () throws(SolverError) in try solver.removeEditVariable(spare) })
    {
      $0 == .unknownEditVariable(name: spare.name)
    }
    mustFailCleanly(
      "suggesting for a non-edit variable", { () throws(SolverError) in try solver.suggestValue(3, for: spare) }
    ) {
      $0 == .unknownEditVariable(name: spare.name)
    }
    for bad in [Double.nan, .infinity, -.infinity] {
      mustFailCleanly("suggesting \(bad)", { () throws(SolverError) in try solver.suggestValue(bad, for: width) }) {
        if case .nonFiniteValue = $0 { return true } else { return false }
      }
      let badCoefficient = Constraint(LinearExpression(terms: [Term(vars[2], bad)], constant: 1), .equal)
      mustFailCleanly("a \(bad) coefficient", { () throws(SolverError) in try solver.add(badCoefficient) }) {
        if case .nonFiniteValue = $0 { return true } else { return false }
      }
      let badConstant = Constraint(LinearExpression(terms: [Term(vars[2], 1)], constant: bad), .greaterThanOrEqual)
      mustFailCleanly("a \(bad) constant", { () throws(SolverError) in try solver.add(badConstant) }) {
        if case .nonFiniteValue = $0 { return true } else { return false }
      }
    }
    let foreignConstraint = vars[0] + foreign == 1.0
    mustFailCleanly(
      "a foreign variable in a constraint", { () throws(SolverError) in try solver.add(foreignConstraint) }
    ) {
      $0 == .foreignVariable(name: "foreign")
    }
    mustFailCleanly(
      "a foreign edit variable",
      { () throws(SolverError) in
        try solver.addEditVariable(foreign, priority: .defaultLow)
      }
    ) { $0 == .foreignVariable(name: "foreign") }

    // Everything accepted still holds.
    let values = vars.map(solver.value(of:))
    for (item, c) in big.loaded.accepted where item.priority == nil {
      XCTAssertLessThanOrEqual(
        item.violation(values), 1e-6 * max(1, item.scale(values)), "\(context): \(c) no longer holds")
    }

    // Resizes still work, and agree with a fresh solver given the same final system.
    for suggestion in [10.0, 200, 35.5, 0, 60] {
      do {
        try solver.suggestValue(suggestion, for: width)
      } catch {
        XCTFail("\(context): suggestValue(\(suggestion)) threw \(error)")
      }
      XCTAssertEqual(solver.checkInvariants(), [], "\(context): after suggesting \(suggestion)")
      let fresh = Solver(mode: mode)
      let freshVars = (0..<big.spec.variableCount).map { fresh.makeVariable("v\($0)") }
      for (item, _) in big.loaded.accepted { try fresh.add(item.constraint(freshVars)) }
      try fresh.addEditVariable(freshVars[57], priority: .defaultHigh)
      try fresh.suggestValue(suggestion, for: freshVars[57])
      XCTAssertTrue(
        sameOptimum(solver.violationByPriority, fresh.violationByPriority, mode: mode),
        "\(context): after suggesting \(suggestion): \(solver.violationByPriority) vs fresh \(fresh.violationByPriority)"
      )
      let now = vars.map(solver.value(of:))
      for (item, c) in big.loaded.accepted where item.priority == nil {
        XCTAssertLessThanOrEqual(
          item.violation(now), 1e-6 * max(1, item.scale(now)), "\(context): \(c) broken by a resize")
      }
    }
  }
}

/// Whether two `violationByPriority` reports describe equally good solutions: the same
/// levels with the same totals (strict), or the same Σ priority × violation (weighted).
func sameOptimum(
  _ a: [(priority: Priority, violation: Double)], _ b: [(priority: Priority, violation: Double)], mode: Solver.Mode
) -> Bool {
  guard a.map(\.priority) == b.map(\.priority) else { return false }
  switch mode {
  case .strict:
    return zip(a, b).allSatisfy { closeEnough($0.violation, $1.violation) }
  case .weighted:
    let wa = a.reduce(0.0) { $0 + $1.priority.value * $1.violation }
    let wb = b.reduce(0.0) { $0 + $1.priority.value * $1.violation }
    return closeEnough(wa, wb)
  }
}
