// Explaining why a required constraint cannot be added: a minimal conflicting set.

extension Engine {
  /// A required constraint with the constant it should have.
  package struct Requirement {
    var constraint: Constraint
    var constant: Double

    package init(constraint: Constraint, constant: Double) {
      self.constraint = constraint
      self.constant = constant
    }
  }

  /// The error for a rejected required constraint, naming a minimal set of required
  /// constraints already added that cannot hold together with it.
  ///
  /// The tableau hands us a certificate (the symbols of the row that could not be made
  /// feasible); their constraints are a small conflicting set, usually minimal already.
  /// QuickXplain (Junker, AAAI 2004) over fresh solvers then makes it minimal for sure;
  /// if the certificate does not reproduce the conflict, all required constraints are
  /// the candidates. `exactly`: the conflict was found in exact arithmetic (below what the
  /// floating-point solver tells from rounding), so it is explained in exact arithmetic too.
  func unsatisfiable(
    _ constraint: Constraint, constant: Double, certificate: [SymbolID], exactly: Bool = false
  ) -> SolverError {
    guard explainsConflicts else { return .unsatisfiableConstraint(constraint, conflicts: []) }
    func isCandidate(_ record: ConstraintRecord) -> Bool {
      !record.isEdit && record.constraint.priority.isRequired && record.constraint.id != constraint.id
    }
    func requirements(_ chosen: [ConstraintRecord]) -> [Requirement] {
      chosen.sorted { $0.sequence < $1.sequence }.map { Requirement(constraint: $0.constraint, constant: $0.constant) }
    }
    // The certificate's constraints first, looked up by id: sorting every record for each
    // conflict was quadratic in a file with a conflict in every view.
    var certified = Set<UInt64>()
    for s in certificate where s >= 0 && Int(s) < owner.count && owner[Int(s)] != 0 {
      certified.insert(owner[Int(s)])
    }
    let new = Requirement(constraint: constraint, constant: constant)
    func holds(_ requirements: [Requirement]) -> Bool {
      exactly ? Self.isExactlyFeasible(requirements) : isFeasible(requirements)
    }
    var candidates = requirements(certified.compactMap { records[$0] }.filter(isCandidate))
    if holds(candidates + [new]) {
      // Searching every required constraint builds fresh solvers about 2·k·log₂(n) times
      // (k the set's size): minutes for each conflict of a 2,000-view chain. Past
      // `explanationLimit` the conflict is reported without a set.
      let required = records.values.filter(isCandidate)
      guard required.count <= Self.explanationLimit else { return .unsatisfiableConstraint(constraint, conflicts: []) }
      candidates = requirements(required)
    }
    if holds(candidates + [new]) { return .unsatisfiableConstraint(constraint, conflicts: []) }
    let minimal = quickXplain(base: [new], checkBase: true, candidates: candidates, isFeasible: holds)
    return .unsatisfiableConstraint(constraint, conflicts: minimal.map(\.constraint))
  }

  /// The most required constraints a conflict is explained among when the tableau's
  /// certificate does not explain it (a compact equality leaves none).
  static let explanationLimit = 1000

  /// Whether the required constraints can all hold, tested in a fresh engine (its equalities
  /// compact: a probe is never changed, and with markers a chain's probe fills in, O(n³)).
  ///
  /// The probe knows only the variables the requirements name, numbered afresh in the order
  /// they are met (its symbols are made in that order either way, so it decides as before): a
  /// probe sized by the whole solver cost O(variables) at each step of the search, most of
  /// explaining a conflict among 40,000 variables.
  package func isFeasible(_ requirements: [Requirement]) -> Bool {
    var probe = Engine(mode: .strict)
    probe.explainsConflicts = false
    var local: [Int32: Variable] = [:]
    for item in requirements {
      let terms = item.constraint.expression.terms.map { term in
        if let known = local[term.variable.index] { return Term(known, term.coefficient) }
        let made = Variable(
          name: term.variable.name, solver: term.variable.solver,
          index: probe.registerVariable(name: term.variable.name))
        local[term.variable.index] = made
        return Term(made, term.coefficient)
      }
      let c = item.constraint
      let renumbered = Constraint(
        LinearExpression(terms: terms, constant: c.expression.constant), c.relation, priority: c.priority)
      do throws(SolverError) {
        try probe.add(renumbered, constant: item.constant, isEdit: false, compact: true)
      } catch {
        return false
      }
    }
    return true
  }

  /// A minimal subset X of `candidates` such that `base` ∪ X cannot hold, given that
  /// `base` ∪ `candidates` cannot.
  func quickXplain(
    base: [Requirement], checkBase: Bool, candidates: [Requirement], isFeasible: ([Requirement]) -> Bool
  ) -> [Requirement] {
    if checkBase && !isFeasible(base) { return [] }
    if candidates.count <= 1 { return candidates }
    let half = candidates.count / 2
    let first = Array(candidates[..<half])
    let second = Array(candidates[half...])
    let fromSecond = quickXplain(
      base: base + first, checkBase: !first.isEmpty, candidates: second, isFeasible: isFeasible)
    let fromFirst = quickXplain(
      base: base + fromSecond, checkBase: !fromSecond.isEmpty, candidates: first, isFeasible: isFeasible)
    return fromFirst + fromSecond
  }

  /// Whether the required constraints can all hold, in exact arithmetic (phase one of
  /// `ExactTableau.solve`): each is an equation over its variables, with a slack for an
  /// inequality.
  package static func isExactlyFeasible(_ requirements: [Requirement]) -> Bool {
    var kinds: [SymbolKind] = []
    var local: [Int32: SymbolID] = [:]
    var equations: [ExactRow] = []
    for item in requirements {
      var equation = ExactRow(constant: ExactRational(item.constant))
      for term in item.constraint.expression.terms where term.coefficient != 0 {
        let s: SymbolID
        if let known = local[term.variable.index] {
          s = known
        } else {
          s = SymbolID(kinds.count)
          kinds.append(.external)
          local[term.variable.index] = s
        }
        equation.add(s, ExactRational(term.coefficient))
      }
      if item.constraint.relation != .equal {
        let slack = SymbolID(kinds.count)
        kinds.append(.slack)
        equation.add(slack, ExactRational(item.constraint.relation == .lessThanOrEqual ? 1 : -1))
      }
      equations.append(equation)
    }
    return ExactTableau.solve(equations: equations, kinds: kinds, objectives: []) != nil
  }
}
