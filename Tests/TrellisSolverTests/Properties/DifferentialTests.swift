import TrellisSolver
import XCTest

/// Adds `spec`'s items to a new solver one at a time, checking each outcome against the
/// oracle: a required item is accepted exactly when it is feasible with the required
/// items accepted so far; a rejection names `c` itself and a minimal conflict set.
/// Then the edit variables are made and suggested.
func loadCheckingAdds(
  _ spec: SystemSpec, mode: Solver.Mode, tally: inout PropertyTally
) throws(OracleOverflow) -> (LoadedSolver, [String]) {
  var loaded = LoadedSolver(variableCount: spec.variableCount, mode: mode)
  var problems: [String] = []
  for (index, item) in spec.items.enumerated() {
    let constraint = item.constraint(loaded.variables)
    var feasible = true
    if item.priority == nil {
      feasible = try PriorityOracle.isRequiredFeasible(
        spec.oracleSystem(items: loaded.acceptedItems + [item], edits: []))
    }
    do {
      try loaded.solver.add(constraint)
      loaded.accepted.append((item, constraint))
      tally.acceptedAdds += 1
      if !feasible { problems.append("item \(index) accepted, but the oracle finds the required set infeasible") }
    } catch .unsatisfiableConstraint(let named, let conflicts) {
      tally.rejectedAdds += 1
      if feasible {
        problems.append("item \(index) rejected, but the oracle finds it feasible (conflicts \(conflicts))")
      }
      if named != constraint { problems.append("item \(index) rejected naming \(named) instead of itself") }
      if !feasible {
        problems += try conflictProblems(
          rejected: item, conflicts: conflicts, accepted: loaded.accepted, variableCount: spec.variableCount
        ).map { "item \(index): \($0)" }
      }
    } catch {
      problems.append("item \(index): unexpected \(error)")
    }
    let invariants = loaded.solver.checkInvariants()
    if !invariants.isEmpty { problems.append("after item \(index): checkInvariants \(invariants)") }
  }
  for edit in spec.edits {
    do {
      try loaded.solver.addEditVariable(loaded.variables[edit.variable], priority: Priority(Double(edit.priority)))
      try loaded.solver.suggestValue(edit.value, for: loaded.variables[edit.variable])
    } catch {
      problems.append("edit v\(edit.variable): unexpected \(error)")
    }
  }
  return (loaded, problems)
}

/// The real solver against the exact oracle on thousands of seeded random systems.
///
/// Counts (debug build): 1200 systems per mode, each ≤ 8 variables, ≤ 12 constraints
/// (~40 % required, 15 % of those with a random constant that may conflict), 2–4
/// optional levels, 0–2 edit variables. Seeds are 0x5EED_0000 + i (strict) and
/// 0x5EED_8000 + i (weighted); a failure prints its seed and the system as Swift.
final class DifferentialTests: XCTestCase {
  static let systemsPerMode = PropertyBudget.count(1200)
  /// Seeds beyond the default range that failed in a deeper run (TRELLIS_PROPERTY_SCALE=6);
  /// kept so that every run checks them.
  static let strictRegressionSeeds: [UInt64] = [1_592_593_212, 1_592_593_478, 1_592_595_976, 1_592_597_153]
  static let weightedRegressionSeeds: [UInt64] = [
    1_592_624_314, 1_592_626_154, 1_592_628_964, 1_592_630_195,
    // An equality a degenerate vertex implies, whose row constant came out as 5.7e-14 from
    // terms of 10: phase one judged it against the 5.7e-14 alone (`Engine.makeRow`).
    1_592_628_590,
  ]

  func testStrictModeAgreesWithOracle() {
    run(mode: .strict, seeds: (0..<UInt64(Self.systemsPerMode)).map { 0x5EED_0000 + $0 } + Self.strictRegressionSeeds)
  }

  func testWeightedModeAgreesWithOracle() {
    run(
      mode: .weighted, seeds: (0..<UInt64(Self.systemsPerMode)).map { 0x5EED_8000 + $0 } + Self.weightedRegressionSeeds)
  }

  private func run(mode: Solver.Mode, seeds: [UInt64]) {
    var tally = PropertyTally()
    var failures = 0
    for seed in seeds {
      let spec = RandomSystems.system(seed: seed)
      do {
        let (loaded, addProblems) = try loadCheckingAdds(spec, mode: mode, tally: &tally)
        guard
          let solution = try PriorityOracle.solve(
            spec.oracleSystem(items: loaded.acceptedItems), mode: mode)
        else {
          XCTFail("seed \(seed): oracle finds the accepted required set infeasible")
          continue
        }
        let problems =
          addProblems
          + oracleDisagreements(
            solver: loaded.solver, variables: loaded.variables, items: loaded.acceptedItems,
            edits: spec.edits, solution: solution, mode: mode)
        tally.systems += 1
        for v in 0..<spec.variableCount {
          if solution.isDetermined(v) { tally.determinedValues += 1 } else { tally.ambiguousValues += 1 }
        }
        if !problems.isEmpty {
          failures += 1
          if failures <= 5 {
            XCTFail(
              """
              seed \(seed) (\(mode)): \(problems.joined(separator: "; "))
              reproduction:
              \(swiftReproduction(mode: mode, variableCount: spec.variableCount, items: spec.items, edits: spec.edits))
              """)
          }
        }
      } catch {
        tally.skipped += 1
      }
    }
    if failures > 5 { XCTFail("\(failures) systems disagreed in all (first 5 shown)") }
    print("DifferentialTests \(mode): \(tally)")
  }
}

/// Required sets built to conflict often: `add` must throw exactly when the oracle finds
/// the required set plus `c` infeasible, and the conflicts it names must be minimal.
///
/// Counts: 800 systems, 80 % required items, half of them with random constants.
/// Seeds 0xC0_FF00_0000 + i.
final class ConflictTests: XCTestCase {
  func testUnsatisfiableErrorsMatchOracleAndAreMinimal() {
    var tally = PropertyTally()
    var failures = 0
    // The last seed failed in a deeper run (TRELLIS_PROPERTY_SCALE=6) and is kept.
    let seeds = (0..<UInt64(PropertyBudget.count(800))).map { 0xC0_FF00_0000 + $0 } + [828_911_911_789]
    for (i, seed) in seeds.enumerated() {
      var spec = RandomSystems.system(seed: seed, requiredRate: 0.8, conflictRate: 0.5)
      spec.edits = []
      for mode in [Solver.Mode.strict, .weighted] where mode == .strict || i % 4 == 0 {
        do {
          let (_, problems) = try loadCheckingAdds(spec, mode: mode, tally: &tally)
          tally.systems += 1
          if !problems.isEmpty {
            failures += 1
            if failures <= 5 {
              XCTFail(
                """
                seed \(seed) (\(mode)): \(problems.joined(separator: "; "))
                reproduction:
                \(swiftReproduction(mode: mode, variableCount: spec.variableCount, items: spec.items))
                """)
            }
          }
        } catch {
          tally.skipped += 1
        }
      }
    }
    if failures > 5 { XCTFail("\(failures) systems disagreed in all (first 5 shown)") }
    XCTAssertGreaterThan(tally.rejectedAdds, 200, "the generator should produce many conflicts")
    print("ConflictTests: \(tally)")
  }
}
