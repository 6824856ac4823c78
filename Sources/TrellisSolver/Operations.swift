// Adding and removing constraints, edit variables, and constant changes.

extension Engine {
  /// The weight of one unit of error of a constraint at `priority`.
  func weight(of priority: Priority) -> Double {
    mode == .strict ? 1 : priority.value
  }

  /// The objective level for `priority`, created if needed (strict mode keeps levels
  /// sorted by priority, highest first).
  mutating func levelIndex(for priority: Priority, create: Bool) -> Int? {
    if mode == .weighted { return 0 }
    var index = 0
    while index < levels.count && levels[index].priority > priority { index += 1 }
    if index < levels.count && levels[index].priority == priority { return index }
    guard create else { return nil }
    levels.insert(Level(priority: priority, row: Row(), count: 0), at: index)
    // The levels below are renumbered (see `CandidateLog.tracksLevels`).
    candidates.noteAll()
    return index
  }

  func validate(_ constraint: Constraint) throws(SolverError) {
    guard constraint.priority.isValid else {
      throw .invalidPriority(constraint.priority, context: "the constraint \(constraint)")
    }
    guard constraint.expression.isFinite else {
      throw .nonFiniteValue(context: "A coefficient or the constant of the constraint \(constraint)")
    }
  }

  // MARK: - Add

  package mutating func add(_ constraint: Constraint, compact: Bool = false) throws(SolverError) {
    guard records[constraint.id] == nil else { throw .duplicateConstraint(constraint) }
    try validate(constraint)
    try add(constraint, constant: constraint.expression.constant, isEdit: false, compact: compact)
  }

  /// Builds the constraint's row in terms of the current nonbasic symbols and its
  /// record (marker and error symbols made here).
  package mutating func makeRow(
    _ constraint: Constraint, constant: Double, isEdit: Bool, compact: Bool = false
  ) -> (row: Row, record: ConstraintRecord, negated: Bool) {
    // Each equation is divided by its largest coefficient, so every row starts at unit
    // scale whatever the user's units (1e-3 … 1e4 multipliers): pivots stay well sized.
    let largest = constraint.expression.terms.reduce(0.0) { max($0, abs($1.coefficient)) }
    let scale = largest > 0 ? largest : 1
    var row = Row(constant: constant / scale)
    // Room for every cell the terms can bring and the markers: one allocation, not a growth
    // every few cells.
    var room = 2
    for term in constraint.expression.terms {
      let s = variableSymbol[Int(term.variable.index)]
      room += s >= 0 ? (rows[Int(s)]?.cells.count ?? 1) : 1
    }
    row.cells.reserveCapacity(room)
    var ignoring = IgnoringRowWrites()
    for term in constraint.expression.terms where term.coefficient != 0 {
      let s = symbol(forVariable: term.variable.index)
      if let basicRow = rows[Int(s)] {
        // Merges alternate between the row's buffer and the engine's spare one.
        row.add(basicRow, times: term.coefficient / scale, observer: &ignoring, spare: &spareCells)
      } else {
        row.add(s, term.coefficient / scale)
      }
    }
    let id = constraint.id
    var record = ConstraintRecord(
      constraint: constraint, marker: -1, other: -1, markerCoefficient: 0, otherCoefficient: 0,
      constant: constant, scale: scale, sequence: nextSequence, isEdit: isEdit)
    let required = constraint.priority.isRequired
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      // expression + slack = 0 for <=, expression - slack = 0 for >=.
      let a: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
      let slack = newSymbol(.slack, owner: id)
      row.add(slack, a)
      record.marker = slack
      record.markerCoefficient = a
      if !required {
        let error = newSymbol(.error, owner: id)
        row.add(error, -a)
        record.other = error
        record.otherCoefficient = -a
      }
    case .equal:
      if required && compact {
        // No marker: the equation only pins its subject (see `ConstraintRecord.isCompact`).
      } else if required {
        let dummy = newSymbol(.dummy, owner: id)
        row.add(dummy, 1)
        record.marker = dummy
        record.markerCoefficient = 1
      } else {
        // expression = plus - minus, both errors >= 0.
        let plus = newSymbol(.error, owner: id)
        let minus = newSymbol(.error, owner: id)
        row.add(plus, -1)
        row.add(minus, 1)
        record.marker = plus
        record.other = minus
        record.markerCoefficient = -1
        record.otherCoefficient = 1
      }
    }
    let negated = row.constant < 0
    if negated { row.negate() }
    return (row, record, negated)
  }

  /// The largest term `makeRow` summed the row of `record`'s constraint's constant from, before
  /// anything else changes the tableau: phase one judges the rounding of that sum by it. Worked
  /// out again only for phase one, which is rare.
  func constantTerms(of record: ConstraintRecord) -> Double {
    var largest = abs(record.constant / record.scale)
    for term in record.constraint.expression.terms where term.coefficient != 0 {
      let s = variableSymbol[Int(term.variable.index)]
      guard s >= 0, let basicRow = rows[Int(s)] else { continue }
      largest = max(largest, abs(basicRow.constant * term.coefficient / record.scale))
    }
    return largest
  }

  /// The symbol to make basic for a new row, or -1 when none keeps the tableau feasible
  /// (then an artificial variable is needed). Among free externals held by rows, threshold
  /// pivoting: of those whose coefficient is at least `heldSubjectThreshold` of the row's largest,
  /// the one in fewest rows (ties: the larger coefficient, then the first), so solving the row
  /// never divides by a coefficient far below a large one there (partial pivoting alone, measured
  /// on unboxed random systems mixing 1e-3 … 1e4: lost required constraints fell from 81 to 56
  /// of 160) and rewrites as few rows as it can — unless a symbol in no row has at least
  /// `freeSubjectRatio` of the largest.
  package func subject(for row: Row, _ record: ConstraintRecord) -> SymbolID {
    // How small beside the largest a symbol in no row may be and still be chosen.
    let freeSubjectRatio = 1e-6
    // How small beside the largest a symbol held by rows may be and still be chosen for being in
    // fewer rows. Pure partial pivoting (1) made a grid's fresh layout grow as n^1.5: a stack's
    // newest row `y₃ − 1.5·y₂` was solved for y₂ (1.5 > 1), the parameter every earlier row of
    // the stack held, instead of y₃, held by its own row's views. 0.1 is sparse LU's usual
    // threshold: one division grows a row's coefficients by at most ten.
    let heldSubjectThreshold = 0.1
    // Never a coefficient that may be rounding (`Row.isPivotable`): solving for it would
    // divide the row by noise.
    // Symbols in no row first: any may be solved for, without looking at a column.
    var free: SymbolID = -1
    var freeMagnitude = 0.0
    var largest = 0.0
    for cell in row.cells where kind(cell.symbol) == .external && row.isPivotable(cell.coefficient) {
      let magnitude = abs(cell.coefficient)
      largest = max(largest, magnitude)
      if magnitude > freeMagnitude && columns[Int(cell.symbol)].isEmpty {
        free = cell.symbol
        freeMagnitude = magnitude
      }
    }
    // A symbol held by rows only when its coefficient is larger than every free one's, so its
    // column is scanned only then: a stack's or chain's shared variable is in every row of it,
    // and scanning its column for each new row was half of validating a 50,000-view stack.
    var best: SymbolID = -1
    var bestMagnitude = 0.0
    var bestColumn = Int.max
    for cell in row.cells where kind(cell.symbol) == .external && row.isPivotable(cell.coefficient) {
      let magnitude = abs(cell.coefficient)
      guard magnitude > freeMagnitude, magnitude >= heldSubjectThreshold * largest else { continue }
      let column = columns[Int(cell.symbol)]
      if column.isEmpty { continue }
      // Fewest rows first: solving for it rewrites only those (a chain's newest variable is in
      // none, its first in all; choosing the first made a chain of n equalities cost O(n²)).
      guard column.count < bestColumn || (column.count == bestColumn && magnitude > bestMagnitude) else { continue }
      // Solving for a nonbasic external moves every row that holds it; that is only safe
      // when none of them is sign-restricted (otherwise phase one keeps them feasible).
      if column.allSatisfy({ kind($0) == .external }) {
        best = cell.symbol
        bestMagnitude = magnitude
        bestColumn = column.count
      }
    }
    if best < 0 && free >= 0 { return free }
    // A symbol in no row is better still, unless its coefficient is tiny beside the
    // largest: solving for it rewrites nothing else, so nothing of the division spreads.
    // (A chain's newest view, whose row holds the sum of the chain before it: solving for
    // that sum's symbol instead rewrote every row of the chain, O(n²) for n views.)
    if best >= 0 {
      for cell in row.cells
      where kind(cell.symbol) == .external && columns[Int(cell.symbol)].isEmpty && row.isPivotable(cell.coefficient) {
        if abs(cell.coefficient) >= freeSubjectRatio * bestMagnitude { return cell.symbol }
      }
    }
    if best >= 0 { return best }
    for s in [record.marker, record.other] where s >= 0 {
      let k = kind(s)
      if (k == .slack || k == .error) && row.coefficient(of: s) < 0 { return s }
    }
    return -1
  }

  mutating func add(
    _ constraint: Constraint, constant: Double, isEdit: Bool, compact: Bool = false
  ) throws(SolverError) {
    let mark = kinds.count
    let compact = compact && constraint.relation == .equal && constraint.priority.isRequired && !isEdit
    var (row, record, negated) = makeRow(constraint, constant: constant, isEdit: isEdit, compact: compact)
    var subject = subject(for: row, record)
    if subject < 0 { dropRoundingOfImpliedEquality(&row, record, negated: negated) }
    if subject < 0 && row.cells.allSatisfy({ kind($0.symbol) == .dummy }) {
      if row.constant != 0 {
        let certificate = row.cells.map(\.symbol)
        truncateSymbols(to: mark)
        throw unsatisfiable(constraint, constant: constant, certificate: certificate)
      }
      if compact && row.cells.isEmpty {
        // Implied by compact equalities alone: any change to those rebuilds, and the
        // rebuild adds this one again, so nothing of it needs to stay in the tableau.
        nextSequence += 1
        records[constraint.id] = record
        return
      }
      if compact {
        // Implied by equalities with markers: it needs one too, so that a change to those
        // that moves it is seen (`movedRedundantRow`) and refused.
        // As `makeRow` would have added it: `expression + dummy == 0`, negated with the row.
        let dummy = newSymbol(.dummy, owner: constraint.id)
        row.add(dummy, negated ? -1 : 1)
        record.marker = dummy
        record.markerCoefficient = 1
      }
      subject = record.marker  // redundant with the equalities already there
    }
    var retiring = 0
    if subject < 0 {
      beginJournal()
      journal?.symbolCount = mark
      var promoted: SymbolID = -1
      let owner = compact ? constraint.id : nil
      if let certificate = addWithArtificialVariable(
        row, constantTerms: constantTerms(of: record), compactOwner: owner, negated: negated, promoted: &promoted)
      {
        rollBack()
        throw unsatisfiable(constraint, constant: constant, certificate: certificate)
      }
      if promoted >= 0 {
        record.marker = promoted
        record.markerCoefficient = 1
      }
      journal = nil
      retiring = 1  // the artificial symbol
    } else {
      // A subject in no other row spreads nothing of the division (see `subject(for:_:)`).
      if !columns[Int(subject)].isEmpty { noteGrowth(solving: row, for: subject) }
      row.solve(for: subject)
      substitute(subject, with: row)
      insertRow(subject, row)
    }
    nextSequence += 1
    records[constraint.id] = record
    addErrorsToObjective(record, sign: 1)
    // Deferred only while nothing is infeasible: the dual simplex needs an optimal objective.
    if !defersOptimization || !infeasible.isEmpty { optimize(.main) }
    settleInfeasibleRows()
    refactorizeAfterHugeValues()
    retire(retiring)
  }

  /// A required equality implied by the others (a copy, or a combination) has a row of
  /// dummies only, but when the rows it was built from carry rounding, other symbols stay
  /// behind at the size of that rounding (the fuzzer met 1.2e-19 beside dummies of 1, and
  /// phase one then pivoted on it: coefficients of 8e18). When no symbol but a dummy is
  /// large enough to pivot on (`Row.isPivotable`), those are rounding and go, and the row's
  /// constant, what the equality asks beyond what the others imply, decides: 0 (redundant, as
  /// it would be in exact arithmetic) or a conflict.
  ///
  /// That constant is worked out again from the constraints themselves. The row says
  /// `E/s + d = r + Σ λₖ·dₖ` for every value of the variables, where each dummy dₖ is
  /// `−Eₖ/sₖ` (its equality, divided by its scale); at all variables 0 that is
  /// `r = c/s + Σ λₖ·cₖ/sₖ`, from the constraints' own constants, and rounding is what is
  /// within `epsilon` of the terms summed. (The tableau's constant carries the rounding of every
  /// value its rows passed through: the fuzzer met a conflict of 5.7e-6 between constants of 0.25
  /// taken for rounding because another row held 1e6, which is what the tableau's constant alone
  /// could be measured against.) Equalities without a marker (compact ones) leave no dummy to
  /// account for them, so while there are any, the tableau's constant is measured against the
  /// largest row value instead.
  mutating func dropRoundingOfImpliedEquality(_ row: inout Row, _ record: ConstraintRecord, negated: Bool) {
    guard row.cells.contains(where: { kind($0.symbol) == .dummy }) || row.cells.isEmpty,
      row.cells.allSatisfy({ kind($0.symbol) == .dummy || !row.isPivotable($0.coefficient) })
    else { return }
    // Cells or a constant taken for rounding: the certificate confirms it (`certificationDue`).
    if row.cells.contains(where: { kind($0.symbol) != .dummy }) { certificationDue = true }
    row.cells.removeAll { kind($0.symbol) != .dummy }
    if records.compactCount == 0 {
      let sign: Double = negated ? -1 : 1
      var residual = record.constant / record.scale
      var size = abs(residual)
      for cell in row.cells where cell.symbol != record.marker {
        guard let other = records[owner[Int(cell.symbol)]] else { continue }
        let term = sign * cell.coefficient * other.constant / other.scale
        residual += term
        size += abs(term)
      }
      row.constant = abs(residual) <= epsilon * size ? 0 : sign * residual
      if row.constant == 0 && residual != 0 { certificationDue = true }
      return
    }
    let size = abs(row.constant)
    // Each conflicting equality comes here: the bound spares a scan of every row when even
    // it leaves the constant real (a scan per conflict was quadratic in the conflicts).
    guard size > epsilon, size <= epsilon * constantBound else {
      if size <= epsilon {
        if size != 0 { certificationDue = true }
        row.constant = 0
      }
      return
    }
    if size <= epsilon * max(1, rescanConstantBound()) {
      certificationDue = true
      row.constant = 0
    }
  }

  /// Rows queued as negative during primal pivots are only rounding (the ratio test keeps
  /// them non-negative); the dual simplex settles any that are really negative. Returns false
  /// when it could not (a refactorization then knows its tableau is no good).
  @discardableResult
  mutating func settleInfeasibleRows() -> Bool {
    let failed = infeasible.isEmpty ? nil : dualOptimize()
    infeasible.removeAll()
    return failed == nil
  }

  /// Phase one: adds `row` behind an artificial variable and minimizes it. Returns nil
  /// on success, or the symbols of the final phase-one objective (a certificate that
  /// the required constraints cannot hold) on failure.
  ///
  /// For a compact equality (`compactOwner`, its constraint's id) that turns out implied by
  /// equalities with markers, a marker is made after all (see `add`) and returned in `promoted`.
  mutating func addWithArtificialVariable(
    _ row: Row, constantTerms: Double, compactOwner: UInt64? = nil, negated: Bool = false,
    promoted: inout SymbolID
  ) -> [SymbolID]? {
    let art = newSymbol(.slack)
    insertRow(art, row)
    artificial = row
    // From the terms `makeRow` summed, not only their sum: an equality a degenerate vertex
    // implies exactly came out as 5.7e-14 from terms of 10, and phase one, which cannot move
    // a row held at 0 by restricted symbols, was judged against the 5.7e-14 alone.
    artificialScale = max(abs(row.constant), constantTerms)
    optimize(.artificial)
    let phaseOne = artificial ?? Row()
    artificial = nil
    // Phase one reached 0 when the artificial symbol left the basis or sits at 0 within the
    // rounding of what its value was summed from (`phaseOneTolerance`). Not the objective row's
    // constant: objective rows cancel at `epsilon`, coarse for a value (the fuzzer met a real
    // 1.1e-9, 20 − 19.99999999886, taken for 0 there: a contradiction of 2e-7 among required
    // constraints was accepted, and a later add turned it into a miss of 2).
    let value = rows[Int(art)]?.constant ?? 0
    guard abs(value) <= phaseOneTolerance * artificialScale else {
      return phaseOne.cells.map(\.symbol)
    }
    // Zero within rounding but not exactly: the verdict is the certificate's to confirm.
    if value != 0 { certificationDue = true }
    if isBasic(art) {
      let artRow = removeRow(art)
      if artRow.cells.isEmpty { return finishArtificial(art) }
      // A compact equality left as a combination of other equalities' markers at 0 is
      // implied by them: its own marker, basic, holds that combination (as a redundant
      // equality with a marker would), so that a change to those that moves it is refused.
      if let owner = compactOwner, artRow.cells.allSatisfy({ kind($0.symbol) == .dummy }) {
        let dummy = newSymbol(.dummy, owner: owner)
        // `row` (≡ artRow here) is the scaled expression, negated when `negated`; the
        // marker's equation `expression + dummy == 0` makes dummy = −expression.
        var markerRow = artRow
        if !negated { markerRow.negate() }
        insertRow(dummy, markerRow)
        promoted = dummy
        return finishArtificial(art)
      }
      // Any restricted symbol may replace the artificial one: its row's value is 0. The
      // largest, and never one that may be rounding (`Row.isPivotable`).
      var entering: Cell?
      for cell in artRow.cells where kind(cell.symbol) == .slack || kind(cell.symbol) == .error {
        guard artRow.isPivotable(cell.coefficient) else { continue }
        if entering == nil || abs(cell.coefficient) > abs(entering?.coefficient ?? 0) { entering = cell }
      }
      guard let entering else { return phaseOne.cells.map(\.symbol) }
      var newRow = artRow
      noteGrowth(solving: newRow, for: entering.symbol)
      newRow.solve(for: entering.symbol, replacing: art)
      substitute(entering.symbol, with: newRow)
      insertRow(entering.symbol, newRow)
    }
    return finishArtificial(art)
  }

  private mutating func finishArtificial(_ art: SymbolID) -> [SymbolID]? {
    for basic in columns[Int(art)] {
      willWrite(basic)
      rows[Int(basic)]?.remove(art)
    }
    columns[Int(art)] = []
    for l in levels.indices { levels[l].row.remove(art) }
    candidates.untrack(art)
    candidates.note(art)
    return nil
  }

  /// Adds (sign 1) or removes (sign -1) the weighted error symbols of an optional
  /// constraint to or from its objective level.
  mutating func addErrorsToObjective(_ record: ConstraintRecord, sign: Double) {
    let priority = record.constraint.priority
    guard !priority.isRequired else { return }
    guard let l = levelIndex(for: priority, create: sign > 0) else { return }
    addErrors(of: record, toLevel: l, sign: sign)
    levels[l].count += sign > 0 ? 1 : -1
    // Removing errors can free symbols anywhere in the objective: the next scan reads it all.
    if sign < 0 { candidates.noteAll() }
    if mode == .strict && levels[l].count == 0 {
      levels.remove(at: l)
    } else if sign < 0 {
      // Subtracting a row built up over many pivots leaves rounding on symbols it shared
      // with the constraints that remain. At a higher level such residue would block a
      // real improvement at the lower ones (strict mode skips symbols a higher level
      // holds), so it goes.
      levels[l].row.dropResidue()
    }
  }

  /// `sign ×` the record's weighted error symbols (their rows where basic) into level `l`.
  mutating func addErrors(of record: ConstraintRecord, toLevel l: Int, sign: Double) {
    // Errors are measured in the scaled equation's units: weigh them back to the user's.
    let w = weight(of: record.constraint.priority) * record.scale * sign
    var writes = ObjectiveWrites(kinds: kinds, lowest: levels.count - 1, level: l)
    swap(&writes.log, &candidates)
    for e in [record.marker, record.other] where e >= 0 && kind(e) == .error {
      if let row = rows[Int(e)] {
        levels[l].row.add(row, times: w, tolerance: epsilon, observer: &writes, spare: &spareCells)
      } else {
        var lostDigits = DigitLoss()
        writes.wrote(e, levels[l].row.accumulate(e, w, tolerance: epsilon, lostDigits: &lostDigits).value)
      }
    }
    swap(&writes.log, &candidates)
  }

  // MARK: - Remove

  mutating func remove(_ constraint: Constraint) throws(SolverError) {
    guard let record = records[constraint.id], !record.isEdit else { throw .unknownConstraint(constraint) }
    try removeRecord(record)
  }

  mutating func removeRecord(_ record: ConstraintRecord) throws(SolverError) {
    if record.isCompact {
      // No marker to pivot out: rebuild from the constraints that stay. They held together
      // before, so the rebuild cannot fail short of rounding.
      var rebuilt = self
      rebuilt.records[record.constraint.id] = nil
      try rebuilt.rebuild()
      self = rebuilt
      return
    }
    let marker = record.marker
    var leaving: SymbolID = -1
    if !isBasic(marker) {
      guard let row = markerLeavingRow(marker) else {
        throw .numericalFailure(context: "remove \(record.constraint)")
      }
      leaving = row
    }
    records[record.constraint.id] = nil
    addErrorsToObjective(record, sign: -1)
    if isBasic(marker) {
      _ = removeRow(marker)
    } else {
      var row = removeRow(leaving)
      noteGrowth(solving: row, for: marker)
      row.solve(for: marker, replacing: leaving)
      substitute(marker, with: row)
    }
    // The other error symbol vanishes with the marker's row (it only ever appeared in
    // this constraint's equation); clear rounding residue so no row keeps it.
    if record.other >= 0 {
      if isBasic(record.other) { _ = removeRow(record.other) }
      for basic in columns[Int(record.other)] { rows[Int(basic)]?.remove(record.other) }
      columns[Int(record.other)] = []
      for l in levels.indices { levels[l].row.remove(record.other) }
    }
    optimize(.main)
    settleInfeasibleRows()
    refactorizeAfterHugeValues()
    retire(record.other >= 0 ? 2 : 1)
  }

  /// The row to pivot the marker of a removed constraint into: the restricted row that
  /// limits it most, else any restricted row, else an external one; rows where the marker's
  /// coefficient may be rounding (`Row.isPivotable`) only when no other row holds it.
  func markerLeavingRow(_ marker: SymbolID) -> SymbolID? {
    markerLeavingRow(marker, pivotableOnly: true) ?? markerLeavingRow(marker, pivotableOnly: false)
  }

  private func markerLeavingRow(_ marker: SymbolID, pivotableOnly: Bool) -> SymbolID? {
    var first: SymbolID = -1, second: SymbolID = -1, third: SymbolID = -1, dummyRow: SymbolID = -1
    var r1 = Double.infinity, r2 = Double.infinity
    for basic in columns[Int(marker)] {
      guard let row = rows[Int(basic)] else { continue }
      let c = row.coefficient(of: marker)
      if c == 0 || (pivotableOnly && !row.isPivotable(c)) { continue }
      if kind(basic) == .dummy {
        // A redundant equality's row (always 0): pivoting through it moves nothing, and
        // the equality then takes over the removed constraint's part.
        if dummyRow < 0 || basic < dummyRow { dummyRow = basic }
      } else if kind(basic) == .external {
        if third < 0 || basic < third { third = basic }
      } else if c < 0 {
        let r = -row.constant / c
        if r < r1 || (r == r1 && basic < first) { r1 = r; first = basic }
      } else {
        let r = row.constant / c
        if r < r2 || (r == r2 && basic < second) { r2 = r; second = basic }
      }
    }
    if dummyRow >= 0 { return dummyRow }
    if first >= 0 { return first }
    if second >= 0 { return second }
    if third >= 0 { return third }
    return nil
  }

  // MARK: - Constants and edits

  /// Moves the constraint's constant by `delta` in the tableau: its equation
  /// `expression + k + a·marker … = 0` becomes `expression + k + delta …`, which is the
  /// old equation with `marker` replaced by `marker' + delta/a`.
  mutating func applyConstantChange(_ record: ConstraintRecord, delta: Double) {
    applyConstantChange(marker: record.marker, shift: delta / (record.markerCoefficient * record.scale))
  }

  mutating func applyConstantChange(marker: SymbolID, shift: Double) {
    constantRevision &+= 1
    if let current = rows[Int(marker)]?.constant {
      let value = cancellingSum(current, -shift, tolerance: constantTolerance)
      rows[Int(marker)]?.constant = value
      if abs(value) > constantBound { constantBound = abs(value) }
      if value < 0 && kind(marker) != .external { infeasible.append(marker) }
      return
    }
    for basic in columns[Int(marker)] {
      guard let row = rows[Int(basic)] else { continue }
      let value = cancellingSum(row.constant, row.coefficient(of: marker) * shift, tolerance: constantTolerance)
      rows[Int(basic)]?.constant = value
      if abs(value) > constantBound { constantBound = abs(value) }
      if value < 0 && kind(basic) != .external { infeasible.append(basic) }
    }
  }

  mutating func setConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
    guard var record = records[constraint.id], !record.isEdit else { throw .unknownConstraint(constraint) }
    guard constant.isFinite else { throw .nonFiniteValue(context: "The new constant of \(constraint)") }
    let delta = constant - record.constant
    if delta == 0 { return }
    let before = self
    if record.isCompact {
      record.constant = constant
      records[constraint.id] = record
      do throws(SolverError) {
        try rebuild()
      } catch {
        self = before
        guard case .unsatisfiableConstraint = error else { throw error }
        var others = self
        others.records[constraint.id] = nil
        throw others.unsatisfiable(constraint, constant: constant, certificate: [])
      }
      return
    }
    if kind(record.marker) == .dummy && isBasic(record.marker) {
      // A redundant equality: its row cannot absorb a change, so re-add it.
      do throws(SolverError) {
        try removeRecord(record)
        try add(constraint, constant: constant, isEdit: false)
      } catch {
        self = before
        throw error
      }
      return
    }
    applyConstantChange(record, delta: delta)
    record.constant = constant
    records[constraint.id] = record
    if let failed = movedRedundantRow(sharing: record.marker) ?? dualOptimize() {
      let certificate = (rows[Int(failed)]?.cells.map(\.symbol) ?? []) + [failed]
      self = before
      var others = self
      others.records[constraint.id] = nil
      throw others.unsatisfiable(constraint, constant: constant, certificate: certificate)
    }
  }

  /// A redundant equality (a basic dummy row, all dummies) sharing `marker` that a constant
  /// change moved off 0: moved either way it conflicts with the changed constraint, and no pivot
  /// can repair it (the dual simplex only sees negative rows, and never lets a dummy enter).
  ///
  /// Cells beside the dummies that may be rounding (`Row.isPivotable`) do not make the row any
  /// less redundant: the eliminations since the last refactorization leave such residue (the
  /// fuzzer met cells of 6e-16 beside a dummy of 1, and a change of 42 the row took was
  /// accepted, the equality missing by 42).
  private func movedRedundantRow(sharing marker: SymbolID) -> SymbolID? {
    columns[Int(marker)].first { basic in
      guard kind(basic) == .dummy, let row = rows[Int(basic)], row.constant != 0 else { return false }
      return row.cells.allSatisfy { kind($0.symbol) == .dummy || !row.isPivotable($0.coefficient) }
    }
  }

  /// ``setConstant(of:to:)`` without the snapshot that undoes a refusal, for callers that
  /// discard the solver when it refuses: the snapshot's copy-on-write copies the tableau on the
  /// first write, several times the cost of the change itself. A refusal leaves the tableau
  /// changed; only dropping the solver is safe then.
  mutating func setConstantDiscardingOnFailure(of constraint: Constraint, to constant: Double) throws(SolverError) {
    guard var record = records[constraint.id], !record.isEdit else { throw .unknownConstraint(constraint) }
    guard constant.isFinite else { throw .nonFiniteValue(context: "The new constant of \(constraint)") }
    let delta = constant - record.constant
    if delta == 0 { return }
    // A compact or redundant equality is rebuilt or re-added: the guarded path (rare).
    if record.isCompact || kind(record.marker) == .dummy && isBasic(record.marker) {
      return try setConstant(of: constraint, to: constant)
    }
    applyConstantChange(record, delta: delta)
    record.constant = constant
    records[constraint.id] = record
    if movedRedundantRow(sharing: record.marker) ?? dualOptimize() != nil {
      throw .unsatisfiableConstraint(constraint, conflicts: [])
    }
  }

  mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
    guard edits[Int(variable.index)] == nil else { throw .duplicateEditVariable(name: variable.name) }
    guard priority.isValid, !priority.isRequired else {
      throw .invalidPriority(priority, context: "the edit variable '\(variable.name)'")
    }
    let constraint = Constraint(LinearExpression(variable), .equal, priority: priority, label: "edit \(variable.name)")
    try add(constraint, constant: 0, isEdit: true)
    guard let record = records[constraint.id] else { return }
    edits[Int(variable.index)] = EditRecord(
      constraint: constraint, value: 0, marker: record.marker,
      markerCoefficient: record.markerCoefficient * record.scale)
  }

  mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
    guard let edit = edits[Int(variable.index)], var record = records[edit.constraint.id] else {
      throw .unknownEditVariable(name: variable.name)
    }
    record.constant = -edit.value
    try removeRecord(record)
    edits[Int(variable.index)] = nil
  }

  mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    guard let edit = edits[Int(variable.index)] else { throw .unknownEditVariable(name: variable.name) }
    guard value.isFinite else { throw .nonFiniteValue(context: "The value suggested for '\(variable.name)'") }
    let delta = value - edit.value
    if delta == 0 { return }
    edits[Int(variable.index)]?.value = value
    // The edit constraint is `variable - value == 0`: its constant moves by -delta (its
    // record's constant is brought up to date only when it is read or removed).
    applyConstantChange(marker: edit.marker, shift: -delta / edit.markerCoefficient)
    if dualOptimize() != nil {
      // Edits are optional, so only rounding can get here, with the change half made: the
      // operation ends by recomputing the tableau (`refactorizeIfDue`, or building it afresh
      // with every edit at its value when that is no better).
      refactorizationDue = true
    }
  }

  // MARK: - Listing

  func constraintsInOrder() -> [Constraint] {
    recordsInOrder().filter { !$0.isEdit }.map(\.constraint)
  }
}
