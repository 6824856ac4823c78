import TrellisLayout

/// The one rule that decides what fails a command (exit status 1), from diagnostics as data:
/// their severity, kind and code, never their message.
///
/// - An error fails.
/// - Ambiguity fails, as it does in Interface Builder (the engine reports it as a warning,
///   because a layout with an ambiguous view still has frames to show).
/// - The design checks (`outside-safe-area`, `overlap`) fail where a command runs them
///   (`matrix`).
/// - With `--warnings-as-errors` every warning fails.
/// - A result that broke a required constraint, or has an ambiguous view, fails even if its
///   diagnostics were lost (a result built by hand): the policy adds the missing error.
struct FailurePolicy {
  var warningsAsErrors = false

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
  func diagnostics(for result: LayoutResult, designChecks: Bool = false) -> [Diagnostic] {
    // Whatever solving found, it found in this environment.
    var all = result.diagnostics.map { diagnostic in
      var copy = diagnostic
      if copy.environments.isEmpty { copy.environments = [result.environment] }
      return copy
    }
    if designChecks { all += DesignChecks.diagnostics(for: result) }
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
  func fails(_ diagnostics: [Diagnostic]) -> Bool { diagnostics.contains { $0.severity == .error } }
}
