import Dispatch
import Foundation
import Synchronization
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisText

/// `trellis matrix FILE`: the layout on every device, orientation and iPad window.
///
/// `package` so that tests read the matrix's environments (`entries`) and flagged views.
package struct MatrixCommand: Command {
  static let spec = CommandSpec(
    name: "matrix", abstract: "Solve a layout on every device, orientation and iPad Split View width.",
    discussion: """
      One row per environment, failing ones first, each group in device-table order: each device \
      in portrait and landscape, then (iPads) its Split View / Slide Over windows: landscape 1/3, \
      1/2, 2/3 and portrait 1/3, 2/3. \
      Status is the first of: conflict, negative size (a view with a negative width or height), \
      ambiguous, outside safe area (a drawn view leaves the safe area), overlap (two drawn siblings \
      overlap), tap target (a button under 44x44 pt, or two overlapping), text too small (text \
      under 11 pt), text truncated (a drawn label or button does not show all its text; reported, \
      never failing), ok; a summary line counts them. --failures-only lists only the failing ones. \
      Environments are solved in parallel on all cores; the exit status is 1 when any has another \
      status than ok or text truncated.
      """,
    arguments: [ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib.")],
    options: [
      MatrixCommand.devicesSpec,
      .value(
        "format", valueName: "format", allowed: ["table", "json", "svg", "github"],
        help: "What to print (github: GitHub Actions annotations of the failing environments).", default: "table"),
      .value("output", valueName: "path", help: "Write to this file instead of standard output."),
      .flag("failures-only", help: "List only the environments that fail."),
      FailurePolicy.suppressSpec,
      MatrixCommand.contentSizesSpec,
      EnvironmentOptions.sceneSpec,
      // Measured by default: a label's stored frame is its size on one screen only.
      ImportCommand.intrinsicSpec(default: .fonts), FixSearch.noFixesSpec,
    ] + TextOptions.specs + [EnvironmentOptions.keyboardSpec])

  /// One environment of the matrix.
  package struct Entry: Sendable {
    package var device: Device
    package var orientation: Orientation
    /// `full`, `1/3`, `1/2` or `2/3`.
    package var window: String
    package var environment: Environment
  }

  var file: String
  var family: Device.Family?
  var format: String
  var output: String?
  var contentSizes: [ContentSizeCategory]
  var text: TextOptions
  var failuresOnly: Bool
  var suppressed: [Suppression]
  var scene: String?
  var intrinsic: IntrinsicSizeSource
  /// The parsed arguments, for `--keyboard`, which is checked against each screen's height.
  var arguments: ParsedArguments
  /// Whether to look for checked fixes of the failing environments' problems (not `--no-fixes`).
  var findsFixes: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    family = Self.family(arguments.value("devices"))
    format = arguments.value("format") ?? "table"
    output = arguments.value("output")
    contentSizes = try Self.contentSizes(arguments.value("content-sizes") ?? "large")
    failuresOnly = arguments.flag("failures-only")
    suppressed = try FailurePolicy.suppressions(from: arguments)
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
    intrinsic = ImportCommand.intrinsic(arguments, default: .fonts)
    self.arguments = arguments
    findsFixes = !arguments.flag("no-fixes")
    _ = try arguments.positiveNumber("keyboard", valueName: "height")
  }

  /// `all`, or a comma-separated list of categories, in the order given, without repeats; in the
  /// list `accessibility` stands for the five accessibility sizes, AX1 … AX5.
  static func contentSizes(_ text: String) throws(UsageError) -> [ContentSizeCategory] {
    if text.trimmingCharacters(in: .whitespaces).lowercased() == "all" { return ContentSizeCategory.allCases }
    var out: [ContentSizeCategory] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      let categories =
        name.lowercased() == "accessibility"
        ? ContentSizeCategory.allCases.filter(\.isAccessibilityCategory)
        : [try EnvironmentOptions.contentSize(name, option: "content-sizes")]
      for category in categories where !out.contains(category) { out.append(category) }
    }
    return out
  }

  /// `--content-sizes`, shared by `matrix` and `validate`.
  static let contentSizesSpec = OptionSpec.value(
    "content-sizes", valueName: "list",
    help:
      "Dynamic Type sizes to check, each environment in each: all, accessibility (AX1 ... AX5), or a comma-separated "
      + "list (large, AX5, accessibility, ...).",
    default: "large")

  /// `--devices all|iphone|ipad`, read by ``family(_:)``: one declaration for every command
  /// that goes through the matrix's environments.
  static let devicesSpec = OptionSpec.value(
    "devices", valueName: "set", allowed: ["all", "iphone", "ipad"], help: "Which devices.", default: "all")

  /// `--devices`: iPhones, iPads, or all (`nil`).
  static func family(_ value: String?) -> Device.Family? {
    switch value {
    case "iphone": return .iPhone
    case "ipad": return .iPad
    default: return nil
    }
  }

  /// Every environment, in table order.
  package static func entries(family: Device.Family?) -> [Entry] {
    var entries: [Entry] = []
    for device in DeviceTable.all where family == nil || device.family == family {
      for orientation in Orientation.allCases {
        entries.append(
          Entry(
            device: device, orientation: orientation, window: "full",
            environment: device.environment(orientation: orientation)))
      }
      for window in device.multitaskingWindows {
        entries.append(
          Entry(
            device: device, orientation: window.orientation, window: window.fraction.rawValue,
            environment: window.environment()))
      }
    }
    return entries
  }

  /// Every environment at each content size, size by size, each as the file's scene is laid out
  /// in it (`placed`: a component at its own size) and in the layout direction asked for.
  package static func entries(
    family: Device.Family?, contentSizes: [ContentSizeCategory], placed: (Environment) -> Environment,
    rightToLeft: Bool
  ) -> [Entry] {
    var all: [Entry] = []
    for category in contentSizes {
      for var entry in entries(family: family) {
        entry.environment = placed(entry.environment)
        entry.environment.contentSizeCategory = category
        if rightToLeft { entry.environment.layoutDirection = .rightToLeft }
        all.append(entry)
      }
    }
    return all
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (read, outcome) = try context.readDocument(file, scene: scene, intrinsic: intrinsic)
    let document = text.apply(to: read)
    let settings = try text.settings(for: document, &context)
    var entries = Self.entries(
      family: family, contentSizes: contentSizes, placed: outcome.placed, rightToLeft: text.rightToLeft)
    for index in entries.indices {
      // The same keyboard on every screen (a screen shorter than it is a usage error).
      entries[index].environment = try EnvironmentOptions.keyboard(entries[index].environment, from: arguments)
    }
    var results = try Self.solveAll(document, entries, context.pipeline, text: settings)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions(document.suppressions + suppressed)
    let allResults = results
    var checks = results.map { LayoutCheck($0, policy: policy) }
    let allChecks = checks
    // A suppression written in the file that covered nothing in any environment is a warning.
    var usage = policy.suppressions
    for result in results { _ = policy.diagnostics(for: result, designChecks: true, suppressions: &usage) }
    let unused = usage.unusedWarnings()
    if !unused.isEmpty { context.stderr += context.format(unused) }
    var shown = entries
    if failuresOnly {
      let keep = checks.indices.filter { checks[$0].status.isFailure }
      shown = keep.map { entries[$0] }
      results = keep.map { results[$0] }
      checks = keep.map { checks[$0] }
    }
    let text: String
    switch format {
    case "json":
      text = json(
        shown, checks, fixes: fixes(document, results: allResults, policy: policy, settings: settings, &context))
    case "svg": text = svg(shown, results, checks, policy: policy)
    case "github": text = Self.annotations(shown, results, checks, policy: policy, file: file)
    default:
      text =
        table(shown, checks) + Self.summary(of: allChecks, total: entries.count)
        + Self.fixesText(
          fixes(document, results: allResults, policy: policy, settings: settings, &context), &context, outcome)
    }
    try context.emit(text, to: output, inputs: [file])
    let failures = allChecks.filter { $0.status.isFailure }.count
    if failures > 0 {
      context.stderr += "\(failures) of \(entries.count) environments \(failures == 1 ? "has" : "have") problems.\n"
    }
    return failures > 0 ? 1 : 0
  }

  /// Solves `document` in every entry's environment, in parallel, results in the entries' order;
  /// shared by `matrix` and `validate`, so that both judge the same frames.
  static func solveAll(
    _ document: LayoutDocument, _ entries: [Entry], _ pipeline: Pipeline, text settings: TextSettings
  )
    throws(RuntimeError) -> [LayoutResult]
  {
    let slots = Mutex([LayoutResult?](repeating: nil, count: entries.count))
    // One worker per core, each with its own solver (an engine is not thread-safe but reuses its
    // solver between environments, which is much faster than starting afresh). Worker w takes
    // entries w, w + workers, …; results land in their own slot, so the order is the table's.
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, entries.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let solve = pipeline.makeSolver(document, settings)
      for index in stride(from: worker, to: entries.count, by: workers) {
        let result = solve(entries[index].environment, false)
        slots.withLock { $0[index] = result }
      }
    }
    var results: [LayoutResult] = []
    for slot in slots.withLock({ $0 }) {
      guard let result = slot else { throw RuntimeError.noEngine }
      results.append(result)
    }
    return results
  }

  /// The problems that fail environments and have checked fixes, each once with the number of
  /// environments it fails in and its `fix:` lines (each fix checked in every environment of
  /// the matrix); empty without `--no-fixes`' opposite or when none has a fix.
  func fixes(
    _ document: LayoutDocument, results: [LayoutResult], policy: FailurePolicy, settings: TextSettings,
    _ context: inout CommandContext
  ) -> [Diagnostic] {
    guard findsFixes, results.contains(where: { LayoutCheck($0, policy: policy).status.isFailure }) else { return [] }
    let failing = { (result: LayoutResult) in
      policy.diagnostics(for: result, designChecks: true).filter { $0.severity == .error }
    }
    let search = FixSearch(
      document: document, results: results, pipeline: context.pipeline, text: settings,
      problems: { policy.diagnostics(for: $0, designChecks: true) })
    let found = search.distinctProblems(failing).filter { !$0.diagnostic.fixes.isEmpty }
    return found.map { diagnostic, count -> Diagnostic in
      var copy = diagnostic
      copy.environments = []
      copy.notes.append(Diagnostic.Note("fails \(count) of the \(results.count) environments"))
      return copy
    }
  }

  /// The table form's `Checked fixes:` section; empty without fixes.
  static func fixesText(_ fixes: [Diagnostic], _ context: inout CommandContext, _ outcome: ReadOutcome) -> String {
    fixes.isEmpty ? "" : "\nChecked fixes:\n" + context.format(fixes, source: outcome)
  }

  /// The failing environments as GitHub annotations: one per failing check (code) and place in
  /// the file (else the file), each distinct message on a line naming the environments it fails
  /// in as the grouped reports do (`in 35 iPhone landscapes`), at most five lines.
  static func annotations(
    _ entries: [Entry], _ results: [LayoutResult], _ checks: [LayoutCheck], policy: FailurePolicy, file: String
  ) -> String {
    let places = entries.map(ChangeReport.Place.init)
    var found: [(diagnostic: Diagnostic, messages: [(text: String, environments: [Int])])] = []
    for index in checks.indices where checks[index].status.isFailure {
      let failing = policy.diagnostics(for: results[index], designChecks: true).first {
        $0.severity == .error && $0.code == checks[index].code
      }
      guard let diagnostic = failing else { continue }
      guard
        let known = found.firstIndex(where: {
          $0.diagnostic.code == diagnostic.code && $0.diagnostic.location == diagnostic.location
        })
      else {
        found.append((diagnostic, [(diagnostic.message, [index])]))
        continue
      }
      if let message = found[known].messages.firstIndex(where: { $0.text == diagnostic.message }) {
        found[known].messages[message].environments.append(index)
      } else {
        found[known].messages.append((diagnostic.message, [index]))
      }
    }
    return found.map { diagnostic, messages in
      var bare = diagnostic
      bare.environments = []
      var annotation = GitHubAnnotations.annotation(bare, file: file)
      let lines = messages.map {
        "\($0.text) in " + ChangeReport.describe($0.environments, of: places, all: Array(places.indices)).text
      }
      annotation.message =
        (lines.prefix(5) + (lines.count > 5 ? ["and \(lines.count - 5) more ('trellis matrix' lists them)"] : []))
        .joined(separator: "\n")
      return GitHubAnnotations.render(annotation)
    }.joined()
  }

  /// `110 environments, 3 failing (2 conflict, 1 overlap), 5 with text truncated.`
  static func summary(of checks: [LayoutCheck], total: Int) -> String {
    var byStatus: [LayoutCheck.Status: Int] = [:]
    for check in checks { byStatus[check.status, default: 0] += 1 }
    let failing = LayoutCheck.Status.allCases.filter(\.isFailure).compactMap { status in
      byStatus[status].map { "\($0) \(status.rawValue)" }
    }
    let count = checks.filter { $0.status.isFailure }.count
    var line = "\(total) environments, \(count) failing"
    if !failing.isEmpty { line += " (" + failing.joined(separator: ", ") + ")" }
    if let truncated = byStatus[.textTruncated] { line += ", \(truncated) with text truncated" }
    return "\n" + line + ".\n"
  }

  /// Failing environments first (in table order), then the others.
  func table(_ entries: [Entry], _ checks: [LayoutCheck]) -> String {
    let order =
      checks.indices.filter { checks[$0].status.isFailure } + checks.indices.filter { !checks[$0].status.isFailure }
    let entries = order.map { entries[$0] }
    let checks = order.map { checks[$0] }
    // The text size gets a column only when several are checked.
    let sizes = contentSizes.count > 1
    var rows: [[String]] = [
      ["device", "orientation", "window", "traits", "size"] + (sizes ? ["text size"] : []) + ["status", "problem"]
    ]
    for (entry, check) in zip(entries, checks) {
      rows.append(
        [
          entry.device.name, entry.orientation.rawValue, entry.window, "\(entry.environment.traits)",
          "\(check.laidOutSize ?? entry.environment.containerSize)",
        ] + (sizes ? [entry.environment.contentSizeCategory.shortName] : []) + [check.status.rawValue, check.problem])
    }
    return TextTable.render(rows)
  }

  /// The JSON form; `fixes` (the `Checked fixes:` section's diagnostics) as a last key, in the
  /// JSON form of docs/diagnostics.md, only when there are some.
  func json(_ entries: [Entry], _ checks: [LayoutCheck], fixes: [Diagnostic] = []) -> String {
    let items = zip(entries, checks).map { entry, check -> JSONValue in
      .object([
        "device": .string(entry.device.name),
        "orientation": .string(entry.orientation.rawValue),
        "window": .string(entry.window),
        "traits": .object([
          "horizontal": .string(entry.environment.traits.horizontal.rawValue),
          "vertical": .string(entry.environment.traits.vertical.rawValue),
        ]),
        "container": .object([
          "width": .number((check.laidOutSize ?? entry.environment.containerSize).width),
          "height": .number((check.laidOutSize ?? entry.environment.containerSize).height),
        ]),
        "contentSize": .string(entry.environment.contentSizeCategory.shortName),
        "status": .string(check.status.rawValue),
        "problem": check.problem.isEmpty ? .null : .string(check.problem),
      ])
    }
    let failures = checks.filter { $0.status.isFailure }.count
    var members: [JSONValue.Member] = [
      .init("layout", .string(file)),
      .init("environments", .array(items)),
      .init("summary", .object(["total": .number(Double(checks.count)), "failed": .number(Double(failures))])),
    ]
    if !fixes.isEmpty { members.append(.init("fixes", .array(fixes.map(DiagnosticRenderer.jsonValue)))) }
    return JSONValue.object(members).prettyPrinted()
  }

  /// The contact sheet: failing environments framed in red, and in each the views its failing
  /// check names drawn red (``flaggedViews(_:_:policy:)``).
  func svg(_ entries: [Entry], _ results: [LayoutResult], _ checks: [LayoutCheck], policy: FailurePolicy) -> String {
    let items = zip(zip(entries, results), checks).map { pair, check in
      let (entry, result) = pair
      var window = entry.window == "full" ? "" : " \(entry.window)"
      if entry.environment.contentSizeCategory != .large {
        window += ", \(entry.environment.contentSizeCategory.shortName)"
      }
      return SVGRenderer.Item(
        caption: [
          entry.device.name,
          "\(entry.orientation.rawValue)\(window), \(result.environment.containerSize), \(entry.environment.traits)",
          check.status.rawValue,
        ],
        result: result, isFailing: check.status.isFailure,
        flagged: check.status.isFailure ? Self.flaggedViews(result, check, policy: policy) : [])
    }
    return SVGRenderer.contactSheet(items, columns: 6, scale: 0.25)
  }

  /// The views the check that fails an environment is about, from the data (never a message):
  /// - negative size: the shown views with a negative width or height;
  /// - ambiguous: every view with an ambiguous frame;
  /// - outside safe area: the view the check names (the diagnostic's subject);
  /// - overlap: the view the check names and the shown siblings it overlaps;
  /// - conflict: none (a conflict is about constraints; the environment's frame says it).
  package static func flaggedViews(_ result: LayoutResult, _ check: LayoutCheck, policy: FailurePolicy) -> Set<String> {
    let shown = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    switch check.status {
    case .negativeFrame:
      return Set(shown.filter { $0.frame.width < 0 || $0.frame.height < 0 }.map(\.id))
    case .ambiguous:
      return Set(result.ambiguousViews.map(\.id))
    case .outsideSafeArea, .overlap:
      // The same diagnostic the check took its status from: the first failing one with its code.
      let failing = policy.diagnostics(for: result, designChecks: true).first {
        $0.severity == .error && $0.code == check.code
      }
      guard let subject = failing?.subject else { return [] }
      guard check.status == .overlap, let view = shown.first(where: { $0.id == subject }) else { return [subject] }
      let partners = shown.filter { other in
        other.id != view.id && other.parent == view.parent
          && min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX) > DesignChecks.tolerance
          && min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY) > DesignChecks.tolerance
      }
      return Set([subject] + partners.map(\.id))
    case .tapTarget, .textTooSmall:
      // The button or text the check names; for two overlapping tap targets, also the drawn
      // buttons whose frames overlap it.
      let failing = policy.diagnostics(for: result, designChecks: true).first {
        $0.severity == .error && $0.code == check.code
      }
      guard let subject = failing?.subject else { return [] }
      guard check.code == "tap-target-overlap", let view = shown.first(where: { $0.id == subject }) else {
        return [subject]
      }
      let partners = shown.filter { other in
        other.id != view.id && other.kind == .button
          && min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX) > DesignChecks.tolerance
          && min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY) > DesignChecks.tolerance
      }
      return Set([subject] + partners.map(\.id))
    case .conflict, .textTruncated, .ok:
      return []
    }
  }
}
