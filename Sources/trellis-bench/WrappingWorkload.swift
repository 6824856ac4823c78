import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver

/// A screen of 50 paragraphs, each a label pinned to both margins under the one before: what
/// wrapping text costs. The same screen with one-line labels (`numberOfLines` 1, nothing
/// wraps) is the reference, so each `*_wrap` / `*_lines` pair says what wrapping adds.
///
/// Regions: a fresh engine's first layout, a within-class resize (375 ↔ 414 pt wide, wC hR:
/// every label re-wraps at its new width) and a rotation (iPhone 8 portrait ↔ landscape).
struct WrappingWorkload: Workload {
  var name: String { "wrapping" }
  var reference: String? { "fresh_lines" }

  static let paragraphs = 50
  static let resizeWidths = (375.0, 414.0)

  let wrapping: LayoutDocument
  let lines: LayoutDocument

  init() throws(BenchInputError) {
    wrapping = try Self.document(numberOfLines: 0)
    lines = try Self.document(numberOfLines: 1)
  }

  /// Paragraph `index`: 40 to 89 words from a fixed vocabulary, so lengths and breaks vary.
  static func paragraph(_ index: Int) -> String {
    let words = ["layout", "constraint", "a", "of", "size", "class", "wraps", "the", "label", "UIKit", "to", "text"]
    let count = 40 + (index * 37) % 50
    return (0..<count).map { words[(index * 7 + $0 * 5 + $0 / 3) % words.count] }.joined(separator: " ")
  }

  /// The screen as a layout file's text, read by the real reader.
  static func document(numberOfLines: Int) throws(BenchInputError) -> LayoutDocument {
    var views: [String] = []
    var constraints: [String] = []
    for index in 0..<paragraphs {
      let id = "p\(index)"
      views.append(
        "{\"id\": \"\(id)\", \"kind\": \"label\", \"text\": \"\(paragraph(index))\", "
          + "\"fontSize\": \(index == 0 ? 28 : 15), \"numberOfLines\": \(numberOfLines)}")
      constraints += [
        "\(id).leading == margins.leading", "\(id).trailing == margins.trailing",
        index == 0 ? "\(id).top == safeArea.top + 8" : "\(id).top == p\(index - 1).bottom + 8",
      ]
    }
    let text =
      "{\"root\": {\"id\": \"root\", \"children\": [\(views.joined(separator: ", "))]}, \"constraints\": ["
      + constraints.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
    let read = LayoutReader.parse(text, file: "wrapping-\(numberOfLines).json")
    guard let document = read.document, !read.hasErrors else {
      throw BenchInputError(message: "the generated wrapping layout does not read:\n\(read.renderedDiagnostics)")
    }
    return document
  }

  static var portrait: Environment {
    DeviceTable.device(named: "iPhone 8")?.environment(orientation: .portrait)
      ?? Environment(
        containerSize: Size(width: 375, height: 667), traits: .init(horizontal: .compact, vertical: .regular))
  }
  static var landscape: Environment {
    DeviceTable.device(named: "iPhone 8")?.environment(orientation: .landscape)
      ?? Environment(
        containerSize: Size(width: 667, height: 375), traits: .init(horizontal: .compact, vertical: .compact))
  }
  /// `portrait` at another width (same size classes: no constraint changes, only wrapping).
  static func resized(_ width: Double) -> Environment {
    var environment = portrait
    environment.containerSize.width = width
    environment.deviceName = nil
    environment.orientation = nil
    return environment
  }

  var regions: [RegionInfo] {
    var out: [RegionInfo] = []
    for variant in ["wrap", "lines"] {
      out.append(RegionInfo(measurement: "fresh_\(variant)", operation: "new engine + layout", defaultIterations: 50))
      out.append(
        RegionInfo(
          measurement: "resize_\(variant)", operation: "layout, alternating 375/414 wide", defaultIterations: 500))
      out.append(
        RegionInfo(
          measurement: "rotate_\(variant)", operation: "layout, alternating portrait/landscape", defaultIterations: 500)
      )
    }
    return out
  }

  func engine(_ document: LayoutDocument, _ mode: Solver.Mode) -> LayoutEngine {
    let engine = LayoutEngine(document: document, mode: mode)
    engine.checksAmbiguity = false
    return engine
  }

  /// The pair of environments a measurement alternates between.
  func pair(_ measurement: String) -> (Environment, Environment) {
    measurement.hasPrefix("resize")
      ? (Self.resized(Self.resizeWidths.0), Self.resized(Self.resizeWidths.1)) : (Self.portrait, Self.landscape)
  }

  // MARK: Golden

  /// A live engine moved through the environments gives a fresh engine's frames, and the
  /// wrapping screen is taller than the one-line screen (its text wrapped).
  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    let order = [Self.portrait, Self.resized(414), Self.landscape, Self.portrait, Self.resized(375), Self.landscape]
    for document in [wrapping, lines] {
      let live = engine(document, mode)
      for (step, environment) in order.enumerated() {
        let moved = live.layout(in: environment)
        let fresh = engine(document, mode).layout(in: environment)
        var largest = 0.0
        for (a, b) in zip(moved.views, fresh.views) {
          largest = max(
            largest, abs(a.frame.x - b.frame.x), abs(a.frame.y - b.frame.y), abs(a.frame.width - b.frame.width),
            abs(a.frame.height - b.frame.height))
        }
        let state = "\(document.file) step \(step + 1) (\(environment))"
        log.note("\(state): largest difference from a fresh engine \(largest)")
        if !(largest <= GoldenTolerance.frames) || moved.views.count != fresh.views.count {
          log.fail("\(state): frames differ from a fresh engine's by \(largest)")
        }
        if moved.diagnostics.contains(where: { $0.code == "text-unsettled" }) { log.fail("\(state): text unsettled") }
      }
    }
    let tall = engine(wrapping, mode).layout(in: Self.portrait).views.last?.frame.maxY ?? 0
    let short = engine(lines, mode).layout(in: Self.portrait).views.last?.frame.maxY ?? 0
    log.note("bottom of the last paragraph: wrapped \(tall), one line each \(short)")
    if !(tall > short) { log.fail("the wrapped screen is not taller than the one-line screen") }
  }

  func checkDataConsistency(log: inout GoldenLog) {
    if wrapping.root.children.count != Self.paragraphs { log.fail("expected \(Self.paragraphs) paragraphs") }
  }

  // MARK: Timing

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let single =
      quick
      ? SamplingPlan(warmup: 2, minimum: 5, maximum: 50, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 5, minimum: 20, maximum: 500, budgetSeconds: 3)
    let moves =
      quick
      ? SamplingPlan(warmup: 1, minimum: 5, maximum: 200, budgetSeconds: 0.5)
      : SamplingPlan(warmup: 3, minimum: 20, maximum: 2000, budgetSeconds: 3)
    var results: [Measurement] = []
    for (variant, document) in [("wrap", wrapping), ("lines", lines)] {
      let fresh = { consume(self.engine(document, mode).layout(in: Self.portrait).views.last?.frame.maxY ?? 0) }
      results.append(
        Measurement(
          name: "fresh_\(variant)", samples: single.collect(warmup: fresh) { microsecondsPerOperation(1, fresh) }))
      for kind in ["resize", "rotate"] {
        let (a, b) = pair(kind)
        let live = engine(document, mode)
        for environment in [a, b, a, b] { _ = live.layout(in: environment) }
        let pass = {
          for index in 0..<10 { consume(live.layout(in: index % 2 == 0 ? a : b).views.last?.frame.maxY ?? 0) }
        }
        results.append(
          Measurement(
            name: "\(kind)_\(variant)", samples: moves.collect(warmup: pass) { microsecondsPerOperation(10, pass) }))
      }
    }
    return results
  }

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    let document = measurement.hasSuffix("_wrap") ? wrapping : lines
    if measurement.hasPrefix("fresh") {
      measuredRegion {
        for _ in 0..<iterations {
          consume(engine(document, mode).layout(in: Self.portrait).views.last?.frame.maxY ?? 0)
        }
      }
      return
    }
    let (a, b) = pair(measurement)
    let live = engine(document, mode)
    for environment in [a, b, a, b] { _ = live.layout(in: environment) }
    measuredRegion {
      for index in 0..<iterations { consume(live.layout(in: index % 2 == 0 ? a : b).views.last?.frame.maxY ?? 0) }
    }
  }
}
