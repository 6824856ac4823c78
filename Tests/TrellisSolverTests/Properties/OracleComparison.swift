import TrellisSolver

extension SystemSpec.Edit {
  /// The edit as the optional constraint `v − value == 0` it stands for.
  var asItem: SystemSpec.Item {
    SystemSpec.Item(
      terms: [(variable: variable, coefficient: 1)], constant: -value, relation: .equal, priority: priority)
  }
}

/// Everything in which `solver`'s current solution disagrees with the oracle's optimum
/// of the same constraints (`items` added, `edits` active); empty when they agree.
func oracleDisagreements(
  solver: Solver, variables: [Variable], items: [SystemSpec.Item], edits: [SystemSpec.Edit],
  solution: OracleSolution, mode: Solver.Mode
) -> [String] {
  var problems: [String] = []
  let values = variables.map(solver.value(of:))
  let invariants = solver.checkInvariants()
  if !invariants.isEmpty { problems.append("checkInvariants: \(invariants)") }

  for (index, item) in items.enumerated() where item.priority == nil {
    let residual = item.residual(values)
    if item.violation(values) > 1e-6 * max(1, item.scale(values)) {
      problems.append("required item \(index) (\(item.swiftSource())) misses by \(residual)")
    }
  }

  // Per-level totals, computed from the values independently of the solver's own report.
  let optional = items.filter { $0.priority != nil } + edits.map(\.asItem)
  let priorities = solution.levels.map(\.priority)
  let computed = priorities.map { p in
    optional.filter { $0.priority == p }.reduce(0.0) { $0 + $1.violation(values) }
  }
  switch mode {
  case .strict:
    for (level, total) in zip(solution.levels, computed) where !closeEnough(total, level.violation.doubleValue) {
      problems.append("level @\(level.priority): violation \(total), oracle optimum \(level.violation)")
    }
  case .weighted:
    let weighted = zip(priorities, computed).reduce(0.0) { $0 + Double($1.0) * $1.1 }
    if !closeEnough(weighted, solution.weightedOptimum.doubleValue) {
      problems.append("Σ priority × violation = \(weighted), oracle optimum \(solution.weightedOptimum)")
    }
  }

  let reported = solver.violationByPriority
  if reported.map(\.priority.value) != priorities.map(Double.init) {
    problems.append("violationByPriority levels \(reported.map(\.priority.value)), expected \(priorities)")
  } else {
    for (entry, total) in zip(reported, computed) where !closeEnough(entry.violation, total) {
      problems.append("violationByPriority @\(entry.priority) = \(entry.violation), but the values give \(total)")
    }
  }

  for v in variables.indices {
    if let exact = solution.determinedValue(v), !closeEnough(values[v], exact.doubleValue) {
      problems.append("v\(v) = \(values[v]), oracle's unique value \(exact)")
    }
  }

  let ambiguous = solver.ambiguousVariables().map(\.name)
  let expected = variables.indices.filter { !solution.isDetermined($0) }.map { "v\($0)" }
  if ambiguous != expected {
    let ranges = variables.indices.map {
      "v\($0) ∈ [\(solution.lower[$0].map(\.description) ?? "-∞"), \(solution.upper[$0].map(\.description) ?? "+∞")]"
    }
    problems.append("ambiguousVariables \(ambiguous), oracle \(expected) (ranges: \(ranges.joined(separator: ", ")))")
  }
  return problems
}

/// What is wrong with a reported conflict set: it must name required constraints in the
/// solver, and be minimal (with `rejected` infeasible; without any one of them feasible).
func conflictProblems(
  rejected: SystemSpec.Item, conflicts: [Constraint],
  accepted: [(item: SystemSpec.Item, constraint: Constraint)], variableCount: Int
) throws(OracleOverflow) -> [String] {
  var items: [SystemSpec.Item] = []
  var problems: [String] = []
  for (position, conflict) in conflicts.enumerated() {
    guard let match = accepted.first(where: { $0.constraint == conflict }) else {
      problems.append("conflict \(conflict) is not one of the other required constraints in the solver")
      continue
    }
    if match.item.priority != nil { problems.append("conflict \(conflict) is optional") }
    if conflicts[..<position].contains(conflict) { problems.append("conflict \(conflict) listed twice") }
    items.append(match.item)
  }
  guard problems.isEmpty else { return problems }
  let spec = SystemSpec(variableCount: variableCount)
  if try PriorityOracle.isRequiredFeasible(spec.oracleSystem(items: items + [rejected], edits: [])) {
    problems.append("conflicts \(conflicts) plus the rejected constraint are feasible: not a conflict")
  }
  for drop in items.indices {
    var rest = items
    rest.remove(at: drop)
    if try !PriorityOracle.isRequiredFeasible(spec.oracleSystem(items: rest + [rejected], edits: [])) {
      problems.append("not minimal: still infeasible without \(conflicts[drop])")
    }
  }
  return problems
}

/// Running totals printed by the property tests.
struct PropertyTally: CustomStringConvertible {
  var systems = 0
  var skipped = 0
  var acceptedAdds = 0
  var rejectedAdds = 0
  var determinedValues = 0
  var ambiguousValues = 0
  var operations = 0

  var description: String {
    var parts = ["\(systems) systems checked", "\(skipped) skipped (oracle overflow)"]
    if acceptedAdds + rejectedAdds > 0 {
      parts.append("\(acceptedAdds) adds accepted, \(rejectedAdds) rejected as unsatisfiable")
    }
    if determinedValues + ambiguousValues > 0 {
      parts.append("\(determinedValues) unique values compared, \(ambiguousValues) ambiguous")
    }
    if operations > 0 { parts.append("\(operations) operations") }
    return parts.joined(separator: ", ")
  }
}
