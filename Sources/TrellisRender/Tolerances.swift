/// The renderers' tolerances, named for what each is for, in one place. Frames come from the
/// solver with its rounding; a picture must neither show that noise nor hide what a reader
/// would see.
enum RenderTolerance {
  /// Coordinates closer than this are one edge in a diagram: solved frames carry rounding noise
  /// (a stack's arranged views end at 91.74999999999999 where the stack ends at 91.75).
  static let sameEdge = 1e-6

  /// Points a scroll view's content must extend past its frame before the diagram marks that
  /// edge with an arrow: less than half a point is not something to scroll to.
  static let scrollOverflow = 0.5

  /// Points a later view must overlap a label's corner, on both axes, to cover it: views that
  /// only touch leave the label readable.
  static let labelCover = 0.5

  /// Points a view may reach past its superview (or the screen) before a picture marks it
  /// outside (``Placement``): the design checks' own slack (``DesignChecks``), below what anyone
  /// can see and above the solver's rounding.
  static let placement = 0.01
}
