/// One entry of a row: `coefficient × symbol`.
struct Cell {
  var symbol: SymbolID
  var coefficient: Double
}

/// A linear form `constant + Σ coefficient × symbol`, its cells sorted by symbol with
/// no zero coefficients. As a tableau row it means `basic = constant + Σ …`.
///
/// Sorted cells make every scan deterministic and let two rows merge in one pass.
struct Row {
  var cells: [Cell]
  var constant: Double

  init(constant: Double = 0, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
  }

  /// The position of `symbol`, or where it would be inserted.
  @inline(__always)
  func search(_ symbol: SymbolID) -> (found: Bool, index: Int) {
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
  func coefficient(of symbol: SymbolID) -> Double {
    let (found, index) = search(symbol)
    return found ? cells[index].coefficient : 0
  }

  /// Adds `coefficient × symbol`, dropping the cell when the sum is zero.
  /// Returns +1 if a cell appeared, -1 if one vanished, 0 otherwise.
  @discardableResult
  mutating func add(_ symbol: SymbolID, _ coefficient: Double, tolerance: Double = tableauTolerance) -> Int {
    let (found, index) = search(symbol)
    if found {
      let sum = cancellingSum(cells[index].coefficient, coefficient, tolerance: tolerance)
      if sum == 0 {
        cells.remove(at: index)
        return -1
      }
      cells[index].coefficient = sum
      return 0
    }
    if coefficient == 0 { return 0 }
    cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
    return 1
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
    constant = cancellingSum(constant, other.constant * factor, tolerance: tolerance)
    // A few cells into a long row (an objective row takes a short pivot row at every
    // pivot): update in place, as a merge would copy the whole long row.
    if other.cells.count <= 2 || other.cells.count * 4 <= cells.count {
      for cell in other.cells { add(cell.symbol, cell.coefficient * factor, tolerance: tolerance) }
      return
    }
    cells = Row.merge(cells, other.cells, factor: factor, skipping: -1, tolerance: tolerance) { _ in
    } removed: { _ in
    }
  }

  /// Replaces `symbol` by the form `row` (for unindexed rows).
  mutating func substitute(_ symbol: SymbolID, with row: Row, tolerance: Double = tableauTolerance) {
    let a = remove(symbol)
    if a != 0 { add(row, times: a, tolerance: tolerance) }
  }

  /// Merges two sorted cell lists into `target + factor × source`, leaving out
  /// `skipping`, and reports symbols that appear in or vanish from the target.
  @inline(__always)
  static func merge(
    _ target: [Cell], _ source: [Cell], factor: Double, skipping: SymbolID, tolerance: Double = tableauTolerance,
    inserted: (SymbolID) -> Void, removed: (SymbolID) -> Void
  ) -> [Cell] {
    var out: [Cell] = []
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
        if c == 0 { continue }
        out.append(Cell(symbol: cell.symbol, coefficient: c))
        inserted(cell.symbol)
      } else {
        let s = target[i].symbol
        let c = cancellingSum(target[i].coefficient, source[j].coefficient * factor, tolerance: tolerance)
        i += 1
        j += 1
        if s == skipping { continue }
        if c == 0 {
          removed(s)
        } else {
          out.append(Cell(symbol: s, coefficient: c))
        }
      }
    }
    return out
  }
}
