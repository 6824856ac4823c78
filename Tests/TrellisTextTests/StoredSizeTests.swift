import Foundation
import XCTest

@testable import TrellisText

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
    let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/text-sizes/stored-label-sizes.json")
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
    /// Samples with both axes intrinsic predicted within one pixel on both, as a share of those.
    var bothWithinPixel = 0.0
  }

  /// Sums up `predict`'s errors over `samples`, each axis only where it is intrinsic.
  static func summary(
    _ samples: [StoredSizeSample], predict: (StoredSizeSample) -> (width: Double, height: Double)
  ) -> Summary {
    var result = Summary()
    var widthWithin = 0
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

/// SF Pro's size-specific tracking in 1/1000 em, linearly interpolated between the values Apple's
/// Human Interface Guidelines give, as summarised by uxcel's HIG course ("Spacing rules",
/// https://app.uxcel.com/courses/apple-hig/system-typography-sf-font-963/spacing-rules-1411):
/// 10 pt +12, 12 pt 0, 13 pt −6, 17 pt −26, 28 pt +14; held constant outside 10…28 pt
/// (not sourced there). 17 pt gives −0.44 pt, close to the −0.41 pt of the older HIG table.
enum SystemFontTracking {
  static let points: [(size: Double, thousandths: Double)] = [(10, 12), (12, 0), (13, -6), (17, -26), (28, 14)]

  /// The tracking in points at `size`.
  static func tracking(size: Double) -> Double {
    guard let first = points.first, let last = points.last else { return 0 }
    if size <= first.size { return first.thousandths * size / 1000 }
    if size >= last.size { return last.thousandths * size / 1000 }
    for (low, high) in zip(points, points.dropFirst()) where size <= high.size {
      let t = (size - low.size) / (high.size - low.size)
      return (low.thousandths + t * (high.thousandths - low.thousandths)) * size / 1000
    }
    return 0
  }
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
    XCTAssertEqual(summary.bothWithinPixel, 0)
  }

  /// The tracking table's interpolation, worked by hand: 17 pt is −26/1000 em = −0.442 pt;
  /// 20 pt is a third of the way from −26 to +14 (−26 + 40 × 3/11 = −15.09…) × 20 / 1000.
  func testSystemFontTracking() {
    XCTAssertEqual(SystemFontTracking.tracking(size: 17), -0.442, accuracy: 1e-12)
    XCTAssertEqual(SystemFontTracking.tracking(size: 12), 0, accuracy: 1e-12)
    XCTAssertEqual(SystemFontTracking.tracking(size: 20), (-26 + 40.0 * 3 / 11) * 20 / 1000, accuracy: 1e-12)
    XCTAssertEqual(SystemFontTracking.tracking(size: 40), 14 * 40 / 1000.0, accuracy: 1e-12)
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
    let samples = try StoredSizes.load()
    let library = FontLibrary(directory: folder)

    typealias Predict = (StoredSizeSample) -> (width: Double, height: Double)?
    var candidates: [(name: String, predict: Predict)] = [
      ("fixed metric", { StoredSizes.predictedSize(of: $0, with: FixedTextMeasurer(fontSize: $0.font.size)) })
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
    for (name, list) in families where library.font(family: list[0]) != nil {
      candidates.append(
        (name, { sample in
          face(list, sample).map { StoredSizes.predictedSize(of: sample, with: FontTextMeasurer(font: $0, size: sample.font.size)) }
        }))
      candidates.append(
        ("\(name) + SF tracking", { sample in
          face(list, sample).map {
            StoredSizes.predictedSize(
              of: sample,
              with: TrackedMeasurer(
                base: FontTextMeasurer(font: $0, size: sample.font.size),
                tracking: SystemFontTracking.tracking(size: sample.font.size)))
          }
        }))
    }

    let distinct = Set(samples.map { "\($0.text)|\($0.font.size)|\($0.font.weight)" }).count
    let repositories = Set(samples.map(\.source.repository)).count
    print("stored sizes: \(samples.count) samples (\(distinct) distinct text/size/weight) from \(repositories) repositories")
    print(
      "| measurer | widths | mean |Δw| | max |Δw| | mean Δw | width within 1 px | heights | mean |Δh| | max |Δh| | both axes within 1 px |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for candidate in candidates {
      let summary = StoredSizes.summary(samples) { candidate.predict($0) ?? (.nan, .nan) }
      func f(_ value: Double) -> String { String(format: "%.2f", value) }
      func p(_ value: Double) -> String { String(format: "%.0f%%", value * 100) }
      print(
        "| \(candidate.name) | \(summary.widthCount) | \(f(summary.meanWidthError)) | \(f(summary.maxWidthError)) | "
          + "\(f(summary.meanWidthBias)) | \(p(summary.widthWithinPixel)) | \(summary.heightCount) | "
          + "\(f(summary.meanHeightError)) | \(f(summary.maxHeightError)) | \(p(summary.bothWithinPixel)) (of \(summary.bothCount)) |")
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
