/// Where a variable's value lives in its solver, without the variable's name: what a caller that
/// reads the same variables after every solve keeps, so that reading them copies and retains
/// nothing (a `Variable` carries its name, a string).
package struct VariableSlot: Sendable, Hashable {
  let solver: UInt64
  let index: Int32
}

extension Variable {
  /// This variable's slot in its solver.
  package var slot: VariableSlot { VariableSlot(solver: solver, index: index) }
}

extension Solver {
  /// The value of the variable at `slot` in the current solution.
  ///
  /// - Precondition: the slot is of a variable this solver made.
  /// - Complexity: O(1).
  package func value(at slot: VariableSlot) -> Double {
    precondition(slot.solver == id, "a variable belongs to another solver")
    return engine.value(ofVariable: slot.index)
  }
}

extension Solver {
  /// Evaluates `constants.count` linear sums at the current solution in one pass: sum `i` is
  /// `constants[i]` plus the terms `coefficients[k] × value(slots[k])` for `k` from `ends[i − 1]`
  /// (0 for the first) up to `ends[i]`. Writes each sum to `values[i]` and the largest magnitude
  /// among its constant and terms to `largestTerms[i]` (both resized to fit, so a caller can keep
  /// them between calls). For checks after every layout: one call reads every value in place.
  ///
  /// - Precondition: `ends` has one entry per constant, ascending, the last at most the number
  ///   of slots and coefficients; every slot is of a variable this solver made.
  package func evaluateSums(
    constants: [Double], ends: [Int], slots: [VariableSlot], coefficients: [Double], values: inout [Double],
    largestTerms: inout [Double]
  ) {
    precondition(ends.count == constants.count && slots.count == coefficients.count)
    if values.count != constants.count { values = Array(repeating: 0, count: constants.count) }
    if largestTerms.count != constants.count { largestTerms = Array(repeating: 0, count: constants.count) }
    let variableSymbol = engine.variableSymbol
    let solverID = id
    // Through a buffer pointer, a row's constant is read in place: reading `rows[s]?.constant`
    // from the array copied the row (its cells retained and released) for every term.
    engine.rows.withUnsafeBufferPointer { rows in
      var start = 0
      for i in constants.indices {
        var value = constants[i]
        var largest = abs(value)
        let end = ends[i]
        precondition(start <= end && end <= slots.count)
        for k in start..<end {
          let slot = slots[k]
          precondition(slot.solver == solverID, "a variable belongs to another solver")
          var current = 0.0
          let index = Int(slot.index)
          if index >= 0, index < variableSymbol.count {
            let s = Int(variableSymbol[index])
            if s >= 0, let constant = rows[s]?.constant { current = constant }
          }
          let part = coefficients[k] * current
          value += part
          largest = max(largest, abs(part))
        }
        start = end
        values[i] = value
        largestTerms[i] = largest
      }
    }
  }
}
