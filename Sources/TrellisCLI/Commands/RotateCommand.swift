import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisText

/// `trellis rotate FILE --device NAME`: what a rotation changes, in UIKit's order.
struct RotateCommand: Command {
  static let spec = CommandSpec(
    name: "rotate", abstract: "Show what changes when a device rotates, in UIKit's order.",
    discussion: """
      Resolves and solves the layout in both orientations and prints the steps UIKit goes through: \
      the trait transition (only when a size class changes; never on an iPad), the size transition, \
      the constraints uninstalled and installed and the hidden flags and texts that change, the \
      frames that move, then both diagrams.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: [
      .value("device", valueName: "name", help: "A device from 'trellis devices'.", required: true),
      .value(
        "from", valueName: "orientation", allowed: ["portrait", "landscape"],
        help: "The orientation before the rotation.", default: "portrait"),
      .flag("rtl", help: "Lay out right to left."),
      .value("columns", valueName: "n", help: "Width of the diagrams.", default: "$COLUMNS, else 100"),
      .flag("ascii", help: "Draw the diagrams with + - | instead of box-drawing characters."),
      EnvironmentOptions.contentSizeSpec,
      EnvironmentOptions.sceneSpec,
    ] + TextOptions.specs)

  var file: String
  var device: Device
  var from: Orientation
  var direction: LayoutDirection
  var columns: Int?
  var style: ASCIIDiagram.Style
  var contentSize: ContentSizeCategory
  var text: TextOptions
  var scene: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    device = try EnvironmentOptions.device(named: arguments.value("device") ?? "")
    from = arguments.value("from").flatMap(Orientation.init(rawValue:)) ?? .portrait
    direction = arguments.flag("rtl") ? .rightToLeft : .leftToRight
    columns = try arguments.integer("columns", valueName: "n", in: 10...1000)
    style = arguments.flag("ascii") ? .ascii : .unicode
    contentSize =
      try arguments.value("content-size").map { text throws(UsageError) in try EnvironmentOptions.contentSize(text) }
      ?? .large
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (read, outcome) = try context.readDocument(file, scene: scene)
    let document = text.apply(to: read)
    let settings = try text.settings(for: document, &context)
    let to: Orientation = from == .portrait ? .landscape : .portrait
    let direction: LayoutDirection = text.rightToLeft ? .rightToLeft : direction
    var before = outcome.placed(device.environment(orientation: from, layoutDirection: direction))
    var after = outcome.placed(device.environment(orientation: to, layoutDirection: direction))
    before.contentSizeCategory = contentSize
    after.contentSizeCategory = contentSize
    // One solver for both, as one app rotates: the second layout applies only what changed.
    let solve = context.pipeline.makeSolver(document, settings)
    guard let solvedBefore = solve(before, false), let solvedAfter = solve(after, false) else {
      throw RuntimeError.noEngine
    }
    // Each result carries the resolution it was solved from; resolve again only for a
    // pipeline whose results do not (a test's stand-in).
    guard let resolvedBefore = solvedBefore.resolution ?? context.pipeline.resolve(document, before, settings),
      let resolvedAfter = solvedAfter.resolution ?? context.pipeline.resolve(document, after, settings)
    else {
      throw RuntimeError("this build of trellis cannot resolve layouts yet (the resolver is not linked)")
    }
    let diff = LayoutDiff(from: resolvedBefore, to: resolvedAfter, solvedBefore: solvedBefore, solvedAfter: solvedAfter)
    context.stdout += RotationReport.render(
      diff, before: solvedBefore, after: solvedAfter, diagram: .init(columns: context.columns(columns), style: style))
    let policy = FailurePolicy()
    let diagnostics = policy.diagnostics(for: solvedBefore) + policy.diagnostics(for: solvedAfter)
    if !diagnostics.isEmpty { context.stderr += context.format(diagnostics, source: outcome) }
    return policy.fails(diagnostics) ? 1 : 0
  }
}
