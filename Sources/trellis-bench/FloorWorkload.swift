import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver

/// The floor: Concentration's frames in regular height computed by hand-written arithmetic (what
/// a programmer who knows the layout would write), against the engine moving a live layout
/// between the same two containers. The ratio says how far the engine's re-layout is from the
/// cheapest possible one; the golden check says the arithmetic gives the engine's frames.
///
/// Containers: 414 × 736 (an iPhone 8 Plus in portrait) and 430 × 800, both wC hR, @3x, safe
/// area top 20: a resize within one environment key (the same size classes, scale and system
/// margins), where no constraint changes, only the container's constants. (Until 2026-11-26
/// the second container was an iPhone 8's 375 × 667 @2x, another environment key: the engine
/// then alternated two kept solvers, each moved to where it already was.)
struct FloorWorkload: Workload {
  let document: LayoutDocument

  var name: String { "floor" }
  var reference: String? { "hand" }

  static let small = Environment(
    containerSize: Size(width: 414, height: 736), traits: TraitCollection(horizontal: .compact, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 3)
  static let large = Environment(
    containerSize: Size(width: 430, height: 800), traits: TraitCollection(horizontal: .compact, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 3)

  /// The views the arithmetic places, in document order (35 with the root).
  static let ids: [String] = {
    var ids = ["root", "cardGrid", "rows"]
    for row in 0..<5 {
      ids.append("row\(row + 1)")
      for column in 0..<4 { ids.append("card\(row * 4 + column + 1)") }
    }
    ids.append("extraColumn")
    for card in 21...24 { ids.append("card\(card)") }
    ids.append("flipCountLabel")
    return ids
  }()

  /// The frames of Layouts/concentration.json in a regular-height environment, by hand: the
  /// flip label "Flips: 0" at 20 pt is 80 × 24 (the fixed metric), its bottom on the safe area's,
  /// centred on it; the grid 8 inside the safe area's top, leading and trailing and 8 above the
  /// label; five fill-equally rows of four fill-equally cards, spacing 8; the hidden extra column
  /// 0 wide, half a spacing past the rows, its four cards sharing the grid's height.
  @inline(never)
  static func handFrames(_ e: Environment, into frames: inout [Rect]) {
    let w = e.containerSize.width, h = e.containerSize.height, s = e.safeAreaInsets
    let labelW = 80.0, labelH = 24.0
    let gridX = s.left + 8, gridY = s.top + 8
    let gridW = w - s.left - s.right - 16
    let gridH = h - s.bottom - labelH - 8 - gridY
    let rowH = (gridH - 32) / 5, cardW = (gridW - 24) / 4, columnH = (gridH - 24) / 4
    var i = 0
    frames[i] = Rect(x: 0, y: 0, width: w, height: h)
    frames[i + 1] = Rect(x: gridX, y: gridY, width: gridW, height: gridH)
    frames[i + 2] = frames[i + 1]
    i += 3
    for row in 0..<5 {
      let y = gridY + Double(row) * (rowH + 8)
      frames[i] = Rect(x: gridX, y: y, width: gridW, height: rowH)
      for column in 0..<4 {
        frames[i + 1 + column] = Rect(x: gridX + Double(column) * (cardW + 8), y: y, width: cardW, height: rowH)
      }
      i += 5
    }
    let columnX = gridX + gridW + 4
    frames[i] = Rect(x: columnX, y: gridY, width: 0, height: gridH)
    for card in 0..<4 {
      frames[i + 1 + card] = Rect(x: columnX, y: gridY + Double(card) * (columnH + 8), width: 0, height: columnH)
    }
    i += 5
    frames[i] = Rect(
      x: s.left + (w - s.left - s.right) / 2 - labelW / 2, y: h - s.bottom - labelH, width: labelW, height: labelH)
  }

  var regions: [RegionInfo] {
    [
      RegionInfo(
        measurement: "hand", operation: "hand-written frames, alternating 414x736/430x800", defaultIterations: 100_000),
      RegionInfo(
        measurement: "engine", operation: "live engine layout with its checks, alternating", defaultIterations: 1000),
      RegionInfo(
        measurement: "engine_nochecks", operation: "live engine layout, no ambiguity check, alternating",
        defaultIterations: 1000),
      RegionInfo(
        measurement: "engine_frames", operation: "live engine frames into an array, with its checks, alternating",
        defaultIterations: 1000),
    ]
  }

  func engine(_ mode: Solver.Mode, checks: Bool) -> LayoutEngine {
    let engine = LayoutEngine(document: document, mode: mode)
    engine.checksAmbiguity = checks
    for environment in [Self.small, Self.large, Self.small] { _ = engine.layout(in: environment) }
    return engine
  }

  // MARK: Golden

  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    guard mode == .strict else {
      // Weighted mode trades priorities by sums (80 cards' hugging outweigh the label's
      // compression resistance: cards 32.5 tall), which is not UIKit's layout; the arithmetic is.
      log.note("weighted: not compared; the arithmetic is UIKit's (strict) layout")
      return
    }
    var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: Self.ids.count)
    let live = engine(mode, checks: true)
    for environment in [Self.small, Self.large, Self.small, Self.large] {
      Self.handFrames(environment, into: &frames)
      let result = live.layout(in: environment)
      var largest = 0.0
      for (index, id) in Self.ids.enumerated() {
        guard let frame = result.view(id)?.frame else {
          log.fail("\(environment): the engine has no view \(id)")
          continue
        }
        let hand = frames[index]
        largest = max(
          largest, abs(frame.x - hand.x), abs(frame.y - hand.y), abs(frame.width - hand.width),
          abs(frame.height - hand.height))
      }
      log.note("\(environment): largest difference between the engine and the arithmetic \(largest)")
      if !(largest <= GoldenTolerance.frames) {
        log.fail("\(environment): the arithmetic and the engine differ by \(largest)")
      }
      if result.views.count != Self.ids.count {
        log.fail("the layout has \(result.views.count) views, not \(Self.ids.count)")
      }
      if result.views.map(\.id) != Self.ids { log.fail("the views are not in the arithmetic's order") }
    }
    // `layoutFrames`: the same frames, in the views' order, with nothing to report.
    let framesEngine = engine(mode, checks: true)
    var engineFrames: [Rect] = []
    for environment in [Self.large, Self.small, Self.large] {
      Self.handFrames(environment, into: &frames)
      let diagnostics = framesEngine.layoutFrames(in: environment, into: &engineFrames)
      if !diagnostics.isEmpty { log.fail("\(environment): layoutFrames reported \(diagnostics.count) diagnostics") }
      guard engineFrames.count == frames.count else {
        log.fail("\(environment): layoutFrames wrote \(engineFrames.count) frames, not \(frames.count)")
        continue
      }
      let largest =
        zip(engineFrames, frames).map { a, b in
          max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
        }.max() ?? 0
      if !(largest <= GoldenTolerance.frames) {
        log.fail("\(environment): layoutFrames and the arithmetic differ by \(largest)")
      }
    }
  }

  func checkDataConsistency(log: inout GoldenLog) {
    if document.allViews.count != Self.ids.count { log.fail("Layouts/concentration.json has changed shape") }
  }

  // MARK: Timing

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let plan =
      quick
      ? SamplingPlan(warmup: 1, minimum: 5, maximum: 200, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 3, minimum: 30, maximum: 3000, budgetSeconds: 3)
    var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: Self.ids.count)
    var results: [Measurement] = []
    let handPass = {
      for index in 0..<1000 {
        Self.handFrames(index % 2 == 0 ? Self.small : Self.large, into: &frames)
        consume(frames[frames.count - 1].x)
      }
    }
    results.append(
      Measurement(name: "hand", samples: plan.collect(warmup: handPass) { microsecondsPerOperation(1000, handPass) }))
    for (name, checks) in [("engine", true), ("engine_nochecks", false)] {
      let live = engine(mode, checks: checks)
      let pass = {
        for index in 0..<20 {
          consume(live.layout(in: index % 2 == 0 ? Self.large : Self.small).views.last?.frame.x ?? 0)
        }
      }
      results.append(
        Measurement(name: name, samples: plan.collect(warmup: pass) { microsecondsPerOperation(20, pass) }))
    }
    let live = engine(mode, checks: true)
    let framesPass = {
      for index in 0..<1000 {
        consume(Double(live.layoutFrames(in: index % 2 == 0 ? Self.large : Self.small, into: &frames).count))
        consume(frames[frames.count - 1].x)
      }
    }
    results.append(
      Measurement(
        name: "engine_frames", samples: plan.collect(warmup: framesPass) { microsecondsPerOperation(1000, framesPass) })
    )
    return results
  }

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    if measurement == "hand" {
      var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: Self.ids.count)
      measuredRegion {
        for index in 0..<iterations {
          Self.handFrames(index % 2 == 0 ? Self.small : Self.large, into: &frames)
          consume(frames[frames.count - 1].x)
        }
      }
      return
    }
    if measurement == "engine_frames" {
      var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: Self.ids.count)
      let live = engine(mode, checks: true)
      measuredRegion {
        for index in 0..<iterations {
          consume(Double(live.layoutFrames(in: index % 2 == 0 ? Self.large : Self.small, into: &frames).count))
          consume(frames[frames.count - 1].x)
        }
      }
      return
    }
    let live = engine(mode, checks: measurement == "engine")
    measuredRegion {
      for index in 0..<iterations {
        consume(live.layout(in: index % 2 == 0 ? Self.large : Self.small).views.last?.frame.x ?? 0)
      }
    }
  }
}
