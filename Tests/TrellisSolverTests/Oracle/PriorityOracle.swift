import TrellisSolver

/// A small constraint system in exact arithmetic, described independently of the
/// real solver: each constraint is `Σ coefficient_v × v + constant (relation) 0`.
struct OracleSystem: CustomStringConvertible {
  struct Item {
    /// Dense, one per variable.
    var coefficients: [OracleRational]
    var constant: OracleRational
    var relation: Relation
    /// `nil` for required; otherwise the optional priority (a positive integer < 1000).
    var priority: Int?
  }

  var variableCount: Int
  var items: [Item] = []

  var description: String {
    items.map { item in
      let terms = item.coefficients.enumerated().filter { !$0.element.isZero }
        .map { "\($0.element)*v\($0.offset)" }.joined(separator: " + ")
      return
        "\(terms.isEmpty ? "0" : terms) + \(item.constant) \(item.relation) 0 @\(item.priority.map(String.init) ?? "required")"
    }.joined(separator: "\n")
  }
}

/// What the oracle knows about the best solutions of a system.
struct OracleSolution {
  /// The optional priority levels present, highest first, with their total violation:
  /// in strict mode each level's lexicographic optimum; in weighted mode the totals at
  /// one optimal point (not unique there: only ``weightedOptimum`` is).
  var levels: [(priority: Int, violation: OracleRational)]
  /// `Σ priority × violation` at the optimum of the mode solved.
  var weightedOptimum: OracleRational
  /// Per variable, the smallest and largest value over all optimal solutions;
  /// `nil` where unbounded.
  var lower: [OracleRational?]
  var upper: [OracleRational?]

  /// Whether the optimal solutions all give variable `v` the same value.
  func isDetermined(_ v: Int) -> Bool {
    guard let lo = lower[v], let hi = upper[v] else { return false }
    return lo == hi
  }

  /// The value shared by all optimal solutions, if the variable is determined.
  func determinedValue(_ v: Int) -> OracleRational? { isDetermined(v) ? lower[v] : nil }
}

/// The reference semantics of Trellis priorities, solved with ``OracleSimplex``.
///
/// LP encoding (every LP unknown is ≥ 0): a free variable `v = p_v − n_v`; an optional
/// `expr == 0` becomes `expr = e⁺ − e⁻` with violation `e⁺ + e⁻`; an optional `expr <= 0`
/// becomes `expr ≤ e`, an optional `expr >= 0` becomes `expr ≥ −e`, with violation `e`.
/// Required constraints are rows as they are.
///
/// Strict mode solves the priority levels one at a time, highest first, each minimizing
/// its summed violation while the higher levels stay on their optimal face. Weighted
/// mode minimizes `Σ priority × violation` once. The optimal face left at the end gives
/// every variable's range.
enum PriorityOracle {
  /// Whether the required constraints of `system` can all hold.
  static func isRequiredFeasible(_ system: OracleSystem) throws(OracleOverflow) -> Bool {
    var required = system
    required.items = system.items.filter { $0.priority == nil }
    let (lp, _) = try encode(required)
    return try OracleSimplex(lp).isFeasible
  }

  /// The optimum of `system` in `mode`, or `nil` when its required constraints conflict.
  static func solve(_ system: OracleSystem, mode: Solver.Mode) throws(OracleOverflow) -> OracleSolution? {
    let (lp, violationColumns) = try encode(system)
    var simplex = try OracleSimplex(lp)
    guard simplex.isFeasible else { return nil }

    let priorities = Array(Set(system.items.compactMap(\.priority))).sorted(by: >)
    func levelCost(_ weight: (Int) -> OracleRational?) -> [OracleRational] {
      var cost = [OracleRational](repeating: .zero, count: lp.columnCount)
      for (index, item) in system.items.enumerated() {
        guard let p = item.priority, let w = weight(p) else { continue }
        for column in violationColumns[index] { cost[column] = w }
      }
      return cost
    }
    func total(_ cost: [OracleRational]) throws(OracleOverflow) -> OracleRational {
      var sum = OracleRational.zero
      for column in cost.indices where !cost[column].isZero {
        sum = try sum.adding(cost[column].multiplied(by: simplex.value(ofColumn: column)))
      }
      return sum
    }

    var levels: [(priority: Int, violation: OracleRational)] = []
    switch mode {
    case .strict:
      for p in priorities {
        guard case .optimal(let optimum) = try simplex.minimize(levelCost { $0 == p ? .one : nil }) else {
          preconditionFailure("violations are bounded below by 0")
        }
        levels.append((p, optimum))
        simplex.restrictToOptimalFace()
      }
    case .weighted:
      guard case .optimal = try simplex.minimize(levelCost { OracleRational(integer: $0) }) else {
        preconditionFailure("violations are bounded below by 0")
      }
      simplex.restrictToOptimalFace()
      for p in priorities {
        levels.append((p, try total(levelCost { $0 == p ? .one : nil })))
      }
    }
    var weighted = OracleRational.zero
    for level in levels {
      weighted = try weighted.adding(OracleRational(integer: level.priority).multiplied(by: level.violation))
    }

    // The range of each variable over the optimal face: minimize p − n, then n − p.
    var lower: [OracleRational?] = []
    var upper: [OracleRational?] = []
    for v in 0..<system.variableCount {
      var cost = [OracleRational](repeating: .zero, count: lp.columnCount)
      cost[2 * v] = .one
      cost[2 * v + 1] = try OracleRational.one.negated()
      switch try simplex.minimize(cost) {
      case .optimal(let value): lower.append(value)
      case .unbounded: lower.append(nil)
      }
      cost[2 * v] = try OracleRational.one.negated()
      cost[2 * v + 1] = .one
      switch try simplex.minimize(cost) {
      case .optimal(let value): upper.append(try value.negated())
      case .unbounded: upper.append(nil)
      }
    }
    return OracleSolution(levels: levels, weightedOptimum: weighted, lower: lower, upper: upper)
  }

  /// The LP and, per item, the columns whose sum is its violation (empty when required).
  private static func encode(_ system: OracleSystem) throws(OracleOverflow) -> (OracleLP, [[Int]]) {
    var columnCount = 2 * system.variableCount
    var violationColumns: [[Int]] = []
    for item in system.items {
      guard item.priority != nil else {
        violationColumns.append([])
        continue
      }
      let count = item.relation == .equal ? 2 : 1
      violationColumns.append(Array(columnCount..<(columnCount + count)))
      columnCount += count
    }
    var lp = OracleLP(columnCount: columnCount)
    let minusOne = try OracleRational.one.negated()
    for (index, item) in system.items.enumerated() {
      var terms: [(Int, OracleRational)] = []
      for (v, a) in item.coefficients.enumerated() where !a.isZero {
        terms.append((2 * v, a))
        terms.append((2 * v + 1, try a.negated()))
      }
      let rhs = try item.constant.negated()
      let columns = violationColumns[index]
      switch (item.relation, item.priority) {
      case (.equal, nil): try lp.addRow(terms, .equal, rhs)
      case (.lessThanOrEqual, nil): try lp.addRow(terms, .lessOrEqual, rhs)
      case (.greaterThanOrEqual, nil): try lp.addRow(terms, .greaterOrEqual, rhs)
      case (.equal, _):
        // expr − e⁺ + e⁻ = 0
        try lp.addRow(terms + [(columns[0], minusOne), (columns[1], .one)], .equal, rhs)
      case (.lessThanOrEqual, _):
        // expr − e ≤ 0
        try lp.addRow(terms + [(columns[0], minusOne)], .lessOrEqual, rhs)
      case (.greaterThanOrEqual, _):
        // expr + e ≥ 0
        try lp.addRow(terms + [(columns[0], .one)], .greaterOrEqual, rhs)
      }
    }
    return (lp, violationColumns)
  }
}
