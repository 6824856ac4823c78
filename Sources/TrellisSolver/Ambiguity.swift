// Which variables the constraints leave undetermined.

extension Engine {
  /// The variables (by index) whose value can change without making any priority level
  /// worse: unconstrained ones, and those on a face of equally good solutions.
  ///
  /// At the optimum, a nonbasic symbol with a nonzero reduced cost at some level must
  /// stay 0 (moving it worsens that level first), and dummies are always 0. Every other
  /// nonbasic symbol is free along the optimal face. A variable is determined exactly
  /// when it cannot move along that face: when its row has no free symbol, or when
  /// maximizing and minimizing it over the face (a small simplex with Bland's rule on
  /// a copy of the tableau) finds no room either way.
  ///
  /// The exact test's pivots are degenerate: they keep the point, the optimal face and
  /// the objective rows, so one copy of the tableau serves every variable of a call.
  func ambiguousVariables(_ indices: [Int32]) -> [Int32] {
    var result: [Int32] = []
    var face: Engine?
    var fixed = Set<SymbolID>()
    for index in indices {
      guard index >= 0, Int(index) < variableSymbol.count else { continue }
      let s = variableSymbol[Int(index)]
      if s < 0 {
        result.append(index)  // in no constraint
        continue
      }
      let engine = face ?? self
      let form = engine.rows[Int(s)] ?? Row(cells: [Cell(symbol: s, coefficient: 1)])
      guard form.cells.contains(where: { engine.isFreeOnFace($0.symbol) && !fixed.contains($0.symbol) }) else {
        continue  // every symbol it depends on is pinned: determined
      }
      var negated = form
      negated.negate()
      if engine.hasRoomToMove(form, fixed: fixed) || engine.hasRoomToMove(negated, fixed: fixed) {
        result.append(index)
        continue
      }
      if face == nil {
        var copy = self
        copy.artificial = nil
        face = copy
      }
      guard var walker = face else { continue }
      face = nil  // keep the copy uniquely referenced while it pivots
      let moves =
        walker.canMove(symbol: s, direction: 1, fixed: &fixed)
        || walker.canMove(symbol: s, direction: -1, fixed: &fixed)
      face = walker
      if moves { result.append(index) }
    }
    return result
  }

  /// Whether a symbol may move along the optimal face.
  func isFreeOnFace(_ s: SymbolID) -> Bool {
    kind(s) != .dummy && !isBasic(s) && objectiveSign(s) == 0
  }

  /// Whether `direction ×` the symbol's value can increase along the optimal face,
  /// walking this (copied) tableau with Bland's rule; `fixed` collects dummies that leave
  /// the basis on the way (they must stay 0).
  mutating func canMove(symbol s: SymbolID, direction: Double, fixed: inout Set<SymbolID>) -> Bool {
    var target = rows[Int(s)] ?? Row(cells: [Cell(symbol: s, coefficient: 1)])
    if direction < 0 { target.negate() }
    var steps = 0
    while true {
      steps += 1
      if steps > 10_000 { return true }  // cannot happen with Bland's rule; err on "ambiguous"
      // Bland's rule: the lowest free symbol that increases the target.
      guard let (entering, move, gain) = faceEntering(target, fixed: fixed) else { return false }
      guard let (leaving, step) = ratioTest(entering: entering, move: move),
        !isRealMove(step: step, coefficient: gain, in: target)
      else { return true }
      facePivot(entering: entering, leaving: leaving, target: &target, fixed: &fixed)
    }
  }

  /// A shortcut before the exact test: some free symbol moves `target` up by a positive
  /// step (no degenerate row blocks it).
  func hasRoomToMove(_ target: Row, fixed: Set<SymbolID>) -> Bool {
    for cell in target.cells where isFreeOnFace(cell.symbol) && !fixed.contains(cell.symbol) {
      let move: Double
      if kind(cell.symbol) == .external {
        move = cell.coefficient > 0 ? 1 : -1
      } else if cell.coefficient > 0 {
        move = 1
      } else {
        continue
      }
      var limit = Double.infinity
      for basic in columns[Int(cell.symbol)] {
        guard let row = rows[Int(basic)], kind(basic) != .external else { continue }
        let a = row.coefficient(of: cell.symbol) * move
        if kind(basic) == .dummy {
          limit = 0
        } else if a < 0 {
          limit = min(limit, row.constant / -a)
        }
      }
      if isRealMove(step: limit, coefficient: cell.coefficient, in: target) { return true }
    }
    return false
  }

  /// Whether moving a free symbol by `step` moves the target by more than rounding:
  /// relative to the target's own size, with the solver's one tolerance.
  func isRealMove(step: Double, coefficient: Double, in target: Row) -> Bool {
    let movement = step * abs(coefficient)
    return movement > epsilon * max(1, abs(target.constant))
  }
}
