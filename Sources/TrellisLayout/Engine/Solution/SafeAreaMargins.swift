import TrellisModel
import TrellisSolver

// UIKit's margins inset from the safe area (`insetsLayoutMarginsFromSafeArea`), decided from
// the frames: a view whose frame reaches into the area outside the safe area by more than its
// own margin has its margin raised to reach the safe area's edge, and is laid out again with
// it (docs/semantics.md §1, rule 4). Edges known before solving to lie on the root's edge are
// decided then (``SystemLayoutMargins``); these are the others.

extension LayoutEngine {
  /// The most passes that decide margins from the frames; each changes which edges lie on the
  /// safe area's edge, so a layout settles in one or two. A layout still changing after them
  /// (a view whose position follows its own margin the other way) gets a warning
  /// (`margins-unsettled`) and the last pass's frames.
  public static let maxMarginPasses = 4

  /// Decides, for the views whose margins read the safe area from their frames
  /// (``ResolvedView/frameSafeAreaEdges``), which margin edges lie on the safe area's edge, and
  /// re-solves while that changes. `index`, `resolved`, `set` and `outcome` become the last
  /// pass's. Returns whether anything changed, and a warning when the passes ran out.
  func settleSafeAreaMargins(
    _ index: inout Int, _ resolved: inout ResolvedLayout, _ set: inout ConstraintSet,
    _ outcome: inout ConstraintInstaller.Outcome
  ) -> (changed: Bool, unsettled: Diagnostic?) {
    let candidates = resolved.frameMarginViews
    let insets = resolved.environment.safeAreaInsets
    guard !candidates.isEmpty,
      insets != .zero || candidates.contains(where: { resolved.views[$0].clampedMarginEdges != 0 })
    else { return (false, nil) }
    var changed = false
    var moving: [Int] = []
    for pass in 0...Self.maxMarginPasses {
      let slot = cache[index]
      guard let root = resolved.views.first, let rootVars = slot.items[root.item] else { return (changed, nil) }
      let solver = slot.solver
      let rootWidth = solver.value(of: rootVars.width)
      let rootHeight = solver.value(of: rootVars.height)
      var next = resolved
      moving = []
      for position in candidates {
        let view = next.views[position]
        guard let vars = slot.items[view.item] else { continue }
        // The frame: the alignment rectangle grown by the view's insets (root coordinates).
        let a = view.alignmentRectInsets
        let x = (vars.x.map { solver.value(of: $0) } ?? 0) - a.left
        let y = (vars.y.map { solver.value(of: $0) } ?? 0) - a.top
        let width = solver.value(of: vars.width) + a.left + a.right
        let height = solver.value(of: vars.height) + a.top + a.bottom
        // How far the frame reaches past the safe area on each edge: top, left, bottom, right.
        let reach: InlineArray<4, Double> = [
          insets.top - y, insets.left - x, y + height - (rootHeight - insets.bottom),
          x + width - (rootWidth - insets.right),
        ]
        let own = view.effectiveMargins(safeAreaInsets: insets)
        let margins: InlineArray<4, Double> = [own.top, own.left, own.bottom, own.right]
        var clamped: UInt8 = 0
        for edge in 0..<4 where view.frameSafeAreaEdges & (1 << edge) != 0 && reach[edge].isFinite {
          let bit = UInt8(1 << edge)
          // Raised where the frame reaches past the safe area by more than the own margin; kept
          // while it still reaches as far (the margin edge then sits on the safe area's edge).
          let tolerance = EngineTolerance.marginReach
          let isClamped = view.clampedMarginEdges & bit != 0
          if isClamped ? reach[edge] >= margins[edge] - tolerance : reach[edge] > margins[edge] + tolerance {
            clamped |= bit
          }
        }
        if clamped != view.clampedMarginEdges {
          next.views[position].clampedMarginEdges = clamped
          moving.append(position)
        }
      }
      if moving.isEmpty { return (changed, nil) }
      if pass == Self.maxMarginPasses { break }
      changed = true
      resolved = next
      relayout(&index, next, set, &outcome)
    }
    let names = moving.prefix(5).map { "'\(resolved.views[$0].id)'" }.joined(separator: ", ")
    let more = moving.count > 5 ? " and \(moving.count - 5) more" : ""
    let first = moving.first.map { resolved.views[$0] }
    return (
      changed,
      Diagnostic(
        .warning,
        "Margins did not settle after \(Self.maxMarginPasses) layout passes: \(names)\(more) reach past the safe "
          + "area by more than their margins with their own margins and not with the safe area's (a position that "
          + "follows its own margin?); the frames are the last pass's.",
        code: "margins-unsettled", at: first?.location, kind: .frame, environment: resolved.environment)
    )
  }
}
