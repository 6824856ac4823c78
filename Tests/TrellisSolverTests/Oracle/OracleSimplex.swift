// A textbook dense two-phase simplex method over exact rationals, used only as a
// test oracle for the real solver. Deliberately simple and slow; nothing here is
// shared with Sources/TrellisSolver.
//
// Method: V. Chvátal, "Linear Programming", W. H. Freeman, 1983 —
//   ch. 2 (the simplex method on a dictionary/tableau),
//   ch. 3 (Bland's smallest-subscript rule, which cannot cycle, Theorem 3.3; and the
//          two-phase method: an auxiliary problem minimizing the artificial variables
//          finds a first feasible basis or proves that there is none).
// The optimal-face restriction (`restrictToOptimalFace`) is the standard reduced-cost
// argument (Chvátal ch. 5/10, complementary slackness): at an optimal basis the
// objective equals z* + Σ d_j x_j over nonbasic j with every d_j ≥ 0, so a feasible
// x is optimal exactly when x_j = 0 for every nonbasic j with d_j > 0.

/// A linear program over nonnegative unknowns `x_0 … x_{n-1} ≥ 0` with rows
/// `Σ a_j x_j (<= | == | >=) b`.
struct OracleLP {
  enum RowRelation { case lessOrEqual, equal, greaterOrEqual }

  struct Row {
    var coefficients: [OracleRational]
    var relation: RowRelation
    var rhs: OracleRational
  }

  var columnCount: Int
  var rows: [Row] = []

  init(columnCount: Int) { self.columnCount = columnCount }

  /// Adds a row given sparse coefficients `(column, value)`.
  mutating func addRow(_ terms: [(Int, OracleRational)], _ relation: RowRelation, _ rhs: OracleRational)
    throws(OracleOverflow)
  {
    var dense = [OracleRational](repeating: .zero, count: columnCount)
    for (column, value) in terms { dense[column] = try dense[column].adding(value) }
    rows.append(Row(coefficients: dense, relation: relation, rhs: rhs))
  }
}

/// The outcome of one minimization.
enum OracleOptimum: Equatable {
  case optimal(OracleRational)
  case unbounded
}

/// A simplex tableau in standard form `T x = b, x ≥ 0`, kept at a basic feasible
/// solution between calls so that successive objectives (priority levels, then
/// per-variable bounds) start from the previous optimum.
struct OracleSimplex {
  /// Structural columns (the LP's unknowns) come first, then slacks, then artificials.
  let structuralCount: Int
  private let artificialStart: Int
  private var tableau: [[OracleRational]]
  private var rhs: [OracleRational]
  private var basis: [Int]
  /// Columns still allowed to enter the basis: artificials leave after phase 1, and
  /// columns fixed at 0 by ``restrictToOptimalFace()`` never come back.
  private var active: [Bool]
  /// Reduced costs of the last objective; valid after ``minimize(_:)``.
  private var reducedCosts: [OracleRational] = []
  /// Whether `T x = b, x ≥ 0` has a solution (decided by phase 1 in `init`).
  private(set) var isFeasible = false
  /// Pivots done so far (reported by the tests to size their workloads).
  private(set) var pivotCount = 0

  /// Builds the standard form and runs phase 1.
  init(_ lp: OracleLP) throws(OracleOverflow) {
    structuralCount = lp.columnCount
    let slackCount = lp.rows.filter { $0.relation != .equal }.count
    artificialStart = lp.columnCount + slackCount
    let width = artificialStart + lp.rows.count
    tableau = []
    rhs = []
    basis = []
    active = [Bool](repeating: true, count: width)
    var nextSlack = lp.columnCount
    for (i, row) in lp.rows.enumerated() {
      var cells = row.coefficients + [OracleRational](repeating: .zero, count: width - lp.columnCount)
      switch row.relation {
      case .lessOrEqual: cells[nextSlack] = .one; nextSlack += 1
      case .greaterOrEqual: cells[nextSlack] = try OracleRational.one.negated(); nextSlack += 1
      case .equal: break
      }
      var b = row.rhs
      if b.isNegative {
        // Phase 1 needs b ≥ 0 so that the artificial basis is feasible.
        for j in cells.indices { cells[j] = try cells[j].negated() }
        b = try b.negated()
      }
      cells[artificialStart + i] = .one
      tableau.append(cells)
      rhs.append(b)
      basis.append(artificialStart + i)
    }
    // Phase 1: minimize the sum of the artificials.
    var phaseOneCost = [OracleRational](repeating: .zero, count: width)
    for j in artificialStart..<width { phaseOneCost[j] = .one }
    guard case .optimal(let infeasibility) = try optimize(phaseOneCost) else {
      preconditionFailure("phase 1 is bounded below by 0")
    }
    isFeasible = infeasibility.isZero
    guard isFeasible else { return }
    // Drive the artificials (all at 0 now) out of the basis; a row where no
    // other column is nonzero is a redundant equation and is dropped.
    var i = 0
    while i < basis.count {
      if basis[i] >= artificialStart {
        if let column = (0..<artificialStart).first(where: { active[$0] && !tableau[i][$0].isZero }) {
          try pivot(row: i, column: column)
        } else {
          tableau.remove(at: i)
          rhs.remove(at: i)
          basis.remove(at: i)
          continue
        }
      }
      i += 1
    }
    for j in artificialStart..<width { active[j] = false }
  }

  /// Minimizes `Σ cost_j x_j` over the structural columns, starting from the current
  /// basis (which must be feasible), with Bland's rule.
  mutating func minimize(_ cost: [OracleRational]) throws(OracleOverflow) -> OracleOptimum {
    precondition(isFeasible && cost.count == structuralCount)
    return try optimize(cost + [OracleRational](repeating: .zero, count: active.count - structuralCount))
  }

  /// After an optimal ``minimize(_:)``: fixes at 0 every nonbasic column whose reduced
  /// cost is positive, so the feasible set becomes exactly the optimal face.
  mutating func restrictToOptimalFace() {
    for j in active.indices where active[j] && reducedCosts[j].isPositive { active[j] = false }
  }

  /// The value of a structural column at the current basic solution.
  func value(ofColumn column: Int) -> OracleRational {
    if let row = basis.firstIndex(of: column) { return rhs[row] }
    return .zero
  }

  private mutating func optimize(_ fullCost: [OracleRational]) throws(OracleOverflow) -> OracleOptimum {
    // d_j = c_j − Σ_i c_{basis(i)} T_ij, and the objective z = Σ_i c_{basis(i)} b_i.
    var d = fullCost
    var objective = OracleRational.zero
    for i in basis.indices where !fullCost[basis[i]].isZero {
      let cb = fullCost[basis[i]]
      objective = try objective.adding(cb.multiplied(by: rhs[i]))
      for j in d.indices where active[j] && !tableau[i][j].isZero {
        d[j] = try d[j].subtracting(cb.multiplied(by: tableau[i][j]))
      }
    }
    while true {
      // Bland: the entering column is the lowest-numbered one with d_j < 0.
      guard let entering = d.indices.first(where: { active[$0] && d[$0].isNegative }) else {
        reducedCosts = d
        return .optimal(objective)
      }
      // Bland: among rows attaining the minimum ratio, the lowest-numbered basic column leaves.
      var leaving: Int? = nil
      var bestRatio = OracleRational.zero
      for i in basis.indices where tableau[i][entering].isPositive {
        let ratio = try rhs[i].divided(by: tableau[i][entering])
        if let current = leaving {
          if try ratio.isLess(than: bestRatio) || (ratio == bestRatio && basis[i] < basis[current]) {
            leaving = i
            bestRatio = ratio
          }
        } else {
          leaving = i
          bestRatio = ratio
        }
      }
      guard let row = leaving else {
        reducedCosts = d
        return .unbounded
      }
      try pivot(row: row, column: entering)
      // Keep the cost row in step: d ← d − d_e × (new pivot row); z ← z + d_e × b_row.
      let de = d[entering]
      objective = try objective.adding(de.multiplied(by: rhs[row]))
      for j in d.indices where active[j] && !tableau[row][j].isZero {
        d[j] = try d[j].subtracting(de.multiplied(by: tableau[row][j]))
      }
    }
  }

  private mutating func pivot(row: Int, column: Int) throws(OracleOverflow) {
    pivotCount += 1
    let element = tableau[row][column]
    var pivotRow = tableau[row]
    // Columns no longer active are never read again: skip them.
    var nonzero: [Int] = []
    for j in pivotRow.indices where active[j] && !pivotRow[j].isZero {
      pivotRow[j] = try pivotRow[j].divided(by: element)
      nonzero.append(j)
    }
    let pivotRhs = try rhs[row].divided(by: element)
    tableau[row] = pivotRow
    rhs[row] = pivotRhs
    for i in tableau.indices where i != row && !tableau[i][column].isZero {
      let factor = tableau[i][column]
      for j in nonzero {
        tableau[i][j] = try tableau[i][j].subtracting(factor.multiplied(by: pivotRow[j]))
      }
      rhs[i] = try rhs[i].subtracting(factor.multiplied(by: pivotRhs))
    }
    basis[row] = column
  }
}
