import TrellisSolver

/// Turns kiwi's scalar strengths into Trellis priorities for one solver mode.
///
/// - Weighted mode: `strength / 1001.001`, so every optional strength lands in (0, 1000)
///   with kiwi's ratios (strong 1e6 → 999.000999, weak 1 → 0.000999) and the weighted
///   objective is kiwi's divided by one constant: the same optimum.
/// - Strict mode: only the order of levels matters, so the distinct optional strengths,
///   highest first, become 999, 998, …
///
/// Required (``kiwiRequiredStrength``) is ``Priority/required`` in both.
struct PriorityMapping {
  /// kiwi's required strength over Trellis's required priority.
  static let weightedDivisor = 1001.001

  let mode: Solver.Mode
  /// The distinct optional strengths, highest first.
  let levels: [Double]

  init(mode: Solver.Mode, strengths: [Double]) {
    self.mode = mode
    levels = Array(Set(strengths.filter { $0 < kiwiRequiredStrength })).sorted(by: >)
  }

  /// The priority for a strength (which must be one of those given at creation, or required).
  func priority(_ strength: Double) -> Priority {
    if strength >= kiwiRequiredStrength { return .required }
    switch mode {
    case .weighted:
      return Priority(strength / Self.weightedDivisor)
    case .strict:
      // 999 − rank stays a valid priority for up to 999 levels; beyond that the solver
      // rejects the priority with invalidPriority (reported, not trapped).
      let rank = levels.firstIndex(of: strength) ?? levels.count
      return Priority(999 - Double(rank))
    }
  }
}

extension Solver.Mode {
  /// `strict` / `weighted`, as printed and accepted on the command line.
  var name: String {
    switch self {
    case .strict: return "strict"
    case .weighted: return "weighted"
    }
  }
}
