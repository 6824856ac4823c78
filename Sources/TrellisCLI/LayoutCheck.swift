import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel

/// One status per solved environment for `trellis matrix`, with its worst problem in words.
///
/// The diagnostics of the environment (the engine's and the ``DesignChecks``), as the
/// ``FailurePolicy`` reports them, decide it; the first failing one in this order wins:
/// 1. `conflict` — a required constraint could not be satisfied (or the root was resized, or a
///    constraint missed);
/// 2. `negative size` — a solved view has a negative width or height (code `negative-frame`);
/// 3. `ambiguous` — some view's position or size is not fully determined;
/// 4. `outside safe area` — a drawn view leaves the safe area (code `outside-safe-area`);
/// 5. `overlap` — two drawn siblings overlap (code `overlap`);
/// 6. `tap target` — a drawn button is smaller than 44x44 pt, or two overlap
///    (`tap-target-small`, `tap-target-overlap`);
/// 7. `text too small` — a drawn label or button sets its text below 11 pt (`text-too-small`);
/// 8. `text truncated` — a drawn label or button does not show all its text (`text-truncated`,
///    a warning: it fails only with `--warnings-as-errors`);
/// 9. `ok`.
///
/// `package` (with its status, message and code) so that tests check the order by hand.
package struct LayoutCheck: Equatable {
  package enum Status: String, CaseIterable {
    case ok
    case conflict
    case negativeFrame = "negative size"
    case ambiguous
    case outsideSafeArea = "outside safe area"
    case overlap
    case tapTarget = "tap target"
    case textTooSmall = "text too small"
    /// Text not all shown (`text-truncated`): reported, but fails only with `--warnings-as-errors`.
    case textTruncated = "text truncated"

    /// Whether the environment fails `matrix`.
    var isFailure: Bool { self != .ok && self != .textTruncated }
  }

  package var status: Status
  /// The failing diagnostic's message; empty when ok.
  package var problem: String
  /// The failing diagnostic's code; `nil` when ok.
  package var code: Diagnostic.Code?
  /// The size the root was laid out at, when it differs from the environment's: a cell's
  /// fitted height.
  var laidOutSize: Size?

  package init(status: Status, problem: String, code: Diagnostic.Code? = nil) {
    self.status = status
    self.problem = problem
    self.code = code
  }

  package init(_ result: LayoutResult, policy: FailurePolicy = FailurePolicy()) {
    self.init(checking: result, policy: policy)
    if result.environment.cell != nil { laidOutSize = result.environment.containerSize }
  }

  private init(checking result: LayoutResult, policy: FailurePolicy) {
    let failing = policy.diagnostics(for: result, designChecks: true).filter { $0.severity == .error }
    func status(of diagnostic: Diagnostic) -> Status {
      switch diagnostic.kind {
      case .ambiguity: return .ambiguous
      case .check:
        switch diagnostic.code {
        case "overlap": return .overlap
        case "tap-target-small", "tap-target-overlap": return .tapTarget
        case "text-too-small": return .textTooSmall
        default: return .outsideSafeArea
        }
      case .frame: return .negativeFrame
      case .text: return .textTruncated
      case .file, .conflict, .containerSize, .accuracy, .constraint: return .conflict
      }
    }
    let order: [Status] = [
      .conflict, .negativeFrame, .ambiguous, .outsideSafeArea, .overlap, .tapTarget, .textTooSmall, .textTruncated,
    ]
    for wanted in order {
      let matching = failing.filter { status(of: $0) == wanted }
      guard let first = matching.first else { continue }
      var problem = first.message
      // A conflict's message is UIKit's first line; the recovery (one of its notes, before the
      // rule that chose it) names what broke.
      if first.code == "unsatisfiable",
        let recovery = first.notes.first(where: { $0.message.hasPrefix("Will attempt to recover") })?.message
      {
        problem += " " + recovery
      }
      if wanted == .ambiguous, result.ambiguousViews.count > 1 {
        problem += " (and \(result.ambiguousViews.count - 1) more views)"
      }
      self.init(status: wanted, problem: problem, code: first.code)
      return
    }
    // Not failing, but worth a line: text that UIKit would truncate. (A note, such as a font
    // measured approximately, says nothing about the environment's frames.)
    if let text = policy.diagnostics(for: result).first(where: { $0.kind == .text && $0.severity != .note }) {
      self.init(status: .textTruncated, problem: text.message, code: text.code)
      return
    }
    self.init(status: .ok, problem: "")
  }
}
