import TrellisModel
import TrellisSolver

/// Reads a solved slot: the frames of the views (in root and parent coordinates), the safe-area
/// and margins guides, and the optional constraints the solution leaves unsatisfied.
enum SolutionReader {
  /// What a solution says, before any check.
  struct Solution {
    var views: [LayoutResult.ViewFrame]
    /// Frames in root coordinates, one per resolved view.
    var frames: [Rect]
    var rootSize: Size
    var safeArea: Rect
    var margins: Rect
    var scrollViews: [ScrollState] = []
  }

  /// Per resolved view: its item's variables, and the index of the first view with its
  /// parent's id (the view the parent's frame and hidden state are read from).
  static func viewPlan(_ resolved: ResolvedLayout, _ items: [LayoutItem: ItemVariables]) -> [LayoutEngine.ViewPlan] {
    // By index: iterating copies each 550-byte view (see `ResolvedLayout.constraintSet`).
    let views = resolved.views
    var firstIndex: [String: Int] = [:]
    for index in views.indices where firstIndex[views[index].id] == nil { firstIndex[views[index].id] = index }
    var plan: [LayoutEngine.ViewPlan] = []
    plan.reserveCapacity(views.count)
    for index in views.indices {
      let insets = views[index].alignmentRectInsets
      plan.append(
        LayoutEngine.ViewPlan(
          variables: items[views[index].item].map { ($0.x?.slot, $0.y?.slot, $0.width.slot, $0.height.slot) },
          parent: views[index].parent.flatMap { firstIndex[$0] },
          alignmentInsets: insets == .zero ? nil : insets))
    }
    return plan
  }

  /// By how much an installed constraint misses: `|lhs − rhs|` for `==`, the shortfall for
  /// `<=` and `>=` (0 when it holds).
  static func violation(of entry: LayoutEngine.Installed, in solver: Solver) -> Double {
    let value = solver.evaluate(entry.expression, constant: entry.constant).value
    switch entry.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
  }

  /// The optional constraints `slot`'s solution leaves unsatisfied, in installation order.
  static func brokenOptional(_ slot: LayoutEngine.SolverSlot) -> [LayoutEngine.BrokenConstraint] {
    // Which are broken first, then their (large) layout constraints copied once into an array
    // of the right size: growing it copied every element again.
    var brokenEntries: [(entry: LayoutEngine.Installed, violation: Double)] = []
    for entry in slot.installed where !entry.isRequired {
      let violation = violation(of: entry, in: slot.solver)
      if violation > EngineTolerance.brokenOptional { brokenEntries.append((entry, violation)) }
    }
    var broken: [LayoutEngine.BrokenConstraint] = []
    broken.reserveCapacity(brokenEntries.count)
    for (entry, violation) in brokenEntries {
      broken.append(LayoutEngine.BrokenConstraint(constraint: entry.layout, violation: violation))
    }
    return broken
  }

  /// The solution of `slot` for `resolved`, with `rootVars` the root's variables.
  static func read(
    _ slot: LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, rootVars: ItemVariables, snapToPixels: Bool
  ) -> Solution {
    let solver = slot.solver
    let rootSize = Size(width: solver.value(of: rootVars.width), height: solver.value(of: rootVars.height))
    let plan = slot.plan.count == resolved.views.count ? slot.plan : viewPlan(resolved, slot.items)
    var solution = assemble(resolved, plan, rootSize: rootSize, snapToPixels: snapToPixels) { solver.value(at: $0) }
    solution.scrollViews = ScrollLayout.states(
      resolved, frames: solution.frames, items: slot.items, solver: solver, safeArea: solution.safeArea,
      snapToPixels: snapToPixels)
    return solution
  }

  /// The safe-area and margins guides of a root of `rootSize`, in root coordinates.
  static func guides(_ resolved: ResolvedLayout, rootSize: Size, snapToPixels: Bool) -> (safeArea: Rect, margins: Rect)
  {
    let environment = resolved.environment
    let insets = environment.safeAreaInsets
    let rootMargins = resolved.views.first?.effectiveMargins(safeAreaInsets: insets) ?? .zero
    var safeArea = RootGuides.rect(
      insets: RootGuides.insets(of: .safeArea, safeAreaInsets: insets, rootMargins: rootMargins), rootSize: rootSize)
    var margins = RootGuides.rect(
      insets: RootGuides.insets(of: .margins, safeAreaInsets: insets, rootMargins: rootMargins), rootSize: rootSize)
    if snapToPixels {
      safeArea = PixelSnapping.snap(safeArea, scale: environment.scale)
      margins = PixelSnapping.snap(margins, scale: environment.scale)
    }
    return (safeArea, margins)
  }

  /// The frames, guides and view list of a solution whose values `value` gives (the solver's,
  /// or a parametric move's), for `plan`; without scroll views' states.
  static func assemble(
    _ resolved: ResolvedLayout, _ plan: [LayoutEngine.ViewPlan], rootSize: Size, snapToPixels: Bool,
    value: (VariableSlot) -> Double
  ) -> Solution {
    let environment = resolved.environment
    // Frames, per view (its item's variables; views without variables are at zero).
    let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    var frames: [Rect] = []
    frames.reserveCapacity(plan.count)
    for index in plan.indices {
      guard let vars = plan[index].variables else {
        frames.append(zero)
        continue
      }
      var rect = Rect(
        x: vars.x.map(value) ?? 0, y: vars.y.map(value) ?? 0, width: value(vars.width), height: value(vars.height))
      if let insets = plan[index].alignmentInsets {
        rect = Rect(
          x: rect.x - insets.left, y: rect.y - insets.top, width: rect.width + insets.left + insets.right,
          height: rect.height + insets.top + insets.bottom)
      }
      if snapToPixels { rect = PixelSnapping.snap(rect, scale: environment.scale) }
      frames.append(rect)
    }

    let (safeArea, margins) = guides(resolved, rootSize: rootSize, snapToPixels: snapToPixels)

    var views: [LayoutResult.ViewFrame] = []
    views.reserveCapacity(plan.count)
    // Effectively hidden, per view; a parent is looked up as the first view with its id.
    var effectivelyHidden: [Bool] = []
    effectivelyHidden.reserveCapacity(plan.count)
    // By index, reading only the fields needed: a `ResolvedView` is large, and copying each
    // one (with its references) cost more than the rest of the loop.
    for index in resolved.views.indices {
      let parent = plan[index].parent
      let hiddenAbove = parent.map { $0 < index && effectivelyHidden[$0] } ?? false
      let hidden = resolved.views[index].hidden
      let isHidden = hidden || hiddenAbove
      effectivelyHidden.append(isHidden)
      let frame = frames[index]
      let parentFrame = parent.map { frames[$0] } ?? zero
      let inParent = Rect(
        x: frame.x - parentFrame.x, y: frame.y - parentFrame.y, width: frame.width, height: frame.height)
      views.append(
        LayoutResult.ViewFrame(
          id: resolved.views[index].id, kind: resolved.views[index].kind, parent: resolved.views[index].parent,
          frame: frame, frameInParent: inParent, hidden: hidden, isEffectivelyHidden: isHidden,
          text: resolved.views[index].text))
    }
    return Solution(views: views, frames: frames, rootSize: rootSize, safeArea: safeArea, margins: margins)
  }
}
