/// What the solver knows about one added constraint.
struct ConstraintRecord {
  var constraint: Constraint
  /// The symbol that tracks the constraint in the tableau (slack, error or dummy).
  var marker: SymbolID
  /// The second error symbol of an optional equality, or -1.
  var other: SymbolID
  /// The coefficients of marker and other in the constraint's own equation, which
  /// decide how a change of constant moves them (see `applyConstantChange`).
  var markerCoefficient: Double
  var otherCoefficient: Double
  /// The constant of `expression` now (it changes with setConstant and suggestValue).
  var constant: Double
  /// The equation's largest coefficient: its row is divided by this.
  var scale: Double
  /// Insertion order, for listing and for conflict explanations.
  var sequence: UInt64
  var isEdit: Bool

  /// A compact required equality: no marker symbol, so chains and grids of equalities keep
  /// sparse rows; removing it or changing its constant rebuilds the tableau (`rebuild()`).
  var isCompact: Bool { marker < 0 }
}

/// An edit variable: an optional `variable == value` constraint.
struct EditRecord {
  var constraint: Constraint
  var value: Double
  var marker: SymbolID
  var markerCoefficient: Double
}

/// What a guarded operation changed, so that a failure can put it back exactly: the
/// first prior value of every row it wrote, and the small parts saved whole.
struct Journal {
  var savedRows: [(SymbolID, Row?)] = []
  var levels: [Level]
  var infeasible: [SymbolID]
  var symbolCount: Int
  var refactorizationDue: Bool
}

/// One priority level of the objective (strict mode has one per distinct priority,
/// weighted mode a single level).
struct Level {
  var priority: Priority
  /// Reduced costs of the nonbasic symbols; the constant is the level's total error.
  var row: Row
  /// Constraints contributing error symbols to this level.
  var count: Int
}

/// The simplex tableau and the bookkeeping around it. A value type: copying it is a
/// cheap snapshot (copy-on-write), which is how failed operations are undone.
struct Engine {
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
  var variableSymbol: [SymbolID] = []

  // Symbols, by id.
  var kinds: [SymbolKind] = []
  /// The constraint a marker or error symbol belongs to (0 = none).
  var owner: [UInt64] = []
  /// The variable index of an external symbol (-1 = none).
  var symbolVariable: [Int32] = []
  /// The row of each basic symbol (`nil` for nonbasic ones).
  var rows: [Row?] = []
  /// For each symbol, the basic symbols whose rows contain it: pivots and edits touch
  /// only those rows instead of scanning the tableau.
  var columns: [[SymbolID]] = []

  var levels: [Level] = []
  /// The phase-one objective while a row is being added with an artificial variable.
  var artificial: Row?
  /// Basic restricted symbols whose rows went negative, for the dual simplex.
  var infeasible: [SymbolID] = []

  var records = RecordTable()
  /// Edit variables by variable index.
  var edits: [EditRecord?] = []
  /// Set while an operation that may fail is under way.
  var journal: Journal?
  /// Per symbol, the journal that saved its row (`journalStamp` when the current one did):
  /// an array lookup instead of hashing into a set on every row write.
  var savedStamp: [UInt32] = []
  var journalStamp: UInt32 = 0
  /// Symbols no longer used since the last compaction (see `Compaction.swift`).
  var retiredSymbols = 0
  /// How many times the symbols were compacted (for tests).
  var compactions = 0
  /// Retired symbols beyond which the engine compacts (when they are also half of all
  /// symbols): small enough that a toolkit adding and removing constraints for hours keeps
  /// its tables near the size of what is installed, large enough that compaction is rare
  /// (one pass over the tableau, amortized over the removals). Tests lower it.
  var compactionFloor = 256
  /// The largest row value written since the last check (see `refactorizeAfterHugeValues`).
  var peakMagnitude = 0.0
  /// Row values beyond which an add or remove ends by refactorizing (tests change it).
  var refactorThreshold = 1e9
  /// Set when the simplex divided by an element far below its row's magnitude (`noteGrowth`), a
  /// substitution left a coefficient far below the two it was the sum of (`substitute`),
  /// refused as possible rounding an element that turned out to matter (`leavingRow`,
  /// `dualOptimize`), or cleared a reduced cost no row limited (`optimize`): the operation then
  /// ends by recomputing the tableau from the constraints (`refactorizeIfDue`). Saved and
  /// restored with the journal, so an operation taken back leaves it as it was.
  var refactorizationDue = false
  /// Whether `refactorizeIfDue` acts (tests turn it off to show what it prevents).
  var refactorizesWhenDue = true
  /// At least the largest |constant| of any tableau row: raised wherever a row's constant is
  /// written, lowered only by a scan (`dropRoundingOfImpliedEquality`). A bound that only
  /// grows stays one when an operation is taken back, so the journal leaves it alone.
  var constantBound = 0.0
  /// While set, an add leaves the objective unoptimized (see `Solver.defersOptimization`).
  var defersOptimization = false
  var nextSequence: UInt64 = 0

  init(mode: Solver.Mode) {
    self.mode = mode
    if mode == .weighted {
      levels = [Level(priority: Priority(1), row: Row(), count: 0)]
    }
  }

  // MARK: - Symbols and variables

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

  @inline(__always) func kind(_ s: SymbolID) -> SymbolKind { kinds[Int(s)] }
  @inline(__always) func isBasic(_ s: SymbolID) -> Bool { rows[Int(s)] != nil }

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
  mutating func beginJournal() {
    journalStamp &+= 1
    if journalStamp == 0 {
      // Wrapped around: clear old stamps so none can match the new journal.
      for i in savedStamp.indices { savedStamp[i] = 0 }
      journalStamp = 1
    }
    journal = Journal(
      levels: levels, infeasible: infeasible, symbolCount: kinds.count, refactorizationDue: refactorizationDue)
  }

  /// Puts everything recorded since ``beginJournal()`` back as it was.
  mutating func rollBack() {
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
    infeasible = j.infeasible
    artificial = nil
    refactorizationDue = j.refactorizationDue
    truncateSymbols(to: j.symbolCount)
  }

  /// Puts `row` into the tableau as the row of `basic`, indexing its columns.
  mutating func insertRow(_ basic: SymbolID, _ row: Row) {
    structureRevision &+= 1
    willWrite(basic)
    for cell in row.cells { columns[Int(cell.symbol)].append(basic) }
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
    let holders = columns[Int(symbol)]
    columns[Int(symbol)] = []
    var lostDigits = false
    for basic in holders {
      guard var target = rows[Int(basic)] else { continue }
      willWrite(basic)
      rows[Int(basic)] = nil
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
          case 1: columns[Int(cell.symbol)].append(basic)
          case -1: unlink(basic, fromColumn: cell.symbol)
          default: break
          }
        }
      } else {
        target.cells = Row.merge(
          target.cells, row.cells, factor: a, skipping: symbol, lostDigits: &lostDigits,
          inserted: { columns[Int($0)].append(basic) },
          removed: { unlink(basic, fromColumn: $0) })
      }
      if grew { target.capMagnitude() }
      rows[Int(basic)] = target
      if abs(target.constant) > peakMagnitude { peakMagnitude = abs(target.constant) }
      if abs(target.constant) > constantBound { constantBound = abs(target.constant) }
      if target.constant < 0 && kind(basic) != .external {
        infeasible.append(basic)
      }
    }
    if lostDigits { refactorizationDue = true }
    for l in levels.indices { levels[l].row.substitute(symbol, with: row, tolerance: epsilon) }
    if artificial != nil { artificial?.substitute(symbol, with: row, tolerance: epsilon) }
  }

  /// Marks the operation for a refactorization when solving `row` for `symbol` divides by an
  /// element `riskyPivotAmplification` times smaller than the row's magnitude.
  @inline(__always)
  mutating func noteGrowth(solving row: Row, for symbol: SymbolID) {
    guard !refactorizationDue else { return }
    if row.magnitude > riskyPivotAmplification * abs(row.coefficient(of: symbol)) { refactorizationDue = true }
  }

  /// Makes `entering` basic in place of `leaving`.
  mutating func pivot(entering: SymbolID, leaving: SymbolID) {
    var row = removeRow(leaving)
    noteGrowth(solving: row, for: entering)
    row.solve(for: entering, replacing: leaving)
    substitute(entering, with: row)
    insertRow(entering, row)
  }
}
