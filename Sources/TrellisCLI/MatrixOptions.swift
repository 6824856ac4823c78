import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// What `snapshot`, `diff` and `preview` read the way `matrix` does: which devices
/// (`--devices`), the Interface Builder scene (`--scene`), the text options and the suppressed
/// checks (`--suppress`); and the matrix solved with them.
struct MatrixOptions {
  var family: Device.Family?
  var scene: String?
  var text: TextOptions
  var suppressed: [Suppression]
  /// How an Interface Builder file's text is sized (measured unless `--intrinsic stored`).
  var intrinsic: IntrinsicSizeSource

  init(_ arguments: ParsedArguments) throws(UsageError) {
    family = MatrixCommand.family(arguments.value("devices"))
    scene = arguments.value("scene")
    text = try TextOptions(arguments)
    suppressed = try FailurePolicy.suppressions(from: arguments)
    intrinsic = ImportCommand.intrinsic(arguments, default: .fonts)
  }

  /// The layout at `path` (its scene), with the text options applied, and how its scene is
  /// placed on a screen (``ReadOutcome/placed(_:)``).
  func read(_ path: String, _ context: inout CommandContext) throws -> (LayoutDocument, ReadOutcome) {
    let (document, outcome) = try context.readDocument(path, scene: scene, intrinsic: intrinsic)
    return (text.apply(to: document), outcome)
  }

  /// Every environment of the matrix solved, in table order, with the failure policy (the
  /// suppressions in force) that judges them: one live solver per device, its orientations and
  /// windows moved on it, as `matrix` does.
  func solve(_ read: (LayoutDocument, ReadOutcome), _ context: inout CommandContext) throws -> (
    solved: [(entry: MatrixCommand.Entry, result: LayoutResult)], policy: FailurePolicy
  ) {
    let (document, outcome) = read
    let settings = try text.settings(for: document, &context)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions(document.suppressions + suppressed)
    var solvers: [String: Pipeline.Solve] = [:]
    var solved: [(entry: MatrixCommand.Entry, result: LayoutResult)] = []
    for var entry in MatrixCommand.entries(family: family) {
      entry.environment = outcome.placed(entry.environment)
      if text.rightToLeft { entry.environment.layoutDirection = .rightToLeft }
      let solve = solvers[entry.device.name] ?? context.pipeline.makeSolver(document, settings)
      solvers[entry.device.name] = solve
      guard let result = solve(entry.environment, false) else { throw RuntimeError.noEngine }
      solved.append((entry, result))
    }
    return (solved, policy)
  }
}
