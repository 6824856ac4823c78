import TrellisModel
import TrellisSolver

extension ScrollLayout {
  /// Each scroll view's state, read from the solved frames and the content guide's variables.
  static func states(
    _ resolved: ResolvedLayout, frames: [Rect], items: [LayoutItem: ItemVariables], solver: Solver, safeArea: Rect,
    snapToPixels: Bool
  ) -> [ScrollState] {
    var out: [ScrollState] = []
    // The resolution's index: every layout passes here, and most layouts have no scroll view.
    for index in resolved.scrollViews where frames.indices.contains(index) {
      let view = resolved.views[index]
      guard let properties = view.scroll, let vars = items[contentGuide(of: view.id)] else { continue }
      var content = Rect(
        x: vars.x.map { solver.value(of: $0) } ?? 0, y: vars.y.map { solver.value(of: $0) } ?? 0,
        width: solver.value(of: vars.width), height: solver.value(of: vars.height))
      if snapToPixels { content = PixelSnapping.snap(content, scale: resolved.environment.scale) }
      let frame = frames[index]
      let safe = safeAreaInsets(of: frame, in: safeArea)
      out.append(
        ScrollState(
          id: view.id, frame: frame, contentFrame: content, contentOffset: properties.contentOffset,
          zoomScale: properties.zoomScale,
          adjustedContentInset: adjustedContentInset(
            properties, frame: frame.size, contentSize: content.size, safeAreaInsets: safe),
          safeAreaInsets: safe))
    }
    return out
  }

}
