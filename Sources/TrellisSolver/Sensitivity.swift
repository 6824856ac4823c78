// How the solution moves with some constraints' constants while the basis stays.

/// The solution as an affine function of the constants of some constraints, valid while the
/// basis is the one it was read from: a layout engine resizing a container (two constants) can
/// then compute the new values with a few multiply-adds each, and needs the solver only when a
/// restricted row would turn negative (the dual simplex would pivot).
///
/// Changing constraint `k`'s constant by `δₖ` moves every basic row by `Σₖ rateₖ·δₖ`, exactly
/// as ``Solver/setConstant(of:to:)`` does before its dual simplex (`applyConstantChange`), so the
/// values are those that call would give while no row turns negative: the objective's rows hold
/// no constants, so a basis that stays feasible stays optimal. The readers below are for two
/// constraints (a container's width and height), which is what the layout engine asks about.
package struct ConstantSensitivity: Sendable {
  /// Per variable (by its index in the solver, ``VariableSlot``): its value now.
  package var values: [Double]
  /// Per constraint asked, per variable: how much its value moves per unit of the constant.
  package var rates: [[Double]]
  /// The solver's revisions when read: the description holds while neither has moved.
  let structureRevision: Int
  let constantRevision: Int

  /// The value of the variable at `slot` with the two constraints' constants moved by `deltas`
  /// (0 for a variable made since, which no row holds).
  @inline(__always)
  package func value(at slot: VariableSlot, deltas: (Double, Double)) -> Double {
    precondition(rates.count == 2, "two constraints")
    let index = Int(slot.index)
    guard index >= 0, index < values.count else { return 0 }
    return values[index] + rates[0][index] * deltas.0 + rates[1][index] * deltas.1
  }

  /// The value of the variable at `slot` now and its rates per unit of the two constraints'
  /// constants.
  package func affine(at slot: VariableSlot) -> (value: Double, rates: (Double, Double)) {
    precondition(rates.count == 2, "two constraints")
    let index = Int(slot.index)
    guard index >= 0, index < values.count else { return (0, (0, 0)) }
    return (values[index], (rates[0][index], rates[1][index]))
  }

  /// The restricted rows the constants move (slacks and errors, which must stay ≥ 0), as
  /// conditions on two constants' changes (for two constraints).
  private let bounds: AffineBounds

  init(
    values: [Double], rates: [[Double]], boundValues: [Double], boundRates: [[Double]], structureRevision: Int,
    constantRevision: Int
  ) {
    (self.values, self.rates) = (values, rates)
    (self.structureRevision, self.constantRevision) = (structureRevision, constantRevision)
    self.bounds =
      boundRates.count == 2
      ? AffineBounds(boundValues.indices.map { (boundValues[$0], boundRates[0][$0], boundRates[1][$0]) })
      : AffineBounds([])
  }

  /// Whether every restricted row stays ≥ 0 with the constants moved by `deltas` (two
  /// constraints): the basis, and so this description, then still gives the solution.
  package func staysFeasible(deltas: (Double, Double)) -> Bool {
    precondition(rates.count == 2, "two constraints")
    return bounds.hold(at: deltas)
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

/// Conditions `value + rate₀·δ₀ + rate₁·δ₁ ≥ 0` on two changes, checked nearest first: a
/// condition whose line lies farther from the origin than the point `(δ₀, δ₁)` holds there
/// (its value is at least its rates' length times that distance), so a small move reads only
/// the conditions that are nearly tight.
package struct AffineBounds: Sendable {
  /// Per condition, in a row: its value, its two rates, and its line's distance from the
  /// origin (`value / ‖rates‖`, 0 for a value ≤ 0), ascending by that distance.
  private let terms: [Double]

  package init(_ conditions: [(value: Double, rate0: Double, rate1: Double)]) {
    var sorted: [(distance: Double, condition: (value: Double, rate0: Double, rate1: Double))] = []
    for condition in conditions {
      let length = (condition.rate0 * condition.rate0 + condition.rate1 * condition.rate1).squareRoot()
      if length == 0 {
        // A condition no change moves: it holds or fails everywhere.
        sorted.append((condition.value >= 0 ? .infinity : 0, condition))
        continue
      }
      sorted.append((condition.value > 0 ? condition.value / length : 0, condition))
    }
    sorted.sort { $0.distance < $1.distance }
    var terms: [Double] = []
    terms.reserveCapacity(4 * sorted.count)
    for (distance, condition) in sorted { terms += [condition.value, condition.rate0, condition.rate1, distance] }
    self.terms = terms
  }

  /// Whether every condition holds at `deltas` (false for a NaN).
  package func hold(at deltas: (Double, Double)) -> Bool {
    // Beyond this distance a condition holds (with room for the rounding of both distances).
    let reach = (deltas.0 * deltas.0 + deltas.1 * deltas.1).squareRoot() * (1 + 1e-9)
    guard reach.isFinite else { return terms.isEmpty }
    return terms.withUnsafeBufferPointer { terms in
      var at = 0
      while at < terms.count, terms[at + 3] <= reach {
        if !(terms[at] + terms[at + 1] * deltas.0 + terms[at + 2] * deltas.1 >= 0) { return false }
        at += 4
      }
      return true
    }
  }
}
