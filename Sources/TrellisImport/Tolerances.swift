/// The importer's tolerances, named for what each is for, in one place (the layout model's are
/// TrellisModel's `Tolerance`).
enum ImportTolerance {
  /// Two lengths read from stored frames and bar heights are the same length when they are closer
  /// than this: frames are stored rounded, while the insets and bar heights compared with them
  /// differ by whole points when they differ at all.
  static let sameLength = 0.5
}
