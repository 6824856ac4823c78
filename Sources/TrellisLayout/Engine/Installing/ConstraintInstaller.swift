import TrellisModel
import TrellisSolver

/// Brings a slot's solver to a constraint set: the installer of the engine.
///
/// The root's size is required and comes first (``LayoutEngine/ContainerConstraints``); then the
/// set in the documented order (``installationOrder(_:views:)``: the file's constraints, then
/// stacks' (inner stacks first), then content size), required constraints before optional ones. A required constraint that
/// cannot hold with those before it is broken (left out), as UIKit breaks the constraint whose
/// addition finds a conflict (docs/semantics.md, "Conflict recovery").
///
/// A move within one environment key only re-values the container's constants and those that
/// read the safe area; otherwise the wanted set is diffed against what is installed: unchanged
/// constraints stay, constraints whose only change is their constant are updated in place, the
/// rest are removed or added (required first, then optional, each in the documented order).
struct ConstraintInstaller {
  /// Constraint id → the JSON path it was written at, for messages.
  let constraintPaths: [String: String]
  /// Conflicts explained in earlier layouts, reused when met again (``ConflictMemo``).
  let conflictMemo = ConflictMemo()

  /// Moves a clean slot to `environment` of its own key: gives the container's constraints the
  /// new size and the safe-area constants their new values, in the documented order. Returns
  /// `nil` when the solver refuses (the slot is then left half-moved: the caller drops it).
  func move(_ slot: inout LayoutEngine.SolverSlot, to environment: Environment, route: LayoutEngine.Update.Route)
    -> LayoutEngine.Update?
  {
    var update = LayoutEngine.Update.nothing(route)
    guard let resolved = slot.resolved, resolved.views.first != nil, var map = slot.map else { return update }
    guard slot.container != nil, Self.resize(&slot, to: environment.containerSize) else { return nil }
    if map.safeAreaInsets != environment.safeAreaInsets || map.keyboardHeight != environment.keyboardHeight {
      map.safeAreaInsets = environment.safeAreaInsets
      map.keyboardHeight = environment.keyboardHeight
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
            try slot.solver.setConstantDiscardingOnFailure(
              of: slot.installed[index].constraint, to: expression.constant)
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

  /// Gives the container's constraints `size` (no-op when they hold it). `false` when a
  /// required constraint refuses the new size: the caller rebuilds, so that the constraint
  /// fighting the container is the one broken.
  static func resize(_ slot: inout LayoutEngine.SolverSlot, to size: Size) -> Bool {
    guard var container = slot.container else { return false }
    if container.size == size { return true }
    do {
      for (entry, value) in [(container.width, size.width), (container.height, size.height)]
      where entry.constant != -value {
        try slot.solver.setConstantDiscardingOnFailure(of: entry.constraint, to: -value)
        entry.constant = -value
        entry.layout.constant = value
      }
    } catch {
      return false
    }
    container.size = size
    slot.container = container
    return true
  }

  /// Makes and adds the container's constraints to a slot that has none: `root.width == W`,
  /// `root.height == H`, required, before anything else. Named as UIKit's console names the
  /// size a view controller's root gets from its window (`UIView-Encapsulated-Layout-Width`).
  /// With `fitsHeight` (a self-sizing cell's content view), the height is
  /// `root.height == 0 @50` instead: as small as every constraint above `fittingSizeLevel`
  /// allows, as `systemLayoutSizeFitting` with a vertical fitting priority of
  /// `fittingSizeLevel` and UIKit's compressed size as the target.
  static func addContainer(
    _ slot: inout LayoutEngine.SolverSlot, root: ResolvedView, rootVars: ItemVariables, size: Size,
    cell: CellContext? = nil
  ) throws(SolverError) {
    let fitsHeight = cell?.fitsHeight == true
    var made: [LayoutEngine.Installed] = []
    for (attribute, variable, value, name) in [
      (LayoutAttribute.width, rootVars.width, size.width, "UIView-Encapsulated-Layout-Width"),
      (LayoutAttribute.height, rootVars.height, size.height, "UIView-Encapsulated-Layout-Height"),
    ] {
      let fitted = fitsHeight && attribute == .height
      let layout = LayoutConstraint(
        id: fitted ? "fitting-size-height" : name, first: AnchorReference(item: root.item, attribute: attribute),
        relation: .equal, constant: fitted ? 0 : value, priority: fitted ? Priority.fittingSizeLevel.value : 1000,
        origin: .container(reason: Self.containerReason(attribute, cell: cell)),
        source: fitted
          ? "the height \(root.id) is fitted to (systemLayoutSizeFitting at fittingSizeLevel)"
          : "the size \(root.id) gets from its container")
      let expression = LinearExpression(variable) - (fitted ? 0 : value)
      let constraint =
        fitted
        ? Constraint(expression, .equal, priority: .fittingSizeLevel, label: layout.id)
        : Constraint(expression, .equal, label: name)
      try slot.solver.add(constraint)
      made.append(
        LayoutEngine.Installed(
          layout: layout, expression: expression, constant: expression.constant, constraint: constraint,
          readsSafeArea: false))
    }
    slot.container = LayoutEngine.ContainerConstraints(width: made[0], height: made[1], size: size)
  }

  /// Why the root has its width or height: a screen's container, a cell's table or row.
  static func containerReason(_ attribute: LayoutAttribute, cell: CellContext?) -> String {
    guard let cell else { return attribute == .width ? "the container's width" : "the container's height" }
    if attribute == .width { return cell.isTableCell ? "the cell's width in its table" : "the item's width" }
    if cell.fitsHeight { return "the fitting height" }
    return cell.isTableCell ? "the row's height" : "the item's height"
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

  /// Brings the slot's solver to `set`, in named steps: variables and the container, compile,
  /// match, re-break, remove, re-value, add, report, commit. Returns `nil` when an incremental
  /// step met a conflict (the caller then rebuilds); with `rebuilding`, rejected constraints
  /// become diagnostics.
  ///
  /// With `optimistic`, a build (on a fresh slot) adds the required identities first and
  /// returns nil at the first conflict, like a diff (see `sparseOrder`).
  func apply(
    _ slot: inout LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, rebuilding: Bool,
    optimistic: Bool = false
  ) -> Outcome? {
    // Only a build in the documented order breaks conflicting constraints; a diff or an
    // optimistic build stops at the first conflict and the caller builds in that order.
    var pass = Pass(
      resolved: resolved, set: set, rebuilding: rebuilding, breaksConflicts: rebuilding && !optimistic)
    guard let root = resolved.views.first else {
      commit(pass, map: nil, to: &slot)
      return pass.outcome
    }
    guard makeVariables(&pass, root: root, in: &slot) else { return nil }
    var map = AnchorMap(
      items: slot.items, views: resolved.views, rootID: root.id, safeAreaInsets: pass.environment.safeAreaInsets,
      direction: pass.environment.layoutDirection)
    map.keyboardHeight = pass.environment.keyboardHeight
    compile(&pass, map)
    match(&pass, slot.installed)
    guard rebreak(&pass, &slot), remove(&pass, slot) else { return nil }
    // The container moves between the removals and the constants: a refusal means a kept
    // required constraint fights the new size; rebuild, so that the container is added first
    // and that constraint is the one broken.
    if slot.container != nil, !Self.resize(&slot, to: pass.environment.containerSize) { return nil }
    guard revalue(&pass, slot), add(&pass, &slot), reportBrokenAgain(&pass, slot) else { return nil }
    reportOverflow(&pass)
    commit(pass, map: map, to: &slot)
    return pass.outcome
  }

  /// One call of ``apply(_:_:_:rebuilding:optimistic:)``: the wanted constraints and what
  /// becomes of each, filled in step by step.
  struct Pass {
    let resolved: ResolvedLayout
    let set: ConstraintSet
    let environment: Environment
    let breaksConflicts: Bool
    var diagnostics: [Diagnostic] = []
    /// Whether every diagnostic so far is one a move repeats unchanged (unknown items).
    var replayable = true
    /// The set in the documented order, compiled (constraints naming unknown items left out).
    var wanted: [Compiled] = []
    /// Per wanted constraint, the installed one it matches (same but for the constant).
    var matchOf: [Int?] = []
    /// Per installed constraint, whether a wanted one matched it.
    var matched: [Bool] = []
    /// Wanted required constraints broken again without being tried (``rebreak(_:_:)``).
    var brokenAgain = Set<Int>()
    /// Per wanted constraint, its entry in the solver once re-valued or added.
    var placed: [LayoutEngine.Installed?] = []
    var rejected: [LayoutConstraint] = []
    var update: LayoutEngine.Update

    init(resolved: ResolvedLayout, set: ConstraintSet, rebuilding: Bool, breaksConflicts: Bool) {
      self.resolved = resolved
      self.set = set
      self.environment = resolved.environment
      self.breaksConflicts = breaksConflicts
      self.update = .nothing(rebuilding ? .rebuilt : .diffed)
    }

    var outcome: Outcome { Outcome(diagnostics: diagnostics, rejected: rejected, update: update) }
  }

  /// Variables for every view (in document order) and guide, and the container's constraints,
  /// required and first, so that nothing added later can move the root. `false` when the root
  /// has no variables or, in a diff, the container cannot be set.
  private func makeVariables(_ pass: inout Pass, root: ResolvedView, in slot: inout LayoutEngine.SolverSlot) -> Bool {
    let resolved = pass.resolved
    let set = pass.set
    // A fresh solver gets its tables' final size first (`Solver.reserveCapacity`): four
    // variables per item, the container's two constraints and the set's.
    if pass.update.route == .rebuilt, slot.items.isEmpty {
      slot.solver.reserveCapacity(
        variables: 4 * (resolved.views.count + set.guides.count), constraints: set.constraints.count + 2)
      slot.items.reserveCapacity(resolved.views.count + set.guides.count)
    }
    // Views read in place (iterating copies each view), then stack guides as they first appear.
    let views = resolved.views
    for index in views.indices {
      Self.makeItem(views[index].item, isRoot: views[index].id == root.id, in: &slot)
    }
    for guide in set.guides { Self.makeItem(guide, isRoot: false, in: &slot) }
    guard let rootVars = slot.items[root.item] else { return false }
    if slot.container == nil {
      do {
        try Self.addContainer(
          &slot, root: root, rootVars: rootVars, size: pass.environment.containerSize,
          cell: pass.environment.cell)
      } catch {
        // Only a non-finite size gets here (a fresh solver holds two equalities on two variables).
        pass.diagnostics.append(
          Diagnostic(
            .error, "The container size could not be set: \(error)", code: "container-size", kind: .containerSize,
            environment: pass.environment))
        pass.replayable = false
        if !pass.breaksConflicts { return false }
      }
    }
    return true
  }

  /// Compiles the set in the documented order; a constraint naming no view or guide is
  /// reported and left out.
  private func compile(_ pass: inout Pass, _ map: AnchorMap) {
    let set = pass.set
    pass.wanted.reserveCapacity(set.constraints.count)
    for position in Self.installationOrder(set.constraints, views: pass.resolved.views) {
      let layout = set.constraints[position]
      do {
        let expression = try map.expression(for: layout)
        pass.wanted.append(
          Compiled(layout: layout, expression: expression, readsSafeArea: map.dependsOnSafeArea(layout)))
      } catch {
        switch error {
        case .unknownItem(let item):
          pass.diagnostics.append(
            Diagnostic(
              .error,
              "Constraint '\(layout.id)' (\(layout)) names '\(item)', which is not a view or guide; it was ignored.",
              code: "unknown-item", at: ConstraintMessages.location(of: layout, pass.resolved),
              path: constraintPaths[layout.id], kind: .constraint, environment: pass.environment))
        }
      }
    }
  }

  /// Matches each wanted constraint to the first unmatched installed one with the same id,
  /// relation, priority and terms (the constant may differ).
  private func match(_ pass: inout Pass, _ installed: [LayoutEngine.Installed]) {
    var byID: [String: [Int]] = [:]
    byID.reserveCapacity(installed.count)
    for (index, entry) in installed.enumerated() { byID[entry.layout.id, default: []].append(index) }
    var matchOf: [Int?] = []
    matchOf.reserveCapacity(pass.wanted.count)
    var matched = Array(repeating: false, count: installed.count)
    for entry in pass.wanted {
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
    (pass.matchOf, pass.matched) = (matchOf, matched)
  }

  /// A diff of a solver that broke required constraints: those wanted again as the same
  /// equations are broken again, without trying them, when nothing the diff changes can reach
  /// them (no required constraint removed, re-valued or added names a variable of their blocks,
  /// and the container keeps its size if their blocks hold it; see `RejectionDependence`).
  /// `false` for anything else: the caller rebuilds, as for any conflict a diff meets.
  private func rebreak(_ pass: inout Pass, _ slot: inout LayoutEngine.SolverSlot) -> Bool {
    guard pass.update.route != .rebuilt, !slot.rejected.isEmpty else { return true }
    guard let dependence = slot.rejectionDependence() else { return false }
    if dependence.onContainerSize, slot.container?.size != pass.environment.containerSize { return false }
    let installed = slot.installed
    for (index, entry) in installed.enumerated() where !pass.matched[index] && entry.isRequired {
      if dependence.reaches(entry.expression.terms) { return false }
    }
    for (position, entry) in pass.wanted.enumerated() where entry.layout.priority >= 1000 {
      if let index = pass.matchOf[position] {
        if installed[index].constant != entry.expression.constant, dependence.reaches(entry.expression.terms) {
          return false
        }
      } else if dependence.wasBroken(entry) {
        pass.brokenAgain.insert(position)
      } else if dependence.reaches(entry.expression.terms) {
        return false
      }
    }
    return true
  }

  /// Removes what is no longer wanted (first, so old constraints never block new ones).
  private func remove(_ pass: inout Pass, _ slot: LayoutEngine.SolverSlot) -> Bool {
    let installed = slot.installed
    for (index, entry) in installed.enumerated() where !pass.matched[index] {
      do {
        try slot.solver.remove(entry.constraint)
        pass.update.removed += 1
      } catch {
        return false
      }
    }
    return true
  }

  /// Gives matched constraints their new constants in place, in the documented order.
  private func revalue(_ pass: inout Pass, _ slot: LayoutEngine.SolverSlot) -> Bool {
    let installed = slot.installed
    let wanted = pass.wanted
    pass.placed = Array(repeating: nil, count: wanted.count)
    for (position, entry) in wanted.enumerated() {
      guard let index = pass.matchOf[position] else { continue }
      let current = installed[index]
      current.layout = entry.layout
      current.readsSafeArea = entry.readsSafeArea
      if current.constant != entry.expression.constant {
        do {
          try slot.solver.setConstantDiscardingOnFailure(of: current.constraint, to: entry.expression.constant)
          current.constant = entry.expression.constant
          current.expression = entry.expression
          pass.update.constantsChanged += 1
        } catch {
          return false
        }
      } else {
        pass.update.kept += 1
      }
      pass.placed[position] = current
    }
    return true
  }

  /// Adds the unmatched constraints: required ones first, then optional ones, each in the
  /// documented order. Only required constraints can conflict, so this decides conflicts
  /// exactly as the documented order does, and it is much cheaper: the solver does not
  /// re-optimize every optional error term while the required structure is still being built.
  /// A build in the documented order breaks a required constraint that cannot hold (UIKit's
  /// recovery) and reports it; anything else returns `false` at the first conflict.
  private func add(_ pass: inout Pass, _ slot: inout LayoutEngine.SolverSlot) -> Bool {
    let solver = slot.solver
    let wanted = pass.wanted
    let matchOf = pass.matchOf
    let breaksConflicts = pass.breaksConflicts
    var required = wanted.indices.filter {
      matchOf[$0] == nil && wanted[$0].layout.priority >= 1000 && !pass.brokenAgain.contains($0)
    }
    if !breaksConflicts { required = Self.sparseOrder(required, wanted) }
    let optional = wanted.indices.filter { matchOf[$0] == nil && wanted[$0].layout.priority < 1000 }
    // Optional constraints cannot conflict: the objective is optimized once after them all.
    defer { solver.defersOptimization = false }
    // Conflicts explained by an earlier layout of this engine are not searched for again
    // (``ConflictMemo``): their constraints by id, as they are placed, and how many of them are
    // required (with the container's two), only while the memo has something to offer.
    let memo = conflictMemo
    let consultsMemo = breaksConflicts && !memo.isEmpty
    let memberIDs = consultsMemo ? memo.memberIDs : []
    var placedByID: [String: [Int]] = [:]
    var requiredInSolver = slot.container?.both.count(where: \.isRequired) ?? 0
    // Solver constraint → its position in the documented order (the container's at −2 and −1),
    // made at the first conflict and kept up to date after it: naming each conflict's members
    // then costs a lookup per member, not a pass over everything placed (which, with the
    // conflicting constraints added after most of a large layout, was quadratic).
    var positionOf: [Constraint: Int]?
    for (step, position) in (required + optional).enumerated() {
      if step == required.count { solver.defersOptimization = true }
      let entry = wanted[position]
      let constraint = Constraint(
        entry.expression, entry.layout.relation.solverRelation, priority: Priority(entry.layout.priority),
        label: entry.layout.id)
      var known: (members: [LayoutEngine.Installed], position: [Int])?
      if consultsMemo, entry.layout.priority >= 1000, pass.rejected.count < LayoutEngine.maxConflictDiagnostics {
        known = Self.knownConflict(
          entry, memo, slot.container, pass.placed, placedByID, requiredInSolver: requiredInSolver)
      }
      let outcome: Solver.AddOutcome
      do {
        // Compact storage keeps chains and grids of equalities sparse (the solver's
        // `EqualityStorage`); constraints that read the safe area change their constant on a
        // move, so they keep a marker for the incremental change.
        if known != nil { solver.explainsConflicts = false }
        defer { if known != nil { solver.explainsConflicts = true } }
        outcome = try solver.add(
          constraint, onConflict: breaksConflicts ? .breakIt : .throwError,
          storage: entry.readsSafeArea ? .removable : .compact)
      } catch {
        if case .unsatisfiableConstraint = error { return false }
        pass.replayable = false
        pass.diagnostics.append(
          Diagnostic(
            .error, "Constraint '\(entry.layout.id)' (\(entry.layout)) was rejected: \(error)",
            code: "rejected-constraint", at: ConstraintMessages.location(of: entry.layout, pass.resolved),
            path: constraintPaths[entry.layout.id], kind: .conflict, environment: pass.environment))
        continue
      }
      guard case .broken(_, var conflicts) = outcome else {
        pass.update.added += 1
        let made = LayoutEngine.Installed(
          layout: entry.layout, expression: entry.expression, constant: entry.expression.constant,
          constraint: constraint, readsSafeArea: entry.readsSafeArea)
        pass.placed[position] = made
        if positionOf != nil { positionOf?[constraint] = position }
        if made.isRequired { requiredInSolver += 1 }
        if consultsMemo, memberIDs.contains(entry.layout.id) {
          placedByID[entry.layout.id, default: []].append(position)
        }
        continue
      }
      pass.rejected.append(entry.layout)
      // Past the cap, conflicts are only counted: a flood of them stays readable, and the
      // solver stops explaining them (each explanation searches every required constraint).
      if pass.rejected.count >= LayoutEngine.maxConflictDiagnostics { solver.explainsConflicts = false }
      if pass.rejected.count > LayoutEngine.maxConflictDiagnostics { continue }
      // Solver constraint → its layout constraint and position in the documented order, to
      // name the constraints of the conflict in that order. The container's constraints come
      // before everything else.
      var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
      if let known {
        // The set found before, as it is in this solver.
        memo.reused += 1
        conflicts = known.members.map(\.constraint)
        for (member, position) in zip(known.members, known.position) {
          layoutOf[member.constraint] = (member.layout, position)
        }
      } else {
        // The set is named by the solver's constraints: each member's layout and position.
        if positionOf == nil {
          var all: [Constraint: Int] = [:]
          for (position, entry) in (slot.container?.both ?? []).enumerated() { all[entry.constraint] = position - 2 }
          for (position, entry) in pass.placed.enumerated() {
            if let entry { all[entry.constraint] = position }
          }
          positionOf = all
        }
        let container = slot.container?.both ?? []
        for conflict in conflicts {
          guard let position = positionOf?[conflict] else { continue }
          if position < 0 {
            if container.indices.contains(position + 2) {
              layoutOf[conflict] = (container[position + 2].layout, position)
            }
          } else if let placed = pass.placed[position] {
            layoutOf[conflict] = (placed.layout, position)
          }
        }
        Self.remember(
          entry, conflicts, layoutOf, slot.container, pass.placed, requiredInSolver: requiredInSolver, in: memo)
      }
      pass.diagnostics.append(
        ConstraintMessages.unsatisfiable(
          broken: entry.layout, conflicts: conflicts, layoutOf, pass.resolved, path: constraintPaths[entry.layout.id]))
    }
    return true
  }

  /// Reports the constraints broken again without being tried (``rebreak(_:_:)``) as a build
  /// in the documented order reports them: in that order, each with the set kept for it
  /// (``ConflictMemo``), as it is in this solver now. `false` when a set is no longer there.
  private func reportBrokenAgain(_ pass: inout Pass, _ slot: LayoutEngine.SolverSlot) -> Bool {
    guard !pass.brokenAgain.isEmpty else { return true }
    let memo = conflictMemo
    let wanted = pass.wanted
    let placed = pass.placed
    var requiredBefore = Array(repeating: slot.container == nil ? 0 : 2, count: wanted.count + 1)
    var byID: [String: [Int]] = [:]
    for position in wanted.indices {
      let entry = placed[position]
      requiredBefore[position + 1] = requiredBefore[position] + (entry?.isRequired == true ? 1 : 0)
      if let entry, memo.memberIDs.contains(entry.layout.id) { byID[entry.layout.id, default: []].append(position) }
    }
    for position in pass.brokenAgain.sorted() {
      let entry = wanted[position]
      pass.rejected.append(entry.layout)
      if pass.rejected.count > LayoutEngine.maxConflictDiagnostics { continue }
      // Only what a build would have in the solver when it tries this one: what comes before.
      let before = byID.mapValues { $0.filter { $0 < position } }
      guard
        let known = Self.knownConflict(
          entry, memo, slot.container, placed, before, requiredInSolver: requiredBefore[position])
      else { return false }
      memo.reused += 1
      var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
      for (member, position) in zip(known.members, known.position) {
        layoutOf[member.constraint] = (member.layout, position)
      }
      pass.diagnostics.append(
        ConstraintMessages.unsatisfiable(
          broken: entry.layout, conflicts: known.members.map(\.constraint), layoutOf, pass.resolved,
          path: constraintPaths[entry.layout.id]))
    }
    return true
  }

  /// One error counting the conflicts past ``LayoutEngine/maxConflictDiagnostics``.
  private func reportOverflow(_ pass: inout Pass) {
    let rejected = pass.rejected
    guard rejected.count > LayoutEngine.maxConflictDiagnostics else { return }
    let more = rejected.count - LayoutEngine.maxConflictDiagnostics
    pass.diagnostics.append(
      Diagnostic(
        .error,
        "\(more) more required constraints could not be satisfied and were broken (\(rejected.count) in all; the "
          + "first \(LayoutEngine.maxConflictDiagnostics) are listed): fix those and solve again.",
        code: "too-many-problems", kind: .conflict, environment: pass.environment))
  }

  /// Records the pass on the slot. Conflict reports are repeated by a move only where the move
  /// cannot change them (``LayoutEngine/SolverSlot/replay``).
  private func commit(_ pass: Pass, map: AnchorMap?, to slot: inout LayoutEngine.SolverSlot) {
    let hasRoot = map != nil
    slot.commit(
      LayoutEngine.SolverSlot.Installation(
        installed: pass.placed.compactMap { $0 }, resolved: pass.resolved, set: pass.set, map: map,
        replay: hasRoot && pass.replayable ? pass.diagnostics : nil,
        plan: hasRoot ? SolutionReader.viewPlan(pass.resolved, slot.items) : [], rejected: pass.rejected))
  }
}
