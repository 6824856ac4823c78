/// kiwi's figures for each measurement: the one place they are written down.
///
/// Source: Benchmarks/Workloads/README.md, "What kiwi times, and its figures on this machine kind":
/// kiwi C++ core 1.4.2 (github.com/nucleic/kiwi b24c7e67), g++ 12.2 -O2, a 2-vCPU AMD EPYC
/// guest; times are the median of three runs' medians; instruction counts are from valgrind
/// callgrind on the same build.
struct KiwiFigure {
  var workload: String
  var measurement: String
  /// Median time per operation, µs.
  var medianMicroseconds: Double
  /// Whether kiwi did the same work (false: shown for information, no ratio).
  var comparable: Bool
  /// Instructions per operation (callgrind), when the README gives them.
  var instructionsPerOperation: Double?
  /// What one operation is, for callgrind output ("resize", "pass of 777 adds", …).
  var operation: String
}

enum KiwiReference {
  static let figures: [KiwiFigure] = [
    // enaml-like: one build; one resize (2 suggestions + update); one forced-pivot resize.
    KiwiFigure(
      workload: "enaml-like", measurement: "build", medianMicroseconds: 289.4, comparable: true,
      instructionsPerOperation: 2_788_363, operation: "build"),
    KiwiFigure(
      workload: "enaml-like", measurement: "resize", medianMicroseconds: 0.832, comparable: true,
      instructionsPerOperation: 16_581_043.0 / 1000, operation: "resize"),
    KiwiFigure(
      workload: "enaml-like", measurement: "forced_pivot_resize", medianMicroseconds: 178.5, comparable: true,
      instructionsPerOperation: 1_865_909_043.0 / 1000, operation: "resize"),
    // adddel-900: add 777 / one resolve (of 10000) / remove 777; add-all is kiwi without rollback.
    KiwiFigure(
      workload: "adddel-900", measurement: "add", medianMicroseconds: 78_960, comparable: true,
      instructionsPerOperation: 639.4e6, operation: "pass of 777 adds + update"),
    KiwiFigure(
      workload: "adddel-900", measurement: "resolve", medianMicroseconds: 22.9, comparable: true,
      instructionsPerOperation: 2_927.6e6 / 10_000, operation: "resolve"),
    KiwiFigure(
      workload: "adddel-900", measurement: "remove", medianMicroseconds: 49_910, comparable: true,
      instructionsPerOperation: 383.0e6, operation: "pass of 777 removes"),
    KiwiFigure(
      workload: "adddel-900", measurement: "add_all_in_order", medianMicroseconds: 60_510, comparable: false,
      instructionsPerOperation: nil, operation: "pass of 900 adds (123 rejected)"),
    // adddel-300: N = 300, 1000 resolves.
    KiwiFigure(
      workload: "adddel-300", measurement: "add", medianMicroseconds: 5_389, comparable: true,
      instructionsPerOperation: 42.4e6, operation: "pass of 258 adds + update"),
    KiwiFigure(
      workload: "adddel-300", measurement: "resolve", medianMicroseconds: 5.17, comparable: true,
      instructionsPerOperation: 66.7e6 / 1000, operation: "resolve"),
    KiwiFigure(
      workload: "adddel-300", measurement: "remove", medianMicroseconds: 4_589, comparable: true,
      instructionsPerOperation: 36.0e6, operation: "pass of 258 removes"),
  ]

  /// kiwi's figure for a measurement, if the README has one.
  static func figure(workload: String, measurement: String) -> KiwiFigure? {
    figures.first { $0.workload == workload && $0.measurement == measurement }
  }
}
