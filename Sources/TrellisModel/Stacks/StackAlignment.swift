// Constraints across a stack's axis: alignment, canvas connections, the alignment spanner.

extension StackGenerator {
  /// How an alignment holds the items' start and end edges across the axis: an edge is
  /// strong when every item shares it with the stack, weak when items only stay within it.
  private struct EdgeStrength {
    var startIsWeak: Bool
    var endIsWeak: Bool
    var anyWeak: Bool { startIsWeak || endIsWeak }
  }

  /// Baseline alignment only exists for horizontal stacks; on a vertical stack it acts as
  /// `leading` (UIKit documents it as invalid there and aligns nothing by baseline).
  var effectiveAlignment: StackAlignment {
    let alignment = properties.alignment
    if properties.axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline { return .leading }
    return alignment
  }

  private var edgeStrength: EdgeStrength {
    switch effectiveAlignment {
    case .fill: return EdgeStrength(startIsWeak: false, endIsWeak: false)
    case .leading: return EdgeStrength(startIsWeak: false, endIsWeak: true)
    case .trailing: return EdgeStrength(startIsWeak: true, endIsWeak: false)
    case .center, .firstBaseline, .lastBaseline: return EdgeStrength(startIsWeak: true, endIsWeak: true)
    }
  }

  /// Generates everything across the axis, in UIKit's order: the spanner and canvas
  /// connections, alignment between the items, ambiguity suppression, canvas fit.
  mutating func addAlignment() {
    guard let first = items.first else { return }
    if visible.isEmpty { return addAlignmentWithNothingVisible(first: first) }
    let strength = edgeStrength
    let alignment = effectiveAlignment
    let usesSpanner = items.count > 1 && strength.anyWeak

    if usesSpanner {
      let spanner = builder.makeGuide("spanner")
      builder.add("UISV-spanning-fit", spanner, across.size, .equal, constant: 0, priority: 51)
      for item in visible {
        addSpanningBoundary(spanner, item.item, across.start, isWeak: strength.startIsWeak)
        addSpanningBoundary(spanner, item.item, across.end, isWeak: strength.endIsWeak)
      }
      addBaselinePull(container: spanner, alignment: alignment)
      let startItem = strength.startIsWeak ? spanner : first.item
      let endItem = strength.endIsWeak ? spanner : first.item
      builder.add("UISV-canvas-connection", stack.item, canvasAttribute(across.start), .equal, startItem, across.start)
      builder.add("UISV-canvas-connection", stack.item, canvasAttribute(across.end), .equal, endItem, across.end)
      pinGuide(spanner, across: along)
    } else {
      // One item, or fill: the first item meets both edges (`<=`/`>=` where the edge is weak).
      builder.add(
        "UISV-canvas-connection", stack.item, canvasAttribute(across.start),
        strength.startIsWeak ? .lessThanOrEqual : .equal, first.item, across.start)
      builder.add(
        "UISV-canvas-connection", stack.item, canvasAttribute(across.end),
        strength.endIsWeak ? .greaterThanOrEqual : .equal, first.item, across.end)
      addBaselinePull(container: stack.item, alignment: alignment)
    }
    if alignment == .center {
      builder.add(
        "UISV-canvas-connection", stack.item, canvasAttribute(across.center), .equal, first.item, across.center)
    }
    addItemAlignment(first: first, alignment: alignment)
    if strength.anyWeak { addAmbiguitySuppression() }
    if !usesSpanner && strength.anyWeak {
      builder.add("UISV-canvas-fit", stack.item, across.size, .equal, constant: 0, priority: 49)
    }
  }

  /// Every arranged view hidden: the stack collapses across the axis too. A spanner takes
  /// the stack's edges and shrinks to 0 at 51 (UIKit's spacer, which it leaves unsized);
  /// the hidden views still align with each other, start at the spanner's start, and keep
  /// their intrinsic thickness (or 0).
  private mutating func addAlignmentWithNothingVisible(first: ResolvedView) {
    let spanner = builder.makeGuide("spanner")
    builder.add("UISV-spanning-fit", spanner, across.size, .equal, constant: 0, priority: 51)
    builder.add("UISV-canvas-connection", stack.item, canvasAttribute(across.start), .equal, spanner, across.start)
    builder.add("UISV-canvas-connection", stack.item, canvasAttribute(across.end), .equal, spanner, across.end)
    pinGuide(spanner, across: along)
    builder.add("UISV-canvas-connection", spanner, across.start, .equal, first.item, across.start)
    addItemAlignment(first: first, alignment: effectiveAlignment)
    addAmbiguitySuppression()
  }

  /// `UISV-alignment`: every arranged view (hidden ones too) shares the alignment's
  /// attributes with the first one.
  private mutating func addItemAlignment(first: ResolvedView, alignment: StackAlignment) {
    for attribute in alignedAttributes(alignment) {
      for item in items.dropFirst() {
        builder.add("UISV-alignment", first.item, attribute, .equal, item.item, attribute)
      }
    }
  }

  /// Without this an arranged view with no intrinsic thickness could take any thickness
  /// that fits in the stack.
  private mutating func addAmbiguitySuppression() {
    for item in items {
      builder.add("UISV-ambiguity-suppression", item.item, across.size, .equal, constant: 0, priority: 25)
    }
  }

  /// The attributes every item shares with the first one.
  private func alignedAttributes(_ alignment: StackAlignment) -> [LayoutAttribute] {
    switch alignment {
    case .fill: return [across.start, across.end]
    case .leading: return [across.start]
    case .trailing: return [across.end]
    case .center: return [across.center]
    case .firstBaseline: return [.firstBaseline]
    case .lastBaseline: return [.lastBaseline]
    }
  }

  /// `spanner.start == item.start @999.5` (strong) or `spanner.start <= item.start` (weak);
  /// the end edge likewise with `>=`.
  private mutating func addSpanningBoundary(
    _ spanner: LayoutItem, _ item: LayoutItem, _ edge: LayoutAttribute, isWeak: Bool
  ) {
    let isStart = edge == across.start
    if isWeak {
      builder.add("UISV-spanning-boundary", spanner, edge, isStart ? .lessThanOrEqual : .greaterThanOrEqual, item, edge)
    } else {
      builder.add("UISV-spanning-boundary", spanner, edge, .equal, item, edge, priority: 999.5)
    }
  }

  /// Baseline-aligned items keep their offsets, so only one of them can touch the stack's
  /// top (first baseline) or bottom (last baseline). When the stack is taller than its
  /// items, this pulls the group to that edge at priority 20 — below ambiguity suppression
  /// (25), so it never stretches an item — instead of leaving it free to slide. Not in UIKit,
  /// which lets the group float; the summed pull puts the outermost item on the edge.
  private mutating func addBaselinePull(container: LayoutItem, alignment: StackAlignment) {
    let edge: LayoutAttribute
    switch alignment {
    case .firstBaseline: edge = across.start
    case .lastBaseline: edge = across.end
    default: return
    }
    let containerEdge = container == stack.item ? canvasAttribute(edge) : edge
    for item in visible {
      builder.add("UISV-spanning-boundary", container, containerEdge, .equal, item.item, edge, priority: 20)
    }
  }
}
