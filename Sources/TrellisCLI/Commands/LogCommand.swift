import TrellisJSON
import TrellisLog
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis log FILE|-`: UIKit's and AppKit's console conflict blocks, read, checked and explained.
struct LogCommand: Command {
  static let spec = CommandSpec(
    name: "log", abstract: "Read a console's 'Unable to simultaneously satisfy constraints' blocks and explain them.",
    discussion: """
      Reads every conflict block in FILE (a console log or a paste; '-' reads standard input), \
      rebuilds each block's constraints over its views, checks that they cannot all hold, finds a \
      minimal conflicting set, says which constraint UIKit broke (the printed breaking line, or, when \
      the paste lost it, the one the rule of docs/semantics.md predicts), what the views became, and \
      the pattern with its usual fix. A block that cannot be read is reported at its line and column; \
      the rest of the file is still read. With --with SOURCE, each block is followed by where its \
      views and constraints are in that layout (docs/logs.md, "Matching a log to its source"). The \
      exit status is 1 when any block could not be read, or SOURCE has errors.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The log file, or '-' for standard input.")],
    options: [
      .value(
        "format", valueName: "format", allowed: ["text", "json", "svg"],
        help: "What to print: the explanation with an ASCII picture, JSON for tools, or one block's SVG picture.",
        default: "text"),
      .value("block", valueName: "n", help: "With --format svg, the block to draw (1 is the first).", default: "1"),
      .value("columns", valueName: "n", help: "Width of the ASCII pictures.", default: "$COLUMNS, else 100"),
      .flag("ascii", help: "Draw with + - | instead of box-drawing characters."),
      .value(
        "with", valueName: "source",
        help:
          "Match each block's views and constraints to this layout (.json, .storyboard, .xib) and say where each is."),
      .value("scene", valueName: "id", help: "With --with: the storyboard's scene (id, identifier, class or title)."),
    ])

  /// The most blocks explained in one run.
  static let maxBlocks = 500

  /// The largest log read: far beyond any console paste.
  static let maxLogSize = 16 << 20

  var file: String
  var format: String
  var block: Int
  var columns: Int?
  var style: ASCIIDiagram.Style
  /// `--with`: the layout the log's app was built from, and `--scene`.
  var source: String?
  var scene: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    format = arguments.value("format") ?? "text"
    block = try arguments.integer("block", valueName: "n", in: 1...100_000) ?? 1
    columns = try arguments.integer("columns", valueName: "n", in: 10...1000)
    style = arguments.flag("ascii") ? .ascii : .unicode
    source = arguments.value("with")
    scene = arguments.value("scene")
    if scene != nil && source == nil { throw UsageError("'--scene' is only used with '--with <source>'.") }
    if let source, scene != nil, !InterfaceBuilderFiles.isInterfaceBuilder(source) {
      throw UsageError(
        "'--scene' picks a scene of a .storyboard or .xib; '\(source)' is a layout file with one view tree.")
    }
    if source != nil && format == "svg" {
      throw UsageError("'--with' adds to the text and JSON reports; '--format svg' draws one block without it.")
    }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let text: String
    let name: String
    if file == "-" {
      name = "<stdin>"
      var bytes: [UInt8] = []
      while let line = readLine(strippingNewline: false) {
        bytes += Array(line.utf8)
        if bytes.count > Self.maxLogSize {
          throw RuntimeError("standard input is larger than 16 MiB: not a console log")
        }
      }
      text = String(decoding: bytes, as: UTF8.self)
    } else {
      name = file
      switch InputFile.read(file, limit: Self.maxLogSize, kind: "a log file") {
      case .success(let bytes):
        if bytes.count > Self.maxLogSize { throw RuntimeError("'\(file)' is larger than 16 MiB: not a console log") }
        text = String(decoding: bytes, as: UTF8.self)
      case .failure(let failure):
        throw RuntimeError(failure.message)
      }
    }
    let matched = try source.map { path in try SourceMatching.read(path, scene: scene, &context) }
    let log = ConflictLogReader.read(text: text, file: name)
    let complete = log.blocks.filter(\.isComplete)
    // Each block costs a solve per listed constraint: a huge log is explained up to a bound.
    let analyses = complete.prefix(Self.maxBlocks).map { LogAnalysis.analyse($0, file: name) }
    if !log.diagnostics.isEmpty { context.stderr += context.format(log.diagnostics) }
    if complete.count > Self.maxBlocks {
      context.stderr += "\(name): \(complete.count) blocks read; the first \(Self.maxBlocks) are explained. "
      context.stderr += "Cut the log to the blocks you want explained.\n"
    }
    switch format {
    case "json":
      let report = LogReport.json(log, analyses)
      context.stdout += matched.map { LogReport.withSource(report, log, analyses, $0, json: true) } ?? report
    case "svg":
      guard analyses.indices.contains(block - 1) else {
        throw RuntimeError(
          "\(name) has \(analyses.count) block(s) that could be read; there is no block \(block) to draw")
      }
      guard let svg = LogReport.svg(analyses[block - 1], number: block) else {
        throw RuntimeError("block \(block) of \(name) has no view with a finite frame to draw")
      }
      context.stdout += svg
    default:
      let options = ASCIIDiagram.Options(
        columns: min(context.columns(columns), 100), style: style, showsSafeArea: false)
      let report = LogReport.text(log, analyses, diagram: options)
      context.stdout += matched.map { LogReport.withSource(report, log, analyses, $0, json: false) } ?? report
    }
    // The reader has said so, with what to paste (`log-no-conflict`).
    if log.blocks.isEmpty { return 1 }
    return log.diagnostics.contains { $0.severity == .error } || log.blocks.contains { !$0.isComplete } ? 1 : 0
  }
}
