import Foundation
import TrellisText
import XCTest

/// Pseudo-locale transforms, each expected string worked out by hand from the rules in
/// `docs/text.md` (the working is in the comments).
final class PseudoLocaleTests: XCTestCase {
  /// Compares scalar by scalar: `String ==` treats canonically equivalent strings as equal, and
  /// the accented forms must be the precomposed scalars.
  func assertScalars(_ actual: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      actual.unicodeScalars.map(\.value), expected.unicodeScalars.map(\.value), "\(actual) vs \(expected)",
      file: file, line: line)
  }

  func testEmptyTextStaysEmpty() {
    for locale in PseudoLocale.allCases {
      XCTAssertEqual(locale.apply(to: ""), "", "\(locale)")
    }
  }

  func testLonger() {
    // n clusters get ⌈3n/10⌉ more. "a": 1 → 1 more, the word repeated from its start.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "a"), "aa")
    // "OK": 2 → ⌈0.6⌉ = 1.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "OK"), "OKO")
    // "Settings": 8 → ⌈2.4⌉ = 3: "Set".
    XCTAssertEqual(PseudoLocale.longer.apply(to: "Settings"), "SettingsSet")
    // "Hello world": 11 → ⌈3.3⌉ = 4, words 5 and 5 (W = 10): ⌊4·5/10⌋ = 2, then ⌊4·10/10⌋ − 2 = 2.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "Hello world"), "HelloHe worldwo")
    // "ab cdefgh": 9 → ⌈2.7⌉ = 3, words 2 and 6 (W = 8): ⌊3·2/8⌋ = 0, then 3 − 0 = 3: "cde".
    XCTAssertEqual(PseudoLocale.longer.apply(to: "ab cdefgh"), "ab cdefghcde")
    // "ab ": 3 → 1; the only word takes it, the trailing space stays last.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "ab "), "aba ")
    // Two spaces, no word: the paragraph itself is the word, 2 → 1 more space.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "  "), "   ")
    // Paragraphs separately: "Hi" 2 → 1 ("H"), "there" 5 → ⌈1.5⌉ = 2 ("th").
    XCTAssertEqual(PseudoLocale.longer.apply(to: "Hi\nthere"), "HiH\nthereth")
    XCTAssertEqual(PseudoLocale.longer.apply(to: "Hi\r\n\nthere\n"), "HiH\r\n\nthereth\n")
    // CJK stays CJK: 2 → 1.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "設定"), "設定設")
    // Clusters are whole: "👍🏽 ok" is 4 clusters → 2 more; words 1 and 2 (W = 3): ⌊2·1/3⌋ = 0,
    // then ⌊2·3/3⌋ = 2: "ok". "e\u{301}" (one cluster) is repeated whole.
    XCTAssertEqual(PseudoLocale.longer.apply(to: "👍🏽 ok"), "👍🏽 okok")
    assertScalars(PseudoLocale.longer.apply(to: "e\u{301}x"), "e\u{301}xe\u{301}")
  }

  func testLongerLengthRule() {
    // Every paragraph ends up ⌈13n/10⌉ clusters long, in integers: (13n + 9) / 10.
    let samples = [
      "Save", "Cancel", "Delete all messages", "A much longer sentence, with punctuation; and more.", "x y z",
      "Wi-Fi settings", "  leading and trailing  ", "日本語のテキスト", "Ünïcödé wörds hère",
    ]
    for sample in samples {
      let n = sample.count
      XCTAssertEqual(PseudoLocale.longer.apply(to: sample).count, (13 * n + 9) / 10, sample)
    }
  }

  func testLongerKnownShortfall() {
    // The documented limit: "\u{301}a" is two clusters (a lone mark, then "a") → 1 more, the
    // word's first cluster; appended after "a" the mark joins it, so the result is still two
    // clusters, not three.
    let padded = PseudoLocale.longer.apply(to: "\u{301}a")
    assertScalars(padded, "\u{301}a\u{301}")
    XCTAssertEqual(padded.count, 2)
  }

  func testLongerKeepsWordsBreakable() {
    // Fixed metric at 10 pt: 5 per cluster. "Hello world" wraps at 30 into two words; padded,
    // "HelloHe worldwo" (35 per word) wraps at 40 into the same two lines, not one long word.
    let measurer = FixedTextMeasurer(fontSize: 10)
    let padded = PseudoLocale.longer.apply(to: "Hello world")
    let layout = TextLayout(
      padded, measurer: measurer, maxWidth: 40, numberOfLines: 0, lineBreakMode: .byWordWrapping, rounding: .none)
    XCTAssertEqual(layout.lines.map(\.text), ["HelloHe", "worldwo"])
  }

  func testDouble() {
    XCTAssertEqual(PseudoLocale.double.apply(to: "Done"), "Done Done")
    XCTAssertEqual(PseudoLocale.double.apply(to: "Flips: 0"), "Flips: 0 Flips: 0")
    // Each paragraph doubled; newlines (also CR LF) kept; an empty paragraph stays empty.
    XCTAssertEqual(PseudoLocale.double.apply(to: "a\nb"), "a a\nb b")
    XCTAssertEqual(PseudoLocale.double.apply(to: "a\r\n\nb\n"), "a a\r\n\nb b\n")
    XCTAssertEqual(PseudoLocale.double.apply(to: "\n"), "\n")
    XCTAssertEqual(PseudoLocale.double.apply(to: "👨‍👩‍👧"), "👨‍👩‍👧 👨‍👩‍👧")
  }

  func testAccented() {
    // H → Ĥ (U+0124), e → é (E9), l → ĺ (13A), o → ö (F6), W → Ŵ (174), r → ŕ (155), d → ď (10F).
    assertScalars(
      PseudoLocale.accented.apply(to: "Hello, World"),
      "\u{124}\u{E9}\u{13A}\u{13A}\u{F6}, \u{174}\u{F6}\u{155}\u{13A}\u{10F}")
    // q has no accented form; u → ü (FC), i → í (ED), z → ž (17E).
    assertScalars(PseudoLocale.accented.apply(to: "Quiz"), "Q\u{FC}\u{ED}\u{17E}")
    // Only single ASCII letters change: digits, punctuation, other scripts, a letter already
    // carrying a combining mark, and newlines stay.
    assertScalars(PseudoLocale.accented.apply(to: "12 日本 e\u{301}!\r\n"), "12 日本 e\u{301}!\r\n")
    // Lengths in clusters are kept.
    let sample = "The quick brown fox\njumps over the lazy dog"
    XCTAssertEqual(PseudoLocale.accented.apply(to: sample).count, sample.count)
  }

  func testAccentedFormsAreTheSameLetters() {
    // Each replacement decomposes (NFD) to its own letter plus one combining mark.
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    for letter in letters {
      let accented = PseudoLocale.accented(letter)
      XCTAssertEqual(accented.unicodeScalars.count, 1, "\(letter) is one precomposed scalar")
      let decomposed = Array(String(accented).decomposedStringWithCanonicalMapping.unicodeScalars)
      XCTAssertEqual(decomposed.first.map(Character.init), letter, "\(letter) → \(accented)")
      XCTAssertEqual(decomposed.count, letter == "q" || letter == "Q" ? 1 : 2, "\(letter) → \(accented)")
    }
  }

  func testRightToLeftAndBounded() {
    XCTAssertEqual(PseudoLocale.rightToLeft.apply(to: "Hello\nworld"), "Hello\nworld")
    XCTAssertEqual(PseudoLocale.allCases.filter(\.impliesRightToLeft), [.rightToLeft])
    XCTAssertEqual(PseudoLocale.bounded.apply(to: "Save"), "[# Save #]")
    XCTAssertEqual(PseudoLocale.bounded.apply(to: "a\nb"), "[# a\nb #]")
  }

  func testParser() {
    for locale in PseudoLocale.allCases {
      XCTAssertEqual(PseudoLocale(name: locale.name), locale)
      XCTAssertEqual(PseudoLocale(name: locale.rawValue), locale)
      XCTAssertEqual(PseudoLocale(name: locale.name.uppercased()), locale)
    }
    XCTAssertEqual(PseudoLocale.allCases.map(\.name), ["longer", "double", "accented", "right-to-left", "bounded"])
    XCTAssertEqual(PseudoLocale(name: "RightToLeft"), .rightToLeft)
    XCTAssertNil(PseudoLocale(name: "rtl"))
    XCTAssertNil(PseudoLocale(name: ""))
  }
}
