import Foundation
import TrellisText
import XCTest

/// Line breaking and truncation with the fixed metric at 10 pt: every cluster is 5 wide, a
/// line 12 tall with its baseline 9.5 below its top.
final class WrappingTests: XCTestCase {
  let measurer = FixedTextMeasurer(fontSize: 10)

  func layout(
    _ text: String, _ maxWidth: Double, lines: Int = 0, mode: LineBreakMode = .byWordWrapping
  ) -> TextLayout {
    TextLayout(text, measurer: measurer, maxWidth: maxWidth, numberOfLines: lines, lineBreakMode: mode, rounding: .none)
  }

  func testWordWrapping() {
    // "hello" is 25; "hello world" 55 > 30.
    let wrapped = layout("hello world", 30)
    XCTAssertEqual(wrapped.lines.map(\.text), ["hello", "world"])
    XCTAssertEqual(wrapped.lines.map(\.width), [25, 25])
    XCTAssertEqual(wrapped.height, 24)
    XCTAssertEqual(wrapped.lines.map(\.baseline), [9.5, 21.5])
    XCTAssertFalse(wrapped.isTruncated)
    XCTAssertEqual(layout("hello world", 60).lines.map(\.text), ["hello world"])
    XCTAssertEqual(layout("hello world", 55).lines.map(\.text), ["hello world"], "an exact fit")
  }

  func testTrailingSpacesDoNotCount() {
    // "hello " is 30 but its space hangs: it fits in 25. The next line does not start with it.
    let wrapped = layout("hello   world  ", 25)
    XCTAssertEqual(wrapped.lines.map(\.text), ["hello", "world"])
    XCTAssertEqual(wrapped.width, 25)
  }

  func testLongWordBreaksWithin() {
    // 4 clusters (20) fit in 22.
    XCTAssertEqual(layout("abcdefghij", 22).lines.map(\.text), ["abcd", "efgh", "ij"])
    // After a short word, the long one starts its own line, then breaks.
    XCTAssertEqual(layout("ab abcdefgh", 22).lines.map(\.text), ["ab", "abcd", "efgh"])
    // Narrower than one cluster: one cluster per line.
    XCTAssertEqual(layout("abc", 1).lines.map(\.text), ["a", "b", "c"])
  }

  func testHyphens() {
    // "well-known" (50) does not fit 30; the break after the hyphen does: "well-" = 25.
    XCTAssertEqual(layout("well-known fact", 30).lines.map(\.text), ["well-", "known", "fact"])
    // No break in "-5" (HY × NU) or after a word-initial hyphen.
    let kinds = LineBreaking.opportunities(Array("a -5 -x b-c"))
    XCTAssertEqual(kinds[3], .none, "- before 5")
    XCTAssertEqual(kinds[6], .none, "after a word-initial hyphen")
    XCTAssertEqual(kinds[10], .allowed, "after b-")
  }

  func testCJKBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
    // Two clusters per 10-wide line.
    XCTAssertEqual(layout("漢字かなカナ", 10).lines.map(\.text), ["漢字", "かな", "カナ"])
    // "。" may not start a line, so "字" moves down with it.
    XCTAssertEqual(layout("漢字。漢字", 10).lines.map(\.text), ["漢", "字。", "漢字"])
    // Latin next to CJK breaks too; "ー" (a non-starter) stays with what precedes it.
    let kinds = LineBreaking.opportunities(Array("aの「カー」b"))
    XCTAssertEqual(kinds.map { $0 == .allowed }, [false, true, true, false, false, false, true])
  }

  func testPunctuationRules() {
    let kinds = LineBreaking.opportunities(Array("a ( b ) c!"))
    // a|␠ none, ␠|( allowed, (|␠ none, ␠|b none (after an opening bracket and spaces),
    // b|␠ none, ␠|) none (before closing), )|␠ none, ␠|c allowed, c|! none.
    XCTAssertEqual(kinds.map { $0 == .allowed }, [false, false, true, false, false, false, false, false, true, false])
    // No break before "," even after a space-less word; after the space, yes.
    XCTAssertEqual(layout("abc, def", 20).lines.map(\.text), ["abc,", "def"])
    // Glue: a no-break space holds its neighbours together (so the word breaks within).
    XCTAssertEqual(layout("ab\u{A0}cd", 15).lines.map(\.text), ["ab\u{A0}", "cd"])
  }

  func testMandatoryBreaks() {
    XCTAssertEqual(layout("a\nb\u{2028}c", .infinity).lines.map(\.text), ["a", "b", "c"])
    XCTAssertEqual(layout("a\n\nb", .infinity).lines.map(\.text), ["a", "", "b"])
  }

  func testCharWrapping() {
    // Any cluster: "hell" (20), then "o wo" (the space inside counts), then "rld".
    XCTAssertEqual(layout("hello world", 20, mode: .byCharWrapping).lines.map(\.text), ["hell", "o wo", "rld"])
  }

  func testNumberOfLinesWithWrappingModesCutsWithoutEllipsis() {
    let cut = layout("hello world again", 30, lines: 2)
    XCTAssertEqual(cut.lines.map(\.text), ["hello", "world"])
    XCTAssertTrue(cut.isTruncated)
    XCTAssertFalse(cut.lines.contains { $0.hasEllipsis })
    XCTAssertFalse(layout("hello world", 30, lines: 2).isTruncated)
  }

  func testTailTruncationOnTheLastLine() {
    // Line 2 holds "world again" (55 > 30): "world" + "…" = 30 fits; "world a…" = 40 does not.
    let cut = layout("hello world again", 30, lines: 2, mode: .byTruncatingTail)
    XCTAssertEqual(cut.lines.map(\.text), ["hello", "world…"])
    XCTAssertEqual(cut.lines.map(\.width), [25, 30])
    XCTAssertTrue(cut.isTruncated)
    XCTAssertTrue(cut.lines[1].hasEllipsis)
    // Everything fits: no ellipsis.
    XCTAssertEqual(layout("hello world", 30, lines: 2, mode: .byTruncatingTail).lines.map(\.text), ["hello", "world"])
  }

  func testSingleLineTruncationModes() {
    // 10 clusters (50) in 30: 5 for "…" and 25 for text.
    XCTAssertEqual(layout("abcdefghij", 30, lines: 1, mode: .byTruncatingTail).lines.map(\.text), ["abcde…"])
    XCTAssertEqual(layout("abcdefghij", 30, lines: 1, mode: .byTruncatingHead).lines.map(\.text), ["…fghij"])
    // Middle: the start gets the odd cluster.
    XCTAssertEqual(layout("abcdefghij", 30, lines: 1, mode: .byTruncatingMiddle).lines.map(\.text), ["abc…ij"])
    let clipped = layout("abcdefghij", 30, lines: 1, mode: .byClipping)
    XCTAssertEqual(clipped.lines.map(\.text), ["abcdefghij"])
    XCTAssertEqual(clipped.width, 30)
    XCTAssertTrue(clipped.isTruncated)
    // A single line is not wrapped by word in the truncating modes: "hello wor…".
    XCTAssertEqual(layout("hello world", 50, lines: 1, mode: .byTruncatingTail).lines.map(\.text), ["hello wor…"])
  }

  func testHiddenParagraphsGiveAnEllipsis() {
    let cut = layout("ab\ncd", .infinity, lines: 1, mode: .byTruncatingTail)
    XCTAssertEqual(cut.lines.map(\.text), ["ab…"])
    XCTAssertTrue(cut.isTruncated)
    // Head and middle truncation fall back to the tail when the visible paragraph fits.
    XCTAssertEqual(layout("ab\ncd", .infinity, lines: 1, mode: .byTruncatingHead).lines.map(\.text), ["ab…"])
  }

  func testTruncationTrimsSpacesAroundTheEllipsis() {
    // "abc def ghi" in 30: tail keeps "abc" then "…"? "abc d…" is 30: it fits.
    XCTAssertEqual(layout("abc def ghi", 30, lines: 1, mode: .byTruncatingTail).lines.map(\.text), ["abc d…"])
    // "abcd efgh" in 30, tail: "abcd " + "…" trims the space: "abcd…" (25).
    let cut = layout("abcd efgh", 30, lines: 1, mode: .byTruncatingTail)
    XCTAssertEqual(cut.lines.map(\.text), ["abcd…"])
    XCTAssertEqual(cut.lines[0].width, 25)
  }

  func testUnlimitedWidthDoesNotWrap() {
    let long = String(repeating: "word ", count: 50)
    XCTAssertEqual(layout(long, .infinity).lines.count, 1)
    XCTAssertEqual(layout(long, .nan).lines.count, 1)
  }
}

/// Long inputs lay out in time linear in their length.
final class LayoutCostTests: XCTestCase {
  func testLongUnbreakableWordsAndSpaceRuns() {
    let measurer = FixedTextMeasurer(fontSize: 10)
    let word = String(repeating: "a", count: 200_000)
    let start = Date()
    XCTAssertEqual(
      TextLayout(word, measurer: measurer, maxWidth: 40, lineBreakMode: .byWordWrapping).lines.count, 25_000)
    let spaces = "a" + String(repeating: " ", count: 200_000) + "b"
    XCTAssertEqual(TextLayout(spaces, measurer: measurer, maxWidth: 40).lines.map(\.text), ["a", "b"])
    XCTAssertEqual(
      TextLayout(spaces, measurer: measurer, maxWidth: 40, numberOfLines: 1).lines.map(\.text), ["a…"])
    XCTAssertLessThan(Date().timeIntervalSince(start), 20, "quadratic somewhere")
  }
}
