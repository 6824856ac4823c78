// What a value rests on: the constraints tight at the optimum, and how the value moves with them.

/// What the value of a linear expression rests on at the current solution, read from the
/// optimal basis: its row in the tableau, `value = c + Σ αₛ·s` over nonbasic symbols, names every
/// constraint whose slack, error or marker (held at 0 by the optimum) the value moves with. A
/// constraint's constant enters the tableau only through its marker, so `rate = αₘ / (m·scale)`
/// (the marker's coefficient in the constraint's own equation `m`, the equation's scale) is how
/// far the value moves per unit of that constant, and `c = Σ rate·constant` exactly (the basic
/// solution is linear in the constants). A constraint whose marker is basic (an inequality with
/// room, an optional constraint that lost, an equality implied by others) moves nothing.
///
/// A symbol of the row that is free along the optimal face (an unconstrained variable, or the
/// slack or error of a constraint that no priority level cares about at the optimum) leaves the
/// value free: ``range`` then says how far it can go.
package struct ValueDependence: Sendable {
  /// One constraint the value rests on.
  package struct Term: Sendable {
    package var constraint: Constraint
    /// How far the value moves per unit of the constraint's constant (the constant of its
    /// `expression`, in `expression relation 0`), the rest held.
    package var rate: Double
    /// That constant as the solver holds it now.
    package var constant: Double
  }

  /// The least and greatest values the expression can take without making any priority
  /// level worse (infinite when nothing bounds it that way).
  package struct Range: Sendable, Hashable {
    package var lower: Double
    package var upper: Double
    /// The constraints that stop it at each end (tight there), none for an unbounded end.
    package var lowerLimits: [Constraint] = []
    package var upperLimits: [Constraint] = []
  }

  /// The expression's value at the current solution.
  package var value: Double
  /// The constraints it rests on, in the order they were added; `Σ rate × constant` plus the
  /// expression's own constant is ``value`` (within rounding) when the value is determined.
  package var terms: [Term]
  /// `nil` when the value is determined; else how far it can move.
  package var range: Range?
  /// The constraints whose slack or error is free along the optimal face and moves the value:
  /// inequalities and optional constraints that leave it free.
  package var freeConstraints: [Constraint]
  /// The names of the variables that are free along the optimal face (in no constraint that
  /// fixes them) and move the value.
  package var freeVariables: [String]
  /// The part of the value no term names: what compact equalities add when there are too many
  /// to read them with markers (``Solver/dependence(of:itemizingUpTo:)``), else 0.
  package var unattributed: Double = 0
}

extension Solver {
  /// What each expression's value rests on at the current solution (see ``ValueDependence``).
  ///
  /// Compact equalities (``EqualityStorage/compact``) keep no marker, so their part in a row
  /// cannot be read off it: when there are any, the reading is made on a copy of the tableau
  /// built again from the same constraints, in the same order, with a marker for every equality.
  /// Its basis may differ from this one's only where the optimum is not unique; values are read
  /// from this solver. Costs about one build of the tableau when there are compact equalities,
  /// then a pass over each expression's row (and a small simplex on a copy for an ambiguous one).
  /// With markers a chain of n equalities holds O(n²) cells, so beyond `limit` compact
  /// equalities the live tableau is read instead and their part is ``ValueDependence/unattributed``
  /// (docs/semantics.md, "Why a value is what it is", has the measurements).
  ///
  /// - Precondition: the variables were made by this solver.
  package func dependence(of expressions: [LinearExpression], itemizingUpTo limit: Int = 2_000)
    -> [ValueDependence]
  {
    var reading = engine
    if reading.records.compactCount > 0, reading.records.compactCount <= limit {
      var withMarkers = engine
      withMarkers.defersOptimization = false
      if (try? withMarkers.rebuild(markingEqualities: true)) != nil { reading = withMarkers }
    }
    return expressions.map { expression in
      var value = expression.constant
      for term in expression.terms {
        precondition(term.variable.solver == id, "a variable belongs to another solver")
        value += term.coefficient * engine.value(ofVariable: term.variable.index)
      }
      return reading.dependence(of: expression, value: value)
    }
  }
}

extension Engine {
  /// The row of `expression` in terms of nonbasic symbols (its own constant left out).
  func form(of expression: LinearExpression) -> Row {
    var form = Row()
    for term in expression.terms where term.coefficient != 0 {
      let s = variableSymbol[Int(term.variable.index)]
      if s < 0 { continue }  // in no constraint: free, and reported as such below
      if let row = rows[Int(s)] {
        form.add(row, times: term.coefficient)
      } else {
        form.add(s, term.coefficient)
      }
    }
    return form
  }

  func dependence(of expression: LinearExpression, value: Double) -> ValueDependence {
    let form = form(of: expression)
    var terms: [(sequence: UInt64, term: ValueDependence.Term)] = []
    var freeConstraints: [(sequence: UInt64, constraint: Constraint)] = []
    var freeVariables: [String] = []
    for term in expression.terms where term.coefficient != 0 && variableSymbol[Int(term.variable.index)] < 0 {
      freeVariables.append(term.variable.name)
    }
    for cell in form.cells {
      let s = cell.symbol
      if kind(s) == .external {
        if isFreeOnFace(s) { freeVariables.append(symbolName(s)) }
        continue
      }
      guard let record = records[owner[Int(s)]] else { continue }
      if isFreeOnFace(s), !freeConstraints.contains(where: { $0.constraint == record.constraint }) {
        freeConstraints.append((record.sequence, record.constraint))
      }
      // The marker carries the constant; an optional constraint's second error moves with it.
      guard s == record.marker else { continue }
      let rate = cell.coefficient / (record.markerCoefficient * record.scale)
      terms.append(
        (record.sequence, .init(constraint: record.constraint, rate: rate, constant: evaluateConstant(record))))
    }
    var range: ValueDependence.Range?
    if freeVariables.contains(where: { name in !form.cells.contains { symbolName($0.symbol) == name } }) {
      range = .init(lower: -.infinity, upper: .infinity)  // a variable in no constraint at all
    } else if !freeVariables.isEmpty || !freeConstraints.isEmpty {
      var negated = form
      negated.negate()
      let up = extent(of: form)
      let down = extent(of: negated)
      let upper = up.map { $0.value + expression.constant }
      let lower = down.map { -$0.value + expression.constant }
      // A walk that gives up (it cannot with Bland's rule) leaves that side unbounded.
      range = .init(
        lower: lower ?? -.infinity, upper: upper ?? .infinity, lowerLimits: down?.limits ?? [],
        upperLimits: up?.limits ?? [])
      if let lower, let upper, !isRealMove(step: upper - lower, coefficient: 1, in: form) {
        range = nil  // free symbols that cannot move it: determined after all
      }
    }
    // What the terms do not name: compact equalities read without markers (0 otherwise, but for
    // rounding, which is dropped relative to the largest term).
    var named = 0.0
    var largest = abs(form.constant)
    for (_, term) in terms {
      named += term.rate * term.constant
      largest = max(largest, abs(term.rate * term.constant))
    }
    var unattributed = form.constant - named
    if abs(unattributed) <= 1e-9 * max(1, largest) { unattributed = 0 }
    return ValueDependence(
      value: value, terms: terms.sorted { $0.sequence < $1.sequence }.map(\.term), range: range,
      freeConstraints: freeConstraints.sorted { $0.sequence < $1.sequence }.map(\.constraint),
      freeVariables: freeVariables, unattributed: range == nil ? unattributed : 0)
  }

  /// The greatest value of `target` (a row in nonbasic symbols) along the optimal face, and the
  /// constraints that stop it there: `.infinity` when nothing bounds it, `nil` if the walk gives up. A small simplex with
  /// Bland's rule on a copy of the tableau, as ``canMove(symbol:direction:fixed:)`` walks, but
  /// to the end: the pivots keep the point's objective, so the face is the same throughout.
  func extent(of target: Row) -> (value: Double, limits: [Constraint])? {
    var walker = self
    walker.artificial = nil
    var target = target
    var fixed = Set<SymbolID>()
    for _ in 0..<10_000 {
      guard let (entering, move, _) = walker.faceEntering(target, fixed: fixed) else {
        // What stops it: the tight constraints whose slack or error would have to go below 0.
        let limits = target.cells.compactMap { cell -> Constraint? in
          let sym = cell.symbol
          guard cell.coefficient < 0, walker.kind(sym) != .external, walker.kind(sym) != .dummy, !walker.isBasic(sym),
            walker.objectiveSign(sym) == 0, !fixed.contains(sym)
          else { return nil }
          return walker.records[walker.owner[Int(sym)]]?.constraint
        }
        return (target.constant, limits)
      }
      guard let (leaving, _) = walker.ratioTest(entering: entering, move: move) else { return (.infinity, []) }
      walker.facePivot(entering: entering, leaving: leaving, target: &target, fixed: &fixed)
    }
    return nil
  }
}
