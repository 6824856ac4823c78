import TrellisLayout

/// Rounds solved frames to the device's pixel grid, as UIKit does after solving (`--snap`).
///
/// Each edge in root coordinates goes to the nearest multiple of 1/scale (halves away from zero;
/// UIKit's tie rule is unsourced), and width = rounded maxX − rounded minX, which reproduces
/// Interface Builder's stored frames (platform-facts.md §2, pixel rounding: 359 pt, four equal
/// buttons, spacing 10, @3x → x 0, 92.333, 184.667, 276.667, widths 82.333, 82.333, 82, 82.333).
enum PixelSnapping {
  static func snap(_ result: LayoutResult) -> LayoutResult {
    let scale = result.environment.scale
    guard scale.isFinite, scale > 0 else { return result }
    func round(_ value: Double) -> Double { value.isFinite ? (value * scale).rounded() / scale : value }
    func snapped(_ rect: Rect) -> Rect {
      let minX = round(rect.minX)
      let minY = round(rect.minY)
      return Rect(x: minX, y: minY, width: round(rect.maxX) - minX, height: round(rect.maxY) - minY)
    }
    var out = result
    var snappedByID: [String: Rect] = [:]
    for index in out.views.indices {
      let frame = snapped(out.views[index].frame)
      out.views[index].frame = frame
      if snappedByID[out.views[index].id] == nil { snappedByID[out.views[index].id] = frame }
      if let parent = out.views[index].parent, let parentFrame = snappedByID[parent] {
        out.views[index].frameInParent = Rect(
          x: frame.x - parentFrame.x, y: frame.y - parentFrame.y, width: frame.width, height: frame.height)
      } else {
        out.views[index].frameInParent = frame
      }
    }
    out.safeArea = snapped(out.safeArea)
    out.margins = snapped(out.margins)
    return out
  }
}
