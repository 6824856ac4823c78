import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis snapshot FILE`: the frames of every environment of the matrix as stable text, and a
/// check of a layout against such a snapshot, for CI.
struct SnapshotCommand: Command {
  static let spec = CommandSpec(
    name: "snapshot", abstract: "Write the frames of every environment as text, or check a layout against them.",
    discussion: """
      One block per environment of the matrix (each device in portrait and landscape, and the \
      iPads' Split View windows), one line per view: its id, x, y, width and height in root \
      coordinates, and 'hidden' or 'inherited' for hidden views; the block's header ends with the \
      environment's status as 'matrix' reports it. --check compares the layout with the snapshot \
      at --output and reports what changed in the layout (views and constraints added, removed or \
      changed, with file:line; the snapshot records them) and then each distinct move once, with \
      the environments it applies to ('card1.y +4 in 122 environments (all)'); --verbose adds the \
      per-environment listing. The exit status is 1 on any change. --update rewrites that \
      snapshot and reports what changed. See docs/cli.md for a CI recipe.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: [
      MatrixCommand.devicesSpec,
      .value("output", valueName: "path", help: "The snapshot file to write, check or update (else standard output)."),
      .flag("check", help: "Compare with the snapshot at --output; exit 1 if anything moved."),
      .flag("update", help: "Rewrite the snapshot at --output, listing what changed."),
      .flag("verbose", help: "With --check: list every environment's changes after the grouped report."),
      .value(
        "format", valueName: "format", allowed: ["text", "json", "github"],
        help: "With --check: the report as text, JSON, or GitHub Actions annotations.", default: "text"),
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var file: String
  var output: String?
  var check: Bool
  var update: Bool
  var verbose: Bool
  var format: String
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    output = arguments.value("output")
    check = arguments.flag("check")
    update = arguments.flag("update")
    verbose = arguments.flag("verbose")
    format = arguments.value("format") ?? "text"
    options = try MatrixOptions(arguments)
    if check && update { throw UsageError("'--check' and '--update' cannot be used together.") }
    if (check || update) && output == nil {
      throw UsageError("'--\(check ? "check" : "update")' needs '--output <path>', the snapshot file.")
    }
    if format != "text" && !check { throw UsageError("'--format \(format)' is for '--check'.") }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let read = try options.read(file, &context)
    let (blocks, entries) = try Self.blocks(read, options, &context)
    let items = LayoutChanges.items(read.0)
    let rendered = FrameSnapshot.render(blocks, source: file, layout: items.map(LayoutChanges.line))
    guard let output, check || update else {
      try context.emit(rendered, to: output, inputs: [file])
      return 0
    }
    let existing = try? String(contentsOfFile: output, encoding: .utf8)
    var old: (blocks: [FrameSnapshot.Block], layout: [String])?
    if let existing {
      switch FrameSnapshot.parseWithLayout(existing) {
      case .success(let parsed): old = parsed
      case .failure(let problem):
        throw RuntimeError("'\(RawPath.display(output))' line \(problem.line): \(problem.message).")
      }
    }
    if check {
      guard let old else {
        throw RuntimeError(
          "there is no snapshot at '\(RawPath.display(output))'; write one with 'trellis snapshot \(file) --output \(output)'."
        )
      }
      let report = ChangeReport(from: old.blocks, to: blocks, entries: entries)
      // Format 1 recorded no layout: nothing to name as the cause.
      let cause = old.layout.isEmpty ? [] : LayoutChanges.compare(old.layout.compactMap(LayoutChanges.item), items)
      let changed = report.changedCount + report.added.count + report.gone.count
      let summary =
        changed == 0
        ? "\(file): no change in \(Self.environments(blocks.count))."
        : "\(file): \(changed) of \(Self.environments(blocks.count)) changed against \(output)."
      switch format {
      case "json":
        context.stdout += report.json(cause: cause.map(\.json), verbose: verbose).prettyPrinted()
      case "github":
        if changed > 0 {
          context.stdout += GitHubAnnotations.render(
            Self.annotations(report, cause, file: file, summary: summary, update: "trellis snapshot --update"))
        }
      default:
        guard changed > 0 else {
          context.stdout += summary + "\n"
          return 0
        }
        context.stdout += report.render(summary: summary, cause: cause.map(\.text), verbose: verbose)
        if old.layout.isEmpty {
          context.stdout += "(This snapshot predates format 2 and records no layout; --update records it.)\n"
        }
      }
      if changed > 0 { context.stderr += "review the changes, then run with --update.\n" }
      return changed > 0 ? 1 : 0
    }
    try OutputFile.write(rendered, to: output, inputs: [file])
    guard let old else {
      context.stderr += "wrote \(output): \(Self.environments(blocks.count)).\n"
      return 0
    }
    let report = ChangeReport(from: old.blocks, to: blocks, entries: entries)
    let cause = old.layout.isEmpty ? [] : LayoutChanges.compare(old.layout.compactMap(LayoutChanges.item), items)
    let changed = report.changedCount + report.added.count + report.gone.count
    if changed > 0 || !cause.isEmpty {
      context.stdout += report.render(
        summary: "\(file): \(changed) of \(Self.environments(blocks.count)) changed.", cause: cause.map(\.text),
        verbose: verbose)
    }
    context.stderr += "updated \(output): \(changed) of \(Self.environments(blocks.count)) changed.\n"
    return 0
  }

  /// `the 1 environment`, `122 environments`.
  static func environments(_ count: Int) -> String { count == 1 ? "the 1 environment" : "\(count) environments" }

  /// The grouped report as annotations: one per cause at its line (the moves it makes in its
  /// message), or one at the layout file when no cause is known.
  static func annotations(
    _ report: ChangeReport, _ cause: [LayoutChanges.Entry], file: String, summary: String, update: String
  ) -> [GitHubAnnotations.Annotation] {
    let moves = report.lines.map(ChangeReport.text)
    let shown = moves.prefix(20) + (moves.count > 20 ? ["… and \(moves.count - 20) more lines (--verbose)"] : [])
    let body = ([summary] + shown).joined(separator: "\n")
    let located = cause.compactMap { entry in entry.location.map { (entry, $0) } }
    guard !located.isEmpty else {
      return [
        GitHubAnnotations.Annotation(command: "error", file: file, title: "trellis frames changed", message: body)
      ]
    }
    return located.map { entry, location in
      GitHubAnnotations.Annotation(
        command: "error", file: location.file, line: location.line, column: location.column,
        title: "trellis frames changed", message: entry.text + "\n" + body)
    }
  }

  /// Every environment's block and its entry: one live solver per device (its orientations and
  /// windows are moves), statuses as `matrix` gives them with the suppressions in force.
  static func blocks(_ read: (LayoutDocument, ReadOutcome), _ options: MatrixOptions, _ context: inout CommandContext)
    throws
    -> (blocks: [FrameSnapshot.Block], entries: [MatrixCommand.Entry])
  {
    let (solved, policy) = try options.solve(read, &context)
    let blocks = solved.map { entry, result in
      let environment = result.environment
      let name =
        "\(entry.device.name) \(entry.orientation.rawValue) \(entry.window) (\(environment.containerSize), \(environment.traits))"
      return FrameSnapshot.block(name: name, status: LayoutCheck(result, policy: policy).status.rawValue, result)
    }
    return (blocks, solved.map(\.entry))
  }
}
