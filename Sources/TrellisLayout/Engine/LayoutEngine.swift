import TrellisModel
import TrellisSolver
import TrellisSupport

/// Lays out one document in any environment, keeping live solvers between layouts.
///
/// ```swift
/// let engine = LayoutEngine(document: document)
/// let portrait = engine.layout(in: iPhonePortrait)     // builds a solver
/// let landscape = engine.layout(in: iPhoneLandscape)   // builds one for compact height
/// let back = engine.layout(in: iPhonePortrait)         // switches back: container constants only
/// ```
///
/// The root's size is the environment's, always: `root.width == W` and `root.height == H` are
/// required and added first, so a required constraint that fights them is the one broken.
///
/// A move to an environment with the same size classes, layout direction and scale regenerates
/// nothing: only the container's constants and the constants that read the safe area are updated. For another size-class environment, a large layout (at least
/// ``cachingThreshold`` constraints) gets its own solver, built once and kept (at most
/// ``solverCacheLimit``), so that every later rotation is such a move; a small layout keeps one
/// solver and diffs it: unchanged constraints stay, constraints whose only change is their
/// constant are updated in place, the rest are removed or added. The frames are the same as a
/// fresh engine's (for layouts with one solution). When a required constraint has to be broken,
/// the engine rebuilds that solver so that conflicts are always decided in the documented order:
/// the container, the file's constraints, stacks', content size; the one whose addition finds the
/// conflict is broken (docs/semantics.md, "Conflict recovery"). Such a solver still moves within
/// its key when the move cannot change what it broke (`RejectionDependence`).
///
/// The engine is a façade over five parts: `SolverReuse` (which route a layout takes, every
/// rule in one place), the `SolverCache` (one live solver per environment key, each with its
/// installed state and memos), the `ConstraintInstaller` (moves, diffs and builds, in named
/// steps), the `SolutionReader` (frames and guides) and the `LayoutChecks` (accuracy,
/// magnitude, ambiguity).
///
/// Not thread-safe: use one engine from one thread at a time.
public final class LayoutEngine {
  /// An optional constraint the last layout did not satisfy.
  public struct BrokenConstraint: Sendable, Hashable {
    public var constraint: LayoutConstraint
    /// By how much it misses: `|lhs − rhs|` for `==`, the shortfall for `<=` and `>=`.
    public var violation: Double
  }

  /// What the last ``layout(in:snapToPixels:)`` did to the solver.
  public struct Update: Sendable, Hashable {
    /// Which solver served the layout, and how it got there.
    public enum Route: Sendable, Hashable {
      /// A solver built from scratch: the first layout, the first visit to a size-class
      /// environment of a large layout, or after a conflict.
      case rebuilt
      /// The previous layout's solver, given only what differs: the container size and the
      /// safe-area constants when the size classes, direction and scale are the same (nothing is
      /// regenerated), else the constraints removed, added and re-valued by a diff.
      case diffed
      /// A solver kept from an earlier layout with the same size classes, layout direction and
      /// scale; as for `diffed` with the same environment, only the container size and the
      /// safe-area constants moved.
      case reusedCachedSolver
    }

    public var route: Route
    /// Constraints added, removed, given a new constant in place, and left as they were.
    public var added: Int
    public var removed: Int
    public var constantsChanged: Int
    public var kept: Int

    /// Whether the solver was built from scratch (``Route/rebuilt``); setting `false` on a
    /// rebuilt update makes it ``Route/diffed``.
    public var rebuilt: Bool {
      get { route == .rebuilt }
      set { route = newValue ? .rebuilt : (route == .rebuilt ? .diffed : route) }
    }

    public init(route: Route, added: Int, removed: Int, constantsChanged: Int, kept: Int) {
      self.route = route
      self.added = added
      self.removed = removed
      self.constantsChanged = constantsChanged
      self.kept = kept
    }

    /// An update built from scratch (`rebuilt`) or on the previous layout's solver (``Route/diffed``).
    public init(rebuilt: Bool, added: Int, removed: Int, constantsChanged: Int, kept: Int) {
      self.init(
        route: rebuilt ? .rebuilt : .diffed, added: added, removed: removed, constantsChanged: constantsChanged,
        kept: kept)
    }

    static func nothing(_ route: Route) -> Update {
      Update(route: route, added: 0, removed: 0, constantsChanged: 0, kept: 0)
    }
  }

  /// At most this many conflicts are reported one by one per layout; one more error counts
  /// the rest (every broken constraint is still in ``rejectedConstraints``).
  public static let maxConflictDiagnostics = 50

  /// At most this many ambiguity warnings (views and stacks) are given one by one per layout;
  /// one more warning counts the rest (every ambiguous view is still in the result's
  /// `ambiguousViews`).
  public static let maxAmbiguityDiagnostics = 50

  /// The most solvers one engine keeps, one per environment key (size classes, layout direction,
  /// scale); the least recently used goes first. Four covers every size-class combination of one
  /// direction and scale.
  public static let solverCacheLimit = 4

  /// Layouts with at least this many constraints (content size, stacks and the file's, in the
  /// new environment) get a solver per size-class environment; smaller ones keep one solver and
  /// diff it, as earlier versions did (every path is cheap for them; measurements in
  /// docs/semantics.md §4).
  public static let cachingThreshold = 16

  /// Layouts with more constraints than this keep one solver too: memory over speed for layouts
  /// far beyond a screen, where four solvers would hold four copies of a huge tableau.
  public static let cachingCeiling = 20_000

  /// Frame values beyond which a layout is warned about: far beyond any screen, where the
  /// solver keeps only about 1e-10 of the largest value (docs/solver.md, "Numerical limits"), so a
  /// constraint between such frames can miss by whole points without its own error.
  public static let largestAccurateFrameValue = 1e9

  /// The document laid out.
  public internal(set) var document: LayoutDocument
  /// Whether the document picks any value by size class (``LayoutDocument/variesWithTraits``):
  /// when not, solvers are kept without regard to size classes, so that a layout in another
  /// size class moves a live solver (as a rotation within one does) instead of regenerating the
  /// constraints and diffing them.
  let variesWithTraits: Bool
  /// Whether the document has labels or buttons, whose text is measured in whole pixels of the
  /// screen's scale (``LayoutDocument/measuresText``): when not, solvers are kept without regard
  /// to the scale either.
  let measuresText: Bool
  /// Whether any constraint can read layout margins (``LayoutDocument/readsMargins``): when
  /// not, solvers are kept without regard to the root's width, whose system minimum margins then
  /// change only the margins a result reports, decided again on a move (``remargined(_:for:)``).
  let readsMargins: Bool
  /// Whether a subview preserves its superview's margins (``LayoutDocument/subviewsPreserveMargins``):
  /// when not, such a move decides only the root's margins again.
  let subviewsPreserveMargins: Bool
  /// The solver's objective mode.
  public let mode: Solver.Mode
  /// Whether layouts look for ambiguous views (on by default; a benchmark may turn it off).
  public var checksAmbiguity = true
  /// What tests switch and count (``TestHooks``, LayoutEngine+TestHooks.swift).
  @exclusivity(unchecked) var hooks = TestHooks()

  /// Optional constraints the last layout left unsatisfied, in installation order.
  ///
  /// Found when asked, from the solver the last layout left: few callers look, and a layout
  /// leaves many hugging constraints unsatisfied, each a `LayoutConstraint` to copy.
  public var brokenOptionalConstraints: [BrokenConstraint] {
    guard let serial = solvedSerial, let index = cache.slots.firstIndex(where: { $0.serial == serial }),
      cache.isLive(index)
    else { return [] }
    // A parametric move left the solver at another size (``ParametricMove``): give it the one shown.
    if let shown = cache.slots[index].shownSize {
      guard ConstraintInstaller.resize(&cache[index], to: shown) else {
        cache.remove(at: index)
        solvedSerial = nil
        return []
      }
      cache[index].shownSize = nil
    }
    return SolutionReader.brokenOptional(cache.slots[index])
  }
  /// The slot whose solution the last layout read (`nil` when it had no root to read).
  // Plain values written whole, by one thread at a time (see the class's note): not checked for
  // exclusivity at run time, which is much of a parametric move's work.
  @exclusivity(unchecked) var solvedSerial: Int?
  /// Required constraints the last layout had to break (each also reported as an error
  /// diagnostic), in the order they were tried.
  @exclusivity(unchecked) public internal(set) var rejectedConstraints: [LayoutConstraint] = []
  /// What the last layout changed in the solver (`nil` before the first layout).
  @exclusivity(unchecked) public internal(set) var lastUpdate: Update?
  /// The constraints in the solver after the last layout, in the documented order.
  public var installedConstraints: [LayoutConstraint] { cache.liveSlot?.installed.map(\.layout) ?? [] }

  // Internal, not private: the text-wrapping passes (TextWrapping.swift) work on them too.
  var cache = SolverCache()
  let installer: ConstraintInstaller
  /// Stack constraints of earlier layouts, shared by all solvers (they name no variables).
  var stackMemo = StackMemo()
  /// Measures text (fonts or the fixed metric), keeping what it measured between layouts.
  public let typesetter: Typesetter

  /// Makes an engine for `document`; nothing is solved until ``layout(in:snapToPixels:)``.
  ///
  /// - Parameters:
  ///   - document: the document to lay out.
  ///   - mode: the solver's objective (`.strict` priorities by default).
  ///   - typesetter: measures labels and buttons (default: the fixed metric).
  public init(document: LayoutDocument, mode: Solver.Mode = .strict, typesetter: Typesetter = Typesetter()) {
    self.document = document
    let dependence = document.environmentDependence
    self.variesWithTraits = dependence.variesWithTraits
    self.measuresText = dependence.measuresText
    self.readsMargins = dependence.readsMargins
    self.subviewsPreserveMargins = dependence.subviewsPreserveMargins
    self.mode = mode
    self.typesetter = typesetter
    var paths: [String: String] = [:]
    for spec in document.constraints where paths[spec.id] == nil {
      if let path = spec.path { paths[spec.id] = path }
    }
    self.installer = ConstraintInstaller(constraintPaths: paths)
  }

  /// Lays the document out in `environment`.
  ///
  /// - Parameters:
  ///   - environment: the device, orientation, size classes and safe area to lay out in.
  ///   - snapToPixels: round every frame edge to the nearest `1/scale` pt (ties away
  ///     from zero); sizes become the difference of the rounded edges.
  /// - Returns: frames, guides, the resolution they came from, and diagnostics (conflicts as
  ///   errors, ambiguity as warnings).
  public func layout(in environment: Environment, snapToPixels: Bool = false) -> LayoutResult {
    let result = solvedLayout(in: environment, snapToPixels: snapToPixels)
    return environment.cell == nil ? result : fitted(result, in: environment, snapToPixels: snapToPixels)
  }

  /// ``layout(in:snapToPixels:)`` by the first route that works.
  private func solvedLayout(in environment: Environment, snapToPixels: Bool) -> LayoutResult {
    cache.beginLayout()
    let key = EnvironmentKey(
      environment, bySizeClass: variesWithTraits, byScale: measuresText, byRootWidth: readsMargins)

    // The routes, each falling to the next when the solver refuses a step (``SolverReuse``).
    let route = SolverReuse.route(
      &cache, key: key, to: environment, movesParametrically: hooks.movesParametrically, readsMargins: readsMargins,
      checksAmbiguity: checksAmbiguity, typesetter: typesetter)
    switch route {
    case .parametricMove(let index, let step):
      // The step was made only for a slot with a resolution (one copy of it, for the result).
      if let kept = cache.resolution(at: index) {
        return parametricResult(index, step, kept, to: environment, snapToPixels: snapToPixels)
      }
    case .move(let index):
      if let result = move(index, to: environment, snapToPixels: snapToPixels) { return result }
      // A new constant could not be taken (a conflict only these insets cause): rebuild.
      cache.remove(at: index)
    case .regenerate:
      break
    }

    // Regenerate, then diff a solver or build one.
    let resolved = document.resolved(for: environment, typesetter: typesetter)
    let set = resolved.constraintSet(memo: &stackMemo)
    hooks.constraintSetsGenerated += 1
    let caching = SolverReuse.keepsSolverPerKey(set)
    if let index = SolverReuse.diffCandidate(&cache, for: key, keepsSolverPerKey: caching, to: environment) {
      if let outcome = installer.apply(&cache[index], resolved, set, rebuilding: false) {
        cache[index].key = key
        return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
      }
      // A conflict on the way: rebuild, so that it is decided in the documented order.
      cache.remove(at: index)
    }
    var index = cache.makeSlot(key, limit: caching ? Self.solverCacheLimit : 1, mode: mode)
    // First in the order that keeps the solver's rows sparse; at a conflict, again in the
    // documented order, which decides what is broken (`ConstraintInstaller.sparseOrder`).
    if let outcome = installer.apply(&cache[index], resolved, set, rebuilding: true, optimistic: true) {
      return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
    }
    cache.remove(at: index)
    index = cache.makeSlot(key, limit: caching ? Self.solverCacheLimit : 1, mode: mode)
    let outcome =
      installer.apply(&cache[index], resolved, set, rebuilding: true)
      ?? ConstraintInstaller.Outcome(diagnostics: [], rejected: [], update: .nothing(.rebuilt))
    return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
  }

  /// A move of the slot at `index` (of `environment`'s key) to `environment`: the container's
  /// size and the safe-area constants, nothing regenerated; `nil` when the solver refuses.
  private func move(_ index: Int, to environment: Environment, snapToPixels: Bool) -> LayoutResult? {
    let route: Update.Route = cache.isLive(index) ? .diffed : .reusedCachedSolver
    // `moved`: one copy of the slot for the reads (each `cache[index]` copies all of it).
    guard let update = installer.move(&cache[index], to: environment, route: route), case let moved = cache[index],
      let kept = moved.resolved, let set = moved.set, var resolved = remargined(kept, for: environment)
    else { return nil }
    resolved.environment = environment
    if resolved.views != kept.views { cache[index].keepResolution(resolved) }
    let replay = (moved.replay ?? []).map { diagnostic in
      var moved = diagnostic
      moved.environments = [environment]
      return moved
    }
    // A slot that broke constraints moves only when they are broken again (see
    // `RejectionDependence`): its conflict reports are repeated with the rest.
    let outcome = ConstraintInstaller.Outcome(diagnostics: replay, rejected: moved.rejected, update: update)
    return finish(index, resolved, set, outcome, snapToPixels: snapToPixels, moved: true)
  }

  /// The checks of a solution's frames: magnitude, pixel scale, negative sizes, fonts, truncation.
  /// `ambiguous`: the views whose attributes the constraints leave undecided (a negative size
  /// there is the solve's pick, not a squeeze).
  func solutionChecks(
    _ solution: SolutionReader.Solution, _ resolved: ResolvedLayout, snapToPixels: Bool,
    ambiguous: [(id: String, attributes: [LayoutAttribute])]
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    if let warning = LayoutChecks.magnitude(solution.frames, resolved) { diagnostics.append(warning) }
    if snapToPixels, let warning = PixelSnapping.unusableScaleWarning(resolved.environment) {
      diagnostics.append(warning)
    }
    diagnostics += LayoutChecks.negativeFrames(solution.frames, resolved, ambiguous: ambiguous)
    diagnostics += LayoutChecks.viewSafeAreaGuides(solution.frames, resolved, solution.safeArea)
    diagnostics += TextChecks.fonts(resolved, typesetter)
    diagnostics += TextChecks.truncation(solution.views, resolved)
    return diagnostics
  }

  /// `resolved` with the margins of `environment`'s root: itself, unless the document reads no
  /// margins (its key ignores the root's width) and the root crosses 375 pt, where its system
  /// minimum changes (``LayoutDocument/remargin(_:for:subviewsPreserveMargins:)``); `nil` if that fails.
  private func remargined(_ resolved: ResolvedLayout, for environment: Environment) -> ResolvedLayout? {
    let before = SystemLayoutMargins.rootMinimum(in: resolved.environment)
    guard !readsMargins, before != SystemLayoutMargins.rootMinimum(in: environment) else {
      return resolved
    }
    var moved = resolved
    guard document.remargin(&moved, for: environment, subviewsPreserveMargins: subviewsPreserveMargins) else {
      return nil
    }
    moved.environment = environment
    return moved
  }

  /// Wraps text to the solved widths, then records what a layout did on the slot at `index`,
  /// reads the solution and runs the checks.
  private func finish(
    _ index: Int, _ resolved: ResolvedLayout, _ set: ConstraintSet, _ outcome: ConstraintInstaller.Outcome,
    snapToPixels: Bool, moved: Bool = false
  ) -> LayoutResult {
    var (index, resolved, set, outcome) = (index, resolved, set, outcome)
    let movedSlot = index
    var unsettled = wrapText(&index, &resolved, &set, &outcome)
    // Margins raised from the frames move views, which may wrap text anew.
    let margins = settleSafeAreaMargins(&index, &resolved, &set, &outcome)
    if margins.changed { unsettled = wrapText(&index, &resolved, &set, &outcome) ?? unsettled }
    // Still the moved slot's own resolution (wrapping may have moved to another slot).
    let moved = moved && index == movedSlot
    cache[index].hadRejections = !outcome.rejected.isEmpty
    cache[index].shownSize = nil
    cache.markUsed(index)
    rejectedConstraints = outcome.rejected
    lastUpdate = outcome.update

    let environment = resolved.environment
    // One copy of the slot for everything read below: each `cache[index]` copies all of it.
    let slot = cache[index]
    var diagnostics = outcome.diagnostics + LayoutChecks.accuracy(slot, resolved, paths: installer.constraintPaths)
    if let unsettled { diagnostics.append(unsettled) }
    if let unsettled = margins.unsettled { diagnostics.append(unsettled) }
    let hasConflicts = !outcome.rejected.isEmpty
    guard let rootID = resolved.views.first?.id, let rootVars = slot.items[.view(rootID)] else {
      solvedSerial = nil
      let empty = Rect(x: 0, y: 0, width: 0, height: 0)
      return LayoutResult(
        environment: environment, views: [], safeArea: empty, margins: empty, diagnostics: diagnostics,
        hasConflicts: hasConflicts, ambiguousViews: [], resolution: resolved)
    }
    let solution = SolutionReader.read(slot, resolved, rootVars: rootVars, snapToPixels: snapToPixels)
    solvedSerial = slot.serial

    // The ambiguity first, as the checks of the frames tell an undecided size from a squeezed
    // one; its diagnostics still follow theirs.
    var ambiguous: [(id: String, attributes: [LayoutAttribute])] = []
    var ambiguity: [Diagnostic] = []
    if checksAmbiguity {
      let revision = slot.solver.structureRevision
      // A move keeps the slot's resolution, so the key is the one made with it.
      let items: Int
      if moved, let kept = slot.memos.ambiguityItems {
        items = kept
      } else {
        var hasher = Hasher()
        for index in resolved.views.indices { hasher.combine(resolved.views[index].id) }
        hasher.combine(set.guidesHash)
        items = hasher.finalize()
        cache[index].memos.ambiguityItems = items
      }
      if let memo = slot.memos.ambiguity(revision: revision, items: items) {
        ambiguous = memo.ambiguous
        ambiguity = memo.diagnostics.map { diagnostic in
          var moved = diagnostic
          moved.environments = [environment]
          return moved
        }
      } else {
        let found = LayoutChecks.ambiguity(slot, resolved, set)
        cache[index].memos.ambiguity = AmbiguityMemo(
          revision: revision, items: items, ambiguous: found.ambiguous, diagnostics: found.diagnostics)
        ambiguous = found.ambiguous
        ambiguity = found.diagnostics
      }
    }
    diagnostics += solutionChecks(solution, resolved, snapToPixels: snapToPixels, ambiguous: ambiguous)
    diagnostics += ambiguity
    return LayoutResult(
      environment: environment, views: solution.views, safeArea: solution.safeArea, margins: solution.margins,
      diagnostics: diagnostics, hasConflicts: hasConflicts, ambiguousViews: ambiguous, resolution: resolved,
      scrollViews: solution.scrollViews)
  }
}
