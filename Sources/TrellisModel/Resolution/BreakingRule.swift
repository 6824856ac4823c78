/// Which constraint of a conflicting set UIKit breaks: the one with the greatest ``key``, by
/// who made it (``ConstraintKind/breakingRank``), then by its shape (``shapeRank(_:_:)``).
/// The engine adds required constraints in increasing key, so that the one added last, which
/// the solver rejects, is that one; a conflict log's list is judged with the same key. The rule
/// and how many logs fit it: docs/semantics.md, "Which constraint UIKit breaks".
public enum BreakingRule {
  /// How readily a constraint of this shape is broken among constraints of one kind: a
  /// constant size first (`v.width == 320`), then a size tied to another (`a.width ==
  /// b.width`), a centre, a spacing between two views (`b.top == a.bottom + 8`), a pin of a
  /// trailing or bottom edge, and last a pin of a leading or top edge.
  public static func shapeRank(_ first: AnchorReference, _ second: AnchorReference?) -> Int {
    let a = first.attribute.edge
    guard let second else { return first.attribute.isSize ? 5 : 0 }
    let b = second.attribute.edge
    if first.attribute.isSize || second.attribute.isSize { return 4 }
    if a.isCentre || b.isCentre { return 3 }
    if a.opposite == b { return 2 }
    return a.isFar ? 1 : 0
  }

  /// The key of a constraint: greater is broken first.
  public static func key(_ kind: ConstraintKind, _ first: AnchorReference, _ second: AnchorReference?) -> Int {
    kind.breakingRank * 10 + shapeRank(first, second)
  }
}

extension LayoutAttribute {
  /// The attribute without its margin, the edge it measures.
  fileprivate var edge: Edge {
    switch self {
    case .left, .leftMargin: return .left
    case .right, .rightMargin: return .right
    case .leading, .leadingMargin: return .leading
    case .trailing, .trailingMargin: return .trailing
    case .top, .topMargin, .firstBaseline: return .top
    case .bottom, .bottomMargin, .lastBaseline: return .bottom
    case .centerX, .centerXWithinMargins: return .centerX
    case .centerY, .centerYWithinMargins: return .centerY
    case .width: return .width
    case .height: return .height
    }
  }
}

private enum Edge {
  case left, right, leading, trailing, top, bottom, centerX, centerY, width, height

  var isCentre: Bool { self == .centerX || self == .centerY }
  /// Trailing, right and bottom: the edges a chain ends on.
  var isFar: Bool { self == .trailing || self == .right || self == .bottom }
  var opposite: Edge? {
    switch self {
    case .left: return .right
    case .right: return .left
    case .leading: return .trailing
    case .trailing: return .leading
    case .top: return .bottom
    case .bottom: return .top
    default: return nil
    }
  }
}
