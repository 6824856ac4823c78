import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver

/// A list's work: the heights of 1,000 rows of one self-sizing cell layout (`Layouts/`'s
/// message cell), each with its own message text, in a table as wide as an iPhone 17.
///
/// Regions: `fresh_cell`, a new engine per row (the reference), and `reused_cell`, one engine
/// for every row, given each row's text (`LayoutEngine.setText(_:ofView:)`) and laid out again:
/// what a list that measures many rows pays per row.
struct CellsWorkload: Workload {
  var name: String { "cells" }
  var reference: String? { "fresh_cell" }

  static let rows = 1000
  let document: LayoutDocument
  let texts: [String]
  let environment: Environment

  init(document: LayoutDocument) throws(BenchInputError) {
    guard let cell = document.cell else {
      throw BenchInputError(message: "the cells workload needs a layout with a \"cell\" object")
    }
    guard document.allViews.contains(where: { $0.id == "message" && $0.text != nil }) else {
      throw BenchInputError(message: "the cells workload needs a label 'message' in the cell layout")
    }
    self.document = document
    texts = (0..<Self.rows).map(Self.message)
    let screen =
      DeviceTable.device(named: "iPhone 17")?.environment(orientation: .portrait)
      ?? Environment(
        containerSize: Size(width: 402, height: 874), traits: .init(horizontal: .compact, vertical: .regular))
    environment = cell.contentEnvironment(on: screen)
  }

  /// Row `index`'s message: 1 to 60 words from a fixed vocabulary, so heights vary.
  static func message(_ index: Int) -> String {
    let words = ["see", "you", "at", "the", "station", "tomorrow", "morning", "bring", "a", "layout", "cell", "please"]
    let count = 1 + (index * 37) % 60
    return (0..<count).map { words[(index * 7 + $0 * 5 + $0 / 3) % words.count] }.joined(separator: " ")
  }

  var regions: [RegionInfo] {
    [
      RegionInfo(measurement: "fresh_cell", operation: "new engine + layout of one row", defaultIterations: 200),
      RegionInfo(measurement: "reused_cell", operation: "setText + layout of one row", defaultIterations: 2000),
    ]
  }

  func engine(_ document: LayoutDocument, _ mode: Solver.Mode) -> LayoutEngine {
    let engine = LayoutEngine(document: document, mode: mode)
    engine.checksAmbiguity = false
    return engine
  }

  func freshHeight(_ row: Int, _ mode: Solver.Mode) -> Double {
    var own = document
    _ = own.setTextForBench(texts[row])
    return engine(own, mode).layout(in: environment).cellHeight ?? 0
  }

  func reusedHeight(_ live: LayoutEngine, _ row: Int) -> Double {
    live.setText(texts[row], ofView: "message")
    return live.layout(in: environment).cellHeight ?? 0
  }

  // MARK: Golden

  /// One engine given every row's text in turn gives each row the height a fresh engine gives
  /// it, and the rows are not all one height.
  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    let live = engine(document, mode)
    var largest = 0.0
    var heights = Set<Double>()
    // Every row of the first 200 and every tenth after: fresh engines are the slow side.
    for row in 0..<Self.rows where row < 200 || row % 10 == 0 {
      let reused = reusedHeight(live, row)
      let fresh = freshHeight(row, mode)
      largest = max(largest, abs(reused - fresh))
      heights.insert(fresh)
    }
    log.note("cells: largest difference between a reused and a fresh engine's row height \(largest)")
    log.note("cells: \(heights.count) distinct row heights")
    if !(largest <= GoldenTolerance.frames) { log.fail("cells: a reused engine's row height differs by \(largest)") }
    if heights.count < 5 { log.fail("cells: the rows do not grow with their text (\(heights.count) heights)") }
  }

  func checkDataConsistency(log: inout GoldenLog) {
    if texts.count != Self.rows { log.fail("expected \(Self.rows) rows") }
  }

  // MARK: Timing

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let plan =
      quick
      ? SamplingPlan(warmup: 1, minimum: 3, maximum: 20, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 2, minimum: 10, maximum: 200, budgetSeconds: 3)
    var row = 0
    let fresh = {
      for _ in 0..<10 {
        consume(freshHeight(row % Self.rows, mode))
        row += 1
      }
    }
    let live = engine(document, mode)
    var next = 0
    let reused = {
      for _ in 0..<10 {
        consume(reusedHeight(live, next % Self.rows))
        next += 1
      }
    }
    return [
      Measurement(name: "fresh_cell", samples: plan.collect(warmup: fresh) { microsecondsPerOperation(10, fresh) }),
      Measurement(name: "reused_cell", samples: plan.collect(warmup: reused) { microsecondsPerOperation(10, reused) }),
    ]
  }

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    if measurement == "fresh_cell" {
      measuredRegion { for row in 0..<iterations { consume(freshHeight(row % Self.rows, mode)) } }
      return
    }
    let live = engine(document, mode)
    measuredRegion { for row in 0..<iterations { consume(reusedHeight(live, row % Self.rows)) } }
  }
}

extension LayoutDocument {
  /// The message cell with another message: what a fresh engine per row starts from.
  fileprivate mutating func setTextForBench(_ text: String) -> Bool { setText(text, ofView: "message") }
}
