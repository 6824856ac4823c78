import TrellisModel
import TrellisSolver

// Resizes within an environment key that pivot nothing, laid out from the solution's dependence
// on the container's size (``ParametricMove``) without touching the solver (issue 15).

extension LayoutEngine {
  /// Lays the document out in `environment` as ``layout(in:snapToPixels:)`` does, writing only
  /// the views' frames into `frames` (root coordinates, one per view in the order of
  /// `LayoutResult.views`; resized to fit): for a toolkit that applies frames on every step of
  /// a live resize. Returns the layout's diagnostics, the same as ``layout(in:snapToPixels:)``
  /// would give (empty when the layout is clean).
  ///
  /// A resize within one environment key that pivots nothing, the usual step of a live resize,
  /// is computed from the solution's dependence on the container's size, every check included
  /// (required constraints, frame sizes, text, the ambiguity found for the basis): a few
  /// multiply-adds per frame value. Anything else is a full layout.
  public func layoutFrames(in environment: Environment, snapToPixels: Bool = false, into frames: inout [Rect])
    -> [Diagnostic]
  {
    let key = EnvironmentKey(
      environment, bySizeClass: variesWithTraits, byScale: measuresText, byRootWidth: readsMargins)
    // One access to the cache for the whole move (each is checked for exclusivity at run time).
    if hooks.movesParametrically,
      let (index, step, recorded) = cache.moveParametrically(
        key, to: environment, readsMargins: readsMargins, checksAmbiguity: checksAmbiguity, typesetter: typesetter)
    {
      let mayReport = step.move.writeFrames(
        deltas: step.deltas, scale: environment.scale, snapToPixels: snapToPixels, into: &frames)
      var diagnostics = record(recorded, step, to: environment)
      if mayReport, var resolved = cache.slots[index].resolved {
        resolved.environment = environment
        let solution = step.move.solution(resolved, deltas: step.deltas, snapToPixels: snapToPixels)
        diagnostics += solutionChecks(solution, resolved, snapToPixels: snapToPixels, ambiguous: step.ambiguous)
      } else if snapToPixels, let warning = PixelSnapping.unusableScaleWarning(environment) {
        // The only check of the frames that can still report.
        diagnostics.append(warning)
      }
      return diagnostics + step.moved(step.memoDiagnostics, to: environment)
    }
    let result = layout(in: environment, snapToPixels: snapToPixels)
    frames.removeAll(keepingCapacity: true)
    for view in result.views { frames.append(view.frame) }
    return result.diagnostics
  }

  /// What a parametric move of the slot at `index` needs: its description, the changes of the
  /// container constants and the ambiguity found for its basis. (The slot's resolution is read
  /// from the slot only when a result or a check needs it: a copy is many references to retain.)
  struct ParametricStep {
    var move: ParametricMove
    var deltas: (Double, Double)
    var memoDiagnostics: [Diagnostic]
    var ambiguous: [(id: String, attributes: [LayoutAttribute])]

    /// `diagnostics` as found in `environment`.
    func moved(_ diagnostics: [Diagnostic], to environment: Environment) -> [Diagnostic] {
      diagnostics.map { diagnostic in
        var moved = diagnostic
        moved.environments = [environment]
        return moved
      }
    }
  }

  /// Records a parametric move of the slot at `index` to `environment` as the layout just made
  /// (what ``finish`` records for a move) and returns the diagnostics it repeats from the slot's
  /// last installation, as found in `environment`.
  private func record(_ index: Int, _ step: ParametricStep, to environment: Environment) -> [Diagnostic] {
    record(
      cache.recordParametricMove(index, to: environment.containerSize, held: step.move.size), step, to: environment)
  }

  /// Records what ``SolverCache/recordParametricMove(_:to:held:)`` returned.
  private func record(_ recorded: SolverCache.RecordedMove, _ step: ParametricStep, to environment: Environment)
    -> [Diagnostic]
  {
    hooks.parametricMoves += 1
    rejectedConstraints = recorded.rejected
    lastUpdate = Update(route: recorded.route, added: 0, removed: 0, constantsChanged: 0, kept: recorded.installed)
    solvedSerial = recorded.serial
    return recorded.replay.isEmpty ? [] : step.moved(recorded.replay, to: environment)
  }

  /// The result of the parametric move `step` of the slot at `index` (whose resolution is
  /// `kept`) to `environment`: the
  /// frames, the repeated diagnostics, the checks of the new frames (made in full only when a
  /// frame or a text could report), and the ambiguity found for the basis.
  func parametricResult(
    _ index: Int, _ step: ParametricStep, _ kept: consuming ResolvedLayout, to environment: Environment,
    snapToPixels: Bool
  ) -> LayoutResult {
    var diagnostics = record(index, step, to: environment)
    // The caller's copy taken over: `var resolved = kept` of a borrowed `kept` copied the
    // resolution a second time on every parametric move (its references retained).
    var resolved = kept
    resolved.environment = environment
    let solution = step.move.solution(resolved, deltas: step.deltas, snapToPixels: snapToPixels)
    if step.move.mayReport(solution.frames, deltas: step.deltas, snapped: snapToPixels) {
      diagnostics += solutionChecks(solution, resolved, snapToPixels: snapToPixels, ambiguous: step.ambiguous)
    } else if snapToPixels, let warning = PixelSnapping.unusableScaleWarning(environment) {
      diagnostics.append(warning)
    }
    diagnostics += step.moved(step.memoDiagnostics, to: environment)
    return LayoutResult(
      environment: environment, views: solution.views, safeArea: solution.safeArea, margins: solution.margins,
      diagnostics: diagnostics, hasConflicts: !rejectedConstraints.isEmpty, ambiguousViews: step.ambiguous,
      resolution: resolved)
  }
}

// In the cache's own methods the slots are read in place, in one access to the engine's cache
// (each access to a class's stored property is checked for exclusivity at run time).
extension SolverCache {
  /// The parametric move of the slot at `index` (of `environment`'s key, reusable) to
  /// `environment`, when only the container's size changes and the solver would pivot nothing;
  /// `nil` when the rules do not allow it (``SolverReuse/mayMoveParametrically(_:to:readsMargins:checksAmbiguity:)``),
  /// or text would wrap differently, a restricted row would turn negative, or a required
  /// constraint could miss. Changes nothing but the slot's kept description.
  mutating func parametricStep(
    _ index: Int, to environment: Environment, readsMargins: Bool, checksAmbiguity: Bool, typesetter: Typesetter
  ) -> LayoutEngine.ParametricStep? {
    guard
      SolverReuse.mayMoveParametrically(
        &self[index], to: environment, readsMargins: readsMargins, checksAmbiguity: checksAmbiguity),
      slots[index].container != nil, slots[index].resolved != nil
    else { return nil }
    let solver = slots[index].solver
    var memoDiagnostics: [Diagnostic] = []
    var ambiguous: [(id: String, attributes: [LayoutAttribute])] = []
    // The memos' fields read one by one: asking the memos (a method on them) copied them all.
    if checksAmbiguity, let items = slots[index].memos.ambiguityItems, let memo = slots[index].memos.ambiguity,
      memo.isValid(revision: solver.structureRevision, items: items)
    {
      (memoDiagnostics, ambiguous) = (memo.diagnostics, memo.ambiguous)
    }
    let move: ParametricMove
    if let current = slots[index].memos.parametric,
      current.isCurrent(solver, generation: slots[index].memos.generation)
    {
      move = current
    } else {
      // A copy of the resolution only here, where the description is made again.
      guard let kept = slots[index].resolved, let container = slots[index].container,
        let made = ParametricMove.make(
          solver: solver, container: container, installed: slots[index].installed,
          generation: slots[index].memos.generation, plan: slots[index].plan, resolved: kept, typesetter: typesetter)
      else { return nil }
      self[index].memos.parametric = made
      move = made
    }
    guard let deltas = move.deltas(to: environment.containerSize) else { return nil }
    // No wrapping text measured again at its new width (the test of ``LayoutEngine/wrapText``),
    // the resolution read in place, view by view.
    for i in move.wrapping.indices {
      let width = move.wrappedWidth(i, deltas: deltas)
      if width.isFinite, width > 0,
        slots[index].resolved?.textChanges(ofViewAt: move.wrapping[i].position, atWidth: width) == true
      {
        return nil
      }
    }
    return LayoutEngine.ParametricStep(
      move: move, deltas: deltas, memoDiagnostics: memoDiagnostics, ambiguous: ambiguous)
  }

  /// What the engine records of a parametric move: the slot's broken constraints, how many
  /// constraints it holds, its serial number, the diagnostics a move repeats, and the route.
  struct RecordedMove {
    var rejected: [LayoutConstraint]
    var installed: Int
    var serial: Int
    var replay: [Diagnostic]
    var route: LayoutEngine.Update.Route
  }

  /// Marks the slot at `index` as the one that served a parametric move to a container of `size`
  /// (its solver holding `held`), and returns what the engine records of it.
  mutating func recordParametricMove(_ index: Int, to size: Size, held: Size) -> RecordedMove {
    let route: LayoutEngine.Update.Route = isLive(index) ? .diffed : .reusedCachedSolver
    self[index].shownSize = size == held ? nil : size
    markUsed(index)
    return RecordedMove(
      rejected: slots[index].rejected, installed: slots[index].installed.count, serial: slots[index].serial,
      replay: slots[index].replay ?? [], route: route)
  }

  /// A whole parametric move to `environment` as one layout, when the slot kept for `key` can
  /// make it (``parametricStep(_:to:readsMargins:checksAmbiguity:typesetter:)``): begins the
  /// layout and records it.
  mutating func moveParametrically(
    _ key: LayoutEngine.EnvironmentKey, to environment: Environment, readsMargins: Bool, checksAmbiguity: Bool,
    typesetter: Typesetter
  ) -> (index: Int, step: LayoutEngine.ParametricStep, recorded: RecordedMove)? {
    guard let index = index(for: key), SolverReuse.mayMove(&self[index], to: environment),
      let step = parametricStep(
        index, to: environment, readsMargins: readsMargins, checksAmbiguity: checksAmbiguity, typesetter: typesetter)
    else { return nil }
    beginLayout()
    return (index, step, recordParametricMove(index, to: environment.containerSize, held: step.move.size))
  }
}
