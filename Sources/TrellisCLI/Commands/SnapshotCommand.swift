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
      at --output and lists, per environment, every view that moved (before → after), appeared or \
      went; the exit status is 1 on any change. --update rewrites that snapshot and lists what \
      changed. See docs/cli.md for a CI recipe.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: [
      MatrixCommand.devicesSpec,
      .value("output", valueName: "path", help: "The snapshot file to write, check or update (else standard output)."),
      .flag("check", help: "Compare with the snapshot at --output; exit 1 if anything moved."),
      .flag("update", help: "Rewrite the snapshot at --output, listing what changed."),
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var file: String
  var output: String?
  var check: Bool
  var update: Bool
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    output = arguments.value("output")
    check = arguments.flag("check")
    update = arguments.flag("update")
    options = try MatrixOptions(arguments)
    if check && update { throw UsageError("'--check' and '--update' cannot be used together.") }
    if (check || update) && output == nil {
      throw UsageError("'--\(check ? "check" : "update")' needs '--output <path>', the snapshot file.")
    }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let blocks = try Self.blocks(try options.read(file, &context), options, &context)
    let rendered = FrameSnapshot.render(blocks, source: file)
    guard let output, check || update else {
      try context.emit(rendered, to: output, inputs: [file])
      return 0
    }
    let existing = try? String(contentsOfFile: output, encoding: .utf8)
    var old: [FrameSnapshot.Block]?
    if let existing {
      switch FrameSnapshot.parse(existing) {
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
      let changes = FrameSnapshot.differences(from: old, to: blocks)
      if changes.isEmpty {
        context.stdout += "\(file): no change in \(blocks.count) environments.\n"
        return 0
      }
      context.stdout += changes.map { $0 + "\n" }.joined()
      context.stderr +=
        "\(changes.count) of \(blocks.count) environments changed; review them, then run with --update.\n"
      return 1
    }
    let changes = old.map { FrameSnapshot.differences(from: $0, to: blocks) } ?? []
    try OutputFile.write(rendered, to: output, inputs: [file])
    context.stdout += changes.map { $0 + "\n" }.joined()
    context.stderr +=
      old == nil
      ? "wrote \(output): \(blocks.count) environments.\n"
      : "updated \(output): \(changes.count) of \(blocks.count) environments changed.\n"
    return 0
  }

  /// Every environment's block: one live solver per device (its orientations and windows are
  /// moves), statuses as `matrix` gives them with the suppressions in force.
  static func blocks(_ read: (LayoutDocument, ReadOutcome), _ options: MatrixOptions, _ context: inout CommandContext)
    throws
    -> [FrameSnapshot.Block]
  {
    let (solved, policy) = try options.solve(read, &context)
    return solved.map { entry, result in
      let environment = result.environment
      let name =
        "\(entry.device.name) \(entry.orientation.rawValue) \(entry.window) (\(environment.containerSize), \(environment.traits))"
      return FrameSnapshot.block(name: name, status: LayoutCheck(result, policy: policy).status.rawValue, result)
    }
  }
}
