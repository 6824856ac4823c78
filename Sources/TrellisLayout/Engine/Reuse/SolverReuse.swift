import TrellisModel
import TrellisSolver
import TrellisText

/// How a layout reaches a solved state, and every rule that decides it, in one place (as yoga
/// keeps its layout cache's rules as named predicates in one file).
///
/// A layout takes the first route its rules allow, and falls to the next when the solver
/// refuses a step on the way:
///
/// 1. **Parametric move** (``mayMoveParametrically(_:to:readsMargins:checksAmbiguity:)``): the
///    slot kept for the environment's key may move, only the container's size changes, and the
///    solver would pivot nothing: the frames come from the solution's dependence on the size,
///    without touching the solver (``ParametricMove``).
/// 2. **Move** (``mayMove(_:to:)``): the slot kept for the key gets the new container size and
///    safe-area constants; nothing is regenerated. A constant the solver refuses (a conflict
///    only these insets cause) drops the slot and goes on to 3.
/// 3. **Diff** (``diffCandidate(_:for:keepsSolverPerKey:to:)``): the constraint set is generated
///    for the environment and a kept solver is brought to it (removals, constants in place,
///    additions). A conflict met on the way drops the slot and goes on to 4.
/// 4. **Build**: a new solver (``keepsSolverPerKey(_:)`` decides whether it joins the others or
///    replaces them; ``evictionVictim(_:)`` which one goes when the cache is full), first in the
///    order that keeps rows sparse; at the first conflict, again in the documented order, which
///    decides what is broken (docs/semantics.md, "Conflict recovery").
enum SolverReuse {
  /// The first route a layout tries, before anything is regenerated.
  enum Route {
    case parametricMove(slot: Int, LayoutEngine.ParametricStep)
    case move(slot: Int)
    case regenerate
  }

  /// The route of a layout in `environment` (of `key`), given the engine's cache; a parametric
  /// move only when `movesParametrically` (the document's traits as ``LayoutEngine`` keeps them).
  static func route(
    _ cache: inout SolverCache, key: LayoutEngine.EnvironmentKey, to environment: Environment,
    movesParametrically: Bool, readsMargins: Bool, checksAmbiguity: Bool, typesetter: Typesetter
  ) -> Route {
    guard let index = cache.index(for: key), mayMove(&cache[index], to: environment) else { return .regenerate }
    if movesParametrically,
      let step = cache.parametricStep(
        index, to: environment, readsMargins: readsMargins, checksAmbiguity: checksAmbiguity, typesetter: typesetter)
    {
      return .parametricMove(slot: index, step)
    }
    return .move(slot: index)
  }

  // MARK: Rules

  /// A layout keeps a solver per environment key when it has at least
  /// ``LayoutEngine/cachingThreshold`` constraints (below that, every route is cheap and one
  /// diffed solver is simplest) and at most
  /// ``LayoutEngine/cachingCeiling`` (beyond a screen, memory counts more than speed).
  static func keepsSolverPerKey(_ set: ConstraintSet) -> Bool {
    set.constraints.count >= LayoutEngine.cachingThreshold && set.constraints.count <= LayoutEngine.cachingCeiling
  }

  /// A slot may move to `environment` of its own key as it is: its last layout said nothing a
  /// move would not repeat (``LayoutEngine/SolverSlot/replay``), and broke no required
  /// constraint that the move could let hold (``RejectionDependence/allowsMove(from:_:keyboard:to:)``).
  @inline(__always) static func mayMove(_ slot: inout LayoutEngine.SolverSlot, to environment: Environment) -> Bool {
    // The map's fields read in place: binding the map copied it (its tables retained).
    guard slot.replay != nil, slot.resolved != nil, slot.set != nil, slot.map != nil else { return false }
    guard slot.hadRejections else { return true }
    guard let dependence = slot.rejectionDependence(), let container = slot.container,
      let insets = slot.map?.safeAreaInsets
    else { return false }
    return dependence.allowsMove(from: container.size, insets, keyboard: slot.map?.keyboardHeight, to: environment)
  }

  /// A move may be parametric when nothing but the container's size changes for what the
  /// solver cannot see: the same safe-area insets, no scroll view (their state is read from the
  /// solver), the same system minimum margins for the root (unless the document's constraints
  /// read margins, and the key already says), and an ambiguity check made for this basis. The
  /// move itself then decides whether the solver would pivot (``ParametricMove/deltas(to:)``)
  /// and whether wrapped text keeps its lines.
  ///
  /// `inout` only so that the slot is read in place, not copied (it changes nothing); inlined,
  /// as the rule was when it lived in the engine's move.
  @inline(__always) static func mayMoveParametrically(
    _ slot: inout LayoutEngine.SolverSlot, to environment: Environment, readsMargins: Bool, checksAmbiguity: Bool
  ) -> Bool {
    // The resolution read in place: a copy of it is many references to retain.
    guard slot.container != nil, slot.map?.safeAreaInsets == environment.safeAreaInsets,
      slot.map?.keyboardHeight == environment.keyboardHeight, slot.resolved?.scrollViews.isEmpty == true,
      // Margins decided from the solved frames (``LayoutEngine/settleSafeAreaMargins``) are
      // decided again after every layout, which a move by substitution would skip.
      slot.resolved?.frameMarginViews.isEmpty == true || environment.safeAreaInsets == .zero,
      slot.resolved?.environment.cell == environment.cell,
      // A fitted height is an optional constraint: its value does not move by substitution.
      environment.cell?.fitsHeight != true
    else { return false }
    // The environment read in place: `resolved.map { … }` copied the whole resolution.
    if !readsMargins {
      guard let before = slot.resolved?.environment,
        SystemLayoutMargins.rootMinimum(in: before) == SystemLayoutMargins.rootMinimum(in: environment)
      else { return false }
    }
    guard checksAmbiguity else { return true }
    guard let items = slot.memos.ambiguityItems else { return false }
    // Checked in place: the step that follows reads the memo's findings once.
    return slot.memos.ambiguity?.isValid(revision: slot.solver.structureRevision, items: items) == true
  }

  /// A slot may be diffed towards `environment` when it broke nothing, or when the diff can tell
  /// whether what it broke is broken again: the container keeps its size if their blocks hold
  /// it, and the diff checks the rest (``ConstraintInstaller``'s re-break step).
  static func mayDiff(_ slot: inout LayoutEngine.SolverSlot, to environment: Environment) -> Bool {
    guard slot.hadRejections else { return true }
    guard let dependence = slot.rejectionDependence(), let container = slot.container else { return false }
    return !dependence.onContainerSize || container.size == environment.containerSize
  }

  /// The slot a diff starts from: the one kept for `key` (its last layout could not simply
  /// move), else, for a layout that keeps one solver, the live one; either only when it
  /// ``mayDiff(_:to:)``.
  static func diffCandidate(
    _ cache: inout SolverCache, for key: LayoutEngine.EnvironmentKey, keepsSolverPerKey: Bool,
    to environment: Environment
  ) -> Int? {
    let index: Int
    if let kept = cache.index(for: key) {
      index = kept
    } else if !keepsSolverPerKey, let live = cache.liveIndex {
      index = live
    } else {
      return nil
    }
    return mayDiff(&cache[index], to: environment) ? index : nil
  }

  /// The slot that goes when the cache is full: one that broke a required constraint first
  /// (its next layout would likely rebuild anyway), then the least recently used.
  static func evictionVictim(_ slots: [LayoutEngine.SolverSlot]) -> Int? {
    slots.indices.min { a, b in
      let (x, y) = (slots[a], slots[b])
      return x.hadRejections != y.hadRejections ? x.hadRejections : x.lastUsed < y.lastUsed
    }
  }
}
