import TrellisSupport

/// Prints diagnostics for people (GNU style, with the source line and a caret) or for tools
/// (JSON). These are the only two forms; commands never print a diagnostic any other way.
///
/// GNU form, one block per diagnostic:
/// ```
/// layout.json:12:17: error: unknown view 'submitButon'; did you mean 'submitButton'? [unknown-view]
///   at $.constraints[3]
///   in iPhone 8 portrait (375x667, wC hR)
///  12 |     "submitButon.top == root.top + 8",
///     |      ^
/// layout.json:3:5: note: 'submitButton' is declared here
/// ```
/// The path line is left out when the diagnostic has no path, the `in` line when it was not
/// found in an environment (several are joined with `; `, or said in one phrase when the
/// diagnostic has an ``Diagnostic/environmentsSummary``), the source lines when the file's
/// text is not at hand. Notes follow, one per line, with their own locations, then the checked
/// fixes (`  fix: add 'a.leading == b.leading' (checked in 8 environments)`).
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
      if let summary = diagnostic.environmentsSummary {
        out += "  in " + summary + "\n"
      } else if !diagnostic.environments.isEmpty {
        out += "  in " + diagnostic.environments.map(\.description).joined(separator: "; ") + "\n"
      }
      if let location = diagnostic.location, let source = byFile[location.file],
        let scalars = source.lineScalars(location.line)
      {
        out += quote(scalars, line: location.line, column: location.column)
      }
      for note in diagnostic.notes { out += note.description + "\n" }
      for fix in diagnostic.fixes { out += "  fix: \(fix)\n" }
    }
    return out
  }

  /// The diagnostics as a JSON array (docs/diagnostics.md, "JSON form"), pretty-printed.
  public static func json(_ diagnostics: [Diagnostic]) -> String {
    JSONValue.array(diagnostics.map(jsonValue)).prettyPrinted()
  }

  /// One diagnostic as a JSON object, every key present (`null` where unknown), in this order:
  /// `code, severity, kind, message, file, line, column, path, notes [{message, file, line,
  /// column}], environments [{description, device, orientation, width, height, horizontal,
  /// vertical, scale}]`.
  package static func jsonValue(_ diagnostic: Diagnostic) -> JSONValue {
    func location(_ location: SourceLocation?) -> [JSONValue.Member] {
      [
        .init("file", .optional(location?.file)), .init("line", .optional(location?.line)),
        .init("column", .optional(location?.column)),
      ]
    }
    var members: [JSONValue.Member] = [
      .init("code", .string(diagnostic.code.rawValue)), .init("severity", .string(diagnostic.severity.rawValue)),
      .init("kind", .string(diagnostic.kind.rawValue)), .init("message", .string(diagnostic.message)),
    ]
    members += location(diagnostic.location)
    members.append(.init("path", .optional(diagnostic.path)))
    members.append(
      .init(
        "notes",
        .array(diagnostic.notes.map { .object([.init("message", .string($0.message))] + location($0.location)) })))
    members.append(.init("environments", .array(diagnostic.environments.map(environmentValue))))
    // Only where a command looked for fixes and found some, so that other output stays as it was.
    if !diagnostic.fixes.isEmpty { members.append(.init("fixes", .array(diagnostic.fixes.map(fixValue)))) }
    return .object(members)
  }

  /// A checked fix: `{"fix": text, "edits": [text], "checkedEnvironments": n}`.
  package static func fixValue(_ fix: CheckedFix) -> JSONValue {
    .object([
      .init("fix", .string(fix.description)), .init("edits", .array(fix.edits.map { .string($0.description) })),
      .init("checkedEnvironments", .number(Double(fix.checkedEnvironments))),
    ])
  }

  /// An environment as diagnostics name it.
  package static func environmentValue(_ environment: Environment) -> JSONValue {
    .object([
      "description": .string(environment.description), "device": .optional(environment.deviceName),
      "orientation": .optional(environment.orientation?.rawValue),
      "width": .number(environment.containerSize.width), "height": .number(environment.containerSize.height),
      "horizontal": .string(environment.traits.horizontal.rawValue),
      "vertical": .string(environment.traits.vertical.rawValue), "scale": .number(environment.scale),
    ])
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

}
