import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis solve FILE`: one environment, drawn or dumped.
///
/// `package` so that tests read its option spec.
package struct SolveCommand: Command {
  package static let spec = CommandSpec(
    name: "solve", abstract: "Solve a layout file for one environment and show the frames.",
    discussion: """
      Without --device or --size the environment is an iPhone 17 in portrait (402x874, wC hR, safe \
      area 62,0,34,0 for the Dynamic Island and the home indicator, @3x); an Interface Builder \
      scene is laid out where IB laid it out. Layouts with conflicting or ambiguous constraints \
      still print what could be solved; the diagnostics go to standard error and the exit status is 1. \
      Under a diagnostic, 'fix:' lines give edits that remove it, checked by solving the edited \
      layout in this environment (not with --snap).
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: EnvironmentOptions.specs + [EnvironmentOptions.sceneSpec, ImportCommand.intrinsicSpec(default: .stored)]
      + ScrollOptions.specs + TextOptions.specs + [
        .flag("snap", help: "Round frames to the pixel grid of --scale, as UIKit does."),
        .value(
          "format", valueName: "format", allowed: ["ascii", "table", "json", "svg"], help: "What to print.",
          default: "ascii"),
        .value("columns", valueName: "n", help: "Width of the ASCII diagram.", default: "$COLUMNS, else 100"),
        .flag("ascii", help: "Draw the diagram with + - | instead of box-drawing characters."),
        .value("output", valueName: "path", help: "Write to this file instead of standard output."),
        FailurePolicy.suppressSpec,
        .flag("watch", help: "Solve and draw again each time the file changes, until interrupted (Ctrl-C)."),
        .value("interval", valueName: "seconds", help: "How often --watch looks at the file.", default: "0.5"),
        EnvironmentOptions.keyboardSpec,
      ])

  var file: String
  var environment: Environment
  var snap: Bool
  var format: String
  var columns: Int?
  var style: ASCIIDiagram.Style
  var output: String?
  var scrollOverrides: [(id: String, offset: Point?, zoom: Double?)]
  var text: TextOptions
  var scene: String?
  var intrinsic: IntrinsicSizeSource
  var suppressed: [Suppression]
  var watch: Bool
  var interval: Double
  /// The environment of an Interface Builder scene, when no option chooses a screen.
  var design: ((Environment) throws(UsageError) -> Environment)?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    environment = try EnvironmentOptions.environment(from: arguments)
    snap = arguments.flag("snap")
    format = arguments.value("format") ?? "ascii"
    columns = try arguments.integer("columns", valueName: "n", in: 10...1000)
    style = arguments.flag("ascii") ? .ascii : .unicode
    output = arguments.value("output")
    scrollOverrides = try ScrollOptions.overrides(from: arguments)
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
    intrinsic = ImportCommand.intrinsic(arguments, default: .stored)
    suppressed = try FailurePolicy.suppressions(from: arguments)
    watch = arguments.flag("watch")
    interval = try arguments.positiveNumber("interval", valueName: "seconds") ?? 0.5
    if arguments.value("interval") != nil, !watch { throw UsageError("--interval is only used with --watch.") }
    // Polling faster than this only burns the CPU; slower than a minute is not watching.
    guard (0.05...60).contains(interval) else {
      throw UsageError(
        "The value '\(arguments.value("interval") ?? "")' is invalid for '--interval <seconds>'. Expected 0.05 to 60.")
    }
    if !EnvironmentOptions.choosesScreen(arguments) {
      design = { (environment: Environment) throws(UsageError) in
        try EnvironmentOptions.design(environment, from: arguments)
      }
    }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    guard watch else { return try solveOnce(&context) }
    // The layout's fonts directory is not watched: a font change is rare and a directory would
    // have to be read whole on every look.
    return try context.watch([file], interval: interval, hooks: context.watchHooks) { try solveOnce(&$0) }
  }

  private func solveOnce(_ context: inout CommandContext) throws -> Int32 {
    let (read, outcome) = try context.readDocument(file, scene: scene, intrinsic: intrinsic)
    var environment = environment
    if let design, let designed = outcome.designEnvironment {
      environment = try design(designed)
    } else {
      // On a screen the options chose, a component keeps its own size and has no safe area.
      environment = outcome.placed(environment)
    }
    let document = text.apply(to: try ScrollOptions.apply(scrollOverrides, to: read), &environment)
    let settings = try text.settings(for: document, &context)
    let result = try context.solve(document, environment, snapToPixels: snap, text: settings)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions(document.suppressions + suppressed)
    var diagnostics = policy.diagnostics(for: result)
    if !diagnostics.isEmpty, !snap {
      // Checked in this one environment only (validate checks them everywhere): cheap enough to
      // need no option to turn it off.
      let search = FixSearch(document: document, results: [result], pipeline: context.pipeline, text: settings) {
        policy.diagnostics(for: $0)
      }
      diagnostics = search.attach(to: diagnostics)
    }
    let text: String
    switch format {
    case "table": text = FrameTable.render(result)
    case "json": text = LayoutJSON.render(Self.withFixes(result, from: diagnostics), layout: file)
    case "svg": text = SVGRenderer.render(result, title: file)
    default: text = ASCIIDiagram.report(result, options: .init(columns: context.columns(columns), style: style))
    }
    do {
      try context.emit(text, to: output, inputs: [file])
    } catch {
      // An output that cannot be written stays unwritable however often the layout changes.
      throw watch ? WatchStop(error) : error
    }
    if !diagnostics.isEmpty { context.stderr += context.format(diagnostics, source: outcome) }
    return policy.fails(diagnostics) ? 1 : 0
  }

  /// `result` with each of its diagnostics carrying the fixes found for the same problem among
  /// `judged` (the ones printed on stderr), for the JSON form.
  static func withFixes(_ result: LayoutResult, from judged: [Diagnostic]) -> LayoutResult {
    var fixes: [FixChecker.ProblemKey: [CheckedFix]] = [:]
    for diagnostic in judged where !diagnostic.fixes.isEmpty {
      fixes[FixChecker.ProblemKey(diagnostic), default: diagnostic.fixes] = diagnostic.fixes
    }
    guard !fixes.isEmpty else { return result }
    var copy = result
    for index in copy.diagnostics.indices {
      copy.diagnostics[index].fixes = fixes[FixChecker.ProblemKey(copy.diagnostics[index])] ?? []
    }
    return copy
  }
}
