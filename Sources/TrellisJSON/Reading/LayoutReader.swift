import Foundation
import TrellisModel
import TrellisSupport

/// What reading a layout file gave: the document (when there were no errors) and every
/// diagnostic, sorted by position.
public struct LayoutReadResult: Sendable {
  /// The document; `nil` when any error was reported (warnings alone keep it).
  public var document: LayoutDocument?
  /// Errors and warnings sorted by file, line and column.
  public var diagnostics: [Diagnostic]
  /// The file's text, for quoting lines in rendered diagnostics (`nil` if it could not be read).
  public var source: SourceText?

  /// A result from its parts (for tests and tools that build one by hand).
  public init(document: LayoutDocument?, diagnostics: [Diagnostic], source: SourceText?) {
    self.document = document
    self.diagnostics = diagnostics
    self.source = source
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The diagnostics in GNU form with source lines and carets (see `DiagnosticRenderer`).
  public var renderedDiagnostics: String {
    DiagnosticRenderer.gnu(diagnostics, sources: source.map { [$0] } ?? [])
  }
}

/// Reads layout files (docs/layout-format.md) into `LayoutDocument` values, reporting every
/// problem with its file, line, column and JSON path.
public enum LayoutReader {
  /// Reads and checks the layout file at `path`.
  ///
  /// - Parameters:
  ///   - path: the file to read; diagnostics name it exactly as given.
  ///   - limits: bounds on size and nesting (see ``ReaderLimits``).
  /// - Returns: the document (when there were no errors) and the diagnostics.
  public static func read(contentsOf path: String, limits: ReaderLimits = ReaderLimits()) -> LayoutReadResult {
    let bytes: [UInt8]
    switch InputFile.read(path, limit: limits.maxFileSize) {
    case .success(let read): bytes = read
    case .failure(let failure):
      return LayoutReadResult(
        document: nil, diagnostics: [Diagnostic(.error, failure.message, code: "unreadable-file")], source: nil)
    }
    if bytes.count > limits.maxFileSize {
      return LayoutReadResult(
        document: nil, diagnostics: [fileTooLarge(file: RawPath.display(path), limits: limits)], source: nil)
    }
    return parse(bytes: bytes, file: RawPath.display(path), limits: limits)
  }

  /// Reads and checks layout text.
  ///
  /// - Parameters:
  ///   - text: the file's contents.
  ///   - file: the name diagnostics use.
  ///   - limits: bounds on size and nesting.
  public static func parse(_ text: String, file: String = "<input>", limits: ReaderLimits = ReaderLimits())
    -> LayoutReadResult
  {
    parse(bytes: Array(text.utf8), file: file, limits: limits)
  }

  /// Reads and checks layout file bytes (UTF-8; invalid bytes are reported, not trapped on).
  public static func parse(bytes: [UInt8], file: String, limits: ReaderLimits = ReaderLimits()) -> LayoutReadResult {
    let source = SourceText(file: file, bytes: bytes)
    if bytes.count > limits.maxFileSize {
      return LayoutReadResult(document: nil, diagnostics: [fileTooLarge(file: file, limits: limits)], source: source)
    }
    let sink = DiagnosticSink(limit: limits.maxDiagnostics)
    let body = bytes.starts(with: UTF8Decoding.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
    let isBlank = body.allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
    }
    var document: LayoutDocument?
    if source.isBinary {
      // Parsing it would only quote its bytes back, one error at a time.
      sink.error(
        "binary-file", "the file is not text but binary data; a layout file is JSON text in UTF-8",
        at: SourceLocation(file: file, line: 1, column: 1, offset: 0), path: nil)
    } else if isBlank {
      sink.error(
        "empty-file",
        "the file is empty; a layout file is one JSON object with a \"root\" view",
        at: SourceLocation(file: file, line: 1, column: 1, offset: 0), path: nil)
    } else if let tree = JSONParser.parse(bytes: bytes, file: file, limits: limits.json, sink: sink) {
      var reader = DocumentReader(file: file, limits: limits, sink: sink)
      document = reader.read(tree)
    }
    // The reader only reads JSON and records where each value was written; the rules of a
    // document are the validator's, the same for every front end.
    if let read = document, !sink.isFull {
      for diagnostic in LayoutValidator(maxMagnitude: limits.maxMagnitude).validate(read) { sink.add(diagnostic) }
    }
    if sink.errorCount > 0 { document = nil }
    return LayoutReadResult(
      document: document, diagnostics: DiagnosticRenderer.sortedByPosition(sink.diagnostics), source: source)
  }

  private static func fileTooLarge(file: String, limits: ReaderLimits) -> Diagnostic {
    Diagnostic(
      .error,
      "the file is larger than \(limits.maxFileSize) bytes, the reader's limit; split it",
      code: "limit-exceeded", at: SourceLocation(file: file, line: 1, column: 1, offset: 0))
  }
}
