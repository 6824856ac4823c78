import TrellisText
import XCTest

/// The fixed metric gives the numbers TrellisLayout's TextMetrics gives today.
final class FixedMetricTests: XCTestCase {
  func testFlipsZeroAt20() {
    // 8 clusters × 10 = 80 wide; 1.2 × 20 = 24 tall; baseline 0.95 × 20 = 19.
    let layout = TextLayout("Flips: 0", measurer: FixedTextMeasurer(fontSize: 20))
    XCTAssertEqual(layout.width, 80)
    XCTAssertEqual(layout.height, 24)
    XCTAssertEqual(layout.firstBaseline, 19)
    XCTAssertEqual(layout.lines.count, 1)
  }

  func testTwoLinesAt20() {
    // "Flips" 5 × 10 = 50; two lines of 24 = 48; baselines 19 and 24 + 19 = 43.
    let layout = TextLayout("Flips\n0", measurer: FixedTextMeasurer(fontSize: 20))
    XCTAssertEqual(layout.width, 50)
    XCTAssertEqual(layout.height, 48)
    XCTAssertEqual(layout.firstBaseline, 19)
    XCTAssertEqual(layout.lastBaseline, 43)
    XCTAssertEqual(layout.lines.map(\.text), ["Flips", "0"])
  }

  func testAbcAt17RawAndAt2x() {
    // 3 × 8.5 = 25.5 wide, 1.2 × 17 = 20.4 tall; at @2x 40.8 px → 41 px = 20.5 pt.
    let raw = TextLayout("abc", measurer: FixedTextMeasurer(fontSize: 17), rounding: .none)
    XCTAssertEqual(raw.width, 25.5)
    XCTAssertEqual(raw.height, 20.4, accuracy: 1e-12)
    let retina = TextLayout("abc", measurer: FixedTextMeasurer(fontSize: 17), rounding: .up(scale: 2))
    XCTAssertEqual(retina.width, 25.5)
    XCTAssertEqual(retina.height, 20.5)
  }

  func testNoiseBelowAPixelIsNotRoundedUp() {
    // 5 lines × 20.4 = 102.00000000000001 stays 102, as TextMetrics.
    let layout = TextLayout("a\nb\nc\nd\ne", measurer: FixedTextMeasurer(fontSize: 17))
    XCTAssertEqual(layout.height, 102)
  }

  func testEmptyTextAndTrailingNewline() {
    let empty = TextLayout("", measurer: FixedTextMeasurer(fontSize: 20))
    XCTAssertEqual([empty.width, empty.height, empty.firstBaseline, empty.lastBaseline], [0, 0, 0, 0])
    XCTAssertTrue(empty.lines.isEmpty)
    // As TextMetrics: "a\n" is two lines, the second empty.
    XCTAssertEqual(TextLayout("a\n", measurer: FixedTextMeasurer(fontSize: 20)).height, 48)
    XCTAssertEqual(TextLayout("a\r\nb", measurer: FixedTextMeasurer(fontSize: 20)).lines.map(\.text), ["a", "b"])
  }

  func testGraphemeClustersAdvanceOnce() {
    // "é" as e + combining acute and a family emoji are one cluster each: 2 × 10 = 20.
    XCTAssertEqual(TextLayout("e\u{301}👨‍👩‍👧", measurer: FixedTextMeasurer(fontSize: 20)).width, 20)
  }
}
