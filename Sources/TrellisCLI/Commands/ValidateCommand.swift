import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisText

/// `trellis validate FILE...`: every diagnostic of the files, and of solving them at the
/// smallest and the largest container of each of the four size-class combinations.
struct ValidateCommand: Command {
  static let spec = CommandSpec(
    name: "validate", abstract: "Check layout files and solve them in all four size-class combinations.",
    discussion: """
      Prints every problem GNU-style (file:line:column: severity: message, the JSON path, the source \
      line and a caret), sorted by position. Each file that reads cleanly is also solved, per \
      size-class combination, in the smallest and the largest container the device table gives it \
      (by area, across orientations and iPad Split View widths), so that a size-dependent problem \
      shows here and not only in 'trellis matrix':
      \(extremesTable)
      and conflicts, negative sizes and ambiguity found there are reported as errors (ambiguity is \
      one in Interface Builder too), naming the environments. The exit status is 1 when any file \
      has an error.
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
      .flag("warnings-as-errors", help: "Treat warnings as errors."),
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
    ] + TextOptions.specs)

  /// Per size-class combination (``TraitCollection/all`` order), the matrix's environments with
  /// the smallest and the largest container by area (ties: the narrower, then the shorter, then
  /// the first in table order is smaller): one entry when they are the same.
  static let extremes: [(traits: TraitCollection, entries: [MatrixCommand.Entry])] = {
    let all = MatrixCommand.entries(family: nil)
    return TraitCollection.all.map { traits in
      let matching = all.enumerated().filter { $0.element.environment.traits == traits }
      func key(_ item: (offset: Int, element: MatrixCommand.Entry)) -> (Double, Double, Double, Int) {
        let size = item.element.environment.containerSize
        return (size.width * size.height, size.width, size.height, item.offset)
      }
      let sorted = matching.sorted { key($0) < key($1) }.map(\.element)
      guard let smallest = sorted.first, let largest = sorted.last else { return (traits, []) }
      let same = smallest.environment.containerSize == largest.environment.containerSize
      return (traits, same ? [smallest] : [smallest, largest])
    }
  }()

  /// The extremes as the help lists them, one size class per line.
  static var extremesTable: String {
    extremes.map { traits, entries in
      "  \(traits)  " + entries.map(describe).joined(separator: ", ")
    }.joined(separator: "\n")
  }

  /// `iPhone SE (1st gen) landscape 568x320`, `iPad mini portrait 1/3 320x1024`.
  static func describe(_ entry: MatrixCommand.Entry) -> String {
    let size = entry.environment.containerSize
    let window = entry.window == "full" ? "" : " \(entry.window)"
    return "\(entry.device.name) \(entry.orientation.rawValue)\(window) \(fmt(size.width))x\(fmt(size.height))"
  }

  var files: [String]
  var json: Bool
  var github: Bool
  var warningsAsErrors: Bool
  var text: TextOptions
  var scene: String?
  var suppressed: [Suppression]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.arguments("file")
    json = arguments.value("format") == "json"
    github = arguments.value("format") == "github"
    warningsAsErrors = arguments.flag("warnings-as-errors")
    text = try TextOptions(arguments)
    scene = arguments.value("scene")
    suppressed = try FailurePolicy.suppressions(from: arguments)
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    var reports: [JSONValue] = []
    var anyError = false
    let policy = FailurePolicy(warningsAsErrors: warningsAsErrors)
    for file in try Self.expand(files) {
      let outcome = context.read(file, scene: scene)
      var diagnostics = outcome.diagnostics.map(policy.effective)
      if let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) {
        let settings = try text.settings(for: document, &context)
        var filePolicy = policy
        filePolicy.suppressions = Suppressions(document.suppressions + suppressed)
        diagnostics += solveEverywhere(
          text.apply(to: document), context.pipeline, text: settings, rightToLeft: text.rightToLeft, policy: filePolicy,
          placed: outcome.placed)
      }
      diagnostics = Self.sorted(diagnostics)
      let errors = diagnostics.filter { $0.severity == .error }.count
      let warnings = diagnostics.filter { $0.severity == .warning }.count
      anyError = anyError || policy.fails(diagnostics)
      if json {
        reports.append(
          .object([
            "file": .string(file),
            "status": .string(errors > 0 ? "error" : "ok"),
            "errors": .number(Double(errors)),
            "warnings": .number(Double(warnings)),
            "diagnostics": .array(diagnostics.map(DiagnosticRenderer.jsonValue)),
          ]))
      } else if github {
        context.stdout += GitHubAnnotations.render(diagnostics, file: file)
        context.stderr += "\(file): \(Self.summary(errors: errors, warnings: warnings))\n"
      } else {
        context.stdout += context.format(diagnostics, source: outcome)
        context.stdout += "\(file): \(Self.summary(errors: errors, warnings: warnings))\n"
      }
    }
    if json { context.stdout += JSONValue.object(["files": .array(reports)]).prettyPrinted() }
    return anyError ? 1 : 0
  }

  /// The files to validate: each file as given; a directory, every layout file under it
  /// (`.json`, `.storyboard`, `.xib`; not an import manifest), recursively, in path order,
  /// without following symbolic links to directories.
  static func expand(_ paths: [String]) throws(RuntimeError) -> [String] {
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

  /// Solves at each size class's smallest and largest container; a problem found in several
  /// environments is reported once, naming every environment it was found in.
  func solveEverywhere(
    _ document: LayoutDocument, _ pipeline: Pipeline, text: TextSettings, rightToLeft: Bool, policy: FailurePolicy,
    placed: (Environment) -> Environment = { $0 }
  ) -> [Diagnostic] {
    var merged: [Diagnostic] = []
    let solve = pipeline.makeSolver(document, text)
    for entry in Self.extremes.flatMap(\.entries) {
      // A component (an IB card or banner) at its own size, on no screen's safe area.
      var environment = placed(entry.environment)
      if rightToLeft { environment.layoutDirection = .rightToLeft }
      guard let result = solve(environment, false) else {
        return [
          Diagnostic(
            .note, "size-class combinations were not solved: this build has no layout engine", code: "no-engine")
        ]
      }
      for diagnostic in policy.diagnostics(for: result) {
        // The same problem found again is one finding; so is the same problem at both ends of a
        // size class, whose notes may differ only by the container size they name.
        let traits = diagnostic.environments.first?.traits
        if let index = merged.firstIndex(where: {
          $0.isSameProblem(as: diagnostic)
            || ($0.code == diagnostic.code && $0.message == diagnostic.message && $0.location == diagnostic.location
              && $0.path == diagnostic.path && $0.environments.contains { $0.traits == traits })
        }) {
          merged[index].environments += diagnostic.environments
        } else {
          merged.append(diagnostic)
        }
      }
    }
    return merged
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
