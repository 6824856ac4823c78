/// Aligned plain-text tables: columns separated by two spaces, trailing spaces removed.
package enum TextTable {
  /// Renders `rows` (the first is the header) with the columns at `rightAligned` indices right-aligned.
  package static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
    let columnCount = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (index, cell) in row.enumerated() {
        let pad = String(repeating: " ", count: widths[index] - cell.count)
        if index > 0 { line += "  " }
        line += rightAligned.contains(index) ? pad + cell : cell + pad
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}
