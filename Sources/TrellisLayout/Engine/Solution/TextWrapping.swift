import TrellisModel
import TrellisSolver

// UIKit's two-pass layout of wrapping text: lay out, measure each wrapping label at the width
// it was given (`preferredMaxLayoutWidth`), update its intrinsic size, lay out again, until
// nothing changes.

extension LayoutEngine {
  /// The most layout passes that wrap text; a layout still changing after them gets a warning
  /// (`text-unsettled`) and the last pass's frames. Two passes settle a label whose width does
  /// not depend on its own height; each later one is a label whose width does.
  public static let maxTextPasses = 8

  /// Wraps the text of every wrapping label and button of the slot at `index` to its solved
  /// width, re-solving while an intrinsic size changes. `index`, `resolved`, `set` and `outcome`
  /// become the last pass's. Returns a warning when the passes ran out.
  func wrapText(
    _ index: inout Int, _ resolved: inout ResolvedLayout, _ set: inout ConstraintSet,
    _ outcome: inout ConstraintInstaller.Outcome
  ) -> Diagnostic? {
    let wrapping = resolved.wrappingViews
    guard !wrapping.isEmpty else { return nil }
    // The common case, a move that changes no wrapping view's width: nothing to measure.
    let solver = cache[index].solver
    let unchanged = wrapping.allSatisfy { position in
      guard let variables = cache[index].items[resolved.views[position].item] else { return true }
      let width = solver.value(of: variables.width)
      return !(width.isFinite && width > 0 && resolved.textChanges(ofViewAt: position, atWidth: width))
    }
    if unchanged { return nil }
    let scale = resolved.environment.scale
    var changedViews: [String] = []
    for pass in 0...Self.maxTextPasses {
      var next = resolved
      var remeasured = false
      changedViews = []
      let solver = cache[index].solver
      for position in wrapping {
        guard let variables = cache[index].items[next.views[position].item] else { continue }
        let width = solver.value(of: variables.width)
        // A view collapsed to no width (a hidden arranged view) keeps its measure: UIKit reads a
        // `preferredMaxLayoutWidth` of 0 as "not set", never as one character a line.
        guard width.isFinite, width > 0, next.textChanges(ofViewAt: position, atWidth: width) else { continue }
        let view = next.views[position]
        var wrapped = view
        let measured = wrapped.measureText(with: typesetter, wrapWidth: width, scale: scale, overrides: SizeOverride())
        next.views[position] = wrapped
        next.measuredTexts[position] = measured
        remeasured = true
        if wrapped.intrinsicWidth != view.intrinsicWidth || wrapped.intrinsicHeight != view.intrinsicHeight
          || wrapped.firstBaselineOffset != view.firstBaselineOffset
          || wrapped.lastBaselineOffset != view.lastBaselineOffset
        {
          changedViews.append(view.id)
        }
      }
      if changedViews.isEmpty {
        // Same sizes: keep the widths measured at, so the next layout re-measures nothing.
        if remeasured {
          resolved = next
          cache[index].keepResolution(next)
        }
        return nil
      }
      if pass == Self.maxTextPasses { break }
      resolved = next
      set = next.constraintSet(memo: &stackMemo)
      relayout(&index, next, set, &outcome)
    }
    let names = changedViews.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
    let more = changedViews.count > 5 ? " and \(changedViews.count - 5) more" : ""
    let first = resolved.views.first { $0.id == changedViews.first }
    return Diagnostic(
      .warning,
      "Wrapped text did not settle after \(Self.maxTextPasses) layout passes: \(names)\(more) still change size "
        + "with the width they are given (a width that depends on the text's own height?); the frames are the "
        + "last pass's.",
      code: "text-unsettled", at: first?.location, kind: .text, environment: resolved.environment)
  }
}
