import TrellisModel
import XCTest

final class TextMetricsTests: XCTestCase {
  func testOneLine() {
    // "Flips: 0" is 8 characters: 8 × 0.5 × 20 = 80 wide; 1 × 1.2 × 20 = 24 tall;
    // baseline 0.95 × 20 = 19 below the top.
    let m = TextMetrics.measure("Flips: 0", fontSize: 20)
    assertMeasure(m, width: 80, height: 24, lines: 1, first: 19, last: 19)
  }

  func testLineBreaks() {
    // "Flips" (5) and "0" (1): width = 5 × 10 = 50; height = 2 × 24 = 48;
    // last baseline = 24 + 19 = 43.
    let m = TextMetrics.measure("Flips\n0", fontSize: 20, numberOfLines: 0)
    assertMeasure(m, width: 50, height: 48, lines: 2, first: 19, last: 43)
  }

  func testNumberOfLinesCapsTheLines() {
    // Only "Flips" is kept: 50 × 24.
    let m = TextMetrics.measure("Flips\n0", fontSize: 20, numberOfLines: 1)
    assertMeasure(m, width: 50, height: 24, lines: 1, first: 19, last: 19)
    // Two of three lines, the longest one dropped: "a", "bb" → 2 × 5 = 10 wide, 2 × 12 = 24 tall (10 pt).
    let two = TextMetrics.measure("a\nbb\ncccc", fontSize: 10, numberOfLines: 2)
    XCTAssertEqual(two.width, 10)
    XCTAssertEqual(two.height, 24)
    XCTAssertEqual(two.lastBaseline, 12 + 9.5, accuracy: 1e-9)
  }

  func testGraphemesCountOnce() {
    // "e" + combining acute, and 👍 + skin tone modifier: 2 graphemes × 0.5 × 10 = 10.
    let m = TextMetrics.measure("e\u{301}\u{1F44D}\u{1F3FD}", fontSize: 10)
    XCTAssertEqual(m.width, 10)
  }

  func testEmptyTextAndEmptyLines() {
    assertMeasure(TextMetrics.measure("", fontSize: 17), width: 0, height: 0, lines: 0, first: 0, last: 0)
    // "ab\n" is two lines, the second empty: 2 × 5 = 10 wide, 2 × 12 = 24 tall.
    let trailing = TextMetrics.measure("ab\n", fontSize: 10)
    XCTAssertEqual(trailing.lineCount, 2)
    XCTAssertEqual(trailing.width, 10)
    XCTAssertEqual(trailing.height, 24)
    // "\r\n" is one grapheme and one line break.
    XCTAssertEqual(TextMetrics.measure("ab\r\ncd", fontSize: 10).lineCount, 2)
  }

  func testSizesRoundUpToThePixelGrid() {
    // "abc" at 17 pt: 3 × 8.5 = 25.5 wide, 1.2 × 17 = 20.4 tall.
    let at1 = TextMetrics.measure("abc", fontSize: 17, scale: 1)
    XCTAssertEqual(at1.width, 26)  // 25.5 → 26
    XCTAssertEqual(at1.height, 21)  // 20.4 → 21
    let at2 = TextMetrics.measure("abc", fontSize: 17, scale: 2)
    XCTAssertEqual(at2.width, 25.5)  // 51 px exactly
    XCTAssertEqual(at2.height, 20.5)  // 40.8 px → 41 px
    let at3 = TextMetrics.measure("abc", fontSize: 17, scale: 3)
    XCTAssertEqual(at3.width, 77.0 / 3, accuracy: 1e-12)  // 76.5 px → 77 px
    XCTAssertEqual(at3.height, 62.0 / 3, accuracy: 1e-12)  // 61.2 px → 62 px
    // Baselines are not rounded: 0.95 × 17 = 16.15.
    XCTAssertEqual(at1.firstBaseline, 16.15, accuracy: 1e-12)
    // Floating-point noise does not add a pixel: 5 lines × 1.2 × 17 = 102.
    XCTAssertEqual(TextMetrics.measure("a\nb\nc\nd\ne", fontSize: 17, scale: 1).height, 102)
  }

  private func assertMeasure(
    _ m: TextMetrics.Measurement, width: Double, height: Double, lines: Int, first: Double, last: Double,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(m.width, width, accuracy: 1e-9, "width", file: file, line: line)
    XCTAssertEqual(m.height, height, accuracy: 1e-9, "height", file: file, line: line)
    XCTAssertEqual(m.lineCount, lines, "lines", file: file, line: line)
    XCTAssertEqual(m.firstBaseline, first, accuracy: 1e-9, "first baseline", file: file, line: line)
    XCTAssertEqual(m.lastBaseline, last, accuracy: 1e-9, "last baseline", file: file, line: line)
  }
}
