import TrellisSolver

/// One region of a workload that `--only` can run by itself (for callgrind).
struct RegionInfo {
  /// The measurement's name, as in the table (`resize`).
  var measurement: String
  /// What one iteration is, for messages (`resize`, `pass of 777 adds + update`).
  var operation: String
  /// Iterations when `--iterations` is not given.
  var defaultIterations: Int
}

/// A benchmark workload: golden checks, timed measurements and `--only` regions.
///
/// To add a workload (e.g. a layout relayout), implement this protocol, list it in
/// ``WorkloadCatalog``, and give kiwi's figures in ``KiwiReference`` if there are any.
protocol Workload {
  /// The name in the table, the JSON (`enaml-like`) and `--only name/measurement`.
  var name: String { get }
  /// The measurements, in table order; each is also a region for `--only`.
  var regions: [RegionInfo] { get }
  /// Replays the workload in `mode` and compares every golden state.
  func checkGolden(mode: Solver.Mode, log: inout GoldenLog)
  /// Times every measurement in `mode`; a solver error on the way goes into `log`.
  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement]
  /// Runs only `measurement`'s timed region, `iterations` times, for instruction counting.
  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog)
  /// Applies the golden checks to kiwi's own golden values (no solver): tests the checker.
  func checkDataConsistency(log: inout GoldenLog)
}

/// A solver error with the step that raised it, for messages.
struct StepError: Error, CustomStringConvertible {
  var step: String
  var error: SolverError
  var description: String { "\(step) threw: \(error)" }
}

/// Runs a solver call, naming the step if it throws (the name is built only on failure).
@inline(__always)
func step<T>(_ name: @autoclosure () -> String, _ body: () throws(SolverError) -> T) throws(StepError) -> T {
  do {
    return try body()
  } catch {
    throw StepError(step: name(), error: error)
  }
}
