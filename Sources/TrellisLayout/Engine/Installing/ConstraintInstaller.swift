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
  func move(_ slot: inout LayoutEngine.SolverSlot, to environment: Environment, route: LayoutEngine.Update.Route) -> LayoutEngine.Update? {
    var update = LayoutEngine.Update.nothing(route)
    guard let resolved = slot.resolved, resolved.views.first != nil, var map = slot.map else { return update }
    guard slot.container != nil, Self.resize(&slot, to: environment.containerSize) else { return nil }
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
            try slot.solver.setConstantDiscardingOnFailure(of: slot.installed[index].constraint, to: expression.constant)
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
  static func addContainer(
    _ slot: inout LayoutEngine.SolverSlot, root: ResolvedView, rootVars: ItemVariables, size: Size
  ) throws(SolverError) {
    var made: [LayoutEngine.Installed] = []
    for (attribute, variable, value, name) in [
      (LayoutAttribute.width, rootVars.width, size.width, "UIView-Encapsulated-Layout-Width"),
      (LayoutAttribute.height, rootVars.height, size.height, "UIView-Encapsulated-Layout-Height"),
    ] {
      let layout = LayoutConstraint(
        id: name, first: AnchorReference(item: root.item, attribute: attribute), relation: .equal, constant: value,
        origin: .container(reason: attribute == .width ? "the container's width" : "the container's height"),
        source: "the size \(root.id) gets from its container")
      let expression = LinearExpression(variable) - value
      let constraint = Constraint(expression, .equal, label: name)
      try slot.solver.add(constraint)
      made.append(
        LayoutEngine.Installed(
          layout: layout, expression: expression, constant: expression.constant, constraint: constraint,
          readsSafeArea: false))
    }
    slot.container = LayoutEngine.ContainerConstraints(width: made[0], height: made[1], size: size)
  }

  /// The order in which a build that stops at the first conflict adds required constraints:
  /// identities (`a == b`: two terms, +1 and −1, no constant; equal sizes, alignments) first,
  /// then the rest, each group in the documented order, except that inequalities on the same
  /// terms (`a.width >= 1`, `a.width >= 2`, …) go together, at the first one's place, tightest
  /// first (`tightestBoundsFirst`).
  ///
  /// The solver's cost depends on the order. Added before the identities, a chain such as a
  /// stack's spacing (`v[i].top == v[i-1].bottom`) expresses each position as the sum of every
  /// height before it, and each `UISV-fill-equally` then rewrites all those sums: O(n³) for a
  /// stack of n views (a 2,000-view stack took minutes). With the identities first every height
  /// is already the first one's, and each row keeps a few cells. The order cannot change which
  /// constraint is broken, because nothing is: whether the required constraints can all hold
  /// does not depend on their order, and at the first conflict the caller builds again in the
  /// documented order.
  static func sparseOrder(_ positions: [Int], _ wanted: [Compiled]) -> [Int] {
    func isIdentity(_ expression: LinearExpression) -> Bool {
      let terms = expression.terms
      return expression.constant == 0 && terms.count == 2 && terms[0].coefficient == -terms[1].coefficient
        && abs(terms[0].coefficient) == 1 && terms[0].variable.id != terms[1].variable.id
    }
    let identities = positions.filter { wanted[$0].layout.relation == .equal && isIdentity(wanted[$0].expression) }
    if identities.isEmpty { return tightestBoundsFirst(positions, wanted) }
    let chosen = Set(identities)
    return identities + tightestBoundsFirst(positions.filter { !chosen.contains($0) }, wanted)
  }

  /// `positions` with the inequalities on the same terms brought together at the first one's
  /// place, tightest first (stable among equals); everything else in place.
  ///
  /// Each bound tighter than those before it moves the solution, and the slack of every earlier
  /// bound on the same terms is rewritten in terms of the new one: a file of n ascending
  /// `a.width >= k` cost O(n²) (5,000 of them: 7.7 s to validate; 10,000: 32 s). Added tightest
  /// first, each later one is a new row of two cells that nothing else holds. (Bounds on the
  /// same terms never conflict with each other, so in a build that breaks nothing the order
  /// decides nothing.)
  static func tightestBoundsFirst(_ positions: [Int], _ wanted: [Compiled]) -> [Int] {
    struct Terms: Hashable {
      var relation: Relation
      var variables: [Variable.ID]
      var coefficients: [Double]
    }
    enum Place {
      case single(Int)
      case group(Int)
    }
    var groupOf: [Terms: Int] = [:]
    var groups: [[Int]] = []
    var places: [Place] = []
    places.reserveCapacity(positions.count)
    for position in positions {
      let entry = wanted[position]
      let relation = entry.layout.relation.solverRelation
      guard relation != .equal else {
        places.append(.single(position))
        continue
      }
      let terms = entry.expression.terms
      let key = Terms(relation: relation, variables: terms.map(\.variable.id), coefficients: terms.map(\.coefficient))
      if let group = groupOf[key] {
        groups[group].append(position)
      } else {
        groupOf[key] = groups.count
        places.append(.group(groups.count))
        groups.append([position])
      }
    }
    guard groups.contains(where: { $0.count > 1 }) else { return positions }
    var ordered: [Int] = []
    ordered.reserveCapacity(positions.count)
    for place in places {
      switch place {
      case .single(let position): ordered.append(position)
      case .group(let group):
        // `terms + c >= 0` is tightest with the least c, `terms + c <= 0` with the greatest.
        let members = groups[group]
        let greater = wanted[members[0]].layout.relation.solverRelation == .greaterThanOrEqual
        ordered += members.enumerated().sorted { a, b in
          let ca = wanted[a.element].expression.constant, cb = wanted[b.element].expression.constant
          if ca != cb { return greater ? ca < cb : ca > cb }
          return a.offset < b.offset
        }.map(\.element)
      }
    }
    return ordered
  }

  /// The documented order in which a constraint set is added (docs/semantics.md §2): the file's
  /// constraints in file order (a nib's constraints are active as its views load), then the
  /// stacks' (UIKit makes `UISV-*` constraints in the update-constraints pass, after loading),
  /// a stack after the stacks nested in it (that pass runs bottom-up, subviews before their
  /// superview; siblings in document order), then content size. Stable within each group.
  /// Positions in `constraints`, not copies: a constraint is 300 bytes holding a dozen
  /// references, and the copies of a 10,000-view grid's 50,000 constraints were a tenth of its
  /// layout's time.
  ///
  /// - Parameter views: the resolved views in document order (depth first), for the stack order.
  static func installationOrder(_ constraints: [LayoutConstraint], views: [ResolvedView]) -> [Int] {
    // Already in order, with no stack to order (most files): the positions as they are.
    var group = 0
    let inOrder = constraints.allSatisfy { constraint in
      let next: Int
      switch constraint.origin {
      case .file: next = 0
      case .stack: return false
      case .intrinsic: next = 3
      default: next = 2
      }
      let ordered = next >= group
      group = next
      return ordered
    }
    if inOrder { return Array(constraints.indices) }
    var file: [Int] = []
    var byStack: [String: [Int]] = [:]
    var otherGenerated: [Int] = []
    var contentSize: [Int] = []
    for (position, constraint) in constraints.enumerated() {
      switch constraint.origin {
      case .file: file.append(position)
      case .intrinsic: contentSize.append(position)
      case .stack(let id, _): byStack[id, default: []].append(position)
      default: otherGenerated.append(position)
      }
    }
    var order = file
    order.reserveCapacity(constraints.count)
    for id in postOrder(views) { if let group = byStack[id] { order += group } }
    order += otherGenerated
    order += contentSize
    return order
  }

  /// View ids in post-order (every view after its descendants; siblings in document order),
  /// from the document order (pre-order): a view's subtree ends at its last descendant, and a
  /// view comes after every view whose subtree ends before its own, and after its descendants.
  static func postOrder(_ views: [ResolvedView]) -> [String] {
    // By index: iterating copies each 550-byte view (see `ResolvedLayout.constraintSet`).
    var indexOf: [String: Int] = [:]
    for index in views.indices where indexOf[views[index].id] == nil { indexOf[views[index].id] = index }
    var end = Array(views.indices)
    var depth = Array(repeating: 0, count: views.count)
    for index in views.indices {
      if let parent = views[index].parent.flatMap({ indexOf[$0] }), parent < index { depth[index] = depth[parent] + 1 }
    }
    for index in views.indices.reversed() {
      if let parent = views[index].parent.flatMap({ indexOf[$0] }), parent < index {
        end[parent] = max(end[parent], end[index])
      }
    }
    return views.indices.sorted { a, b in
      end[a] != end[b] ? end[a] < end[b] : (depth[a] != depth[b] ? depth[a] > depth[b] : a < b)
    }.map { views[$0].id }
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

  /// The set an earlier layout found for `entry`'s conflict, if every member is in the solver
  /// now as the same equation (the container's constraints, or placed before `entry`), with
  /// each member's position in the documented order (the container's −2 and −1). A set the
  /// solver did not list is only taken while the solver holds more than
  /// ``ConflictMemo/searchLimit`` required constraints.
  static func knownConflict(
    _ entry: Compiled, _ memo: ConflictMemo, _ container: LayoutEngine.ContainerConstraints?,
    _ placed: [LayoutEngine.Installed?], _ placedByID: [String: [Int]], requiredInSolver: Int
  ) -> (members: [LayoutEngine.Installed], position: [Int])? {
    let candidates = memo.explanations(for: entry.layout.id)
    guard !candidates.isEmpty else { return nil }
    let broken = ConflictMemo.Equation(entry.layout, entry.expression, constant: entry.expression.constant)
    search: for explanation in candidates where explanation.broken == broken {
      if explanation.members.isEmpty {
        if requiredInSolver > ConflictMemo.searchLimit { return ([], []) }
        continue
      }
      var members: [LayoutEngine.Installed] = []
      var positions: [Int] = []
      for wanted in explanation.members {
        var found: (LayoutEngine.Installed, Int)?
        for (offset, entry) in (container?.both ?? []).enumerated() where ConflictMemo.Equation(entry) == wanted {
          found = (entry, offset - 2)
        }
        if found == nil {
          for position in placedByID[wanted.id] ?? [] {
            if let entry = placed[position], ConflictMemo.Equation(entry) == wanted {
              found = (entry, position)
              break
            }
          }
        }
        guard let found else { continue search }
        members.append(found.0)
        positions.append(found.1)
      }
      return (members, positions)
    }
    return nil
  }

  /// Keeps the solver's explanation of `entry`'s conflict for later layouts (``ConflictMemo``),
  /// when every member is one of the constraints in the solver; a conflict without its set
  /// only when the solver held more than ``ConflictMemo/searchLimit`` required constraints
  /// (otherwise it found none for another reason, and a later layout asks again).
  static func remember(
    _ entry: Compiled, _ conflicts: [Constraint], _ layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)],
    _ container: LayoutEngine.ContainerConstraints?, _ placed: [LayoutEngine.Installed?], requiredInSolver: Int,
    in memo: ConflictMemo
  ) {
    if conflicts.isEmpty && requiredInSolver <= ConflictMemo.searchLimit { return }
    var members: [ConflictMemo.Equation] = []
    for conflict in conflicts {
      guard let position = layoutOf[conflict]?.position else { return }
      let installed: LayoutEngine.Installed?
      if position < 0 {
        installed = container.flatMap { $0.both.indices.contains(position + 2) ? $0.both[position + 2] : nil }
      } else {
        installed = placed.indices.contains(position) ? placed[position] : nil
      }
      guard let installed, installed.constraint == conflict else { return }
      members.append(ConflictMemo.Equation(installed))
    }
    memo.record(
      ConflictMemo.Explanation(
        broken: ConflictMemo.Equation(entry.layout, entry.expression, constant: entry.expression.constant),
        members: members))
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
  ///
  /// With `optimistic`, a build (on a fresh slot) adds the required identities first and
  /// returns nil at the first conflict, like a diff (see `sparseOrder`).
  func apply(
    _ slot: inout LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet, rebuilding: Bool,
    optimistic: Bool = false
  ) -> Outcome? {
    let route: LayoutEngine.Update.Route = rebuilding ? .rebuilt : .diffed
    // Only a build in the documented order breaks conflicting constraints; a diff or an
    // optimistic build stops at the first conflict and the caller builds in that order.
    let breaksConflicts = rebuilding && !optimistic
    guard let root = resolved.views.first else {
      slot.installed = []
      slot.resolved = resolved
      slot.set = set
      slot.map = nil
      slot.replay = nil
      slot.plan = []
      slot.recordRejections([])
      return Outcome(diagnostics: [], rejected: [], update: .nothing(route))
    }
    let environment = resolved.environment
    let solver = slot.solver
    var diagnostics: [Diagnostic] = []
    // Whether every diagnostic so far is one a move repeats unchanged (unknown items).
    var replayable = true

    // A fresh solver gets its tables' final size first (`Solver.reserveCapacity`): four
    // variables per item, the container's two constraints and the set's.
    if rebuilding, slot.items.isEmpty {
      solver.reserveCapacity(
        variables: 4 * (resolved.views.count + set.guides.count), constraints: set.constraints.count + 2)
      slot.items.reserveCapacity(resolved.views.count + set.guides.count)
    }
    // Variables: views in document order (read in place: iterating copies each view), then
    // stack guides as they first appear.
    let views = resolved.views
    for index in views.indices {
      Self.makeItem(views[index].item, isRoot: views[index].id == root.id, in: &slot)
    }
    for guide in set.guides { Self.makeItem(guide, isRoot: false, in: &slot) }
    guard let rootVars = slot.items[root.item] else { return nil }
    // 0. The container, required and first: nothing added later can move the root.
    if slot.container == nil {
      do {
        try Self.addContainer(&slot, root: root, rootVars: rootVars, size: environment.containerSize)
      } catch {
        // Only a non-finite size gets here (a fresh solver holds two equalities on two variables).
        diagnostics.append(
          Diagnostic(
            .error, "The container size could not be set: \(error)", code: "container-size", kind: .containerSize,
            environment: environment))
        replayable = false
        if !breaksConflicts { return nil }
      }
    }

    let map = AnchorMap(
      items: slot.items, views: resolved.views, rootID: root.id, safeAreaInsets: environment.safeAreaInsets,
      direction: environment.layoutDirection)

    // Compile the wanted constraints.
    var wanted: [Compiled] = []
    wanted.reserveCapacity(set.constraints.count)
    for position in Self.installationOrder(set.constraints, views: resolved.views) {
      let layout = set.constraints[position]
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

    // 0. A diff of a solver that broke required constraints: those wanted again as the same
    // equations are broken again, without trying them, when nothing the diff changes can reach
    // them (no required constraint removed, re-valued or added names a variable of their blocks,
    // and the container keeps its size if their blocks hold it; see `RejectionDependence`).
    // Anything else rebuilds, as any conflict met by a diff does.
    var brokenAgain = Set<Int>()
    if !rebuilding, !slot.rejected.isEmpty {
      guard let dependence = slot.rejectionDependence() else { return nil }
      if dependence.onContainerSize, slot.container?.size != environment.containerSize { return nil }
      for (index, entry) in installed.enumerated() where !matched[index] && entry.isRequired {
        if dependence.reaches(entry.expression.terms) { return nil }
      }
      for (position, entry) in wanted.enumerated() where entry.layout.priority >= 1000 {
        if let index = matchOf[position] {
          if installed[index].constant != entry.expression.constant, dependence.reaches(entry.expression.terms) {
            return nil
          }
        } else if dependence.wasBroken(entry) {
          brokenAgain.insert(position)
        } else if dependence.reaches(entry.expression.terms) {
          return nil
        }
      }
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
    // 2. Move the container (a refusal means a kept required constraint fights the new size:
    // rebuild, so that the container is added first and that constraint is the one broken).
    if slot.container != nil, !Self.resize(&slot, to: environment.containerSize) { return nil }
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
          try solver.setConstantDiscardingOnFailure(of: current.constraint, to: entry.expression.constant)
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
    var required = wanted.indices.filter {
      matchOf[$0] == nil && wanted[$0].layout.priority >= 1000 && !brokenAgain.contains($0)
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
    var requiredInSolver = slot.container == nil ? 0 : 2
    for (step, position) in (required + optional).enumerated() {
      if step == required.count { solver.defersOptimization = true }
      let entry = wanted[position]
      let constraint = Constraint(
        entry.expression, entry.layout.relation.solverRelation, priority: Priority(entry.layout.priority),
        label: entry.layout.id)
      var known: (members: [LayoutEngine.Installed], position: [Int])?
      if consultsMemo, entry.layout.priority >= 1000, rejected.count < LayoutEngine.maxConflictDiagnostics {
        known = Self.knownConflict(
          entry, memo, slot.container, placed, placedByID, requiredInSolver: requiredInSolver)
      }
      // A rebuild breaks a required constraint that cannot hold (UIKit's recovery); a diff
      // rebuilds instead, so that conflicts are decided in the documented order.
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
        if case .unsatisfiableConstraint = error { return nil }
        replayable = false
        diagnostics.append(
          Diagnostic(
            .error, "Constraint '\(entry.layout.id)' (\(entry.layout)) was rejected: \(error)",
            code: "rejected-constraint", at: ConstraintMessages.location(of: entry.layout, resolved),
            path: constraintPaths[entry.layout.id], kind: .conflict, environment: environment))
        continue
      }
      guard case .broken(_, var conflicts) = outcome else {
        update.added += 1
        let made = LayoutEngine.Installed(
          layout: entry.layout, expression: entry.expression, constant: entry.expression.constant,
          constraint: constraint, readsSafeArea: entry.readsSafeArea)
        placed[position] = made
        if made.isRequired { requiredInSolver += 1 }
        if consultsMemo, memberIDs.contains(entry.layout.id) {
          placedByID[entry.layout.id, default: []].append(position)
        }
        continue
      }
      rejected.append(entry.layout)
      // Past the cap, conflicts are only counted: a flood of them stays readable, and the
      // solver stops explaining them (each explanation searches every required constraint).
      if rejected.count >= LayoutEngine.maxConflictDiagnostics { solver.explainsConflicts = false }
      if rejected.count > LayoutEngine.maxConflictDiagnostics { continue }
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
        // Everything in the solver now: the set is named by the solver's constraints.
        for (position, entry) in (slot.container?.both ?? []).enumerated() {
          layoutOf[entry.constraint] = (entry.layout, position - 2)
        }
        for (position, entry) in placed.enumerated() {
          if let entry { layoutOf[entry.constraint] = (entry.layout, position) }
        }
        Self.remember(entry, conflicts, layoutOf, slot.container, placed, requiredInSolver: requiredInSolver, in: memo)
      }
      diagnostics.append(
        ConstraintMessages.unsatisfiable(
          broken: entry.layout, conflicts: conflicts, layoutOf, resolved, path: constraintPaths[entry.layout.id]))
    }
    if !brokenAgain.isEmpty {
      // Reported as a build in the documented order reports them: in that order, each with the
      // set kept for it (``ConflictMemo``), as it is in this solver now.
      var requiredBefore = Array(repeating: slot.container == nil ? 0 : 2, count: wanted.count + 1)
      var byID: [String: [Int]] = [:]
      for position in wanted.indices {
        let entry = placed[position]
        requiredBefore[position + 1] = requiredBefore[position] + (entry?.isRequired == true ? 1 : 0)
        if let entry, memo.memberIDs.contains(entry.layout.id) { byID[entry.layout.id, default: []].append(position) }
      }
      for position in brokenAgain.sorted() {
        let entry = wanted[position]
        rejected.append(entry.layout)
        if rejected.count > LayoutEngine.maxConflictDiagnostics { continue }
        // Only what a build would have in the solver when it tries this one: what comes before.
        let before = byID.mapValues { $0.filter { $0 < position } }
        guard
          let known = Self.knownConflict(
            entry, memo, slot.container, placed, before, requiredInSolver: requiredBefore[position])
        else { return nil }
        memo.reused += 1
        var layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)] = [:]
        for (member, position) in zip(known.members, known.position) {
          layoutOf[member.constraint] = (member.layout, position)
        }
        diagnostics.append(
          ConstraintMessages.unsatisfiable(
            broken: entry.layout, conflicts: known.members.map(\.constraint), layoutOf, resolved,
            path: constraintPaths[entry.layout.id]))
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
    // Conflict reports are repeated by a move only where the move cannot change them.
    slot.replay = replayable ? diagnostics : nil
    slot.recordRejections(rejected)
    slot.plan = SolutionReader.viewPlan(resolved, slot.items)
    return Outcome(diagnostics: diagnostics, rejected: rejected, update: update)
  }
}
