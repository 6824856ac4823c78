import TrellisText
import XCTest

/// Random texts (spaces, tabs, hyphens, brackets, punctuation, CJK, emoji, newlines) laid out in
/// every mode at random widths and line limits: what must hold whatever the text.
final class LayoutPropertyTests: XCTestCase {
  let alphabet: [Character] = [
    "a", "b", "c", "W", " ", " ", "\t", "-", "(", ")", ".", ",", "!", "漢", "字", "。", "「", "」", "ー", "😀",
    "\n", "\u{A0}", "\u{200B}", "e\u{301}", "5",
  ]

  func testInvariantsOnRandomTexts() {
    var state: UInt64 = 0x1234_5678_9ABC_DEF0
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33) % bound
    }
    let measurer = FixedTextMeasurer(fontSize: 10)  // every cluster 5 wide
    for _ in 0..<1500 {
      let text = String((0..<next(40)).map { _ in alphabet[next(alphabet.count)] })
      let maxWidth = [Double.infinity, 4, 5, 12.5, 20, 37, 60][next(7)]
      let limit = next(4)
      let mode = LineBreakMode.allCases[next(LineBreakMode.allCases.count)]
      let layout = TextLayout(text, measurer: measurer, maxWidth: maxWidth, numberOfLines: limit, lineBreakMode: mode)
      let context =
        "\(mode) width \(maxWidth) lines \(limit) text \(text.debugDescription) → \(layout.lines.map(\.text))"
      if limit > 0 { XCTAssertLessThanOrEqual(layout.lines.count, limit, context) }
      XCTAssertEqual(layout.lines.isEmpty, text.isEmpty, context)
      for line in layout.lines {
        let clipped = mode == .byClipping && line.width < measurer.width(of: line.text)
        if !clipped { XCTAssertEqual(line.width, measurer.width(of: line.text), context) }
        XCTAssertFalse(line.text.contains { $0.isNewline }, context)
        let oneCluster = line.text.count <= 1
        XCTAssertTrue(line.width <= maxWidth || oneCluster, "line \(line.text.debugDescription) too wide: \(context)")
      }
      let shown = visible(layout.lines.map { $0.text.replacingOccurrences(of: "…", with: "") }.joined())
      if !layout.isTruncated {
        XCTAssertEqual(shown, visible(text), context)
        XCTAssertFalse(layout.lines.contains { $0.hasEllipsis }, context)
      } else {
        // What is shown is part of the text (an ellipsis stands for what is not).
        XCTAssertLessThanOrEqual(shown.count, visible(text.replacingOccurrences(of: "…", with: "")).count, context)
      }
      if limit == 0 && (mode == .byWordWrapping || mode == .byCharWrapping) {
        XCTAssertFalse(layout.isTruncated, context)
      }
    }
  }

  private func visible(_ text: String) -> [Character] {
    text.filter { !$0.isNewline && $0 != " " && $0 != "\t" }
  }
}
