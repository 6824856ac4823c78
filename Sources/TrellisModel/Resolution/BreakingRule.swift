/// Which constraint of a conflicting set UIKit breaks: the one with the greatest ``key(_:_:_:)``, by
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
    shapeRank(first.attribute, second?.attribute)
  }

  /// ``shapeRank(_:_:)`` of the anchors' attributes, which alone decide it.
  static func shapeRank(_ first: LayoutAttribute, _ second: LayoutAttribute?) -> Int {
    let a = first.edge
    guard let second else { return first.isSize ? 5 : 0 }
    let b = second.edge
    if first.isSize || second.isSize { return 4 }
    if a.isCentre || b.isCentre { return 3 }
    if a.opposite == b { return 2 }
    return a.isFar ? 1 : 0
  }

  /// The key of a constraint: greater is broken first.
  public static func key(_ kind: ConstraintKind, _ first: AnchorReference, _ second: AnchorReference?) -> Int {
    kind.breakingRank * 10 + shapeRank(first.attribute, second?.attribute)
  }
}

extension LayoutConstraint {
  /// ``BreakingRule/key(_:_:_:)`` of this constraint, its fields read where they are: the engine
  /// asks it of every constraint of every build, and making the kind (a copy of its strings)
  /// and copying the anchors for it cost more than the rest of the ordering. The rank is
  /// ``kind``'s ``ConstraintKind/breakingRank``, read from the origin.
  package var breakingKey: Int {
    let s = storage
    let rank: Int
    switch s.origin {
    case .file(_, let kind): rank = kind.breakingRank
    case .stack(_, let reason): rank = ConstraintKind.stackBreakingRank(reason)
    case .intrinsic: rank = ConstraintKind.contentSize.breakingRank
    case .container: rank = ConstraintKind.encapsulated("").breakingRank
    case .scroll: rank = ConstraintKind.scrollView("").breakingRank
    }
    return rank * 10 + BreakingRule.shapeRank(s.first.attribute, s.second?.attribute)
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

extension BreakingRule {
  /// What a choice of the rule rests on.
  public enum Basis: String, Sendable {
    /// Seen in UIKit's runtime conflict logs (Tests/Fixtures/logs).
    case observed = "observed in conflict logs"
    /// Not shown by any log: the rule's order, kept from earlier versions or by analogy.
    case guess = "a guess"
  }

  /// Why `broken` goes rather than the others of its conflicting set, and what each step rests
  /// on: against the most breakable other maker, the maker; against others of its own maker,
  /// the shape, or (equal keys) the order of addition.
  public static func basis(
    broken: (kind: ConstraintKind, first: AnchorReference, second: AnchorReference?),
    others: [(kind: ConstraintKind, first: AnchorReference, second: AnchorReference?)]
  ) -> [(reason: String, basis: Basis)] {
    var steps: [(reason: String, basis: Basis)] = []
    let rank = broken.kind.breakingRank
    if let maker = others.filter({ $0.kind.breakingRank != rank }).max(by: {
      $0.kind.breakingRank < $1.kind.breakingRank
    }) {
      steps.append(
        (
          "\(makerName(broken.kind)) before \(makerName(maker.kind))",
          observedMakers(broken.kind, maker.kind) ? .observed : .guess
        ))
    }
    let shape = shapeRank(broken.first, broken.second)
    if let peer = others.filter({ $0.kind.breakingRank == rank }).max(by: {
      shapeRank($0.first, $0.second) < shapeRank($1.first, $1.second)
    }) {
      let peerShape = shapeRank(peer.first, peer.second)
      if peerShape == shape {
        steps.append(("the later-added of equal shapes", .guess))
      } else {
        // Of the shape steps, logs show "a constant size first" and "a far-edge pin before a near
        // one" often; the others rest on a few logs each (counts in docs/semantics.md).
        steps.append(
          (
            "\(shapeName(shape)) before \(shapeName(peerShape))",
            shape == 5 || (shape == 1 && peerShape == 0) ? .observed : .guess
          ))
      }
    }
    return steps
  }

  static func makerName(_ kind: ConstraintKind) -> String {
    switch kind {
    case .app: return "the app's constraint"
    case .stack(let name): return "a stack's \(name)"
    case .contentSize: return "a required content size"
    case .encapsulated: return "the container's size"
    case .temporarySize: return "a temporary size"
    case .autoresizingMask: return "an autoresizing mask"
    case .marginsGuide: return "a margins guide"
    case .safeArea: return "the safe area"
    case .scrollView: return "a scroll view's guide"
    case .keyboard: return "the keyboard guide"
    case .system(let name): return "UIKit's \(name)"
    case .nonnegativeSize: return "a size's own ≥ 0"
    }
  }

  static func shapeName(_ rank: Int) -> String {
    [
      "a leading or top pin", "a trailing or bottom pin", "a spacing", "a centre", "a size tied to another",
      "a constant size",
    ][max(0, min(5, rank))]
  }

  /// Pairs of makers (broken, kept) that conflict logs show (docs/semantics.md): the app's over
  /// UIKit's stacks, hiding, sizes, guides and masks; a stack's spacing over its other
  /// constraints and its hiding.
  static func observedMakers(_ broken: ConstraintKind, _ kept: ConstraintKind) -> Bool {
    switch (broken, kept) {
    case (.app, .stack), (.app, .encapsulated), (.app, .temporarySize), (.app, .autoresizingMask),
      (.app, .safeArea), (.app, .nonnegativeSize):
      return true
    case (.stack(let a), .stack): return a == "UISV-spacing"
    case (.stack, .encapsulated), (.stack, .autoresizingMask), (.marginsGuide, .autoresizingMask):
      return true
    default: return false
    }
  }
}
