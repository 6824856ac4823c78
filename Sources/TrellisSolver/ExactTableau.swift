// The solver's problem in exact arithmetic: a tableau recomputed for a given basis, its
// verdict, and the simplex pivots that repair it when the verdict is no.

/// A linear form `constant + Σ coefficient × symbol` with exact coefficients, cells sorted by
/// symbol, none zero. As a tableau row it means `basic = constant + Σ …`; as an equation,
/// `0 = constant + Σ …`.
package struct ExactRow {
  struct Cell {
    var symbol: SymbolID
    var coefficient: ExactRational
  }

  var constant: ExactRational
  var cells: [Cell]

  init(constant: ExactRational = .zero, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
  }

  private func index(of symbol: SymbolID) -> (Int, found: Bool) {
    var low = 0, high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
    }
    return (low, low < cells.count && cells[low].symbol == symbol)
  }

  func coefficient(of symbol: SymbolID) -> ExactRational {
    let (i, found) = index(of: symbol)
    return found ? cells[i].coefficient : .zero
  }

  /// Adds `coefficient × symbol`, dropping the cell when the sum is 0.
  mutating func add(_ symbol: SymbolID, _ coefficient: ExactRational) {
    guard !coefficient.isZero else { return }
    let (i, found) = index(of: symbol)
    if !found {
      cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i)
      return
    }
    let sum = cells[i].coefficient + coefficient
    if sum.isZero { cells.remove(at: i) } else { cells[i].coefficient = sum }
  }

  /// Adds `factor × other`, constant included.
  mutating func add(_ other: ExactRow, times factor: ExactRational) {
    guard !factor.isZero else { return }
    constant = constant + other.constant * factor
    var merged: [Cell] = []
    merged.reserveCapacity(cells.count + other.cells.count)
    var i = 0, j = 0
    while i < cells.count || j < other.cells.count {
      if j == other.cells.count || (i < cells.count && cells[i].symbol < other.cells[j].symbol) {
        merged.append(cells[i])
        i += 1
      } else if i == cells.count || other.cells[j].symbol < cells[i].symbol {
        merged.append(Cell(symbol: other.cells[j].symbol, coefficient: other.cells[j].coefficient * factor))
        j += 1
      } else {
        let sum = cells[i].coefficient + other.cells[j].coefficient * factor
        if !sum.isZero { merged.append(Cell(symbol: cells[i].symbol, coefficient: sum)) }
        i += 1
        j += 1
      }
    }
    cells = merged
  }

  @discardableResult
  mutating func remove(_ symbol: SymbolID) -> ExactRational {
    let (i, found) = index(of: symbol)
    guard found else { return .zero }
    return cells.remove(at: i).coefficient
  }

  mutating func negate() {
    constant = -constant
    for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
  }

  /// Read as the equation `0 = self`, solved for `symbol` (which it must hold): afterwards
  /// `symbol = self`.
  mutating func solve(for symbol: SymbolID) {
    let a = remove(symbol)
    precondition(!a.isZero, "solving an equation for a symbol it does not hold")
    let factor = -(ExactRational.one / a)
    constant = constant * factor
    for i in cells.indices { cells[i].coefficient = cells[i].coefficient * factor }
  }

  /// Replaces `symbol` by `row` (the row of a basic symbol).
  mutating func substitute(_ symbol: SymbolID, with row: ExactRow) {
    let a = remove(symbol)
    add(row, times: a)
  }
}

/// What an exact check of a tableau found wrong (see `Engine.exactFinding`).
package enum ExactFinding: Equatable {
  /// The basic symbols do not determine a solution: the equations, solved for them, leave an
  /// equation over nonbasic symbols, or a basic symbol no equation pins.
  case singularBasis
  /// A required constraint misses by more than `certifiedAccuracy` of its largest term.
  case requiredMissed(Constraint)
  /// A sign-restricted symbol (an optional constraint's slack or error) is below zero by more
  /// than `certifiedAccuracy` of its constraint's largest term.
  case negative(SymbolID)
  /// A nonbasic symbol can still improve the objective, at its highest level.
  case improvable(SymbolID)
  /// The exact computation passed its budget (`ExactTableau.budget`) and was given up: no
  /// verdict.
  case beyondBudget
}

/// A simplex tableau in exact arithmetic over the solver's own symbols: rows of the basic
/// symbols, objective rows (one per priority level, highest first), and the columns that say
/// which rows hold a symbol.
///
/// Built either for the basis a floating-point tableau has (`init(equations:basis:kinds:)`,
/// Gauss–Jordan elimination: the certificate) or from nothing (`solve(equations:kinds:)`, two
/// phases: the repair that cannot fail). Pivots follow Bland's rule, level by level, so they
/// cannot cycle; exact arithmetic makes every ratio and sign test a true statement, so no
/// tolerance appears anywhere here.
package struct ExactTableau {
  /// Symbol kinds; symbols at `artificialBase` and above are phase one's artificial ones.
  private(set) var kinds: [SymbolKind]
  let artificialBase: Int
  private(set) var rows: [ExactRow?]
  private var columns: [Set<SymbolID>]
  /// The objective rows, highest priority first, over nonbasic symbols.
  var objectives: [ExactRow] = []
  /// The work the elimination may do (cells rewritten, each weighted by the size of its
  /// number: `ExactRational.cost`), or nil for no limit; `work` counts it.
  var budget: Int?
  private(set) var work = 0

  private init(kinds: [SymbolKind], artificials: Int) {
    self.kinds = kinds
    self.artificialBase = kinds.count
    let count = kinds.count + artificials
    rows = [ExactRow?](repeating: nil, count: count)
    columns = [Set<SymbolID>](repeating: [], count: count)
  }

  func isArtificial(_ s: SymbolID) -> Bool { Int(s) >= artificialBase }

  private func kind(_ s: SymbolID) -> SymbolKind { isArtificial(s) ? .slack : kinds[Int(s)] }

  package func isBasic(_ s: SymbolID) -> Bool { rows[Int(s)] != nil }

  /// The value of a basic symbol (0 for a nonbasic one).
  package func value(of s: SymbolID) -> ExactRational { rows[Int(s)]?.constant ?? .zero }

  // MARK: - Rows and pivots

  private mutating func insertRow(_ basic: SymbolID, _ row: ExactRow) {
    for cell in row.cells { columns[Int(cell.symbol)].insert(basic) }
    rows[Int(basic)] = row
  }

  private mutating func removeRow(_ basic: SymbolID) -> ExactRow? {
    guard let row = rows[Int(basic)] else { return nil }
    for cell in row.cells { columns[Int(cell.symbol)].remove(basic) }
    rows[Int(basic)] = nil
    return row
  }

  /// Replaces `symbol` by `row` in every row and objective that holds it.
  private mutating func substitute(_ symbol: SymbolID, with row: ExactRow) {
    let holders = columns[Int(symbol)]
    var size = row.constant.cost
    for cell in row.cells { size += cell.coefficient.cost }
    work += size * (holders.count + objectives.count)
    for basic in holders {
      guard var target = removeRow(basic) else { continue }
      target.substitute(symbol, with: row)
      insertRow(basic, target)
    }
    for l in objectives.indices { objectives[l].substitute(symbol, with: row) }
  }

  /// Makes `entering` basic in place of `leaving`.
  private mutating func pivot(entering: SymbolID, leaving: SymbolID) {
    guard var row = removeRow(leaving) else { return }
    // `leaving = row` as the equation `0 = row − leaving`, solved for `entering`.
    row.add(leaving, -.one)
    row.solve(for: entering)
    substitute(entering, with: row)
    insertRow(entering, row)
  }

  // MARK: - The tableau of a given basis

  /// The exact tableau of `basis` for `equations` (each `0 = constant + Σ …` over the symbols,
  /// in the order the constraints were added): each equation, with the basic symbols solved so
  /// far replaced, is solved for a basic symbol it holds, and that symbol replaced in the rows
  /// before it. An equation left with no basic symbol must be `0 = 0` (a constraint implied
  /// by the others with no marker of its own); anything else, or a basic symbol no equation
  /// pins, throws `.singularBasis`. (An equation left as `0 = c` is a constraint implied by
  /// others that may miss by `c`: the solution's check measures it, as any other.)
  init(equations: [ExactRow], basis: [Bool], kinds: [SymbolKind], budget: Int? = nil) throws(ExactFindingError) {
    self.init(kinds: kinds, artificials: 0)
    self.budget = budget
    for equation in equations {
      if let budget, work > budget { throw ExactFindingError(.beyondBudget) }
      var e = equation
      for s in e.cells.map(\.symbol) {
        // Solved rows hold no solved symbol, so one pass replaces them all.
        if let solved = rows[Int(s)] { e.substitute(s, with: solved) }
      }
      // The lowest id among the basic symbols not yet solved for: any will do in exact
      // arithmetic, and the lowest keeps the result independent of anything but the input.
      guard let pivot = e.cells.first(where: { basic(basis, $0.symbol) && rows[Int($0.symbol)] == nil })?.symbol else {
        if !e.cells.isEmpty { throw ExactFindingError(.singularBasis) }
        continue
      }
      e.solve(for: pivot)
      substitute(pivot, with: e)
      insertRow(pivot, e)
    }
    for s in basis.indices where basis[s] && rows[s] == nil { throw ExactFindingError(.singularBasis) }
  }

  private func basic(_ basis: [Bool], _ s: SymbolID) -> Bool { Int(s) < basis.count && basis[Int(s)] }

  /// Sets the objective rows from their forms over all symbols (each basic symbol replaced by
  /// its row).
  mutating func setObjectives(_ forms: [ExactRow]) {
    objectives = forms.map { form in
      var objective = ExactRow(constant: form.constant)
      for cell in form.cells {
        if let row = rows[Int(cell.symbol)] {
          objective.add(row, times: cell.coefficient)
        } else {
          objective.add(cell.symbol, cell.coefficient)
        }
      }
      return objective
    }
  }

  // MARK: - Optimality

  /// A nonbasic symbol that can still improve the objective (see `entering()`), or nil when the
  /// reduced costs are lexicographically ≥ 0 (and 0 for free symbols): the basis is optimal.
  /// Exact: no tolerance.
  var improvable: SymbolID? { entering()?.0 }

  /// The nonbasic symbol that improves the objective and its direction (+1 up, −1 down, for a
  /// free symbol only): at the highest level that offers one, among the symbols no higher level
  /// holds, the lowest id (Bland's rule). Dummies are fixed at 0; artificial symbols, once out
  /// of the basis, stay out.
  private func entering() -> (SymbolID, Int)? {
    for l in objectives.indices {
      for cell in objectives[l].cells {
        let s = cell.symbol
        if isArtificial(s) { continue }
        let k = kind(s)
        if k == .dummy { continue }
        if (0..<l).contains(where: { !objectives[$0].coefficient(of: s).isZero }) { continue }
        if k == .external { return (s, cell.coefficient.isNegative ? 1 : -1) }
        if cell.coefficient.isNegative { return (s, 1) }
      }
    }
    return nil
  }

  /// The row that limits `entering` first moving in `direction`: restricted and artificial rows
  /// may not go below zero, and a basic dummy not off zero; among equal ratios the lowest id. A
  /// row already below zero (by what the solution's check allows) limits at once: the step never
  /// takes it further down.
  private func leaving(_ entering: SymbolID, _ direction: Int) -> SymbolID? {
    var best: (SymbolID, ExactRational)?
    for basic in columns[Int(entering)].sorted() {
      guard let row = rows[Int(basic)] else { continue }
      var a = row.coefficient(of: entering)
      if direction < 0 { a = -a }
      let ratio: ExactRational
      switch kind(basic) {
      case .external: continue
      case .dummy:
        guard !a.isZero else { continue }
        ratio = .zero
      case .slack, .error:
        guard a.isNegative else { continue }
        ratio = row.constant.isNegative ? .zero : row.constant / (-a)
      }
      if let (_, least) = best, least <= ratio { continue }
      best = (basic, ratio)
    }
    return best?.0
  }

  /// Primal simplex, level by level with Bland's rule, from a basis whose restricted rows are
  /// all ≥ 0 (or a rounding below, which no step makes worse). A symbol chosen at a level has 0 at every higher one, so a pivot leaves the
  /// higher levels as they are, and Bland's rule ends each level. Returns false only if a
  /// direction improved a level without limit, which levels that are sums of non-negative
  /// errors cannot do.
  @discardableResult
  mutating func optimize() -> Bool {
    while let (entering, direction) = entering() {
      if let budget, work > budget { return false }
      guard let leaving = leaving(entering, direction) else { return false }
      pivot(entering: entering, leaving: leaving)
    }
    return true
  }

  // MARK: - Solving from nothing

  /// The optimal tableau of `equations` (in the order the constraints were added) under the
  /// objective forms `objectives`, found by the two-phase simplex in exact arithmetic: phase
  /// one gives each equation an artificial symbol and minimizes their sum; an artificial
  /// symbol left basic at 0 is pivoted out for any symbol its row holds (a redundant
  /// equality's own dummy, as Cassowary keeps it), or its row goes when it holds none (a
  /// constraint implied by the others with no marker). Returns nil when the equations have no
  /// solution with every restricted symbol ≥ 0 and every dummy 0: the required constraints
  /// cannot all hold. With a `budget`, also nil when the work passes it (`beyondBudget` set).
  static func solve(
    equations: [ExactRow], kinds: [SymbolKind], objectives: [ExactRow], budget: Int? = nil,
    beyondBudget: inout Bool
  ) -> ExactTableau? {
    var t = ExactTableau(kinds: kinds, artificials: equations.count)
    t.budget = budget
    var phaseOne = ExactRow()
    for (i, equation) in equations.enumerated() {
      let artificial = SymbolID(t.artificialBase + i)
      // `0 = c + Σ a·x + A`, with `A = −c − Σ a·x ≥ 0` at x = 0: negated when c > 0.
      var row = equation
      if row.constant.isPositive { row.negate() }
      row.negate()
      t.insertRow(artificial, row)
      phaseOne.add(row, times: .one)
    }
    t.objectives = [phaseOne]
    let ended = t.optimize()
    if let budget, t.work > budget {
      beyondBudget = true
      return nil
    }
    guard ended, t.objectives[0].constant.isZero else { return nil }
    for i in equations.indices {
      let artificial = SymbolID(t.artificialBase + i)
      guard let row = t.rows[Int(artificial)] else { continue }
      // At 0 any symbol may replace it: one that is not a dummy first, then a dummy.
      let candidates = row.cells.filter { !t.isArtificial($0.symbol) }
      if let replacement = candidates.first(where: { t.kind($0.symbol) != .dummy }) ?? candidates.first {
        t.pivot(entering: replacement.symbol, leaving: artificial)
      } else {
        _ = t.removeRow(artificial)
      }
    }
    // Artificial symbols out of the basis stay at 0: their columns go.
    for i in equations.indices {
      let artificial = SymbolID(t.artificialBase + i)
      for basic in t.columns[Int(artificial)] {
        t.rows[Int(basic)]?.remove(artificial)
      }
      t.columns[Int(artificial)] = []
    }
    t.setObjectives(objectives)
    t.optimize()
    if let budget, t.work > budget {
      beyondBudget = true
      return nil
    }
    return t
  }

  /// `solve(equations:kinds:objectives:budget:beyondBudget:)` without a budget.
  package static func solve(equations: [ExactRow], kinds: [SymbolKind], objectives: [ExactRow]) -> ExactTableau? {
    var ignored = false
    return solve(equations: equations, kinds: kinds, objectives: objectives, budget: nil, beyondBudget: &ignored)
  }
}

/// An `ExactFinding` thrown.
struct ExactFindingError: Error {
  let finding: ExactFinding
  init(_ finding: ExactFinding) { self.finding = finding }
}
