import Foundation
import TrellisLayout

/// Sorts a solved layout into one status for `trellis matrix`, with its worst problem in words.
///
/// Checked in this order, the first that applies wins:
/// 1. `conflict` — a required constraint could not be satisfied;
/// 2. `ambiguous` — some view's position or size is not fully determined;
/// 3. `outside safe area` — a drawn view (not the root, not a guide, not one exactly filling the
///    root, which is a deliberate full-bleed background) leaves the safe area by more than 0.01 pt;
///    the view that leaves it most is named;
/// 4. `overlap` — two drawn siblings (same parent) overlap by more than 0.01 pt in both directions;
///    the first pair in document order is named;
/// 5. `ok`.
struct LayoutCheck: Equatable {
  enum Status: String, CaseIterable {
    case ok
    case conflict
    case ambiguous
    case outsideSafeArea = "outside safe area"
    case overlap
  }

  var status: Status
  /// One sentence; empty when ok.
  var problem: String

  static let tolerance = 0.01

  init(status: Status, problem: String) {
    self.status = status
    self.problem = problem
  }

  init(_ result: LayoutResult) {
    // Messages may name the environment; the matrix row already does.
    func brief(_ diagnostic: Diagnostic) -> String {
      guard let named = diagnostic.environment else { return diagnostic.message }
      return diagnostic.message.replacingOccurrences(of: " in \(named)", with: "")
    }
    if result.hasConflicts {
      let message = result.diagnostics.first { $0.severity == .error }.map(brief)
      self.init(status: .conflict, problem: message ?? "required constraints conflict")
      return
    }
    if let first = result.ambiguousViews.first {
      let more = result.ambiguousViews.count > 1 ? " (and \(result.ambiguousViews.count - 1) more views)" : ""
      if let diagnostic = result.diagnostics.first(where: { $0.severity != .note && $0.kind == .ambiguity })
      {
        self.init(status: .ambiguous, problem: brief(diagnostic) + more)
      } else {
        let attributes = first.attributes.map(\.rawValue).joined(separator: ", ")
        self.init(
          status: .ambiguous,
          problem: "\(first.id) has an ambiguous \(attributes.isEmpty ? "frame" : attributes)\(more)")
      }
      return
    }
    let drawn = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    if let outside = Self.worstOutsideSafeArea(drawn, result) {
      self.init(status: .outsideSafeArea, problem: outside)
      return
    }
    if let overlap = Self.firstOverlap(drawn) {
      self.init(status: .overlap, problem: overlap)
      return
    }
    self.init(status: .ok, problem: "")
  }

  private static func worstOutsideSafeArea(_ views: [LayoutResult.ViewFrame], _ result: LayoutResult) -> String? {
    let safe = result.safeArea
    let container = result.environment.containerSize
    var worst: (amount: Double, text: String)?
    for view in views {
      let frame = view.frame
      let fillsRoot = frame.x == 0 && frame.y == 0 && frame.width == container.width && frame.height == container.height
      guard !fillsRoot, frame.width.isFinite, frame.height.isFinite, frame.x.isFinite, frame.y.isFinite else {
        continue
      }
      let sides: [(Double, String)] = [
        (safe.minY - min(frame.minY, frame.maxY), "above"), (max(frame.minY, frame.maxY) - safe.maxY, "below"),
        (safe.minX - min(frame.minX, frame.maxX), "left of"), (max(frame.minX, frame.maxX) - safe.maxX, "right of"),
      ]
      for (amount, side) in sides where amount > tolerance && amount > (worst?.amount ?? 0) {
        worst = (amount, "\(view.id) reaches \(short(amount)) pt \(side) the safe area")
      }
    }
    return worst?.text
  }

  private static func firstOverlap(_ views: [LayoutResult.ViewFrame]) -> String? {
    for (index, view) in views.enumerated() {
      for other in views[(index + 1)...] where other.parent == view.parent {
        let width = min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX)
        let height = min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY)
        if width > tolerance, height > tolerance {
          return "\(view.id) and \(other.id) overlap by \(short(width))x\(short(height)) pt"
        }
      }
    }
    return nil
  }

  static func short(_ value: Double) -> String {
    // As NumberFormat.short: no rounding (and no overflow to "inf") from 1e15 on.
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    if value == value.rounded() { return String(Int64(value)) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }
}
