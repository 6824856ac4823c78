import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisSupport

/// The outcome of one workload in one mode.
struct WorkloadResult {
  var workload: String
  var mode: Solver.Mode
  var measurements: [Measurement]
  var golden: GoldenLog
  /// The measurement the others are compared with (``Workload/reference``).
  var reference: String? = nil

  /// `reference median / measurement median` (how many times cheaper than the reference).
  func speedUp(_ measurement: Measurement) -> Double? {
    guard let reference, measurement.name != reference, measurement.runs > 0,
      let base = measurements.first(where: { $0.name == reference }), base.runs > 0, measurement.median > 0
    else { return nil }
    return base.median / measurement.median
  }
}

/// A duration given in µs, in the unit that suits it (`0.832 µs`, `289.4 µs`, `78.96 ms`).
func formatDuration(_ microseconds: Double) -> String {
  guard microseconds.isFinite else { return "—" }
  if microseconds < 10 { return NumberFormat.fixed(microseconds, decimals: 3) + " µs" }
  if microseconds < 1000 { return NumberFormat.fixed(microseconds, decimals: 1) + " µs" }
  if microseconds < 1_000_000 { return NumberFormat.fixed(microseconds / 1000, decimals: 2) + " ms" }
  return NumberFormat.fixed(microseconds / 1_000_000, decimals: 2) + " s"
}

enum Report {
  /// The human-readable table, then the golden-check outcome of each workload and mode.
  static func table(_ results: [WorkloadResult], verbose: Bool = false) -> String {
    let header = ["workload", "mode", "measurement", "median", "min – max", "runs", "kiwi", "ratio", "speed-up"]
    var rows: [[String]] = []
    for result in results {
      for measurement in result.measurements {
        let kiwi = KiwiReference.figure(workload: result.workload, measurement: measurement.name)
        let kiwiText = kiwi.map { formatDuration($0.medianMicroseconds) + ($0.comparable ? "" : "*") } ?? "—"
        var ratio = "—"
        if let kiwi, kiwi.comparable, measurement.runs > 0 {
          ratio = NumberFormat.fixed(measurement.median / kiwi.medianMicroseconds, decimals: 2) + "×"
        }
        rows.append([
          result.workload, result.mode.name, measurement.name,
          measurement.runs > 0 ? formatDuration(measurement.median) : "failed",
          measurement.runs > 0
            ? "\(formatDuration(measurement.minimum)) – \(formatDuration(measurement.maximum))" : "—",
          String(measurement.runs), kiwiText, ratio,
          result.speedUp(measurement).map { NumberFormat.fixed($0, decimals: 1) + "× vs \(result.reference ?? "")" }
            ?? "—",
        ])
      }
    }
    let rightAligned: Set<Int> = [3, 4, 5, 6, 7, 8]
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ")
    }
    var out = line(header) + "\n"
    out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
    for row in rows { out += line(row) + "\n" }
    out +=
      "ratio = our median / kiwi's median (kiwi: Benchmarks/Workloads/README.md; * = kiwi did different work, no ratio)\n"
    out += "speed-up = the reference measurement's median / this one's (concentration-relayout: vs a fresh engine)\n"
    out += "\nGolden checks (both modes; kiwi's answers, or a fresh engine for concentration-relayout):\n"
    for result in results {
      let label = "  \(result.workload) \(result.mode.name):"
      if result.golden.isEmpty {
        out += "\(label) ok\n"
      } else {
        out += "\(label) MISMATCH (\(result.golden.problems.count))\n"
        for problem in result.golden.problems { out += "    - \(problem)\n" }
      }
      if verbose {
        for note in result.golden.notes { out += "    · \(note)\n" }
      }
    }
    return out
  }

  /// Exactly one JSON object: `{"workloads": [{"name", "mode", "measurements": [...], "golden"}]}`.
  static func json(_ results: [WorkloadResult]) -> String {
    var workloads: [String] = []
    for result in results {
      var measurements: [String] = []
      for measurement in result.measurements where measurement.runs > 0 {
        var speedUp = ""
        if let reference = result.reference, let factor = result.speedUp(measurement) {
          speedUp = ", \(jsonString("speedup_over_\(reference)")): \(jsonNumber(factor))"
        }
        measurements.append(
          "{\"name\": \(jsonString(measurement.name)), \"median_us\": \(jsonNumber(measurement.median)), "
            + "\"min_us\": \(jsonNumber(measurement.minimum)), \"max_us\": \(jsonNumber(measurement.maximum)), "
            + "\"runs\": \(measurement.runs)\(speedUp)}")
      }
      workloads.append(
        "    {\"name\": \(jsonString(result.workload)), \"mode\": \(jsonString(result.mode.name)),\n"
          + "     \"measurements\": [\n       " + measurements.joined(separator: ",\n       ") + "],\n"
          + "     \"golden\": \(jsonString(result.golden.summary))}")
    }
    return "{\"workloads\": [\n" + workloads.joined(separator: ",\n") + "\n]}\n"
  }

  /// A number rounded to 0.0001 µs (`null` when not finite: JSON has no NaN or infinity).
  static func jsonNumber(_ value: Double) -> String { NumberFormat.json((value * 10_000).rounded() / 10_000) }

  static func jsonString(_ text: String) -> String { JSONText.quoted(text) }
}
