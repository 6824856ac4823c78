import TrellisModel

/// What a log's item stands for in a layout document: a view, or a guide of one.
package enum SourceTarget: Hashable, Sendable, CustomStringConvertible {
  /// A view of the document, by id.
  case view(String)
  /// A view's safe-area layout guide (the root's is the document's `safeArea`).
  case safeArea(of: String)
  /// A view's layout-margins guide (the document writes its margin attributes).
  case margins(of: String)
  /// A guide UIKit makes inside a stack view (`_UILayoutSpacer`, `_UIOLAGapGuide`).
  case stackGuide(of: String)
  /// The view controller's old top or bottom layout guide (`_UILayoutGuide`).
  case topLayoutGuide
  case bottomLayoutGuide

  /// The view the target is or belongs to (`nil` for the old layout guides).
  package var view: String? {
    switch self {
    case .view(let id), .safeArea(of: let id), .margins(of: let id), .stackGuide(of: let id): return id
    case .topLayoutGuide, .bottomLayoutGuide: return nil
    }
  }

  /// `title`, `root.safeAreaLayoutGuide`, `card.layoutMarginsGuide`, `rows (a spacer guide)`.
  package var description: String {
    switch self {
    case .view(let id): return id
    case .safeArea(of: let id): return "\(id).safeAreaLayoutGuide"
    case .margins(of: let id): return "\(id).layoutMarginsGuide"
    case .stackGuide(of: let id): return "a guide of stack '\(id)'"
    case .topLayoutGuide: return "topLayoutGuide"
    case .bottomLayoutGuide: return "bottomLayoutGuide"
    }
  }
}

/// A document constraint named in a match: its id and where it was written.
package struct SourceConstraintReference: Hashable, Sendable, CustomStringConvertible {
  package var id: String
  package var location: SourceLocation?

  package init(id: String, location: SourceLocation?) {
    self.id = id
    self.location = location
  }

  /// `'title-top' (Main.storyboard:40:17)`.
  package var description: String { "'\(id)'" + (location.map { " (\($0))" } ?? "") }
}

/// What one item of a block was matched to, and why.
package struct ItemSourceMatch: Sendable {
  package enum Outcome: Sendable, Equatable {
    /// One target fits best.
    case matched(SourceTarget)
    /// Several targets fit equally well (every one that does, in document order).
    case ambiguous([SourceTarget])
    /// Nothing in the document fits (the reason is in ``ItemSourceMatch/evidence``).
    case unmatched
  }

  /// Index into ``ConflictBlock/items``.
  package var item: Int
  package var outcome: Outcome
  /// Where the matched view (or the guide's view) was written.
  package var location: SourceLocation?
  /// What decided it, strongest first: `text 'Title'`, `class UILabel ↔ label`,
  /// `2 constraints of the log found in the source`, or why nothing fits.
  package var evidence: [String]

  package init(item: Int, outcome: Outcome, location: SourceLocation? = nil, evidence: [String] = []) {
    self.item = item
    self.outcome = outcome
    self.location = location
    self.evidence = evidence
  }

  /// The target when the match is unique.
  package var target: SourceTarget? {
    if case .matched(let target) = outcome { return target }
    return nil
  }
}

/// What one constraint of a block was matched to.
package struct ConstraintSourceMatch: Sendable {
  package enum Outcome: Sendable, Equatable {
    /// The document's constraint that UIKit printed.
    case matched(SourceConstraintReference)
    /// A constraint UIKit made, and what in the document made it (a stack, the root's
    /// container, a view's margins or safe area, an autoresizing mask): `made by stack 'rows'`.
    case madeBy(String, SourceLocation?)
    /// Several document constraints fit equally well.
    case ambiguous([SourceConstraintReference])
    /// No document constraint fits; the reason (and the nearest one, when one relates the same
    /// anchors with other values).
    case unmatched(String)
  }

  /// Index into ``ConflictBlock/constraints``.
  package var index: Int
  package var outcome: Outcome
  /// What matched: `identifier`, `constant 16`, `standard spacing (8)`, `either order`.
  package var evidence: [String]

  package init(index: Int, outcome: Outcome, evidence: [String] = []) {
    self.index = index
    self.outcome = outcome
    self.evidence = evidence
  }
}

/// A block matched against a layout document: per item the view, per constraint the spec.
package struct SourceMatch: Sendable {
  /// One per item of the block, in the block's order.
  package var items: [ItemSourceMatch]
  /// One per constraint of the block, in the block's order.
  package var constraints: [ConstraintSourceMatch]
  /// How many assignments the search tried.
  package var steps: Int
  /// Whether the search stopped at its limit before proving its answer best: the matches are
  /// then the best found, and items it could not settle are reported as ambiguous.
  package var searchWasCut: Bool

  package init(items: [ItemSourceMatch], constraints: [ConstraintSourceMatch], steps: Int, searchWasCut: Bool) {
    self.items = items
    self.constraints = constraints
    self.steps = steps
    self.searchWasCut = searchWasCut
  }
}
