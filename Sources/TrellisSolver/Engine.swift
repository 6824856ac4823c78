/// What the solver knows about one added constraint.
package struct ConstraintRecord {
  package var constraint: Constraint
  /// The symbol that tracks the constraint in the tableau (slack, error or dummy).
  package var marker: SymbolID
  /// The second error symbol of an optional equality, or -1.
  package var other: SymbolID
  /// The coefficients of marker and other in the constraint's own equation, which
  /// decide how a change of constant moves them (see `applyConstantChange`).
  package var markerCoefficient: Double
  var otherCoefficient: Double
  /// The constant of `expression` now (it changes with setConstant and suggestValue).
  package var constant: Double
  /// The equation's largest coefficient: its row is divided by this.
  var scale: Double
  /// Insertion order, for listing and for conflict explanations.
  package var sequence: UInt64
  var isEdit: Bool

  package init(
    constraint: Constraint, marker: SymbolID, other: SymbolID, markerCoefficient: Double, otherCoefficient: Double,
    constant: Double, scale: Double, sequence: UInt64, isEdit: Bool
  ) {
    self.constraint = constraint
    self.marker = marker
    self.other = other
    self.markerCoefficient = markerCoefficient
    self.otherCoefficient = otherCoefficient
    self.constant = constant
    self.scale = scale
    self.sequence = sequence
    self.isEdit = isEdit
  }

  /// A compact required equality: no marker symbol, so chains and grids of equalities keep
  /// sparse rows; removing it or changing its constant rebuilds the tableau (`rebuild()`).
  var isCompact: Bool { marker < 0 }
}

/// An edit variable: an optional `variable == value` constraint.
package struct EditRecord {
  var constraint: Constraint
  var value: Double
  package var marker: SymbolID
  package var markerCoefficient: Double
}

/// What a guarded operation changed, so that a failure can put it back exactly: the
/// first prior value of every row it wrote, and the small parts saved whole.
struct Journal {
  var savedRows: [(SymbolID, Row?)] = []
  var levels: [Level]
  var infeasible: [SymbolID]
  var symbolCount: Int
  var refactorizationDue: Bool
  var constantBound: Double
}

/// The symbols that may have become able to improve the objective since a scan of it last found
/// none, so that the optimality check after each add looks at what changed instead of every
/// level's every cell (and, in strict mode, every higher level for each candidate): that scan
/// grew with the tableau at every add.
///
/// A symbol can only start to improve the objective when a level's coefficient of it changes:
/// turns negative, is written for a free (external) symbol, or goes, which can free it at a
/// lower level of strict mode. Substitutions and new errors note exactly those
/// (``ObjectiveWrites``); everything rarer (removals, refactorizations, compaction, a
/// roll-back, a new level) asks for a full scan. The consistency check (`Engine.problems`) always
/// scans in full, so the fuzzers check the log against the objective itself.
///
/// In strict mode the log also keeps, per symbol, which levels hold it (`levelMasks`), so that a
/// scan finds a symbol's highest level without searching the levels above it, and a substitution
/// skips the levels that do not hold the symbol it replaces.
package struct CandidateLog {
  /// Whether the next scan must read every level (the log is not known to be complete).
  package private(set) var all = true
  /// The first `count` are the noted symbols (each once, unless numbers were given out again);
  /// complete unless `all`. The array is kept when the log empties: clearing is only `count = 0`.
  private(set) var symbols: [SymbolID] = []
  private(set) var count = 0
  /// Per symbol, the `epoch` in which it was noted: a symbol noted twice is read once.
  private var notedIn: [UInt32] = []
  private var epoch: UInt32 = 1
  /// Whether `levelMasks` is kept: from a full scan that found nothing, in strict mode with 2 to
  /// 64 levels, until the next request for a full scan. (Level insertions and removals ask for
  /// one, so a bit always means the same level.) Not when the symbols far outnumber the levels'
  /// cells: making the masks would then cost more than the full scan it follows (a large layout
  /// with few optional constraints, removing constraints one after another).
  package private(set) var tracksLevels = false
  /// Per symbol, bit `l` set when level `l` holds it (exact while `tracksLevels`).
  private var levelMasks: [UInt64] = []
  /// Beyond this many notes a full scan is as cheap as reading the log.
  static let capacity = 1024

  @inline(__always)
  mutating func note(_ symbol: SymbolID) {
    guard !all else { return }
    let i = Int(symbol)
    if i >= notedIn.count { notedIn.append(contentsOf: repeatElement(0, count: i + 1 - notedIn.count)) }
    guard notedIn[i] != epoch else { return }
    if count == CandidateLog.capacity {
      noteAll()
      return
    }
    notedIn[i] = epoch
    if count < symbols.count {
      symbols[count] = symbol
    } else {
      symbols.append(symbol)
    }
    count += 1
  }

  /// Records that level `level` holds `symbol` or (`holds` false) no longer does.
  @inline(__always)
  mutating func track(_ symbol: SymbolID, level: Int, holds: Bool) {
    guard tracksLevels else { return }
    let i = Int(symbol)
    if i >= levelMasks.count { levelMasks.append(contentsOf: repeatElement(0, count: i + 1 - levelMasks.count)) }
    if holds {
      levelMasks[i] |= 1 << UInt64(level)
    } else {
      levelMasks[i] &= ~(1 << UInt64(level))
    }
  }

  /// Records that no level holds `symbol` (it became basic, or was dropped).
  @inline(__always)
  mutating func untrack(_ symbol: SymbolID) {
    guard tracksLevels, Int(symbol) < levelMasks.count else { return }
    levelMasks[Int(symbol)] = 0
  }

  /// The levels that hold `symbol`, one bit each (only while `tracksLevels`).
  @inline(__always)
  package func levels(holding symbol: SymbolID) -> UInt64 {
    Int(symbol) < levelMasks.count ? levelMasks[Int(symbol)] : 0
  }

  mutating func noteAll() {
    all = true
    tracksLevels = false
    clear()
  }

  /// A scan found no symbol that improves the objective.
  mutating func settle() {
    all = false
    clear()
  }

  /// A full scan of `levels` found no symbol that improves the objective: from here on the log is
  /// complete, and in strict mode (2 to 64 levels) it tracks which levels hold each symbol.
  mutating func settle(reading levels: [Level], mode: Solver.Mode, symbolCount: Int) {
    settle()
    let cells = levels.reduce(0) { $0 + $1.row.cells.count }
    tracksLevels = mode == .strict && levels.count >= 2 && levels.count <= 64 && symbolCount <= 64 + 8 * cells
    guard tracksLevels else { return }
    if levelMasks.count != symbolCount {
      levelMasks = [UInt64](repeating: 0, count: symbolCount)
    } else {
      for i in levelMasks.indices { levelMasks[i] = 0 }
    }
    for l in levels.indices {
      for cell in levels[l].row.cells { levelMasks[Int(cell.symbol)] |= 1 << UInt64(l) }
    }
  }

  /// Forgets symbols numbered `mark` and above, which are about to be given out again: a new
  /// symbol must not count as noted, nor as held by a level, under an old one's number.
  mutating func dropSymbols(from mark: Int) {
    if notedIn.count > mark { notedIn.removeLast(notedIn.count - mark) }
    if levelMasks.count > mark { levelMasks.removeLast(levelMasks.count - mark) }
  }

  private mutating func clear() {
    // Nothing noted, no stamp of this epoch to forget (most scans after an add).
    guard count > 0 else { return }
    count = 0
    epoch &+= 1
    if epoch == 0 {
      for i in notedIn.indices { notedIn[i] = 0 }
      epoch = 1
    }
  }
}

/// Notes what writes to an objective level mean for the ``CandidateLog`` (`log`, moved out of
/// the engine while the level is written): the levels that hold each symbol, and the symbols that
/// may now improve the objective: a negative coefficient, any of a free symbol, or none left when
/// lower levels may hold it (`level < lowest`).
struct ObjectiveWrites: RowWriteObserver {
  var log = CandidateLog()
  let kinds: [SymbolKind]
  let lowest: Int
  var level = 0

  @inline(__always)
  mutating func wrote(_ symbol: SymbolID, _ coefficient: Double) {
    log.track(symbol, level: level, holds: coefficient != 0)
    if coefficient < 0 || (coefficient == 0 ? level < lowest : kinds[Int(symbol)] == .external) { log.note(symbol) }
  }
}

/// One priority level of the objective (strict mode has one per distinct priority,
/// weighted mode a single level).
package struct Level {
  var priority: Priority
  /// Reduced costs of the nonbasic symbols; the constant is the level's total error.
  package var row: Row
  /// Constraints contributing error symbols to this level.
  var count: Int
}

/// The simplex tableau and the bookkeeping around it. A value type: copying it is a
/// cheap snapshot (copy-on-write), which is how failed operations are undone.
///
/// `package` for the solver's white-box tests only (see `Solver.engine`).
package struct Engine {
  /// Counts changes to the tableau's structure (rows inserted, removed or substituted into, a
  /// roll-back, a rebuild), never a change of constants alone: what depends only on the basis,
  /// such as which variables are ambiguous, stays valid while it is unchanged.
  var structureRevision = 0
  /// Counts changes of constants that leave the structure as it is (`applyConstantChange`): with
  /// ``structureRevision``, whether a ``ConstantSensitivity`` still describes the solution.
  var constantRevision = 0

  let mode: Solver.Mode
  /// When false (inside conflict explanation), failures are reported without explaining.
  var explainsConflicts = true

  // Variables made by the solver, by index.
  var variableNames: [String] = []
  package var variableSymbol: [SymbolID] = []

  // Symbols, by id.
  package var kinds: [SymbolKind] = []
  /// The constraint a marker or error symbol belongs to (0 = none).
  var owner: [UInt64] = []
  /// The variable index of an external symbol (-1 = none).
  package var symbolVariable: [Int32] = []
  /// The row of each basic symbol (`nil` for nonbasic ones).
  package var rows: [Row?] = []
  /// For each symbol, the basic symbols whose rows contain it: pivots and edits touch
  /// only those rows instead of scanning the tableau.
  package var columns: [[SymbolID]] = []

  package var levels: [Level] = []
  /// The cells of a row `substitute` rewrote, kept for its next merge to write into.
  var spareCells: [Cell] = []
  /// What may improve the objective since a scan last found nothing (see ``CandidateLog``).
  package var candidates = CandidateLog()
  /// When set (tests and the fuzz harness), every choice made from the log is checked against a
  /// full scan: `candidateLogMisses` counts the differences, `candidateLogChoices` the checks.
  package var verifiesCandidateLog = false
  package var candidateLogChoices = 0
  package var candidateLogMisses = 0
  /// The phase-one objective while a row is being added with an artificial variable.
  var artificial: Row?
  /// The largest term phase one's value was summed from (the new row's constant, and each
  /// substitution's coefficient times its row's constant): what its rounding is measured against
  /// (see `addWithArtificialVariable`).
  var artificialScale = 0.0
  /// Basic restricted symbols whose rows went negative, for the dual simplex.
  var infeasible: [SymbolID] = []

  package var records = RecordTable()
  /// Edit variables by variable index.
  package var edits: [EditRecord?] = []
  /// Set while an operation that may fail is under way.
  var journal: Journal?
  /// Per symbol, the journal that saved its row (`journalStamp` when the current one did):
  /// an array lookup instead of hashing into a set on every row write.
  var savedStamp: [UInt32] = []
  var journalStamp: UInt32 = 0
  /// Symbols no longer used since the last compaction (see `Compaction.swift`).
  var retiredSymbols = 0
  /// How many times the symbols were compacted (for tests).
  package var compactions = 0
  /// Retired symbols beyond which the engine compacts (when they are also half of all
  /// symbols): small enough that a toolkit adding and removing constraints for hours keeps
  /// its tables near the size of what is installed, large enough that compaction is rare
  /// (one pass over the tableau, amortized over the removals). Tests lower it.
  package var compactionFloor = 256
  /// The largest row value written since the last check (see `refactorizeAfterHugeValues`).
  var peakMagnitude = 0.0
  /// Row values beyond which an add or remove ends by refactorizing (tests change it).
  package var refactorThreshold = 1e9
  /// Set when the simplex divided by an element far below its row's magnitude (`noteGrowth`), a
  /// substitution left a coefficient far below the two it was the sum of (`substitute`),
  /// refused as possible rounding an element that turned out to matter (`leavingRow`,
  /// `dualOptimize`), or cleared a reduced cost no row limited (`optimize`): the operation then
  /// ends by recomputing the tableau from the constraints (`refactorizeIfDue`). Saved and
  /// restored with the journal, so an operation taken back leaves it as it was.
  var refactorizationDue = false
  /// Whether `refactorizeIfDue` acts (tests turn it off to show what it prevents).
  package var refactorizesWhenDue = true
  /// At least the largest |constant| of any tableau row: raised wherever a row's constant is
  /// written, lowered only by a scan (`rescanConstantBound`). A roll-back keeps the larger of
  /// the bound it finds and the one the operation began with.
  package var constantBound = 0.0
  /// While set, an add leaves the objective unoptimized (see `Solver.defersOptimization`).
  var defersOptimization = false
  /// When results are certified in exact arithmetic (see `Certification.swift`).
  var certification = CertificationPolicy.whenRisky
  /// Set when the operation took a decision near rounding (see
  /// ``CertificationPolicy/whenRisky``): it ends with a certificate.
  var certificationDue = false
  /// Certificates checked and results repaired so far (for tests and the fuzzer).
  var certificates = 0
  var repairs = 0
  /// Certificates given up at their budget (see `certificationBudget()`).
  var uncertified = 0
  /// The revisions (structure, constants) of the tableau a certificate last installed: while
  /// both are unchanged, the tableau is that certified one.
  var certifiedRevision: (Int, Int)?
  var nextSequence: UInt64 = 0

  init(mode: Solver.Mode) {
    self.mode = mode
    if mode == .weighted {
      levels = [Level(priority: Priority(1), row: Row(), count: 0)]
    }
  }

  // MARK: - Symbols and variables

  /// Room for `variables` more variables and `constraints` more constraints, with the symbols
  /// they make, so that a large build grows none of its tables: growing by doubling copies each
  /// table into fresh memory, which at thousands of views shows in a layout's cache misses.
  mutating func reserveCapacity(variables: Int, constraints: Int) {
    let variableCount = variableNames.count + variables
    variableNames.reserveCapacity(variableCount)
    variableSymbol.reserveCapacity(variableCount)
    edits.reserveCapacity(variableCount)
    // A variable's symbol, and up to two per constraint (its marker and error).
    let symbolCount = kinds.count + variables + 2 * constraints
    kinds.reserveCapacity(symbolCount)
    owner.reserveCapacity(symbolCount)
    symbolVariable.reserveCapacity(symbolCount)
    rows.reserveCapacity(symbolCount)
    columns.reserveCapacity(symbolCount)
    savedStamp.reserveCapacity(symbolCount)
    records.reserveCapacity(records.count + constraints)
  }

  mutating func registerVariable(name: String) -> Int32 {
    variableNames.append(name)
    variableSymbol.append(-1)
    edits.append(nil)
    return Int32(variableNames.count - 1)
  }

  mutating func newSymbol(_ kind: SymbolKind, owner constraintID: UInt64 = 0, variable: Int32 = -1) -> SymbolID {
    kinds.append(kind)
    owner.append(constraintID)
    symbolVariable.append(variable)
    rows.append(nil)
    columns.append([])
    savedStamp.append(0)
    return SymbolID(kinds.count - 1)
  }

  /// Drops symbols made since `mark` (a failed add), unlinking their variables.
  mutating func truncateSymbols(to mark: Int) {
    if kinds.count > mark { candidates.dropSymbols(from: mark) }
    while kinds.count > mark {
      let v = symbolVariable.removeLast()
      if v >= 0 { variableSymbol[Int(v)] = -1 }
      kinds.removeLast()
      owner.removeLast()
      rows.removeLast()
      columns.removeLast()
      savedStamp.removeLast()
    }
  }

  mutating func symbol(forVariable index: Int32) -> SymbolID {
    let existing = variableSymbol[Int(index)]
    if existing >= 0 { return existing }
    let s = newSymbol(.external, variable: index)
    variableSymbol[Int(index)] = s
    return s
  }

  @inline(__always) package func kind(_ s: SymbolID) -> SymbolKind { kinds[Int(s)] }
  @inline(__always) package func isBasic(_ s: SymbolID) -> Bool { rows[Int(s)] != nil }

  func value(ofVariable index: Int32) -> Double {
    guard index >= 0, Int(index) < variableSymbol.count else { return 0 }
    let s = variableSymbol[Int(index)]
    guard s >= 0 else { return 0 }
    return rows[Int(s)]?.constant ?? 0
  }

  // MARK: - Rows and columns

  /// Records the row of `basic` before its first change under a journal.
  @inline(__always)
  mutating func willWrite(_ basic: SymbolID) {
    guard journal != nil, savedStamp[Int(basic)] != journalStamp else { return }
    savedStamp[Int(basic)] = journalStamp
    journal?.savedRows.append((basic, rows[Int(basic)]))
  }

  /// Starts recording changes (see ``Journal``).
  package mutating func beginJournal() {
    journalStamp &+= 1
    if journalStamp == 0 {
      // Wrapped around: clear old stamps so none can match the new journal.
      for i in savedStamp.indices { savedStamp[i] = 0 }
      journalStamp = 1
    }
    journal = Journal(
      levels: levels, infeasible: infeasible, symbolCount: kinds.count, refactorizationDue: refactorizationDue,
      constantBound: constantBound)
  }

  /// Puts everything recorded since ``beginJournal()`` back as it was.
  package mutating func rollBack() {
    guard let j = journal else { return }
    structureRevision &+= 1
    journal = nil
    for (basic, _) in j.savedRows {
      if let current = rows[Int(basic)] {
        for cell in current.cells { unlink(basic, fromColumn: cell.symbol) }
      }
    }
    for (basic, old) in j.savedRows {
      rows[Int(basic)] = old
      if let old { for cell in old.cells { columns[Int(cell.symbol)].append(basic) } }
    }
    levels = j.levels
    candidates.noteAll()
    infeasible = j.infeasible
    artificial = nil
    refactorizationDue = j.refactorizationDue
    // A scan during the operation may have lowered the bound below a constant the rows put
    // back hold; the larger of the two is a bound for both.
    constantBound = max(constantBound, j.constantBound)
    truncateSymbols(to: j.symbolCount)
  }

  /// Sets `constantBound` to the largest |constant| of any tableau row now, and returns it:
  /// a scan of every row, for the rare paths that must judge rounding against the values the
  /// tableau holds rather than against the largest it ever held.
  mutating func rescanConstantBound() -> Double {
    var largest = 0.0
    for case let basic? in rows { largest = max(largest, abs(basic.constant)) }
    constantBound = largest
    return largest
  }

  /// Puts `row` into the tableau as the row of `basic`, indexing its columns.
  mutating func insertRow(_ basic: SymbolID, _ row: Row) {
    structureRevision &+= 1
    willWrite(basic)
    for cell in row.cells { link(basic, toColumn: cell.symbol) }
    if abs(row.constant) > constantBound { constantBound = abs(row.constant) }
    rows[Int(basic)] = row
  }

  /// Takes the row of `basic` out of the tableau.
  mutating func removeRow(_ basic: SymbolID) -> Row {
    guard let row = rows[Int(basic)] else { return Row() }
    structureRevision &+= 1
    willWrite(basic)
    rows[Int(basic)] = nil
    for cell in row.cells { unlink(basic, fromColumn: cell.symbol) }
    return row
  }

  /// Adds `basic` to the column of `symbol`. A column's first entry reserves room for 16: a
  /// column grows one entry at a time, and each growth from Swift's smallest capacity (two
  /// entries) reallocates; room for 8 still left many columns growing.
  @inline(__always)
  mutating func link(_ basic: SymbolID, toColumn symbol: SymbolID) {
    let c = Int(symbol)
    if columns[c].capacity == 0 { columns[c].reserveCapacity(16) }
    columns[c].append(basic)
  }

  @inline(__always)
  mutating func unlink(_ basic: SymbolID, fromColumn symbol: SymbolID) {
    let c = Int(symbol)
    if let i = columns[c].firstIndex(of: basic) {
      columns[c].swapAt(i, columns[c].count - 1)
      columns[c].removeLast()
    }
  }

  /// Replaces `symbol` by `row` in every tableau row that holds it, in the objective,
  /// and in the artificial objective; rows that turn negative are queued as infeasible.
  mutating func substitute(_ symbol: SymbolID, with row: Row) {
    structureRevision &+= 1
    // The column's buffer goes back to it emptied: a symbol made basic usually leaves the basis
    // again, and would reallocate its column then.
    var holders: [SymbolID] = []
    swap(&holders, &columns[Int(symbol)])
    defer {
      holders.removeAll(keepingCapacity: true)
      swap(&holders, &columns[Int(symbol)])
    }
    var lostDigits = DigitLoss()
    for basic in holders {
      guard rows[Int(basic)] != nil else { continue }
      willWrite(basic)
      // Moved out, not copied: a copy retains the cells' buffer and the write back releases it,
      // once per row per pivot.
      var target = rows[Int(basic)].take().unsafelyUnwrapped
      let a = target.coefficient(of: symbol)
      target.constant = cancellingSum(target.constant, row.constant * a, tolerance: constantTolerance)
      // Rounding of `a·row` joins the target's (see `Row.magnitude`).
      let reach = abs(a) * row.magnitude
      let grew = reach > target.magnitude
      if grew { target.magnitude = reach }
      if row.cells.count * 4 <= target.cells.count {
        // A short row into a long one: update in place (see `Row.add(_:times:)`).
        target.remove(symbol)
        for cell in row.cells {
          switch target.add(cell.symbol, cell.coefficient * a, lostDigits: &lostDigits) {
          case 1: link(basic, toColumn: cell.symbol)
          case -1: unlink(basic, fromColumn: cell.symbol)
          default: break
          }
        }
      } else {
        // Into the buffer the last merge freed, which then takes this row's old one.
        var out: [Cell] = []
        swap(&out, &spareCells)
        // A buffer too small is replaced by one with room to grow: rows fill in as the build goes
        // on, and each buffer passes from row to row (reallocating to the exact size would
        // reallocate again at the next merge).
        let needed = target.cells.count + row.cells.count
        if out.capacity < needed {
          out = []
          out.reserveCapacity(2 * needed)
        }
        Row.merge(
          target.cells, row.cells, into: &out, factor: a, skipping: symbol, lostDigits: &lostDigits,
          inserted: { link(basic, toColumn: $0) },
          removed: { unlink(basic, fromColumn: $0) })
        swap(&out, &target.cells)
        spareCells = out
      }
      if grew { target.capMagnitude() }
      // A sum taken for 0 that matters beside what is left of the row (see `DigitLoss`).
      if lostDigits.dropped > 0 {
        if lostDigits.dropped > tableauTolerance * target.largestCoefficient() { lostDigits.lost = true }
        lostDigits.dropped = 0
      }
      let constant = target.constant
      rows[Int(basic)] = consume target
      if abs(constant) > peakMagnitude { peakMagnitude = abs(constant) }
      if abs(constant) > constantBound { constantBound = abs(constant) }
      if constant < 0 && kind(basic) != .external {
        infeasible.append(basic)
      }
    }
    if lostDigits.lost { refactorizationDue = true }
    // The levels to rewrite: those holding `symbol` when the log knows them.
    let tracks = candidates.tracksLevels
    let holding = tracks ? candidates.levels(holding: symbol) : 0
    var writes = ObjectiveWrites(kinds: kinds, lowest: levels.count - 1)
    swap(&writes.log, &candidates)
    for l in levels.indices where !tracks || holding & (1 << UInt64(l)) != 0 {
      writes.level = l
      // Objective rows merge in place (`Row.mergeFromTheEnd`) and leave the spare alone; it is
      // passed here and in the artificial row below because the code compiled without it was slower.
      levels[l].row.substitute(symbol, with: row, tolerance: epsilon, observer: &writes, spare: &spareCells)
    }
    writes.log.untrack(symbol)
    swap(&writes.log, &candidates)
    if let a = artificial?.coefficient(of: symbol), a != 0 {
      artificialScale = max(artificialScale, abs(a * row.constant))
      var ignoring = IgnoringRowWrites()
      artificial?.substitute(symbol, with: row, tolerance: epsilon, observer: &ignoring, spare: &spareCells)
    }
  }

  /// Marks the operation for a refactorization when solving `row` for `symbol` divides by an
  /// element `riskyPivotAmplification` times smaller than the row's magnitude.
  @inline(__always)
  mutating func noteGrowth(solving row: Row, for symbol: SymbolID) {
    guard !refactorizationDue else { return }
    if row.magnitude > riskyPivotAmplification * abs(row.coefficient(of: symbol)) { refactorizationDue = true }
  }

  /// Makes `entering` basic in place of `leaving`.
  package mutating func pivot(entering: SymbolID, leaving: SymbolID) {
    var row = removeRow(leaving)
    noteGrowth(solving: row, for: entering)
    row.solve(for: entering, replacing: leaving)
    substitute(entering, with: row)
    insertRow(entering, row)
  }
}
