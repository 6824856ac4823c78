// Certifying the result in exact arithmetic, and repairing it when the certificate says no.
//
// The floating-point tableau decides with tolerances: a coefficient within rounding of zero is
// taken for zero, a row a rounding below zero for feasible. Each such judgement can be wrong,
// and every hour of fuzzing before this found a new input where one was. A certificate does not
// trust any of them: it restates every constraint exactly (a double is a dyadic rational),
// recomputes the tableau of the basis the solver ended with by exact elimination, and checks
// that its solution keeps every required constraint (restricted symbols ≥ 0, dummies 0) and
// that no symbol can improve any priority level (reduced costs lexicographically ≥ 0, and 0 for
// free symbols). When that holds, the exact tableau, rounded once, replaces the floating one:
// the values reported are the exact optimum's, to the rounding of one conversion.
//
// When it does not, the exact tableau is repaired in exact arithmetic: by primal pivots when
// only optimality fails, else by solving the whole problem again from nothing (two phases,
// Bland's rule). Either ends certified, or proves that the required constraints cannot all
// hold, which the operation then reports as a conflict (`Solver`).

/// When a solver checks the result of an operation in exact arithmetic.
package enum CertificationPolicy: Sendable, Hashable {
  /// After every operation (tests and the fuzzer): costly, exact.
  case everyOperation
  /// After an operation that took a decision near rounding: a pivot on a small element, a
  /// sum that lost digits, a value judged zero that was not exactly zero (phase one's, an
  /// implied equality's, a row left a rounding below zero), a reduced cost cleared as
  /// rounding (`certificationDue`).
  case whenRisky
  /// Never: only for tests that show what the floating-point steps do on their own.
  case never
}

extension Engine {
  /// What `certify()` concluded.
  package enum CertificationOutcome: Equatable {
    /// Not checked (no risk under `.whenRisky`, or the tableau is mid-operation).
    case skipped
    /// The basis the solver had is feasible and optimal in exact arithmetic.
    case certified
    /// It was not; the exact repair's result replaced it.
    case repaired
    /// The required constraints cannot all hold: the operation must be refused.
    case requiredConstraintsCannotHold
    /// The exact computation passed its budget (``certificationBudget``): no verdict, and the
    /// floating-point result stands.
    case beyondBudget
  }

  /// How much exact work a `.whenRisky` certificate may do: `certificationWorkPerCell` times the
  /// cells of the tableau (at least `certificationMinimumWork`), so that it costs at most a
  /// bounded multiple of a refactorization. Exact elimination of random 53-bit coefficients
  /// grows numbers of thousands of bits (kiwi's adddel workloads); a layout's simple multipliers
  /// stay within machine words.
  func certificationBudget() -> Int? {
    guard certification == .whenRisky else { return nil }
    var cells = 0
    for case let row? in rows { cells += row.cells.count + 1 }
    return max(certificationMinimumWork, certificationWorkPerCell * cells)
  }

  /// Each constraint as the exact equation its row stands for, `0 = expression + constant +
  /// m·marker + o·other` (the row's equation times its scale), in the order added.
  package func exactEquations() -> [ExactRow] {
    recordsInOrder().map { record in
      var equation = ExactRow(constant: ExactRational(evaluateConstant(record)))
      for term in record.constraint.expression.terms where term.coefficient != 0 {
        let s = variableSymbol[Int(term.variable.index)]
        // Every variable of an added constraint has a symbol.
        if s >= 0 { equation.add(s, ExactRational(term.coefficient)) }
      }
      let scale = ExactRational(record.scale)
      if record.marker >= 0 { equation.add(record.marker, ExactRational(record.markerCoefficient) * scale) }
      if record.other >= 0 { equation.add(record.other, ExactRational(record.otherCoefficient) * scale) }
      return equation
    }
  }

  /// Each level's objective over the symbols, exact: the weight of one unit of a constraint's
  /// violation times each of its error symbols (in its row's units, so times its scale).
  package func exactObjectiveForms() -> [ExactRow] {
    var forms = [ExactRow](repeating: ExactRow(), count: levels.count)
    for record in recordsInOrder() where !record.constraint.priority.isRequired {
      let l: Int
      if mode == .weighted {
        l = 0
      } else {
        guard let found = levels.firstIndex(where: { $0.priority == record.constraint.priority }) else { continue }
        l = found
      }
      let weight = ExactRational(weight(of: record.constraint.priority)) * ExactRational(record.scale)
      for e in [record.marker, record.other] where e >= 0 && kind(e) == .error {
        forms[l].add(e, weight)
      }
    }
    return forms
  }

  /// The exact tableau of the basis the solver has, with its objective rows, or the finding
  /// that there is none (`.singularBasis`).
  func exactTableau(budget: Int? = nil) throws(ExactFindingError) -> ExactTableau {
    var tableau = try ExactTableau(
      equations: exactEquations(), basis: rows.map { $0 != nil }, kinds: kinds, budget: budget)
    tableau.setObjectives(exactObjectiveForms())
    return tableau
  }

  /// What is wrong with `tableau` as this solver's solution, in exact arithmetic (nil when
  /// nothing is): a required constraint missed or an optional constraint's slack or error below
  /// zero, each by more than `certifiedAccuracy` of the constraint's largest term (the
  /// constant, or a coefficient times its variable's value); else a symbol that can still
  /// improve the objective (no allowance: reduced costs are exact).
  ///
  /// The allowance is the solver's documented accuracy, not a judgement of rounding: doubles
  /// are dyadic, so `w₁ = 0.3333333333333333·W`, `w₂ = w₁`, `w₃ = w₁`, `w₁ + w₂ + w₃ = W` miss
  /// by 5.6e-17·W in exact arithmetic, and a layout tool must keep such a system, as Auto
  /// Layout does.
  ///
  /// What a constraint misses by is exact: its equation holds exactly in the tableau, so
  /// `expression + constant` is minus its markers' terms (`m·scale·marker + o·scale·other`), or,
  /// for a compact equality, the expression summed exactly. The allowance, being a tolerance,
  /// is reckoned in doubles from the values rounded once (and made exact only to compare).
  package func exactFinding(of tableau: ExactTableau) -> ExactFinding? {
    var rounded: [SymbolID: Double] = [:]
    func approximate(_ s: SymbolID) -> Double {
      if let known = rounded[s] { return known }
      let value = tableau.value(of: s).doubleValue
      rounded[s] = value
      return value
    }
    for record in recordsInOrder() {
      let constant = evaluateConstant(record)
      var largest = abs(constant)
      for term in record.constraint.expression.terms where term.coefficient != 0 {
        let s = variableSymbol[Int(term.variable.index)]
        guard s >= 0 else { continue }
        largest = max(largest, abs(term.coefficient * approximate(s)))
      }
      let bound = certifiedAccuracy * largest
      let allowance = ExactRational(bound.isFinite ? bound : .greatestFiniteMagnitude)
      let scale = ExactRational(record.scale)
      var value = ExactRational.zero
      if record.isCompact {
        value = ExactRational(constant)
        for term in record.constraint.expression.terms where term.coefficient != 0 {
          let s = variableSymbol[Int(term.variable.index)]
          if s >= 0 { value = value + ExactRational(term.coefficient) * tableau.value(of: s) }
        }
      } else {
        for (s, m) in [(record.marker, record.markerCoefficient), (record.other, record.otherCoefficient)] where s >= 0
        {
          value = value - ExactRational(m) * scale * tableau.value(of: s)
        }
      }
      let required = record.constraint.priority.isRequired
      let missed: Bool
      switch record.constraint.relation {
      case .equal: missed = value > allowance || -value > allowance
      case .lessThanOrEqual: missed = value > allowance
      case .greaterThanOrEqual: missed = -value > allowance
      }
      if required && missed { return .requiredMissed(record.constraint) }
      if !required {
        for s in [record.marker, record.other] where s >= 0 && kind(s) != .dummy {
          if -(tableau.value(of: s) * scale) > allowance { return .negative(s) }
        }
      }
    }
    return tableau.improvable.map { .improvable($0) }
  }

  /// The exact verdict on the tableau as it is (nil when certified), without changing it. A
  /// tableau installed from a certificate and not changed since is certified.
  package func exactFinding() -> ExactFinding? {
    if let certifiedRevision, certifiedRevision == (structureRevision, constantRevision) { return nil }
    do throws(ExactFindingError) {
      return exactFinding(of: try exactTableau())
    } catch {
      return error.finding
    }
  }

  /// Checks the result when the policy asks for it (see ``CertificationPolicy``). Not while an
  /// operation is under way, nor while optimization is deferred (the tableau is then feasible but
  /// not meant to be optimal): the check stays due.
  mutating func certifyIfDue() -> CertificationOutcome {
    guard certification == .everyOperation || (certificationDue && certification == .whenRisky) else { return .skipped }
    guard journal == nil, artificial == nil, !defersOptimization else { return .skipped }
    certificationDue = false
    return certify()
  }

  /// Certifies the tableau in exact arithmetic and installs the exact result, rounded (see the
  /// top of this file). When the basis fails: primal pivots in exact arithmetic if it only
  /// fails optimality; else the tableau built afresh in floating point, checked and repaired
  /// the same way; else the problem solved from nothing in exact arithmetic.
  package mutating func certify() -> CertificationOutcome {
    certificates += 1
    let budget = certificationBudget()
    if let outcome = certifyBasis(repairing: false, budget: budget) {
      if outcome == .beyondBudget { uncertified += 1 }
      return outcome
    }
    var rebuilt = self
    do throws(SolverError) {
      try rebuilt.rebuild()
      if let outcome = rebuilt.certifyBasis(repairing: true, budget: budget), outcome != .beyondBudget {
        self = rebuilt
        return outcome
      }
    } catch {}
    var beyondBudget = false
    let solved = ExactTableau.solve(
      equations: exactEquations(), kinds: kinds, objectives: exactObjectiveForms(), budget: budget,
      beyondBudget: &beyondBudget)
    if beyondBudget {
      uncertified += 1
      return .beyondBudget
    }
    guard let solved, exactFinding(of: solved) == nil, install(solved) else { return .requiredConstraintsCannotHold }
    repairs += 1
    return .repaired
  }

  /// The basis certified as it is, or repaired by exact primal pivots when it only fails
  /// optimality, and installed; nil when neither works.
  private mutating func certifyBasis(repairing: Bool, budget: Int?) -> CertificationOutcome? {
    let tableau: ExactTableau
    do throws(ExactFindingError) {
      tableau = try exactTableau(budget: budget)
    } catch {
      return error.finding == .beyondBudget ? .beyondBudget : nil
    }
    var repaired = tableau
    switch exactFinding(of: tableau) {
    case nil:
      guard install(tableau) else { return nil }
      if repairing { repairs += 1 }
      return repairing ? .repaired : .certified
    case .improvable?:
      guard repaired.optimize() else { return repaired.work > (budget ?? .max) ? .beyondBudget : nil }
      guard exactFinding(of: repaired) == nil, install(repaired) else { return nil }
      repairs += 1
      return .repaired
    default:
      return nil
    }
  }

  /// Replaces the rows and objective levels by the exact tableau's, each number rounded once.
  /// Returns false, changing nothing, when a number is beyond a double's range.
  @discardableResult
  mutating func install(_ tableau: ExactTableau) -> Bool {
    var fresh = [Row?](repeating: nil, count: kinds.count)
    for s in fresh.indices {
      guard let exact = tableau.rows[s] else { continue }
      guard let row = Self.rounded(exact) else { return false }
      fresh[s] = row
    }
    var objectives: [Row] = []
    for exact in tableau.objectives {
      guard let row = Self.rounded(exact) else { return false }
      objectives.append(row)
    }
    structureRevision &+= 1
    for s in columns.indices { columns[s].removeAll(keepingCapacity: true) }
    constantBound = 0
    for s in fresh.indices {
      guard let row = fresh[s] else {
        rows[s] = nil
        continue
      }
      for cell in row.cells { columns[Int(cell.symbol)].append(SymbolID(s)) }
      constantBound = max(constantBound, abs(row.constant))
      rows[s] = row
    }
    for l in levels.indices { levels[l].row = objectives[l] }
    candidates.noteAll()
    infeasible = []
    peakMagnitude = 0
    refactorizationDue = false
    certifiedRevision = (structureRevision, constantRevision)
    return true
  }

  /// `exact` as a floating-point row (exact zeros stay absent), or nil when a number overflows.
  private static func rounded(_ exact: ExactRow) -> Row? {
    var row = Row(constant: exact.constant.doubleValue)
    guard row.constant.isFinite else { return nil }
    row.cells.reserveCapacity(exact.cells.count)
    for cell in exact.cells {
      let c = cell.coefficient.doubleValue
      guard c.isFinite, c != 0 else { return nil }
      row.cells.append(Cell(symbol: cell.symbol, coefficient: c))
    }
    return Row(constant: row.constant, cells: row.cells)
  }
}

extension Engine {
  /// A finding in the solver's own words (symbols named as in `dump()`).
  func describe(_ finding: ExactFinding) -> String {
    switch finding {
    case .singularBasis: return "exactly, the basis is singular"
    case .requiredMissed(let c): return "exactly, required \(c) misses"
    case .negative(let s): return "exactly, the restricted symbol \(symbolName(s)) is negative"
    case .improvable(let s): return "exactly, \(symbolName(s)) can still improve the objective"
    case .beyondBudget: return "the exact check passed its budget"
    }
  }
}
