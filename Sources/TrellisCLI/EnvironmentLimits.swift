import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// What makes a chosen environment impossible on any screen, as usage errors (exit 64): a
/// scale outside 1…10, and safe-area insets that do not fit the container.
enum EnvironmentLimits {
  /// Screen scales are 1…3; up to 10 leaves room for tests and future screens. Outside that,
  /// snapping collapsed every frame to 0x0 (1e-308) or made it NaN (1e308).
  static let scales: ClosedRange<Double> = 1...10

  /// `environment`, or a usage error naming the option to change; `scaleText` is `--scale` as
  /// written, for the message.
  static func checked(_ environment: Environment, scaleText: String?) throws(UsageError) -> Environment {
    let scale = environment.scale
    guard scales.contains(scale) else {
      throw UsageError(
        "The value '\(scaleText ?? NumberFormat.exact(scale))' is invalid for '--scale <n>'. "
          + "Expected a screen scale from 1 to 10 (2 for @2x).")
    }
    let insets = environment.safeAreaInsets
    let size = environment.containerSize
    for (sum, first, second, extent, axis) in [
      (insets.top + insets.bottom, "top", "bottom", size.height, "height"),
      (insets.left + insets.right, "left", "right", size.width, "width"),
    ] where !(sum <= extent) {
      throw UsageError(
        "The safe-area insets \(insets) do not fit the \(size) container: \(first) + \(second) "
          + "(\(NumberFormat.exact(sum))) is more than the \(axis) (\(NumberFormat.exact(extent))). "
          + "Give smaller '--safe-area' insets or a larger '--size'.")
    }
    return environment
  }
}
