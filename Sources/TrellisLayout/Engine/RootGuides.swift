import TrellisModel

/// The root's two layout guides, `safeArea` and `margins`: each is the root's bounds inset on
/// every edge, by the environment's safe-area insets or by the root's effective margins (which
/// are measured from the root's edges, the safe area already in them). The one definition of
/// their geometry: ``AnchorMap`` builds the anchors the solver reads from it, ``SolutionReader``
/// the rectangles a result reports.
enum RootGuides {
  /// How far `guide` (``LayoutItem/safeArea`` or ``LayoutItem/margins``) lies inside the root's
  /// bounds on each edge; `rootMargins` is asked only for the margins guide.
  static func insets(
    of guide: LayoutItem, safeAreaInsets: EdgeInsets, rootMargins: @autoclosure () -> EdgeInsets
  ) -> EdgeInsets {
    guide == .margins ? rootMargins() : safeAreaInsets
  }

  /// The rectangle of a guide `insets` inside a root of `rootSize`, in root coordinates.
  static func rect(insets: EdgeInsets, rootSize: Size) -> Rect {
    Rect(
      x: insets.left, y: insets.top, width: rootSize.width - insets.left - insets.right,
      height: rootSize.height - insets.top - insets.bottom)
  }
}
