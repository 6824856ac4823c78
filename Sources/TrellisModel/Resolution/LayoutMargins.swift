/// Layout margins as UIKit computes them, decided per resolution (docs/semantics.md §1,
/// sources in docs/uikit-research.md §3).
///
/// - The root's margins are at least the system minimum while the root respects it
///   (`viewRespectsSystemMinimumLayoutMargins`, default true): top and bottom 0, leading and
///   trailing 16 when the root is at most 375 pt wide, 20 when wider.
/// - The root's margins are measured from the safe area (`insetsLayoutMarginsFromSafeArea`).
/// - Another view's margins can depend on its superview's (`preservesSuperviewLayoutMargins`)
///   and on the safe area (`insetsLayoutMarginsFromSafeArea`). UIKit decides both from the
///   solved frames (how far the view's edge is from the superview's edge, from the safe area);
///   constraints must be linear, so Trellis applies them only on the edges where the distance is
///   known to be 0 before solving: edges pinned to the superview's same edge by a required
///   `==` constraint with constant 0 and multiplier 1, or placed on it by a stack's arrangement.
///   Elsewhere the view keeps its own margins.
/// - A view's own safe-area guide is inset by the root's safe area on the same edges, those
///   known to lie on the root's edge (the resolved view's `safeAreaEdges`), for the same reason.
public enum SystemLayoutMargins {
  /// Leading and trailing minimum of a root at most ``compactWidthLimit`` wide.
  public static let compactMinimum = 16.0
  /// Leading and trailing minimum of a wider root.
  public static let regularMinimum = 20.0
  /// The widest root that gets ``compactMinimum`` (observed: 375 → 16, 414 → 20).
  public static let compactWidthLimit = 375.0

  /// The system minimum margins of a root view `width` points wide.
  @inlinable public static func minimum(forRootWidth width: Double) -> EdgeInsets {
    let side = width <= compactWidthLimit ? compactMinimum : regularMinimum
    return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
  }

  /// The least margins of the root in `environment`: a screen's system minimum for its width;
  /// a cell's content view's default margins (``CellMetrics``), which follow its host's width.
  // Inlinable: the engine compares it on every move of a live engine (issue 37).
  @inlinable package static func rootMinimum(in environment: Environment) -> EdgeInsets {
    guard let cell = environment.cell else { return minimum(forRootWidth: environment.containerSize.width) }
    guard cell.isTableCell else { return CellMetrics.collectionContentMargins }
    var margins = CellMetrics.tableContentMargins(hostWidth: cell.hostWidth, accessory: cell.accessory)
    if let side = cell.sideMargin {
      margins.left = side
      if cell.accessory == .none { margins.right = side }
    }
    // The accessory is at the trailing edge: the left one right to left.
    if environment.layoutDirection == .rightToLeft { swap(&margins.left, &margins.right) }
    return margins
  }

  /// What a view asks of its margins.
  struct Flags {
    var preservesSuperview: Bool
    var insetsFromSafeArea: Bool
    var respectsSystemMinimum: Bool

    init(preservesSuperview: Bool, insetsFromSafeArea: Bool, respectsSystemMinimum: Bool) {
      self.preservesSuperview = preservesSuperview
      self.insetsFromSafeArea = insetsFromSafeArea
      self.respectsSystemMinimum = respectsSystemMinimum
    }

    init(_ node: ViewNode) {
      self.init(
        preservesSuperview: node.preservesSuperviewLayoutMargins,
        insetsFromSafeArea: node.insetsLayoutMarginsFromSafeArea,
        respectsSystemMinimum: node.respectsSystemMinimumLayoutMargins)
    }
  }

  /// Sets each view's `layoutMargins` and `safeAreaMarginFloor` (views in document order,
  /// root first, parents before children) from their own margins, `flags` and the installed
  /// required constraints that pin views to their superview's edges.
  static func apply(
    to views: inout [ResolvedView], flags: [Flags], constraints: [LayoutConstraint], environment: Environment
  ) {
    guard !views.isEmpty else { return }
    // Views read by index, in place: iterating copies each view, with its dozen references.
    // Flags, pinned edges and superviews by index too: keyed by id, they hashed every view's id
    // several times per resolution.
    let parents = ResolvedView.parentIndices(views)
    let pinned = pinnedEdges(views, parents, constraints, environment.layoutDirection)
    let read = marginsRead(views, constraints)
    // Per view, whether it is in a scroll view's content, which rests at an offset.
    var inScroll = [Bool](repeating: false, count: views.count)
    // Per view, which physical edges lie on the root's edge: bit 0 top, 1 left, 2 bottom,
    // 3 right. (Masks and inline arrays: this runs for every view in every environment.)
    var flush = [UInt8](repeating: 0, count: views.count)
    for index in views.indices {
      let own =
        index < flags.count
        ? flags[index] : Flags(preservesSuperview: false, insetsFromSafeArea: true, respectsSystemMinimum: true)
      var margins = views[index].layoutMargins
      var floor = MarginFloor()
      let parent = parents[index]
      guard parent >= 0 else {
        // The root.
        flush[index] = 0b1111
        if own.respectsSystemMinimum {
          let minimum = rootMinimum(in: environment)
          margins = EdgeInsets(
            top: max(margins.top, minimum.top), left: max(margins.left, minimum.left),
            bottom: max(margins.bottom, minimum.bottom), right: max(margins.right, minimum.right))
        }
        if own.insetsFromSafeArea {
          floor = MarginFloor(top: margins.top, left: margins.left, bottom: margins.bottom, right: margins.right)
        }
        views[index].layoutMargins = margins
        views[index].safeAreaMarginFloor = floor
        views[index].safeAreaEdges = flush[index]
        continue
      }
      inScroll[index] = views[parent].scroll != nil || inScroll[parent]
      // Edges off the root's edge: UIKit raises the margin there from the frame, after solving.
      func frameEdges() -> UInt8 {
        own.insetsFromSafeArea && read[index] && !inScroll[index] ? 0b1111 & ~flush[index] : 0
      }
      views[index].clampedMarginEdges = 0
      let edges = pinned[index]
      if edges == 0 {
        // Nothing pinned: the view keeps its own margins, with no floor.
        views[index].safeAreaMarginFloor = floor
        views[index].safeAreaEdges = 0
        views[index].frameSafeAreaEdges = frameEdges()
        continue
      }
      let parentMargins = views[parent].layoutMargins
      let parentFloor = views[parent].safeAreaMarginFloor
      let parentValues: InlineArray<4, Double> = [
        parentMargins.top, parentMargins.left, parentMargins.bottom, parentMargins.right,
      ]
      let parentFloors: InlineArray<4, Double?> = [
        parentFloor.top, parentFloor.left, parentFloor.bottom, parentFloor.right,
      ]
      var values: InlineArray<4, Double> = [margins.top, margins.left, margins.bottom, margins.right]
      var floors: InlineArray<4, Double?> = [nil, nil, nil, nil]
      let inScrollView = views[parent].scroll != nil
      let restsInside = contentRestsInsideSafeArea(views[parent].scroll)
      // Content pinned to a scroll view's bottom ends where the content ends, not at the scroll
      // view's bottom edge (IB's stored frames: a short stack keeps its own bottom margin).
      for edge in 0..<4 where edges & (1 << edge) != 0 && !(inScrollView && edge == 2) {
        if flush[parent] & (1 << edge) != 0 && restsInside & (1 << edge) == 0 { flush[index] |= 1 << edge }
        if own.preservesSuperview {
          // Pinned: the superview's margin reaches exactly as far into this view; content
          // resting past the bars takes the margin without the safe area under the bars.
          values[edge] = max(values[edge], parentValues[edge])
          floors[edge] = restsInside & (1 << edge) != 0 ? nil : parentFloors[edge]
        }
        if own.insetsFromSafeArea, flush[index] & (1 << edge) != 0 {
          // On the root's edge: the margin is measured from the safe area, as the root's is.
          floors[edge] = max(floors[edge] ?? 0, values[edge])
        }
      }
      margins = EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
      floor = MarginFloor(top: floors[0], left: floors[1], bottom: floors[2], right: floors[3])
      views[index].layoutMargins = margins
      views[index].safeAreaMarginFloor = floor
      views[index].safeAreaEdges = flush[index]
      views[index].frameSafeAreaEdges = frameEdges()
    }
  }

  /// Per view (by index), whether anything reads its margins: a constraint naming one of its
  /// margin attributes, or its stack arranging inside them.
  private static func marginsRead(_ views: [ResolvedView], _ constraints: [LayoutConstraint]) -> [Bool] {
    var read = [Bool](repeating: false, count: views.count)
    var ids: Set<String> = []
    for c in constraints {
      if c.first.attribute.readsMargins, let id = c.first.item.viewID { ids.insert(id) }
      if let second = c.second, second.attribute.readsMargins, let id = second.item.viewID { ids.insert(id) }
    }
    // Ids hashed only when some constraint reads margins (this runs for every resolution).
    let named = !ids.isEmpty
    for index in views.indices {
      read[index] =
        views[index].stack?.isLayoutMarginsRelativeArrangement == true || (named && ids.contains(views[index].id))
    }
    return read
  }

  /// Per edge (bits 0…3: top, left, bottom, right), whether a scroll view's content rests inside the safe
  /// area there: the scroll view adds the safe area to its content inset, so at rest
  /// (offset −adjustedContentInset) content pinned to that edge sits past the bars and gets no
  /// safe-area inset (IB's stored frames: a stack inside a full-screen scroll view under a
  /// navigation bar keeps its own top margin, docs/semantics.md §8). Pre-solve, the axes are
  /// taken from the behaviour alone: every adjusting behaviour adjusts top and bottom (the
  /// vertical scrolling of screens of content); only `.always` adjusts left and right.
  private static func contentRestsInsideSafeArea(_ scroll: ResolvedScroll?) -> UInt8 {
    switch scroll?.contentInsetAdjustmentBehavior {
    case nil, .never?: return 0
    case .always?: return 0b1111
    case .automatic?, .scrollableAxes?: return 0b0101
    }
  }

  /// Per view (by index), its physical edges (bits 0…3: top, left, bottom, right) pinned to the
  /// same edge of its superview by an installed required `view.edge == superview.edge` (either
  /// way round), or placed on it by the stack that arranges it. `parents`: each view's
  /// superview (``ResolvedView/parentIndices(_:)``).
  private static func pinnedEdges(
    _ views: [ResolvedView], _ parents: [Int], _ constraints: [LayoutConstraint], _ direction: LayoutDirection
  ) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: views.count)
    // Ids are looked up only for the constraints that may pin an edge, and only once one does.
    var indexByID: [String: Int]?
    func lookup(_ id: String) -> Int? {
      if indexByID == nil {
        var map: [String: Int] = [:]
        map.reserveCapacity(views.count)
        for index in views.indices where map[views[index].id] == nil { map[views[index].id] = index }
        indexByID = map
      }
      return indexByID?[id]
    }
    for c in constraints
    where c.priority >= 1000 && c.relation == .equal && c.multiplier == 1 && c.constant == 0
      && c.second?.attribute == c.first.attribute
    {
      guard let second = c.second, let a = c.first.item.viewID, let b = second.item.viewID,
        let edge = physicalEdge(c.first.attribute, direction)
      else { continue }
      // `a` is the child when its superview is `b`, or `b` when its superview is `a`.
      let childA = lookup(a).flatMap { parents[$0] >= 0 && views[parents[$0]].id == b ? $0 : nil }
      guard let child = childA ?? lookup(b).flatMap({ parents[$0] >= 0 && views[parents[$0]].id == a ? $0 : nil })
      else { continue }
      out[child] |= 1 << edge
    }
    // A stack places its arranged views flush with its own edges (unless it arranges them inside
    // its margins): the first visible one at its start, the last at its end, and each on the
    // sides its alignment puts against the stack's (fill: both). Its arranged views are its
    // subviews, which follow it in document order.
    for index in views.indices {
      guard let stack = views[index].stack, !stack.isLayoutMarginsRelativeArrangement else { continue }
      var arranged: [Int] = []
      // Each child is found by a scan on through the stack's subtree (which ends at the first
      // view whose superview comes before the stack); a child out of order is looked up.
      var cursor = index + 1
      for child in views[index].children {
        var at = cursor
        while at < views.count, parents[at] >= index, parents[at] != index || views[at].id != child { at += 1 }
        let found: Int?
        if at < views.count, parents[at] == index {
          found = at
          cursor = at + 1
        } else {
          found = lookup(child)
        }
        guard let found, !views[found].hidden else { continue }
        arranged.append(found)
      }
      guard let first = arranged.first, let last = arranged.last else { continue }
      let rtl = direction == .rightToLeft
      // Physical edges (0 top, 1 left, 2 bottom, 3 right): start and end along the axis, and
      // the cross edges the alignment's leading and trailing sides are.
      let (start, end, crossLeading, crossTrailing): (Int, Int, Int, Int) =
        stack.axis == .horizontal ? (rtl ? 3 : 1, rtl ? 1 : 3, 0, 2) : (0, 2, rtl ? 3 : 1, rtl ? 1 : 3)
      out[first] |= 1 << start
      out[last] |= 1 << end
      var cross: UInt8 = 0
      switch stack.alignment {
      case .fill: cross = 1 << crossLeading | 1 << crossTrailing
      case .leading: cross = 1 << crossLeading
      case .trailing: cross = 1 << crossTrailing
      case .center, .firstBaseline, .lastBaseline: cross = 0
      }
      for at in arranged { out[at] |= cross }
    }
    return out
  }

  /// 0 top, 1 left, 2 bottom, 3 right; `nil` for attributes that are not edges.
  private static func physicalEdge(_ attribute: LayoutAttribute, _ direction: LayoutDirection) -> Int? {
    let rtl = direction == .rightToLeft
    switch attribute {
    case .top: return 0
    case .left: return 1
    case .bottom: return 2
    case .right: return 3
    case .leading: return rtl ? 3 : 1
    case .trailing: return rtl ? 1 : 3
    default: return nil
    }
  }
}
