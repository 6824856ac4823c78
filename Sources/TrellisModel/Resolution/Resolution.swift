import TrellisText

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
  /// generated ones (content size, stacks) come from `constraintSet()`.
  public func resolved(for environment: Environment) -> ResolvedLayout {
    resolved(for: environment, typesetter: Typesetter())
  }

  /// The document resolved for `environment`, its text measured by `typesetter` (its fonts,
  /// or the fixed metric). Wrapping text is measured unwrapped here; the engine wraps it to
  /// the widths the layout gives it.
  public func resolved(for environment: Environment, typesetter: Typesetter) -> ResolvedLayout {
    let traits = environment.traits
    var views: [ResolvedView] = []
    // Room for every view: growing the list copied each 550-byte view again and again.
    let count = viewCount
    views.reserveCapacity(count)
    // Each view's margin flags, by its index in `views`.
    var flags: [SystemLayoutMargins.Flags] = []
    flags.reserveCapacity(count)
    var uninstalled: Set<String> = []
    var measured: [Int: MeasuredText] = [:]
    measured.reserveCapacity(count)
    // Depth first, document order, root first (`forEachView`).
    forEachView { node, parent in
      // An uninstalled view leaves the hierarchy with its subviews (IB's "installed" box).
      // The root is always installed: it is the view controller's view.
      if parent != nil, !node.installed.resolved(for: traits) {
        Self.collectIDs(of: node, into: &uninstalled)
        return false
      }
      var (view, text) = Self.resolve(node, parent: parent, environment: environment, typesetter: typesetter)
      if let text { measured[views.count] = text }
      view.children = []
      view.children.reserveCapacity(node.children.count)
      for child in node.children.indices where node.children[child].installed.resolved(for: traits) {
        view.children.append(node.children[child].id)
      }
      views.append(view)
      flags.append(SystemLayoutMargins.Flags(node))
      return true
    }
    ScrollLayout.applyZoom(&views)

    var constraints: [LayoutConstraint] = []
    var standard: [Double] = []
    for spec in self.constraints where spec.installed.resolved(for: traits) {
      // A constraint naming an uninstalled view (or a guide of one) goes with it.
      if !uninstalled.isEmpty,
        spec.first.item.owner.map(uninstalled.contains) == true
          || spec.second?.item.owner.map(uninstalled.contains) == true
      {
        continue
      }
      // The root named by `root` becomes its own id here, for every layer after this one.
      constraints.append(
        LayoutConstraint(
          id: spec.id, first: spec.first.resolvingRoot(root.id), relation: spec.relation,
          second: spec.second?.resolvingRoot(root.id),
          multiplier: spec.multiplier, constant: spec.constant.resolved(for: traits),
          priority: spec.priority.resolved(for: traits), origin: .file(id: spec.id, kind: spec.kind),
          source: spec.source,
          location: spec.location))
      standard.append(spec.standardSpacing.resolved(for: traits))
    }

    // Margins first (from the constraints without a standard constant, which are the only
    // ones that can pin an edge), then the standard constants, which read the margins.
    SystemLayoutMargins.apply(
      to: &views, flags: flags,
      constraints: zip(constraints, standard).filter { $0.1 == 0 }.map(\.0), environment: environment)
    if standard.contains(where: { $0 != 0 }) {
      var parents: [String: String] = [:]
      var margins: [String: EdgeInsets] = [:]
      for view in views {
        if let parent = view.parent { parents[view.id] = parent }
        margins[view.id] = view.layoutMargins
      }
      for index in constraints.indices where standard[index] != 0 {
        constraints[index] = StandardSpacing.apply(
          constraints[index], coefficient: standard[index], parents: parents, margins: margins,
          direction: environment.layoutDirection)
      }
    }
    var layout = ResolvedLayout(environment: environment, views: views, constraints: constraints)
    layout.measuredTexts = measured
    return layout
  }

  /// Decides the layout margins of `resolved`'s views again for `environment`, whose root may lie
  /// on the other side of ``SystemLayoutMargins/compactWidthLimit`` than the one `resolved` was
  /// made for (the root's system minimum differs there). Only for a document whose constraints
  /// read no margins (``readsMargins``): its constraints are then the same on both sides, and the
  /// engine moves one solver across instead of resolving the document again. `resolved` must be
  /// this document's resolution for the same size classes; returns false (leaving it unchanged)
  /// when its views are not this document's installed views in order.
  ///
  /// Only the root's system minimum depends on the width, and only views that preserve their
  /// superview's margins take it from there: when no subview does (`subviewsPreserveMargins`
  /// false), the root's margins alone are decided again.
  package func remargin(_ resolved: inout ResolvedLayout, for environment: Environment, subviewsPreserveMargins: Bool)
    -> Bool
  {
    let traits = environment.traits
    if !subviewsPreserveMargins {
      guard var views = resolved.views.first.map({ [$0] }), views[0].id == root.id else { return false }
      views[0].layoutMargins = root.layoutMarginsByClass.resolved(for: traits)
      views[0].safeAreaMarginFloor = MarginFloor()
      SystemLayoutMargins.apply(
        to: &views, flags: [SystemLayoutMargins.Flags(root)], constraints: [], environment: environment)
      resolved.views[0] = views[0]
      return true
    }
    // One copy of the views: `ResolvedLayout.views` indexes them again on every change.
    var views = resolved.views
    var flags: [SystemLayoutMargins.Flags] = []
    flags.reserveCapacity(views.count)
    var index = 0
    // The walk of `resolved(for:typesetter:)`: installed views, document order, root first.
    var pending: [(node: ViewNode, isRoot: Bool)] = [(root, true)]
    while let (node, isRoot) = pending.popLast() {
      if !isRoot, !node.installed.resolved(for: traits) { continue }
      guard index < views.count, views[index].id == node.id else { return false }
      views[index].layoutMargins = node.layoutMarginsByClass.resolved(for: traits)
      views[index].safeAreaMarginFloor = MarginFloor()
      flags.append(SystemLayoutMargins.Flags(node))
      index += 1
      for child in node.children.reversed() { pending.append((child, false)) }
    }
    guard index == views.count else { return false }
    // No constraint has a standard constant (it could read margins), so every one may pin an edge.
    SystemLayoutMargins.apply(to: &views, flags: flags, constraints: resolved.constraints, environment: environment)
    resolved.views = views
    return true
  }

  /// The ids of a view and its subviews (explicit stack: nesting depth comes from the file).
  private static func collectIDs(of node: ViewNode, into ids: inout Set<String>) {
    var pending = [node]
    while let next = pending.popLast() {
      ids.insert(next.id)
      pending.append(contentsOf: next.children)
    }
  }

  private static func resolve(
    _ node: ViewNode, parent: String?, environment: Environment, typesetter: Typesetter
  ) -> (ResolvedView, MeasuredText?) {
    let traits = environment.traits
    let style = node.textStyle?.resolved(for: traits)
    var fontSize = node.fontSize.resolved(for: traits)
    if let style {
      let category = environment.contentSizeCategory
      fontSize =
        node.scalesFontSizeWithTextStyle
        ? DynamicType.scaledSize(fontSize, relativeTo: style, for: category) : DynamicType.pointSize(style, category)
    }
    let text = node.text?.resolved(for: traits)
    let overrides = node.intrinsicSizeByClass.resolved(for: traits)

    var stack: ResolvedStack?
    if node.kind == .stack {
      let p = node.stack ?? StackProperties()
      let alignmentIndex = p.alignment.resolvedIndex(for: traits)
      stack = ResolvedStack(
        axis: p.axis.resolved(for: traits), distribution: p.distribution.resolved(for: traits),
        alignment: p.alignment.resolved(for: traits), spacing: p.spacing.resolved(for: traits),
        isLayoutMarginsRelativeArrangement: p.isLayoutMarginsRelativeArrangement,
        isBaselineRelativeArrangement: p.isBaselineRelativeArrangement,
        alignmentWord: node.origins.origin("alignment", alignmentIndex)?.writtenText)
    }

    var view = ResolvedView(
      id: node.id, kind: node.kind, parent: parent, children: node.children.map(\.id),
      hidden: node.hidden.resolved(for: traits), text: text, fontSize: fontSize, numberOfLines: node.numberOfLines,
      intrinsicWidth: node.kind == .stack ? nil : overrides.width,
      intrinsicHeight: node.kind == .stack ? nil : overrides.height, firstBaselineOffset: nil,
      lastBaselineOffset: nil, hugging: node.huggingByClass.resolved(for: traits),
      compressionResistance: node.compressionResistanceByClass.resolved(for: traits),
      layoutMargins: node.layoutMarginsByClass.resolved(for: traits), stack: stack, location: node.location,
      scroll: node.scroll.map { ScrollLayout.resolve($0, traits: traits) })
    view.alignmentRectInsets = node.alignmentRectInsets
    if node.kind == .label || node.kind == .button {
      view.textLayout = ResolvedText(
        fontName: node.fontName?.resolved(for: traits).nilIfEmpty,
        fontWeight: node.fontWeight?.resolved(for: traits)
          ?? style?.specification(for: environment.contentSizeCategory).weight ?? 400,
        lineBreakMode: node.lineBreakMode ?? ResolvedView.defaultLineBreakMode(for: node.kind),
        wraps: node.numberOfLines != 1 && overrides.width == nil && overrides.height == nil, wrapWidth: .infinity,
        isTruncated: false, unwrappedWidth: 0,
        insets: node.kind == .button ? node.contentInsetsByClass.resolved(for: traits) : .zero)
      let measured = view.measureText(
        with: typesetter, wrapWidth: .infinity, scale: environment.scale, overrides: overrides)
      return (view, measured)
    }
    return (view, nil)
  }
}

extension String {
  /// The string, or nil when it is empty (an empty font name is the system font).
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
