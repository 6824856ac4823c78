import TrellisModel

// One more layout pass with a changed resolution (text wrapped at its width, margins decided
// from the frames): the slot's solver is diffed to it, or rebuilt at a conflict.

extension LayoutEngine {
  /// Installs `next` (with its constraint set `set`) in the slot at `index`, diffing its solver;
  /// at a conflict the slot is rebuilt, so that the conflict is decided in the documented order,
  /// and `index` becomes the new slot's. `outcome` becomes this pass's, its update counting the
  /// passes before it too.
  func relayout(
    _ index: inout Int, _ next: ResolvedLayout, _ set: ConstraintSet, _ outcome: inout ConstraintInstaller.Outcome
  ) {
    let before = outcome.update
    if let diffed = installer.apply(&cache[index], next, set, rebuilding: false) {
      outcome = diffed
    } else {
      let key = cache[index].key
      let limit = SolverReuse.keepsSolverPerKey(set) ? Self.solverCacheLimit : 1
      cache.remove(at: index)
      index = cache.makeSlot(key, limit: limit, mode: mode)
      outcome =
        installer.apply(&cache[index], next, set, rebuilding: true)
        ?? ConstraintInstaller.Outcome(diagnostics: [], rejected: [], update: .nothing(.rebuilt))
    }
    outcome.update.added += before.added
    outcome.update.removed += before.removed
    outcome.update.constantsChanged += before.constantsChanged
    if before.route == .rebuilt { outcome.update.route = .rebuilt }
  }
}
