import TrellisLayout
import TrellisRender

/// `trellis solve FILE`: one environment, drawn or dumped.
struct SolveCommand: Command {
  static let spec = CommandSpec(
    name: "solve", abstract: "Solve a layout file for one environment and show the frames.",
    discussion: """
      Without --device or --size the environment is an iPhone 8 in portrait (375x667, wC hR, safe \
      area top 20, @2x). Layouts with conflicting or ambiguous constraints still print what could \
      be solved; the diagnostics go to standard error and the exit status is 1.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON).")],
    options: EnvironmentOptions.specs + [
      .flag("snap", help: "Round frames to the pixel grid of --scale, as UIKit does."),
      .value(
        "format", valueName: "format", allowed: ["ascii", "table", "json", "svg"], help: "What to print.",
        default: "ascii"),
      .value("columns", valueName: "n", help: "Width of the ASCII diagram.", default: "$COLUMNS, else 100"),
      .flag("ascii", help: "Draw the diagram with + - | instead of box-drawing characters."),
      .value("output", valueName: "path", help: "Write to this file instead of standard output."),
    ])

  var file: String
  var environment: Environment
  var snap: Bool
  var format: String
  var columns: Int?
  var style: ASCIIDiagram.Style
  var output: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    environment = try EnvironmentOptions.environment(from: arguments)
    snap = arguments.flag("snap")
    format = arguments.value("format") ?? "ascii"
    columns = try arguments.integer("columns", valueName: "n", in: 10...1000)
    style = arguments.flag("ascii") ? .ascii : .unicode
    output = arguments.value("output")
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (document, outcome) = try context.readDocument(file)
    let result = try context.solve(document, environment, snapToPixels: snap)
    let text: String
    switch format {
    case "table": text = FrameTable.render(result)
    case "json": text = LayoutJSON.render(result, layout: file)
    case "svg": text = SVGRenderer.render(result, title: file)
    default: text = ASCIIDiagram.report(result, options: .init(columns: context.columns(columns), style: style))
    }
    try context.emit(text, to: output, inputs: [file])
    if !result.diagnostics.isEmpty { context.stderr += context.format(result.diagnostics, source: outcome) }
    let failed =
      result.hasConflicts || !result.ambiguousViews.isEmpty || result.diagnostics.contains { $0.severity == .error }
    if failed, result.diagnostics.isEmpty {
      if result.hasConflicts { context.stderr += "error: required constraints conflict\n" }
      for view in result.ambiguousViews {
        context.stderr +=
          "error: \(view.id) has an ambiguous \(view.attributes.map(\.rawValue).joined(separator: ", "))\n"
      }
    }
    return failed ? 1 : 0
  }
}
