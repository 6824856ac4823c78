import TrellisModel
import TrellisSupport

extension LayoutChecks {
  /// Sizes below this count as negative (solver noise is far smaller).
  static let negativeSizeTolerance = 1e-6

  /// One error per view whose solved width or height is negative: constraints that ask a view
  /// to end before it starts (UIKit lays such a frame out too, and draws nothing sensible).
  /// Checked on the frames as reported (snapped or not), at the view's location.
  static func negativeFrames(_ frames: [Rect], _ resolved: ResolvedLayout) -> [Diagnostic] {
    var found: [Diagnostic] = []
    // Frames first: the views (large values, copied with their references) only for a hit.
    for (index, frame) in frames.enumerated()
    where index < resolved.views.count && (frame.width < -negativeSizeTolerance || frame.height < -negativeSizeTolerance) {
      let view = resolved.views[index]
      var parts: [String] = []
      if frame.width < -negativeSizeTolerance { parts.append("\(fmt(frame.width)) pt wide") }
      if frame.height < -negativeSizeTolerance { parts.append("\(fmt(frame.height)) pt tall") }
      guard !parts.isEmpty else { continue }
      found.append(
        Diagnostic(
          .error,
          "View '\(view.id)' is \(parts.joined(separator: " and ")): its constraints put its end before its start; "
            + "lower a priority or relax a constant so that it fits.",
          code: "negative-frame", at: view.location, kind: .frame, environment: resolved.environment))
    }
    return found
  }
}
