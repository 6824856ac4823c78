import TrellisSupport

/// Checks of a solved layout against what a screen needs, beyond its constraints: every drawn
/// view inside the safe area, and no two drawn siblings overlapping. Each finding is a warning
/// with code `outside-safe-area` or `overlap`; `trellis matrix` fails an environment on them.
///
/// Drawn views are the views that are not hidden (themselves or through an ancestor), not
/// layout guides, and not the root. A view exactly filling the root is a deliberate full-bleed
/// background and is not checked against the safe area.
public enum DesignChecks {
  /// Points a view may leave the safe area, or overlap a sibling, by without a finding.
  public static let tolerance = 0.01

  /// The findings for `result`: the view that leaves the safe area most, then the first
  /// overlapping pair in document order (at most one of each).
  public static func diagnostics(for result: LayoutResult) -> [Diagnostic] {
    let drawn = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    var found: [Diagnostic] = []
    if let outside = worstOutsideSafeArea(drawn, result) { found.append(outside) }
    if let overlap = firstOverlap(drawn, result) { found.append(overlap) }
    return found
  }

  private static func location(_ id: String, _ result: LayoutResult) -> SourceLocation? {
    result.resolution?.views.first { $0.id == id }?.location
  }

  private static func worstOutsideSafeArea(_ views: [LayoutResult.ViewFrame], _ result: LayoutResult) -> Diagnostic? {
    let safe = result.safeArea
    let container = result.environment.containerSize
    var worst: (amount: Double, id: String, side: String)?
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
        worst = (amount, view.id, side)
      }
    }
    guard let worst else { return nil }
    return Diagnostic(
      .warning, "\(worst.id) reaches \(NumberFormat.short(worst.amount)) pt \(worst.side) the safe area",
      code: "outside-safe-area", at: location(worst.id, result), kind: .check, environment: result.environment)
  }

  private static func firstOverlap(_ views: [LayoutResult.ViewFrame], _ result: LayoutResult) -> Diagnostic? {
    for (index, view) in views.enumerated() {
      for other in views[(index + 1)...] where other.parent == view.parent {
        let width = min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX)
        let height = min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY)
        if width > tolerance, height > tolerance {
          return Diagnostic(
            .warning,
            "\(view.id) and \(other.id) overlap by \(NumberFormat.short(width))x\(NumberFormat.short(height)) pt",
            code: "overlap", at: location(other.id, result), kind: .check, environment: result.environment)
        }
      }
    }
    return nil
  }
}
