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

  /// A diagnostic and the size-class combinations it was found in (none for reading problems).
  struct Finding {
    var diagnostic: Diagnostic
    var environments: [Environment]
  }

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
    for file in files {
      let outcome = context.read(file)
      var findings = outcome.diagnostics.map { Finding(diagnostic: $0, environments: []) }
      if let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) {
        findings += solveEverywhere(document, context.pipeline)
      }
      findings = Self.sorted(findings)
      if warningsAsErrors {
        for index in findings.indices where findings[index].diagnostic.severity == .warning {
          findings[index].diagnostic.severity = .error
        }
      }
      let diagnostics = findings.map(Self.annotated)
      let errors = diagnostics.filter { $0.severity == .error }.count
      let warnings = diagnostics.filter { $0.severity == .warning }.count
      anyError = anyError || errors > 0
      if json {
        reports.append(
          .object([
            "file": .string(file),
            "status": .string(errors > 0 ? "error" : "ok"),
            "errors": .number(Double(errors)),
            "warnings": .number(Double(warnings)),
            "diagnostics": .array(
              findings.map { finding in
                let base = LayoutJSON.diagnostic(finding.diagnostic)
                guard case .object(var members) = base else { return base }
                members.append(.init("path", .optional(finding.diagnostic.path)))
                members.append(.init("environments", .array(finding.environments.map { .string(Self.name($0)) })))
                return .object(members)
              }),
          ]))
      } else {
        context.stdout += context.format(diagnostics, source: outcome)
        context.stdout += "\(file): \(Self.summary(errors: errors, warnings: warnings))\n"
      }
    }
    if json { context.stdout += JSONValue.object(["files": .array(reports)]).prettyPrinted() }
    return anyError ? 1 : 0
  }

  /// Solves in each representative environment; merges identical problems found in several.
  func solveEverywhere(_ document: LayoutDocument, _ pipeline: Pipeline) -> [Finding] {
    var findings: [Finding] = []
    let solve = pipeline.makeSolver(document)
    for (name, orientation) in Self.representatives {
      guard let device = DeviceTable.device(named: name) else { continue }
      let environment = device.environment(orientation: orientation)
      guard let result = solve(environment, false) else {
        return [
          Finding(
            diagnostic: Diagnostic(.note, "size-class combinations were not solved: this build has no layout engine"),
            environments: [])
        ]
      }
      // The same problem in several combinations is printed once, naming them all, so the
      // environment the engine may write into a message is taken out of it.
      var diagnostics = result.diagnostics.map { diagnostic in
        var copy = diagnostic
        if let named = copy.environment {
          copy.message = copy.message.replacingOccurrences(of: " in \(named)", with: "")
          copy.environment = nil
        }
        return copy
      }
      if result.hasConflicts, !diagnostics.contains(where: { $0.severity == .error }) {
        diagnostics.append(Diagnostic(.error, "required constraints conflict", kind: .conflict))
      }
      // The engine reports ambiguity as a warning; here it is an error, as in Interface Builder.
      if !result.ambiguousViews.isEmpty {
        var promoted = false
        for index in diagnostics.indices
        where diagnostics[index].severity == .warning && diagnostics[index].kind == .ambiguity {
          diagnostics[index].severity = .error
          promoted = true
        }
        if !promoted {
          for view in result.ambiguousViews {
            let attributes = view.attributes.map(\.rawValue).joined(separator: ", ")
            diagnostics.append(
              Diagnostic(
                .error, "\(view.id) has an ambiguous \(attributes.isEmpty ? "frame" : attributes)", kind: .ambiguity))
          }
        }
      }
      for diagnostic in diagnostics {
        if let index = findings.firstIndex(where: { $0.diagnostic == diagnostic }) {
          findings[index].environments.append(environment)
        } else {
          findings.append(Finding(diagnostic: diagnostic, environments: [environment]))
        }
      }
    }
    return findings
  }

  /// By file, line and column; problems without a position last; otherwise in the order found.
  static func sorted(_ findings: [Finding]) -> [Finding] {
    findings.enumerated().sorted { a, b in
      switch (a.element.diagnostic.location, b.element.diagnostic.location) {
      case (let x?, let y?): return x != y ? x < y : a.offset < b.offset
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.offset < b.offset
      }
    }.map(\.element)
  }

  /// The message with the combinations it was found in: `… (in wC hC: iPhone 8 landscape)`, before a final period.
  static func annotated(_ finding: Finding) -> Diagnostic {
    guard !finding.environments.isEmpty else { return finding.diagnostic }
    var diagnostic = finding.diagnostic
    let places = " (in " + finding.environments.map(name).joined(separator: "; ") + ")"
    if diagnostic.message.hasSuffix(".") {
      diagnostic.message = String(diagnostic.message.dropLast()) + places + "."
    } else {
      diagnostic.message += places
    }
    return diagnostic
  }

  static func name(_ environment: Environment) -> String {
    "\(environment.traits): \(environment.deviceName ?? "custom") \(environment.orientation?.rawValue ?? "")"
      .trimmingTrailingSpaces()
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
