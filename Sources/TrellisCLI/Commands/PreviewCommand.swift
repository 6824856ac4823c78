import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis preview FILE`: one self-contained HTML page showing the layout in every environment
/// of the matrix, for a browser.
struct PreviewCommand: Command {
  static let spec = CommandSpec(
    name: "preview", abstract: "Write an HTML page that shows a layout on every device, for a browser.",
    discussion: """
      The page covers every environment of the matrix (each device in portrait and landscape, \
      and the iPads' Split View windows): pick a device, an orientation and a Split View width; \
      the page shows the size classes, draws the frames (hidden views dashed, the safe area in \
      blue), lists the diagnostics 'matrix' checks, and on hover shows a view's frame and the \
      constraints that place it, with the arithmetic behind its x, y, width and height (as 'trellis \
      why' explains them). The page is one file with inline style and script and loads \
      nothing. It opens on the iPhone 17 and keeps the environment picked in its address: open \
      one directly with page.html#device=iPad&orientation=landscape&window=1/2. \
      The exit status is 0 when the page is written, whatever the environments' statuses.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: [
      MatrixCommand.devicesSpec,
      .value("output", valueName: "path", help: "The page to write (else standard output)."),
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var file: String
  var output: String?
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    output = arguments.value("output")
    options = try MatrixOptions(arguments)
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (solved, policy) = try options.solveExplaining(try options.read(file, &context), &context)
    var failing = 0
    let environments = solved.map { entry, result, explanations in
      let check = LayoutCheck(result, policy: policy)
      if check.status.isFailure { failing += 1 }
      var environment = PreviewPage.Environment(
        device: entry.device.name, orientation: entry.orientation.rawValue, window: entry.window,
        status: check.status.rawValue, problem: check.problem,
        diagnostics: policy.diagnostics(for: result, designChecks: true), result: result)
      environment.explanations = explanations
      return environment
    }
    let page = PreviewPage.render(
      environments, title: RawPath.display(file), defaultDevice: EnvironmentOptions.defaultDeviceName)
    try context.emit(page, to: output, inputs: [file])
    if let output, output != "-", OutputFile.stream(output) == nil {
      context.stderr +=
        "wrote \(RawPath.display(output)): \(environments.count) environments, \(failing) with problems.\n"
    }
    return 0
  }
}
