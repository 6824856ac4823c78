import TrellisTestSupport
import TrellisText
import XCTest

/// Widths and heights with the synthetic font, worked out by hand: points = units × size / 1000.
final class FontMeasurerTests: XCTestCase {
  let font = try! Font(bytes: SyntheticFont().build())

  func testAdvancesAndKerning() {
    let measurer = FontTextMeasurer(font: font, size: 20)
    // a 500 + W 900 = 1400 units × 0.02 = 28.
    XCTAssertEqual(measurer.width(of: "aW"), 28, accuracy: 1e-9)
    // A 700 + V 700 − 80 = 1320 units at 10 pt = 13.2.
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "AV"), 13.2, accuracy: 1e-9)
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10, kerning: false).width(of: "AV"), 14, accuracy: 1e-9)
    // a 500 + space 250 + a 500 = 1250 at 10 pt = 12.5.
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "a a"), 12.5, accuracy: 1e-9)
    // Z is not in the font: .notdef's 600 → 6.
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "Z"), 6, accuracy: 1e-9)
    // a tab the font lacks advances like a space (250 → 2.5); a variation selector adds nothing.
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "\t"), 2.5, accuracy: 1e-9)
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "a\u{FE0F}"), 5, accuracy: 1e-9)
  }

  func testPointsAreExactWhereTheyCanBe() {
    // 500 × 17 / 1000 = 8.5 exactly, so three of them round up to 25.5, not 26.
    let measurer = FontTextMeasurer(font: font, size: 17)
    XCTAssertEqual(measurer.advance(of: "a"), 8.5)
    XCTAssertEqual(TextLayout("abc", measurer: measurer, rounding: .up(scale: 2)).width, 25.5)
  }

  func testSingleLineLayout() {
    // "AVa" at 10 pt: 7 + 7 − 0.8 + 5 = 18.2 wide; hhea 8 + 2 + 1 = 11 tall, baseline 8.
    let measurer = FontTextMeasurer(font: font, size: 10)
    let raw = TextLayout("AVa", measurer: measurer, rounding: .none)
    XCTAssertEqual(raw.width, 18.2, accuracy: 1e-9)
    XCTAssertEqual(raw.height, 11, accuracy: 1e-9)
    XCTAssertEqual(raw.firstBaseline, 8, accuracy: 1e-9)
    XCTAssertEqual(TextLayout("AVa", measurer: measurer, rounding: .up(scale: 1)).width, 19)
    XCTAssertEqual(TextLayout("AVa", measurer: measurer, rounding: .up(scale: 2)).width, 18.5)
    XCTAssertEqual(TextLayout("AVa", measurer: measurer, rounding: .up(scale: 3)).width, 55.0 / 3, accuracy: 1e-12)
  }

  func testWrappingWithTheFont() {
    // At 20 pt: "aaa" = 30, space 5, "WW" = 36. Max width 40: "aaa WW" = 71 does not fit.
    let layout = TextLayout("aaa WW", measurer: FontTextMeasurer(font: font, size: 20), maxWidth: 40, rounding: .none)
    XCTAssertEqual(layout.lines.map(\.text), ["aaa", "WW"])
    XCTAssertEqual(layout.lines.map(\.width), [30, 36])
    // Two lines of 16 + 4 + 2 = 22: height 44, baselines 16 and 38.
    XCTAssertEqual(layout.height, 44, accuracy: 1e-9)
    XCTAssertEqual(layout.firstBaseline, 16, accuracy: 1e-9)
    XCTAssertEqual(layout.lastBaseline, 38, accuracy: 1e-9)
  }

  func testTailTruncationUsesTheEllipsisGlyph() {
    // At 10 pt: each a/b/c is 5, "…" is 8. Max 20: "ab" + "…" = 18 fits, "abc…" = 23 does not.
    let layout = TextLayout("abcabc", measurer: FontTextMeasurer(font: font, size: 10), maxWidth: 20, numberOfLines: 1)
    XCTAssertEqual(layout.lines.map(\.text), ["ab…"])
    XCTAssertEqual(layout.lines[0].width, 18, accuracy: 1e-9)
    XCTAssertTrue(layout.isTruncated)
  }

  func testGPOSKerningInMeasuring() throws {
    var synthetic = SyntheticFont()
    synthetic.gpos = true
    let measurer = FontTextMeasurer(font: try Font(bytes: synthetic.build()), size: 10)
    // W 900 + a 500 − 50 = 1350 → 13.5; A V: 1400 − 100 = 1300 → 13.
    XCTAssertEqual(measurer.width(of: "Wa"), 13.5, accuracy: 1e-9)
    XCTAssertEqual(measurer.width(of: "AV"), 13, accuracy: 1e-9)
  }
}

/// A font's `trak` table: extra space per cluster by point size, as CoreText applies it.
final class TrackingTests: XCTestCase {
  func testTheNormalTrackIsInterpolatedAndHeldAtTheEnds() throws {
    var synthetic = SyntheticFont()
    // −50 units at 10 pt, +50 at 20 pt (1000 units per em); a, b, c are 500 units wide.
    synthetic.trak = [(10, -50), (20, 50)]
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.tracking?.sizes, [10, 20])
    // 10 pt: 3 × 5 − 3 × 0.5 = 13.5.
    XCTAssertEqual(TextLayout("abc", measurer: FontTextMeasurer(font: font, size: 10), rounding: .none).width, 13.5)
    // 15 pt: halfway, 0 units: 3 × 7.5 = 22.5.
    XCTAssertEqual(TextLayout("abc", measurer: FontTextMeasurer(font: font, size: 15), rounding: .none).width, 22.5)
    // 30 pt: held at +50 units = 1.5 pt: 3 × 15 + 3 × 1.5 = 49.5.
    XCTAssertEqual(TextLayout("abc", measurer: FontTextMeasurer(font: font, size: 30), rounding: .none).width, 49.5)
    // Off: the plain advances.
    XCTAssertEqual(
      TextLayout("abc", measurer: FontTextMeasurer(font: font, size: 10, tracking: false), rounding: .none).width, 15)
  }

  func testAMalformedTrackingTableIsIgnored() throws {
    var synthetic = SyntheticFont()
    synthetic.overrides["trak"] = [0, 1, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 1]  // track data cut short
    let font = try Font(bytes: synthetic.build())
    XCTAssertNil(font.tracking)
    XCTAssertEqual(TextLayout("abc", measurer: FontTextMeasurer(font: font, size: 10), rounding: .none).width, 15)
  }
}
