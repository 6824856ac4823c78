import TrellisModel
import TrellisSolver

extension LayoutEngine {
  /// Why each asked value is what it is in the last layout (`trellis why`): the constraints the
  /// solver's optimum rests on, read from its basis (`Solver.dependence(of:)`), mapped back to
  /// the layout's constraints with their sources. `nil` for a view the last layout does not
  /// have (or before any layout).
  ///
  /// Costs about one build of the solver (equalities are read with markers), then a pass per value.
  public func explanations(of requests: [(view: String, quantity: FrameExplanation.Quantity)]) -> [FrameExplanation?] {
    guard let serial = solvedSerial, let index = cache.slots.firstIndex(where: { $0.serial == serial }),
      cache.isLive(index)
    else { return requests.map { _ in nil } }
    // A parametric move left the solver at another size (see ``brokenOptionalConstraints``).
    if let shown = cache.slots[index].shownSize {
      guard ConstraintInstaller.resize(&cache[index], to: shown) else {
        cache.remove(at: index)
        solvedSerial = nil
        return requests.map { _ in nil }
      }
      cache[index].shownSize = nil
    }
    let slot = cache[index]
    guard let map = slot.map, let resolved = slot.resolved else { return requests.map { _ in nil } }
    return FrameExplainer(slot: slot, map: map, resolved: resolved).explain(requests)
  }
}

/// Maps the solver's ``ValueDependence`` back to the layout: steps with their layout
/// constraints, the container's rates, the optional constraints that lost.
private struct FrameExplainer {
  let slot: LayoutEngine.SolverSlot
  let map: AnchorMap
  let resolved: ResolvedLayout

  func explain(_ requests: [(view: String, quantity: FrameExplanation.Quantity)]) -> [FrameExplanation?] {
    var insetsByView: [String: EdgeInsets] = [:]
    for index in resolved.views.indices where insetsByView[resolved.views[index].id] == nil {
      insetsByView[resolved.views[index].id] = resolved.views[index].alignmentRectInsets
    }
    // Per request, the expression of its value (`nil` when the view is unknown here).
    var expressions: [(expression: LinearExpression, adjustment: Double)?] = []
    for request in requests {
      guard let insets = insetsByView[request.view], let vars = slot.items[.view(request.view)] else {
        expressions.append(nil)
        continue
      }
      switch request.quantity {
      case .x:
        expressions.append((vars.x.map { LinearExpression($0) - insets.left } ?? LinearExpression(), -insets.left))
      case .y:
        expressions.append((vars.y.map { LinearExpression($0) - insets.top } ?? LinearExpression(), -insets.top))
      case .width:
        let grown = insets.left + insets.right
        expressions.append((LinearExpression(vars.width) + grown, grown))
      case .height:
        let grown = insets.top + insets.bottom
        expressions.append((LinearExpression(vars.height) + grown, grown))
      case .anchor(let attribute):
        let anchor = AnchorReference(item: .view(request.view), attribute: attribute)
        guard let expression = try? map.expression(for: anchor, mirrored: false) else {
          expressions.append(nil)
          continue
        }
        expressions.append((expression, expression.constant))
      }
    }
    let known = expressions.compactMap { $0?.expression }
    var dependences = slot.solver.dependence(of: known)[...]
    var installedByConstraint: [Constraint: LayoutEngine.Installed] = [:]
    for entry in slot.installed { installedByConstraint[entry.constraint] = entry }
    for entry in slot.container?.both ?? [] { installedByConstraint[entry.constraint] = entry }
    let broken = SolutionReader.brokenOptional(slot)
    var context = Context(
      installed: installedByConstraint, broken: broken, width: slot.container?.width, height: slot.container?.height)
    return zip(requests, expressions).map { request, expression in
      guard let expression, let dependence = dependences.popFirst() else { return nil }
      return explanation(request, dependence, adjustment: expression.adjustment, &context)
    }
  }

  /// What every explanation of one call reads: the installed constraints by solver constraint,
  /// the optional constraints that lost, the container's constraints, and depths found so far.
  private struct Context {
    let installed: [Constraint: LayoutEngine.Installed]
    let broken: [LayoutEngine.BrokenConstraint]
    let width: LayoutEngine.Installed?
    let height: LayoutEngine.Installed?
    var depths: [LayoutItem: Int] = [:]
  }

  private func explanation(
    _ request: (view: String, quantity: FrameExplanation.Quantity), _ dependence: ValueDependence,
    adjustment: Double, _ context: inout Context
  ) -> FrameExplanation {
    let installed = context.installed
    var steps: [(depth: Int, step: FrameExplanation.Step)] = []
    var perWidth = 0.0
    var perHeight = 0.0
    for term in dependence.terms {
      guard let entry = installed[term.constraint] else { continue }
      let layout = entry.layout
      // The right-hand side's constant is −(the expression's constant): `first − (m × second + c)`.
      let weight = -term.rate
      let isContainer = entry === context.width || entry === context.height
      if entry === context.width { perWidth = weight }
      if entry === context.height { perHeight = weight }
      let step = FrameExplanation.Step(
        constraint: layout, weight: weight == 0 ? 0 : weight,
        guideOffset: isContainer ? 0 : -term.constant - layout.constant,
        constant: isContainer ? -term.constant : layout.constant)
      steps.append((isContainer ? -1 : depth(of: layout, &context.depths), step))
    }
    // From the container and the safe area inward; the solver's order (installation) within.
    let ordered = steps.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
      .map(\.element.step)
    var items = Set<LayoutItem>([.view(request.view)])
    for step in ordered {
      items.insert(step.constraint.first.item)
      if let second = step.constraint.second { items.insert(second.item) }
    }
    let axis = request.quantity.axis
    let isLocation: Bool
    switch request.quantity {
    case .width, .height: isLocation = false
    case .anchor(let attribute): isLocation = !attribute.isSize
    case .x, .y: isLocation = true
    }
    let own = LayoutItem.view(request.view)
    let lost = context.broken.filter { entry in
      let constraint = entry.constraint
      guard constraint.first.attribute.axis == axis else { return false }
      // The view's own size losing (its hugging, say) does not place it: its edges are where
      // the steps put them. Its siblings' sizes can.
      if isLocation, constraint.first.item == own, constraint.first.attribute.isSize,
        constraint.second.map({ $0.item == own }) ?? true
      {
        return false
      }
      return items.contains(constraint.first.item) || constraint.second.map { items.contains($0.item) } == true
    }
    var free = dependence.freeConstraints.compactMap { installed[$0]?.layout }
    let limits = dependence.range.map { range in
      (range.lowerLimits.compactMap { installed[$0]?.layout }, range.upperLimits.compactMap { installed[$0]?.layout })
    }
    for limit in (limits?.0 ?? []) + (limits?.1 ?? []) where !free.contains(limit) { free.append(limit) }
    var explanation = FrameExplanation(
      view: request.view, quantity: request.quantity, value: dependence.value, steps: ordered,
      adjustment: adjustment, perWidth: perWidth, perHeight: perHeight,
      lost: lost.map { .init(constraint: $0.constraint, violation: $0.violation) },
      range: dependence.range.map {
        .init(lower: $0.lower, upper: $0.upper, lowerLimits: limits?.0 ?? [], upperLimits: limits?.1 ?? [])
      }, freeConstraints: free,
      freeValues: dependence.freeVariables)
    explanation.unattributed = dependence.unattributed
    return explanation
  }

  /// How deep a constraint sits: the shallowest of its items (root guides 0, a view its
  /// number of ancestors, a stack's or scroll view's guide one below its owner).
  private func depth(of constraint: LayoutConstraint, _ known: inout [LayoutItem: Int]) -> Int {
    let first = depth(of: constraint.first.item, &known)
    guard let second = constraint.second else { return first }
    return min(first, depth(of: second.item, &known))
  }

  private func depth(of item: LayoutItem, _ known: inout [LayoutItem: Int]) -> Int {
    if let depth = known[item] { return depth }
    let depth: Int
    switch item {
    case .safeArea, .margins: depth = 0
    case .generated(let owner, _): depth = self.depth(of: .view(owner), &known) + 1
    case .view(let id):
      var count = 0
      var next = map.parents[id]
      while let parent = next, count <= map.parents.count {
        count += 1
        next = map.parents[parent]
      }
      depth = count
    }
    known[item] = depth
    return depth
  }
}
