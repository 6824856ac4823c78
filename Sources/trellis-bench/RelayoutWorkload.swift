import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver

/// Layouts/concentration.json through `LayoutEngine`: a fresh engine's layout against moving a
/// live engine to another environment (rotation with and without a size-class change).
///
/// Environments come from the device table (`DeviceTable`, from Data/devices.json):
/// "iPhone 8" and "iPad mini 7.9-inch (5th gen)", which has the 9.7-inch iPads' geometry
/// (768 × 1024 @2x, regular in both orientations, status bar 20 pt).
struct RelayoutWorkload: Workload {
  let document: LayoutDocument

  var name: String { "concentration-relayout" }

  /// Measurements are compared with this one: `speed-up = fresh median / measurement median`.
  var reference: String? { "fresh" }

  static let iPhoneName = "iPhone 8"
  static let iPadName = "iPad mini 7.9-inch (5th gen)"

  /// The devices.json values the measurements are meant to use, written out: the table's
  /// environments are checked against them (`--check-data`), and stand in if a device is missing.
  static let expected: [(device: String, orientation: Orientation, environment: Environment)] = [
    (
      iPhoneName, .portrait,
      Environment(
        containerSize: Size(width: 375, height: 667), traits: TraitCollection(horizontal: .compact, vertical: .regular),
        safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 2, deviceName: iPhoneName,
        orientation: .portrait)
    ),
    (
      iPhoneName, .landscape,
      Environment(
        containerSize: Size(width: 667, height: 375), traits: TraitCollection(horizontal: .compact, vertical: .compact),
        safeAreaInsets: .zero, scale: 2, deviceName: iPhoneName, orientation: .landscape)
    ),
    (
      iPadName, .portrait,
      Environment(
        containerSize: Size(width: 768, height: 1024),
        traits: TraitCollection(horizontal: .regular, vertical: .regular),
        safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 2, deviceName: iPadName,
        orientation: .portrait)
    ),
    (
      iPadName, .landscape,
      Environment(
        containerSize: Size(width: 1024, height: 768),
        traits: TraitCollection(horizontal: .regular, vertical: .regular),
        safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), scale: 2, deviceName: iPadName,
        orientation: .landscape)
    ),
  ]

  /// The table's environment for `expected[index]`, or the written-out one if the table lacks the device.
  static func environment(_ index: Int) -> Environment {
    let entry = expected[index]
    return DeviceTable.device(named: entry.device)?.environment(orientation: entry.orientation) ?? entry.environment
  }

  static let iPhonePortrait = environment(0)
  static let iPhoneLandscape = environment(1)
  static let iPadPortrait = environment(2)
  static let iPadLandscape = environment(3)

  /// Layouts in a row on one engine for `rotate_*` (alternating the two environments).
  static let rotationsPerSample = 20

  var regions: [RegionInfo] {
    [
      RegionInfo(measurement: "fresh", operation: "new engine + layout in iPhone 8 portrait", defaultIterations: 100),
      RegionInfo(
        measurement: "rotate_traits", operation: "layout, alternating iPhone 8 portrait/landscape (both seen)",
        defaultIterations: 1000),
      RegionInfo(
        measurement: "rotate_size", operation: "layout, alternating iPad portrait/landscape (both seen)",
        defaultIterations: 1000),
      RegionInfo(
        measurement: "first_visit", operation: "first landscape layout of an engine laid out in portrait",
        defaultIterations: 100),
    ]
  }

  /// An engine as the timed regions use it: no ambiguity check (the solve alone).
  func engine(_ mode: Solver.Mode) -> LayoutEngine {
    let engine = LayoutEngine(document: document, mode: mode)
    engine.checksAmbiguity = false
    return engine
  }

  // MARK: Golden

  /// One engine through every environment in an order that meets each case (first visits,
  /// cached size classes, size-only moves) must give a fresh engine's frames and diagnostics.
  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    let p = Self.iPhonePortrait, l = Self.iPhoneLandscape, ip = Self.iPadPortrait, il = Self.iPadLandscape
    let order = [p, l, p, l, ip, il, ip, p, il, l, l, p]
    for checksAmbiguity in [false, true] {
      let live = LayoutEngine(document: document, mode: mode)
      live.checksAmbiguity = checksAmbiguity
      for (step, environment) in order.enumerated() {
        let moved = live.layout(in: environment)
        let fresh = LayoutEngine(document: document, mode: mode)
        fresh.checksAmbiguity = checksAmbiguity
        let expected = fresh.layout(in: environment)
        let state = "step \(step + 1) (\(environment))\(checksAmbiguity ? " with ambiguity" : "")"
        compare(moved, expected, state: state, log: &log)
      }
    }
  }

  private func compare(_ moved: LayoutResult, _ fresh: LayoutResult, state: String, log: inout GoldenLog) {
    guard moved.views.map(\.id) == fresh.views.map(\.id) else {
      log.fail("\(state): the views differ from a fresh engine's")
      return
    }
    var largest = 0.0
    var worst = ""
    for (a, b) in zip(moved.views, fresh.views) {
      let d = max(
        abs(a.frame.x - b.frame.x), abs(a.frame.y - b.frame.y), abs(a.frame.width - b.frame.width),
        abs(a.frame.height - b.frame.height))
      if !(d <= largest) {
        largest = d
        worst = "\(a.id) \(a.frame) vs \(b.frame)"
      }
    }
    log.note("\(state): \(moved.views.count) frames, largest difference from a fresh engine \(largest)")
    if !(largest <= GoldenTolerance.frames) {
      log.fail("\(state): frames differ from a fresh engine's by \(largest): \(worst)")
    }
    if moved.diagnostics != fresh.diagnostics {
      log.fail("\(state): diagnostics differ from a fresh engine's: \(moved.diagnostics) vs \(fresh.diagnostics)")
    }
    let ambiguous = { (r: LayoutResult) in r.ambiguousViews.map { "\($0.id):\($0.attributes)" } }
    if ambiguous(moved) != ambiguous(fresh) { log.fail("\(state): ambiguous views differ from a fresh engine's") }
    if moved.hasConflicts != fresh.hasConflicts { log.fail("\(state): hasConflicts differs from a fresh engine's") }
  }

  /// No kiwi data (the golden data is a fresh engine): checks that the device table gives the
  /// environments devices.json lists for the two devices, and that the layout has views.
  func checkDataConsistency(log: inout GoldenLog) {
    for entry in Self.expected {
      guard let device = DeviceTable.device(named: entry.device) else {
        log.fail("the device table has no '\(entry.device)'; the written-out values stand in")
        continue
      }
      let table = device.environment(orientation: entry.orientation)
      if table != entry.environment {
        log.fail(
          "\(entry.device) \(entry.orientation.rawValue): the table gives \(table), devices.json \(entry.environment)")
      }
    }
    let result = engine(.strict).layout(in: Self.iPhonePortrait)
    if result.views.isEmpty { log.fail("the layout has no views") }
  }

  // MARK: Timing

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let single =
      quick
      ? SamplingPlan(warmup: 3, minimum: 5, maximum: 100, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 10, minimum: 30, maximum: 2000, budgetSeconds: 3)
    let rotations =
      quick
      ? SamplingPlan(warmup: 1, minimum: 5, maximum: 200, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 3, minimum: 30, maximum: 3000, budgetSeconds: 3)
    var results: [Measurement] = []

    // fresh: one sample = make an engine and lay it out once (it is dropped inside the region).
    let freshOnce = {
      let engine = self.engine(mode)
      consume(engine.layout(in: Self.iPhonePortrait).views.first?.frame.width ?? 0)
    }
    results.append(
      Measurement(name: "fresh", samples: single.collect(warmup: freshOnce) { microsecondsPerOperation(1, freshOnce) }))

    // rotate_*: one engine that has seen both environments; one sample = 20 layouts.
    for (name, a, b) in [
      ("rotate_traits", Self.iPhonePortrait, Self.iPhoneLandscape),
      ("rotate_size", Self.iPadPortrait, Self.iPadLandscape),
    ] {
      let live = engine(mode)
      for environment in [a, b, a, b] { _ = live.layout(in: environment) }
      let pass = {
        for index in 0..<Self.rotationsPerSample {
          consume(live.layout(in: index % 2 == 0 ? a : b).views.first?.frame.width ?? 0)
        }
      }
      results.append(
        Measurement(
          name: name,
          samples: rotations.collect(warmup: pass) { microsecondsPerOperation(Self.rotationsPerSample, pass) }))
    }

    // first_visit: one sample = the first landscape layout of an engine laid out in portrait
    // outside the region.
    let firstVisit = { () -> Double in
      let live = self.engine(mode)
      _ = live.layout(in: Self.iPhonePortrait)
      return microsecondsPerOperation(1) {
        consume(live.layout(in: Self.iPhoneLandscape).views.first?.frame.width ?? 0)
      }
    }
    results.append(
      Measurement(name: "first_visit", samples: single.collect(warmup: { _ = firstVisit() }, sample: firstVisit)))
    return results
  }

  // MARK: Regions

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    switch measurement {
    case "fresh":
      measuredRegion {
        for _ in 0..<iterations {
          let engine = self.engine(mode)
          consume(engine.layout(in: Self.iPhonePortrait).views.first?.frame.width ?? 0)
        }
      }
    case "rotate_traits", "rotate_size":
      let (a, b) =
        measurement == "rotate_traits"
        ? (Self.iPhonePortrait, Self.iPhoneLandscape) : (Self.iPadPortrait, Self.iPadLandscape)
      let live = engine(mode)
      for environment in [a, b, a, b] { _ = live.layout(in: environment) }
      measuredRegion {
        for index in 0..<iterations {
          consume(live.layout(in: index % 2 == 0 ? a : b).views.first?.frame.width ?? 0)
        }
      }
    case "first_visit":
      // The engines are made and laid out in portrait before the region; only the first
      // landscape layouts are counted.
      let engines = (0..<iterations).map { _ in
        let live = engine(mode)
        _ = live.layout(in: Self.iPhonePortrait)
        return live
      }
      measuredRegion {
        for live in engines { consume(live.layout(in: Self.iPhoneLandscape).views.first?.frame.width ?? 0) }
      }
    default:
      log.fail("no region '\(measurement)'")
    }
  }
}
