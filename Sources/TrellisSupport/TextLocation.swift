/// A place in a text file: its name, a 1-based line and column (columns count Unicode
/// scalars), and the byte offset. The readers in this package report positions with it; the
/// layout module turns it into its public `SourceLocation`.
package struct TextLocation: Hashable, Sendable, Comparable {
  package var file: String
  package var line: Int
  package var column: Int
  package var offset: Int

  package init(file: String, line: Int, column: Int, offset: Int = 0) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }

  package static func < (lhs: TextLocation, rhs: TextLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}

/// Where a reader sends the problems it finds: one sentence each, with where it was written
/// and (for JSON) the path of the value. A sink may stop accepting (`isFull`); readers then stop
/// early instead of producing millions of problems from a binary file.
package protocol ProblemSink: AnyObject {
  var isFull: Bool { get }
  func report(_ problem: Problem)
}

/// One problem a reader found.
package struct Problem: Sendable {
  package enum Severity: Sendable { case error, warning }
  package var severity: Severity
  /// A stable, kebab-case name of the kind of problem (`json-syntax`, `unknown-key`, …).
  package var code: String
  package var message: String
  package var location: TextLocation
  package var path: String?
  /// Earlier places the problem refers to (`the first "id" is here`).
  package var notes: [(message: String, location: TextLocation)]

  package init(
    _ severity: Severity, code: String, _ message: String, at location: TextLocation, path: String? = nil,
    notes: [(message: String, location: TextLocation)] = []
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.location = location
    self.path = path
    self.notes = notes
  }
}

extension ProblemSink {
  package func error(_ message: String, code: String, at location: TextLocation, path: String? = nil) {
    report(Problem(.error, code: code, message, at: location, path: path))
  }
  package func warning(_ message: String, code: String, at location: TextLocation, path: String? = nil) {
    report(Problem(.warning, code: code, message, at: location, path: path))
  }
}
