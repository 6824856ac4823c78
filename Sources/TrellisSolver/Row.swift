/// One entry of a row: `coefficient × symbol`.
package struct Cell {
  package var symbol: SymbolID
  package var coefficient: Double

  package init(symbol: SymbolID, coefficient: Double) {
    self.symbol = symbol
    self.coefficient = coefficient
  }
}

/// A linear form `constant + Σ coefficient × symbol`, its cells sorted by symbol with
/// no zero coefficients. As a tableau row it means `basic = constant + Σ …`.
///
/// Sorted cells make every scan deterministic and let two rows merge in one pass. `package` for
/// the solver's white-box tests only (see `Solver.engine`).
package struct Row {
  package var cells: [Cell]
  package var constant: Double
  /// The largest magnitude that took part in computing the coefficients, in the row's
  /// current units: every coefficient may carry rounding of a few ulps of it, whatever its
  /// own size. A sum of two small coefficients can be nothing but rounding of the large ones
  /// they were made from, which no test on the sum's own operands can see (issue 17: two
  /// coefficients of 1.1e-6, each rounded at about 1e3, left 9e-14 where exact arithmetic
  /// gives 0; a substitution through 1/1.8e-5 grew it to 8.3e-9, and a pivot on it multiplied
  /// it by 1e8). So the simplex (primal and dual, phase one, a new row's subject, a
  /// removed marker's row, refactorization) never pivots on a coefficient within
  /// `relativePivotTolerance` of it (`isPivotable`), and an objective row drops coefficients
  /// within `objectiveNoiseFloor` of it (`isObjectiveNoise`).
  ///
  /// It grows while the row is rewritten (`T + a·R` brings in `|a|` times `R`'s), scales
  /// with it (solving for a symbol divides it by that coefficient), and is capped at
  /// `magnitudeSpan` times the largest coefficient when it grows (`capMagnitude()`).
  package var magnitude: Double

  package init(constant: Double = 0, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
    self.magnitude = cells.reduce(0) { max($0, abs($1.coefficient)) }
  }

  /// Keeps `magnitude` within `magnitudeSpan` of the largest coefficient the row holds now.
  /// Called only when the magnitude grew (a pass over the row each time it is rewritten was a
  /// measurable share of kiwi's adddel workload), so it stays within the span of the largest
  /// coefficient the row held when it last grew.
  ///
  /// The magnitude is an estimate that only grows: each cancellation leaves it above the
  /// cells for good, and over a long session (a layout resized thousands of times) it would
  /// climb without end — measured: to 2.8e8 beside coefficients near 1 after 160 random
  /// operations on coefficients 0.5…10 — until real coefficients counted as rounding. Capped,
  /// it remembers at most the digits that recent cancellations can have lost.
  @inline(__always)
  mutating func capMagnitude() {
    let cap = magnitudeSpan * largestCoefficient()
    if magnitude > cap { magnitude = cap }
  }

  /// Whether an objective row's coefficient is indistinguishable from 0 beside the row's
  /// `magnitude`. (Tableau rows keep such coefficients: there a real one can be eleven
  /// digits below the magnitude — measured: dropping them there made the fuzzer's required
  /// constraints miss — and `isPivotable` keeps them from doing harm.) In an objective row a
  /// reduced cost that is only rounding would pick an entering symbol no row limits, or, at
  /// a higher level of strict mode, keep a lower level from a real improvement (issue 17).
  /// As in `isPivotable`, a coefficient within the floor is measured again against
  /// `magnitudeSpan` times the row's largest coefficient now.
  @inline(__always)
  func isObjectiveNoise(_ coefficient: Double) -> Bool {
    let c = abs(coefficient)
    guard c <= objectiveNoiseFloor * magnitude else { return false }
    return c <= objectiveNoiseFloor * magnitudeSpan * largestCoefficient()
  }

  /// The largest |coefficient| in the row (a pass over it).
  package func largestCoefficient() -> Double {
    var largest = 0.0
    for cell in cells where abs(cell.coefficient) > largest { largest = abs(cell.coefficient) }
    return largest
  }

  /// Whether `coefficient` is large enough to pivot on in this row: dividing by a smaller
  /// one would multiply the row's rounding into errors the size of real values.
  ///
  /// A row's magnitude is capped only when it grows (`capMagnitude()`), so after a
  /// cancellation it can stand far above the cells that are left (the fuzzer met 2.2e11 beside
  /// coefficients of 1 and 2, which refused every pivot of the dual simplex): an element below
  /// the threshold is measured again against `magnitudeSpan` times the row's largest
  /// coefficient now. That pass is only made for such elements, which are rare.
  @inline(__always)
  package func isPivotable(_ coefficient: Double) -> Bool {
    let a = abs(coefficient)
    guard a > pivotTolerance else { return false }
    if a > relativePivotTolerance * magnitude { return true }
    return a > relativePivotTolerance * magnitudeSpan * largestCoefficient()
  }

  /// The position of `symbol`, or where it would be inserted.
  @inline(__always)
  package func search(_ symbol: SymbolID) -> (found: Bool, index: Int) {
    var low = 0
    var high = cells.count
    while low < high {
      let mid = (low + high) >> 1
      let s = cells[mid].symbol
      if s == symbol { return (true, mid) }
      if s < symbol { low = mid + 1 } else { high = mid }
    }
    return (false, low)
  }

  @inline(__always)
  package func coefficient(of symbol: SymbolID) -> Double {
    let (found, index) = search(symbol)
    return found ? cells[index].coefficient : 0
  }

  /// Adds `coefficient × symbol`, dropping the cell when the sum is zero: when it cancels to
  /// within `tolerance` of the two operands (`tableauTolerance` for tableau rows, `epsilon`
  /// for objective rows), and in an objective row also when it is noise beside the row's
  /// `magnitude`. Returns +1 if a cell appeared, -1 if one vanished, 0 otherwise.
  @discardableResult
  package mutating func add(_ symbol: SymbolID, _ coefficient: Double, tolerance: Double = tableauTolerance) -> Int {
    var lostDigits = DigitLoss()
    return add(symbol, coefficient, tolerance: tolerance, lostDigits: &lostDigits)
  }

  /// `add(_:_:tolerance:)`, noting in `lostDigits` what its sum lost (see ``DigitLoss``).
  @discardableResult
  mutating func add(
    _ symbol: SymbolID, _ coefficient: Double, tolerance: Double = tableauTolerance, lostDigits: inout DigitLoss
  ) -> Int {
    accumulate(symbol, coefficient, tolerance: tolerance, lostDigits: &lostDigits).change
  }

  /// `add(_:_:tolerance:lostDigits:)`, also returning the symbol's coefficient afterwards (0 when
  /// it has no cell).
  @inline(__always)
  mutating func accumulate(
    _ symbol: SymbolID, _ coefficient: Double, tolerance: Double, lostDigits: inout DigitLoss
  ) -> (change: Int, value: Double) {
    if abs(coefficient) > magnitude { magnitude = abs(coefficient) }
    // Objective rows are the ones that cancel with a tolerance of their own (`epsilon`).
    let objective = tolerance != tableauTolerance
    let (found, index) = search(symbol)
    if found {
      var sum = cancellingSum(cells[index].coefficient, coefficient, tolerance: tolerance, lostDigits: &lostDigits)
      if objective && isObjectiveNoise(sum) { sum = 0 }
      if sum == 0 {
        cells.remove(at: index)
        return (-1, 0)
      }
      cells[index].coefficient = sum
      return (0, sum)
    }
    if coefficient == 0 || (objective && isObjectiveNoise(coefficient)) { return (0, 0) }
    cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
    return (1, coefficient)
  }

  /// Removes the symbol's cell, returning its coefficient (0 when absent).
  @discardableResult
  mutating func remove(_ symbol: SymbolID) -> Double {
    let (found, index) = search(symbol)
    guard found else { return 0 }
    return cells.remove(at: index).coefficient
  }

  /// Drops cells smaller than `epsilon` times the largest one: rounding left where a
  /// subtraction should have cancelled them exactly.
  mutating func dropResidue() {
    var largest = 0.0
    for cell in cells { largest = max(largest, abs(cell.coefficient)) }
    let floor = epsilon * largest
    cells.removeAll { abs($0.coefficient) <= floor }
  }

  mutating func negate() {
    constant = -constant
    for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
  }

  /// Rewrites `0 = constant + a·symbol + rest` as `symbol = −constant/a − rest/a`.
  mutating func solve(for symbol: SymbolID) {
    let a = remove(symbol)
    let factor = -1 / a
    magnitude *= abs(factor)
    constant *= factor
    for i in cells.indices { cells[i].coefficient *= factor }
  }

  /// Rewrites `lhs = constant + a·rhs + rest` as `rhs = …` (lhs moves into the row).
  mutating func solve(for rhs: SymbolID, replacing lhs: SymbolID) {
    add(lhs, -1)
    solve(for: rhs)
  }

  /// `self += factor × other` (constant included), for rows that are not indexed by
  /// columns (objective rows and rows being built).
  mutating func add(_ other: Row, times factor: Double, tolerance: Double = tableauTolerance) {
    var ignoring = IgnoringRowWrites()
    add(other, times: factor, tolerance: tolerance, observer: &ignoring)
  }

  /// `add(_:times:tolerance:)`, telling `observer` each symbol of `other` with its coefficient
  /// afterwards (0 when its cell is gone or was never made). Generic rather than a closure, so that
  /// the observer is inlined rather than called once per cell.
  mutating func add<Observer: RowWriteObserver>(
    _ other: Row, times factor: Double, tolerance: Double = tableauTolerance, observer: inout Observer
  ) {
    var fresh: [Cell] = []
    add(other, times: factor, tolerance: tolerance, observer: &observer, spare: &fresh)
  }

  /// `add(_:times:tolerance:observer:)`, merging (when it merges) into `spare`, which then takes
  /// this row's old cells: a caller building rows one after another hands the buffer on instead
  /// of allocating one per merge (`Engine.makeRow`).
  @inline(__always)
  mutating func add<Observer: RowWriteObserver>(
    _ other: Row, times factor: Double, tolerance: Double = tableauTolerance, observer: inout Observer,
    spare: inout [Cell]
  ) {
    // A tableau row's constant is a value: it cancels at `constantTolerance` (see there).
    let valueTolerance = tolerance == tableauTolerance ? constantTolerance : tolerance
    constant = cancellingSum(constant, other.constant * factor, tolerance: valueTolerance)
    let reach = abs(factor) * other.magnitude
    let grew = reach > magnitude
    if grew { magnitude = reach }
    let objective = tolerance != tableauTolerance
    var lostDigits = DigitLoss()
    // A few cells into a long row (weighted mode's one objective row takes a short pivot row at
    // every pivot): update in place, as a merge would copy the whole long row. Objective rows
    // merge in place too (`mergeFromTheEnd`), which only a row eight times as long beats.
    if other.cells.count <= 2 || other.cells.count * (objective ? 8 : 4) <= cells.count {
      for cell in other.cells {
        let value = accumulate(cell.symbol, cell.coefficient * factor, tolerance: tolerance, lostDigits: &lostDigits)
          .value
        observer.wrote(cell.symbol, value)
      }
      if grew { capMagnitude() }
      return
    }
    if objective {
      mergeFromTheEnd(other.cells, factor: factor, tolerance: tolerance, lostDigits: &lostDigits, observer: &observer)
      if grew { capMagnitude() }
      return
    }
    Row.merge(
      cells, other.cells, into: &spare, factor: factor, skipping: -1, tolerance: tolerance,
      lostDigits: &lostDigits, inserted: { _ in }, removed: { _ in }, written: { observer.wrote($0, $1) })
    swap(&cells, &spare)
    if grew { capMagnitude() }
  }

  /// `self += factor × source` for an objective row (the constant and magnitude already done), in
  /// place and from the end: the source's cells go in from its last one down, the row's cells
  /// past each move up (each once) to make room, and those below the source's first symbol are
  /// not touched. An objective row takes a short pivot row at every pivot; inserting each cell (a
  /// search and a shift of the rest) or merging into another buffer (a copy of the whole row)
  /// made strict mode's builds dearer, its levels being many and short.
  ///
  /// The result is a forward merge's, bit for bit (`ObjectiveMergeTests`): sums cancel as
  /// `cancellingSum` says with `tolerance`, and a new or summed coefficient within the noise floor
  /// (`isObjectiveNoise`, measured against the row's largest coefficient before the operation)
  /// goes. `observer` hears each source symbol with its coefficient afterwards, from the last
  /// symbol to the first.
  @inline(__always)
  package mutating func mergeFromTheEnd<Observer: RowWriteObserver>(
    _ source: [Cell], factor: Double, tolerance: Double, lostDigits: inout DigitLoss, observer: inout Observer
  ) {
    let n = cells.count
    let m = source.count
    guard m > 0 else { return }
    let coarseFloor = objectiveNoiseFloor * magnitude
    // Room for every source cell at the end (overwritten before it is read).
    cells.append(contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0), count: m))
    var gap = 0..<0
    cells.withUnsafeMutableBufferPointer { row in
      source.withUnsafeBufferPointer { source in
        var i = n - 1  // the row's last cell not yet reached
        var j = m - 1  // the source's
        var w = n + m - 1  // where the next cell goes: always past `i` (by the source cells left at least)
        var summedLargest = 0.0  // the largest coefficient a sum replaced
        var fineFloor = -1.0
        while j >= 0 {
          let symbol = source[j].symbol
          // The row's unreached cells past `symbol` move up.
          while i >= 0 && row[i].symbol > symbol {
            row[w] = row[i]
            i -= 1
            w -= 1
          }
          var c = source[j].coefficient * factor
          if i >= 0 && row[i].symbol == symbol {
            summedLargest = max(summedLargest, abs(row[i].coefficient))
            c = cancellingSum(row[i].coefficient, c, tolerance: tolerance, lostDigits: &lostDigits)
            i -= 1
          }
          if c != 0 && abs(c) <= coarseFloor {
            if fineFloor < 0 {
              fineFloor =
                objectiveNoiseFloor
                * (magnitudeSpan
                  * Row.largestBefore(
                    row, unreached: i, merged: w + 1, end: n + m, source, written: j + 1, summedLargest))
            }
            if abs(c) <= fineFloor { c = 0 }
          }
          j -= 1
          observer.wrote(symbol, c)
          if c != 0 {
            row[w] = Cell(symbol: symbol, coefficient: c)
            w -= 1
          }
        }
        // Below the merged cells, the room nothing took.
        gap = (i + 1)..<(w + 1)
      }
    }
    if !gap.isEmpty { cells.removeSubrange(gap) }
  }

  /// The largest |coefficient| a row held before `mergeFromTheEnd` began, midway: its cells not
  /// yet reached (`row[...unreached]`), those moved up unchanged (`row[merged..<end]` without the
  /// symbols of `source[written...]`, which the merge wrote), and `summedLargest` for the
  /// coefficients sums replaced. Only asked for a coefficient near the noise floor, which is rare.
  static func largestBefore(
    _ row: UnsafeMutableBufferPointer<Cell>, unreached: Int, merged: Int, end: Int,
    _ source: UnsafeBufferPointer<Cell>, written: Int, _ summedLargest: Double
  ) -> Double {
    var largest = summedLargest
    if unreached >= 0 { for k in 0...unreached { largest = max(largest, abs(row[k].coefficient)) } }
    var s = written
    for k in merged..<end {
      let symbol = row[k].symbol
      while s < source.count && source[s].symbol < symbol { s += 1 }
      if s < source.count && source[s].symbol == symbol { continue }
      largest = max(largest, abs(row[k].coefficient))
    }
    return largest
  }

  /// Replaces `symbol` by the form `row` (for unindexed rows), telling `observer` what it writes
  /// as `add(_:times:tolerance:observer:)` does.
  mutating func substitute<Observer: RowWriteObserver>(
    _ symbol: SymbolID, with row: Row, tolerance: Double = tableauTolerance, observer: inout Observer
  ) {
    let a = remove(symbol)
    if a != 0 { add(row, times: a, tolerance: tolerance, observer: &observer) }
  }

  /// `substitute(_:with:tolerance:observer:)`, merging into `spare` as
  /// `add(_:times:tolerance:observer:spare:)` does.
  mutating func substitute<Observer: RowWriteObserver>(
    _ symbol: SymbolID, with row: Row, tolerance: Double = tableauTolerance, observer: inout Observer,
    spare: inout [Cell]
  ) {
    let a = remove(symbol)
    if a != 0 { add(row, times: a, tolerance: tolerance, observer: &observer, spare: &spare) }
  }

  /// Replaces `symbol` by the form `row` (for unindexed rows).
  mutating func substitute(_ symbol: SymbolID, with row: Row, tolerance: Double = tableauTolerance) {
    var ignoring = IgnoringRowWrites()
    substitute(symbol, with: row, tolerance: tolerance, observer: &ignoring)
  }

  /// Merges two sorted cell lists into `out` (emptied first) as `target + factor × source`,
  /// leaving out `skipping`, and reports symbols that appear in or vanish from the target. Sums
  /// that cancel to within `tolerance` of their operands are dropped. Notes in `lostDigits` what
  /// the sums lost (see ``DigitLoss``). `written` hears each symbol of `source` with its
  /// coefficient in the result (0 when it has none). The caller hands it a buffer it no longer
  /// needs (`Engine.substitute`), rather than allocating an array per merge and freeing the old
  /// one. Objective rows merge in place instead (`mergeFromTheEnd`).
  @inline(__always)
  static func merge(
    _ target: [Cell], _ source: [Cell], into out: inout [Cell], factor: Double, skipping: SymbolID,
    tolerance: Double = tableauTolerance, lostDigits: inout DigitLoss,
    inserted: (SymbolID) -> Void, removed: (SymbolID) -> Void, written: (SymbolID, Double) -> Void = { _, _ in }
  ) {
    out.removeAll(keepingCapacity: true)
    out.reserveCapacity(target.count + source.count)
    var i = 0
    var j = 0
    let n = target.count
    let m = source.count
    while i < n || j < m {
      if j == m || (i < n && target[i].symbol < source[j].symbol) {
        let cell = target[i]
        i += 1
        if cell.symbol == skipping { continue }
        out.append(cell)
      } else if i == n || source[j].symbol < target[i].symbol {
        let cell = source[j]
        j += 1
        let c = cell.coefficient * factor
        if c == 0 {
          written(cell.symbol, 0)
          continue
        }
        out.append(Cell(symbol: cell.symbol, coefficient: c))
        inserted(cell.symbol)
        written(cell.symbol, c)
      } else {
        let s = target[i].symbol
        let c = cancellingSum(
          target[i].coefficient, source[j].coefficient * factor, tolerance: tolerance, lostDigits: &lostDigits)
        i += 1
        j += 1
        if s == skipping { continue }
        written(s, c)
        if c == 0 {
          removed(s)
        } else {
          out.append(Cell(symbol: s, coefficient: c))
        }
      }
    }
  }
}

/// Hears the cells a row operation writes: each symbol with its coefficient afterwards (0 when
/// the row no longer holds it). See `Row.add(_:times:tolerance:observer:)`.
package protocol RowWriteObserver {
  mutating func wrote(_ symbol: SymbolID, _ coefficient: Double)
}

/// The observer of row operations nobody watches.
struct IgnoringRowWrites: RowWriteObserver {
  @inline(__always)
  mutating func wrote(_ symbol: SymbolID, _ coefficient: Double) {}
}
