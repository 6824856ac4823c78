/// The engine's tolerances, named for what each is for and kept in one place (as kiwi keeps its
/// own in one file). Solved values carry the solver's rounding, a few ulps of screen-sized
/// numbers; each tolerance sits between that noise and the smallest difference that means
/// something. The model's are in TrellisModel (`Tolerance`), the solver's in TrellisSolver
/// (`Symbol.swift`).
enum EngineTolerance {
  /// A required constraint missed by more than this fraction of its largest term (at least 1 pt)
  /// is reported (`required-constraint-missed`); a parametric move never lets one miss by more.
  static let requiredMiss = 1e-6
  /// An optional constraint violated by more than this many points is broken
  /// (``LayoutEngine/brokenOptionalConstraints``).
  static let brokenOptional = 1e-6
  /// A width or height below minus this is negative (`negative-frame`).
  static let negativeSize = 1e-6
  /// A view smaller than its text needs by more than this fraction of the need (at least 1 pt)
  /// truncates or compresses it.
  static let textShortfall = 1e-6
  /// A merged coefficient within this of zero is dropped from an anchor's expression: what
  /// remains of `a − a` after rounding.
  static let zeroCoefficient = 1e-12
  /// A residual whose rates with the container's size are below this does not move with it:
  /// the rounding of a term's last digits.
  static let unmovingRate = 1e-9
  /// A self-sizing table cell's content view fitted to less than this is fitted to no height
  /// (`cell-zero-height`): well below a pixel, above the solver's rounding.
  static let zeroFittedHeight = 1e-6
  /// A frame reaches past the safe area by more than its margin when it does by more than this
  /// many points (``LayoutEngine/settleSafeAreaMargins(_:_:_:_:)``): the solver's rounding, not
  /// a pixel.
  static let marginReach = 1e-6
}
