import TrellisSupport

/// Scroll views as ordinary constraints and two generated layout guides per scroll view, the
/// way stacks are (docs/semantics.md §8):
///
/// - `s#content` (`s.contentLayoutGuide` in files): the content area. Its origin is the scroll
///   view's origin minus the content offset; its size is whatever the content's constraints
///   make it (UIKit's `contentSize`).
/// - `s#frame` (`s.frameLayoutGuide`): the scroll view's frame.
///
/// A file constraint between a scroll view's edge (or margin) and a view inside it is moved to
/// the content guide, as UIKit does ("constraints between the edges or margins of the scroll
/// view and its content attach to the scroll view's content area"); widths, heights, centers
/// and constraints to views outside stay on the frame.
public enum ScrollLayout {
  /// The generated guide for the content area of scroll view `id`.
  public static func contentGuide(of id: String) -> LayoutItem { .generated(owner: id, name: "content") }
  /// The generated guide for the frame of scroll view `id`.
  public static func frameGuide(of id: String) -> LayoutItem { .generated(owner: id, name: "frame") }

  /// The guide names a file may use after a scroll view's id (`s.contentLayoutGuide.top`).
  package static let guideNames: [String: String] = ["contentLayoutGuide": "content", "frameLayoutGuide": "frame"]

  /// Whether `item` is a guide of a scroll view (by its name; the owner is checked by the reader).
  package static func isScrollGuide(_ item: LayoutItem) -> Bool {
    if case .generated(_, let name) = item { return name == "content" || name == "frame" }
    return false
  }

  // MARK: Resolution

  /// The properties picked for `traits`, the zoom scale clamped to its range (UIKit clamps it).
  static func resolve(_ properties: ScrollProperties, traits: TraitCollection) -> ResolvedScroll {
    let low = min(properties.minimumZoomScale, properties.maximumZoomScale)
    let high = max(properties.minimumZoomScale, properties.maximumZoomScale)
    return ResolvedScroll(
      contentInset: properties.contentInset.resolved(for: traits),
      contentInsetAdjustmentBehavior: properties.contentInsetAdjustmentBehavior.resolved(for: traits),
      contentOffset: properties.contentOffset.resolved(for: traits),
      zoomScale: min(max(properties.zoomScale.resolved(for: traits), low), high), zoomView: properties.zoomView,
      alwaysBounceHorizontal: properties.alwaysBounceHorizontal, alwaysBounceVertical: properties.alwaysBounceVertical)
  }

  /// Multiplies the intrinsic size of each scroll view's `zoomView` by its zoom scale: a zoomed
  /// view is its natural size times the zoom, and so is the content it defines.
  static func applyZoom(_ views: inout [ResolvedView]) {
    guard views.contains(where: { $0.scroll != nil }) else { return }
    for scroll in views {
      guard let properties = scroll.scroll, let zoomed = properties.zoomView, properties.zoomScale != 1 else {
        continue
      }
      for index in views.indices where views[index].id == zoomed && views[index].parent == scroll.id {
        views[index].intrinsicWidth = views[index].intrinsicWidth.map { $0 * properties.zoomScale }
        views[index].intrinsicHeight = views[index].intrinsicHeight.map { $0 * properties.zoomScale }
      }
    }
  }

  // MARK: Constraints

  /// The guides and required constraints of one scroll view: the content guide's origin at the
  /// frame's origin minus the offset (`scroll-content`), the frame guide equal to the frame
  /// (`scroll-frame`). Offsets are absolute (x grows rightward in right-to-left too, as in UIKit).
  static func constraints(for view: ResolvedView) -> (guides: [LayoutItem], constraints: [LayoutConstraint]) {
    guard let properties = view.scroll else { return ([], []) }
    let content = contentGuide(of: view.id)
    let frame = frameGuide(of: view.id)
    let offset = properties.contentOffset
    var out: [LayoutConstraint] = []
    func add(_ reason: String, _ guide: LayoutItem, _ attribute: LayoutAttribute, _ constant: Double) {
      let n = out.filter { if case .scroll(_, reason) = $0.origin { return true } else { return false } }.count + 1
      let first = AnchorReference(item: guide, attribute: attribute, location: view.location)
      let second = AnchorReference(item: view.item, attribute: attribute, location: view.location)
      var c = LayoutConstraint(
        id: "\(view.id)#\(reason)#\(n)", first: first, relation: .equal, second: second, constant: constant,
        origin: .scroll(id: view.id, reason: reason), source: "", location: view.location)
      c.describeAsGenerated(reason: reason)
      out.append(c)
    }
    add("scroll-content", content, .left, -offset.x)
    add("scroll-content", content, .top, -offset.y)
    for attribute: LayoutAttribute in [.left, .top, .width, .height] { add("scroll-frame", frame, attribute, 0) }
    return ([content, frame], out)
  }

  /// The file's constraints with every edge or margin of a scroll view that is related to a
  /// view inside it moved to the scroll view's content guide (UIKit's rule for content).
  static func retargeted(_ constraints: [LayoutConstraint], views: [ResolvedView], direction: LayoutDirection)
    -> [LayoutConstraint]
  {
    var scrolls: [String: EdgeInsets] = [:]
    for view in views where view.scroll != nil { scrolls[view.id] = view.layoutMargins }
    guard !scrolls.isEmpty else { return constraints }
    var parent: [String: String] = [:]
    for view in views where parent[view.id] == nil { parent[view.id] = view.parent }
    func isInside(_ item: LayoutItem, _ scroll: String) -> Bool {
      guard var id = item.viewID else { return false }
      var steps = 0
      while let up = parent[id], steps <= views.count {
        if up == scroll { return true }
        id = up
        steps += 1
      }
      return false
    }
    return constraints.map { constraint in
      guard let second = constraint.second else { return constraint }
      var c = constraint
      if let scroll = c.first.item.viewID, let margins = scrolls[scroll], isInside(second.item, scroll),
        let (attribute, inset) = edge(of: c.first.attribute, margins: margins, direction: direction)
      {
        // first + inset == rhs  ⇔  first == rhs − inset
        c.first = AnchorReference(item: contentGuide(of: scroll), attribute: attribute, location: c.first.location)
        c.constant -= inset
      } else if let scroll = second.item.viewID, let margins = scrolls[scroll], isInside(c.first.item, scroll),
        let (attribute, inset) = edge(of: second.attribute, margins: margins, direction: direction)
      {
        c.second = AnchorReference(item: contentGuide(of: scroll), attribute: attribute, location: second.location)
        c.constant += c.multiplier * inset
      }
      return c
    }
  }

  /// The edge an edge or margin attribute stands for, and how far the margin lies inside it in
  /// the constraint's own coordinates (mirrored ones for leading/trailing in right-to-left);
  /// `nil` for sizes and centers, which stay on the frame.
  private static func edge(of attribute: LayoutAttribute, margins m: EdgeInsets, direction: LayoutDirection)
    -> (LayoutAttribute, Double)?
  {
    let rtl = direction == .rightToLeft
    switch attribute {
    case .left, .right, .top, .bottom, .leading, .trailing: return (attribute, 0)
    case .leftMargin: return (.left, m.left)
    case .rightMargin: return (.right, -m.right)
    case .topMargin: return (.top, m.top)
    case .bottomMargin: return (.bottom, -m.bottom)
    // Mirrored coordinates grow from the right: leading's margin is inward, positive, in both.
    case .leadingMargin: return (.leading, rtl ? m.right : m.left)
    case .trailingMargin: return (.trailing, -(rtl ? m.left : m.right))
    default: return nil
    }
  }

  /// How far the root's unsafe area reaches into `frame` on each side (UIKit's `safeAreaInsets`
  /// of a view: the overlap of its frame with the area outside its superview's safe area).
  public static func safeAreaInsets(of frame: Rect, in safeArea: Rect) -> EdgeInsets {
    func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), max(limit, 0)) }
    return EdgeInsets(
      top: clamp(safeArea.minY - frame.minY, frame.height), left: clamp(safeArea.minX - frame.minX, frame.width),
      bottom: clamp(frame.maxY - safeArea.maxY, frame.height), right: clamp(frame.maxX - safeArea.maxX, frame.width))
  }

  /// `contentInset` plus the safe-area insets that `contentInsetAdjustmentBehavior` adds:
  /// all four for `always`, none for `never`; for `scrollableAxes` and `automatic` top and
  /// bottom when the content is taller than the frame (or always bounces vertically), left and
  /// right when it is wider (or always bounces horizontally).
  public static func adjustedContentInset(
    _ properties: ResolvedScroll, frame: Size, contentSize: Size, safeAreaInsets safe: EdgeInsets
  ) -> EdgeInsets {
    let inset = properties.contentInset
    var vertical = false
    var horizontal = false
    switch properties.contentInsetAdjustmentBehavior {
    case .never: break
    case .always:
      vertical = true
      horizontal = true
    case .scrollableAxes, .automatic:
      vertical = contentSize.height > frame.height + Tolerance.scrollableExcess || properties.alwaysBounceVertical
      horizontal = contentSize.width > frame.width + Tolerance.scrollableExcess || properties.alwaysBounceHorizontal
    }
    return EdgeInsets(
      top: inset.top + (vertical ? safe.top : 0), left: inset.left + (horizontal ? safe.left : 0),
      bottom: inset.bottom + (vertical ? safe.bottom : 0), right: inset.right + (horizontal ? safe.right : 0))
  }

  /// The innermost scroll view each view is inside of (by index into `views`), `nil` for views
  /// in no scroll view.
  public static func enclosingScrollViews(_ views: [LayoutResult.ViewFrame], scrollIDs: Set<String>) -> [String?] {
    guard !scrollIDs.isEmpty else { return views.map { _ in nil } }
    var parent: [String: String] = [:]
    for view in views where parent[view.id] == nil { parent[view.id] = view.parent }
    return views.map { view in
      var id = view.id
      var steps = 0
      while let up = parent[id], steps <= views.count {
        if scrollIDs.contains(up) { return up }
        id = up
        steps += 1
      }
      return nil
    }
  }
}

extension ScrollLayout {
  /// Interface Builder's "Scrollable content size is ambiguous for …" when the content guide's
  /// width or height is not determined (`ambiguous-content-size`); `nil` when both are.
  package static func contentSizeAmbiguity(
    _ view: ResolvedView, _ attributes: [LayoutAttribute], _ environment: Environment
  )
    -> Diagnostic?
  {
    let sizes = attributes.filter(\.isSize)
    guard !sizes.isEmpty else { return nil }
    let which = sizes.count == 2 ? "width and height" : sizes[0].rawValue
    return Diagnostic(
      .warning,
      "Scrollable content size is ambiguous for '\(view.id)': nothing determines the content's \(which); constrain "
        + "the content to all four edges of the scroll view (or its contentLayoutGuide) and give it a size, e.g. "
        + "'content.width == \(view.id).frameLayoutGuide.width' to scroll vertically only.",
      code: "ambiguous-content-size", at: view.location, kind: .ambiguity, environment: environment)
  }
}

extension ScrollState {
  /// Where content can be seen inside the safe area, in root coordinates at the current offset:
  /// every content point inside this rectangle can be scrolled into the part of the frame that
  /// is inside `safeArea`, and no other. Offsets run from `−adjustedContentInset.left` to
  /// `contentSize.width − frame.width + adjustedContentInset.right` (never below the first),
  /// and the same vertically.
  public func reachableRect(safeArea: Rect) -> Rect? {
    let left = max(frame.minX, safeArea.minX)
    let right = min(frame.maxX, safeArea.maxX)
    let top = max(frame.minY, safeArea.minY)
    let bottom = min(frame.maxY, safeArea.maxY)
    guard right > left, bottom > top else { return nil }
    let inset = adjustedContentInset
    let minX = -inset.left
    let maxX = max(minX, contentFrame.width - frame.width + inset.right)
    let minY = -inset.top
    let maxY = max(minY, contentFrame.height - frame.height + inset.bottom)
    let x0 = left + minX - contentOffset.x
    let y0 = top + minY - contentOffset.y
    return Rect(x: x0, y: y0, width: right + maxX - contentOffset.x - x0, height: bottom + maxY - contentOffset.y - y0)
  }
}

extension Rect {
  /// The overlap of two rectangles; `nil` when they do not overlap.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension LayoutResult {
  /// Per view (in ``views`` order), the rectangle it is clipped to when drawn — the overlap of
  /// the frames of every scroll view it is inside (a scroll view clips its content to its
  /// bounds) — or `nil` for views inside no scroll view. A view whose scroll views do not
  /// overlap at all gets an empty rectangle.
  public var scrollClips: [Rect?] {
    guard !scrollViews.isEmpty else { return views.map { _ in nil } }
    var frames: [String: Rect] = [:]
    for state in scrollViews where frames[state.id] == nil { frames[state.id] = state.frame }
    var parent: [String: String] = [:]
    for view in views where parent[view.id] == nil { parent[view.id] = view.parent }
    return views.map { view in
      var clip: Rect?
      var id = view.id
      var steps = 0
      while let up = parent[id], steps <= views.count {
        if let frame = frames[up] {
          clip = (clip ?? frame).intersection(frame) ?? Rect(x: frame.x, y: frame.y, width: 0, height: 0)
        }
        id = up
        steps += 1
      }
      return clip
    }
  }
}
