// The steps of a walk along the optimal face with Bland's rule, shared by the ambiguity test
// (`canMove(symbol:direction:fixed:)`) and the range of a value (`extent(of:)`).

extension Engine {
  /// Bland's rule on the face: the lowest free symbol of `target` that increases it (an
  /// external one either way), with the direction it moves in (+1 or −1) and its coefficient;
  /// `nil` when none does. Dummies, basic symbols, those in `fixed` and those a priority level
  /// holds at 0 (a nonzero reduced cost) may not move.
  func faceEntering(_ target: Row, fixed: Set<SymbolID>) -> (symbol: SymbolID, move: Double, coefficient: Double)? {
    for cell in target.cells {
      let sym = cell.symbol
      guard kind(sym) != .dummy, !isBasic(sym), !fixed.contains(sym), objectiveSign(sym) == 0 else { continue }
      if kind(sym) == .external || cell.coefficient > 0 {
        return (sym, cell.coefficient > 0 ? 1 : -1, cell.coefficient)
      }
    }
    return nil
  }

  /// The ratio test for moving `entering` in direction `move`: the basic symbol whose row
  /// first stops it (the lowest symbol among ties, Bland's rule) and how far it may move, or
  /// `nil` when no row stops it. A row of a dummy stops it at once (a redundant equality pins
  /// every symbol in it); rows of external symbols never do (they may take any value).
  func ratioTest(entering: SymbolID, move: Double) -> (leaving: SymbolID, step: Double)? {
    var leaving: SymbolID = -1
    var best = Double.infinity
    for basic in columns[Int(entering)] {
      guard let row = rows[Int(basic)] else { continue }
      let k = kind(basic)
      if k == .external { continue }
      let a = row.coefficient(of: entering) * move
      let limit: Double
      if k == .dummy {
        limit = 0
      } else if a < 0 {
        limit = max(0, row.constant / -a)
      } else {
        continue
      }
      if limit < best || (limit == best && basic < leaving) {
        best = limit
        leaving = basic
      }
    }
    return leaving < 0 ? nil : (leaving, best)
  }

  /// Pivots `entering` into the basis in place of `leaving`, rewriting `target` with it; a
  /// dummy that leaves joins `fixed` (it must stay 0).
  mutating func facePivot(entering: SymbolID, leaving: SymbolID, target: inout Row, fixed: inout Set<SymbolID>) {
    var row = removeRow(leaving)
    row.solve(for: entering, replacing: leaving)
    substitute(entering, with: row)
    insertRow(entering, row)
    target.substitute(entering, with: row)
    if kind(leaving) == .dummy { fixed.insert(leaving) }
  }
}
