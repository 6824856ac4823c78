// The two optimizers: primal (after adds and removes) and dual (after constants change).

extension Engine {
  /// Which objective the primal simplex minimizes.
  package enum Objective {
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
  /// -1 down: only unrestricted externals may move down), at the highest level that
  /// offers one.
  ///
  /// Dantzig's rule: the largest improvement per unit (ties: the lowest id). It keeps
  /// phase one away from the far, ill-conditioned vertices that lowest-id choices walk
  /// through when coefficients span orders of magnitude (measured: random systems mixing
  /// 1e-3 … 1e4 lost a required constraint in 54 of 80 cases with lowest-id, 33 with
  /// Dantzig). `bland` picks the lowest id instead, which cannot cycle.
  package func enteringSymbol(_ objective: Objective, bland: Bool = false) -> (SymbolID, Double)? {
    switch objective {
    case .artificial:
      guard let row = artificial else { return nil }
      var best: (SymbolID, Double)?
      var bestGain = 0.0
      for cell in row.cells {
        let gain: Double
        switch kind(cell.symbol) {
        case .dummy: continue
        case .external: gain = abs(cell.coefficient)
        default: if cell.coefficient < 0 { gain = -cell.coefficient } else { continue }
        }
        if bland { return (cell.symbol, cell.coefficient < 0 ? 1 : -1) }
        if gain > bestGain {
          bestGain = gain
          best = (cell.symbol, cell.coefficient < 0 ? 1 : -1)
        }
      }
      return best
    case .main:
      for l in levels.indices {
        var best: (SymbolID, Double)?
        var bestGain = 0.0
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
          let candidate: (SymbolID, Double) = (cell.symbol, cell.coefficient < 0 ? 1 : -1)
          if bland { return candidate }
          if abs(cell.coefficient) > bestGain {
            bestGain = abs(cell.coefficient)
            best = candidate
          }
        }
        if let best { return best }
      }
      return nil
    }
  }

  /// `enteringSymbol(.main, bland:)`, reading only the symbols `candidates` noted since a scan
  /// last found none (the same choice: only those can improve the objective). Settles the log
  /// when nothing improves it.
  package mutating func enteringMainSymbol(bland: Bool = false) -> (SymbolID, Double)? {
    if candidates.all {
      let found = enteringSymbol(.main, bland: bland)
      if found == nil { candidates.settle(reading: levels, mode: mode, symbolCount: kinds.count) }
      return found
    }
    // The candidate at the highest level; there, Dantzig's largest gain (or Bland's lowest id),
    // ties to the lowest id, as the full scan meets them in id order.
    var best: (SymbolID, Double)?
    var bestLevel = levels.count
    var bestGain = 0.0
    for i in 0..<candidates.count {
      let symbol = candidates.symbols[i]
      // Symbols dropped since, basic ones (no level holds them) and dummies never improve it.
      guard Int(symbol) < kinds.count, !isBasic(symbol) else { continue }
      let k = kind(symbol)
      if k == .dummy { continue }
      // Only the highest level holding it decides whether it may move (levels below the best
      // candidate's cannot offer a better one).
      var top = levels.count
      var c = 0.0
      if candidates.tracksLevels {
        let holding = candidates.levels(holding: symbol)
        if holding == 0 { continue }
        top = holding.trailingZeroBitCount
        if top <= bestLevel { c = levels[top].row.coefficient(of: symbol) }
      } else {
        for l in 0..<min(bestLevel + 1, levels.count) {
          c = levels[l].row.coefficient(of: symbol)
          if c != 0 {
            top = l
            break
          }
        }
      }
      guard top <= bestLevel, c != 0, k == .external || c < 0 else { continue }
      let gain = abs(c)
      let better: Bool
      if top < bestLevel {
        better = true
      } else if let incumbent = best?.0 {
        better = bland ? symbol < incumbent : gain > bestGain || (gain == bestGain && symbol < incumbent)
      } else {
        better = true
      }
      if better {
        best = (symbol, c < 0 ? 1 : -1)
        bestLevel = top
        bestGain = gain
      }
    }
    if verifiesCandidateLog {
      candidateLogChoices += 1
      if enteringSymbol(.main, bland: bland)?.0 != best?.0 { candidateLogMisses += 1 }
    }
    if best == nil { candidates.settle() }
    return best
  }

  /// Primal simplex: pivots until no symbol improves the objective.
  mutating func optimize(_ objective: Objective) {
    // Dantzig's rule can cycle on degenerate vertices (layouts have many); after a run of
    // pivots that move nothing, Bland's rule takes over, which cannot.
    var degenerate = 0
    while let (entering, direction) =
      objective == .main
      ? enteringMainSymbol(bland: degenerate > 50) : enteringSymbol(objective, bland: degenerate > 50)
    {
      let (leaving, best, harmsRefusedRow) = leavingRow(entering, direction)
      if harmsRefusedRow { refactorizationDue = true }
      if leaving < 0 {
        clearObjectiveResidue(entering, objective)
        if objective == .main { refactorizationDue = true }
        continue
      }
      degenerate = best == 0 ? degenerate + 1 : 0
      pivot(entering: entering, leaving: leaving)
      // Ratios equal within rounding tie (`leavingRow`), so the leaving row may have been a
      // rounding below zero (the fuzzer met −1e-7 beside 5,000): the entering symbol then
      // starts a rounding below zero, and the dual simplex settles it like any such row.
      if let value = rows[Int(entering)]?.constant, value < 0, kind(entering) != .external {
        infeasible.append(entering)
      }
    }
  }

  /// Removes `symbol`'s coefficient from the objective level that chose it, after the
  /// ratio test found no row that limits it.
  ///
  /// Every level is a sum of non-negative errors (and phase one's of a non-negative
  /// artificial variable), so no direction can improve it without limit: such a
  /// coefficient is rounding, however large it has grown (the fuzzer met 1.5e-5 beside
  /// coefficients of 1e4 and 3.6e7). Giving up instead left the solver short of the
  /// optimum. Each call removes a cell, so the loop above still ends.
  mutating func clearObjectiveResidue(_ symbol: SymbolID, _ objective: Objective) {
    certificationDue = true
    switch objective {
    case .artificial:
      artificial?.remove(symbol)
    case .main:
      // Only the level that chose it (the highest one holding it): lower levels may hold
      // real coefficients for the same symbol, which then decide as they should.
      if let l = levels.firstIndex(where: { $0.row.coefficient(of: symbol) != 0 }) {
        levels[l].row.remove(symbol)
        candidates.track(symbol, level: l, holds: false)
        candidates.note(symbol)
      }
    }
  }

  /// Dual simplex: restores feasibility after row constants changed, keeping the
  /// objective optimal. Returns the row that cannot be made feasible, if any (then the
  /// required constraints cannot all hold).
  mutating func dualOptimize() -> SymbolID? {
    guard !infeasible.isEmpty else { return nil }
    var pivots = 0
    if let failed = dualPivots(&pivots) { return failed }
    guard pivots > 0 else { return nil }
    // The ratio test breaks ties within rounding, which can leave a reduced cost a rounding
    // below zero (the fuzzer met −1.1e-10 beside 1e4): a primal pass, usually without a
    // pivot, restores optimality, and any row its pivots left a rounding below zero is
    // settled once more.
    optimize(.main)
    if let failed = dualPivots(&pivots) { return failed }
    // A reduced cost left negative by the second pass means the ratio test refused the
    // element with the least ratio as rounding, and it was not: the tableau has lost the
    // digits to tell, and the operation ends by recomputing it (`refactorizeIfDue`).
    if enteringMainSymbol() != nil { refactorizationDue = true }
    return nil
  }

  /// The dual simplex's pivots; counts them in `pivots`. Returns the first row no symbol can
  /// raise, unless it is below zero only by the rounding of the values the tableau holds
  /// (`constantTolerance` of the largest constant of a row): that one is left as it is and the others are
  /// settled. (The fuzzer met a redundant equality's row at −2e-18 beside rows of 4e5, with
  /// cells of 4e-20: the dual simplex gave up there, and four rows an error could have raised
  /// were left below zero by up to 79.)
  private mutating func dualPivots(_ pivots: inout Int) -> SymbolID? {
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
        if !row.isPivotable(a) { continue }
        if k == .external {
          // Free symbols have zero reduced cost at the optimum: ratio 0 either way.
          for l in levels.indices { ratio[l] = abs(levels[l].row.coefficient(of: cell.symbol) / a) }
        } else {
          guard a > 0 else { continue }
          for l in levels.indices { ratio[l] = levels[l].row.coefficient(of: cell.symbol) / a }
        }
        if entering < 0 || precedes(ratio, best) {
          entering = cell.symbol
          swap(&ratio, &best)
        }
      }
      if entering < 0 {
        // The bound only grows between scans, so it may stand far above every constant now
        // in the tableau (the fuzzer met 8.6e8 beside rows of at most 30, which took a
        // contradiction of 1e-7 for rounding): a row within it is judged again against the
        // constants as they are, a scan only on this rare path.
        if row.constant >= -constantTolerance * constantBound,
          row.constant >= -constantTolerance * max(1, rescanConstantBound())
        {
          // Left a rounding below zero: the certificate confirms it is only that.
          certificationDue = true
          continue
        }
        infeasible.removeAll()
        return leaving
      }
      pivot(entering: entering, leaving: leaving)
      pivots += 1
    }
    return nil
  }

  /// Lexicographic order of two ratio vectors, where values equal to within rounding
  /// tie and the next level decides (exact comparison would let rounding at a higher
  /// level override a real difference at a lower one).
  func precedes(_ a: [Double], _ b: [Double]) -> Bool {
    for l in a.indices where cancellingSum(a[l], -b[l], tolerance: epsilon) != 0 {
      return a[l] < b[l]
    }
    return false
  }

  /// The ratio test: the restricted row that limits `entering` first, with its ratio;
  /// among ratios equal within rounding, the larger pivot element (a tiny one amplifies
  /// rounding everywhere), then the lower id. Elements below `pivotTolerance`, or within
  /// `relativePivotTolerance` of their row's magnitude (`Row.isPivotable`), are never pivoted
  /// on: they may be nothing but rounding (issue 17), and dividing by them corrupts every row
  /// the pivot writes. (-1, ∞) when no row limits it.
  ///
  /// `harmsRefusedRow` is true when a refused element was real after all: moving `entering`
  /// by the chosen ratio would take its row below zero by more than rounding. The first such row
  /// to reach zero leaves instead (unless its element is below `pivotTolerance` or tiny beside
  /// its row's coefficients), and the operation ends by recomputing the tableau from the
  /// constraints (`refactorizeIfDue`).
  package func leavingRow(_ entering: SymbolID, _ direction: Double) -> (SymbolID, Double, harmsRefusedRow: Bool) {
    var leaving: SymbolID = -1
    var best = Double.infinity
    var bestPivot = 0.0
    var refusedAny = false
    for basic in columns[Int(entering)] {
      guard kind(basic) != .external, let row = rows[Int(basic)] else { continue }
      let a = row.coefficient(of: entering) * direction
      guard a < 0 else { continue }
      guard row.isPivotable(a) else {
        refusedAny = true
        continue
      }
      let ratio = row.constant / -a
      let tie = leaving >= 0 && cancellingSum(ratio, -best, tolerance: epsilon) == 0
      if tie ? (-a > bestPivot || (-a == bestPivot && basic < leaving)) : ratio < best {
        best = ratio
        bestPivot = -a
        leaving = basic
      }
    }
    guard refusedAny else { return (leaving, best, false) }
    // Rare: a second pass over the column for the rows the test refused. A row the step would
    // take below zero by more than rounding shows its element is real: the fuzzer met 1e-7 (a
    // 0.001 beside a 10,000 in one equality) refused in a row whose magnitude had reached 1e3,
    // and a primal step past it that the dual simplex then undid, leaving a level 125 short of
    // its optimum. The first such row to reach zero leaves, and the operation refactorizes.
    // (Elements below `pivotTolerance` are never pivoted on, whatever the evidence.)
    var harmed = false
    var promoted: SymbolID = -1
    var promotedRatio = Double.infinity
    for basic in columns[Int(entering)] {
      guard kind(basic) != .external, let row = rows[Int(basic)] else { continue }
      let a = row.coefficient(of: entering) * direction
      guard a < 0, !row.isPivotable(a) else { continue }
      if best != .infinity {
        let after = row.constant + a * best
        guard after < -epsilon * max(1, abs(row.constant), abs(a * best)) else { continue }
      }
      harmed = true
      // Evidence, not proof: an element the row's own cancellations could have left (within
      // `tableauTolerance` of what it holds now) stays refused. (A real 5e-8 beside 3,333, an
      // equality's 0.001 times 0.5 over its 10,000, is above that but was refused at the pivot
      // tolerance's 1e-10, and a level was left 0.498 short of its optimum.)
      guard -a > pivotTolerance, -a > tableauTolerance * row.largestCoefficient() else { continue }
      let ratio = max(0, row.constant) / -a
      if ratio < promotedRatio || (ratio == promotedRatio && basic < promoted) {
        promotedRatio = ratio
        promoted = basic
      }
    }
    if promoted >= 0 { return (promoted, promotedRatio, true) }
    return (leaving, best, harmed)
  }
}
