// Seam between resolution and stack views: the resolver calls
// `StackLayout.constraints(for:arranged:)` for each stack and adds the result to the solver
// like any other constraints. See docs/stacks.md for what is generated and why.

/// What a stack view contributes to a layout: extra layout guides and constraints.
package struct StackConstraints: Sendable {
  /// Layout guides the solver must create (gaps, alignment spanners), e.g. `grid#gap1`.
  package var guides: [LayoutItem]
  /// Constraints between the stack, its arranged views and the guides.
  package var constraints: [LayoutConstraint]

  package init(guides: [LayoutItem] = [], constraints: [LayoutConstraint] = []) {
    self.guides = guides
    self.constraints = constraints
  }
}

/// UIStackView's behaviour expressed as ordinary constraints.
package enum StackLayout {
  /// `UISV-hiding`'s priority, UIKit's since iOS 11: 999.999 (UIKit stores the nearest float,
  /// bits 1148846064; docs/stacks.md has the source). Below required, so an app's required size
  /// on a hidden arranged view wins without a conflict; above 999, so it beats every optional one.
  package static let hidingPriority: Double = 999.999

  /// The constraints a stack generates for its arranged subviews (hidden ones collapse).
  ///
  /// The kinds and names are UIStackView's (`UISV-canvas-connection`, `UISV-spacing`,
  /// `UISV-hiding`, …), each with id `stack#reason#n`; guides are `stack#gapN`,
  /// `stack#spanner` and `stack#axis-spanner`. The output depends only on the arguments and
  /// its order is fixed.
  ///
  /// - Parameters:
  ///   - stack: the stack view, with `stack.stack` set (a view without stack properties
  ///     generates nothing).
  ///   - arranged: its arranged subviews in order (hidden ones included).
  ///
  /// No layout direction: generated constraints use leading/trailing, never left/right, so
  /// they hold in either direction once the resolver maps those attributes.
  package static func constraints(for stack: ResolvedView, arranged: [ResolvedView]) -> StackConstraints {
    guard let properties = stack.stack else { return StackConstraints() }
    var generator = StackGenerator(stack: stack, properties: properties, items: arranged)
    generator.addAll()
    return StackConstraints(guides: generator.builder.guides, constraints: generator.builder.constraints)
  }
}

/// Generates one stack's constraints: distribution along the axis, then alignment across it.
struct StackGenerator {
  let stack: ResolvedView
  let properties: ResolvedStack
  /// All arranged views, in order.
  let items: [ResolvedView]
  /// The arranged views that are not hidden, in order.
  let visible: [ResolvedView]
  let along: StackAxisAttributes
  let across: StackAxisAttributes
  var builder: StackConstraintBuilder

  init(stack: ResolvedView, properties: ResolvedStack, items: [ResolvedView]) {
    self.stack = stack
    self.properties = properties
    self.items = items
    self.visible = items.filter { !$0.hidden }
    self.along = .along(properties.axis)
    self.across = .across(properties.axis)
    self.builder = StackConstraintBuilder(stackID: stack.id, location: stack.location)
  }

  mutating func addAll() {
    guard !items.isEmpty else {
      // Nothing arranged: the stack hugs to nothing unless something else sizes it.
      builder.add("UISV-canvas-fit", stack.item, .width, .equal, constant: 0, priority: 49)
      builder.add("UISV-canvas-fit", stack.item, .height, .equal, constant: 0, priority: 49)
      return
    }
    addDistribution()
    addAlignment()
  }

  /// The stack's own attribute for a canvas connection: its margin form when the stack
  /// arranges within its layout margins.
  func canvasAttribute(_ attribute: LayoutAttribute) -> LayoutAttribute {
    properties.isLayoutMarginsRelativeArrangement ? attribute.withinMargins : attribute
  }

  /// Ties a guide's unused axis to the stack's edges. UIKit leaves that axis of its private
  /// guides undetermined; here it is fixed so that a solver asked about ambiguity never
  /// reports a generated guide (and renderers can draw gaps as bands across the stack).
  mutating func pinGuide(_ guide: LayoutItem, across pinned: StackAxisAttributes) {
    builder.add("guide-pin", guide, pinned.start, .equal, stack.item, pinned.start)
    builder.add("guide-pin", guide, pinned.end, .equal, stack.item, pinned.end)
  }
}
