import TrellisSolver
import XCTest

/// Symbol compaction (`Compaction.swift`): a solver that renumbers its symbols as often as
/// possible behaves exactly like one that never does, and a long add/remove session keeps
/// its tables bounded.
///
/// Counts: 30 sequences per mode of 200 random operations on 6 variables, seeds
/// 0xC0A1_0000 + i (+ 0x8000 weighted).
final class CompactionTests: XCTestCase {
  func testCompactingSolverMatchesANeverCompactingOneBitForBit() {
    for mode in [Solver.Mode.strict, .weighted] {
      var compactions = 0
      for i in 0..<PropertyBudget.count(30) {
        let seed: UInt64 = 0xC0A1_0000 + UInt64(i) + (mode == .strict ? 0 : 0x8000)
        let problems = lockstep(seed: seed, mode: mode, compactions: &compactions)
        if !problems.isEmpty {
          XCTFail("seed \(seed) (\(mode)): \(problems.prefix(5).joined(separator: "\n"))")
          break
        }
      }
      XCTAssertGreaterThan(compactions, 30, "\(mode): the sequences must actually compact")
    }
  }

  /// Applies the same random operations to two solvers, one compacting after every
  /// retirement and one never, and lists every difference in outcome, values (compared
  /// with ==), level totals and ambiguity.
  private func lockstep(seed: UInt64, mode: Solver.Mode, compactions: inout Int) -> [String] {
    var rng = SplitMix64Random(seed: seed)
    let eager = Solver(mode: mode), never = Solver(mode: mode)
    eager.engine.compactionFloor = 1
    never.engine.compactionFloor = .max
    let x = (0..<6).map { eager.makeVariable("x\($0)") }
    let y = (0..<6).map { never.makeVariable("x\($0)") }
    var added: [(Constraint, Constraint)] = []
    var edited: [Int] = []
    var problems: [String] = []
    let coefficients: [Double] = [1, -1, 2, 0.5, -3, 10]
    let priorities: [Priority] = [.required, 999, 750, 500, 250, 1]
    for step in 0..<200 {
      var description = ""
      func both(_ body: (Solver, [Variable], Int) throws(SolverError) -> Void) {
        var outcomes: [String] = []
        for (index, (solver, variables)) in [(eager, x), (never, y)].enumerated() {
          do throws(SolverError) {
            try body(solver, variables, index)
            outcomes.append("ok")
          } catch {
            outcomes.append("\(error)")
          }
        }
        if outcomes[0] != outcomes[1] { problems.append("step \(step) \(description): \(outcomes)") }
      }
      switch rng.below(10) {
      case 0...3:
        let terms = (0..<rng.int(in: 1...3)).map { _ in (rng.below(6), rng.pick(coefficients)) }
        let constant = Double(rng.int(in: -50...50))
        let relation = rng.pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
        let priority = rng.pick(priorities)
        func make(_ variables: [Variable]) -> Constraint {
          Constraint(
            LinearExpression(terms: terms.map { Term(variables[$0.0], $0.1) }, constant: constant), relation,
            priority: priority)
        }
        let pair = (make(x), make(y))
        description = "add \(pair.0)"
        var accepted = [false, false]
        both { solver, _, i throws(SolverError) in
          try solver.add(i == 0 ? pair.0 : pair.1)
          accepted[i] = true
        }
        if accepted == [true, true] { added.append(pair) }
      case 4...5:
        guard !added.isEmpty else { continue }
        let pair = added.remove(at: rng.below(added.count))
        description = "remove \(pair.0)"
        both { solver, _, i throws(SolverError) in try solver.remove(i == 0 ? pair.0 : pair.1) }
      case 6:
        guard !added.isEmpty else { continue }
        let pair = added[rng.below(added.count)]
        let constant = Double(rng.int(in: -50...50))
        description = "setConstant \(constant) of \(pair.0)"
        both { solver, _, i throws(SolverError) in try solver.setConstant(of: i == 0 ? pair.0 : pair.1, to: constant) }
      case 7:
        let v = rng.below(6)
        if let at = edited.firstIndex(of: v) {
          edited.remove(at: at)
          description = "removeEditVariable x\(v)"
          both { solver, variables, _ throws(SolverError) in try solver.removeEditVariable(variables[v]) }
        } else {
          edited.append(v)
          description = "addEditVariable x\(v)"
          let priority = Priority(Double(rng.pick([999, 500, 10])))
          both { solver, variables, _ throws(SolverError) in
            try solver.addEditVariable(variables[v], priority: priority)
          }
        }
      default:
        guard !edited.isEmpty else { continue }
        let v = rng.pick(edited)
        let value = Double(rng.int(in: -100...100))
        description = "suggest \(value) for x\(v)"
        both { solver, variables, _ throws(SolverError) in try solver.suggestValue(value, for: variables[v]) }
      }
      let a = x.map(eager.value(of:)), b = y.map(never.value(of:))
      if a != b { problems.append("step \(step) \(description): values \(a) vs \(b)") }
      let la = eager.violationByPriority, lb = never.violationByPriority
      if la.map(\.priority) != lb.map(\.priority) || la.map(\.violation) != lb.map(\.violation) {
        problems.append("step \(step) \(description): levels \(la) vs \(lb)")
      }
      let invariants = eager.checkInvariants()
      if !invariants.isEmpty { problems.append("step \(step) \(description): \(invariants)") }
      if step % 25 == 0 && eager.ambiguousVariables().map(\.name) != never.ambiguousVariables().map(\.name) {
        problems.append("step \(step) \(description): ambiguity differs")
      }
      if !problems.isEmpty { return problems }
    }
    compactions += eager.engine.compactions
    return problems
  }

  /// Adding and removing the same 20 constraints 2,000 times: without compaction the
  /// symbol tables would hold about 70,000 entries; with it, they stay near what is
  /// installed, and the solution is the same as a fresh solver's.
  func testLongAddRemoveSessionStaysBounded() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<10).map { solver.makeVariable("v\($0)") }
    func constraints() -> [Constraint] {
      var set: [Constraint] = []
      for i in 0..<10 { set.append(v[i] == Double(i) * 10) }
      for i in 1..<10 {
        let c: Constraint = v[i] >= v[i - 1] + 5
        set.append(c.priority(750))
      }
      let top: Constraint = v[9] <= 60
      set.append(top.priority(500))
      return set
    }
    var largest = 0
    for _ in 0..<2000 {
      let set = constraints()
      for c in set { try solver.add(c) }
      largest = max(largest, solver.engine.kinds.count)
      for c in set.reversed() { try solver.remove(c) }
    }
    XCTAssertGreaterThan(solver.engine.compactions, 10)
    XCTAssertLessThan(largest, 700, "symbol table grew to \(largest)")
    for c in constraints() { try solver.add(c) }
    XCTAssertEqual(solver.checkInvariants(), [])
    XCTAssertEqual(v.map(solver.value(of:)), (0..<10).map { Double($0) * 10 })
  }
}
