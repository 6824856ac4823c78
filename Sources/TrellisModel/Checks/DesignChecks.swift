import TrellisSupport

/// Checks of a solved layout against what a screen needs, beyond its constraints: every drawn
/// view inside the safe area, no two drawn siblings overlapping, and the ``AccessibilityChecks``
/// (tap targets, text size). Each finding is a warning of kind `check` (`outside-safe-area`,
/// `overlap`, `tap-target-small`, `tap-target-overlap`, `text-too-small`); `trellis matrix` and
/// `trellis validate` fail an environment on them.
///
/// Drawn views are the views that are not hidden (themselves or through an ancestor), not
/// layout guides, and not the root. A view exactly filling the root is a deliberate full-bleed
/// background and is not checked against the safe area. A scroll view is a viewport and is not
/// checked itself; the views inside it are checked against the part of their content that
/// scrolling can bring into the safe area (``ScrollState/reachableRect(safeArea:)``), so content
/// below the screen is not a finding, but content no offset can uncover is.
public enum DesignChecks {
  /// Points a view may leave the safe area, or overlap a sibling, by without a finding.
  public static let tolerance = Tolerance.designFinding

  /// The findings for `result`: the view that leaves the safe area most, then the first
  /// overlapping pair in document order (at most one of each), then the accessibility findings.
  public static func diagnostics(for result: LayoutResult) -> [Diagnostic] {
    var none = Suppressions()
    return diagnostics(for: result, suppressions: &none)
  }

  /// The findings, leaving out what `suppressions` cover (recorded as used): the worst view
  /// outside the safe area that no suppression covers, the first pair no suppression covers.
  public static func diagnostics(for result: LayoutResult, suppressions: inout Suppressions) -> [Diagnostic] {
    let drawn = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    var found: [Diagnostic] = []
    found += outsideSafeArea(drawn, result, &suppressions, every: false)
    found += overlaps(drawn, result, &suppressions, every: false)
    return found + AccessibilityChecks.diagnostics(for: result, drawn: drawn, suppressions: &suppressions)
  }

  /// Every finding the checks report only one of: each drawn view outside the safe area (with
  /// the side it leaves most by), each overlapping pair of siblings; no suppression applied.
  /// What a fix may uncover without causing it (``FixChecker``): the check named the worst
  /// view, or the first pair, and these were behind it.
  package static func everyFinding(for result: LayoutResult) -> [Diagnostic] {
    let drawn = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    var none = Suppressions()
    return outsideSafeArea(drawn, result, &none, every: true) + overlaps(drawn, result, &none, every: true)
  }

  private static func location(_ id: String, _ result: LayoutResult) -> SourceLocation? {
    result.resolution?.views.first { $0.id == id }?.location
  }

  /// The view leaving the safe area most, or with `every` each view leaving it.
  private static func outsideSafeArea(
    _ views: [LayoutResult.ViewFrame], _ result: LayoutResult, _ suppressions: inout Suppressions, every: Bool
  ) -> [Diagnostic] {
    let container = result.environment.containerSize
    // Content of a scroll view is checked against what scrolling can bring into the safe area
    // (ScrollState.reachableRect); the scroll view itself is a viewport, checked through it.
    let scrolls = Dictionary(result.scrollViews.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let enclosing = ScrollLayout.enclosingScrollViews(views, scrollIDs: Set(scrolls.keys))
    var worst: (amount: Double, id: String, side: String)?
    var each: [(amount: Double, id: String, side: String)] = []
    for (view, scroll) in zip(views, enclosing) where scrolls[view.id] == nil {
      var safe = result.safeArea
      var suffix = ""
      if let scroll, let state = scrolls[scroll] {
        safe = state.reachableRect(safeArea: result.safeArea) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        suffix = " that scrolling '\(scroll)' can show"
      }
      let frame = view.frame
      let fillsRoot = frame.x == 0 && frame.y == 0 && frame.width == container.width && frame.height == container.height
      guard !fillsRoot || scroll != nil, frame.width.isFinite, frame.height.isFinite, frame.x.isFinite, frame.y.isFinite
      else {
        continue
      }
      let sides: [(Double, String)] = [
        (safe.minY - min(frame.minY, frame.maxY), "above"), (max(frame.minY, frame.maxY) - safe.maxY, "below"),
        (safe.minX - min(frame.minX, frame.maxX), "left of"), (max(frame.minX, frame.maxX) - safe.maxX, "right of"),
      ]
      guard sides.contains(where: { $0.0 > tolerance }) else { continue }
      if !suppressions.all.isEmpty, suppressions.suppresses("outside-safe-area", view: view.id) { continue }
      if every, let (amount, side) = sides.max(by: { $0.0 < $1.0 }) {
        each.append((amount, view.id, side + " the safe area" + suffix))
      }
      for (amount, side) in sides where amount > tolerance && amount > (worst?.amount ?? 0) {
        worst = (amount, view.id, side + " the safe area" + suffix)
      }
    }
    return (every ? each : worst.map { [$0] } ?? []).map { found in
      var diagnostic = Diagnostic(
        .warning, "\(found.id) reaches \(NumberFormat.short(found.amount)) pt \(found.side)",
        code: "outside-safe-area", at: location(found.id, result), kind: .check, environment: result.environment)
      // The view it is about, for pictures that mark it (`matrix --format svg`).
      diagnostic.subject = found.id
      return diagnostic
    }
  }

  /// The first overlapping pair of siblings in document order, or with `every` each pair.
  private static func overlaps(
    _ views: [LayoutResult.ViewFrame], _ result: LayoutResult, _ suppressions: inout Suppressions, every: Bool
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for (index, view) in views.enumerated() {
      for other in views[(index + 1)...] where other.parent == view.parent {
        let width = min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX)
        let height = min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY)
        if width > tolerance, height > tolerance {
          if !suppressions.all.isEmpty, suppressions.suppresses("overlap", view: view.id, partner: other.id) {
            continue
          }
          var diagnostic = Diagnostic(
            .warning,
            "\(view.id) and \(other.id) overlap by \(NumberFormat.short(width))x\(NumberFormat.short(height)) pt",
            code: "overlap", at: location(other.id, result), kind: .check, environment: result.environment)
          // The first of the pair, for pictures that mark it (they find the partner by overlap).
          diagnostic.subject = view.id
          found.append(diagnostic)
          if !every { return found }
        }
      }
    }
    return found
  }
}
