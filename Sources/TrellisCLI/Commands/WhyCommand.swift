import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis why FILE VIEW[.ATTRIBUTE]`: why a frame value is what it is in one environment.
struct WhyCommand: Command {
  static let spec = CommandSpec(
    name: "why", abstract: "Explain why a view's frame value is what it is, constraint by constraint.",
    discussion: """
      Solves the layout for one environment (the options 'solve' takes) and prints the arithmetic \
      that gives the value and the constraints it rests on, from the container inward, each with \
      its source (file:line:col, the stack or content size that made it), read from the solver's \
      optimal basis; then how the value moves per point of the container's width and height, and \
      the optional constraints that lost. An ambiguous value gets the range it can take and the \
      constraints that leave it free. VIEW alone explains its x, y, width and height (x and y in \
      the root's coordinates); an ATTRIBUTE is x, y, width, height or an anchor (centerY, \
      leading, firstBaseline, …). The exit status is 0 when the value is determined, 1 when it is \
      ambiguous.
      """,
    arguments: [
      ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib."),
      ArgumentSpec(name: "value", help: "VIEW or VIEW.ATTRIBUTE: card1, card1.width, title.centerY."),
    ],
    options: EnvironmentOptions.specs + [EnvironmentOptions.sceneSpec, ImportCommand.intrinsicSpec(default: .stored)]
      + TextOptions.specs + [
        .value(
          "format", valueName: "format", allowed: ["text", "json"], help: "The explanation as text or JSON.",
          default: "text"),
        .value("output", valueName: "path", help: "Write to this file instead of standard output."),
        EnvironmentOptions.keyboardSpec,
      ])

  var file: String
  var value: String
  var environment: Environment
  var json: Bool
  var output: String?
  var text: TextOptions
  var scene: String?
  var intrinsic: IntrinsicSizeSource
  /// The environment of an Interface Builder scene, when no option chooses a screen.
  var design: ((Environment) throws(UsageError) -> Environment)?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    value = arguments.argument("value") ?? ""
    environment = try EnvironmentOptions.environment(from: arguments)
    json = arguments.value("format") == "json"
    output = arguments.value("output")
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
    intrinsic = ImportCommand.intrinsic(arguments, default: .stored)
    if !EnvironmentOptions.choosesScreen(arguments) {
      design = { (environment: Environment) throws(UsageError) in
        try EnvironmentOptions.design(environment, from: arguments)
      }
    }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (read, outcome) = try context.readDocument(file, scene: scene, intrinsic: intrinsic)
    var environment = environment
    if let design, let designed = outcome.designEnvironment {
      environment = try design(designed)
    } else {
      environment = outcome.placed(environment)
    }
    let document = text.apply(to: read, &environment)
    let settings = try text.settings(for: document, &context)
    let explain = context.pipeline.makeExplainer(document, settings)
    // Laid out once to learn the views, then asked: the engine answers from the layout it holds.
    guard let (result, _) = explain(environment, []) else { throw RuntimeError.noEngine }
    let inDocument = Set(MatrixOptions.frameRequests(document).map(\.view))
    let shown = result.views.map(\.id)
    let requests: [(view: String, quantity: FrameExplanation.Quantity)]
    do {
      requests = try Self.requests(value, views: shown, file: file)
    } catch {
      // A view of the file that this environment does not install (Interface Builder's
      // "installed" box per size class) is not a misspelling.
      let named = value.contains(".") ? String(value[..<(value.lastIndex(of: ".") ?? value.endIndex)]) : value
      let view = inDocument.contains(value) ? value : named
      if inDocument.contains(view), !shown.contains(view) {
        throw RuntimeError(
          "View '\(view)' is not installed in \(environment): nothing places it there. [not-installed]")
      }
      throw error
    }
    guard let (_, answers) = explain(environment, requests) else { throw RuntimeError.noEngine }
    let explanations = answers.compactMap { $0 }
    guard explanations.count == requests.count else {
      throw RuntimeError("'\(value)' could not be explained in \(environment): the layout has no such value there.")
    }
    let report =
      json
      ? WhyReport.json(explanations, environment: environment, layout: RawPath.display(file)).prettyPrinted()
      : WhyReport.text(explanations, environment: environment)
    try context.emit(report, to: output, inputs: [file])
    return explanations.contains { $0.range != nil } ? 1 : 0
  }

  /// The values `text` names (`VIEW` is its four frame values); a usage error naming the
  /// unknown view or attribute, with the nearest known one.
  static func requests(_ text: String, views: [String], file: String) throws(UsageError) -> [(
    view: String, quantity: FrameExplanation.Quantity
  )] {
    let frame: [FrameExplanation.Quantity] = [.x, .y, .width, .height]
    if views.contains(text) { return frame.map { (text, $0) } }
    let where_ = "in '\(RawPath.display(file))'"
    guard let dot = text.lastIndex(of: ".") else {
      throw UsageError("Unknown view '\(text)' \(where_)\(Self.hint(text, views)) [unknown-view]")
    }
    let view = String(text[..<dot])
    let name = String(text[text.index(after: dot)...])
    guard views.contains(view) else {
      throw UsageError("Unknown view '\(view)' \(where_)\(Self.hint(view, views)) [unknown-view]")
    }
    guard let quantity = FrameExplanation.Quantity(name: name) else {
      throw UsageError(
        "Unknown attribute '\(name)' of '\(view)'\(Self.hint(name, FrameExplanation.Quantity.names)) Use x, y, width, "
          + "height or an anchor (centerX, leading, firstBaseline, …). [unknown-attribute]")
    }
    return [(view, quantity)]
  }

  /// `; did you mean 'card1'?` or `.`: the end of a sentence naming an unknown word.
  private static func hint(_ word: String, _ candidates: [String]) -> String {
    let hint = DidYouMean.hint(for: word, among: candidates)
    return hint.isEmpty ? "." : hint
  }
}
