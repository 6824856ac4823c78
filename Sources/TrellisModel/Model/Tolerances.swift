/// The layout model's tolerances, named for what each is for and kept in one place (as kiwi keeps
/// its own in one file). Solved values carry the solver's rounding, a few ulps of screen-sized
/// numbers; each tolerance sits between that noise and the smallest difference that means
/// something. The solver's own tolerances are in TrellisSolver (`Symbol.swift`).
@usableFromInline package enum Tolerance {
  /// Frames closer than this in every coordinate are the same frame (``LayoutDiff``'s default):
  /// far above rounding, far below a pixel at any scale.
  @usableFromInline package static let sameFrame = 1e-6

  /// A width within this fraction of itself (at least 1 pt) of the one text was wrapped at wraps
  /// it alike: the rounding between a width solved twice, never a change of layout.
  @usableFromInline package static let sameWrapWidth = 1e-9

  /// Content must exceed its scroll view's frame by more than this to make that axis scrollable
  /// (and take the safe-area adjustment): content solved to exactly the frame's size carries
  /// rounding either way.
  package static let scrollableExcess = 1e-9

  /// Points a view may leave the safe area, or overlap a sibling, by without a design finding
  /// (``DesignChecks/tolerance``): below what anyone can see, above the solver's rounding.
  package static let designFinding = 0.01

  /// A view's safe-area guide inset solved this close to the one assumed before solving is the
  /// same inset (``ViewSafeArea``): the solver's rounding, never a visible difference.
  package static let guideInset = 1e-6

  /// A frame this fraction of its width (at least of 1 pt) narrower or lower than the lines
  /// measured for it still shows them (``ResolvedLayout/shownText(ofViewAt:in:scale:)``): the rounding
  /// between a measured width and a solved one.
  package static let shownText = 1e-6
}
