extension LayoutDocument {
  /// The document with every size-class variation decided for `environment`.
  ///
  /// This is the only place variations are applied: each ``Varying`` value (constraints'
  /// installed flags, constants and priorities; views' hidden flags, texts and font sizes;
  /// stacks' axis, distribution, alignment and spacing) is picked with
  /// ``Varying/resolved(for:)``. Intrinsic sizes and baselines are measured here too, with
  /// ``TextMetrics`` at the environment's scale; `intrinsicWidth`/`intrinsicHeight` overrides
  /// win over the measured content (ignored for stacks, whose size comes from their constraints).
  ///
  /// The constraints of the result are the installed file constraints in file order; the
  /// generated ones (content size, stacks) come from ``ResolvedLayout/constraintSet()``.
  public func resolved(for environment: Environment) -> ResolvedLayout {
    let traits = environment.traits
    var views: [ResolvedView] = []
    // Iterative depth-first walk (document order, root first): deep files cannot overflow the stack.
    var pending: [(node: ViewNode, parent: String?)] = [(root, nil)]
    while let (node, parent) = pending.popLast() {
      views.append(Self.resolve(node, parent: parent, environment: environment))
      for child in node.children.reversed() { pending.append((child, node.id)) }
    }
    ScrollLayout.applyZoom(&views)

    var constraints: [LayoutConstraint] = []
    for spec in self.constraints where spec.installed.resolved(for: traits) {
      constraints.append(
        LayoutConstraint(
          id: spec.id, first: spec.first, relation: spec.relation, second: spec.second,
          multiplier: spec.multiplier, constant: spec.constant.resolved(for: traits),
          priority: spec.priority.resolved(for: traits), origin: .file(id: spec.id), source: spec.source,
          location: spec.location))
    }
    return ResolvedLayout(environment: environment, views: views, constraints: constraints)
  }

  private static func resolve(_ node: ViewNode, parent: String?, environment: Environment) -> ResolvedView {
    let traits = environment.traits
    let fontSize = node.fontSize.resolved(for: traits)
    let text = node.text?.resolved(for: traits)

    var intrinsicWidth: Double?
    var intrinsicHeight: Double?
    var firstBaseline: Double?
    var lastBaseline: Double?
    switch node.kind {
    case .label:
      let m = TextMetrics.measure(
        text ?? "", fontSize: fontSize, numberOfLines: node.numberOfLines, scale: environment.scale)
      intrinsicWidth = m.width
      intrinsicHeight = m.height
      firstBaseline = m.firstBaseline
      lastBaseline = m.lastBaseline
    case .button:
      // The title measured like a label, inside the content insets.
      let m = TextMetrics.measure(
        text ?? "", fontSize: fontSize, numberOfLines: node.numberOfLines, scale: environment.scale)
      let insets = node.contentInsets
      intrinsicWidth = m.width + insets.left + insets.right
      intrinsicHeight = m.height + insets.top + insets.bottom
      firstBaseline = m.firstBaseline + insets.top
      lastBaseline = m.lastBaseline + insets.top
    case .view, .image, .guide, .stack, .scroll:
      break
    }
    if node.kind != .stack {
      if let w = node.intrinsicWidth { intrinsicWidth = w }
      if let h = node.intrinsicHeight { intrinsicHeight = h }
    }

    var stack: ResolvedStack?
    if node.kind == .stack {
      let p = node.stack ?? StackProperties()
      stack = ResolvedStack(
        axis: p.axis.resolved(for: traits), distribution: p.distribution.resolved(for: traits),
        alignment: p.alignment.resolved(for: traits), spacing: p.spacing.resolved(for: traits),
        isLayoutMarginsRelativeArrangement: p.isLayoutMarginsRelativeArrangement,
        isBaselineRelativeArrangement: p.isBaselineRelativeArrangement)
    }

    return ResolvedView(
      id: node.id, kind: node.kind, parent: parent, children: node.children.map(\.id),
      hidden: node.hidden.resolved(for: traits), text: text, fontSize: fontSize, numberOfLines: node.numberOfLines,
      intrinsicWidth: intrinsicWidth, intrinsicHeight: intrinsicHeight, firstBaselineOffset: firstBaseline,
      lastBaselineOffset: lastBaseline, hugging: node.hugging, compressionResistance: node.compressionResistance,
      layoutMargins: node.layoutMargins, stack: stack, location: node.location,
      scroll: node.scroll.map { ScrollLayout.resolve($0, traits: traits) })
  }
}
