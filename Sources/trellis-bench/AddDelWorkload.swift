import TrellisSolver
import TrellisSupport

/// adddel-N.json: add N random required constraints over weak stays (rolling back the
/// unsatisfiable ones), resolve two edit variables many times, remove everything.
struct AddDelWorkload: Workload {
  let data: AddDelData
  /// Full-run repetitions (kiwi's harness: 5 for N = 900, 11 for N = 300).
  let fullRepetitions: Int

  var name: String { data.name }

  var regions: [RegionInfo] {
    [
      RegionInfo(measurement: "add", operation: "pass of \(data.accepted.count) adds + update", defaultIterations: 1),
      RegionInfo(measurement: "resolve", operation: "resolve", defaultIterations: data.nResolves),
      RegionInfo(measurement: "remove", operation: "pass of \(data.accepted.count) removes", defaultIterations: 1),
      RegionInfo(
        measurement: "add_all_in_order",
        operation: "pass of \(data.constraints.count) adds (\(data.rejected.count) rejected)", defaultIterations: 1),
    ]
  }

  /// The priorities of one mode, worked out once outside the timed regions.
  struct Prepared {
    var mode: Solver.Mode
    var stayPriorities: [Priority]
    var constraintPriorities: [Priority]
    var editPriorities: [Priority]
  }

  func prepare(_ mode: Solver.Mode) -> Prepared {
    let mapping = PriorityMapping(
      mode: mode,
      strengths: data.stays.map(\.strength) + data.constraints.map(\.strength) + data.edits.map(\.strength))
    return Prepared(
      mode: mode, stayPriorities: data.stays.map { mapping.priority($0.strength) },
      constraintPriorities: data.constraints.map { mapping.priority($0.strength) },
      editPriorities: data.edits.map { mapping.priority($0.strength) })
  }

  /// A solver with the variables and the stays (never timed).
  func freshSolver(_ prepared: Prepared) throws(StepError) -> (solver: Solver, variables: [Variable]) {
    let solver = Solver(mode: prepared.mode)
    let variables = data.variables.map { solver.makeVariable($0) }
    for (index, stay) in data.stays.enumerated() {
      let constraint = stay.constraint(variables, priority: prepared.stayPriorities[index])
      try step("adding stay #\(index) \(stay.describe(data.variables))") { () throws(SolverError) in
        try solver.add(constraint)
      }
    }
    return (solver, variables)
  }

  /// The constraint objects for the given indices of `data.constraints`.
  func constraints(_ indices: [Int], _ variables: [Variable], _ prepared: Prepared) -> [Constraint] {
    indices.map { data.constraints[$0].constraint(variables, priority: prepared.constraintPriorities[$0]) }
  }

  func addEditVariables(_ solver: Solver, _ variables: [Variable], _ prepared: Prepared) throws(StepError) {
    for (index, edit) in data.edits.enumerated() {
      try step("adding edit variable '\(data.variables[edit.variable])'") { () throws(SolverError) in
        try solver.addEditVariable(variables[edit.variable], priority: prepared.editPriorities[index])
      }
    }
  }

  /// The outcome of adding every constraint in order.
  struct AddAllOutcome {
    /// Positions rejected as unsatisfiable (and rolled back by the solver).
    var rejected: [Int] = []
    /// The first other error, at which the run stopped.
    var failure: (position: Int, error: SolverError)?
  }

  /// Adds `constraints` in order, going on past unsatisfiable ones.
  func addAll(_ solver: Solver, _ constraints: [Constraint]) -> AddAllOutcome {
    var outcome = AddAllOutcome()
    for (position, constraint) in constraints.enumerated() {
      do {
        try solver.add(constraint)
      } catch {
        if case .unsatisfiableConstraint = error {
          outcome.rejected.append(position)
        } else {
          outcome.failure = (position, error)
          return outcome
        }
      }
    }
    return outcome
  }

  // MARK: Golden

  func checkDataConsistency(log: inout GoldenLog) {
    log.checkRequired(
      data.constraints, indices: data.accepted, values: data.afterAdds, names: data.variables, state: "afterAdds")
    let objective = errorsByStrength(optional: data.stays, edits: [], values: data.afterAdds)
      .reduce(0) { $0 + $1.strength * $1.error }
    if !GoldenTolerance.valuesMatch(objective, data.afterAddsObjective) {
      log.fail("afterAdds: objective from the golden values is \(objective), the file says \(data.afterAddsObjective)")
    }
    log.checkRequired(
      data.constraints, indices: data.accepted, values: data.afterCheckedResolves, names: data.variables,
      state: "after\(data.resolveSuggestions.count)Resolves")
    var previous = data.afterAdds
    for (resolve, suggestions) in data.resolveSuggestions.enumerated() {
      for (position, edit) in data.edits.enumerated()
      where !GoldenTolerance.valuesMatch(1.001 * previous[edit.variable], suggestions[position]) {
        log.fail(
          "resolve \(resolve): 1.001 × the previous value of '\(data.variables[edit.variable])' is \(1.001 * previous[edit.variable]), the file suggests \(suggestions[position])"
        )
      }
      for (position, edit) in data.edits.enumerated() {
        previous[edit.variable] = data.editValuesAfterResolve[resolve][position]
      }
    }
    let last = data.resolveSuggestions.count - 1
    for (position, edit) in data.edits.enumerated()
    where last >= 0
      && !GoldenTolerance.valuesMatch(
        data.afterCheckedResolves[edit.variable], data.editValuesAfterResolve[last][position])
    {
      log.fail("after\(last + 1)Resolves disagrees with editValuesAfterResolve for '\(data.variables[edit.variable])'")
    }
  }

  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    let prepared = prepare(mode)
    checkRejected(prepared, log: &log)
    do {
      try checkCleanRun(prepared, log: &log)
    } catch {
      log.fail("clean run: \(error)")
    }
  }

  /// All constraints in order into one solver, failures rolled back: the rejected indices
  /// must be the file's `rejected`, and every accepted constraint must hold.
  private func checkRejected(_ prepared: Prepared, log: inout GoldenLog) {
    let fresh: (solver: Solver, variables: [Variable])
    do {
      fresh = try freshSolver(prepared)
    } catch {
      log.fail("add-all run: \(error)")
      return
    }
    let all = Array(data.constraints.indices)
    let outcome = addAll(fresh.solver, constraints(all, fresh.variables, prepared))
    let rejected = outcome.rejected
    if let failure = outcome.failure {
      log.fail(
        "add-all run: adding constraint #\(failure.position) \(data.constraints[failure.position].describe(data.variables)) threw: \(failure.error)"
      )
      return
    }
    log.note("add-all run: \(rejected.count) rejected (kiwi with rollback: \(data.rejected.count))")
    if rejected != data.rejected {
      let ours = Set(rejected), theirs = Set(data.rejected)
      let extra = rejected.filter { !theirs.contains($0) }
      let missing = data.rejected.filter { !ours.contains($0) }
      let firstDifference =
        zip(rejected, data.rejected).first { $0 != $1 }.map { "\(min($0.0, $0.1))" }
        ?? "\(min(rejected.count, data.rejected.count))th entry"
      log.fail(
        "add-all run: \(rejected.count) rejected, expected \(data.rejected.count); first difference at \(firstDifference); rejected but accepted by the file: \(extra.prefix(10).map(String.init).joined(separator: ", "))\(extra.count > 10 ? ", … (\(extra.count))" : ""); accepted but rejected by the file: \(missing.prefix(10).map(String.init).joined(separator: ", "))\(missing.count > 10 ? ", … (\(missing.count))" : "")"
      )
      for index in extra.prefix(3) {
        log.fail(
          "add-all run: our rejection of #\(index) \(data.constraints[index].describe(data.variables)), which kiwi accepts"
        )
      }
    }
    let ours = Set(rejected)
    let acceptedHere = all.filter { !ours.contains($0) }
    log.checkRequired(
      data.constraints, indices: acceptedHere, values: readValues(fresh.solver, fresh.variables),
      names: data.variables, state: "add-all run, after the adds")
  }

  /// Stays + the accepted set, then the resolves, then the removes, compared with kiwi.
  private func checkCleanRun(_ prepared: Prepared, log: inout GoldenLog) throws(StepError) {
    let (solver, variables) = try freshSolver(prepared)
    let accepted = constraints(data.accepted, variables, prepared)
    for (position, constraint) in accepted.enumerated() {
      let index = data.accepted[position]
      try step("adding accepted constraint #\(index) \(data.constraints[index].describe(data.variables))") {
        () throws(SolverError) in try solver.add(constraint)
      }
    }

    // afterAdds: required hold, kiwi's objective (only the weak stays are optional), kiwi's values.
    var values = readValues(solver, variables)
    log.checkRequired(
      data.constraints, indices: data.accepted, values: values, names: data.variables, state: "afterAdds")
    let errors = errorsByStrength(optional: data.stays, edits: [], values: values)
    let objective = errors.reduce(0) { $0 + $1.strength * $1.error }
    log.note("afterAdds: objective \(objective), kiwi \(data.afterAddsObjective)")
    if !GoldenTolerance.valuesMatch(objective, data.afterAddsObjective) {
      log.fail(
        "afterAdds: objective Σ strength·error is \(objective), kiwi's is \(data.afterAddsObjective) (difference \(objective - data.afterAddsObjective))"
      )
    }
    var ambiguous = ambiguousIndices(solver, variables)
    log.checkValues(
      values, expected: data.afterAdds, ambiguous: ambiguous, names: data.variables,
      state: "afterAdds (\(ambiguous.count) reported ambiguous)")

    try addEditVariables(solver, variables, prepared)

    // The resolves. kiwi suggests 1.001 × the value read at the previous update (the
    // first time: the values read after the adds, before the edit variables came in).
    let checked = data.resolveSuggestions.count
    var suggestionMismatches = 0, editValueMismatches = 0
    var lastSuggestions = [Double](repeating: 0, count: data.edits.count)
    for resolve in 0..<data.nResolves {
      for (position, edit) in data.edits.enumerated() {
        let suggestion = 1.001 * values[edit.variable]
        if resolve < checked, !GoldenTolerance.valuesMatch(suggestion, data.resolveSuggestions[resolve][position]) {
          suggestionMismatches += 1
          if suggestionMismatches == 1 {
            log.fail(
              "resolve \(resolve): suggestion for '\(data.variables[edit.variable])' is \(suggestion), kiwi's is \(data.resolveSuggestions[resolve][position])"
            )
          }
        }
        lastSuggestions[position] = suggestion
        try step("resolve \(resolve): suggestValue(\(suggestion)) for '\(data.variables[edit.variable])'") {
          () throws(SolverError) in try solver.suggestValue(suggestion, for: variables[edit.variable])
        }
      }
      values = readValues(solver, variables)
      if resolve < checked {
        for (position, edit) in data.edits.enumerated()
        where !GoldenTolerance.valuesMatch(values[edit.variable], data.editValuesAfterResolve[resolve][position]) {
          editValueMismatches += 1
          if editValueMismatches == 1 {
            log.fail(
              "resolve \(resolve): '\(data.variables[edit.variable])' = \(values[edit.variable]) after the resolve, kiwi \(data.editValuesAfterResolve[resolve][position])"
            )
          }
        }
      }
      if resolve + 1 == checked {
        let state = "after\(checked)Resolves"
        log.checkRequired(data.constraints, indices: data.accepted, values: values, names: data.variables, state: state)
        ambiguous = ambiguousIndices(solver, variables)
        log.checkValues(
          values, expected: data.afterCheckedResolves, ambiguous: ambiguous, names: data.variables,
          state: "\(state) (\(ambiguous.count) reported ambiguous)")
      }
    }
    log.note(
      "resolves: \(data.nResolves) done; the first \(checked) compared (suggestions: \(suggestionMismatches) differ, edit values: \(editValueMismatches) differ); final edit values \(data.edits.map { NumberFormat.exact(values[$0.variable]) }.joined(separator: ", ")), kiwi \(data.finalEditValues.map(NumberFormat.exact).joined(separator: ", "))"
    )
    if suggestionMismatches > 1 {
      log.fail("\(suggestionMismatches) of the first \(checked) resolves' suggestions differ from kiwi's")
    }
    if editValueMismatches > 1 {
      log.fail("\(editValueMismatches) edit values after the first \(checked) resolves differ from kiwi's")
    }
    let finalState = "after \(data.nResolves) resolves"
    for (position, edit) in data.edits.enumerated()
    where !GoldenTolerance.valuesMatch(values[edit.variable], data.finalEditValues[position]) {
      log.fail(
        "\(finalState): '\(data.variables[edit.variable])' = \(values[edit.variable]), kiwi \(data.finalEditValues[position]) (relative difference \((values[edit.variable] - data.finalEditValues[position]) / data.finalEditValues[position]))"
      )
    }
    log.checkRequired(
      data.constraints, indices: data.accepted, values: values, names: data.variables, state: finalState)

    // Remove the accepted constraints in order: only the weak stays (x = 0) and the strong
    // edits (x = last suggestion) are left, so that is the unique optimum.
    for (position, constraint) in accepted.enumerated() {
      try step("removing accepted constraint #\(data.accepted[position])") { () throws(SolverError) in
        try solver.remove(constraint)
      }
    }
    values = readValues(solver, variables)
    var editIndices = Set<Int>()
    for (position, edit) in data.edits.enumerated() {
      editIndices.insert(edit.variable)
      if !GoldenTolerance.valuesMatch(values[edit.variable], lastSuggestions[position]) {
        log.fail(
          "after the removes: edit variable '\(data.variables[edit.variable])' = \(values[edit.variable]), its last suggestion was \(lastSuggestions[position])"
        )
      }
    }
    log.note(
      "after the removes: edit values \(data.edits.map { NumberFormat.exact(values[$0.variable]) }.joined(separator: ", ")), largest |non-edit value| \(values.indices.filter { !editIndices.contains($0) }.map { abs(values[$0]) }.max() ?? 0)"
    )
    let nonZero = values.indices.filter { !editIndices.contains($0) && !(abs(values[$0]) <= GoldenTolerance.absolute) }
    if !nonZero.isEmpty {
      let shown = nonZero.prefix(10).map { "'\(data.variables[$0])' = \(values[$0])" }.joined(separator: ", ")
      log.fail("after the removes: \(nonZero.count) non-edit variable(s) are not 0: \(shown)")
    }
  }

  // MARK: Timing

  /// The values of one timed repetition.
  private struct Repetition {
    var addAll: Double
    var add: Double
    var resolve: Double
    var remove: Double
  }

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let prepared = prepare(mode)
    var repetitions: [Repetition] = []
    let budget = quick ? 2.0 : 60.0
    let start = monotonicNanoseconds()
    while repetitions.count < (quick ? 1 : fullRepetitions) {
      do {
        repetitions.append(try repetition(prepared))
      } catch {
        log.fail("timing: \(error)")
        break
      }
      if Double(monotonicNanoseconds() - start) / 1e9 > budget { break }
    }
    return [
      Measurement(name: "add", samples: repetitions.map(\.add)),
      Measurement(name: "resolve", samples: repetitions.map(\.resolve)),
      Measurement(name: "remove", samples: repetitions.map(\.remove)),
      Measurement(name: "add_all_in_order", samples: repetitions.map(\.addAll)),
    ]
  }

  /// One repetition: add all (rolled back), then add the accepted set, resolve, remove.
  private func repetition(_ prepared: Prepared) throws(StepError) -> Repetition {
    let addAllTime: Double
    do {
      let (solver, variables) = try freshSolver(prepared)
      let all = constraints(Array(data.constraints.indices), variables, prepared)
      var outcome = AddAllOutcome()
      addAllTime = microsecondsPerOperation(1) { outcome = self.addAll(solver, all) }
      if let failure = outcome.failure {
        throw StepError(step: "adding constraint #\(failure.position) (add-all)", error: failure.error)
      }
    }

    let (solver, variables) = try freshSolver(prepared)
    let accepted = constraints(data.accepted, variables, prepared)
    var values = [Double](repeating: 0, count: variables.count)
    var failure: StepError?
    let addTime = microsecondsPerOperation(1) {
      for constraint in accepted {
        do throws(SolverError) {
          try solver.add(constraint)
        } catch {
          failure = StepError(step: "adding an accepted constraint", error: error)
          return
        }
      }
      for index in variables.indices { values[index] = solver.value(of: variables[index]) }
    }
    if let failure { throw failure }

    try addEditVariables(solver, variables, prepared)
    let resolveTime = microsecondsPerOperation(data.nResolves) {
      failure = self.resolves(data.nResolves, solver, variables, &values)
    }
    if let failure { throw failure }
    consume(values.first ?? 0)

    let removeTime = microsecondsPerOperation(1) {
      for constraint in accepted {
        do throws(SolverError) {
          try solver.remove(constraint)
        } catch {
          failure = StepError(step: "removing an accepted constraint", error: error)
          return
        }
      }
    }
    if let failure { throw failure }
    return Repetition(addAll: addAllTime, add: addTime, resolve: resolveTime, remove: removeTime)
  }

  /// `count` resolves: suggest 1.001 × each edit variable's last read value, read every value.
  @inline(__always)
  private func resolves(_ count: Int, _ solver: Solver, _ variables: [Variable], _ values: inout [Double]) -> StepError?
  {
    for _ in 0..<count {
      for edit in data.edits {
        do {
          try solver.suggestValue(1.001 * values[edit.variable], for: variables[edit.variable])
        } catch {
          return StepError(step: "suggestValue", error: error)
        }
      }
      for index in variables.indices { values[index] = solver.value(of: variables[index]) }
    }
    return nil
  }

  // MARK: Regions

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    let prepared = prepare(mode)
    do {
      switch measurement {
      case "add", "remove":
        for _ in 0..<iterations {
          let (solver, variables) = try freshSolver(prepared)
          let accepted = constraints(data.accepted, variables, prepared)
          var values = [Double](repeating: 0, count: variables.count)
          var failure: StepError?
          let addBody = {
            for constraint in accepted {
              do throws(SolverError) { try solver.add(constraint) } catch {
                failure = StepError(step: "adding an accepted constraint", error: error)
                return
              }
            }
            for index in variables.indices { values[index] = solver.value(of: variables[index]) }
          }
          if measurement == "add" { measuredRegion(addBody) } else { addBody() }
          if let failure { throw failure }
          consume(values.first ?? 0)
          if measurement == "remove" {
            measuredRegion {
              for constraint in accepted {
                do throws(SolverError) { try solver.remove(constraint) } catch {
                  failure = StepError(step: "removing an accepted constraint", error: error)
                  return
                }
              }
            }
            if let failure { throw failure }
          }
        }
      case "resolve":
        let (solver, variables) = try freshSolver(prepared)
        let accepted = constraints(data.accepted, variables, prepared)
        for constraint in accepted {
          try step("adding an accepted constraint") { () throws(SolverError) in try solver.add(constraint) }
        }
        var values = readValues(solver, variables)
        try addEditVariables(solver, variables, prepared)
        var failure: StepError?
        measuredRegion { failure = self.resolves(iterations, solver, variables, &values) }
        if let failure { throw failure }
        consume(values.first ?? 0)
      case "add_all_in_order":
        for _ in 0..<iterations {
          let (solver, variables) = try freshSolver(prepared)
          let all = constraints(Array(data.constraints.indices), variables, prepared)
          var outcome = AddAllOutcome()
          measuredRegion { outcome = self.addAll(solver, all) }
          if let failure = outcome.failure {
            throw StepError(step: "adding constraint #\(failure.position)", error: failure.error)
          }
        }
      default:
        log.fail("no region '\(measurement)'")
      }
    } catch {
      log.fail("\(measurement): \(error)")
    }
  }
}
