import TrellisSupport

/// How a scroll view adds the safe area to its content inset (UIScrollView's
/// `contentInsetAdjustmentBehavior`); docs/semantics.md §8 has the rules and their source.
public enum ContentInsetAdjustmentBehavior: String, Hashable, Sendable, CaseIterable {
  /// As `scrollableAxes` (Trellis has no navigation controllers, UIKit's other case).
  case automatic
  /// The safe area on each axis the content scrolls along (or always bounces along).
  case scrollableAxes
  /// Never: the adjusted inset is the content inset.
  case never
  /// Always, on all four edges.
  case always
}

/// A scroll view's properties as written; those UIKit lets change at run time vary per size class.
public struct ScrollProperties: Sendable {
  /// Extra space around the content, inside the scroll view (UIKit's `contentInset`).
  public var contentInset: Varying<EdgeInsets>
  public var contentInsetAdjustmentBehavior: Varying<ContentInsetAdjustmentBehavior>
  /// How far the content is scrolled: the point of the content area drawn at the scroll
  /// view's top-left corner (UIKit's `contentOffset`; default 0, 0).
  public var contentOffset: Varying<Point>
  /// The zoom scale of ``zoomView`` (UIKit's `zoomScale`), clamped to the minimum and maximum.
  public var zoomScale: Varying<Double>
  public var minimumZoomScale: Double
  public var maximumZoomScale: Double
  /// The subview that zooms (the delegate's `viewForZooming(in:)`): its intrinsic size is
  /// multiplied by the zoom scale.
  public var zoomView: String?
  /// Whether the content bounces, and so counts as scrollable, along an axis it does not fill.
  public var alwaysBounceHorizontal: Bool
  public var alwaysBounceVertical: Bool

  public init(
    contentInset: Varying<EdgeInsets> = Varying(.zero),
    contentInsetAdjustmentBehavior: Varying<ContentInsetAdjustmentBehavior> = Varying(.automatic),
    contentOffset: Varying<Point> = Varying(.zero), zoomScale: Varying<Double> = Varying(1),
    minimumZoomScale: Double = 1, maximumZoomScale: Double = 1, zoomView: String? = nil,
    alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false
  ) {
    self.contentInset = contentInset
    self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
    self.contentOffset = contentOffset
    self.zoomScale = zoomScale
    self.minimumZoomScale = minimumZoomScale
    self.maximumZoomScale = maximumZoomScale
    self.zoomView = zoomView
    self.alwaysBounceHorizontal = alwaysBounceHorizontal
    self.alwaysBounceVertical = alwaysBounceVertical
  }
}

/// A point in points (a content offset).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(x: 0, y: 0)
  public var description: String { "\(fmt(x)),\(fmt(y))" }
}

/// A scroll view's properties decided for an environment.
public struct ResolvedScroll: Sendable, Hashable {
  public var contentInset: EdgeInsets
  public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
  public var contentOffset: Point
  /// Already clamped to `minimumZoomScale…maximumZoomScale`.
  public var zoomScale: Double
  public var zoomView: String?
  public var alwaysBounceHorizontal: Bool
  public var alwaysBounceVertical: Bool

  public init(
    contentInset: EdgeInsets, contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior, contentOffset: Point,
    zoomScale: Double, zoomView: String?, alwaysBounceHorizontal: Bool, alwaysBounceVertical: Bool
  ) {
    self.contentInset = contentInset
    self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
    self.contentOffset = contentOffset
    self.zoomScale = zoomScale
    self.zoomView = zoomView
    self.alwaysBounceHorizontal = alwaysBounceHorizontal
    self.alwaysBounceVertical = alwaysBounceVertical
  }
}

/// One solved scroll view: its frame, its content area and the insets that decide how far
/// the content scrolls.
public struct ScrollState: Sendable, Hashable {
  public var id: String
  /// The scroll view's frame (the viewport), in root coordinates.
  public var frame: Rect
  /// The content area (the content layout guide) in root coordinates as drawn at
  /// ``contentOffset``: its origin is the frame's origin minus the offset.
  public var contentFrame: Rect
  public var contentOffset: Point
  public var zoomScale: Double
  /// `contentInset` plus the safe-area insets the adjustment behavior adds (§8 of docs/semantics.md).
  public var adjustedContentInset: EdgeInsets
  /// The scroll view's own safe-area insets: how far the root's unsafe area reaches into its frame.
  public var safeAreaInsets: EdgeInsets

  /// UIKit's `contentSize`.
  public var contentSize: Size { contentFrame.size }

  /// The part of the content area that can be scrolled into the frame, in root coordinates
  /// at the current offset: the content grown by the adjusted insets.
  public var scrollableFrame: Rect {
    Rect(
      x: contentFrame.x - adjustedContentInset.left, y: contentFrame.y - adjustedContentInset.top,
      width: contentFrame.width + adjustedContentInset.left + adjustedContentInset.right,
      height: contentFrame.height + adjustedContentInset.top + adjustedContentInset.bottom)
  }

  public init(
    id: String, frame: Rect, contentFrame: Rect, contentOffset: Point, zoomScale: Double,
    adjustedContentInset: EdgeInsets, safeAreaInsets: EdgeInsets
  ) {
    self.id = id
    self.frame = frame
    self.contentFrame = contentFrame
    self.contentOffset = contentOffset
    self.zoomScale = zoomScale
    self.adjustedContentInset = adjustedContentInset
    self.safeAreaInsets = safeAreaInsets
  }
}
