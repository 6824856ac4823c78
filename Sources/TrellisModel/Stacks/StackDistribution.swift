// Constraints along a stack's axis: canvas connections, spacing, distribution, hiding.

extension StackGenerator {
  /// Generates everything along the axis, in UIKit's order: canvas connections, spacing
  /// (and gap guides), the distribution's sizes, hiding, canvas fit.
  mutating func addDistribution() {
    addAxisCanvasConnections()
    addSpacing()
    switch properties.distribution {
    case .fill: break
    case .fillEqually: matchSizes(of: visible.map(\.item), along.size, reason: "UISV-fill-equally")
    case .fillProportionally: addProportionalSizes()
    case .equalSpacing, .equalCentering: addGapGuides()
    }
    for item in items where item.hidden {
      builder.add("UISV-hiding", item.item, along.size, .equal, constant: 0, priority: StackLayout.hidingPriority)
    }
    if isSpacingWeak {
      // Equal spacing only pushes outward: let the stack hug its content when nothing sizes it.
      builder.add("UISV-canvas-fit", stack.item, along.size, .equal, constant: 0, priority: 49)
    }
  }

  /// Spacing is `>=` (the gaps take the rest) for the two equal-spacing distributions.
  var isSpacingWeak: Bool {
    properties.distribution == .equalSpacing || properties.distribution == .equalCentering
  }

  /// Edges used between consecutive items: baselines for a baseline-relative vertical stack.
  private var spacingEdges: (from: LayoutAttribute, to: LayoutAttribute) {
    properties.isBaselineRelativeArrangement && properties.axis == .vertical
      ? (.lastBaseline, .firstBaseline) : (along.end, along.start)
  }

  /// The first and last visible items meet the stack's edges. With nothing visible a guide
  /// takes their place (UIKit's spacer); it collapses to 0 at priority 51, so an all-hidden
  /// stack shrinks unless something else sizes it, and the hidden items line up at its start.
  private mutating func addAxisCanvasConnections() {
    if let first = visible.first, let last = visible.last {
      builder.add("UISV-canvas-connection", stack.item, canvasAttribute(along.start), .equal, first.item, along.start)
      builder.add("UISV-canvas-connection", stack.item, canvasAttribute(along.end), .equal, last.item, along.end)
      return
    }
    guard let first = items.first else { return }
    let spanner = builder.makeGuide("axis-spanner")
    builder.add("UISV-canvas-connection", stack.item, canvasAttribute(along.start), .equal, spanner, along.start)
    builder.add("UISV-canvas-connection", stack.item, canvasAttribute(along.end), .equal, spanner, along.end)
    builder.add("UISV-spanning-fit", spanner, along.size, .equal, constant: 0, priority: 51)
    builder.add("UISV-canvas-connection", spanner, along.start, .equal, first.item, along.start)
    pinGuide(spanner, across: across)
  }

  /// Spacing, as UIKit builds it (`_UIOrderedLayoutArrangement`, docs/stacks.md): a required
  /// `UISV-spacing` between every two consecutive *visible* items, and a `UISV-spacing-hidden`
  /// at priority 50 between every consecutive pair that includes a hidden item. A hidden item's
  /// spacing is halved per hidden item of the pair, with no exception at the ends: a run of
  /// hidden items between two visible ones adds up to exactly one `spacing`, and a hidden item
  /// after the last visible one starts half a spacing past it (before the first, ends half a
  /// spacing before it), where IB's stored frames put them in the middle (docs/stacks.md).
  /// Being optional, a hidden item's spacing gives way to the app's own constraints on it
  /// instead of conflicting with them. With no visible item the chain stays required: the
  /// hidden items line up at the axis spanner's start.
  ///
  /// UIKit makes every pair `>=` under equal spacing, which leaves hidden items free to slide;
  /// here a hidden item's pair is `>=` only when it ends at a visible item that follows another
  /// visible one, and `==` otherwise, which places each hidden item after its predecessor (or,
  /// before the first visible item, before its successor) without changing any visible frame.
  private mutating func addSpacing() {
    guard items.count > 1 else { return }
    let spacing = properties.spacing
    let edges = spacingEdges
    let relation: LayoutRelation = isSpacingWeak ? .greaterThanOrEqual : .equal
    for (previous, current) in zip(visible, visible.dropFirst()) {
      builder.add("UISV-spacing", current.item, edges.to, relation, previous.item, edges.from, constant: spacing)
    }
    let anyVisible = !visible.isEmpty
    let firstVisible = items.firstIndex { !$0.hidden }
    for index in 1..<items.count where items[index - 1].hidden || items[index].hidden {
      let previous = items[index - 1]
      let current = items[index]
      let hiddenInPair = Double([previous, current].filter(\.hidden).count)
      let gap = spacing - spacing / 2 * hiddenInPair
      // Under equal spacing the gaps spread the visible items apart: a hidden item is placed
      // after its predecessor, and only pushes on a visible successor.
      let followsVisible = firstVisible.map { index > $0 } ?? false
      let relation: LayoutRelation = isSpacingWeak && !current.hidden && followsVisible ? .greaterThanOrEqual : .equal
      builder.add(
        anyVisible ? "UISV-spacing-hidden" : "UISV-spacing", current.item, edges.to, relation, previous.item,
        edges.from, constant: gap, priority: anyVisible ? 50 : 1000)
    }
  }

  /// `vN.size == v1.size` for N ≥ 2.
  mutating func matchSizes(of ids: [LayoutItem], _ attribute: LayoutAttribute, reason: String, priority: Double = 1000)
  {
    guard let first = ids.first else { return }
    for id in ids.dropFirst() {
      builder.add(reason, id, attribute, .equal, first, attribute, priority: priority)
    }
  }

  /// UIKit's fill-proportionally: each visible item with an intrinsic size along the axis gets
  /// `size == canvas.size × intrinsic / (Σ intrinsic + Σ spacing)` at 999, 998, … (visible
  /// order); items without one get `size == 0`. The spacing in the denominator is UIKit's: the
  /// sizes are exactly proportional when the stack has its natural length (or spacing is 0);
  /// otherwise the lowest priority gives way. With a single sized item (and no spacing to
  /// share) the constraint is required. No item with an intrinsic size: fill equally.
  private mutating func addProportionalSizes() {
    func intrinsic(_ view: ResolvedView) -> Double? {
      let value = properties.axis == .horizontal ? view.intrinsicWidth : view.intrinsicHeight
      guard let value, value.isFinite, value > 0 else { return nil }
      return value
    }
    let sized = visible.filter { intrinsic($0) != nil }
    guard !sized.isEmpty else {
      matchSizes(of: visible.map(\.item), along.size, reason: "UISV-fill-equally")
      return
    }
    let totalSpacing = properties.spacing * Double(visible.count - 1)
    let total = sized.reduce(totalSpacing) { $0 + (intrinsic($1) ?? 0) }
    guard total.isFinite, total > 0 else {
      matchSizes(of: visible.map(\.item), along.size, reason: "UISV-fill-equally")
      return
    }
    let isSingle = sized.count == 1 && (visible.count == 1 || properties.spacing == 0)
    var priority: Double = isSingle ? 1000 : 999
    for item in visible {
      if let size = intrinsic(item) {
        builder.add(
          "UISV-fill-proportionally", item.item, along.size, .equal, stack.item, along.size, multiplier: size / total,
          priority: priority)
      } else {
        builder.add("UISV-fill-proportionally", item.item, along.size, .equal, constant: 0, priority: priority)
      }
      // Never below 1: past 998 items the rest share priority 1 (files that large do not occur).
      if !isSingle { priority = max(1, priority - 1) }
    }
  }

  /// One gap guide between each two consecutive visible items, from edge to edge (equal
  /// spacing) or center to center (equal centering); the gaps are equal, required for equal
  /// spacing and at 149 for equal centering (the `>=` spacing wins over equal centers).
  private mutating func addGapGuides() {
    let centering = properties.distribution == .equalCentering
    let edges = spacingEdges
    var gaps: [LayoutItem] = []
    for index in visible.indices.dropFirst() {
      let previous = visible[index - 1]
      let current = visible[index]
      let gap = builder.makeGuide("gap\(index)")
      gaps.append(gap)
      builder.add(
        "UISV-distributing-edge", gap, along.start, .equal, previous.item, centering ? along.center : edges.from)
      builder.add("UISV-distributing-edge", gap, along.end, .equal, current.item, centering ? along.center : edges.to)
      pinGuide(gap, across: across)
    }
    matchSizes(of: gaps, along.size, reason: "UISV-fill-equally", priority: centering ? 149 : 1000)
  }
}
