import TrellisModel

/// The command-line tool's own tolerances, named for what each is for, in one place (the layout
/// model's are in TrellisModel's `Tolerance`).
enum CLITolerance {
  /// How far a solved frame may be from the frame Interface Builder stored (`import --check`):
  /// a pixel at the scene's scale, as the command's help says, plus ``Tolerance/sameFrame`` so
  /// that rounding does not turn exactly a pixel into a difference.
  static func storedFrame(scale: Double) -> Double { 1 / max(1, scale) + Tolerance.sameFrame }

  /// A component is as wide as its screen when their widths are within half a point: device
  /// widths are whole points, so this only absorbs rounding in the width IB stored.
  static let screenWidth = 0.5
}
