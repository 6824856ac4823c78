import TrellisModel

// What tests switch and count on an engine: kept apart from the engine's own state, at
// `internal` access (tests reach it with `@testable import`), never public.

extension LayoutEngine {
  /// Switches and counters for tests.
  struct TestHooks {
    /// Whether a resize that pivots nothing is computed from the solution's dependence on the
    /// container's size (``ParametricMove``); tests turn it off to compare with the solver's path.
    var movesParametrically = true
    /// Layouts made by a parametric move.
    var parametricMoves = 0
    /// Constraint sets generated (a move within one environment key makes none).
    var constraintSetsGenerated = 0
  }

  /// Whether a resize that pivots nothing is computed from the solution's dependence on the
  /// container's size (on by default).
  var movesParametrically: Bool {
    get { hooks.movesParametrically }
    set { hooks.movesParametrically = newValue }
  }

  /// Layouts made by a parametric move so far.
  var parametricMoves: Int { hooks.parametricMoves }

  /// Constraint sets generated so far (a move within one size-class environment makes none).
  var constraintSetsGenerated: Int { hooks.constraintSetsGenerated }

  /// The environment keys of the solvers kept, least recently used first.
  var cachedKeys: [EnvironmentKey] { cache.keysByUse }

  /// Conflicts explained from the conflict memo instead of searched for again (``ConflictMemo``).
  var conflictsReused: Int { installer.conflictMemo.reused }
}
