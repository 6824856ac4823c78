// How the solution moves with some constraints' constants while the basis stays.

/// The solution as an affine function of the constants of some constraints, valid while the
/// basis is the one it was read from: a layout engine resizing a container (two constants) can
/// then compute the new values with a few multiply-adds each, and needs the solver only when a
/// restricted row would turn negative (the dual simplex would pivot).
///
/// Changing constraint `k`'s constant by `δₖ` moves every basic row by `Σₖ rateₖ·δₖ`, exactly
/// as ``Solver/setConstant(of:to:)`` does before its dual simplex (`applyConstantChange`), so the
/// values are those that call would give while no row turns negative: the objective's rows hold
/// no constants, so a basis that stays feasible stays optimal.
package struct ConstantSensitivity: Sendable {
  /// Per variable (by its index in the solver, ``VariableSlot``): its value now.
  package var values: [Double]
  /// Per constraint asked, per variable: how much its value moves per unit of the constant.
  package var rates: [[Double]]
  /// The restricted rows the constants move (slacks and errors, which must stay ≥ 0): their
  /// values now, and per constraint their rates.
  package var boundValues: [Double]
  package var boundRates: [[Double]]
  /// The solver's revisions when read: the description holds while neither has moved.
  let structureRevision: Int
  let constantRevision: Int

  /// The value of the variable at `slot` with the two constraints' constants moved by `deltas`
  /// (0 for a variable made since, which no row holds).
  @inline(__always)
  package func value(at slot: VariableSlot, deltas: (Double, Double)) -> Double {
    let index = Int(slot.index)
    guard index >= 0, index < values.count else { return 0 }
    return values[index] + rates[0][index] * deltas.0 + rates[1][index] * deltas.1
  }

  /// The value of the variable at `slot` now and its rates per unit of the two constraints'
  /// constants.
  package func affine(at slot: VariableSlot) -> (value: Double, rates: (Double, Double)) {
    let index = Int(slot.index)
    guard index >= 0, index < values.count else { return (0, (0, 0)) }
    return (values[index], (rates[0][index], rates[1][index]))
  }

  /// Whether every restricted row stays ≥ 0 with the constants moved by `deltas` (two
  /// constraints): the basis, and so this description, then still gives the solution.
  package func staysFeasible(deltas: (Double, Double)) -> Bool {
    precondition(rates.count == 2, "two constraints")
    let values = boundValues, first = boundRates[0], second = boundRates[1]
    for index in values.indices where values[index] + first[index] * deltas.0 + second[index] * deltas.1 < 0 {
      return false
    }
    return true
  }
}

extension Solver {
  /// The current solution as an affine function of the constants of `constraints`, or `nil`
  /// when a change of one of them is more than a substitution: a compact equality (rebuilt), a
  /// constraint whose marker is basic (a redundant equality, re-added; a slack), an edit, an
  /// unknown constraint, a redundant equality that would move off 0, or rows left infeasible.
  ///
  /// - Complexity: O(rows holding the constraints' markers + variables).
  package func constantSensitivity(of constraints: [Constraint]) -> ConstantSensitivity? {
    let engine = self.engine
    guard engine.infeasible.isEmpty else { return nil }
    var records: [ConstraintRecord] = []
    for constraint in constraints {
      guard let record = engine.records[constraint.id], !record.isEdit, !record.isCompact,
        !engine.isBasic(record.marker)
      else { return nil }
      records.append(record)
    }
    let variableCount = engine.variableSymbol.count
    var values = [Double](repeating: 0, count: variableCount)
    for index in 0..<variableCount {
      let symbol = engine.variableSymbol[index]
      if symbol >= 0, let row = engine.rows[Int(symbol)] { values[index] = row.constant }
    }
    // Basic symbol → variable index, for the rows that are a variable's.
    var variableOf: [SymbolID: Int] = [:]
    for index in 0..<variableCount where engine.variableSymbol[index] >= 0 {
      variableOf[engine.variableSymbol[index]] = index
    }
    var rates: [[Double]] = []
    var bounds: [SymbolID: Int] = [:]
    var boundValues: [Double] = []
    var boundRates: [[Double]] = Array(repeating: [], count: records.count)
    for (k, record) in records.enumerated() {
      // `applyConstantChange`: a constant moved by δ shifts each row by its marker's
      // coefficient times δ / (markerCoefficient · scale).
      let perUnit = 1 / (record.markerCoefficient * record.scale)
      var column = [Double](repeating: 0, count: variableCount)
      for basic in engine.columns[Int(record.marker)] {
        guard let row = engine.rows[Int(basic)] else { continue }
        let rate = row.coefficient(of: record.marker) * perUnit
        if rate == 0 { continue }
        if let index = variableOf[basic] {
          column[index] = rate
          continue
        }
        switch engine.kind(basic) {
        case .external: continue
        case .dummy: return nil
        case .slack, .error:
          if let position = bounds[basic] {
            boundRates[k][position] = rate
          } else {
            bounds[basic] = boundValues.count
            boundValues.append(row.constant)
            for j in boundRates.indices { boundRates[j].append(j == k ? rate : 0) }
          }
        }
      }
      rates.append(column)
    }
    return ConstantSensitivity(
      values: values, rates: rates, boundValues: boundValues, boundRates: boundRates,
      structureRevision: engine.structureRevision, constantRevision: engine.constantRevision)
  }

  /// Whether `sensitivity` still describes this solver: no pivot, addition, removal or constant
  /// change since it was read.
  package func isCurrent(_ sensitivity: ConstantSensitivity) -> Bool {
    sensitivity.structureRevision == engine.structureRevision && sensitivity.constantRevision == engine.constantRevision
  }
}
