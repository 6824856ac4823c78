import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// Pathological Unicode in ids, texts and constraint strings: combining marks, bidi controls,
/// emoji ZWJ sequences, NUL, lone surrogates written as escapes, line separators.
final class HostileUnicodeTests: XCTestCase {
  func testIdsWithCombiningMarksBidiControlsOrNulAreRejectedAtTheBadScalar() {
    // Columns count scalars: the error points at the offending scalar itself, not at the
    // start of the string. In "a\u0000" the NUL is written as an escape: the error points at
    // its backslash.
    let text = hostileLayout(
      views:
        "{\"id\": \"e\u{301}\"}, {\"id\": \"\u{200F}rtl\"}, {\"id\": \"a\\u0000\"}, {\"id\": \"\u{1F468}\u{200D}\u{1F469}\"}",
      "")
    let result = hostileRead(text)
    XCTAssertNil(result.document)
    let message = "ids are letters, digits and '_', and do not start with a digit"
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "\u{301}", in: text)): error: invalid view id 'e\u{301}': \(message)",
        "\(hostilePosition(of: "\u{200F}", in: text)): error: invalid view id '\u{200F}rtl': \(message)",
        "\(hostilePosition(of: "\\u0000", in: text)): error: invalid view id 'a\u{0}': \(message)",
        "\(hostilePosition(of: "\u{1F468}", in: text)): error: invalid view id '\u{1F468}\u{200D}\u{1F469}': \(message)",
      ])
  }

  func testARawNulInAStringMustBeEscaped() {
    let text = hostileLayout(views: "{\"id\": \"l\", \"kind\": \"label\", \"text\": \"a\u{0}b\"}", "")
    let result = hostileRead(text)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "\u{0}", in: text)): error: control character U+0000 must be escaped in a JSON string; write \\u0000"
      ])
  }

  func testLoneSurrogateEscapesAreErrorsAndPairsAreOneScalar() throws {
    let text = hostileLayout(
      views:
        "{\"id\": \"l\", \"kind\": \"label\", \"text\": \"x\\ud800y\"}, {\"id\": \"m\", \"kind\": \"label\", \"text\": \"\\udc00\"}",
      "")
    let result = hostileRead(text)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "\\ud800", in: text)): error: unpaired UTF-16 surrogate '\\uD800' in a string; write the character itself or a complete surrogate pair",
        "\(hostilePosition(of: "\\udc00", in: text)): error: unpaired UTF-16 surrogate '\\uDC00' in a string; write the character itself or a complete surrogate pair",
      ])

    let paired = hostileRead(
      hostileLayout(views: "{\"id\": \"l\", \"kind\": \"label\", \"text\": \"\\ud83d\\ude00\"}", ""))
    let label = try XCTUnwrap(paired.document?.allViews.first { $0.id == "l" })
    XCTAssertEqual(label.text?.base.unicodeScalars.map(\.value), [0x1F600])
  }

  func testTextIsMeasuredInGraphemeClusters() throws {
    // TextMetrics: each grapheme cluster advances 0.5 × fontSize (here 20 → 10 pt), a line is
    // 1.2 × 20 = 24 pt tall; @1x sizes round up to whole points.
    let texts: [(id: String, text: String, graphemes: Int)] = [
      // Man ZWJ woman ZWJ girl: five scalars, one family emoji.
      ("family", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1),
      // Two regional-indicator pairs: two flags.
      ("flags", "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", 2),
      // e with three combining acute accents: one cluster.
      ("stacked", "e\u{301}\u{301}\u{301}", 1),
      // A right-to-left override is a control: a cluster of its own before "abc".
      ("override", "\u{202E}abc", 4),
      // A thumbs-up with a skin-tone modifier: one cluster.
      ("thumb", "\u{1F44D}\u{1F3FD}", 1),
    ]
    let views = texts.map { "{\"id\": \"\($0.id)\", \"kind\": \"label\", \"fontSize\": 20, \"text\": \"\($0.text)\"}" }
    let text = hostileLayout(views: views.joined(separator: ", "), "")
    let read = hostileRead(text)
    let document = try XCTUnwrap(read.document, "\(read.diagnostics)")
    let resolved = document.resolved(for: hostilePhone)
    for entry in texts {
      let view = try XCTUnwrap(resolved.views.first { $0.id == entry.id })
      XCTAssertEqual(view.text, entry.text)
      XCTAssertEqual(view.intrinsicWidth, Double(entry.graphemes) * 10, entry.id)
      XCTAssertEqual(view.intrinsicHeight, 24, entry.id)
    }
  }

  func testUnicodeInConstraintStringsIsReportedAtTheScalar() {
    // An emoji cannot start an item; a combining mark cannot continue a Visual Format name.
    // With the emoji written as a surrogate-pair escape, the column is the backslash's.
    let text = hostileLayout(
      "\"\u{1F468}\u{200D}\u{1F469}.top == a.top\",\n\"H:|[a\u{301}]|\",\n\"a.top == b.top @\u{200F}high\",\n\"\\ud83d\\ude00.top == a.top\""
    )
    let result = hostileRead(text)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "\u{1F468}", in: text)): error: a constraint must start with 'item.attribute', e.g. 'a.top == b.bottom + 8'",
        "\(hostilePosition(of: "\u{301}", in: text)): error: expected ']' after view name 'a'",
        "\(hostilePosition(of: "\u{200F}", in: text)): error: expected a priority after '@': a number 1…1000, required, high or low",
        "\(hostilePosition(of: "\\ud83d", in: text)): error: a constraint must start with 'item.attribute', e.g. 'a.top == b.bottom + 8'",
      ])
  }

  func testALineSeparatorInsideAStringDoesNotStartALine() {
    // JSON allows U+2028 raw in strings; lines end only at \n, \r\n and \r, so what follows
    // stays on the same line, one column further.
    let text = "{\"title\": \"a\u{2028}b\", \"root\": {}, \"bogus\": 1}"
    let result = hostileRead(text)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      ["\(hostilePosition(of: "\"bogus\"", in: text)): warning: unknown key \"bogus\" in the layout file"])
    // {"title": "a⁠b", … : the title's quote is column 11, a 12, U+2028 13, b 14, its
    // quote 15, then `, "root": {}, ` (columns 16…29): "bogus" starts at column 30 of line 1.
    XCTAssertEqual(hostilePosition(of: "\"bogus\"", in: text), "1:30")
  }

  func testTheCaretLinesUpUnderBidiAndCombiningText() {
    // The renderer copies no scalar into the caret line: it has one space per column before
    // the caret, whatever the scalars are (tabs excepted), and control characters in the
    // quoted line are shown as U+FFFD.
    let line = "  \"\u{202E}e\u{301}\u{1F468}\u{200D}\u{1F469}.top == ghost.top\","
    let text = "{\"root\": {\"children\": [{\"id\": \"a\"}]},\n\"constraints\": [\n\(line)\n\"a.top == a\u{7}.top\"]}"
    let result = hostileRead(text)
    let rendered = DiagnosticRenderer.gnu(result.diagnostics, sources: [SourceText(file: "hostile.json", text: text)])
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // First diagnostic: the RLO cannot start an item, at column 4 (two spaces, the quote).
    XCTAssertEqual(
      lines.first,
      "hostile.json:3:4: error: a constraint must start with 'item.attribute', e.g. 'a.top == b.bottom + 8' [constraint-syntax]"
    )
    let caret = lines.first { $0.hasPrefix("   | ") && $0.hasSuffix("^") }
    XCTAssertEqual(caret, "   | " + String(repeating: " ", count: 3) + "^")
    // The BEL (U+0007) of line 4 is quoted as U+FFFD.
    XCTAssertTrue(lines.contains(" 4 | \"a.top == a\u{FFFD}.top\"]}"), rendered)
  }
}
