// Reading the state: violations per level, a readable dump, and invariant checks.

extension Engine {
  /// The value of `expression + constant` at the current solution.
  func evaluate(_ record: ConstraintRecord) -> Double {
    var total = evaluateConstant(record)
    for term in record.constraint.expression.terms {
      total += term.coefficient * value(ofVariable: term.variable.index)
    }
    return total
  }

  /// Every record, edit variables included, in the order they were added.
  func recordsInOrder() -> [ConstraintRecord] {
    records.values.sorted { $0.sequence < $1.sequence }
  }

  /// How much the current solution misses a constraint (0 when it holds).
  func violation(_ record: ConstraintRecord) -> Double {
    let v = evaluate(record)
    switch record.constraint.relation {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
  }

  package func violationByPriority() -> [(priority: Priority, violation: Double)] {
    var totals: [Priority: Double] = [:]
    // In insertion order: the floating-point sums must not depend on hashing.
    for record in recordsInOrder() where !record.constraint.priority.isRequired {
      totals[record.constraint.priority, default: 0] += violation(record)
    }
    return totals.keys.sorted(by: >).map { ($0, totals[$0] ?? 0) }
  }

  package func symbolName(_ s: SymbolID) -> String {
    switch kind(s) {
    case .external:
      let v = symbolVariable[Int(s)]
      return v >= 0 ? variableNames[Int(v)] : "v\(s)"
    case .slack: return "s\(s)"
    case .error: return "e\(s)"
    case .dummy: return "d\(s)"
    }
  }

  func format(_ row: Row) -> String {
    var out = formatNumber(row.constant)
    for cell in row.cells {
      let c = cell.coefficient
      out += c < 0 ? " - " : " + "
      out += abs(c) == 1 ? symbolName(cell.symbol) : "\(formatNumber(abs(c)))*\(symbolName(cell.symbol))"
    }
    return out
  }

  /// The state in fixed sections, everything in a deterministic order.
  func dump() -> String {
    var out = "Objective (\(mode == .strict ? "strict" : "weighted"))\n"
    // A level row's constant is not kept up to date by constant changes and edits (the
    // simplex reads only its coefficients), so the level's total is computed here.
    let totals = violationByPriority()
    for level in levels {
      out += mode == .strict ? "  @\(level.priority): " : "  weighted: "
      var shown = level.row
      shown.constant =
        mode == .strict
        ? totals.first { $0.priority == level.priority }?.violation ?? 0
        : totals.reduce(0) { $0 + $1.priority.value * $1.violation }
      out += format(shown) + "\n"
    }
    out += "Rows\n"
    for s in rows.indices {
      if let row = rows[s] { out += "  \(symbolName(SymbolID(s))) = \(format(row))\n" }
    }
    out += "Infeasible rows\n"
    for s in infeasible { out += "  \(symbolName(s))\n" }
    out += "Variables\n"
    for (i, name) in variableNames.enumerated() {
      out += "  \(name) = \(formatNumber(value(ofVariable: Int32(i))))\n"
    }
    out += "Edit variables\n"
    for (index, edit) in edits.enumerated() {
      if let edit {
        out += "  \(variableNames[index]) -> \(formatNumber(edit.value)) @\(edit.constraint.priority)\n"
      }
    }
    out += "Constraints\n"
    for record in recordsInOrder() where !record.isEdit {
      let marker = record.marker >= 0 ? symbolName(record.marker) : "none, compact"
      out += "  \(record.constraint) [marker \(marker)]\n"
    }
    return out
  }

  /// Every way the tableau can be inconsistent, as messages (empty = consistent).
  func checkInvariants() -> [String] {
    var problems: [String] = []
    // Sign checks tolerate rounding relative to the largest value in the tableau.
    let valueScale = rows.reduce(1.0) { max($0, abs($1?.constant ?? 0)) }
    let tolerance = 1e-9 * valueScale
    if !infeasible.isEmpty { problems.append("infeasible rows left: \(infeasible.map(symbolName))") }
    if artificial != nil { problems.append("artificial objective left over") }
    for b in rows.indices {
      guard let row = rows[b] else { continue }
      let basic = SymbolID(b)
      for (i, cell) in row.cells.enumerated() {
        if i > 0 && row.cells[i - 1].symbol >= cell.symbol { problems.append("row \(symbolName(basic)) not sorted") }
        if cell.coefficient == 0 { problems.append("row \(symbolName(basic)) keeps a zero coefficient") }
        if isBasic(cell.symbol) { problems.append("row \(symbolName(basic)) holds basic \(symbolName(cell.symbol))") }
        if !columns[Int(cell.symbol)].contains(basic) {
          problems.append("column \(symbolName(cell.symbol)) misses row \(symbolName(basic))")
        }
      }
      if kind(basic).isRestricted && row.constant < -tolerance {
        problems.append("restricted row \(symbolName(basic)) is negative: \(row.constant)")
      }
      if kind(basic) == .dummy && abs(row.constant) > tolerance {
        problems.append("dummy row \(symbolName(basic)) is \(row.constant), not 0")
      }
    }
    for s in columns.indices {
      let holders = columns[s]
      if Set(holders).count != holders.count { problems.append("column \(symbolName(SymbolID(s))) repeats a row") }
      for b in holders where rows[Int(b)]?.coefficient(of: SymbolID(s)) ?? 0 == 0 {
        problems.append("column \(symbolName(SymbolID(s))) lists row \(symbolName(b)) without it")
      }
    }
    for level in levels {
      for cell in level.row.cells {
        if isBasic(cell.symbol) { problems.append("objective holds basic \(symbolName(cell.symbol))") }
      }
    }
    if candidateLogMisses > 0 {
      problems.append("the candidate log chose differently from a full scan \(candidateLogMisses) times")
    }
    // Optimality: no symbol may still improve the objective.
    if let (s, _) = enteringSymbol(.main) {
      problems.append("not optimal: \(symbolName(s)) can still improve the objective")
    }
    for record in recordsInOrder() where record.constraint.priority.isRequired {
      let scale = record.constraint.expression.terms.reduce(max(1, abs(record.constant))) {
        max($0, abs($1.coefficient * value(ofVariable: $1.variable.index)))
      }
      if violation(record) > 1e-6 * scale { problems.append("required \(record.constraint) is violated") }
    }
    return problems
  }

  /// Checks that the constraint's equation (`expression + markers = 0`, scaled as its row
  /// was) vanishes once every basic symbol is replaced by its row: the tableau then holds
  /// exactly this constraint, not a drifted copy. Returns the largest leftover, relative
  /// to the largest term met, when it exceeds `tolerance`. (Not part of
  /// ``checkInvariants()``: rounding grows with the spread of magnitudes; the unit and
  /// property tests call it on well-scaled systems, where it must stay tiny.)
  package func representationResidue(_ record: ConstraintRecord, tolerance: Double = 1e-6) -> Double? {
    var form = Row(constant: evaluateConstant(record) / record.scale)
    var magnitude = abs(form.constant)
    func add(_ symbol: SymbolID, _ coefficient: Double) {
      if let row = rows[Int(symbol)] {
        form.add(row, times: coefficient)
        magnitude = max(magnitude, abs(coefficient * row.constant))
        for cell in row.cells { magnitude = max(magnitude, abs(coefficient * cell.coefficient)) }
      } else {
        form.add(symbol, coefficient)
        magnitude = max(magnitude, abs(coefficient))
      }
    }
    for term in record.constraint.expression.terms where term.coefficient != 0 {
      let s = variableSymbol[Int(term.variable.index)]
      if s >= 0 { add(s, term.coefficient / record.scale) }
    }
    if record.marker >= 0 { add(record.marker, record.markerCoefficient) }
    if record.other >= 0 { add(record.other, record.otherCoefficient) }
    var worst = abs(form.constant)
    for cell in form.cells { worst = max(worst, abs(cell.coefficient)) }
    let relative = worst / max(1, magnitude)
    return relative > tolerance ? relative : nil
  }

  /// The constraint's constant now: an edit's follows its suggested value (its record is
  /// only brought up to date when it is removed).
  func evaluateConstant(_ record: ConstraintRecord) -> Double {
    if record.isEdit, let v = record.constraint.expression.terms.first?.variable, let edit = edits[Int(v.index)] {
      return -edit.value
    }
    return record.constant
  }
}
