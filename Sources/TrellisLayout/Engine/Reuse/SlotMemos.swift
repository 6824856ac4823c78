import TrellisModel

/// What a slot derives from its installed state and keeps between layouts, each memo with its
/// rule for going stale, all here:
///
/// | memo | valid while |
/// |---|---|
/// | ``requiredTerms`` | the installation is the one it was made for (``generation``) |
/// | ``rejectionDependence`` | the installation is the one it was made for |
/// | ``parametric`` | the installation is the one it was made for, and the solver has pivoted nothing since (``ParametricMove/isCurrent(_:generation:)``) |
/// | ``ambiguity`` | the solver has pivoted nothing since, and the same views and guides are checked (``AmbiguityMemo/isValid(revision:items:)``) |
///
/// A new installation (``LayoutEngine/SolverSlot/commit(_:)``) is the one event that makes the
/// first three stale: ``installationReplaced()``. A move that only re-values constants keeps
/// them all (constants change neither terms, nor the basis, nor what was broken).
struct SlotMemos {
  /// Counts installations; what is derived from one records the count it was made at.
  private(set) var generation = 0
  /// The required constraints in flat arrays for the accuracy check after every layout
  /// (``LayoutChecks/accuracy(_:_:paths:)``). A reference, so that a slot copied out of the
  /// cache shares it; it remakes itself when given a newer generation.
  let requiredTerms = RequiredTerms()
  /// The blocks of what the installation broke (``LayoutEngine/SolverSlot/rejectionDependence()``).
  var rejectionDependence: RejectionDependence?
  /// The solution as an affine function of the container's size (``ParametricMove``).
  var parametric: ParametricMove?
  /// The hash of the views and guides of the last ambiguity check's resolution, kept so that a
  /// move, which keeps the resolution, does not hash them again.
  var ambiguityItems: Int?
  /// The last ambiguity check.
  var ambiguity: AmbiguityMemo?

  /// A new installation replaced the old: drops what was derived from the old one.
  mutating func installationReplaced() {
    generation &+= 1
    rejectionDependence = nil
    parametric = nil
  }

  /// The last ambiguity check, if made at `revision` of the solver's structure for `items`.
  func ambiguity(revision: Int, items: Int) -> AmbiguityMemo? {
    guard let ambiguity, ambiguity.isValid(revision: revision, items: items) else { return nil }
    return ambiguity
  }
}

/// An ambiguity check and what it was made at: the solver's structure revision (ambiguity
/// depends on the basis, not on constants, so a move that pivots nothing leaves it valid) and
/// the hash of the views and guides checked (a diff can change them without a row).
struct AmbiguityMemo {
  var revision: Int
  var items: Int
  var ambiguous: [(id: String, attributes: [LayoutAttribute])]
  var diagnostics: [Diagnostic]

  func isValid(revision: Int, items: Int) -> Bool { self.revision == revision && self.items == items }
}
