import TrellisSolver

/// The solver variables of one item: its frame in root coordinates.
struct ItemVariables {
  /// `nil` for the root, whose origin is fixed at (0, 0).
  var x: Variable?
  var y: Variable?
  var width: Variable
  var height: Variable

  /// The variables in a fixed order: x, y, width, height (the root's x and y are constants).
  var all: [Variable] { [x, y].compactMap { $0 } + [width, height] }
}

/// A rectangle whose edges are linear expressions, with what its attributes need.
struct AnchorBox {
  var left: LinearExpression
  var top: LinearExpression
  var width: LinearExpression
  var height: LinearExpression
  /// Insets used by the `*Margin` attributes.
  var margins: EdgeInsets
  /// Distances from the top to the baselines (`nil`: no text; baselines are top and bottom).
  var firstBaseline: Double?
  var lastBaseline: Double?
}

/// Why an anchor could not become an expression.
enum AnchorMapError: Error, Equatable {
  case unknownItem(String)
}

/// Turns anchors and layout constraints into solver expressions for one environment.
///
/// Absolute attributes map directly (`right = x + width`, `centerY = y + height/2`, …).
/// In right-to-left, a horizontal constraint that names leading or trailing (or their
/// margin forms) on either side is read in mirrored coordinates `x' = root.width − x`, so
/// every horizontal location in it grows from the right: a layout that uses only leading
/// and trailing is the exact mirror image of its left-to-right layout, constants included.
struct AnchorMap {
  /// Variables of views and stack guides, by id (looked up only, never iterated).
  var items: [String: ItemVariables]
  /// Resolved views by id, for margins and baselines.
  var views: [String: ResolvedView]
  var rootID: String
  var safeAreaInsets: EdgeInsets
  var direction: LayoutDirection

  /// The root's size variables.
  var rootWidth: Variable? { items[rootID]?.width }

  /// The rectangle an item names: a view, a stack guide, `root`, `safeArea` or `margins`.
  func box(for item: String) throws(AnchorMapError) -> AnchorBox {
    if item == "safeArea" || item == "margins", views[item] == nil {
      guard let root = items[rootID] else { throw .unknownItem(item) }
      var inset = safeAreaInsets
      if item == "margins" {
        let m = views[rootID]?.layoutMargins ?? .zero
        inset = EdgeInsets(
          top: inset.top + m.top, left: inset.left + m.left, bottom: inset.bottom + m.bottom,
          right: inset.right + m.right)
      }
      return AnchorBox(
        left: LinearExpression(constant: inset.left), top: LinearExpression(constant: inset.top),
        width: root.width - (inset.left + inset.right), height: root.height - (inset.top + inset.bottom),
        margins: .zero, firstBaseline: nil, lastBaseline: nil)
    }
    let id = (item == "root" && items["root"] == nil) ? rootID : item
    guard let vars = items[id] else { throw .unknownItem(item) }
    let view = views[id]
    var margins = view?.layoutMargins ?? .zero
    if id == rootID {
      // The root's margins are the `margins` guide: its layoutMargins inside the safe area
      // (UIKit's insetsLayoutMarginsFromSafeArea, on by default).
      margins = EdgeInsets(
        top: margins.top + safeAreaInsets.top, left: margins.left + safeAreaInsets.left,
        bottom: margins.bottom + safeAreaInsets.bottom, right: margins.right + safeAreaInsets.right)
    }
    return AnchorBox(
      left: vars.x.map { LinearExpression($0) } ?? LinearExpression(constant: 0),
      top: vars.y.map { LinearExpression($0) } ?? LinearExpression(constant: 0),
      width: LinearExpression(vars.width), height: LinearExpression(vars.height), margins: margins,
      firstBaseline: view?.firstBaselineOffset, lastBaseline: view?.lastBaselineOffset)
  }

  /// The expression of an anchor; `mirrored` reads horizontal locations from the right.
  func expression(for anchor: AnchorReference, mirrored: Bool) throws(AnchorMapError) -> LinearExpression {
    let b = try box(for: anchor.item)
    let m = b.margins
    let rtl = direction == .rightToLeft
    let left = b.left
    let right = b.left + b.width
    let leftMargin = b.left + m.left
    let rightMargin = b.left + b.width - m.right
    let horizontal: LinearExpression
    switch anchor.attribute {
    case .width: return b.width
    case .height: return b.height
    case .top: return b.top
    case .bottom: return b.top + b.height
    case .centerY: return b.top + b.height * 0.5
    case .topMargin: return b.top + m.top
    case .bottomMargin: return b.top + b.height - m.bottom
    case .centerYWithinMargins: return b.top + b.height * 0.5 + (m.top - m.bottom) / 2
    case .firstBaseline: return b.top + (b.firstBaseline ?? 0)
    case .lastBaseline: return b.lastBaseline.map { b.top + $0 } ?? b.top + b.height
    case .left: horizontal = left
    case .right: horizontal = right
    case .centerX: horizontal = b.left + b.width * 0.5
    case .leftMargin: horizontal = leftMargin
    case .rightMargin: horizontal = rightMargin
    case .centerXWithinMargins: horizontal = b.left + b.width * 0.5 + (m.left - m.right) / 2
    case .leading: horizontal = rtl ? right : left
    case .trailing: horizontal = rtl ? left : right
    case .leadingMargin: horizontal = rtl ? rightMargin : leftMargin
    case .trailingMargin: horizontal = rtl ? leftMargin : rightMargin
    }
    guard mirrored, let rootWidth else { return horizontal }
    return LinearExpression(rootWidth) - horizontal
  }

  /// Whether a constraint is read in mirrored coordinates (right-to-left and directional).
  func isMirrored(_ constraint: LayoutConstraint) -> Bool {
    direction == .rightToLeft
      && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
  }

  /// `first − (multiplier × second + constant)`, with terms merged and sorted by variable,
  /// so that equal constraints give equal expressions.
  func expression(for constraint: LayoutConstraint) throws(AnchorMapError) -> LinearExpression {
    let mirrored = isMirrored(constraint)
    let lhs = try expression(for: constraint.first, mirrored: mirrored)
    var rhs = LinearExpression(constant: constraint.constant)
    if let second = constraint.second {
      rhs = try expression(for: second, mirrored: mirrored) * constraint.multiplier + constraint.constant
    }
    return Self.normalized(lhs - rhs)
  }

  /// Merges repeated variables, drops zero coefficients and sorts terms by variable.
  static func normalized(_ expression: LinearExpression) -> LinearExpression {
    var merged: [Term] = []
    var position: [Variable.ID: Int] = [:]
    for term in expression.terms {
      if let i = position[term.variable.id] {
        merged[i].coefficient += term.coefficient
      } else {
        position[term.variable.id] = merged.count
        merged.append(term)
      }
    }
    let kept = merged.filter { abs($0.coefficient) > 1e-12 }.sorted { $0.variable.id < $1.variable.id }
    return LinearExpression(terms: kept, constant: expression.constant)
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
