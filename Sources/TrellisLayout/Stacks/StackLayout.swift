// Seam between resolution and stack views. The stacks work replaces the body of
// `StackLayout.constraints(for:arranged:direction:)`; the resolver only calls it.

/// What a stack view contributes to a layout: extra layout guides and constraints.
public struct StackConstraints: Sendable {
  /// Ids of layout guides the solver must create (gaps, alignment spanners). They contain
  /// `#`, which user ids cannot, e.g. `grid#gap1`.
  public var guides: [String]
  /// Constraints between the stack, its arranged views and the guides.
  public var constraints: [LayoutConstraint]

  public init(guides: [String] = [], constraints: [LayoutConstraint] = []) {
    self.guides = guides
    self.constraints = constraints
  }
}

/// UIStackView's behaviour expressed as ordinary constraints.
public enum StackLayout {
  /// The constraints a stack generates for its arranged subviews (hidden ones collapse).
  ///
  /// - Parameters:
  ///   - stack: the stack view, with `stack.stack` set.
  ///   - arranged: its arranged subviews in order (hidden ones included).
  ///   - direction: leading/trailing run left-to-right or right-to-left.
  public static func constraints(
    for stack: ResolvedView, arranged: [ResolvedView], direction: LayoutDirection
  ) -> StackConstraints {
    StackConstraints()
  }
}
