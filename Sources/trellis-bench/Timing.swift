import Foundation

/// Nanoseconds on `CLOCK_MONOTONIC`: never steps backwards, a few tens of ns to read.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Runs `body`: the one function every timed region goes through.
///
/// Not inlined, so `valgrind --tool=callgrind --toggle-collect='*measuredRegion*'` counts
/// exactly the instructions of the regions (scripts/callgrind.sh relies on the name).
@inline(never)
func measuredRegion(_ body: () -> Void) {
  body()
}

/// Times `body` (one call of ``measuredRegion(_:)``) and returns microseconds per operation.
func microsecondsPerOperation(_ operations: Int, _ body: () -> Void) -> Double {
  let start = monotonicNanoseconds()
  measuredRegion(body)
  let elapsed = monotonicNanoseconds() - start
  return Double(elapsed) / 1000 / Double(max(1, operations))
}

/// Keeps values the optimizer would otherwise drop as unused.
nonisolated(unsafe) private var sinkValue = 0.0

@inline(never)
func consume(_ value: Double) {
  sinkValue += value
}

/// How many samples to take: up to `maximum`, but stop after `budget` seconds once
/// `minimum` samples are in (so a slow solver still finishes).
struct SamplingPlan {
  var warmup: Int
  var minimum: Int
  var maximum: Int
  var budgetSeconds: Double

  /// Takes samples by calling `sample` (which returns µs per operation).
  func collect(warmup warmupBody: () -> Void, sample: () -> Double) -> [Double] {
    for _ in 0..<warmup { warmupBody() }
    var samples: [Double] = []
    samples.reserveCapacity(maximum)
    let start = monotonicNanoseconds()
    while samples.count < maximum {
      samples.append(sample())
      let seconds = Double(monotonicNanoseconds() - start) / 1e9
      if samples.count >= minimum, seconds >= budgetSeconds { break }
    }
    return samples
  }
}

/// One timed quantity: the distribution of its samples, in microseconds per operation.
struct Measurement {
  var name: String
  var samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { samples.min() ?? .nan }
  var maximum: Double { samples.max() ?? .nan }
  var runs: Int { samples.count }
}
