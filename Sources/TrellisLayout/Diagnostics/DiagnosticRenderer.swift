import TrellisSupport

/// Prints diagnostics for people (GNU style, with the source line and a caret) or for tools (JSON).
///
/// GNU form, one block per diagnostic:
/// ```
/// layout.json:12:17: error: unknown view 'submitButon'; did you mean 'submitButton'?
///   at $.constraints[3]
///  12 |     "submitButon.top == root.top + 8",
///     |      ^
/// ```
/// followed by the diagnostic's notes, one per line. The path line is left out when the
/// diagnostic has no path, the source lines when the file's text is not at hand.
public enum DiagnosticRenderer {
  /// Source lines longer than this many scalars are shown as a window around the column.
  static let maximumLineWidth = 120

  /// The diagnostics in GNU form, in the order given (see ``sortedByPosition(_:)``).
  ///
  /// - Parameters:
  ///   - diagnostics: what to print.
  ///   - sources: the texts to quote lines from, matched by file name.
  public static func gnu(_ diagnostics: [Diagnostic], sources: [SourceText] = []) -> String {
    var byFile: [String: SourceText] = [:]
    for source in sources where byFile[source.file] == nil { byFile[source.file] = source }
    var out = ""
    for diagnostic in diagnostics {
      out += diagnostic.description + "\n"
      if let path = diagnostic.path { out += "  at \(path)\n" }
      if let location = diagnostic.location, let source = byFile[location.file],
        let scalars = source.lineScalars(location.line)
      {
        out += quote(scalars, line: location.line, column: location.column)
      }
      for note in diagnostic.notes { out += note + "\n" }
    }
    return out
  }

  /// The diagnostics as a JSON array, one object per line with sorted keys:
  /// `column, environment, file, kind, line, message, notes, path, severity` (`null` where
  /// unknown).
  public static func json(_ diagnostics: [Diagnostic]) -> String {
    if diagnostics.isEmpty { return "[]\n" }
    let records = diagnostics.map { diagnostic -> String in
      let location = diagnostic.location
      let fields: [(String, String)] = [
        ("column", location.map { String($0.column) } ?? "null"),
        ("environment", diagnostic.environment.map(jsonString) ?? "null"),
        ("file", location.map { jsonString($0.file) } ?? "null"),
        ("kind", jsonString(diagnostic.kind.rawValue)),
        ("line", location.map { String($0.line) } ?? "null"),
        ("message", jsonString(diagnostic.message)),
        ("notes", "[" + diagnostic.notes.map(jsonString).joined(separator: ", ") + "]"),
        ("path", diagnostic.path.map(jsonString) ?? "null"),
        ("severity", jsonString(diagnostic.severity.rawValue)),
      ]
      return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
    return "[\n" + records.joined(separator: ",\n") + "\n]\n"
  }

  /// Sorts by file, line and column; diagnostics at the same place keep their order, and
  /// ones without a location come last. Errors and warnings are interleaved by position.
  public static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      switch (lhs.element.location, rhs.element.location) {
      case (let l?, let r?):
        if l < r { return true }
        if r < l { return false }
        return lhs.offset < rhs.offset
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return lhs.offset < rhs.offset
      }
    }.map(\.element)
  }

  /// The source line with a gutter, and the caret line under `column` (1-based, in scalars).
  static func quote(_ scalars: [Unicode.Scalar], line: Int, column: Int) -> String {
    let caretIndex = min(max(column - 1, 0), scalars.count)
    var start = 0
    var end = scalars.count
    if scalars.count > maximumLineWidth {
      start = max(0, min(caretIndex - maximumLineWidth / 2, scalars.count - maximumLineWidth))
      end = min(scalars.count, start + maximumLineWidth)
    }
    var shown = start > 0 ? "..." : ""
    var caret = start > 0 ? "   " : ""
    for index in start..<end {
      let scalar = scalars[index]
      // Tabs are kept in both lines so the caret lines up whatever the tab width.
      if scalar == "\t" {
        shown.unicodeScalars.append(scalar)
      } else if scalar.value < 0x20 || scalar.value == 0x7F {
        shown.unicodeScalars.append(UTF8Decoding.replacement)
      } else {
        shown.unicodeScalars.append(scalar)
      }
      if index < caretIndex { caret += scalar == "\t" ? "\t" : " " }
    }
    if end < scalars.count { shown += "..." }
    let number = String(line)
    let gutter = String(repeating: " ", count: number.count)
    let sourceLine = shown.isEmpty ? " \(number) |" : " \(number) | \(shown)"
    return sourceLine + "\n" + " \(gutter) | \(caret)^\n"
  }

  /// A JSON string literal (see ``JSONText/quoted(_:)``).
  static func jsonString(_ text: String) -> String { JSONText.quoted(text) }
}
