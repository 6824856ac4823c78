import TrellisSolver

/// Lays out one document in any environment, keeping live solvers between layouts.
///
/// ```swift
/// let engine = LayoutEngine(document: document)
/// let portrait = engine.layout(in: iPhonePortrait)     // builds a solver
/// let landscape = engine.layout(in: iPhoneLandscape)   // builds one for compact height
/// let back = engine.layout(in: iPhonePortrait)         // switches back: edit variables only
/// ```
///
/// A move to an environment with the same size classes, layout direction and scale regenerates
/// nothing: the container size goes to the edit variables and only the constants that read the
/// safe area are updated. For another size-class environment, a large layout (at least
/// ``cachingThreshold`` constraints) gets its own solver, built once and kept (at most
/// ``solverCacheLimit``), so that every later rotation is such a move; a small layout keeps one
/// solver and diffs it: unchanged constraints stay, constraints whose only change is their
/// constant are updated in place, the rest are removed or added. The frames are the same as a
/// fresh engine's (for layouts with one solution). When a required constraint has to be broken,
/// the engine rebuilds that solver so that conflicts are always decided in the documented order.
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

  /// Priority of the root's size edit variables: above every user priority (at most 999), so
  /// only required constraints can make the root differ from the container.
  public static let containerPriority: Double = 999.999

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
  /// diff it, as earlier versions did (every path costs them well under a tenth of a
  /// millisecond; measurements in docs/semantics.md §4).
  public static let cachingThreshold = 16

  /// The document laid out.
  public let document: LayoutDocument
  /// The solver's objective mode.
  public let mode: Solver.Mode
  /// Whether layouts look for ambiguous views (on by default; a benchmark may turn it off).
  public var checksAmbiguity = true

  /// Optional constraints the last layout left unsatisfied, in installation order.
  public private(set) var brokenOptionalConstraints: [BrokenConstraint] = []
  /// Required constraints the last layout had to break (each also reported as an error
  /// diagnostic), in the order they were tried.
  public private(set) var rejectedConstraints: [LayoutConstraint] = []
  /// What the last layout changed in the solver (`nil` before the first layout).
  public private(set) var lastUpdate: Update?
  /// The constraints in the solver after the last layout, in the documented order.
  public var installedConstraints: [LayoutConstraint] { liveSlot?.installed.map(\.layout) ?? [] }

  /// Constraint sets generated so far (a move within one size-class environment makes none).
  private(set) var constraintSetsGenerated = 0
  /// The environment keys of the solvers kept, least recently used first (for tests).
  var cachedKeys: [EnvironmentKey] { slots.sorted { $0.lastUsed < $1.lastUsed }.map(\.key) }

  /// The solvers kept, in no particular order (looked up by key, never iterated for output).
  private var slots: [SolverSlot] = []
  /// The serial number of the slot the last layout used.
  private var liveSerial: Int?
  private var nextSerial = 0
  private var useCounter = 0
  private let constraintPaths: [String: String]
  /// Stack constraints of earlier layouts, shared by all solvers (they name no variables).
  private var stackMemo = StackMemo()

  /// Makes an engine for `document`; nothing is solved until ``layout(in:snapToPixels:)``.
  public init(document: LayoutDocument, mode: Solver.Mode = .strict) {
    self.document = document
    self.mode = mode
    var paths: [String: String] = [:]
    for spec in document.constraints where paths[spec.id] == nil {
      if let path = spec.path { paths[spec.id] = path }
    }
    self.constraintPaths = paths
  }

  /// Lays the document out in `environment`.
  ///
  /// - Parameter snapToPixels: round every frame edge to the nearest `1/scale` pt (ties away
  ///   from zero); sizes become the difference of the rounded edges.
  /// - Returns: frames, guides and diagnostics (conflicts as errors, ambiguity as warnings).
  public func layout(in environment: Environment, snapToPixels: Bool = false) -> LayoutResult {
    useCounter += 1
    let key = EnvironmentKey(environment)

    // 1. A solver for this key whose last layout was clean has exactly this constraint set,
    // up to the safe-area constants: move it without regenerating anything.
    if let index = slots.firstIndex(where: { $0.key == key }), slots[index].isReusable {
      let route: Update.Route = slots[index].serial == liveSerial ? .diffed : .reusedCachedSolver
      if let update = move(&slots[index], to: environment, route: route),
        var resolved = slots[index].resolved, let set = slots[index].set
      {
        resolved.environment = environment
        let outcome = Outcome(diagnostics: slots[index].replay ?? [], rejected: [], update: update)
        return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
      }
      // A new constant could not be taken (a conflict only these insets cause): rebuild.
      slots.remove(at: index)
    }

    // 2. Regenerate, then diff a solver or build one.
    let resolved = document.resolved(for: environment)
    let set = resolved.constraintSet(memo: &stackMemo)
    constraintSetsGenerated += 1
    let caching = set.constraints.count >= Self.cachingThreshold
    if let index = diffCandidate(for: key, caching: caching) {
      if let outcome = apply(&slots[index], resolved, set, rebuilding: false) {
        slots[index].key = key
        return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
      }
      // A conflict on the way: rebuild, so that it is decided in the documented order.
      slots.remove(at: index)
    }
    let index = makeSlot(key, limit: caching ? Self.solverCacheLimit : 1)
    let outcome =
      apply(&slots[index], resolved, set, rebuilding: true)
      ?? Outcome(diagnostics: [], rejected: [], update: .nothing(.rebuilt))
    return finish(index, resolved, set, outcome, snapToPixels: snapToPixels)
  }

  /// Records what a layout did on the slot at `index` and reads the result.
  private func finish(
    _ index: Int, _ resolved: ResolvedLayout, _ set: ConstraintSet, _ outcome: Outcome, snapToPixels: Bool
  ) -> LayoutResult {
    slots[index].hadRejections = !outcome.rejected.isEmpty
    slots[index].lastUsed = useCounter
    liveSerial = slots[index].serial
    rejectedConstraints = outcome.rejected
    lastUpdate = outcome.update
    return result(&slots[index], resolved, set, outcome, snapToPixels: snapToPixels)
  }

  // MARK: - Solvers kept

  /// What decides the constraint set besides the container size and the safe area: the same
  /// key resolves to the same views and constraints, whose constants differ only where they
  /// read the safe-area insets (``AnchorMap/dependsOnSafeArea(_:)-(LayoutConstraint)``).
  struct EnvironmentKey: Hashable {
    var traits: TraitCollection
    var direction: LayoutDirection
    var scale: Double

    init(_ environment: Environment) {
      traits = environment.traits
      direction = environment.layoutDirection
      scale = environment.scale
    }
  }

  /// One live solver and what is installed in it.
  private struct SolverSlot {
    /// The environment key its constraints were made for.
    var key: EnvironmentKey
    let serial: Int
    let solver: Solver
    var items: [String: ItemVariables] = [:]
    /// Item ids in the order their variables were made.
    var itemOrder: [String] = []
    var installed: [Installed] = []
    var suggested: Size?
    var hasEditVariables = false
    /// The resolution, constraint set and anchor map of its last layout.
    var resolved: ResolvedLayout?
    var set: ConstraintSet?
    var map: AnchorMap?
    var hadRejections = false
    /// The diagnostics of its last installation that a move repeats (constraints naming unknown
    /// items); `nil` when that installation said anything else, so a move must regenerate.
    var replay: [Diagnostic]?
    /// Per resolved view of `resolved`: its variables and its parent's index.
    var plan: [ViewPlan] = []
    /// Container sizes the required constraints were found to allow (reset by every installation).
    var containerAllowed: Set<ContainerQuestion> = []
    var lastUsed = 0

    init(key: EnvironmentKey, serial: Int, mode: Solver.Mode) {
      self.key = key
      self.serial = serial
      self.solver = Solver(mode: mode)
    }

    /// Whether a move may reuse it as it is.
    var isReusable: Bool { !hadRejections && replay != nil && resolved != nil && set != nil && map != nil }
  }

  private var liveSlot: SolverSlot? { slots.first { $0.serial == liveSerial } }

  /// A resolved view's variables and the index of (the first view with) its parent's id.
  private struct ViewPlan {
    var variables: ItemVariables?
    var parent: Int?
  }

  /// "May the root's `variable` be `size` under the required constraints with these insets?"
  private struct ContainerQuestion: Hashable {
    var variable: Variable.ID
    var size: Double
    var insets: EdgeInsets
  }

  /// The solver to diff for `key`: the one kept for it (its last layout reported an error, so it
  /// could not simply move), else, for a small layout, the live one. Never one that broke a
  /// required constraint: those are rebuilt.
  private func diffCandidate(for key: EnvironmentKey, caching: Bool) -> Int? {
    if let index = slots.firstIndex(where: { $0.key == key }) {
      return slots[index].hadRejections ? nil : index
    }
    guard !caching, let index = slots.firstIndex(where: { $0.serial == liveSerial }) else { return nil }
    return slots[index].hadRejections ? nil : index
  }

  /// A new empty slot for `key`, after dropping the old one for `key` and, while `limit` is
  /// reached, the least recently used ones (those that broke a required constraint first).
  private func makeSlot(_ key: EnvironmentKey, limit: Int) -> Int {
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
    slots.append(SolverSlot(key: key, serial: nextSerial, mode: mode))
    return slots.count - 1
  }

  /// Moves a clean slot to `environment` of its own key: suggests the container size and
  /// gives the safe-area constants their new values, in the documented order. Returns `nil`
  /// when the solver refuses (the slot is then left half-moved: the caller drops it).
  private func move(_ slot: inout SolverSlot, to environment: Environment, route: Update.Route) -> Update? {
    var update = Update.nothing(route)
    guard let resolved = slot.resolved, let root = resolved.views.first, var map = slot.map else { return update }
    guard let rootVars = slot.items[root.id] else { return nil }
    let size = environment.containerSize
    if slot.suggested != size {
      do {
        try slot.solver.suggestValue(size.width, for: rootVars.width)
        try slot.solver.suggestValue(size.height, for: rootVars.height)
        slot.suggested = size
      } catch {
        return nil
      }
    }
    if map.safeAreaInsets != environment.safeAreaInsets {
      map.safeAreaInsets = environment.safeAreaInsets
      for index in slot.installed.indices where slot.installed[index].readsSafeArea {
        let expression: LinearExpression
        do {
          expression = try map.expression(for: slot.installed[index].layout)
        } catch {
          return nil
        }
        // The insets never change a term; if they did, this would not be a move.
        guard Self.sameTerms(expression.terms, slot.installed[index].expression.terms) else { return nil }
        if slot.installed[index].constant != expression.constant {
          do {
            try slot.solver.setConstant(of: slot.installed[index].constraint, to: expression.constant)
          } catch {
            return nil
          }
          slot.installed[index].constant = expression.constant
          slot.installed[index].expression = expression
          update.constantsChanged += 1
        }
      }
      slot.map = map
    }
    update.kept = slot.installed.count - update.constantsChanged
    return update
  }

  // MARK: - Installing constraints

  /// A constraint in a slot's solver. A reference, owned by one slot: the diff moves entries
  /// between arrays, and a `LayoutConstraint` is many strings to retain on every copy.
  private final class Installed {
    var layout: LayoutConstraint
    var expression: LinearExpression
    /// The constant now in the solver (may differ from `constraint.expression.constant`).
    var constant: Double
    let constraint: Constraint
    /// Whether the constant depends on the safe-area insets.
    var readsSafeArea: Bool

    init(
      layout: LayoutConstraint, expression: LinearExpression, constant: Double, constraint: Constraint,
      readsSafeArea: Bool
    ) {
      self.layout = layout
      self.expression = expression
      self.constant = constant
      self.constraint = constraint
      self.readsSafeArea = readsSafeArea
    }
  }
  private struct Compiled {
    var layout: LayoutConstraint
    var expression: LinearExpression
    var readsSafeArea: Bool
  }
  private struct Outcome {
    var diagnostics: [Diagnostic]
    var rejected: [LayoutConstraint]
    var update: Update
  }

  private static func makeItem(_ id: String, isRoot: Bool, in slot: inout SolverSlot) {
    guard slot.items[id] == nil else { return }
    let solver = slot.solver
    let vars = ItemVariables(
      x: isRoot ? nil : solver.makeVariable("\(id).x"), y: isRoot ? nil : solver.makeVariable("\(id).y"),
      width: solver.makeVariable("\(id).width"), height: solver.makeVariable("\(id).height"))
    slot.items[id] = vars
    slot.itemOrder.append(id)
  }

  /// Whether two sorted term lists name the same variables with the same coefficients.
  @inline(__always)
  private static func sameTerms(_ a: [Term], _ b: [Term]) -> Bool {
    guard a.count == b.count else { return false }
    for index in a.indices {
      if a[index].variable.id != b[index].variable.id || a[index].coefficient != b[index].coefficient { return false }
    }
    return true
  }

  /// Whether an installed constraint is the wanted one up to its constant: same id, relation,
  /// priority and terms.
  @inline(__always)
  private static func matches(_ installed: Installed, _ wanted: Compiled) -> Bool {
    installed.layout.id == wanted.layout.id && installed.layout.relation == wanted.layout.relation
      && installed.layout.priority == wanted.layout.priority
      && sameTerms(installed.expression.terms, wanted.expression.terms)
  }

  /// Brings the slot's solver to `set`. Returns `nil` when an incremental step met a conflict
  /// (the caller then rebuilds); with `rebuilding`, rejected constraints become diagnostics.
  private func apply(_ slot: inout SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, rebuilding: Bool)
    -> Outcome?
  {
    let route: Update.Route = rebuilding ? .rebuilt : .diffed
    guard let root = resolved.views.first else {
      slot.installed = []
      slot.resolved = resolved
      slot.set = set
      slot.map = nil
      slot.replay = nil
      slot.plan = []
      slot.containerAllowed = []
      return Outcome(diagnostics: [], rejected: [], update: .nothing(route))
    }
    let environment = resolved.environment
    let solver = slot.solver
    var diagnostics: [Diagnostic] = []
    // Whether every diagnostic so far is one a move repeats unchanged (unknown items).
    var replayable = true

    // Variables: views in document order, then stack guides as they first appear.
    for view in resolved.views { Self.makeItem(view.id, isRoot: view.id == root.id, in: &slot) }
    for guide in set.guides { Self.makeItem(guide, isRoot: false, in: &slot) }
    guard let rootVars = slot.items[root.id] else { return nil }
    if !slot.hasEditVariables {
      do {
        try solver.addEditVariable(rootVars.width, priority: Priority(Self.containerPriority))
        try solver.addEditVariable(rootVars.height, priority: Priority(Self.containerPriority))
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "The container size could not be set: \(error)", kind: .containerSize,
            environment: "\(environment)"))
        replayable = false
      }
      slot.hasEditVariables = true
    }

    let map = AnchorMap(
      items: slot.items, views: resolved.views, rootID: root.id, safeAreaInsets: environment.safeAreaInsets,
      direction: environment.layoutDirection)

    // Compile the wanted constraints.
    var wanted: [Compiled] = []
    wanted.reserveCapacity(set.constraints.count)
    for layout in set.constraints {
      do {
        let expression = try map.expression(for: layout)
        wanted.append(Compiled(layout: layout, expression: expression, readsSafeArea: map.dependsOnSafeArea(layout)))
      } catch {
        switch error {
        case .unknownItem(let item):
          diagnostics.append(
            Diagnostic(
              .error,
              "Constraint '\(layout.id)' (\(layout)) names '\(item)', which is not a view or guide; it was ignored.",
              at: location(of: layout, resolved), path: constraintPaths[layout.id], kind: .constraint,
              environment: "\(environment)"))
        }
      }
    }

    // Match each wanted constraint to the first unmatched installed one with the same id,
    // relation, priority and terms (the constant may differ).
    let installed = slot.installed
    var byID: [String: [Int]] = [:]
    byID.reserveCapacity(installed.count)
    for (index, entry) in installed.enumerated() { byID[entry.layout.id, default: []].append(index) }
    var matchOf: [Int?] = []
    matchOf.reserveCapacity(wanted.count)
    var matched = Array(repeating: false, count: installed.count)
    for entry in wanted {
      var candidate: Int?
      if let indices = byID[entry.layout.id] {
        for index in indices where !matched[index] && Self.matches(installed[index], entry) {
          candidate = index
          break
        }
      }
      if let candidate { matched[candidate] = true }
      matchOf.append(candidate)
    }

    var update = Update.nothing(route)
    // 1. Remove what is no longer wanted (first, so old constraints never block new ones).
    for (index, entry) in installed.enumerated() where !matched[index] {
      do {
        try solver.remove(entry.constraint)
        update.removed += 1
      } catch {
        return nil
      }
    }
    // 2. Move the container.
    let size = environment.containerSize
    if slot.suggested != size {
      do {
        try solver.suggestValue(size.width, for: rootVars.width)
        try solver.suggestValue(size.height, for: rootVars.height)
        slot.suggested = size
      } catch {
        if !rebuilding { return nil }
        diagnostics.append(
          Diagnostic(
            .error, "The container size \(size) could not be set: \(error)", kind: .containerSize,
            environment: "\(environment)"))
        replayable = false
      }
    }
    // 3. Constants in place, then 4. additions, both in the documented order.
    var placed: [Installed?] = Array(repeating: nil, count: wanted.count)
    var rejected: [LayoutConstraint] = []
    for (position, entry) in wanted.enumerated() {
      guard let index = matchOf[position] else { continue }
      let current = installed[index]
      current.layout = entry.layout
      current.readsSafeArea = entry.readsSafeArea
      if current.constant != entry.expression.constant {
        do {
          try solver.setConstant(of: current.constraint, to: entry.expression.constant)
          current.constant = entry.expression.constant
          current.expression = entry.expression
          update.constantsChanged += 1
        } catch {
          return nil
        }
      } else {
        update.kept += 1
      }
      placed[position] = current
    }
    // Required constraints first, then optional ones, each in the documented order. Only
    // required constraints can conflict, so this decides conflicts exactly as the documented
    // order does, and it is much cheaper: the solver does not re-optimize every optional
    // error term while the required structure is still being built.
    let required = wanted.indices.filter { matchOf[$0] == nil && wanted[$0].layout.priority >= 1000 }
    let optional = wanted.indices.filter { matchOf[$0] == nil && wanted[$0].layout.priority < 1000 }
    for position in required + optional {
      let entry = wanted[position]
      let constraint = Constraint(
        entry.expression, entry.layout.relation.solverRelation, priority: Priority(entry.layout.priority),
        label: entry.layout.id)
      do {
        try solver.add(constraint)
        update.added += 1
        placed[position] = Installed(
          layout: entry.layout, expression: entry.expression, constant: entry.expression.constant,
          constraint: constraint, readsSafeArea: entry.readsSafeArea)
      } catch {
        replayable = false
        if case .unsatisfiableConstraint(_, let conflicts) = error {
          if !rebuilding { return nil }
          rejected.append(entry.layout)
          // Past the cap, conflicts are only counted: a flood of them stays readable.
          if rejected.count > Self.maxConflictDiagnostics { continue }
          // Solver constraint → its layout constraint and position in the documented order,
          // for what is in the solver now, to name the constraints of the conflict in that order.
          var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
          for (position, entry) in placed.enumerated() {
            if let entry { layoutOf[entry.constraint] = (entry.layout, position) }
          }
          let notes = Self.inInstallationOrder(conflicts, layoutOf).map { conflict in
            layoutOf[conflict].map { describe($0.layout) } ?? "\(conflict)"
          }
          diagnostics.append(
            Diagnostic(
              .error,
              "Unable to simultaneously satisfy constraints in \(environment): "
                + "will attempt to recover by breaking constraint '\(entry.layout.id)' (\(entry.layout)).",
              at: location(of: entry.layout, resolved), path: constraintPaths[entry.layout.id], notes: notes,
              kind: .conflict, environment: "\(environment)"))
        } else {
          diagnostics.append(
            Diagnostic(
              .error, "Constraint '\(entry.layout.id)' (\(entry.layout)) was rejected: \(error)",
              at: location(of: entry.layout, resolved), path: constraintPaths[entry.layout.id], kind: .conflict,
              environment: "\(environment)"))
        }
      }
    }
    if rejected.count > Self.maxConflictDiagnostics {
      let more = rejected.count - Self.maxConflictDiagnostics
      diagnostics.append(
        Diagnostic(
          .error,
          "\(more) more required constraints could not be satisfied in \(environment) and were broken "
            + "(\(rejected.count) in all; the first \(Self.maxConflictDiagnostics) are listed): fix those and solve again.",
          kind: .conflict, environment: "\(environment)"))
    }
    slot.installed = placed.compactMap { $0 }
    slot.resolved = resolved
    slot.set = set
    slot.map = map
    slot.replay = replayable ? diagnostics : nil
    slot.plan = Self.viewPlan(resolved, slot.items)
    slot.containerAllowed = []
    return Outcome(diagnostics: diagnostics, rejected: rejected, update: update)
  }

  // MARK: - Reading the solution

  /// Required constraints the solution misses by more than rounding: never a silent wrong
  /// answer. Within the solver's tested range (README, "Numerical limits") this is empty; a
  /// layout that mixes magnitudes far beyond it (a multiplier of 1e6) can get here.
  private func accuracyDiagnostics(_ slot: SolverSlot, _ resolved: ResolvedLayout) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for entry in slot.installed where entry.layout.priority >= 1000 {
      var value = entry.constant
      var scale = abs(entry.constant)
      for term in entry.expression.terms {
        let part = term.coefficient * slot.solver.value(of: term.variable)
        value += part
        scale = max(scale, abs(part))
      }
      let miss: Double
      switch entry.layout.relation {
      case .equal: miss = abs(value)
      case .lessThanOrEqual: miss = max(0, value)
      case .greaterThanOrEqual: miss = max(0, -value)
      }
      guard miss > 1e-6 * max(1, scale) else { continue }
      found.append(
        Diagnostic(
          .error,
          "Required constraint '\(entry.layout.id)' (\(entry.layout)) is missed by \(fmt(miss)) pt in "
            + "\(resolved.environment): the layout mixes magnitudes beyond what the solver keeps exact "
            + "(multipliers far from 1, values beyond 1e6); bring them closer to ordinary screen sizes.",
          at: location(of: entry.layout, resolved), path: constraintPaths[entry.layout.id], kind: .accuracy,
          environment: "\(resolved.environment)"))
    }
    return found
  }

  /// Frame values beyond which a layout is warned about: far beyond any screen, where the
  /// solver keeps only about 1e-10 of the largest value (README, "Numerical limits"), so a
  /// constraint between such frames can miss by whole points without its own error.
  public static let largestAccurateFrameValue = 1e9

  /// One warning naming the view with the largest frame value, if it is beyond
  /// ``largestAccurateFrameValue``.
  private static func magnitudeWarning(_ frames: [Rect], _ resolved: ResolvedLayout) -> Diagnostic? {
    var largest = 0.0
    var index = -1
    for (i, frame) in frames.enumerated() {
      let size = max(abs(frame.x), abs(frame.y), abs(frame.width), abs(frame.height))
      if size > largest {
        largest = size
        index = i
      }
    }
    guard largest > largestAccurateFrameValue, resolved.views.indices.contains(index) else { return nil }
    let view = resolved.views[index]
    return Diagnostic(
      .warning,
      "View '\(view.id)' reaches \(fmt(largest)) pt in \(resolved.environment), far beyond any screen: "
        + "constraints among such values hold only to about \(fmt(largest * 1e-10)) pt; bring the multipliers "
        + "and constants closer to screen sizes.",
      at: view.location, kind: .accuracy, environment: "\(resolved.environment)")
  }

  private func result(
    _ slot: inout SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, _ outcome: Outcome,
    snapToPixels: Bool
  ) -> LayoutResult {
    let environment = resolved.environment
    let solver = slot.solver
    var diagnostics = outcome.diagnostics + accuracyDiagnostics(slot, resolved)
    var hasConflicts = !outcome.rejected.isEmpty
    guard let root = resolved.views.first, let rootVars = slot.items[root.id] else {
      return LayoutResult(
        environment: environment, views: [], safeArea: Rect(x: 0, y: 0, width: 0, height: 0),
        margins: Rect(x: 0, y: 0, width: 0, height: 0), diagnostics: diagnostics, hasConflicts: hasConflicts,
        ambiguousViews: [])
    }

    let rootSize = Size(width: solver.value(of: rootVars.width), height: solver.value(of: rootVars.height))
    var broken: [BrokenConstraint] = []
    for index in slot.installed.indices where slot.installed[index].layout.priority < 1000 {
      let violation = Self.violation(of: slot.installed[index], in: solver)
      if violation > 1e-6 {
        broken.append(BrokenConstraint(constraint: slot.installed[index].layout, violation: violation))
      }
    }
    brokenOptionalConstraints = broken

    // Frames, per view (its item's variables; views without variables are at zero).
    let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    let plan = slot.plan.count == resolved.views.count ? slot.plan : Self.viewPlan(resolved, slot.items)
    var frames: [Rect] = []
    frames.reserveCapacity(plan.count)
    for entry in plan {
      guard let vars = entry.variables else {
        frames.append(zero)
        continue
      }
      var rect = Rect(
        x: vars.x.map { solver.value(of: $0) } ?? 0, y: vars.y.map { solver.value(of: $0) } ?? 0,
        width: solver.value(of: vars.width), height: solver.value(of: vars.height))
      if snapToPixels { rect = PixelSnapping.snap(rect, scale: environment.scale) }
      frames.append(rect)
    }
    if let warning = Self.magnitudeWarning(frames, resolved) { diagnostics.append(warning) }
    if snapToPixels, let warning = PixelSnapping.unusableScaleWarning(environment) { diagnostics.append(warning) }
    let insets = environment.safeAreaInsets
    let rootMargins = root.layoutMargins
    var safeArea = Rect(
      x: insets.left, y: insets.top, width: rootSize.width - insets.left - insets.right,
      height: rootSize.height - insets.top - insets.bottom)
    var margins = Rect(
      x: safeArea.x + rootMargins.left, y: safeArea.y + rootMargins.top,
      width: safeArea.width - rootMargins.left - rootMargins.right,
      height: safeArea.height - rootMargins.top - rootMargins.bottom)
    if snapToPixels {
      safeArea = PixelSnapping.snap(safeArea, scale: environment.scale)
      margins = PixelSnapping.snap(margins, scale: environment.scale)
    }

    var views: [LayoutResult.ViewFrame] = []
    views.reserveCapacity(plan.count)
    // Effectively hidden, per view; a parent is looked up as the first view with its id.
    var effectivelyHidden: [Bool] = []
    effectivelyHidden.reserveCapacity(plan.count)
    for (index, view) in resolved.views.enumerated() {
      let parent = plan[index].parent
      let hiddenAbove = parent.map { $0 < index && effectivelyHidden[$0] } ?? false
      let isHidden = view.hidden || hiddenAbove
      effectivelyHidden.append(isHidden)
      let frame = frames[index]
      let parentFrame = parent.map { frames[$0] } ?? zero
      let inParent = Rect(
        x: frame.x - parentFrame.x, y: frame.y - parentFrame.y, width: frame.width, height: frame.height)
      views.append(
        LayoutResult.ViewFrame(
          id: view.id, kind: view.kind, parent: view.parent, frame: frame, frameInParent: inParent,
          hidden: view.hidden, isEffectivelyHidden: isHidden, text: view.text))
    }

    // The root leaves the container size only when required constraints force it (or, in
    // weighted mode, enough optional ones). Probed after the frames are read: the probe
    // must not move anything that is reported.
    for (variable, wanted, got, axis) in [
      (rootVars.width, environment.containerSize.width, rootSize.width, "wide"),
      (rootVars.height, environment.containerSize.height, rootSize.height, "tall"),
    ] where abs(got - wanted) > 1e-6 {
      let found = rootSizeConflict(&slot, variable, wanted: wanted, got: got, axis: axis, environment)
      if found.severity == .error { hasConflicts = true }
      diagnostics.append(found)
    }

    let ambiguous = checksAmbiguity ? ambiguity(slot, resolved, set, &diagnostics) : []
    return LayoutResult(
      environment: environment, views: views, safeArea: safeArea, margins: margins, diagnostics: diagnostics,
      hasConflicts: hasConflicts, ambiguousViews: ambiguous)
  }

  /// Per resolved view: its item's variables, and the index of the first view with its
  /// parent's id (the view the parent's frame and hidden state are read from).
  private static func viewPlan(_ resolved: ResolvedLayout, _ items: [String: ItemVariables]) -> [ViewPlan] {
    var firstIndex: [String: Int] = [:]
    for (index, view) in resolved.views.enumerated() where firstIndex[view.id] == nil { firstIndex[view.id] = index }
    return resolved.views.map { view in
      ViewPlan(variables: items[view.id], parent: view.parent.flatMap { firstIndex[$0] })
    }
  }

  private static func violation(of entry: Installed, in solver: Solver) -> Double {
    var value = entry.constant
    for term in entry.expression.terms { value += term.coefficient * solver.value(of: term.variable) }
    switch entry.layout.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
  }

  /// Names the required constraints that hold the root away from the container size, by
  /// asking the solver to add `root.size == container` as required (and undoing it). When
  /// that succeeds, optional constraints were to blame (weighted mode): a warning.
  private func rootSizeConflict(
    _ slot: inout SolverSlot, _ variable: Variable, wanted: Double, got: Double, axis: String,
    _ environment: Environment
  ) -> Diagnostic {
    let solver = slot.solver
    var notes: [String] = []
    var names: [String] = []
    let probe = Constraint(LinearExpression(variable), .equal, LinearExpression(constant: wanted), label: "container")
    // Whether the required constraints allow the container size depends only on them (the
    // slot's installation and the insets) and the size: once found to, it is not asked again.
    let question = ContainerQuestion(variable: variable.id, size: wanted, insets: environment.safeAreaInsets)
    do {
      if !slot.containerAllowed.contains(question) {
        try solver.add(probe)
        try? solver.remove(probe)
        if slot.containerAllowed.count >= 64 { slot.containerAllowed = [] }  // a live resize: stay small
        slot.containerAllowed.insert(question)
      }
      // The required constraints allow the container size: optional ones outweighed it.
      return Diagnostic(
        .warning,
        "Optional constraints make the root \(fmt(got)) pt \(axis) but the container is \(fmt(wanted)) pt in "
          + "\(environment) (their summed priorities outweigh the container's \(fmt(Self.containerPriority))).",
        kind: .containerSize, environment: "\(environment)")
    } catch {
      if case .unsatisfiableConstraint(_, let conflicts) = error {
        var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
        for (position, entry) in slot.installed.enumerated() { layoutOf[entry.constraint] = (entry.layout, position) }
        for conflict in Self.inInstallationOrder(conflicts, layoutOf) {
          if let layout = layoutOf[conflict]?.layout {
            names.append("'\(layout.id)'")
            notes.append(describe(layout))
          } else {
            notes.append("\(conflict)")
          }
        }
      }
    }
    let who = names.isEmpty ? "Required constraints" : "Required constraints \(names.joined(separator: ", "))"
    return Diagnostic(
      .error,
      "\(who) make the root \(fmt(got)) pt \(axis) but the container is \(fmt(wanted)) pt in \(environment); "
        + "the root was resized to satisfy them.",
      notes: notes, kind: .containerSize, environment: "\(environment)")
  }

  /// Ambiguous views (and stacks whose generated guides are ambiguous), in document order.
  private func ambiguity(
    _ slot: SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, _ diagnostics: inout [Diagnostic]
  ) -> [(id: String, attributes: [LayoutAttribute])] {
    let items = slot.items
    guard let root = resolved.views.first else { return [] }
    var candidates: [Variable] = []
    var ids: [String] = resolved.views.map(\.id).filter { $0 != root.id }
    var seen = Set(ids)
    for guide in set.guides where !seen.contains(guide) {
      seen.insert(guide)
      ids.append(guide)
    }
    for id in ids { if let vars = items[id] { candidates += vars.all } }
    let ambiguousIDs = Set(slot.solver.ambiguousVariables(among: candidates).map(\.id))
    func attributes(_ id: String) -> [LayoutAttribute] {
      guard let vars = items[id] else { return [] }
      var out: [LayoutAttribute] = []
      if let x = vars.x, ambiguousIDs.contains(x.id) { out.append(.left) }
      if let y = vars.y, ambiguousIDs.contains(y.id) { out.append(.top) }
      if ambiguousIDs.contains(vars.width.id) { out.append(.width) }
      if ambiguousIDs.contains(vars.height.id) { out.append(.height) }
      return out
    }
    // Guides are reported on the stack that made them (`grid#gap1` → `grid`).
    var guideProblems: [String: [(guide: String, attributes: [LayoutAttribute])]] = [:]
    for guide in set.guides {
      let found = attributes(guide)
      guard !found.isEmpty else { continue }
      let owner = String(guide.prefix { $0 != "#" })
      if guideProblems[owner]?.contains(where: { $0.guide == guide }) == true { continue }
      guideProblems[owner, default: []].append((guide, found))
    }

    var out: [(id: String, attributes: [LayoutAttribute])] = []
    var reported = Set<String>()
    var warnings = 0
    func warn(_ diagnostic: Diagnostic) {
      warnings += 1
      if warnings <= Self.maxAmbiguityDiagnostics { diagnostics.append(diagnostic) }
    }
    defer {
      if warnings > Self.maxAmbiguityDiagnostics {
        diagnostics.append(
          Diagnostic(
            .warning,
            "\(warnings - Self.maxAmbiguityDiagnostics) more ambiguity warnings in \(resolved.environment) were "
              + "left out (\(warnings) in all; the first \(Self.maxAmbiguityDiagnostics) are listed, and the "
              + "result's ambiguous views name every view): constrain those and solve again.",
            kind: .ambiguity, environment: "\(resolved.environment)"))
      }
    }
    for view in resolved.views where view.id != root.id && !reported.contains(view.id) {
      reported.insert(view.id)
      let own = attributes(view.id)
      let fromGuides = guideProblems[view.id] ?? []
      if !own.isEmpty {
        warn(
          Diagnostic(
            .warning, "View '\(view.id)' has an ambiguous \(Self.describe(own)) in \(resolved.environment).",
            at: view.location, kind: .ambiguity, environment: "\(resolved.environment)"))
      }
      // A guide of an ambiguous stack is ambiguous the same way; only say what is new.
      let newFromGuides = fromGuides.filter { !$0.attributes.allSatisfy(own.contains) }
      if !newFromGuides.isEmpty {
        let list = newFromGuides.map { "'\($0.guide)' (\(Self.describe($0.attributes)))" }.joined(separator: ", ")
        warn(
          Diagnostic(
            .warning, "Stack '\(view.id)' has ambiguous layout guides in \(resolved.environment): \(list).",
            at: view.location, kind: .ambiguity, environment: "\(resolved.environment)"))
      }
      var merged = own
      for problem in fromGuides {
        for attribute in problem.attributes where !merged.contains(attribute) { merged.append(attribute) }
      }
      let order: [LayoutAttribute] = [.left, .top, .width, .height]
      merged.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
      if !merged.isEmpty { out.append((view.id, merged)) }
    }
    return out
  }

  /// `horizontal position, vertical position and height`.
  private static func describe(_ attributes: [LayoutAttribute]) -> String {
    let words = attributes.map { attribute -> String in
      switch attribute {
      case .left: return "horizontal position"
      case .top: return "vertical position"
      default: return attribute.rawValue
      }
    }
    guard let last = words.last else { return "" }
    if words.count == 1 { return last }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }

  // MARK: - Messages

  /// Conflicting constraints sorted by their place in the documented order (unknown ones
  /// last, in the solver's order).
  private static func inInstallationOrder(
    _ conflicts: [Constraint], _ layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)]
  ) -> [Constraint] {
    conflicts.enumerated().sorted { a, b in
      let pa = layoutOf[a.element]?.position ?? Int.max
      let pb = layoutOf[b.element]?.position ?? Int.max
      return pa != pb ? pa < pb : a.offset < b.offset
    }.map(\.element)
  }

  /// One line naming a constraint: `'id' text at file:line:col`, or `(UISV-spacing of grid)`
  /// for generated ones.
  private func describe(_ c: LayoutConstraint) -> String {
    switch c.origin {
    case .file:
      var line = "'\(c.id)' \(c)"
      if !c.source.isEmpty, c.source != c.description { line += " from \"\(c.source)\"" }
      if let location = c.location { line += " at \(location)" }
      return line
    case .stack(let id, let reason):
      return "'\(c.id)' \(c) (\(reason) of \(id))"
    case .intrinsic:
      return "'\(c.id)' \(c) (\(c.source))"
    case .container(let reason):
      return "'\(c.id)' \(c) (\(reason))"
    }
  }

  /// Where to point a message about a constraint: its own location, else its view's.
  private func location(of c: LayoutConstraint, _ resolved: ResolvedLayout) -> SourceLocation? {
    if let location = c.location { return location }
    switch c.origin {
    case .stack(let id, _), .intrinsic(let id, _):
      return resolved.views.first { $0.id == id }?.location ?? c.first.location
    case .file:
      return c.first.location
    case .container:
      return nil
    }
  }
}
