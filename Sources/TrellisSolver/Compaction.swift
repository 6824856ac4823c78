// Renumbering symbols so that a long-lived solver does not grow without bound.

extension Engine {
  /// Counts symbols that took part in nothing from now on (the marker and error symbols
  /// of a removed constraint, the artificial symbol of a finished phase one), and
  /// compacts when enough have gathered.
  mutating func retire(_ count: Int) {
    retiredSymbols += count
    if retiredSymbols >= compactionFloor && retiredSymbols * 2 >= kinds.count {
      compactSymbols()
    }
  }

  /// Drops every symbol that no variable and no constraint holds, numbering the rest
  /// densely **in their old order**. Every decision the simplex makes compares ids
  /// (ties go to the lowest) or walks rows and columns in stored order, and a monotone
  /// renumbering changes neither, so the solver goes on exactly as it would have:
  /// the same pivots, the same values bit for bit.
  mutating func compactSymbols() {
    guard journal == nil, artificial == nil, infeasible.isEmpty else { return }
    var live = [Bool](repeating: false, count: kinds.count)
    for s in variableSymbol where s >= 0 { live[Int(s)] = true }
    for record in records.values {
      if record.marker >= 0 { live[Int(record.marker)] = true }
      if record.other >= 0 { live[Int(record.other)] = true }
    }
    // A retired symbol still in the tableau would be a bug elsewhere; leave it all as is
    // rather than renumber a reference away.
    for (b, row) in rows.enumerated() {
      guard let row else { continue }
      guard live[b], row.cells.allSatisfy({ live[Int($0.symbol)] }) else { return }
    }
    for level in levels where !level.row.cells.allSatisfy({ live[Int($0.symbol)] }) { return }

    var newID = [SymbolID](repeating: -1, count: kinds.count)
    var next: SymbolID = 0
    for s in live.indices where live[s] {
      newID[s] = next
      next += 1
    }
    func renumbered(_ row: Row) -> Row {
      var row = row
      for i in row.cells.indices { row.cells[i].symbol = newID[Int(row.cells[i].symbol)] }
      return row
    }
    let count = Int(next)
    var newKinds: [SymbolKind] = [], newOwner: [UInt64] = [], newVariable: [Int32] = []
    var newRows: [Row?] = [], newColumns: [[SymbolID]] = []
    newKinds.reserveCapacity(count)
    newOwner.reserveCapacity(count)
    newVariable.reserveCapacity(count)
    newRows.reserveCapacity(count)
    newColumns.reserveCapacity(count)
    for s in live.indices where live[s] {
      newKinds.append(kinds[s])
      newOwner.append(owner[s])
      newVariable.append(symbolVariable[s])
      newRows.append(rows[s].map(renumbered))
      newColumns.append(columns[s].map { newID[Int($0)] })
    }
    kinds = newKinds
    owner = newOwner
    symbolVariable = newVariable
    rows = newRows
    columns = newColumns
    savedStamp = [UInt32](repeating: 0, count: count)
    for l in levels.indices { levels[l].row = renumbered(levels[l].row) }
    candidates.noteAll()
    for i in variableSymbol.indices where variableSymbol[i] >= 0 {
      variableSymbol[i] = newID[Int(variableSymbol[i])]
    }
    records.updateEach { record in
      if record.marker >= 0 { record.marker = newID[Int(record.marker)] }
      if record.other >= 0 { record.other = newID[Int(record.other)] }
    }
    for i in edits.indices {
      if let marker = edits[i]?.marker { edits[i]?.marker = newID[Int(marker)] }
    }
    retiredSymbols = 0
    compactions += 1
  }
}
