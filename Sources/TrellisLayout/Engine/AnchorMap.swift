import TrellisModel
import TrellisSolver

/// The solver variables of one item: its frame in root coordinates.
package struct ItemVariables {
  /// `nil` for the root, whose origin is fixed at (0, 0).
  package var x: Variable?
  package var y: Variable?
  package var width: Variable
  package var height: Variable

  package init(x: Variable?, y: Variable?, width: Variable, height: Variable) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The variables in a fixed order: x, y, width, height (the root's x and y are constants).
  var all: [Variable] { [x, y].compactMap { $0 } + [width, height] }
}

/// A linear expression of at most ``capacity`` terms, stored inline as plain numbers: a term
/// is a position in its ``AnchorMap``'s variable table and a coefficient, so compiling an
/// anchor or a constraint neither allocates nor retains until the final ``LinearExpression``.
///
/// Its operators do exactly what `LinearExpression`'s do (terms concatenated in order,
/// constants combined in the same order), so a compiled constraint is bit for bit the same.
struct InlineExpression {
  /// Enough for any constraint: each side has at most three terms (a mirrored edge).
  static let capacity = 8
  private var positions = InlineArray<8, Int32>(repeating: 0)
  private var coefficients = InlineArray<8, Double>(repeating: 0)
  private(set) var count = 0
  var constant: Double

  init(constant: Double = 0) {
    self.constant = constant
  }

  /// `1 × variable`, the variable given by its position in the map's table.
  init(position: Int32) {
    constant = 0
    append(position, 1)
  }

  private mutating func append(_ position: Int32, _ coefficient: Double) {
    guard count < Self.capacity else { return }
    positions[count] = position
    coefficients[count] = coefficient
    count += 1
  }

  static func + (lhs: InlineExpression, rhs: InlineExpression) -> InlineExpression {
    var out = lhs
    out.constant = lhs.constant + rhs.constant
    for index in 0..<rhs.count { out.append(rhs.positions[index], rhs.coefficients[index]) }
    return out
  }

  static func + (lhs: InlineExpression, rhs: Double) -> InlineExpression {
    var out = lhs
    out.constant = lhs.constant + rhs
    return out
  }

  static func - (lhs: InlineExpression, rhs: InlineExpression) -> InlineExpression { lhs + rhs.scaled(by: -1) }
  static func - (lhs: InlineExpression, rhs: Double) -> InlineExpression { lhs + (-rhs) }
  static func * (lhs: InlineExpression, rhs: Double) -> InlineExpression { lhs.scaled(by: rhs) }

  func scaled(by factor: Double) -> InlineExpression {
    var out = self
    out.constant = constant * factor
    for index in 0..<count { out.coefficients[index] = coefficients[index] * factor }
    return out
  }

  /// Repeated variables merged (coefficients summed in order), zero coefficients dropped,
  /// terms sorted by variable: equal constraints give equal expressions.
  func normalized(_ table: [Variable]) -> LinearExpression {
    var merged = InlineExpression(constant: constant)
    for index in 0..<count {
      let id = table[Int(positions[index])].id
      var found = false
      for other in 0..<merged.count where table[Int(merged.positions[other])].id == id {
        merged.coefficients[other] += coefficients[index]
        found = true
        break
      }
      if !found { merged.append(positions[index], coefficients[index]) }
    }
    var kept: [Term] = []
    kept.reserveCapacity(merged.count)
    for index in 0..<merged.count where abs(merged.coefficients[index]) > EngineTolerance.zeroCoefficient {
      let variable = table[Int(merged.positions[index])]
      // Insertion sort: at most eight terms, and no two with the same variable.
      var at = kept.count
      while at > 0, variable.id < kept[at - 1].variable.id { at -= 1 }
      kept.insert(Term(variable, merged.coefficients[index]), at: at)
    }
    return LinearExpression(terms: kept, constant: constant)
  }

  /// As a `LinearExpression`, terms as they are.
  func linear(_ table: [Variable]) -> LinearExpression {
    var terms: [Term] = []
    terms.reserveCapacity(count)
    for index in 0..<count { terms.append(Term(table[Int(positions[index])], coefficients[index])) }
    return LinearExpression(terms: terms, constant: constant)
  }
}

/// A rectangle whose edges are linear expressions, with what its attributes need.
struct AnchorBox {
  var left: InlineExpression
  var top: InlineExpression
  var width: InlineExpression
  var height: InlineExpression
  /// Insets used by the `*Margin` attributes.
  var margins: EdgeInsets
  /// Margin edges that lie on the safe area's edge instead (``ResolvedView/clampedMarginEdges``):
  /// top, left, bottom, right, in root coordinates (`nil`: the edge is `margins` from the box's).
  var clamped: (top: InlineExpression?, left: InlineExpression?, bottom: InlineExpression?, right: InlineExpression?) =
    (nil, nil, nil, nil)
  /// Distances from the top to the baselines (`nil`: no text; baselines are top and bottom).
  var firstBaseline: Double?
  var lastBaseline: Double?
  /// Half the height of a label's or button's content (its intrinsic height), whose baselines
  /// were measured in it: the content is centred vertically, so in a view of height `h` a
  /// baseline is `h/2 − centre + offset` below the top (`nil`: baselines from the top).
  var textCentre: Double?
}

/// Why an anchor could not become an expression.
package enum AnchorMapError: Error, Equatable {
  case unknownItem(LayoutItem)
}

/// Turns anchors and layout constraints into solver expressions for one environment.
///
/// Absolute attributes map directly (`right = x + width`, `centerY = y + height/2`, …).
/// In right-to-left, a horizontal constraint that names leading or trailing (or their
/// margin forms) on either side is read in mirrored coordinates `x' = root.width − x`, so
/// every horizontal location in it grows from the right: a layout that uses only leading
/// and trailing is the exact mirror image of its left-to-right layout, constants included.
package struct AnchorMap {
  /// What an anchor needs from a resolved view: plain numbers, so that a lookup copies no
  /// strings and retains nothing (the parent is in ``parents``).
  struct ViewAnchors {
    var margins: EdgeInsets
    /// Edges whose margin also reads the safe area (``ResolvedView/safeAreaMarginFloor``).
    var floor: MarginFloor = MarginFloor()
    var firstBaseline: Double?
    var lastBaseline: Double?
    var textCentre: Double?
    /// Whether the view is a scroll view, whose subviews' coordinates start at its content.
    var isScroll = false
    /// The frame's reach past the alignment rectangle: the coordinates start at the frame.
    var alignmentInsets = EdgeInsets.zero
    /// The edges on which the view's own safe-area guide reads the safe area (``ResolvedView/safeAreaEdges``).
    var safeAreaEdges: UInt8 = 0
    /// The margin edges on the safe area's edge (``ResolvedView/clampedMarginEdges``).
    var clampedMargins: UInt8 = 0

    init(_ view: ResolvedView) {
      safeAreaEdges = view.safeAreaEdges
      clampedMargins = view.clampedMarginEdges
      isScroll = view.scroll != nil
      alignmentInsets = view.alignmentRectInsets
      margins = view.layoutMargins
      floor = view.safeAreaMarginFloor
      firstBaseline = view.firstBaselineOffset
      lastBaseline = view.lastBaselineOffset
      if view.textLayout != nil, view.firstBaselineOffset != nil, let height = view.intrinsicHeight, height.isFinite {
        textCentre = height / 2
      }
    }
  }

  /// An item's variables as positions in ``table``.
  struct ItemPositions {
    var x: Int32?
    var y: Int32?
    var width: Int32
    var height: Int32
    /// A view's margins and baselines (`nil` for stack guides): kept here so that an anchor
    /// costs one lookup (each hashes the view's id).
    var view: ViewAnchors?
  }

  /// Variables of views and stack guides (looked up only, never iterated).
  let items: [LayoutItem: ItemVariables]
  /// Margins and baselines of the resolved views, by id.
  let views: [String: ViewAnchors]
  /// The superview's id of each view but the root, by id: a multiplied location is read in the
  /// coordinates of the items' nearest common ancestor.
  let parents: [String: String]
  var rootID: String
  var safeAreaInsets: EdgeInsets
  /// The keyboard's height, `nil` when hidden (``Environment/keyboardHeight``): moved with the insets.
  var keyboardHeight: Double?
  var direction: LayoutDirection
  /// Every variable of `items`; compiled expressions refer to them by position.
  private let table: [Variable]
  /// `items` as positions in `table`.
  private let positions: [LayoutItem: ItemPositions]

  /// A map of `views` by id (for views listed more than once, the first).
  init(
    items: [LayoutItem: ItemVariables], views: [ResolvedView], rootID: String, safeAreaInsets: EdgeInsets,
    direction: LayoutDirection
  ) {
    var anchors: [String: ViewAnchors] = [:]
    anchors.reserveCapacity(views.count)
    var parents: [String: String] = [:]
    parents.reserveCapacity(views.count)
    // By index: `for view in views` copies each 550-byte view (see `ResolvedLayout.constraintSet`).
    for index in views.indices where anchors[views[index].id] == nil {
      anchors[views[index].id] = ViewAnchors(views[index])
      if let parent = views[index].parent { parents[views[index].id] = parent }
    }
    self.init(
      items: items, anchors: anchors, parents: parents, rootID: rootID, safeAreaInsets: safeAreaInsets,
      direction: direction)
  }

  package init(
    items: [LayoutItem: ItemVariables], views: [String: ResolvedView], rootID: String, safeAreaInsets: EdgeInsets,
    direction: LayoutDirection
  ) {
    self.init(
      items: items, anchors: views.mapValues(ViewAnchors.init), parents: views.compactMapValues(\.parent),
      rootID: rootID, safeAreaInsets: safeAreaInsets, direction: direction)
  }

  private init(
    items: [LayoutItem: ItemVariables], anchors: [String: ViewAnchors], parents: [String: String], rootID: String,
    safeAreaInsets: EdgeInsets, direction: LayoutDirection
  ) {
    self.items = items
    self.views = anchors
    self.parents = parents
    self.rootID = rootID
    self.safeAreaInsets = safeAreaInsets
    self.direction = direction
    // Positions only name variables; the order of `table` decides nothing (terms are sorted
    // by variable when a constraint is compiled).
    var table: [Variable] = []
    table.reserveCapacity(items.count * 4)
    var positions: [LayoutItem: ItemPositions] = [:]
    positions.reserveCapacity(items.count)
    func position(_ variable: Variable) -> Int32 {
      table.append(variable)
      return Int32(truncatingIfNeeded: table.count - 1)
    }
    for (id, vars) in items {
      positions[id] = ItemPositions(
        x: vars.x.map(position), y: vars.y.map(position), width: position(vars.width), height: position(vars.height),
        view: id.viewID.flatMap { anchors[$0] })
    }
    self.table = table
    self.positions = positions
  }

  /// The root's size variables.
  var rootWidth: Variable? { items[.view(rootID)]?.width }

  /// The rectangle an item names: a view, a stack guide, `root`, `safeArea` or `margins`.
  func box(for item: LayoutItem) throws(AnchorMapError) -> AnchorBox {
    if item.isRootGuide {
      guard let root = positions[.view(rootID)] else { throw .unknownItem(item) }
      let inset = RootGuides.insets(
        of: item, safeAreaInsets: safeAreaInsets, rootMargins: root.view.map(effectiveMargins) ?? .zero)
      return AnchorBox(
        left: InlineExpression(constant: inset.left), top: InlineExpression(constant: inset.top),
        width: InlineExpression(position: root.width) - (inset.left + inset.right),
        height: InlineExpression(position: root.height) - (inset.top + inset.bottom),
        margins: .zero, firstBaseline: nil, lastBaseline: nil, textCentre: nil)
    }
    if case .generated(_, KeyboardGuide.name) = item {
      // The root's keyboard guide: its width, from its bottom up by the keyboard's height (the
      // bottom safe-area inset with the keyboard hidden).
      guard let root = positions[.view(rootID)] else { throw .unknownItem(item) }
      let height = KeyboardGuide.height(keyboard: keyboardHeight, safeAreaInsets: safeAreaInsets)
      return AnchorBox(
        left: InlineExpression(constant: 0), top: InlineExpression(position: root.height) - height,
        width: InlineExpression(position: root.width), height: InlineExpression(constant: height),
        margins: .zero, firstBaseline: nil, lastBaseline: nil, textCentre: nil)
    }
    if case .generated(let owner, ViewSafeArea.name) = item {
      // A view's own safe-area guide: its frame (the alignment rectangle grown by its insets)
      // inset by the safe area on the edges known to lie on the root's.
      guard let vars = positions[.view(owner)], let view = vars.view else { throw .unknownItem(item) }
      let frame = view.alignmentInsets
      let inset = ViewSafeArea.insets(safeAreaInsets, edges: view.safeAreaEdges)
      let left = vars.x.map { InlineExpression(position: $0) } ?? InlineExpression(constant: 0)
      let top = vars.y.map { InlineExpression(position: $0) } ?? InlineExpression(constant: 0)
      return AnchorBox(
        left: left + (inset.left - frame.left), top: top + (inset.top - frame.top),
        width: InlineExpression(position: vars.width) + (frame.left + frame.right - inset.left - inset.right),
        height: InlineExpression(position: vars.height) + (frame.top + frame.bottom - inset.top - inset.bottom),
        margins: .zero, firstBaseline: nil, lastBaseline: nil, textCentre: nil)
    }
    guard let vars = positions[item] else { throw .unknownItem(item) }
    let view = vars.view
    let margins = view.map(effectiveMargins) ?? .zero
    var box = AnchorBox(
      left: vars.x.map { InlineExpression(position: $0) } ?? InlineExpression(constant: 0),
      top: vars.y.map { InlineExpression(position: $0) } ?? InlineExpression(constant: 0),
      width: InlineExpression(position: vars.width), height: InlineExpression(position: vars.height), margins: margins,
      firstBaseline: view?.firstBaseline, lastBaseline: view?.lastBaseline, textCentre: view?.textCentre)
    if let clamped = view?.clampedMargins, clamped != 0, let root = positions[.view(rootID)] {
      // The safe area's edges in root coordinates (the root's origin is 0).
      let insets = safeAreaInsets
      if clamped & 1 != 0 { box.clamped.top = InlineExpression(constant: insets.top) }
      if clamped & 2 != 0 { box.clamped.left = InlineExpression(constant: insets.left) }
      if clamped & 4 != 0 { box.clamped.bottom = InlineExpression(position: root.height) - insets.bottom }
      if clamped & 8 != 0 { box.clamped.right = InlineExpression(position: root.width) - insets.right }
    }
    return box
  }

  /// A view's margins for the current safe-area insets (``ResolvedView/effectiveMargins(safeAreaInsets:)``).
  private func effectiveMargins(_ view: ViewAnchors) -> EdgeInsets {
    view.floor.margins(view.margins, safeAreaInsets: safeAreaInsets)
  }

  /// The expression of an anchor; `mirrored` reads horizontal locations from the right.
  package func expression(for anchor: AnchorReference, mirrored: Bool) throws(AnchorMapError) -> LinearExpression {
    try inlineExpression(for: anchor, mirrored: mirrored).linear(table)
  }

  func inlineExpression(for anchor: AnchorReference, mirrored: Bool) throws(AnchorMapError) -> InlineExpression {
    let b = try box(for: anchor.item)
    let m = b.margins
    let rtl = direction == .rightToLeft
    // Computed only for the case that needs it: this runs for every anchor of every constraint.
    var left: InlineExpression { b.left }
    var right: InlineExpression { b.left + b.width }
    var leftMargin: InlineExpression { b.clamped.left ?? b.left + m.left }
    var rightMargin: InlineExpression { b.clamped.right ?? b.left + b.width - m.right }
    let horizontal: InlineExpression
    switch anchor.attribute {
    case .width: return b.width
    case .height: return b.height
    case .top: return b.top
    case .bottom: return b.top + b.height
    case .centerY: return b.top + b.height * 0.5
    case .topMargin: return b.clamped.top ?? b.top + m.top
    case .bottomMargin: return b.clamped.bottom ?? b.top + b.height - m.bottom
    case .centerYWithinMargins:
      if b.clamped.top != nil || b.clamped.bottom != nil {
        return ((b.clamped.top ?? b.top + m.top) + (b.clamped.bottom ?? b.top + b.height - m.bottom)) * 0.5
      }
      return b.top + b.height * 0.5 + (m.top - m.bottom) / 2
    case .firstBaseline:
      if let centre = b.textCentre, let offset = b.firstBaseline { return b.top + b.height * 0.5 + (offset - centre) }
      return b.top + (b.firstBaseline ?? 0)
    case .lastBaseline:
      if let centre = b.textCentre, let offset = b.lastBaseline { return b.top + b.height * 0.5 + (offset - centre) }
      return b.lastBaseline.map { b.top + $0 } ?? b.top + b.height
    case .left: horizontal = left
    case .right: horizontal = right
    case .centerX: horizontal = b.left + b.width * 0.5
    case .leftMargin: horizontal = leftMargin
    case .rightMargin: horizontal = rightMargin
    case .centerXWithinMargins:
      horizontal =
        b.clamped.left != nil || b.clamped.right != nil
        ? (leftMargin + rightMargin) * 0.5 : b.left + b.width * 0.5 + (m.left - m.right) / 2
    case .leading: horizontal = rtl ? right : left
    case .trailing: horizontal = rtl ? left : right
    case .leadingMargin: horizontal = rtl ? rightMargin : leftMargin
    case .trailingMargin: horizontal = rtl ? leftMargin : rightMargin
    }
    guard mirrored, let rootWidth = positions[.view(rootID)]?.width else { return horizontal }
    return InlineExpression(position: rootWidth) - horizontal
  }

  /// Whether the constant of an anchor's expression depends on the safe-area insets: every
  /// attribute of the `safeArea` and `margins` guides, and the margin attributes of views
  /// whose margins read the safe area (the root's, by default). Nothing else reads the
  /// insets, and they never change a term, so a move that changes only the insets changes
  /// only these constants.
  func dependsOnSafeArea(_ anchor: AnchorReference) -> Bool {
    // By the item's case, so that a view's anchor, the common one, copies nothing.
    switch anchor.item {
    case .safeArea, .margins: return true
    case .generated(let owner, let name):
      if name == KeyboardGuide.name { return true }
      guard name == ViewSafeArea.name else { return false }
      return views[owner]?.safeAreaEdges ?? 0 != 0
    case .view:
      guard anchor.attribute.readsMargins, let id = anchor.item.viewID, let view = views[id] else { return false }
      return !view.floor.isEmpty || view.clampedMargins != 0
    }
  }

  /// Whether either side of a constraint depends on the safe-area insets.
  func dependsOnSafeArea(_ constraint: LayoutConstraint) -> Bool {
    // Not `second.map(dependsOnSafeArea)`: the method as a closure copies the whole map.
    if dependsOnSafeArea(constraint.first) { return true }
    guard let second = constraint.second else { return false }
    return dependsOnSafeArea(second)
  }

  /// Whether a constraint is read in mirrored coordinates (right-to-left and directional).
  func isMirrored(_ constraint: LayoutConstraint) -> Bool {
    direction == .rightToLeft
      && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
  }

  /// `first − (multiplier × second + constant)`, with terms merged and sorted by variable,
  /// so that equal constraints give equal expressions.
  ///
  /// Locations are read in the coordinates of the items' nearest common ancestor, as UIKit
  /// reads a constraint's attributes (docs/semantics.md §3, "Constraints"): `centerX == 1.6 ×
  /// superview.centerX` places the view at 1.6 × half the superview's width from the
  /// superview's leading edge, wherever the superview is. With a multiplier of 1 the
  /// ancestor's origin cancels, so it is only worked in when the multiplier is not 1 and the
  /// ancestor is not the root (whose origin is 0).
  package func expression(for constraint: LayoutConstraint) throws(AnchorMapError) -> LinearExpression {
    let mirrored = isMirrored(constraint)
    if constraint.multiplier != 1, let second = constraint.second,
      !constraint.first.attribute.isSize || !second.attribute.isSize,
      let ancestor = commonAncestor(constraint.first.item, second.item), ancestor != rootID
    {
      let origin = try coordinateOrigin(of: ancestor)
      func local(_ anchor: AnchorReference) throws(AnchorMapError) -> InlineExpression {
        let raw = try inlineExpression(for: anchor, mirrored: false)
        guard !anchor.attribute.isSize else { return raw }
        if anchor.attribute.axis == .vertical { return raw - origin.top }
        // Mirrored: measured leftward from the ancestor's right edge.
        return mirrored ? origin.left + origin.width - raw : raw - origin.left
      }
      let lhs = try local(constraint.first)
      let rhs = try local(second) * constraint.multiplier + constraint.constant
      return (lhs - rhs).normalized(table)
    }
    let lhs = try inlineExpression(for: constraint.first, mirrored: mirrored)
    var rhs = InlineExpression(constant: constraint.constant)
    if let second = constraint.second {
      rhs = try inlineExpression(for: second, mirrored: mirrored) * constraint.multiplier + constraint.constant
    }
    return (lhs - rhs).normalized(table)
  }

  /// The view an item's coordinates belong to: a view itself, the root for its guides, the
  /// owner of a stack's or scroll view's guide.
  private func coordinateView(_ item: LayoutItem) -> String {
    switch item {
    case .view(let id): return id
    case .safeArea, .margins: return rootID
    case .generated(let owner, _): return owner
    }
  }

  /// The nearest view that is `a`'s or an ancestor of it and `b`'s or an ancestor of it.
  private func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> String? {
    var chain: [String] = []
    var next: String? = coordinateView(a)
    while let id = next, chain.count <= views.count {
      chain.append(id)
      next = parents[id]
    }
    next = coordinateView(b)
    var steps = 0
    while let id = next, steps <= views.count {
      if chain.contains(id) { return id }
      next = parents[id]
      steps += 1
    }
    return nil
  }

  /// Where a view's subviews' coordinates start, and its width: its frame, or a scroll view's
  /// content area (UIKit: the bounds' origin is the content offset).
  private func coordinateOrigin(of view: String) throws(AnchorMapError) -> (
    left: InlineExpression, top: InlineExpression, width: InlineExpression
  ) {
    let own = try box(for: .view(view))
    if views[view]?.isScroll == true, positions[ScrollLayout.contentGuide(of: view)] != nil {
      let content = try box(for: ScrollLayout.contentGuide(of: view))
      return (content.left, content.top, own.width)
    }
    // The variables place the alignment rectangle; a superview's coordinates start at its frame.
    let insets = views[view]?.alignmentInsets ?? .zero
    return (own.left - insets.left, own.top - insets.top, own.width + (insets.left + insets.right))
  }
}

extension LayoutRelation {
  /// The solver's relation.
  var solverRelation: Relation {
    switch self {
    case .equal: return .equal
    case .lessThanOrEqual: return .lessThanOrEqual
    case .greaterThanOrEqual: return .greaterThanOrEqual
    }
  }
}
