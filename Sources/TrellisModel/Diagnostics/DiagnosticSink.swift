/// Collects the diagnostics of one read, up to a limit (so a binary file cannot produce
/// millions of them). Shared by reference between the parser and the readers of one file.
package final class DiagnosticSink {
  package private(set) var diagnostics: [Diagnostic] = []
  package private(set) var errorCount = 0
  /// Set once the limit is reached; parsers stop early when they see it.
  package private(set) var isFull = false
  private let limit: Int

  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  package func error(
    _ code: Diagnostic.Code, _ message: String, at location: SourceLocation?, path: String? = nil,
    notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(.error, message, code: code, at: location, path: path, notes: notes))
  }

  package func warning(
    _ code: Diagnostic.Code, _ message: String, at location: SourceLocation?, path: String? = nil,
    notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(.warning, message, code: code, at: location, path: path, notes: notes))
  }

  package func add(_ diagnostic: Diagnostic) {
    guard !isFull else { return }
    if diagnostics.count == limit {
      isFull = true
      errorCount += 1
      diagnostics.append(
        Diagnostic(
          .error,
          "too many problems; stopped after \(limit); fix these and read the file again",
          code: "too-many-problems"))
      return
    }
    if diagnostic.severity == .error { errorCount += 1 }
    diagnostics.append(diagnostic)
  }
}
