import TrellisModel
import TrellisSolver

// What tests switch, count and call on an engine: kept apart from the engine's own state, at
// `package` access (the test targets are in the package; nothing here is public API), so that
// no test needs `@testable import`.

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
  package var movesParametrically: Bool {
    get { hooks.movesParametrically }
    set { hooks.movesParametrically = newValue }
  }

  /// Layouts made by a parametric move so far.
  package var parametricMoves: Int { hooks.parametricMoves }

  /// Constraint sets generated so far (a move within one size-class environment makes none).
  package var constraintSetsGenerated: Int { hooks.constraintSetsGenerated }

  /// The environment keys of the solvers kept, least recently used first.
  package var cachedKeys: [EnvironmentKey] { cache.keysByUse }

  /// Conflicts explained from the conflict memo instead of searched for again (``ConflictMemo``).
  package var conflictsReused: Int { installer.conflictMemo.reused }

  /// The solver of the live slot (the last layout's), if any.
  package var liveSolver: Solver? { cache.liveSlot?.solver }

  /// The order the installer adds `constraints` in (``ConstraintInstaller/installationOrder(_:views:)``),
  /// as positions in `constraints`.
  package static func installationOrder(_ constraints: [LayoutConstraint], views: [ResolvedView]) -> [Int] {
    ConstraintInstaller.installationOrder(constraints, views: views)
  }

  /// The stacks and views of `views` in post-order, inner first (``ConstraintInstaller/postOrder(_:)``).
  package static func postOrder(_ views: [ResolvedView]) -> [String] {
    ConstraintInstaller.postOrder(views)
  }

  /// The positions of `bounds` (each compiled to `expression`) with bounds on the same terms
  /// tightest first (``ConstraintInstaller/tightestBoundsFirst(_:_:)``).
  package static func tightestBoundsFirst(_ bounds: [(layout: LayoutConstraint, expression: LinearExpression)])
    -> [Int]
  {
    let compiled = bounds.map {
      ConstraintInstaller.Compiled(layout: $0.layout, expression: $0.expression, readsSafeArea: false)
    }
    return ConstraintInstaller.tightestBoundsFirst(Array(compiled.indices), compiled)
  }
}
