import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis diff OLD NEW`: what a change to a layout file moves, environment by environment, and
/// which constraints it adds, removes or changes.
struct DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff", abstract: "Show what a change to a layout moves, environment by environment.",
    discussion: """
      Solves both layouts in every environment of the matrix (as 'snapshot' does) and prints first \
      the cause: the views and constraints added, removed or changed, with file:line (a \
      constraint the file does not name is matched by its equation); then each distinct move \
      once, with the environments it applies to ('card1.y +4 in 122 environments (all)'), most \
      widespread first. --verbose adds the per-environment listing. The exit status is 0 when \
      nothing moved, 1 when something did.
      """,
    arguments: [
      ArgumentSpec(name: "old", help: "The layout before the change."),
      ArgumentSpec(name: "new", help: "The layout after the change."),
    ],
    options: [
      MatrixCommand.devicesSpec,
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
      .flag("verbose", help: "List every environment's changes after the grouped report."),
      .value(
        "format", valueName: "format", allowed: ["text", "json"], help: "The report as text or JSON.", default: "text"),
    ] + TextOptions.specs)

  var old: String
  var new: String
  var verbose: Bool
  var json: Bool
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    old = arguments.argument("old") ?? ""
    new = arguments.argument("new") ?? ""
    verbose = arguments.flag("verbose")
    json = arguments.value("format") == "json"
    options = try MatrixOptions(arguments)
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let before = try context.readDocument(old, scene: options.scene, intrinsic: options.intrinsic)
    let after = try context.readDocument(new, scene: options.scene, intrinsic: options.intrinsic)
    let oldBlocks = try SnapshotCommand.blocks((options.text.apply(to: before.0), before.1), options, &context)
    let newBlocks = try SnapshotCommand.blocks((options.text.apply(to: after.0), after.1), options, &context)
    let report = ChangeReport(from: oldBlocks.blocks, to: newBlocks.blocks, entries: newBlocks.entries)
    let cause = LayoutChanges.compare(LayoutChanges.items(before.0), LayoutChanges.items(after.0))
    let environments = SnapshotCommand.environments(newBlocks.blocks.count)
    let changed = report.changedCount
    if json {
      context.stdout += report.json(cause: cause.map(\.json), verbose: verbose).prettyPrinted()
    } else if changed == 0 {
      context.stdout += "No frame moves in \(environments).\n"
      if !cause.isEmpty { context.stdout += "Changes:\n" + cause.map { "  \($0.text)\n" }.joined() }
    } else {
      context.stdout += report.render(
        summary: "\(changed) of \(environments) changed.", cause: cause.map(\.text), verbose: verbose)
    }
    return changed == 0 ? 0 : 1
  }
}
