import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// The one rule that decides what fails a command (exit status 1), from diagnostics as data:
/// their severity, kind and code, never their message.
///
/// - An error fails.
/// - Ambiguity fails, as it does in Interface Builder (the engine reports it as a warning,
///   because a layout with an ambiguous view still has frames to show).
/// - The design checks (kind `check`: `outside-safe-area`, `overlap`, the tap-target and text-size
///   checks) fail where a command runs them (`matrix`, `validate`).
/// - With `--warnings-as-errors` every warning fails.
/// - A result that broke a required constraint, or has an ambiguous view, fails even if its
///   diagnostics were lost (a result built by hand): the policy adds the missing error.
///
/// `package` so that tests apply the policy to results they build.
package struct FailurePolicy {
  var warningsAsErrors = false
  /// Checks the layout allows (the file's `"suppress"` and `--suppress`); which were used is
  /// recorded as results go through ``diagnostics(for:designChecks:)``.
  package var suppressions = Suppressions()

  package init(warningsAsErrors: Bool = false, suppressions: Suppressions = Suppressions()) {
    self.warningsAsErrors = warningsAsErrors
    self.suppressions = suppressions
  }

  /// The diagnostic as the command reports it: promoted to an error where it fails.
  func effective(_ diagnostic: Diagnostic) -> Diagnostic {
    var copy = diagnostic
    if copy.severity == .warning, warningsAsErrors || copy.kind == .ambiguity || copy.kind == .check {
      copy.severity = .error
    }
    return copy
  }

  /// The diagnostics a command reports for `result`, each as ``effective(_:)`` makes it, with
  /// an error added for a conflict or ambiguity no diagnostic names.
  package func diagnostics(for result: LayoutResult, designChecks: Bool = false) -> [Diagnostic] {
    var suppressions = suppressions
    return diagnostics(for: result, designChecks: designChecks, suppressions: &suppressions)
  }

  /// As ``diagnostics(for:designChecks:)``, recording in `suppressions` which of them were used.
  func diagnostics(for result: LayoutResult, designChecks: Bool = false, suppressions: inout Suppressions)
    -> [Diagnostic]
  {
    // Whatever solving found, it found in this environment.
    var all: [Diagnostic] = []
    for diagnostic in result.diagnostics {
      if let subject = diagnostic.subject, !suppressions.all.isEmpty,
        suppressions.suppresses(diagnostic.code, view: subject)
      {
        continue
      }
      var copy = diagnostic
      if copy.environments.isEmpty { copy.environments = [result.environment] }
      all.append(copy)
    }
    if designChecks { all += DesignChecks.diagnostics(for: result, suppressions: &suppressions) }
    if result.hasConflicts, !all.contains(where: { $0.severity == .error }) {
      all.append(
        Diagnostic(
          .error, "required constraints conflict", code: "unsatisfiable", kind: .conflict,
          environment: result.environment))
    }
    if !result.ambiguousViews.isEmpty, !all.contains(where: { $0.kind == .ambiguity }) {
      for view in result.ambiguousViews {
        let attributes = view.attributes.map(\.rawValue).joined(separator: ", ")
        all.append(
          Diagnostic(
            .error, "\(view.id) has an ambiguous \(attributes.isEmpty ? "frame" : attributes)",
            code: "ambiguous-frame", kind: .ambiguity, environment: result.environment))
      }
    }
    return all.map(effective)
  }

  /// Whether these (effective) diagnostics fail the command.
  package func fails(_ diagnostics: [Diagnostic]) -> Bool { diagnostics.contains { $0.severity == .error } }
}

extension FailurePolicy {
  /// `--suppress CODE[,CODE…]`: a check suppressed for every view.
  static let suppressSpec = OptionSpec.value(
    "suppress", valueName: "codes",
    help: "Checks to suppress everywhere, comma-separated: " + Suppression.codes.map(\.rawValue).joined(separator: ", ")
      + ".")

  /// The codes of `--suppress`, or a usage error naming the ones that cannot be suppressed.
  static func suppressions(from values: ParsedArguments) throws(UsageError) -> [Suppression] {
    guard let text = values.value("suppress") else { return [] }
    var out: [Suppression] = []
    for part in text.split(separator: ",") {
      let code = Diagnostic.Code(rawValue: part.trimmingCharacters(in: .whitespaces))
      guard Suppression.codes.contains(code) else {
        throw UsageError(
          "The value '\(text)' is invalid for '--suppress <codes>'. Use: "
            + Suppression.codes.map(\.rawValue).joined(separator: ", ") + ".")
      }
      out.append(Suppression(code: code))
    }
    return out
  }
}
