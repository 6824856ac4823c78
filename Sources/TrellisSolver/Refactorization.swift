// Recomputing the tableau from the constraints, for the basis it has.

extension Engine {
  /// Refactorizes when pivots since the last check wrote a row value beyond
  /// `refactorThreshold` (1e9, far outside the tested range), where the rounding they
  /// accumulate reaches real values. (Measured on unboxed random systems: triggering on a
  /// drop from the peak to the final magnitude caught fewer failures than this.)
  mutating func refactorizeAfterHugeValues() {
    guard peakMagnitude > refactorThreshold else { return }
    let own = self
    if !refactorize() { self = own }
    peakMagnitude = 0
  }

  /// Ends an operation during which the simplex divided by a small element
  /// (`riskyPivotAmplification`), left a coefficient far below the two it was the sum of, or
  /// refused, as possible rounding, an element that mattered
  /// (`refactorizationDue`). Each can leave rows whose rounding is the size of real values:
  /// the fuzzer met reduced costs left negative, a real unbounded-looking direction, and a
  /// required constraint missed by 8.8 through a coefficient 1 % off (issue 17). Rows recomputed
  /// from the constraints carry the rounding of one elimination, and their magnitudes start
  /// again from it. When that does not end optimal and feasible (or the basis is singular
  /// within rounding), the tableau is built afresh, in the order the constraints were added.
  /// Called by `Solver` at the end of each operation; while optimization is deferred
  /// (`defersOptimization`: refactorizing optimizes), at the end of the deferral.
  mutating func refactorizeIfDue() {
    guard refactorizationDue, journal == nil, artificial == nil, !defersOptimization else { return }
    guard refactorizesWhenDue else {
      // Nothing recomputes the tableau: the certificate checks what the operation left.
      certificationDue = true
      return
    }
    // The pivots below may mark it again; what they leave is the best this tableau can do.
    defer { refactorizationDue = false }
    let own = self
    if refactorize() && infeasible.isEmpty && enteringMainSymbol() == nil { return }
    // The recomputed tableau was no good either: the rebuild below, or the operation's own
    // tableau, is certified.
    certificationDue = true
    var rebuilt = self
    // A rebuild that fails leaves the operation's own tableau, not a recomputed one that was
    // no good either.
    do throws(SolverError) { try rebuilt.rebuild() } catch {
      self = own
      return
    }
    self = rebuilt
  }

  /// Rebuilds every row and objective level from the constraints themselves, keeping which
  /// symbols are basic, then restores feasibility and optimality. Returns false if the basis
  /// turns out singular within rounding (changing nothing), or if restricted rows of the
  /// recomputed tableau cannot be raised to zero (the caller then keeps what it had).
  ///
  /// Pivots accumulate rounding in every row they touch; when values pass through far
  /// larger magnitudes than they end at (a vertex at 1e13 on the way to a solution at
  /// 1e6), what is left of the small values is mostly that rounding. The rows recomputed
  /// from the equations carry only the rounding of one elimination.
  @discardableResult
  package mutating func refactorize() -> Bool {
    guard journal == nil, artificial == nil else { return false }
    // Compact equalities have no symbol to solve for; the tableau is rebuilt from the
    // constraints instead (the same rounding of one elimination per row).
    if records.compactCount > 0 {
      var rebuilt = self
      do throws(SolverError) { try rebuilt.rebuild() } catch { return false }
      self = rebuilt
      return true
    }
    let ordered = recordsInOrder()
    let isBasicSymbol = rows.map { $0 != nil }
    guard ordered.count == isBasicSymbol.lazy.filter({ $0 }).count else { return false }

    // Gauss–Jordan elimination of the equations, each solved for the basic symbol with
    // the largest coefficient left in it (partial pivoting among the basic columns).
    var solved = [Row?](repeating: nil, count: kinds.count)
    // The solved rows that may hold each symbol (stale entries and repeats are checked at use):
    // scanning every solved row for each new pivot made refactorizing a large tableau quadratic.
    var holders = [[SymbolID]](repeating: [], count: kinds.count)
    for record in ordered {
      var equation = Row(constant: evaluateConstant(record) / record.scale)
      for term in record.constraint.expression.terms where term.coefficient != 0 {
        let s = variableSymbol[Int(term.variable.index)]
        guard s >= 0 else { return false }
        equation.add(s, term.coefficient / record.scale)
      }
      equation.add(record.marker, record.markerCoefficient)
      if record.other >= 0 { equation.add(record.other, record.otherCoefficient) }
      // Replace the basic symbols already solved for. Solved rows hold no solved symbol (each
      // new pivot is substituted into them below), so what they bring in needs no second pass.
      let solvedHere = equation.cells.lazy.map(\.symbol).filter { solved[Int($0)] != nil }
      for s in Array(solvedHere) { if let row = solved[Int(s)] { equation.substitute(s, with: row) } }
      var pivot: SymbolID = -1
      var largest = 0.0
      for cell in equation.cells where isBasicSymbol[Int(cell.symbol)] && abs(cell.coefficient) > largest {
        // Never on rounding (`Row.isPivotable`), as in the simplex.
        guard equation.isPivotable(cell.coefficient) else { continue }
        pivot = cell.symbol
        largest = abs(cell.coefficient)
      }
      guard pivot >= 0 else { return false }
      equation.solve(for: pivot)
      let candidates = holders[Int(pivot)]
      holders[Int(pivot)] = []
      for other in candidates where solved[Int(other)]?.coefficient(of: pivot) ?? 0 != 0 {
        solved[Int(other)]?.substitute(pivot, with: equation)
        for cell in equation.cells { holders[Int(cell.symbol)].append(other) }
      }
      for cell in equation.cells { holders[Int(cell.symbol)].append(pivot) }
      solved[Int(pivot)] = equation
    }

    // A redundant equality's row holds nothing but dummies in exact arithmetic; what the
    // elimination left beside them is rounding, and so is its constant unless the equalities'
    // own constants say otherwise (as `dropRoundingOfImpliedEquality` judges a new one).
    // (Issue 17: cells of 1e-20 left in such a row grew through later pivots until the
    // equality missed by 6.)
    for s in solved.indices where kind(SymbolID(s)) == .dummy {
      guard var row = solved[s] else { continue }
      settleImpliedEquality(&row, basic: SymbolID(s))
      solved[s] = row
    }

    // Install the rows, their columns and the objective levels.
    structureRevision &+= 1
    for s in columns.indices { columns[s] = [] }
    for s in rows.indices {
      rows[s] = solved[s]
      if let row = solved[s] {
        for cell in row.cells { columns[Int(cell.symbol)].append(SymbolID(s)) }
        if abs(row.constant) > constantBound { constantBound = abs(row.constant) }
      }
    }
    for l in levels.indices { levels[l].row = Row() }
    candidates.noteAll()
    for record in ordered where !record.constraint.priority.isRequired {
      guard let l = levelIndex(for: record.constraint.priority, create: false) else { continue }
      addErrors(of: record, toLevel: l, sign: 1)
    }
    infeasible = []
    for (s, row) in rows.enumerated() {
      if let row, row.constant < 0, kind(SymbolID(s)) != .external { infeasible.append(SymbolID(s)) }
    }
    // Restricted rows the dual simplex cannot raise make the recomputed tableau no good: false,
    // so that `refactorizeIfDue` builds one afresh (it once went unnoticed, and rows were left
    // below zero).
    guard settleInfeasibleRows() else { return false }
    optimize(.main)
    return settleInfeasibleRows()
  }
}

extension Engine {
  /// Builds the tableau afresh from the records, in the order they were added, with every
  /// edit variable at its suggested value. This is how a compact equality is removed or
  /// changed (it has no marker to pivot on). Throws, leaving `self` half built, when a
  /// required constraint cannot hold: the caller restores its snapshot. `markingEqualities`
  /// gives every equality a marker, compact ones included (``Solver/dependence(of:)`` reads
  /// each constraint's part in a row off its marker).
  mutating func rebuild(markingEqualities: Bool = false) throws(SolverError) {
    structureRevision &+= 1
    let ordered = recordsInOrder()
    var fresh = Engine(mode: mode)
    fresh.explainsConflicts = explainsConflicts
    fresh.variableNames = variableNames
    fresh.variableSymbol = [SymbolID](repeating: -1, count: variableNames.count)
    fresh.edits = [EditRecord?](repeating: nil, count: edits.count)
    fresh.compactionFloor = compactionFloor
    // The replay is itself the refactorization: none inside it (it would rebuild again).
    fresh.refactorThreshold = .infinity
    fresh.compactions = compactions
    for record in ordered {
      if record.isEdit {
        guard let variable = record.constraint.expression.terms.first?.variable,
          let edit = edits[Int(variable.index)]
        else { continue }
        try fresh.add(record.constraint, constant: -edit.value, isEdit: true)
        guard let added = fresh.records[record.constraint.id] else { continue }
        fresh.edits[Int(variable.index)] = EditRecord(
          constraint: record.constraint, value: edit.value, marker: added.marker,
          markerCoefficient: added.markerCoefficient * added.scale)
      } else {
        try fresh.add(
          record.constraint, constant: record.constant, isEdit: false, compact: record.isCompact && !markingEqualities)
      }
    }
    fresh.refactorThreshold = refactorThreshold
    fresh.refactorizesWhenDue = refactorizesWhenDue
    fresh.certification = certification
    fresh.certificationDue = certificationDue
    fresh.certificates = certificates
    fresh.repairs = repairs
    fresh.uncertified = uncertified
    fresh.defersOptimization = defersOptimization
    fresh.peakMagnitude = 0
    self = fresh
  }
}

extension Engine {
  /// Makes the row of `basic`, a dummy (a required equality implied by others), exactly what it
  /// is in exact arithmetic when it holds nothing but dummies and rounding: the dummies, and a
  /// constant worked out from the equalities' own constants. At all variables 0 each dummy is
  /// `−c/(s·m)` (its constraint's constant, scale and marker coefficient), so the row
  /// `basic = r + Σ λₖ·dₖ` has `r = −c/(s·m) + Σ λₖ·cₖ/(sₖ·mₖ)`, rounding when within `epsilon` of
  /// those terms. Left alone when a cell is more than rounding (`Row.isPivotable`) or a dummy
  /// belongs to no known equality.
  package mutating func settleImpliedEquality(_ row: inout Row, basic: SymbolID) {
    guard row.cells.allSatisfy({ kind($0.symbol) == .dummy || !row.isPivotable($0.coefficient) }),
      let own = records[owner[Int(basic)]]
    else { return }
    var residual = -own.constant / (own.scale * own.markerCoefficient)
    var size = abs(residual)
    for cell in row.cells where kind(cell.symbol) == .dummy {
      guard let other = records[owner[Int(cell.symbol)]] else { return }
      let term = cell.coefficient * other.constant / (other.scale * other.markerCoefficient)
      residual += term
      size += abs(term)
    }
    if row.cells.contains(where: { kind($0.symbol) != .dummy }) || (residual != 0 && abs(residual) <= epsilon * size) {
      certificationDue = true
    }
    row.cells.removeAll { kind($0.symbol) != .dummy }
    row.constant = abs(residual) <= epsilon * size ? 0 : residual
  }
}
