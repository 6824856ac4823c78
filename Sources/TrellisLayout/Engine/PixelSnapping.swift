/// Snapping frames to the device pixel grid, as UIKit does after solving.
enum PixelSnapping {
  /// Rounds a coordinate to the nearest `1/scale` pt; a tie (exactly half a pixel, ignoring
  /// noise below a millionth of a pixel) rounds away from zero. A scale that is not a
  /// positive finite number leaves the value as it is.
  static func snap(_ value: Double, scale: Double) -> Double {
    guard scale.isFinite, scale > 0, value.isFinite else { return value }
    let pixels = value * scale
    let cleaned = abs(pixels) < 1e9 ? (pixels * 1e6).rounded() / 1e6 : pixels
    return cleaned.rounded(.toNearestOrAwayFromZero) / scale
  }

  /// Snaps each edge; the size is the difference of the snapped edges (so neighbours that
  /// share an edge still share it, and a width may change by a pixel).
  static func snap(_ rect: Rect, scale: Double) -> Rect {
    let minX = snap(rect.minX, scale: scale)
    let minY = snap(rect.minY, scale: scale)
    let maxX = snap(rect.maxX, scale: scale)
    let maxY = snap(rect.maxY, scale: scale)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
