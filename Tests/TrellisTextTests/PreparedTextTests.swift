import TrellisText
import XCTest

/// Text measured once and laid out at several widths gives what measuring each time gives.
final class PreparedTextTests: XCTestCase {
  func testLayingOutPreparedTextMatchesLayingOutTheString() {
    let measurer = FixedTextMeasurer(fontSize: 10)  // every cluster 5 wide, lines 12 tall
    let text = "The quick brown fox\njumps over the lazy dog"
    let prepared = PreparedText(text, measurer: measurer)
    for width in [20.0, 45, 50, 94.9, 95, 200, .infinity] {
      for mode in LineBreakMode.allCases {
        for limit in [0, 1, 2] {
          XCTAssertEqual(
            TextLayout(prepared, maxWidth: width, numberOfLines: limit, lineBreakMode: mode),
            TextLayout(text, measurer: measurer, maxWidth: width, numberOfLines: limit, lineBreakMode: mode),
            "width \(width), \(mode), \(limit) lines")
        }
      }
    }
  }

  func testUnwrappedWidthIsTheWidestParagraphWithoutTrailingSpaces() {
    // "jumps over the lazy dog" is 23 clusters × 5 = 115; "The quick brown fox  " trims to 19 × 5 = 95.
    let prepared = PreparedText(
      "The quick brown fox  \njumps over the lazy dog", measurer: FixedTextMeasurer(fontSize: 10))
    XCTAssertEqual(prepared.unwrappedWidth, 115)
    XCTAssertEqual(PreparedText("", measurer: FixedTextMeasurer(fontSize: 10)).unwrappedWidth, 0)
    // 19 clusters at 95 fit in one line at exactly 95.
    let fox = PreparedText("The quick brown fox", measurer: FixedTextMeasurer(fontSize: 10))
    XCTAssertEqual(TextLayout(fox, maxWidth: 95, numberOfLines: 0).lines.count, 1)
    XCTAssertEqual(TextLayout(fox, maxWidth: 94, numberOfLines: 0).lines.map(\.text), ["The quick brown", "fox"])
  }
}
