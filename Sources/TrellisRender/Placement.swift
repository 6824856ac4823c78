import TrellisModel
import TrellisSupport

/// Views a picture cannot show where they are: off screen (wholly outside the root), or
/// outside their superview (partly or wholly beyond its frame, as UIKit draws them unless the
/// superview clips, and where they get no touches). Every renderer marks them, so that a view
/// 100,000 pt below the screen is not mistaken for one too small to draw.
///
/// Only drawn views count (not hidden, not guides, not the root, with a finite frame of no
/// negative size). Views inside a scroll view are left out: content beyond the viewport is what
/// scrolling is for (the pictures draw the content area instead). A frame is compared without
/// its alignment-rectangle insets (a UISwitch's frame reaches 2 pt past what constraints place),
/// with ``RenderTolerance/placement`` of slack.
package enum Placement: Hashable, Sendable {
  /// Wholly outside the root's bounds; `direction` says where (`below`, `above`, `left`, `right`,
  /// or two of them, `below right`).
  case offScreen(direction: String)
  /// Partly or wholly outside the superview's frame (the root's, when it is the superview: then
  /// part of the view is off screen).
  case outsideSuperview(String)

  /// Per view of `result` (same indices), its placement mark, or nil when it is drawn in place.
  package static func marks(_ result: LayoutResult) -> [Placement?] {
    let size = result.environment.containerSize
    let root = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let clips = result.scrollClips
    let tolerance = RenderTolerance.placement
    var insetsByID: [String: EdgeInsets] = [:]
    for view in result.resolution?.views ?? [] where view.alignmentRectInsets != .zero {
      insetsByID[view.id] = view.alignmentRectInsets
    }
    var frameByID: [String: LayoutResult.ViewFrame] = [:]
    for view in result.views where frameByID[view.id] == nil { frameByID[view.id] = view }
    func aligned(_ view: LayoutResult.ViewFrame) -> Rect {
      guard let insets = insetsByID[view.id] else { return view.frame }
      let f = view.frame
      return Rect(
        x: f.x + insets.left, y: f.y + insets.top, width: f.width - insets.left - insets.right,
        height: f.height - insets.top - insets.bottom)
    }
    func finite(_ r: Rect) -> Bool {
      r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite && r.width >= 0 && r.height >= 0
    }
    guard size.width.isFinite, size.height.isFinite else { return result.views.map { _ in nil } }
    return result.views.indices.map { index -> Placement? in
      let view = result.views[index]
      guard let parentID = view.parent, view.kind != .guide, !view.isEffectivelyHidden, clips[index] == nil else {
        return nil
      }
      let frame = aligned(view)
      guard finite(frame) else { return nil }
      // Past an edge: wholly beyond it, or (a view of no size along that axis) strictly beyond.
      let sizedX = frame.width > tolerance
      let sizedY = frame.height > tolerance
      var directions: [String] = []
      if sizedY ? frame.maxY <= root.minY + tolerance : frame.maxY < root.minY - tolerance {
        directions.append("above")
      }
      if sizedY ? frame.minY >= root.maxY - tolerance : frame.minY > root.maxY + tolerance {
        directions.append("below")
      }
      if sizedX ? frame.maxX <= root.minX + tolerance : frame.maxX < root.minX - tolerance {
        directions.append("left")
      }
      if sizedX ? frame.minX >= root.maxX - tolerance : frame.minX > root.maxX + tolerance {
        directions.append("right")
      }
      if !directions.isEmpty { return .offScreen(direction: directions.joined(separator: " ")) }
      guard let parent = frameByID[parentID], finite(parent.frame), parent.kind != .scroll else { return nil }
      let bounds = parent.parent == nil ? root : aligned(parent)
      let outside =
        frame.minX < bounds.minX - tolerance || frame.minY < bounds.minY - tolerance
        || frame.maxX > bounds.maxX + tolerance || frame.maxY > bounds.maxY + tolerance
      return outside ? .outsideSuperview(parentID) : nil
    }
  }

  /// The mark in words: `off screen (below)`, `outside its superview 'card'`, `partly off screen`.
  package func describe(rootID: String?) -> String {
    switch self {
    case .offScreen(let direction): return "off screen (\(direction))"
    case .outsideSuperview(let parent):
      return parent == rootID ? "partly off screen" : "outside its superview '\(parent)'"
    }
  }
}
