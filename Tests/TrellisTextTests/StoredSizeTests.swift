import Foundation
import TrellisText
import XCTest

/// One label or button size that Interface Builder stored in a public storyboard, from
/// `Tests/Fixtures/text-sizes/stored-label-sizes.json` (written by
/// `scripts/text-fidelity/extract-stored-sizes.py`; method in `docs/text-fidelity.md`).
struct StoredSizeSample: Decodable {
  struct FontFacts: Decodable {
    /// IB's system font weight: "regular", "bold" (boldSystem), "semibold", "medium", …
    var weight: String
    var size: Double
  }
  struct Size: Decodable {
    var width: Double
    var height: Double
  }
  struct Source: Decodable {
    var repository: String
    var commit: String
    var path: String
    var id: String
    var toolsVersion: String
  }
  var text: String
  /// "label" or "button".
  var kind: String
  var font: FontFacts
  var stored: Size
  /// The axes whose stored size is the intrinsic size ("width", "height"): only these are compared.
  var intrinsic: [String]
  var why: String
  var scale: Double
  var device: String
  var source: Source

  var widthIsIntrinsic: Bool { intrinsic.contains("width") }
  var heightIsIntrinsic: Bool { intrinsic.contains("height") }
}

/// Predicting a stored size with a measurer, and summing up the errors.
enum StoredSizes {
  /// Interface Builder's weight names as weight classes (UIFont.Weight, as `FontLibrary` uses them).
  static let weightClasses = [
    "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
    "bold": 700, "heavy": 800, "black": 900,
  ]

  /// A system button's title is inset 6 pt above and below: the stored heights of system
  /// buttons are their title's line height plus 12, rounded up (40 pt: 47.73 + 12 → 60,
  /// 20 pt: 23.87 + 12 → 36, in the fidelity fixtures). Inferred from stored frames, not documented.
  static let buttonVerticalInsets = 12.0

  /// The samples of the checked-in data file.
  static func load(file: StaticString = #filePath) throws -> [StoredSizeSample] {
    try load(
      url: URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/text-sizes/stored-label-sizes.json"))
  }

  /// The samples of a data file of the same form at `url`.
  static func load(url: URL) throws -> [StoredSizeSample] {
    struct Document: Decodable { var samples: [StoredSizeSample] }
    return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).samples
  }

  /// The size UIKit would give `sample` if text measured as `measurer` says.
  ///
  /// A label is its one line, each side rounded up to the pixel (`1/scale`). A system button
  /// (before iOS 15's configurations) is its title plus `buttonVerticalInsets`, rounded up to
  /// whole points: every stored system button size in the data is a whole number at @2x and
  /// @3x alike (e.g. 39 × 89 for "+" at 64 pt), so UIButton is taken to round to points.
  static func predictedSize(of sample: StoredSizeSample, with measurer: some TextMeasurer) -> (
    width: Double, height: Double
  ) {
    if sample.kind == "button" {
      let title = TextLayout(sample.text, measurer: measurer, numberOfLines: 1, rounding: .none)
      return (
        PixelRounding.up(scale: 1).apply(title.unroundedWidth),
        PixelRounding.up(scale: 1).apply(title.unroundedHeight + buttonVerticalInsets)
      )
    }
    let label = TextLayout(sample.text, measurer: measurer, numberOfLines: 1, rounding: .up(scale: sample.scale))
    return (label.width, label.height)
  }

  /// The size `BuiltinTextMeasurer(name: "inter", …)` predicts for `sample`.
  static func builtin(_ sample: StoredSizeSample) -> (width: Double, height: Double)? {
    BuiltinTextMeasurer(name: "inter", size: sample.font.size, weight: weightClasses[sample.font.weight] ?? 400)
      .map { predictedSize(of: sample, with: $0) }
  }

  /// Errors of one measurer over the samples.
  struct Summary: Equatable {
    var widthCount = 0
    var heightCount = 0
    var bothCount = 0
    /// Mean of predicted − stored width (positive: too wide).
    var meanWidthBias = 0.0
    var meanWidthError = 0.0
    var maxWidthError = 0.0
    var meanHeightError = 0.0
    var maxHeightError = 0.0
    /// Samples with an intrinsic width predicted within one pixel (1/scale pt, plus 0.001 for
    /// the 3-decimal stored values), as a share of those samples.
    var widthWithinPixel = 0.0
    /// Samples with an intrinsic width predicted within one point, as a share of those (IB leaves
    /// some frames stale by less than a point without flagging them).
    var widthWithinPoint = 0.0
    /// Samples with both axes intrinsic predicted within one pixel on both, as a share of those.
    var bothWithinPixel = 0.0
  }

  /// Sums up `predict`'s errors over `samples`, each axis only where it is intrinsic.
  static func summary(
    _ samples: [StoredSizeSample], predict: (StoredSizeSample) -> (width: Double, height: Double)
  ) -> Summary {
    var result = Summary()
    var widthWithin = 0
    var widthWithinPoint = 0
    var bothWithin = 0
    for sample in samples {
      let predicted = predict(sample)
      let pixel = 1 / sample.scale + 0.001
      let widthError = predicted.width - sample.stored.width
      let heightError = abs(predicted.height - sample.stored.height)
      if sample.widthIsIntrinsic {
        result.widthCount += 1
        result.meanWidthBias += widthError
        result.meanWidthError += abs(widthError)
        result.maxWidthError = max(result.maxWidthError, abs(widthError))
        if abs(widthError) <= pixel { widthWithin += 1 }
        if abs(widthError) <= 1.001 { widthWithinPoint += 1 }
      }
      if sample.heightIsIntrinsic {
        result.heightCount += 1
        result.meanHeightError += heightError
        result.maxHeightError = max(result.maxHeightError, heightError)
      }
      if sample.widthIsIntrinsic && sample.heightIsIntrinsic {
        result.bothCount += 1
        if abs(widthError) <= pixel && heightError <= pixel { bothWithin += 1 }
      }
    }
    if result.widthCount > 0 {
      result.meanWidthBias /= Double(result.widthCount)
      result.meanWidthError /= Double(result.widthCount)
      result.widthWithinPixel = Double(widthWithin) / Double(result.widthCount)
      result.widthWithinPoint = Double(widthWithinPoint) / Double(result.widthCount)
    }
    if result.heightCount > 0 { result.meanHeightError /= Double(result.heightCount) }
    if result.bothCount > 0 { result.bothWithinPixel = Double(bothWithin) / Double(result.bothCount) }
    return result
  }
}

/// A measurer with a fixed amount of tracking added after every cluster (CoreText's tracking
/// adds to each glyph's advance, the last included).
struct TrackedMeasurer<Base: TextMeasurer>: TextMeasurer {
  var base: Base
  /// Points added to every cluster's advance.
  var tracking: Double
  var lineMetrics: LineMetrics { base.lineMetrics }
  func advance(of cluster: Character) -> Double {
    cluster.isNewline ? 0 : base.advance(of: cluster) + tracking
  }
  func kerning(between left: Character, and right: Character) -> Double { base.kerning(between: left, and: right) }
}

/// A measurer whose lines take the iOS system font's vertical metrics instead of its own
/// (`BuiltinTextMeasurer.systemLineMetrics(size:)`).
struct SystemLineMetricsMeasurer<Base: TextMeasurer>: TextMeasurer {
  var base: Base
  var size: Double
  var lineMetrics: LineMetrics { BuiltinTextMeasurer.systemLineMetrics(size: size) }
  func advance(of cluster: Character) -> Double { base.advance(of: cluster) }
  func kerning(between left: Character, and right: Character) -> Double { base.kerning(between: left, and: right) }
}

final class StoredSizeTests: XCTestCase {
  func testDataFileIsWellFormed() throws {
    let samples = try StoredSizes.load()
    var places = Set<String>()
    var distinct = Set<String>()
    for sample in samples {
      let place = "\(sample.source.repository)/\(sample.source.path)#\(sample.source.id)"
      XCTAssertTrue(places.insert(place).inserted, "duplicate sample \(place)")
      distinct.insert("\(sample.text)|\(sample.font.size)|\(sample.font.weight)")
      XCTAssertFalse(sample.text.isEmpty, place)
      XCTAssertFalse(sample.text.contains("\n"), "\(place): one line only")
      XCTAssertTrue(["label", "button"].contains(sample.kind), place)
      XCTAssertNotNil(StoredSizes.weightClasses[sample.font.weight], "\(place): weight \(sample.font.weight)")
      XCTAssertGreaterThan(sample.font.size, 0, place)
      XCTAssertGreaterThan(sample.stored.width, 0, place)
      XCTAssertGreaterThan(sample.stored.height, 0, place)
      XCTAssertTrue([2, 3].contains(sample.scale), "\(place): scale \(sample.scale)")
      XCTAssertFalse(sample.intrinsic.isEmpty, place)
      XCTAssertTrue(Set(sample.intrinsic).isSubset(of: ["width", "height"]), place)
      for axis in sample.intrinsic {
        XCTAssertTrue(sample.why.contains("\(axis):"), "\(place): no reason given for \(axis)")
      }
      XCTAssertFalse(sample.source.repository.isEmpty || sample.source.path.isEmpty || sample.source.id.isEmpty, place)
      XCTAssertEqual(sample.source.commit.count, 40, "\(place): commit is not a full hash")
      XCTAssertFalse(sample.device.isEmpty, place)
      XCTAssertFalse(sample.source.toolsVersion.isEmpty, place)
    }
    XCTAssertGreaterThanOrEqual(distinct.count, 80, "fewer than 80 distinct (text, size, weight) samples")
  }

  /// Three samples worked out by hand with the fixed metric (0.5 em per character, 1.2 em line).
  func testFixedMetricArithmetic() throws {
    let samples = try StoredSizes.load()
    func sample(_ repository: String, _ path: String, _ id: String) throws -> StoredSizeSample {
      try XCTUnwrap(
        samples.first { $0.source.repository == repository && $0.source.path == path && $0.source.id == id },
        "\(repository) \(path) \(id)")
    }
    // "Flips: 0", system 40, @3x (lecture 3 demo): 8 characters × 20 = 160 wide, 1.2 × 40 = 48 tall,
    // both already on the 1/3 grid. Stored 123.667 × 48: width off by 36.333, height exact.
    let flips = try sample(
      "freddy5566/cs193p-2017-fall-demo-and-solutions", "lecture_3/demo/Concentration/Base.lproj/Main.storyboard",
      "3ug-bB-30k")
    XCTAssertEqual(flips.text, "Flips: 0")
    XCTAssertEqual(flips.stored.width, 123.667)
    // "New Game", a system button in system 20, @2x, only its width intrinsic: 8 × 10 = 80.
    // Stored 97: off by −17.
    let newGame = try sample(
      "Amirhosseinhj/Concentration-Stanford-CS193P-Fall-2017-18", "Concentration/Base.lproj/Main.storyboard",
      "Q7h-5P-ldU")
    XCTAssertEqual(newGame.text, "New Game")
    XCTAssertEqual(newGame.intrinsic, ["width"])
    // "Score:", semibold 25, @2x: 6 × 12.5 = 75 wide, 1.2 × 25 = 30 tall. Stored 74.5 × 31:
    // width +0.5 (exactly one pixel: within), height −1 (two pixels: not within).
    let score = try sample("2Jak/Project2048", "Base.lproj/Main.storyboard", "aUG-ph-tWf")
    XCTAssertEqual(score.text, "Score:")
    XCTAssertEqual(score.stored.width, 74.5)
    XCTAssertEqual(score.stored.height, 31)

    let fixed = { (sample: StoredSizeSample) in
      StoredSizes.predictedSize(of: sample, with: FixedTextMeasurer(fontSize: sample.font.size))
    }
    XCTAssertEqual(fixed(flips).width, 160)
    XCTAssertEqual(fixed(flips).height, 48)
    XCTAssertEqual(fixed(newGame).width, 80)
    XCTAssertEqual(fixed(newGame).height, 36)  // 24 + 12 insets
    XCTAssertEqual(fixed(score).width, 75)
    XCTAssertEqual(fixed(score).height, 30)

    let summary = StoredSizes.summary([flips, newGame, score], predict: fixed)
    XCTAssertEqual(summary.widthCount, 3)
    XCTAssertEqual(summary.heightCount, 2)
    XCTAssertEqual(summary.bothCount, 2)
    // Widths: +36.333, −17, +0.5 → mean |error| 53.833 / 3 = 17.944, max 36.333, bias 19.833 / 3 = 6.611.
    XCTAssertEqual(summary.meanWidthError, 53.833 / 3, accuracy: 1e-9)
    XCTAssertEqual(summary.maxWidthError, 36.333, accuracy: 1e-9)
    XCTAssertEqual(summary.meanWidthBias, 19.833 / 3, accuracy: 1e-9)
    // Heights: 0 and 1 → mean 0.5, max 1.
    XCTAssertEqual(summary.meanHeightError, 0.5, accuracy: 1e-9)
    XCTAssertEqual(summary.maxHeightError, 1, accuracy: 1e-9)
    // Within a pixel: widths only "Score:" (1 of 3); both axes neither "Flips" nor "Score:" (0 of 2).
    XCTAssertEqual(summary.widthWithinPixel, 1.0 / 3, accuracy: 1e-9)
    XCTAssertEqual(summary.widthWithinPoint, 1.0 / 3, accuracy: 1e-9)
    XCTAssertEqual(summary.bothWithinPixel, 0)
  }

  /// The tracking table's interpolation, worked by hand: 17 pt is −26/1000 em = −0.442 pt;
  /// 20 pt is a third of the way from −26 to +14 (−26 + 40 × 3/11 = −15.09…) × 20 / 1000.
  func testSystemFontTracking() {
    XCTAssertEqual(BuiltinTextMeasurer.tracking(size: 17), -0.442, accuracy: 1e-12)
    XCTAssertEqual(BuiltinTextMeasurer.tracking(size: 12), 0, accuracy: 1e-12)
    XCTAssertEqual(BuiltinTextMeasurer.tracking(size: 20), (-26 + 40.0 * 3 / 11) * 20 / 1000, accuracy: 1e-12)
    XCTAssertEqual(BuiltinTextMeasurer.tracking(size: 40), 14 * 40 / 1000.0, accuracy: 1e-12)
    XCTAssertEqual(BuiltinTextMeasurer.tracking(size: 8), 12 * 8 / 1000.0, accuracy: 1e-12)
    let tracked = TrackedMeasurer(base: FixedTextMeasurer(fontSize: 10), tracking: 0.5)
    XCTAssertEqual(tracked.width(of: "abc"), 16.5)  // 3 × (5 + 0.5)
  }
}

/// The comparison table (opt-in: needs fonts). `scripts/text-fidelity.sh FONTDIR` runs it as
/// `TRELLIS_FIDELITY_FONTS=FONTDIR swift test --filter StoredSizeComparison`;
/// TRELLIS_FIDELITY_DETAIL=1 also prints every sample's errors.
final class StoredSizeComparison: XCTestCase {
  func testCompareMeasurers() throws {
    guard let folder = ProcessInfo.processInfo.environment["TRELLIS_FIDELITY_FONTS"] else {
      throw XCTSkip("set TRELLIS_FIDELITY_FONTS to a font folder to print the comparison")
    }
    let detail = ProcessInfo.processInfo.environment["TRELLIS_FIDELITY_DETAIL"] != nil
    // TRELLIS_FIDELITY_SAMPLES may name another samples file of the same form (a hold-out set).
    let samples =
      try ProcessInfo.processInfo.environment["TRELLIS_FIDELITY_SAMPLES"].map {
        try StoredSizes.load(url: URL(fileURLWithPath: $0))
      } ?? StoredSizes.load()
    let library = FontLibrary(directory: folder)

    typealias Predict = (StoredSizeSample) -> (width: Double, height: Double)?
    var candidates: [(name: String, predict: Predict)] = [
      ("fixed metric", { StoredSizes.predictedSize(of: $0, with: FixedTextMeasurer(fontSize: $0.font.size)) }),
      ("built-in \"inter\" (no font file)", { StoredSizes.builtin($0) }),
    ]
    func face(_ families: [String], _ sample: StoredSizeSample) -> Font? {
      let weight = StoredSizes.weightClasses[sample.font.weight] ?? 400
      let family = sample.font.size < 20 ? families.first : families.last
      return family.flatMap { library.font(family: $0, weight: weight) }
    }
    // Each family alone, then Inter with the optical switch SF makes at 20 pt (Inter Display).
    var families: [(String, [String])] = [
      "DejaVu Sans", "Inter", "Inter Display", "Roboto", "Liberation Sans", "Noto Sans", "Open Sans",
    ].map { ($0, [$0]) }
    families.append(("Inter / Inter Display at 20 pt", ["Inter", "Inter Display"]))
    func measurer(_ font: Font, _ sample: StoredSizeSample, tracking: Bool, systemLines: Bool, kerning: Bool = true)
      -> any TextMeasurer
    {
      let size = sample.font.size
      let base = FontTextMeasurer(font: font, size: size, kerning: kerning)
      let tracked = TrackedMeasurer(base: base, tracking: tracking ? BuiltinTextMeasurer.tracking(size: size) : 0)
      return systemLines ? SystemLineMetricsMeasurer(base: tracked, size: size) : tracked
    }
    for (name, list) in families where list.allSatisfy({ library.font(family: $0) != nil }) {
      var variants: [(String, Bool, Bool, Bool)] = [("", false, false, true), (" + SF tracking", true, false, true)]
      if list.count > 1 {
        // The closest stand-in: also with SF's line height, and without kerning.
        variants += [
          (" + SF tracking + SF line height", true, true, true),
          (" + SF tracking + SF line height, no kerning", true, true, false),
          (" + SF line height", false, true, true),
        ]
      }
      for (suffix, tracking, systemLines, kerning) in variants {
        candidates.append(
          (
            name + suffix,
            { sample in
              face(list, sample).map {
                StoredSizes.predictedSize(
                  of: sample, with: measurer($0, sample, tracking: tracking, systemLines: systemLines, kerning: kerning)
                )
              }
            }
          ))
      }
    }

    let distinct = Set(samples.map { "\($0.text)|\($0.font.size)|\($0.font.weight)" }).count
    let repositories = Set(samples.map(\.source.repository)).count
    print(
      "stored sizes: \(samples.count) samples (\(distinct) distinct text/size/weight) from \(repositories) repositories"
    )
    print(
      "| measurer | widths | mean \\|Δw\\| | max \\|Δw\\| | mean Δw | \\|Δw\\| < 20 pt / ≥ 20 pt | width within 1 px | within 1 pt | heights | mean \\|Δh\\| | max \\|Δh\\| | both axes within 1 px |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for candidate in candidates {
      let summary = StoredSizes.summary(samples) { candidate.predict($0) ?? (.nan, .nan) }
      let small = StoredSizes.summary(samples.filter { $0.font.size < 20 }) { candidate.predict($0) ?? (.nan, .nan) }
      let large = StoredSizes.summary(samples.filter { $0.font.size >= 20 }) { candidate.predict($0) ?? (.nan, .nan) }
      func f(_ value: Double) -> String { String(format: "%.2f", value) }
      func p(_ value: Double) -> String { String(format: "%.0f%%", value * 100) }
      print(
        "| \(candidate.name) | \(summary.widthCount) | \(f(summary.meanWidthError)) | \(f(summary.maxWidthError)) | "
          + "\(f(summary.meanWidthBias)) | \(small.widthCount > 0 ? f(small.meanWidthError) : "–") / "
          + "\(large.widthCount > 0 ? f(large.meanWidthError) : "–") | "
          + "\(p(summary.widthWithinPixel)) | \(p(summary.widthWithinPoint)) | \(summary.heightCount) | "
          + "\(f(summary.meanHeightError)) | \(f(summary.maxHeightError)) | \(p(summary.bothWithinPixel)) (of \(summary.bothCount)) |"
      )
      if detail {
        for sample in samples {
          guard let predicted = candidate.predict(sample) else { continue }
          print(
            "  \(candidate.name)\t\(sample.kind)\t\(sample.text)\t\(sample.font.weight) \(sample.font.size)\t@\(Int(sample.scale))x tools \(sample.source.toolsVersion)\t"
              + "\(sample.intrinsic.joined(separator: "+"))\tstored \(sample.stored.width) × \(sample.stored.height)\t"
              + "Δw \(f(predicted.width - sample.stored.width)) Δh \(f(predicted.height - sample.stored.height))")
        }
      }
    }
  }
}

/// `BuiltinTextMeasurer` on widths worked out by hand from the checked-in tables
/// (`BuiltinMetricsInter.swift`: Inter Display Regular at 2048 units per em, Inter Regular and
/// Bold at 2816) and the tracking values in `BuiltinTextMeasurer.tracking(size:)`.
final class BuiltinTextMeasurerTests: XCTestCase {
  func testNamesAndWeights() throws {
    XCTAssertEqual(BuiltinTextMeasurer.names, ["inter"])
    XCTAssertNil(BuiltinTextMeasurer(name: "helvetica", size: 17))
    XCTAssertEqual(try XCTUnwrap(BuiltinTextMeasurer(name: "Inter", size: 17)).weight, 400)
    XCTAssertEqual(try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 17, weight: 650)).weight, 700)
    XCTAssertEqual(try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 17, weight: 20)).weight, 100)
    XCTAssertEqual(try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 17, weight: 1000)).weight, 900)
  }

  func testDisplayDesignFromTwentyPoints() throws {
    // "Flips: 0" at 40 pt, Inter Display Regular: F 1080 + l 392 + i 392 + p 1132 + s 952
    // + ':' 466 + ' ' 570 + '0' 1152 = 6136 units; 6136 × 40 / 2048 = 119.84375 pt; tracking at
    // 40 pt (held at +14/1000 em) is 0.56 pt × 8 clusters = 4.48; total 124.32375.
    let flips = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 40))
    XCTAssertEqual(flips.width(of: "Flips: 0"), 124.32375, accuracy: 1e-9)
    // SF's line: (1950 + 494) × 40 / 2048 = 47.734375, which a label rounds up to 48 at @3x,
    // the height stored for this label; its width rounds up to 373 px = 124.333 (stored 123.667).
    XCTAssertEqual(flips.lineMetrics.lineHeight, 47.734375, accuracy: 1e-12)
    let label = TextLayout("Flips: 0", measurer: flips, numberOfLines: 1, rounding: .up(scale: 3))
    XCTAssertEqual(label.width, 373.0 / 3, accuracy: 1e-9)
    XCTAssertEqual(label.height, 48)
  }

  func testTextDesignBelowTwentyPoints() throws {
    // "abc" at 17 pt, Inter Regular: a 1588 + b 1748 + c 1572 = 4908 units; × 17 / 2816 =
    // 29.629261… pt; tracking −26/1000 × 17 = −0.442 pt per cluster, × 3 = −1.326.
    let regular = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 17))
    XCTAssertEqual(regular.width(of: "abc"), 4908.0 * 17 / 2816 - 1.326, accuracy: 1e-9)
    // Line metrics at 17 pt: 1950 × 17 / 2048 = 16.1865234375 and 494 × 17 / 2048 = 4.1005859375.
    XCTAssertEqual(regular.lineMetrics.ascender, 16.1865234375, accuracy: 1e-12)
    XCTAssertEqual(regular.lineMetrics.descender, 4.1005859375, accuracy: 1e-12)
    XCTAssertEqual(regular.lineMetrics.lineHeight, 20.287109375, accuracy: 1e-12)
    // "é" (U+00E9) is in the table: 1640 × 17 / 2816 − 0.442. Decomposed, the e (also 1640
    // units) carries it and the combining acute takes no space: the same advance, where the
    // acute counted as an unknown character would add 0.5 em = 8.5 pt.
    XCTAssertEqual(regular.advance(of: "\u{E9}"), 1640.0 * 17 / 2816 - 0.442, accuracy: 1e-9)
    XCTAssertEqual(regular.advance(of: "e\u{301}"), 1640.0 * 17 / 2816 - 0.442, accuracy: 1e-9)
    // "Hi" at 12 pt, Inter Bold: H 2101 + i 766 = 2867 units × 12 / 2816; no tracking at 12 pt.
    let bold = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 12, weight: 700))
    XCTAssertEqual(bold.width(of: "Hi"), 2867.0 * 12 / 2816, accuracy: 1e-9)
  }

  func testCharactersOutsideTheTable() throws {
    // At 10 pt the tracking is +12/1000 em = 0.12 pt. An arrow (U+2192) is not in the table:
    // 0.5 em = 5 pt, plus the tracking. A tab advances like a space (Inter Regular ' ' is 792
    // units of 2816, read from the table). A newline takes nothing, nor does a lone ZWJ.
    let measurer = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 10))
    XCTAssertEqual(measurer.advance(of: "\u{2192}"), 5.12, accuracy: 1e-12)
    XCTAssertEqual(measurer.advance(of: "\t"), measurer.advance(of: " "))
    XCTAssertEqual(measurer.advance(of: " "), 792.0 * 10 / 2816 + 0.12, accuracy: 1e-12)
    XCTAssertEqual(measurer.advance(of: "\n"), 0)
    XCTAssertEqual(measurer.advance(of: "\u{200D}"), 0)
    XCTAssertEqual(measurer.kerning(between: "A", and: "V"), 0)
  }

  /// The claim that justifies checking the metrics in: on the stored sizes the built-in
  /// measurer is closer than the fixed metric in width, by mean error and by share within a
  /// pixel, and no worse than half a point per label in mean height.
  func testBeatsTheFixedMetricOnStoredSizes() throws {
    let samples = try StoredSizes.load()
    let fixed = StoredSizes.summary(samples) {
      StoredSizes.predictedSize(of: $0, with: FixedTextMeasurer(fontSize: $0.font.size))
    }
    let builtin = StoredSizes.summary(samples) { StoredSizes.builtin($0) ?? (.nan, .nan) }
    XCTAssertLessThan(builtin.meanWidthError, fixed.meanWidthError / 2)
    XCTAssertLessThan(builtin.maxWidthError, fixed.maxWidthError)
    XCTAssertGreaterThan(builtin.widthWithinPixel, fixed.widthWithinPixel + 0.2)
    XCTAssertGreaterThan(builtin.bothWithinPixel, fixed.bothWithinPixel + 0.2)
    XCTAssertLessThan(builtin.meanHeightError, 0.5)
  }
}
