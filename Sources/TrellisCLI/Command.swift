import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// A subcommand: its declaration, how it reads parsed arguments, and what it does.
protocol Command {
  static var spec: CommandSpec { get }
  /// Reads and checks the arguments; throws ``UsageError`` for anything the user must fix.
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// Does the work, writing to the context; returns the exit code. Throws ``RuntimeError``
  /// (exit 1) or ``UsageError`` (exit 64).
  func run(_ context: inout CommandContext) throws -> Int32
}

/// Where a command writes and what it may use.
///
/// `package` so that tests run a command on a context they build.
package struct CommandContext {
  var stdout = ""
  var stderr = ""
  let pipeline: Pipeline
  /// The process environment (`COLUMNS`).
  let variables: [String: String]
  /// The terminal's width when standard output is a terminal (`nil` otherwise, and in tests).
  package var terminalColumns: Int? = nil
  /// The terminal's height when standard output is one (`nil` otherwise, and in tests).
  var terminalRows: Int? = nil
  /// How `--watch` writes and waits.
  var watchHooks = WatchHooks()
  /// Asks the person at the terminal a yes-or-no question (the text given, ending with the
  /// choices) and says whether they answered yes; `nil` when standard input is no terminal.
  var confirm: (@Sendable (String) -> Bool)? = nil

  package init(pipeline: Pipeline, variables: [String: String], terminalColumns: Int? = nil) {
    self.pipeline = pipeline
    self.variables = variables
    self.terminalColumns = terminalColumns
  }

  /// Reads a layout file through the pipeline; a `.storyboard` or `.xib` is imported on the fly
  /// (its scene `scene`, or its only one), its diagnostics at the XML's lines and columns.
  func read(_ path: String, scene: String? = nil, intrinsic: IntrinsicSizeSource = .stored) -> ReadOutcome {
    guard InterfaceBuilderFiles.isInterfaceBuilder(path) else { return pipeline.read(path) }
    return InterfaceBuilderFiles.read(path, scene: scene, intrinsic: intrinsic)
  }

  /// Formats diagnostics, quoting source lines from the file `outcome` read, when given.
  func format(_ diagnostics: [Diagnostic], source outcome: ReadOutcome? = nil) -> String {
    pipeline.formatDiagnostics(diagnostics, outcome?.source.map { [$0] } ?? [])
  }

  /// The diagram width: `--columns`, else `$COLUMNS`, else the terminal's width when standard
  /// output is one (bash does not export `$COLUMNS`), else 100.
  package func columns(_ option: Int?) -> Int {
    if let option { return option }
    if let text = variables["COLUMNS"], let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 10,
      value <= 1000
    {
      return value
    }
    if let terminalColumns, terminalColumns >= 10 { return min(terminalColumns, 1000) }
    return 100
  }

  /// Writes `text` to `path`, or to stdout when `path` is nil or `-`; never over one of `inputs`
  /// (see ``OutputFile``).
  mutating func emit(_ text: String, to path: String?, inputs: [String] = []) throws(RuntimeError) {
    guard let path, path != "-", OutputFile.stream(path) != .standardOutput else {
      stdout += text
      return
    }
    if OutputFile.stream(path) == .standardError { return stderr += text }
    try OutputFile.write(text, to: path, inputs: inputs)
  }

  /// Reads a layout and fails (exit 1) when no document could be built, after printing the diagnostics.
  mutating func readDocument(_ path: String, scene: String? = nil, intrinsic: IntrinsicSizeSource = .stored)
    throws(RuntimeError) -> (LayoutDocument, ReadOutcome)
  {
    let outcome = read(path, scene: scene, intrinsic: intrinsic)
    if let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) {
      if !outcome.diagnostics.isEmpty { stderr += format(outcome.diagnostics, source: outcome) }
      return (document, outcome)
    }
    stderr += format(outcome.diagnostics, source: outcome)
    throw RuntimeError("'\(RawPath.display(path))' has errors; nothing was solved.")
  }

  /// Solves through the pipeline, failing when the engine is not available.
  func solve(
    _ document: LayoutDocument, _ environment: Environment, snapToPixels: Bool = false,
    text: TextSettings = TextSettings()
  ) throws(RuntimeError) -> LayoutResult {
    guard let result = pipeline.solve(document, environment, snapToPixels: snapToPixels, text: text) else {
      throw RuntimeError.noEngine
    }
    return result
  }
}
