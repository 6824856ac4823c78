/// UIKit's standard spacing: what Interface Builder's "Standard" constant, Visual Format's
/// `-` and a `standard` constant in a layout file stand for. The value depends on the pair of
/// items a constraint relates (docs/semantics.md §1, sources in docs/uikit-research.md §2):
///
/// | pair | value | source |
/// |---|---|---|
/// | a view's edge and the same edge of its superview | the superview's layout margin (the constraint is made to the superview's margin attribute) | `directionalLayoutMargins` reference: with `\|-[subview]-\|` the subview is inset "by the corresponding layout margins" |
/// | anything and the safe-area guide | 0 | Apple Developer Forums thread 87028 |
/// | anything and the margins guide, or a margin attribute | 0 (the margin already is the spacing) | same thread |
/// | any other pair (siblings) | 8 | Auto Layout Guide, "Working with Simple Constraints"; stored storyboards |
public enum StandardSpacing {
  /// Between sibling views (and any pair not listed above).
  public static let sibling = 8.0

  /// The constraint with `coefficient` standard spacings applied: its constant raised by
  /// `coefficient × value`, or, to a superview's edge from inside, its superview side moved to
  /// the margin attribute (so the superview's margins, safe area included, are the spacing).
  ///
  /// - Parameters:
  ///   - parents: view id → parent id.
  ///   - margins: view id → the view's resolved margins before the safe area (used when the
  ///     superview side cannot become a margin attribute, e.g. `a.leading == root.leading - standard`).
  static func apply(
    _ constraint: LayoutConstraint, coefficient: Double, parents: [String: String], margins: [String: EdgeInsets],
    direction: LayoutDirection
  ) -> LayoutConstraint {
    guard coefficient != 0 else { return constraint }
    var out = constraint
    guard var second = constraint.second else {
      out.constant += coefficient * sibling
      return out
    }
    var first = constraint.first
    let items = [first.item, second.item]
    if items.contains(.safeArea) || items.contains(.margins) || first.attribute.readsMargins
      || second.attribute.readsMargins
    {
      return out
    }
    if let a = first.item.viewID, let b = second.item.viewID, first.attribute == second.attribute,
      let margin = first.attribute.marginForm
    {
      if parents[a] == b {
        // The superview is the second item: `sub.leading == super.leading + standard`.
        if coefficient > 0, [.leading, .left, .top].contains(first.attribute) {
          second.attribute = margin
          out.second = second
        } else {
          out.constant += coefficient * edge(first.attribute, of: margins[b] ?? .zero, direction)
        }
        return out
      }
      if parents[b] == a {
        // The superview is the first item: `super.trailing == sub.trailing + standard`.
        if coefficient > 0, [.trailing, .right, .bottom].contains(first.attribute) {
          first.attribute = margin
          out.first = first
        } else {
          out.constant += coefficient * edge(first.attribute, of: margins[a] ?? .zero, direction)
        }
        return out
      }
    }
    out.constant += coefficient * sibling
    return out
  }

  /// The inset on the side an edge attribute names.
  private static func edge(_ attribute: LayoutAttribute, of insets: EdgeInsets, _ direction: LayoutDirection) -> Double
  {
    let rtl = direction == .rightToLeft
    switch attribute {
    case .top: return insets.top
    case .bottom: return insets.bottom
    case .left: return insets.left
    case .right: return insets.right
    case .leading: return rtl ? insets.right : insets.left
    case .trailing: return rtl ? insets.left : insets.right
    default: return sibling
    }
  }
}

extension LayoutAttribute {
  /// The margin attribute of an edge (`leading` → `leadingMargin`); `nil` for other attributes.
  var marginForm: LayoutAttribute? {
    switch self {
    case .leading: return .leadingMargin
    case .trailing: return .trailingMargin
    case .left: return .leftMargin
    case .right: return .rightMargin
    case .top: return .topMargin
    case .bottom: return .bottomMargin
    default: return nil
    }
  }
}
