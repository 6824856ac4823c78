import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisText

/// `trellis validate FILE...`: every diagnostic of the files, and every check `trellis matrix`
/// runs, in every environment it solves: the one gate.
///
/// `package` so that tests check how directories expand and how environment sets are named.
package struct ValidateCommand: Command {
  static let spec = CommandSpec(
    name: "validate", abstract: "Check layout files, and solve them on every device as 'trellis matrix' does.",
    discussion: """
      Prints every problem GNU-style (file:line:column: severity: message, the JSON path, the source \
      line and a caret), sorted by position. Each file that reads cleanly is also solved in every \
      environment 'trellis matrix' solves (every device, both orientations, every iPad Split View \
      width, at each --content-sizes size; --devices as in matrix), with the same checks and the \
      same suppressions: \
      conflicts, negative sizes, ambiguity, views outside the safe area, overlapping siblings, \
      tap targets and text size are errors, truncated text a warning; so a file that passes \
      validate passes matrix. A problem found in several environments is printed once, naming \
      them (`in 35 iPhone landscapes`). Under a problem, 'fix:' lines give edits that remove it, \
      each checked by solving the edited layout in every environment validated ('trellis fix' \
      writes them; --no-fixes skips the search). A .storyboard or .xib with several scenes is validated \
      scene by scene (--scene picks one), one summary line each. The exit status is 1 when any \
      file has an error.
      """,
    arguments: [
      ArgumentSpec(
        name: "file", help: "Layout files (JSON), .storyboard and .xib files, or directories to search.",
        isVariadic: true)
    ],
    options: [
      .value(
        "format", valueName: "format", allowed: ["text", "json", "github"],
        help: "How to print the diagnostics (github: GitHub Actions annotations).", default: "text"),
      .flag("warnings-as-errors", help: "Treat warnings as errors."), FixSearch.noFixesSpec,
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec, MatrixCommand.devicesSpec,
      MatrixCommand.contentSizesSpec,
      // As matrix measures them, so that both judge the same frames.
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var files: [String]
  var json: Bool
  var github: Bool
  var warningsAsErrors: Bool
  var text: TextOptions
  var scene: String?
  var suppressed: [Suppression]
  var contentSizes: [ContentSizeCategory]
  var family: Device.Family?
  var intrinsic: IntrinsicSizeSource
  /// Whether to look for checked fixes (not `--no-fixes`).
  var findsFixes = true

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.arguments("file")
    json = arguments.value("format") == "json"
    github = arguments.value("format") == "github"
    warningsAsErrors = arguments.flag("warnings-as-errors")
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
    suppressed = try FailurePolicy.suppressions(from: arguments)
    contentSizes = try MatrixCommand.contentSizes(arguments.value("content-sizes") ?? "large")
    intrinsic = ImportCommand.intrinsic(arguments, default: .fonts)
    family = MatrixCommand.family(arguments.value("devices"))
    findsFixes = !arguments.flag("no-fixes")
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    var reports: [JSONValue] = []
    var anyError = false
    let policy = FailurePolicy(warningsAsErrors: warningsAsErrors)
    for file in try Self.expand(files) {
      // One unit per scene: a storyboard with several is validated scene by scene, unless
      // --scene picks one; the diagnostics of the file itself come first, counted on their own.
      var units: [(scene: (name: String, id: String)?, outcome: ReadOutcome)] = []
      if scene == nil, InterfaceBuilderFiles.isInterfaceBuilder(file) {
        let all = InterfaceBuilderFiles.readAll(file, intrinsic: intrinsic)
        if all.scenes.count > 1 {
          if !all.file.diagnostics.isEmpty { units.append((nil, all.file)) }
          units += all.scenes.map { ((name: $0.scene.name, id: $0.scene.sceneID), $0.outcome) }
        }
      }
      if units.isEmpty { units = [(nil, context.read(file, scene: scene, intrinsic: intrinsic))] }
      for (scene, outcome) in units {
        var diagnostics = outcome.diagnostics.map(policy.effective)
        if let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) {
          let settings = try text.settings(for: document, &context)
          var filePolicy = policy
          filePolicy.suppressions = Suppressions(document.suppressions + suppressed)
          diagnostics += solveEverywhere(
            text.apply(to: document), context.pipeline, text: settings, policy: filePolicy, placed: outcome.placed)
        }
        diagnostics = Self.sorted(diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        anyError = anyError || policy.fails(diagnostics)
        let name = scene.map { "\(file) scene '\($0.name)' (\($0.id))" } ?? file
        if json {
          var members: [JSONValue.Member] = [.init("file", .string(file))]
          if let scene { members += [.init("scene", .string(scene.name)), .init("sceneID", .string(scene.id))] }
          members += [
            .init("status", .string(errors > 0 ? "error" : "ok")), .init("errors", .number(Double(errors))),
            .init("warnings", .number(Double(warnings))),
            .init("diagnostics", .array(diagnostics.map(DiagnosticRenderer.jsonValue))),
          ]
          reports.append(.object(members))
        } else if github {
          context.stdout += GitHubAnnotations.render(diagnostics, file: file)
          context.stderr += "\(name): \(Self.summary(errors: errors, warnings: warnings))\n"
        } else {
          context.stdout += context.format(diagnostics, source: outcome)
          context.stdout += "\(name): \(Self.summary(errors: errors, warnings: warnings))\n"
        }
      }
    }
    if json { context.stdout += JSONValue.object(["files": .array(reports)]).prettyPrinted() }
    return anyError ? 1 : 0
  }

  /// The files to validate: each file as given; a directory, every layout file under it
  /// (`.json`, `.storyboard`, `.xib`; not an import manifest), recursively, in path order,
  /// without following symbolic links to directories.
  package static func expand(_ paths: [String]) throws(RuntimeError) -> [String] {
    var out: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        out.append(path)
        continue
      }
      var found: [String] = []
      var pending = [path]
      var visited = 0
      while let folder = pending.popLast(), visited < 100_000 {
        visited += 1
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
        for name in names where !name.hasPrefix(".") {
          let child = (folder as NSString).appendingPathComponent(name)
          var childIsDirectory: ObjCBool = false
          guard FileManager.default.fileExists(atPath: child, isDirectory: &childIsDirectory) else { continue }
          let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: child)) != nil
          if childIsDirectory.boolValue {
            if !isLink { pending.append(child) }
          } else if Self.isLayoutFile(name) {
            found.append(child)
          }
        }
      }
      if found.isEmpty {
        throw RuntimeError("'\(RawPath.display(path))' holds no layout files (.json, .storyboard, .xib).")
      }
      out += found.sorted()
    }
    return out
  }

  static func isLayoutFile(_ name: String) -> Bool {
    let lower = name.lowercased()
    if lower.hasSuffix(".manifest.json") { return false }
    return lower.hasSuffix(".json") || lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib")
  }

  /// Solves in every environment `matrix` solves and runs its checks there (``FailurePolicy``
  /// with the design checks): each problem once, grouped by check, place and view, naming the
  /// environments it was found in (``describe(_:of:sizes:)``). Findings of one group whose
  /// message differs between environments (an overlap by another amount) keep the first
  /// message, and say the others in notes. A suppression written in the file that covered
  /// nothing anywhere is a warning, as in `matrix`.
  func solveEverywhere(
    _ document: LayoutDocument, _ pipeline: Pipeline, text settings: TextSettings, policy: FailurePolicy,
    placed: (Environment) -> Environment = { $0 }
  ) -> [Diagnostic] {
    let entries = MatrixCommand.entries(
      family: family, contentSizes: contentSizes, placed: placed, rightToLeft: text.rightToLeft)
    let results: [LayoutResult]
    do {
      results = try MatrixCommand.solveAll(document, entries, pipeline, text: settings)
    } catch {
      return [
        Diagnostic(.note, "the environments were not solved: this build has no layout engine", code: "no-engine")
      ]
    }
    struct Key: Hashable {
      var severity: Diagnostic.Severity
      var code: Diagnostic.Code
      var location: SourceLocation?
      var path: String?
      var subject: String?
    }
    var groups: [(key: Key, variants: [(diagnostic: Diagnostic, environments: [Int])])] = []
    var index: [Key: Int] = [:]
    var usage = policy.suppressions
    for (environment, result) in results.enumerated() {
      for diagnostic in policy.diagnostics(for: result, designChecks: true, suppressions: &usage) {
        let key = Key(
          severity: diagnostic.severity, code: diagnostic.code, location: diagnostic.location, path: diagnostic.path,
          subject: diagnostic.subject)
        guard let at = index[key] else {
          index[key] = groups.count
          groups.append((key, [(diagnostic, [environment])]))
          continue
        }
        if let variant = groups[at].variants.firstIndex(where: {
          $0.diagnostic.message == diagnostic.message && $0.diagnostic.notes == diagnostic.notes
        }) {
          if groups[at].variants[variant].environments.last != environment {
            groups[at].variants[variant].environments.append(environment)
          }
        } else {
          groups[at].variants.append((diagnostic, [environment]))
        }
      }
    }
    var merged: [Diagnostic] = []
    for group in groups {
      guard let first = group.variants.first else { continue }
      var diagnostic = first.diagnostic
      let all = Array(Set(group.variants.flatMap(\.environments))).sorted()
      diagnostic.environments = all.map { results[$0].environment }
      if all.count > 3 { diagnostic.environmentsSummary = Self.describe(all, of: entries, sizes: contentSizes) }
      if group.variants.count > 1 {
        // The first wording stands for the group; two others as examples, then a count.
        let others = group.variants.count - 1
        diagnostic.notes.append(
          Diagnostic.Note(
            "as worded here in \(Self.describe(first.environments, of: entries, sizes: contentSizes)); "
              + "\(others) other wording\(others == 1 ? "" : "s") elsewhere ('trellis matrix' lists each environment), e.g.:"
          ))
        for variant in group.variants.dropFirst().prefix(2) {
          let what =
            variant.diagnostic.message == first.diagnostic.message
            ? "the same with other notes ('trellis solve' in one of them shows them)" : variant.diagnostic.message
          diagnostic.notes.append(
            Diagnostic.Note(what + " in " + Self.describe(variant.environments, of: entries, sizes: contentSizes)))
        }
      }
      merged.append(diagnostic)
    }
    if findsFixes {
      let search = FixSearch(document: document, results: results, pipeline: pipeline, text: settings) {
        policy.diagnostics(for: $0, designChecks: true)
      }
      merged = search.attach(to: merged)
    }
    // A warning as in matrix (its kind, `check`, would otherwise make it fail), unless every
    // warning is an error.
    return merged
      + usage.unusedWarnings().map { warning in
        var copy = warning
        if policy.warningsAsErrors { copy.severity = .error }
        return copy
      }
  }

  /// Environments (indices into `entries`, which hold the device table once per size in
  /// `sizes`, size by size) as the grouped reports name them: `35 iPhone landscapes`,
  /// `24 environments in compact height`; with several sizes, per size (`… at AX5`), or once
  /// `at every text size` when the devices are the same at each.
  package static func describe(_ indices: [Int], of entries: [MatrixCommand.Entry], sizes: [ContentSizeCategory])
    -> String
  {
    let block = sizes.isEmpty ? entries.count : entries.count / sizes.count
    guard block > 0 else { return "\(indices.count) environments" }
    let places = entries.prefix(block).map(ChangeReport.Place.init)
    let every = Array(0..<block)
    var perSize: [(size: ContentSizeCategory, local: [Int])] = []
    for (offset, size) in sizes.enumerated() {
      let local = indices.filter { $0 / block == offset }.map { $0 % block }
      if !local.isEmpty { perSize.append((size, local)) }
    }
    if sizes.count <= 1 { return ChangeReport.describe(indices, of: places, all: every).text }
    if perSize.count == sizes.count, Set(perSize.map(\.local)).count == 1, let local = perSize.first?.local {
      return ChangeReport.describe(local, of: places, all: every).text + " at every text size"
    }
    return perSize.map { ChangeReport.describe($0.local, of: places, all: every).text + " at \($0.size.shortName)" }
      .joined(separator: "; ")
  }

  /// By file, line and column; problems without a position last; otherwise in the order found.
  static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    DiagnosticRenderer.sortedByPosition(diagnostics)
  }

  static func summary(errors: Int, warnings: Int) -> String {
    if errors == 0, warnings == 0 { return "ok" }
    let e = "\(errors) error\(errors == 1 ? "" : "s")"
    let w = "\(warnings) warning\(warnings == 1 ? "" : "s")"
    return "\(e), \(w)"
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
