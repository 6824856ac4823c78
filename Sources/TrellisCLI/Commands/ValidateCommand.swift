import TrellisSupport
import Foundation
import TrellisLayout
import TrellisRender

/// `trellis validate FILE...`: every diagnostic of the files, and of solving them in each of the
/// four size-class combinations.
struct ValidateCommand: Command {
  static let spec = CommandSpec(
    name: "validate", abstract: "Check layout files and solve them in all four size-class combinations.",
    discussion: """
      Prints every problem GNU-style (file:line:column: severity: message, the JSON path, the source \
      line and a caret), sorted by position. Each file that reads cleanly is also solved on one \
      representative device per size-class combination:
        wC hC  iPhone 8 landscape
        wC hR  iPhone 8 portrait
        wR hC  iPhone 8 Plus landscape
        wR hR  iPad Pro 11-inch (1st-4th gen) portrait
      and conflicts and ambiguity found there are reported as errors (ambiguity is one in Interface \
      Builder too), naming the combinations. The exit status is 1 when any file has an error.
      """,
    arguments: [ArgumentSpec(name: "file", help: "Layout files (JSON).", isVariadic: true)],
    options: [
      .value(
        "format", valueName: "format", allowed: ["text", "json"], help: "How to print the diagnostics.", default: "text"
      ),
      .flag("warnings-as-errors", help: "Treat warnings as errors."),
    ])

  /// One device per size-class combination, in ``TraitCollection/all`` order.
  static let representatives: [(device: String, orientation: Orientation)] = [
    ("iPhone 8", .landscape), ("iPhone 8", .portrait), ("iPhone 8 Plus", .landscape),
    ("iPad Pro 11-inch (1st-4th gen)", .portrait),
  ]

  var files: [String]
  var json: Bool
  var warningsAsErrors: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.arguments("file")
    json = arguments.value("format") == "json"
    warningsAsErrors = arguments.flag("warnings-as-errors")
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    var reports: [JSONValue] = []
    var anyError = false
    let policy = FailurePolicy(warningsAsErrors: warningsAsErrors)
    for file in files {
      let outcome = context.read(file)
      var diagnostics = outcome.diagnostics.map(policy.effective)
      if let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) {
        diagnostics += solveEverywhere(document, context.pipeline, policy: policy)
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
      } else {
        context.stdout += context.format(diagnostics, source: outcome)
        context.stdout += "\(file): \(Self.summary(errors: errors, warnings: warnings))\n"
      }
    }
    if json { context.stdout += JSONValue.object(["files": .array(reports)]).prettyPrinted() }
    return anyError ? 1 : 0
  }

  /// Solves in each representative environment; a problem found in several is reported once,
  /// naming every environment it was found in.
  func solveEverywhere(_ document: LayoutDocument, _ pipeline: Pipeline, policy: FailurePolicy) -> [Diagnostic] {
    var merged: [Diagnostic] = []
    let solve = pipeline.makeSolver(document)
    for (name, orientation) in Self.representatives {
      guard let device = DeviceTable.device(named: name) else { continue }
      let environment = device.environment(orientation: orientation)
      guard let result = solve(environment, false) else {
        return [
          Diagnostic(
            .note, "size-class combinations were not solved: this build has no layout engine", code: "no-engine")
        ]
      }
      for diagnostic in policy.diagnostics(for: result) {
        if let index = merged.firstIndex(where: { $0.isSameProblem(as: diagnostic) }) {
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
