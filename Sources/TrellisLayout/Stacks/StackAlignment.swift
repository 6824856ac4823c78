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
    let strength = edgeStrength
    let alignment = effectiveAlignment
    // The items that decide the stack's thickness: the visible ones, or all when none is
    // visible (UIKit leaves hidden-only stacks floating; they size the stack here instead).
    let edgeItems = visible.isEmpty ? items : visible
    let usesSpanner = visible.isEmpty || (items.count > 1 && strength.anyWeak)

    if usesSpanner {
      let spanner = builder.makeGuide("spanner")
      if strength.anyWeak || visible.isEmpty {
        builder.add("UISV-spanning-fit", spanner, across.size, .equal, constant: 0, priority: 51)
      }
      for item in edgeItems {
        addSpanningBoundary(spanner, item.id, across.start, isWeak: strength.startIsWeak)
        addSpanningBoundary(spanner, item.id, across.end, isWeak: strength.endIsWeak)
      }
      addBaselinePull(container: spanner, edgeItems: edgeItems, alignment: alignment)
      let startItem = strength.startIsWeak || visible.isEmpty ? spanner : first.id
      let endItem = strength.endIsWeak || visible.isEmpty ? spanner : first.id
      builder.add("UISV-canvas-connection", stack.id, canvasAttribute(across.start), .equal, startItem, across.start)
      builder.add("UISV-canvas-connection", stack.id, canvasAttribute(across.end), .equal, endItem, across.end)
      pinGuide(spanner, across: along)
    } else {
      // One item, or fill: the first item meets both edges (`<=`/`>=` where the edge is weak).
      builder.add(
        "UISV-canvas-connection", stack.id, canvasAttribute(across.start),
        strength.startIsWeak ? .lessThanOrEqual : .equal, first.id, across.start)
      builder.add(
        "UISV-canvas-connection", stack.id, canvasAttribute(across.end),
        strength.endIsWeak ? .greaterThanOrEqual : .equal, first.id, across.end)
      addBaselinePull(container: stack.id, edgeItems: edgeItems, alignment: alignment)
    }
    if alignment == .center {
      builder.add("UISV-canvas-connection", stack.id, canvasAttribute(across.center), .equal, first.id, across.center)
    }

    for attribute in alignedAttributes(alignment) {
      for item in items.dropFirst() {
        builder.add("UISV-alignment", first.id, attribute, .equal, item.id, attribute)
      }
    }
    if strength.anyWeak {
      // Without this an item with no intrinsic thickness could be any size within the stack.
      for item in items {
        builder.add("UISV-ambiguity-suppression", item.id, across.size, .equal, constant: 0, priority: 25)
      }
    }
    if !usesSpanner && strength.anyWeak {
      builder.add("UISV-canvas-fit", stack.id, across.size, .equal, constant: 0, priority: 49)
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
  private mutating func addSpanningBoundary(_ spanner: String, _ item: String, _ edge: LayoutAttribute, isWeak: Bool) {
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
  private mutating func addBaselinePull(container: String, edgeItems: [ResolvedView], alignment: StackAlignment) {
    let edge: LayoutAttribute
    switch alignment {
    case .firstBaseline: edge = across.start
    case .lastBaseline: edge = across.end
    default: return
    }
    let containerEdge = container == stack.id ? canvasAttribute(edge) : edge
    for item in edgeItems {
      builder.add("UISV-spanning-boundary", container, containerEdge, .equal, item.id, edge, priority: 20)
    }
  }
}
