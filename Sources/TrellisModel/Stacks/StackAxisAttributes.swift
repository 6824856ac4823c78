// The attributes a stack uses along one axis, named by their role rather than their side.

/// The attributes of one axis: its start and end edges, size and center, and the canvas's
/// margin forms of each (for `isLayoutMarginsRelativeArrangement`).
///
/// Horizontal uses leading/trailing (never left/right), so the resolver's mapping of the
/// layout direction flips a right-to-left stack with no help from here.
struct StackAxisAttributes {
  let start: LayoutAttribute
  let end: LayoutAttribute
  let size: LayoutAttribute
  let center: LayoutAttribute

  static let horizontal = StackAxisAttributes(start: .leading, end: .trailing, size: .width, center: .centerX)
  static let vertical = StackAxisAttributes(start: .top, end: .bottom, size: .height, center: .centerY)

  /// The attributes measuring along `axis`.
  static func along(_ axis: StackAxis) -> StackAxisAttributes { axis == .horizontal ? .horizontal : .vertical }
  /// The attributes measuring across `axis`.
  static func across(_ axis: StackAxis) -> StackAxisAttributes { axis == .horizontal ? .vertical : .horizontal }
}

extension LayoutAttribute {
  /// The margin form of an edge or center (`leading` → `leadingMargin`); sizes and
  /// baselines are returned unchanged.
  package var withinMargins: LayoutAttribute {
    switch self {
    case .left: return .leftMargin
    case .right: return .rightMargin
    case .top: return .topMargin
    case .bottom: return .bottomMargin
    case .leading: return .leadingMargin
    case .trailing: return .trailingMargin
    case .centerX: return .centerXWithinMargins
    case .centerY: return .centerYWithinMargins
    default: return self
    }
  }
}
