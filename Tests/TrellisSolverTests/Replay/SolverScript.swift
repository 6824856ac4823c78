// A byte string read as a script of solver operations, run with every check made after each
// one. Shared by the libFuzzer harness (Fuzz/FuzzSolver.swift, compiled by scripts/fuzz.sh
// into the TrellisSolver module with -D FUZZ_HARNESS) and the tests that replay what the
// fuzzer found (SolverScriptRegressionTests), so a saved input means the same thing in both.

#if !FUZZ_HARNESS
  import TrellisSolver
#endif

/// What running a script found: the problems after the first operation that had any (empty
/// when none did), and the operations up to it.
struct SolverScriptOutcome {
  var problems: [String] = []
  var log: [String] = []
  var state = ""
}

/// Runs `bytes` as operations (adds of random small constraints at random priorities, removes,
/// edits, suggestions, constant changes) on a new solver and checks, after each one, what must
/// hold whatever the input: the tableau invariants, and that a failed operation leaves the
/// solver's state description unchanged. Every accepted required constraint must hold, to the
/// accuracy docs/solver.md states ("Numerical limits"), while the run stays inside the range the solver
/// is documented to be robust in (coefficients 1e-3…1e4, values up to 1e6); once any accepted
/// constraint, constant, suggestion or solved value leaves that range, the numerical invariants
/// (required constraints hold, optimality, signs of restricted and dummy rows) are a known
/// limitation and are not reported; the structural ones (sorted rows, consistent columns, …)
/// still are.
/// `configure` sees the new solver first.
func runSolverScript(
  _ data: UnsafeBufferPointer<UInt8>, configure: (Solver) -> Void = { _ in }
) -> SolverScriptOutcome {
  var bytes = ScriptBytes(data)
  let mode: Solver.Mode = bytes.next() % 2 == 0 ? .strict : .weighted
  let solver = Solver(mode: mode)
  // Every entering symbol chosen from the candidate log is checked against a full scan.
  solver.engine.verifiesCandidateLog = true
  // Every result certified in exact arithmetic, and repaired when it fails (`Certification.swift`).
  solver.certification = .everyOperation
  configure(solver)
  let variables = (0..<4).map { solver.makeVariable("v\($0)") }
  var added: [Constraint] = []
  var edited: [Variable] = []
  let numbers: [Double] = [0, 1, -1, 2, 0.5, 8, -8, 44, 100, 1e-3, 1e4, 1e6, -0.0, .nan, .infinity, 3]
  let priorities: [Priority] = [.required, .required, 750, 250, 1, 999, 500, 0, 1001]
  var outcome = SolverScriptOutcome()
  var inTestedRange = true
  /// The constant each added constraint has now (setConstant changes it).
  var constants: [Constraint: Double] = [:]
  /// The largest constant or suggested value so far: the accuracy scale (see below).
  var largestInput = 1.0
  func tested(_ value: Double) -> Bool { value.isFinite && abs(value) <= 1e6 }
  /// Coefficients 1e-3…1e4, and the values it asks for (constant over the smallest
  /// coefficient) within 1e6: `0.5*v + 1e6 == 0` asks for 2e6 and is outside.
  func tested(_ c: Constraint, constant: Double) -> Bool {
    var merged: [Variable.ID: Double] = [:]
    for term in c.expression.terms { merged[term.variable.id, default: 0] += term.coefficient }
    let coefficients = merged.values.map(abs).filter { $0 != 0 }
    guard coefficients.allSatisfy({ $0 >= 1e-3 && $0 <= 1e4 }) else { return false }
    return tested(constant / (coefficients.min() ?? 1))
  }
  while !bytes.isAtEnd {
    let op = bytes.next() % 6
    let before = solver.stateDescription
    var problems: [String] = []
    do {
      switch op {
      case 0, 1:
        var e = LinearExpression(constant: numbers[Int(bytes.next()) % numbers.count])
        for _ in 0..<(1 + Int(bytes.next()) % 3) {
          e = e + numbers[Int(bytes.next()) % numbers.count] * variables[Int(bytes.next()) % variables.count]
        }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int(bytes.next()) % 3]
        let c = Constraint(e, relation, priority: priorities[Int(bytes.next()) % priorities.count])
        outcome.log.append("add \(c)")
        try solver.add(c)
        added.append(c)
        constants[c] = c.expression.constant
        largestInput = max(largestInput, abs(c.expression.constant))
        if !tested(c, constant: c.expression.constant) { inTestedRange = false }
      case 2:
        if !added.isEmpty {
          let c = added.remove(at: Int(bytes.next()) % added.count)
          outcome.log.append("remove \(c)")
          try solver.remove(c)
        }
      case 3:
        let v = variables[Int(bytes.next()) % variables.count]
        let p = priorities[Int(bytes.next()) % priorities.count]
        outcome.log.append("edit \(v) @\(p)")
        try solver.addEditVariable(v, priority: p)
        edited.append(v)
      case 4:
        if !edited.isEmpty {
          let value = numbers[Int(bytes.next()) % numbers.count] * 10
          let v = edited[Int(bytes.next()) % edited.count]
          outcome.log.append("suggest \(value) for \(v)")
          try solver.suggestValue(value, for: v)
          largestInput = max(largestInput, abs(value))
          if !tested(value) { inTestedRange = false }
        }
      default:
        if !added.isEmpty {
          let c = added[Int(bytes.next()) % added.count]
          let k = numbers[Int(bytes.next()) % numbers.count]
          outcome.log.append("setConstant \(k) of \(c)")
          try solver.setConstant(of: c, to: k)
          constants[c] = k
          largestInput = max(largestInput, abs(k))
          if !tested(c, constant: k) { inTestedRange = false }
        }
      }
    } catch {
      if case .numericalFailure = error {
      } else if solver.stateDescription != before {
        problems.append("a failed operation changed the solver: \(error)")
      }
    }
    // Exact, in any range: the solver's final basis keeps every required constraint and no
    // level can improve (`Engine.exactFinding`): the certificate's repairs end certified.
    // (Under `.whenRisky` only risky operations are certified, so this is not asked then.)
    if solver.certification == .everyOperation, let problem = solver.exactProblem { problems.append(problem) }
    // Values beyond 1e6 (reached through a chain of constraints) leave the range too.
    if variables.contains(where: { !tested(solver.value(of: $0)) }) { inTestedRange = false }
    let numerical = ["required ", "not optimal", "restricted row", "dummy row"]
    let values = variables.map { solver.value(of: $0) }
    let largest = values.reduce(largestInput) { max($0, abs($1)) }
    problems += solver.checkInvariants().filter { problem in
      // Required constraints are checked below, against the documented accuracy.
      guard !problem.hasPrefix("required "), inTestedRange || !numerical.contains(where: { problem.hasPrefix($0) })
      else { return false }
      // docs/solver.md, "Numerical limits": optimal to the accuracy of the values. A reduced cost
      // whose whole improvement (times the step the ratio test allows) is within 1e-9 of the
      // largest value is rounding: the fuzzer met −3e-11 (a product of 0.0003 and 1e-7) that
      // could lower a level's error of 1.5e-8, the rounding of values near 1e5.
      if problem.hasPrefix("not optimal"), solver.engine.optimalityGap() <= 1e-9 * largest { return false }
      return true
    }
    if inTestedRange {
      // docs/solver.md, "Numerical limits": a required constraint holds to 1e-6 of its terms' size,
      // and each value is exact to about 1e-10 of the largest value or constant in the
      // system, which the constraint multiplies by its coefficients.
      for c in added where c.priority.isRequired {
        let (miss, allowed) = requiredMiss(c, constant: constants[c] ?? c.expression.constant, solver, largest: largest)
        if miss > allowed { problems.append("required \(c) misses by \(miss)") }
      }
    }
    if !problems.isEmpty {
      outcome.problems = problems
      outcome.state = solver.stateDescription
      return outcome
    }
  }
  return outcome
}

/// How much `solver`'s values miss the required constraint `c` (with `constant` in place of its
/// expression's), and the most docs/solver.md allows ("Numerical limits"): 1e-6 of the size of its terms,
/// or 1e-9 of the largest value or constant in the system (`largest`) times its coefficients.
func requiredMiss(_ c: Constraint, constant: Double, _ solver: Solver, largest: Double) -> (
  miss: Double, allowed: Double
) {
  var residual = constant
  var size = max(1, abs(constant))
  var coefficients = 0.0
  for term in c.expression.terms {
    let value = solver.value(of: term.variable)
    residual += term.coefficient * value
    size = max(size, abs(term.coefficient * value))
    coefficients += abs(term.coefficient)
  }
  let miss: Double
  switch c.relation {
  case .equal: miss = abs(residual)
  case .lessThanOrEqual: miss = max(0, residual)
  case .greaterThanOrEqual: miss = max(0, -residual)
  }
  return (miss, 1e-6 * size + 1e-9 * largest * coefficients)
}

extension Engine {
  /// How much the main objective could still improve at the highest level that can: the
  /// entering symbol's reduced cost there times the step the ratio test allows (∞ when no row
  /// limits it; 0 when the objective is optimal).
  func optimalityGap() -> Double {
    guard let (entering, direction) = enteringSymbol(.main) else { return 0 }
    let level = levels.first { $0.row.coefficient(of: entering) != 0 }
    let reducedCost = abs(level?.row.coefficient(of: entering) ?? 0)
    let (leaving, step, _) = leavingRow(entering, direction)
    return leaving < 0 ? .infinity : reducedCost * step
  }
}

/// Reads bytes one at a time, 0 past the end.
struct ScriptBytes {
  let buffer: UnsafeBufferPointer<UInt8>
  var position = 0
  init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
  var isAtEnd: Bool { position >= buffer.count }
  mutating func next() -> UInt8 {
    guard position < buffer.count else { return 0 }
    defer { position += 1 }
    return buffer[position]
  }
}
