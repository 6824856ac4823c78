import TrellisModel
import TrellisSupport

/// Snapping frames to the device pixel grid, as UIKit does after solving.
package enum PixelSnapping {
  /// Whether `scale` can be snapped to: 1…1000 pixels per point. Below 1 a pixel is larger than a
  /// point and rounding to it collapses whole views (`1e-308` snapped every frame, the root's
  /// too, to 0x0); far above, coordinates in pixels overflow (`1e308` made every frame NaN).
  /// Screens are 1…3.
  static func isUsable(_ scale: Double) -> Bool { scale >= 1 && scale <= 1000 }

  /// Rounds a coordinate to the nearest `1/scale` pt; a tie (exactly half a pixel, ignoring
  /// noise below a millionth of a pixel) rounds away from zero. An unusable scale (see
  /// ``isUsable(_:)``), or one so large that the value in pixels overflows, leaves the value as it is.
  package static func snap(_ value: Double, scale: Double) -> Double {
    guard isUsable(scale), value.isFinite else { return value }
    let pixels = value * scale
    // `1e308` pt per pixel makes every coordinate infinite, and inf / scale NaN.
    guard pixels.isFinite else { return value }
    let cleaned = abs(pixels) < 1e9 ? (pixels * 1e6).rounded() / 1e6 : pixels
    let snapped = cleaned.rounded(.toNearestOrAwayFromZero) / scale
    return snapped.isFinite ? snapped : value
  }

  /// Snaps each edge; the size is the difference of the snapped edges (so neighbours that
  /// share an edge still share it, and a width may change by a pixel). A frame whose snapped
  /// size would not be finite is left as it is.
  package static func snap(_ rect: Rect, scale: Double) -> Rect {
    let minX = snap(rect.minX, scale: scale)
    let minY = snap(rect.minY, scale: scale)
    let maxX = snap(rect.maxX, scale: scale)
    let maxY = snap(rect.maxY, scale: scale)
    let snapped = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    guard snapped.width.isFinite, snapped.height.isFinite else { return rect }
    return snapped
  }

  /// The warning for snapping in an environment whose scale cannot be snapped to, or `nil`.
  static func unusableScaleWarning(_ environment: Environment) -> Diagnostic? {
    guard !isUsable(environment.scale) else { return nil }
    return Diagnostic(
      .warning,
      "scale \(fmtExact(environment.scale)) is not a screen's (outside 1…1000 pixels per point); "
        + "frames were not snapped to the pixel grid",
      code: "unusable-scale", kind: .accuracy, environment: environment)
  }
}
