import TrellisSolver

/// Brings a slot's solver to a constraint set: the installer of the engine.
///
/// A move within one environment key only suggests the container size and re-values the
/// constants that read the safe area; otherwise the wanted set is diffed against what is
/// installed: unchanged constraints stay, constraints whose only change is their constant are
/// updated in place, the rest are removed or added (required first, then optional, each in the
/// documented order).
struct ConstraintInstaller {
  /// Constraint id → the JSON path it was written at, for messages.
  let constraintPaths: [String: String]

  /// Moves a clean slot to `environment` of its own key: suggests the container size and
  /// gives the safe-area constants their new values, in the documented order. Returns `nil`
  /// when the solver refuses (the slot is then left half-moved: the caller drops it).
  func move(_ slot: inout LayoutEngine.SolverSlot, to environment: Environment, route: LayoutEngine.Update.Route) -> LayoutEngine.Update? {
    var update = LayoutEngine.Update.nothing(route)
    guard let resolved = slot.resolved, let root = resolved.views.first, var map = slot.map else { return update }
    guard let rootVars = slot.items[root.item] else { return nil }
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

  struct Compiled {
    var layout: LayoutConstraint
    var expression: LinearExpression
    var readsSafeArea: Bool
  }
  struct Outcome {
    var diagnostics: [Diagnostic]
    var rejected: [LayoutConstraint]
    var update: LayoutEngine.Update
  }

  static func makeItem(_ id: LayoutItem, isRoot: Bool, in slot: inout LayoutEngine.SolverSlot) {
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
  static func sameTerms(_ a: [Term], _ b: [Term]) -> Bool {
    guard a.count == b.count else { return false }
    for index in a.indices {
      if a[index].variable.id != b[index].variable.id || a[index].coefficient != b[index].coefficient { return false }
    }
    return true
  }

  /// Whether an installed constraint is the wanted one up to its constant: same id, relation,
  /// priority and terms.
  @inline(__always)
  static func matches(_ installed: LayoutEngine.Installed, _ wanted: Compiled) -> Bool {
    installed.layout.id == wanted.layout.id && installed.layout.relation == wanted.layout.relation
      && installed.layout.priority == wanted.layout.priority
      && sameTerms(installed.expression.terms, wanted.expression.terms)
  }

  /// Brings the slot's solver to `set`. Returns `nil` when an incremental step met a conflict

  /// (the caller then rebuilds); with `rebuilding`, rejected constraints become diagnostics.
  func apply(_ slot: inout LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, rebuilding: Bool)
    -> Outcome?
  {
    let route: LayoutEngine.Update.Route = rebuilding ? .rebuilt : .diffed
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
    for view in resolved.views { Self.makeItem(view.item, isRoot: view.id == root.id, in: &slot) }
    for guide in set.guides { Self.makeItem(guide, isRoot: false, in: &slot) }
    guard let rootVars = slot.items[root.item] else { return nil }
    if !slot.hasEditVariables {
      do {
        try solver.addEditVariable(rootVars.width, priority: Priority(LayoutEngine.containerPriority))
        try solver.addEditVariable(rootVars.height, priority: Priority(LayoutEngine.containerPriority))
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "The container size could not be set: \(error)", code: "container-size", kind: .containerSize,
            environment: environment))
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
              code: "unknown-item", at: ConstraintMessages.location(of: layout, resolved), path: constraintPaths[layout.id],
              kind: .constraint, environment: environment))
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

    var update = LayoutEngine.Update.nothing(route)
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
            .error, "The container size \(size) could not be set: \(error)", code: "container-size",
            kind: .containerSize, environment: environment))
        replayable = false
      }
    }
    // 3. Constants in place, then 4. additions, both in the documented order.
    var placed: [LayoutEngine.Installed?] = Array(repeating: nil, count: wanted.count)
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
        placed[position] = LayoutEngine.Installed(
          layout: entry.layout, expression: entry.expression, constant: entry.expression.constant,
          constraint: constraint, readsSafeArea: entry.readsSafeArea)
      } catch {
        replayable = false
        if case .unsatisfiableConstraint(_, let conflicts) = error {
          if !rebuilding { return nil }
          rejected.append(entry.layout)
          // Past the cap, conflicts are only counted: a flood of them stays readable.
          if rejected.count > LayoutEngine.maxConflictDiagnostics { continue }
          // Solver constraint → its layout constraint and position in the documented order,
          // for what is in the solver now, to name the constraints of the conflict in that order.
          var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
          for (position, entry) in placed.enumerated() {
            if let entry { layoutOf[entry.constraint] = (entry.layout, position) }
          }
          let notes = ConstraintMessages.inInstallationOrder(conflicts, layoutOf).map { conflict in
            layoutOf[conflict].map { ConstraintMessages.note($0.layout, resolved) } ?? Diagnostic.Note("\(conflict)")
          }
          diagnostics.append(
            Diagnostic(
              .error,
              "Unable to simultaneously satisfy constraints: "
                + "will attempt to recover by breaking constraint '\(entry.layout.id)' (\(entry.layout)).",
              code: "unsatisfiable", at: ConstraintMessages.location(of: entry.layout, resolved),
              path: constraintPaths[entry.layout.id], notes: notes, kind: .conflict, environment: environment))
        } else {
          diagnostics.append(
            Diagnostic(
              .error, "Constraint '\(entry.layout.id)' (\(entry.layout)) was rejected: \(error)",
              code: "rejected-constraint", at: ConstraintMessages.location(of: entry.layout, resolved),
              path: constraintPaths[entry.layout.id], kind: .conflict, environment: environment))
        }
      }
    }
    if rejected.count > LayoutEngine.maxConflictDiagnostics {
      let more = rejected.count - LayoutEngine.maxConflictDiagnostics
      diagnostics.append(
        Diagnostic(
          .error,
          "\(more) more required constraints could not be satisfied and were broken (\(rejected.count) in all; the "
            + "first \(LayoutEngine.maxConflictDiagnostics) are listed): fix those and solve again.",
          code: "too-many-problems", kind: .conflict, environment: environment))
    }
    slot.installed = placed.compactMap { $0 }
    slot.resolved = resolved
    slot.set = set
    slot.map = map
    slot.replay = replayable ? diagnostics : nil
    slot.plan = SolutionReader.viewPlan(resolved, slot.items)
    slot.containerAllowed = []
    return Outcome(diagnostics: diagnostics, rejected: rejected, update: update)
  }
}
