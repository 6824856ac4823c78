/// An attribute of a view or guide that constraints relate (NSLayoutConstraint.Attribute).
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case firstBaseline, lastBaseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins

  /// Which way the attribute measures.
  public enum Axis: Hashable, Sendable { case horizontal, vertical }

  public var axis: Axis {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
      .trailingMargin, .centerXWithinMargins:
      return .horizontal
    default:
      return .vertical
    }
  }

  /// Width and height are sizes; everything else is a location.
  public var isSize: Bool { self == .width || self == .height }

  /// Leading/trailing (and their margin forms) depend on the layout direction.
  public var isDirectional: Bool {
    [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self)
  }

  /// Left/right (and their margin forms) are absolute.
  public var isAbsoluteHorizontal: Bool { [.left, .right, .leftMargin, .rightMargin].contains(self) }
}

/// One side of a constraint: an attribute of a view, or of a guide of the root view.
public struct AnchorReference: Hashable, Sendable, CustomStringConvertible {
  /// A view, a guide of the root, or a stack's generated guide.
  public var item: LayoutItem
  public var attribute: LayoutAttribute
  /// Where the reference was written.
  public var location: SourceLocation?

  public init(item: LayoutItem, attribute: LayoutAttribute, location: SourceLocation? = nil) {
    self.item = item
    self.attribute = attribute
    self.location = location
  }

  public var description: String { "\(item).\(attribute.rawValue)" }

  /// The reference with its item's ``LayoutItem/rootName`` resolved to `rootID`.
  public func resolvingRoot(_ rootID: String) -> AnchorReference {
    var resolved = self
    resolved.item = item.resolvingRoot(rootID)
    return resolved
  }

  public static func == (lhs: AnchorReference, rhs: AnchorReference) -> Bool {
    lhs.item == rhs.item && lhs.attribute == rhs.attribute
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(item)
    hasher.combine(attribute)
  }
}

/// The relation of a layout constraint.
public enum LayoutRelation: String, Hashable, Sendable, CaseIterable {
  case equal = "==", lessThanOrEqual = "<=", greaterThanOrEqual = ">="
}

/// One constraint of a layout file: `first relation multiplier × second + constant @priority`
/// (`second` absent for constant-only sizes), installed per size class.
public struct ConstraintSpec: Sendable {
  /// The user's id, when given (used by variations and messages); otherwise generated as
  /// `constraint#N` (1-based, file order).
  public var id: String
  public var first: AnchorReference
  public var relation: LayoutRelation
  public var second: AnchorReference?
  public var multiplier: Double
  public var constant: Varying<Double>
  /// How many standard spacings are added to ``constant`` (0, or ±1 for `+ standard` /
  /// `- standard`, Interface Builder's "Standard" and Visual Format's `-`): the value is
  /// decided per resolution by ``StandardSpacing`` from the pair of items related.
  public var standardSpacing: Varying<Double>
  /// 1…1000; 1000 is required.
  public var priority: Varying<Double>
  /// Whether the constraint takes part, per size class (default true).
  public var installed: Varying<Bool>
  /// How it was written, for messages: the constraint text, or the Visual Format string.
  public var source: String
  public var location: SourceLocation?
  public var path: String?
  /// Where its values were written: `multiplier`, `constant` and `priority` (one origin per
  /// size-class value), `id`.
  public var origins = ValueOrigins()
  /// Who made it: the app, for everything a layout file or a nib holds; a conflict log's list
  /// holds UIKit's constraints too.
  public var kind = ConstraintKind.app

  public init(
    id: String, first: AnchorReference, relation: LayoutRelation, second: AnchorReference? = nil,
    multiplier: Double = 1, constant: Varying<Double> = Varying(0), priority: Varying<Double> = Varying(1000),
    installed: Varying<Bool> = Varying(true), source: String, location: SourceLocation? = nil, path: String? = nil,
    standardSpacing: Varying<Double> = Varying(0)
  ) {
    self.standardSpacing = standardSpacing
    self.id = id
    self.first = first
    self.relation = relation
    self.second = second
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    self.installed = installed
    self.source = source
    self.location = location
    self.path = path
  }
}

extension LayoutAttribute {
  /// Whether the attribute reads its item's layout margins (`leftMargin`, …, `centerYWithinMargins`).
  package var readsMargins: Bool {
    switch self {
    case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
      .centerXWithinMargins, .centerYWithinMargins:
      return true
    default:
      return false
    }
  }
}
