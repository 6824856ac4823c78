import TrellisSolver

/// Lays out one document in any environment, keeping one live solver between layouts.
///
/// ```swift
/// let engine = LayoutEngine(document: document)
/// let portrait = engine.layout(in: iPhonePortrait)     // builds the solver
/// let landscape = engine.layout(in: iPhoneLandscape)   // applies only what changed
/// ```
///
/// Moving to a new environment resolves the document again and diffs the wanted constraints
/// against the installed ones: unchanged constraints stay, constraints whose only change is
/// their constant are updated in place, the rest are removed or added, and the container
/// size moves through edit variables. The frames are the same as a fresh engine's (for
/// layouts with one solution). When a required constraint has to be broken, the engine
/// rebuilds its solver so that conflicts are always decided in the documented order.
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
    /// Whether the solver was built from scratch (first layout, or after a conflict).
    public var rebuilt: Bool
    /// Constraints added, removed, given a new constant in place, and left as they were.
    public var added: Int
    public var removed: Int
    public var constantsChanged: Int
    public var kept: Int

    public init(rebuilt: Bool, added: Int, removed: Int, constantsChanged: Int, kept: Int) {
      self.rebuilt = rebuilt
      self.added = added
      self.removed = removed
      self.constantsChanged = constantsChanged
      self.kept = kept
    }

    static func nothing(rebuilt: Bool) -> Update {
      Update(rebuilt: rebuilt, added: 0, removed: 0, constantsChanged: 0, kept: 0)
    }
  }

  /// Priority of the root's size edit variables: above every user priority (at most 999), so
  /// only required constraints can make the root differ from the container.
  public static let containerPriority: Double = 999.999

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
  public var installedConstraints: [LayoutConstraint] { installed.map(\.layout) }

  private var solver: Solver
  private var items: [String: ItemVariables] = [:]
  /// Item ids in the order their variables were made.
  private var itemOrder: [String] = []
  private var installed: [Installed] = []
  private var suggested: Size?
  private var built = false
  private var lastHadRejections = false
  private let constraintPaths: [String: String]

  /// Makes an engine for `document`; nothing is solved until ``layout(in:snapToPixels:)``.
  public init(document: LayoutDocument, mode: Solver.Mode = .strict) {
    self.document = document
    self.mode = mode
    self.solver = Solver(mode: mode)
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
    let resolved = document.resolved(for: environment)
    let set = resolved.constraintSet()
    var outcome: Outcome?
    if built && !lastHadRejections {
      outcome = apply(resolved, set, rebuilding: false)
    }
    if outcome == nil {
      reset()
      outcome = apply(resolved, set, rebuilding: true)
    }
    let done = outcome ?? Outcome(diagnostics: [], rejected: [], update: .nothing(rebuilt: true))
    lastHadRejections = !done.rejected.isEmpty
    rejectedConstraints = done.rejected
    lastUpdate = done.update
    return result(resolved, set, done, snapToPixels: snapToPixels)
  }

  // MARK: - Installing constraints

  private struct Key: Hashable {
    var id: String
    var relation: LayoutRelation
    var priority: Double
    var terms: [TermKey]
  }
  private struct TermKey: Hashable {
    var variable: Variable.ID
    var coefficient: Double
  }
  private struct Compiled {
    var layout: LayoutConstraint
    var key: Key
    var expression: LinearExpression
  }
  private struct Installed {
    var layout: LayoutConstraint
    var key: Key
    var expression: LinearExpression
    /// The constant now in the solver (may differ from `constraint.expression.constant`).
    var constant: Double
    var constraint: Constraint
  }
  private struct Outcome {
    var diagnostics: [Diagnostic]
    var rejected: [LayoutConstraint]
    var update: Update
  }

  private func reset() {
    solver = Solver(mode: mode)
    items = [:]
    itemOrder = []
    installed = []
    suggested = nil
    built = false
  }

  private func makeItem(_ id: String, isRoot: Bool) {
    guard items[id] == nil else { return }
    let vars = ItemVariables(
      x: isRoot ? nil : solver.makeVariable("\(id).x"), y: isRoot ? nil : solver.makeVariable("\(id).y"),
      width: solver.makeVariable("\(id).width"), height: solver.makeVariable("\(id).height"))
    items[id] = vars
    itemOrder.append(id)
  }

  /// Brings the solver to `set`. Returns `nil` when an incremental step met a conflict (the
  /// caller then rebuilds); with `rebuilding`, rejected constraints become diagnostics.
  private func apply(_ resolved: ResolvedLayout, _ set: ConstraintSet, rebuilding: Bool) -> Outcome? {
    guard let root = resolved.views.first else {
      return Outcome(diagnostics: [], rejected: [], update: .nothing(rebuilt: rebuilding))
    }
    let environment = resolved.environment
    var diagnostics: [Diagnostic] = []

    // Variables: views in document order, then stack guides as they first appear.
    for view in resolved.views { makeItem(view.id, isRoot: view.id == root.id) }
    for guide in set.guides { makeItem(guide, isRoot: false) }
    guard let rootVars = items[root.id] else { return nil }
    if !built {
      do {
        try solver.addEditVariable(rootVars.width, priority: Priority(Self.containerPriority))
        try solver.addEditVariable(rootVars.height, priority: Priority(Self.containerPriority))
      } catch {
        diagnostics.append(Diagnostic(.error, "The container size could not be set: \(error)"))
      }
      built = true
    }

    var viewsByID: [String: ResolvedView] = [:]
    for view in resolved.views where viewsByID[view.id] == nil { viewsByID[view.id] = view }
    let map = AnchorMap(
      items: items, views: viewsByID, rootID: root.id, safeAreaInsets: environment.safeAreaInsets,
      direction: environment.layoutDirection)

    // Compile the wanted constraints.
    var wanted: [Compiled] = []
    for layout in set.constraints {
      do {
        let expression = try map.expression(for: layout)
        let key = Key(
          id: layout.id, relation: layout.relation, priority: layout.priority,
          terms: expression.terms.map { TermKey(variable: $0.variable.id, coefficient: $0.coefficient) })
        wanted.append(Compiled(layout: layout, key: key, expression: expression))
      } catch {
        switch error {
        case .unknownItem(let item):
          diagnostics.append(
            Diagnostic(
              .error,
              "Constraint '\(layout.id)' (\(layout)) names '\(item)', which is not a view or guide; it was ignored.",
              at: location(of: layout, resolved), path: constraintPaths[layout.id]))
        }
      }
    }

    // Match wanted constraints to installed ones with the same id, relation, priority and terms.
    var queues: [Key: [Int]] = [:]
    for (index, entry) in installed.enumerated() { queues[entry.key, default: []].append(index) }
    var matchOf: [Int?] = []
    var matched = Array(repeating: false, count: installed.count)
    for entry in wanted {
      if var queue = queues[entry.key], !queue.isEmpty {
        let index = queue.removeFirst()
        queues[entry.key] = queue
        matched[index] = true
        matchOf.append(index)
      } else {
        matchOf.append(nil)
      }
    }

    var update = Update.nothing(rebuilt: rebuilding)
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
    if suggested != size {
      do {
        try solver.suggestValue(size.width, for: rootVars.width)
        try solver.suggestValue(size.height, for: rootVars.height)
        suggested = size
      } catch {
        if !rebuilding { return nil }
        diagnostics.append(Diagnostic(.error, "The container size \(size) could not be set: \(error)"))
      }
    }
    // 3. Constants in place, then 4. additions, both in the documented order.
    var slots: [Installed?] = Array(repeating: nil, count: wanted.count)
    var rejected: [LayoutConstraint] = []
    // Solver constraint → its layout constraint and position in the documented order, to
    // name the constraints of a conflict in that order.
    var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
    for (position, entry) in wanted.enumerated() {
      guard let index = matchOf[position] else { continue }
      var current = installed[index]
      current.layout = entry.layout
      if current.constant != entry.expression.constant {
        do {
          try solver.setConstant(of: current.constraint, to: entry.expression.constant)
          current.constant = entry.expression.constant
          update.constantsChanged += 1
        } catch {
          return nil
        }
      } else {
        update.kept += 1
      }
      slots[position] = current
      layoutOf[current.constraint] = (current.layout, position)
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
        layoutOf[constraint] = (entry.layout, position)
        slots[position] = Installed(
          layout: entry.layout, key: entry.key, expression: entry.expression, constant: entry.expression.constant,
          constraint: constraint)
      } catch {
        if case .unsatisfiableConstraint(_, let conflicts) = error {
          if !rebuilding { return nil }
          rejected.append(entry.layout)
          let notes = Self.inInstallationOrder(conflicts, layoutOf).map { conflict in
            layoutOf[conflict].map { describe($0.layout) } ?? "\(conflict)"
          }
          diagnostics.append(
            Diagnostic(
              .error,
              "Unable to simultaneously satisfy constraints in \(environment): "
                + "will attempt to recover by breaking constraint '\(entry.layout.id)' (\(entry.layout)).",
              at: location(of: entry.layout, resolved), path: constraintPaths[entry.layout.id], notes: notes))
        } else {
          diagnostics.append(
            Diagnostic(
              .error, "Constraint '\(entry.layout.id)' (\(entry.layout)) was rejected: \(error)",
              at: location(of: entry.layout, resolved), path: constraintPaths[entry.layout.id]))
        }
      }
    }
    let next = slots.compactMap { $0 }
    installed = next
    return Outcome(diagnostics: diagnostics, rejected: rejected, update: update)
  }

  // MARK: - Reading the solution

  private func result(_ resolved: ResolvedLayout, _ set: ConstraintSet, _ outcome: Outcome, snapToPixels: Bool)
    -> LayoutResult
  {
    let environment = resolved.environment
    var diagnostics = outcome.diagnostics
    var hasConflicts = !outcome.rejected.isEmpty
    guard let root = resolved.views.first, let rootVars = items[root.id] else {
      return LayoutResult(
        environment: environment, views: [], safeArea: Rect(x: 0, y: 0, width: 0, height: 0),
        margins: Rect(x: 0, y: 0, width: 0, height: 0), diagnostics: diagnostics, hasConflicts: hasConflicts,
        ambiguousViews: [])
    }

    let rootSize = Size(width: solver.value(of: rootVars.width), height: solver.value(of: rootVars.height))
    brokenOptionalConstraints = installed.compactMap { entry in
      guard entry.layout.priority < 1000 else { return nil }
      let violation = self.violation(of: entry)
      return violation > 1e-6 ? BrokenConstraint(constraint: entry.layout, violation: violation) : nil
    }

    // Frames.
    var frames: [String: Rect] = [:]
    for id in itemOrder {
      guard let vars = items[id] else { continue }
      var rect = Rect(
        x: vars.x.map { solver.value(of: $0) } ?? 0, y: vars.y.map { solver.value(of: $0) } ?? 0,
        width: solver.value(of: vars.width), height: solver.value(of: vars.height))
      if snapToPixels { rect = PixelSnapping.snap(rect, scale: environment.scale) }
      frames[id] = rect
    }
    let zero = Rect(x: 0, y: 0, width: 0, height: 0)
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
    var effectivelyHidden: [String: Bool] = [:]
    for view in resolved.views {
      let hiddenAbove = view.parent.flatMap { effectivelyHidden[$0] } ?? false
      let isHidden = view.hidden || hiddenAbove
      if effectivelyHidden[view.id] == nil { effectivelyHidden[view.id] = isHidden }
      let frame = frames[view.id] ?? zero
      let parentFrame = view.parent.flatMap { frames[$0] } ?? zero
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
      let found = rootSizeConflict(variable, wanted: wanted, got: got, axis: axis, environment)
      if found.severity == .error { hasConflicts = true }
      diagnostics.append(found)
    }

    let ambiguous = checksAmbiguity ? ambiguity(resolved, set, &diagnostics) : []
    return LayoutResult(
      environment: environment, views: views, safeArea: safeArea, margins: margins, diagnostics: diagnostics,
      hasConflicts: hasConflicts, ambiguousViews: ambiguous)
  }

  private func violation(of entry: Installed) -> Double {
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
    _ variable: Variable, wanted: Double, got: Double, axis: String, _ environment: Environment
  ) -> Diagnostic {
    var notes: [String] = []
    var names: [String] = []
    let probe = Constraint(LinearExpression(variable), .equal, LinearExpression(constant: wanted), label: "container")
    do {
      try solver.add(probe)
      try? solver.remove(probe)
      // The required constraints allow the container size: optional ones outweighed it.
      return Diagnostic(
        .warning,
        "Optional constraints make the root \(fmt(got)) pt \(axis) but the container is \(fmt(wanted)) pt in "
          + "\(environment) (their summed priorities outweigh the container's \(fmt(Self.containerPriority))).")
    } catch {
      if case .unsatisfiableConstraint(_, let conflicts) = error {
        var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
        for (position, entry) in installed.enumerated() { layoutOf[entry.constraint] = (entry.layout, position) }
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
      notes: notes)
  }

  /// Ambiguous views (and stacks whose generated guides are ambiguous), in document order.
  private func ambiguity(_ resolved: ResolvedLayout, _ set: ConstraintSet, _ diagnostics: inout [Diagnostic])
    -> [(id: String, attributes: [LayoutAttribute])]
  {
    guard let root = resolved.views.first else { return [] }
    var candidates: [Variable] = []
    var ids: [String] = resolved.views.map(\.id).filter { $0 != root.id }
    var seen = Set(ids)
    for guide in set.guides where !seen.contains(guide) {
      seen.insert(guide)
      ids.append(guide)
    }
    for id in ids { if let vars = items[id] { candidates += vars.all } }
    let ambiguousIDs = Set(solver.ambiguousVariables(among: candidates).map(\.id))
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
    for view in resolved.views where view.id != root.id && !reported.contains(view.id) {
      reported.insert(view.id)
      let own = attributes(view.id)
      let fromGuides = guideProblems[view.id] ?? []
      if !own.isEmpty {
        diagnostics.append(
          Diagnostic(
            .warning, "View '\(view.id)' has an ambiguous \(Self.describe(own)) in \(resolved.environment).",
            at: view.location))
      }
      // A guide of an ambiguous stack is ambiguous the same way; only say what is new.
      let newFromGuides = fromGuides.filter { !$0.attributes.allSatisfy(own.contains) }
      if !newFromGuides.isEmpty {
        let list = newFromGuides.map { "'\($0.guide)' (\(Self.describe($0.attributes)))" }.joined(separator: ", ")
        diagnostics.append(
          Diagnostic(
            .warning, "Stack '\(view.id)' has ambiguous layout guides in \(resolved.environment): \(list).",
            at: view.location))
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
