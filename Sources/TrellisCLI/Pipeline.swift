import Foundation
import TrellisLayout

/// A layout file as read: the document when it could be built, and every problem found.
public struct ReadOutcome: Sendable {
  public var document: LayoutDocument?
  public var diagnostics: [Diagnostic]
  /// The file's text, for quoting source lines under diagnostics.
  public var source: String?

  public init(document: LayoutDocument?, diagnostics: [Diagnostic], source: String? = nil) {
    self.document = document
    self.diagnostics = diagnostics
    self.source = source
  }
}

/// The narrow seams through which the commands reach the rest of Trellis: one reads a file, one
/// resolves a document for an environment, one solves it, one formats diagnostics.
///
/// ``standard`` wires the real reader and engine; tests substitute closures returning hand-built values.
public struct Pipeline: Sendable {
  /// Reads and checks a layout file; never throws (problems become diagnostics).
  public var read: @Sendable (_ path: String) -> ReadOutcome
  /// Decides every size-class variation for an environment (`LayoutDocument.resolved(for:)`).
  public var resolve: @Sendable (_ document: LayoutDocument, _ environment: Environment) -> ResolvedLayout?
  /// Solves one document for an environment, optionally rounding frames to the pixel grid;
  /// `nil` means no engine is linked.
  public typealias Solve = (_ environment: Environment, _ snapToPixels: Bool) -> LayoutResult?

  /// Makes a function that solves one document for any environment. The function is used from
  /// one thread at a time and may keep work between calls (the engine keeps a live solver and
  /// applies only what changed from the previous environment).
  public var makeSolver: @Sendable (_ document: LayoutDocument) -> Solve
  /// GNU-style text for diagnostics: `file:line:col: severity: message`, the JSON path, the source
  /// line and a caret. `sources` maps file names to their text.
  public var formatDiagnostics: @Sendable (_ diagnostics: [Diagnostic], _ sources: [String: String]) -> String

  public init(
    read: @escaping @Sendable (String) -> ReadOutcome,
    resolve: @escaping @Sendable (LayoutDocument, Environment) -> ResolvedLayout?,
    makeSolver: @escaping @Sendable (LayoutDocument) -> Solve,
    formatDiagnostics: @escaping @Sendable ([Diagnostic], [String: String]) -> String = DiagnosticText.render
  ) {
    self.read = read
    self.resolve = resolve
    self.makeSolver = makeSolver
    self.formatDiagnostics = formatDiagnostics
  }

  /// The real pieces: `LayoutDocument.resolved(for:)` resolves, one ``LayoutEngine`` per solver
  /// function solves (an engine keeps its solver between environments, so each function must
  /// stay on one thread).
  ///
  /// Until the reader is merged, reading reports that layout files cannot be read in this build.
  public static let standard = Pipeline(
    read: { path in
      guard FileManager.default.fileExists(atPath: path) else {
        return ReadOutcome(document: nil, diagnostics: [Diagnostic(.error, "cannot read '\(path)': no such file")])
      }
      return ReadOutcome(
        document: nil,
        diagnostics: [
          Diagnostic(.error, "this build of trellis cannot read layout files yet (the reader is not linked)")
        ])
    },
    resolve: { document, environment in document.resolved(for: environment) },
    makeSolver: { document in
      let engine = LayoutEngine(document: document)
      return { environment, snap in engine.layout(in: environment, snapToPixels: snap) }
    })

  /// Solves once, with a fresh solver.
  public func solve(_ document: LayoutDocument, _ environment: Environment, snapToPixels: Bool = false) -> LayoutResult?
  {
    makeSolver(document)(environment, snapToPixels)
  }
}

/// Plain GNU-style diagnostics, used until the reader's renderer is wired in.
public enum DiagnosticText {
  /// One block per diagnostic: `file:line:col: severity: message`, then `  at <JSON path>`, the
  /// notes, and the source line with a caret under the column when the source is known.
  @Sendable public static func render(_ diagnostics: [Diagnostic], sources: [String: String]) -> String {
    var out = ""
    for diagnostic in diagnostics {
      out += diagnostic.description + "\n"
      if let path = diagnostic.path { out += "  at \(path)\n" }
      for note in diagnostic.notes { out += "  note: \(note)\n" }
      if let location = diagnostic.location, let source = sources[location.file],
        let line = sourceLine(source, number: location.line)
      {
        out += "  " + line + "\n"
        let caretColumn = min(max(location.column - 1, 0), line.unicodeScalars.count)
        out += "  " + String(repeating: " ", count: caretColumn) + "^\n"
      }
    }
    return out
  }

  private static func sourceLine(_ source: String, number: Int) -> String? {
    guard number >= 1 else { return nil }
    var current = 1
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == number {
        return line.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: "")
      }
      current += 1
    }
    return nil
  }
}
