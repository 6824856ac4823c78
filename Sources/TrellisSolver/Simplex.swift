// The two optimizers: primal (after adds and removes) and dual (after constants change).

extension Engine {
  /// Which objective the primal simplex minimizes.
  enum Objective {
    /// The priority levels, lexicographically (one level in weighted mode).
    case main
    /// The phase-one row of an artificial variable.
    case artificial
  }

  /// The reduced-cost direction of `symbol` in the main objective: -1 if the highest
  /// level where it appears has a negative coefficient, +1 if positive, 0 if none.
  @inline(__always)
  func objectiveSign(_ symbol: SymbolID) -> Int {
    for level in levels {
      let c = level.row.coefficient(of: symbol)
      if c != 0 { return c < 0 ? -1 : 1 }
    }
    return 0
  }

  /// The symbol whose move improves the objective, and which way it moves (+1 up,
  /// -1 down: only unrestricted externals may move down). The lowest symbol id at the
  /// highest level that offers one: a fixed rule, so runs repeat exactly.
  func enteringSymbol(_ objective: Objective) -> (SymbolID, Double)? {
    switch objective {
    case .artificial:
      guard let row = artificial else { return nil }
      for cell in row.cells {
        switch kind(cell.symbol) {
        case .dummy: continue
        case .external: return (cell.symbol, cell.coefficient < 0 ? 1 : -1)
        default: if cell.coefficient < 0 { return (cell.symbol, 1) }
        }
      }
      return nil
    case .main:
      for l in levels.indices {
        for cell in levels[l].row.cells {
          let k = kind(cell.symbol)
          if k == .dummy { continue }
          if k != .external && cell.coefficient > 0 { continue }
          var decidedHigher = false
          for h in 0..<l where levels[h].row.coefficient(of: cell.symbol) != 0 {
            decidedHigher = true
            break
          }
          if decidedHigher { continue }
          return (cell.symbol, cell.coefficient < 0 ? 1 : -1)
        }
      }
      return nil
    }
  }

  /// Primal simplex: pivots until no symbol improves the objective. Returns false if
  /// the objective is unbounded (cannot happen with non-negative errors; reported
  /// rather than trapped).
  mutating func optimize(_ objective: Objective) -> Bool {
    while let (entering, direction) = enteringSymbol(objective) {
      var leaving: SymbolID = -1
      var best = Double.infinity
      for basic in columns[Int(entering)] {
        guard kind(basic) != .external, let row = rows[Int(basic)] else { continue }
        let a = row.coefficient(of: entering) * direction
        guard a < 0 else { continue }
        let ratio = row.constant / -a
        if ratio < best || (ratio == best && basic < leaving) {
          best = ratio
          leaving = basic
        }
      }
      if leaving < 0 { return false }
      pivot(entering: entering, leaving: leaving)
    }
    return true
  }

  /// Dual simplex: restores feasibility after row constants changed, keeping the
  /// objective optimal. Returns the row that cannot be made feasible, if any (then the
  /// required constraints cannot all hold).
  mutating func dualOptimize() -> SymbolID? {
    guard !infeasible.isEmpty else { return nil }
    var ratio = [Double](repeating: 0, count: levels.count)
    var best = [Double](repeating: 0, count: levels.count)
    while !infeasible.isEmpty {
      // The lowest id first: the order rows were queued in never decides anything.
      var lowest = 0
      for i in infeasible.indices where infeasible[i] < infeasible[lowest] { lowest = i }
      infeasible.swapAt(lowest, infeasible.count - 1)
      let leaving = infeasible.removeLast()
      guard let row = rows[Int(leaving)], row.constant < 0 else { continue }
      var entering: SymbolID = -1
      for cell in row.cells {
        let k = kind(cell.symbol)
        if k == .dummy { continue }
        let a = cell.coefficient
        if k == .external {
          // Free symbols have zero reduced cost at the optimum: ratio 0 either way.
          for l in levels.indices { ratio[l] = abs(levels[l].row.coefficient(of: cell.symbol) / a) }
        } else {
          guard a > 0 else { continue }
          for l in levels.indices { ratio[l] = levels[l].row.coefficient(of: cell.symbol) / a }
        }
        if entering < 0 || ratio.lexicographicallyPrecedes(best) {
          entering = cell.symbol
          swap(&ratio, &best)
        }
      }
      if entering < 0 {
        infeasible.removeAll()
        return leaving
      }
      pivot(entering: entering, leaving: leaving)
    }
    return nil
  }
}
