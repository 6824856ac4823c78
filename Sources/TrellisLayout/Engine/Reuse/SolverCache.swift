import TrellisModel
import TrellisSolver
import TrellisText

// The engine's live solvers: one slot per environment key, kept and chosen here.

extension LayoutEngine {
  /// What decides the constraint set besides the container size and the safe area: the same
  /// key resolves to the same views and constraints, whose constants differ only where they
  /// read the safe-area insets (``AnchorMap/dependsOnSafeArea(_:)-(LayoutConstraint)``).
  struct EnvironmentKey: Hashable {
    var traits: TraitCollection
    var direction: LayoutDirection
    var scale: Double
    /// Whether the container is wider than 375 pt: the root's system minimum margins differ
    /// on either side (``SystemLayoutMargins``), and margins are resolved values. Always false
    /// for a document whose constraints read no margins (``LayoutDocument/readsMargins``).
    var wideRoot: Bool
    /// Text styles' sizes follow it.
    var contentSize: ContentSizeCategory

    /// `bySizeClass` false: one key for every size class (of a document that picks nothing by
    /// them), under the traits of compact width and height; `byScale` false: one for every scale
    /// (of a document that measures no text), under 1; `byRootWidth` false: one for roots on
    /// either side of 375 pt (of a document whose constraints read no margins).
    init(_ environment: Environment, bySizeClass: Bool = true, byScale: Bool = true, byRootWidth: Bool = true) {
      contentSize = environment.contentSizeCategory
      traits = bySizeClass ? environment.traits : TraitCollection(horizontal: .compact, vertical: .compact)
      direction = environment.layoutDirection
      scale = byScale ? environment.scale : 1
      wideRoot = byRootWidth && environment.containerSize.width > SystemLayoutMargins.compactWidthLimit
    }
  }

  /// One live solver and what is installed in it.
  struct SolverSlot {
    /// The environment key its constraints were made for.
    var key: EnvironmentKey
    let serial: Int
    let solver: Solver
    var items: [LayoutItem: ItemVariables] = [:]
    /// Item ids in the order their variables were made.
    var itemOrder: [LayoutItem] = []
    /// Assigned whole (by the installer), never appended to: see ``installedGeneration``.
    var installed: [Installed] = [] { didSet { installedGeneration &+= 1 } }
    /// Changes whenever ``installed`` is assigned (not when an entry's constant changes: entries
    /// are references), so that what is derived from it can be kept until then.
    private(set) var installedGeneration = 0
    /// The hash of the views and guides of the last ambiguity check's resolution (the memo's
    /// key), kept so that a move, which keeps the resolution, does not hash them again.
    var ambiguityItems: Int?
    /// The required constraints in flat arrays for the check after every layout
    /// (``LayoutChecks/accuracy(_:_:paths:)``), made again when ``installedGeneration`` moves on.
    let requiredTerms = RequiredTerms()
    /// The root's required size constraints, added before anything else (`nil` until the
    /// first installation); a move changes their constants.
    var container: ContainerConstraints?
    /// The resolution, constraint set and anchor map of its last layout.
    var resolved: ResolvedLayout?
    var set: ConstraintSet?
    var map: AnchorMap?
    var hadRejections = false
    /// The required constraints its last installation broke, in the order tried.
    private(set) var rejected: [LayoutConstraint] = []
    /// What a move or a diff may not change for them to be broken again, worked out the first
    /// time one asks (a single layout never pays for it).
    private var dependence: RejectionDependence?
    /// The diagnostics of its last installation that a move repeats (constraints naming unknown
    /// items); `nil` when that installation said anything else, so a move must regenerate.
    var replay: [Diagnostic]?
    /// Per resolved view of `resolved`: its variables and its parent's index.
    var plan: [ViewPlan] = []
    var lastUsed = 0
    /// The last ambiguity check and the solver's structure revision it was made at: a move that
    /// pivots nothing leaves it valid (ambiguity depends on the basis, not on constants).
    /// It is keyed by the views and guides checked too, which a diff can change without a row.
    var ambiguityMemo:
      (revision: Int, items: Int, ambiguous: [(id: String, attributes: [LayoutAttribute])], diagnostics: [Diagnostic])?
    /// Its solution as an affine function of the container's size, for resizes that pivot
    /// nothing (``ParametricMove``); made when first needed, dropped when stale.
    var parametric: ParametricMove?
    /// The container size the last layout showed when a parametric move left the solver at
    /// another (`nil` when the solver holds what was shown).
    var shownSize: Size?

    init(key: EnvironmentKey, serial: Int, mode: Solver.Mode) {
      self.key = key
      self.serial = serial
      self.solver = Solver(mode: mode)
    }

    /// Records what an installation broke (with `installed`, `container` and `map` as it left
    /// them).
    mutating func recordRejections(_ broken: [LayoutConstraint]) {
      rejected = broken
      dependence = nil
    }

    /// The blocks of what the last installation broke (``RejectionDependence``), `nil` when it
    /// broke nothing or a broken constraint no longer compiles. Asked before anything moves.
    mutating func rejectionDependence() -> RejectionDependence? {
      if let dependence { return dependence }
      guard !rejected.isEmpty, let map else { return nil }
      var broken: [ConstraintInstaller.Compiled] = []
      broken.reserveCapacity(rejected.count)
      for layout in rejected {
        guard let expression = try? map.expression(for: layout) else { return nil }
        let safeArea = map.dependsOnSafeArea(layout)
        broken.append(ConstraintInstaller.Compiled(layout: layout, expression: expression, readsSafeArea: safeArea))
      }
      dependence = RejectionDependence(broken: broken, placed: installed.map { $0 }, container: container)
      return dependence
    }

    /// Whether a diff to `environment` may start from it: it broke nothing, or the diff can tell
    /// whether what it broke is broken again (the container keeps its size if their blocks
    /// hold it; the diff checks the rest).
    mutating func mayDiff(to environment: Environment) -> Bool {
      guard hadRejections else { return true }
      guard let dependence = rejectionDependence(), let container else { return false }
      return !dependence.onContainerSize || container.size == environment.containerSize
    }

    /// Whether a move to `environment` (of its key) may reuse it as it is: its last layout said
    /// nothing a move would not repeat, and broke no required constraint that the move could
    /// let hold (``RejectionDependence``).
    mutating func isReusable(for environment: Environment) -> Bool {
      guard replay != nil, resolved != nil, set != nil, let map else { return false }
      guard hadRejections else { return true }
      guard let dependence = rejectionDependence(), let container else { return false }
      return dependence.allowsMove(from: container.size, map.safeAreaInsets, to: environment)
    }
  }

  /// A resolved view's variables and the index of (the first view with) its parent's id.
  struct ViewPlan {
    /// The view's x, y, width and height (x and y `nil` for the root), as slots: read after every
    /// solve, where `Variable`s would be copied with their names.
    var variables: (x: VariableSlot?, y: VariableSlot?, width: VariableSlot, height: VariableSlot)?
    var parent: Int?
    /// The view's `alignmentRectInsets` when not zero: its variables place the alignment
    /// rectangle, and the frame is that rectangle grown by these.
    var alignmentInsets: EdgeInsets? = nil
  }

  /// `root.width == W` and `root.height == H`, required: the root's size is the environment's,
  /// always (UIKit's `UIView-Encapsulated-Layout-Width/Height`), so a required constraint that
  /// fights it is the one broken.
  struct ContainerConstraints {
    var width: Installed
    var height: Installed
    /// The size their constants hold.
    var size: Size
    var both: [Installed] { [width, height] }
  }

  /// The solver to diff for `key`: the one kept for it (its last layout reported an error, so it


  /// A constraint in a slot's solver. A reference, owned by one slot: the diff moves entries
  /// between arrays, and a `LayoutConstraint` is many strings to retain on every copy.
  final class Installed {
    var layout: LayoutConstraint
    var expression: LinearExpression
    /// The constant now in the solver (may differ from `constraint.expression.constant`).
    /// Unchecked: read for every required constraint after every layout, and an engine is used
    /// from one thread at a time.
    @exclusivity(unchecked) var constant: Double
    let constraint: Constraint
    /// Whether the constant depends on the safe-area insets.
    var readsSafeArea: Bool
    /// The constraint's priority is 1000 and its relation, kept apart so that the check after
    /// every layout (`LayoutChecks.accuracy`) reads them without copying `layout` (a diff
    /// changes neither: it matches on both).
    let isRequired: Bool
    let relation: LayoutRelation

    init(
      layout: LayoutConstraint, expression: LinearExpression, constant: Double, constraint: Constraint,
      readsSafeArea: Bool
    ) {
      self.layout = layout
      self.expression = expression
      self.constant = constant
      self.constraint = constraint
      self.readsSafeArea = readsSafeArea
      self.isRequired = layout.priority >= 1000
      self.relation = layout.relation
    }
  }
}

/// A slot's required constraints with their terms in flat arrays: the accuracy check after every
/// layout evaluates them all, and reading each through its `LinearExpression` copied the terms'
/// variables (with their names). A reference, so that a slot copied out of the cache shares it.
final class RequiredTerms {
  /// The slot's ``LayoutEngine/SolverSlot/installedGeneration`` these were made at.
  private(set) var generation = -1
  private(set) var entries: [LayoutEngine.Installed] = []
  private(set) var relations: [LayoutRelation] = []
  /// Per entry, where its terms end in ``slots`` and ``coefficients``.
  private(set) var ends: [Int] = []
  private(set) var slots: [VariableSlot] = []
  private(set) var coefficients: [Double] = []
  /// The last check's constants, sums and their sums' largest terms, kept to be written again
  /// in place.
  var constants: [Double] = []
  var values: [Double] = []
  var largestTerms: [Double] = []

  /// Makes them again from `installed` unless they were made at `generation`.
  func update(_ installed: [LayoutEngine.Installed], generation: Int) {
    guard generation != self.generation else { return }
    self.generation = generation
    // Built in locals and stored once: every access to a class's stored array is checked for
    // exclusivity at run time, which cost more than the appends.
    var entries: [LayoutEngine.Installed] = []
    var relations: [LayoutRelation] = []
    var ends: [Int] = []
    var slots: [VariableSlot] = []
    var coefficients: [Double] = []
    for entry in installed where entry.isRequired {
      entries.append(entry)
      relations.append(entry.relation)
      let terms = entry.expression.terms
      for index in terms.indices {
        slots.append(terms[index].variable.slot)
        coefficients.append(terms[index].coefficient)
      }
      ends.append(slots.count)
    }
    (self.entries, self.relations, self.ends, self.slots, self.coefficients) = (entries, relations, ends, slots, coefficients)
  }
}

/// The solvers an engine keeps, at most one per environment key, and which served last.
struct SolverCache {
  private(set) var slots: [LayoutEngine.SolverSlot] = []
  /// The serial number of the slot the last layout used.
  private(set) var liveSerial: Int?
  private var nextSerial = 0
  /// Counts layouts, to find the least recently used slot.
  private(set) var useCounter = 0

  /// The slot the last layout used.
  var liveSlot: LayoutEngine.SolverSlot? { slots.first { $0.serial == liveSerial } }

  /// The keys of the slots kept, least recently used first.
  var keysByUse: [LayoutEngine.EnvironmentKey] { slots.sorted { $0.lastUsed < $1.lastUsed }.map(\.key) }

  subscript(index: Int) -> LayoutEngine.SolverSlot {
    get { slots[index] }
    _modify { yield &slots[index] }
  }

  /// Starts a layout: one more use.
  mutating func beginLayout() { useCounter += 1 }

  /// The slot kept for `key`, if any.
  func index(for key: LayoutEngine.EnvironmentKey) -> Int? {
    // By index: a closure over the slots copied each one (all its references retained).
    for index in slots.indices where slots[index].key == key { return index }
    return nil
  }

  /// Whether the slot at `index` served the previous layout.
  func isLive(_ index: Int) -> Bool { slots[index].serial == liveSerial }

  mutating func remove(at index: Int) { slots.remove(at: index) }

  /// Marks the slot at `index` as the one that served this layout.
  mutating func markUsed(_ index: Int) {
    slots[index].lastUsed = useCounter
    liveSerial = slots[index].serial
  }

  /// The solver to diff for `key`: the one kept for it (its last layout reported an error, so it
  /// could not simply move), else, for a small layout, the live one. One that broke a required
  /// constraint only when the diff can tell whether it is broken again
  /// (``SolverSlot/mayDiff(to:)``; the diff rebuilds otherwise).
  mutating func diffCandidate(
    for key: LayoutEngine.EnvironmentKey, caching: Bool, to environment: Environment
  ) -> Int? {
    if let index = index(for: key) {
      return slots[index].mayDiff(to: environment) ? index : nil
    }
    guard !caching, let index = slots.firstIndex(where: { $0.serial == liveSerial }) else { return nil }
    return slots[index].mayDiff(to: environment) ? index : nil
  }

  /// A new empty slot for `key`, after dropping the old one for `key` and, while `limit` is
  /// reached, the least recently used ones (those that broke a required constraint first).
  mutating func makeSlot(_ key: LayoutEngine.EnvironmentKey, limit: Int, mode: Solver.Mode) -> Int {
    slots.removeAll { $0.key == key }
    while !slots.isEmpty, slots.count >= max(1, limit) {
      let victim = slots.indices.min { a, b in
        let (x, y) = (slots[a], slots[b])
        return x.hadRejections != y.hadRejections ? x.hadRejections : x.lastUsed < y.lastUsed
      }
      guard let victim else { break }
      slots.remove(at: victim)
    }
    nextSerial += 1
    slots.append(LayoutEngine.SolverSlot(key: key, serial: nextSerial, mode: mode))
    return slots.count - 1
  }
}
