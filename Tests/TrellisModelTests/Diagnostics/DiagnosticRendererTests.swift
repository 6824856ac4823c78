import TrellisJSON
import TrellisModel
import TrellisSupport
import XCTest

/// GNU and JSON rendering, sorting, and did-you-mean suggestions.
final class DiagnosticRendererTests: XCTestCase {
  private func at(_ line: Int, _ column: Int, file: String = "f.json") -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  func testGNUFormWithPathSourceLineAndCaret() {
    let source = SourceText(file: "f.json", text: "{\n  \"a\": 1\n}\n")
    let environment = Environment(
      containerSize: Size(width: 375, height: 667), traits: .init(horizontal: .compact, vertical: .regular),
      deviceName: "iPhone 8", orientation: .portrait)
    let diagnostic = Diagnostic(
      .error, "bad value", code: "out-of-range", at: at(2, 8), path: "$.a",
      notes: [Diagnostic.Note("here", at: at(1, 1)), Diagnostic.Note("nowhere")], environment: environment)
    // The message ends with the code in brackets; the environment follows the path; notes keep
    // their own locations.
    XCTAssertEqual(
      DiagnosticRenderer.gnu([diagnostic], sources: [source]),
      """
      f.json:2:8: error: bad value [out-of-range]
        at $.a
        in iPhone 8 portrait (375x667, wC hR)
       2 |   "a": 1
         |        ^
      f.json:1:1: note: here
      note: nowhere

      """)
  }

  func testTabsAreKeptSoTheCaretLinesUp() {
    let source = SourceText(file: "f.json", text: "\t\"a\":\t1")
    // Column 7 is the "1" after a tab, `"a":` (4 columns) and another tab.
    XCTAssertEqual(
      DiagnosticRenderer.gnu([Diagnostic(.warning, "w", code: "c", at: at(1, 7))], sources: [source]),
      "f.json:1:7: warning: w [c]\n 1 | \t\"a\":\t1\n   | \t    \t^\n")
  }

  func testCRLFIsNotShown() {
    let source = SourceText(file: "f.json", text: "{\r\n\"a\": x\r\n}")
    XCTAssertEqual(
      DiagnosticRenderer.gnu([Diagnostic(.error, "e", code: "c", at: at(2, 6))], sources: [source]),
      "f.json:2:6: error: e [c]\n 2 | \"a\": x\n   |      ^\n")
  }

  func testMultiByteCharactersTakeOneColumnEach() {
    let source = SourceText(file: "f.json", text: "\"é😀\": x")
    XCTAssertEqual(
      DiagnosticRenderer.gnu([Diagnostic(.error, "e", code: "c", at: at(1, 7))], sources: [source]),
      "f.json:1:7: error: e [c]\n 1 | \"é😀\": x\n   |       ^\n")
  }

  func testLongLinesShowAWindowAroundTheColumn() {
    // 300 digits cycling 0–9; column 200 is the digit (200 - 1) % 10 = 9. The window of 120
    // starts 60 before the caret (index 139) and ends at index 259.
    let line = String((0..<300).map { Character(String($0 % 10)) })
    let source = SourceText(file: "f.json", text: line)
    let rendered = DiagnosticRenderer.gnu([Diagnostic(.error, "e", code: "c", at: at(1, 200))], sources: [source])
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
    let shown = String(line.dropFirst(139).prefix(120))
    XCTAssertEqual(lines[1], " 1 | ...\(shown)...")
    XCTAssertEqual(lines[2], "   | " + String(repeating: " ", count: 3 + 60) + "^")
    XCTAssertEqual(shown[shown.index(shown.startIndex, offsetBy: 60)], "9")
  }

  func testCaretAtTheEndOfTheLine() {
    let source = SourceText(file: "f.json", text: "{\"a\": ")
    XCTAssertEqual(
      DiagnosticRenderer.gnu([Diagnostic(.error, "e", code: "c", at: at(1, 7))], sources: [source]),
      "f.json:1:7: error: e [c]\n 1 | {\"a\": \n   |       ^\n")
  }

  func testWithoutSourceOrLocation() {
    XCTAssertEqual(
      DiagnosticRenderer.gnu([
        Diagnostic(.error, "e", code: "c", at: at(3, 1), path: "$.x"),
        Diagnostic(.error, "cannot read", code: "unreadable-file"),
      ]),
      "f.json:3:1: error: e [c]\n  at $.x\nerror: cannot read [unreadable-file]\n")
  }

  func testJSONForm() throws {
    let environment = Environment(
      containerSize: Size(width: 375, height: 667), traits: .init(horizontal: .compact, vertical: .regular),
      scale: 2, deviceName: "iPhone 8", orientation: .portrait)
    let diagnostics = [
      Diagnostic(
        .error, "say \"hi\"\tnow", code: "unknown-view", at: at(2, 8), path: "$.a",
        notes: [Diagnostic.Note("n1", at: at(1, 3)), Diagnostic.Note("n2")]),
      Diagnostic(.warning, "no place", code: "ambiguous-width", kind: .ambiguity, environment: environment),
    ]
    let text = DiagnosticRenderer.json(diagnostics)
    // Every key, in the documented order, on every record.
    let keys = ["code", "severity", "kind", "message", "file", "line", "column", "path", "notes", "environments"]
    let first = try XCTUnwrap(text.range(of: "\"environments\":"))
    let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound ?? text.endIndex }
    XCTAssertEqual(positions, positions.sorted(), text)
    XCTAssertLessThanOrEqual(positions.last ?? text.endIndex, first.lowerBound)
    let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    XCTAssertEqual(parsed.count, 2)
    XCTAssertEqual(Set(parsed[0].keys), Set(keys))
    XCTAssertEqual(parsed[0]["code"] as? String, "unknown-view")
    XCTAssertEqual(parsed[0]["message"] as? String, "say \"hi\"\tnow")
    XCTAssertEqual(parsed[0]["line"] as? Int, 2)
    XCTAssertEqual(parsed[0]["column"] as? Int, 8)
    let notes = try XCTUnwrap(parsed[0]["notes"] as? [[String: Any]])
    XCTAssertEqual(notes.map { $0["message"] as? String }, ["n1", "n2"])
    XCTAssertEqual(notes[0]["line"] as? Int, 1)
    XCTAssertEqual(notes[0]["column"] as? Int, 3)
    XCTAssertTrue(notes[1]["file"] is NSNull)
    XCTAssertEqual((parsed[0]["environments"] as? [Any])?.count, 0)
    XCTAssertTrue(parsed[1]["file"] is NSNull)
    XCTAssertEqual(parsed[1]["kind"] as? String, "ambiguity")
    let environments = try XCTUnwrap(parsed[1]["environments"] as? [[String: Any]])
    XCTAssertEqual(environments.first?["device"] as? String, "iPhone 8")
    XCTAssertEqual(environments.first?["width"] as? Double, 375)
    XCTAssertEqual(environments.first?["vertical"] as? String, "regular")
    XCTAssertEqual(environments.first?["scale"] as? Double, 2)
    XCTAssertEqual(DiagnosticRenderer.json([]), "[]\n")
    // Control characters are escaped as \u00XX.
    XCTAssertEqual(JSONText.quoted("a\u{1}b"), "\"a\\u0001b\"")
  }

  func testJSONFormIsValidJSON() throws {
    let result = LayoutReader.parse("{\"root\": {\"colour\": 1, \"hidden\": {\"hX\": true}}}", file: "x.json")
    let data = Data(DiagnosticRenderer.json(result.diagnostics).utf8)
    let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    XCTAssertEqual(parsed.count, 2)
    XCTAssertEqual(parsed.first?["line"] as? Int, 1)
    XCTAssertEqual(parsed.first?["severity"] as? String, "warning")
  }

  func testSortingByFileLineAndColumnKeepsTiesInOrder() {
    let input = [
      Diagnostic(.error, "none", code: "c"),
      Diagnostic(.warning, "b 2:1", code: "c", at: at(2, 1, file: "b.json")),
      Diagnostic(.error, "a 3:1", code: "c", at: at(3, 1)),
      Diagnostic(.error, "a 1:9 first", code: "c", at: at(1, 9)),
      Diagnostic(.warning, "a 1:9 second", code: "c", at: at(1, 9)),
      Diagnostic(.warning, "a 1:2", code: "c", at: at(1, 2)),
    ]
    // "b.json" < "f.json"; then line and column; ties keep their order; no location comes last.
    XCTAssertEqual(
      DiagnosticRenderer.sortedByPosition(input).map(\.message),
      ["b 2:1", "a 1:2", "a 1:9 first", "a 1:9 second", "a 3:1", "none"])
  }

  func testRenderedDiagnosticsOfAReadResultQuoteTheFile() {
    let result = LayoutReader.parse("{\"root\": {\"kind\": \"lable\"}}", file: "k.json")
    XCTAssertEqual(
      result.renderedDiagnostics,
      """
      k.json:1:19: error: unknown view kind 'lable'; did you mean 'label'? [invalid-value]
        at $.root.kind
       1 | {"root": {"kind": "lable"}}
         |                   ^

      """)
  }

  // MARK: Did you mean

  func testSuggestions() {
    let attributes = LayoutAttribute.allCases.map(\.rawValue)
    XCTAssertEqual(DidYouMean.suggestion(for: "tpo", among: attributes), "top")  // one swap
    XCTAssertEqual(DidYouMean.suggestion(for: "widht", among: attributes), "width")
    XCTAssertEqual(DidYouMean.suggestion(for: "centrX", among: attributes), "centerX")
    XCTAssertEqual(DidYouMean.suggestion(for: "LEADING", among: attributes), "leading")  // case only
    XCTAssertEqual(DidYouMean.suggestion(for: "blackBox", among: ["redBox", "blueBox"]), "blueBox")
    XCTAssertNil(DidYouMean.suggestion(for: "x", among: ["y", "z"]))  // one letter is never a typo of another
    XCTAssertNil(DidYouMean.suggestion(for: "banana", among: attributes))
    XCTAssertNil(DidYouMean.suggestion(for: "top", among: ["top"]))  // the word itself is no suggestion
    XCTAssertNil(DidYouMean.suggestion(for: "", among: ["a"]))
  }

  func testSuggestionTiesAreDeterministic() {
    // "hX" is one substitution from both "hC" and "hR"; the lexicographically smaller wins,
    // whatever the order of the candidates.
    XCTAssertEqual(DidYouMean.suggestion(for: "hX", among: ["hR", "hC"]), "hC")
    XCTAssertEqual(DidYouMean.suggestion(for: "hX", among: ["hC", "hR"]), "hC")
    // Equal folded distance (1): the one closer in letter case wins (tpo→top 1, tpo→TOP 3).
    XCTAssertEqual(DidYouMean.suggestion(for: "tpo", among: ["TOP", "top"]), "top")
    // Equal in both (Tpo→TOP and Tpo→top are 2 each): the lexicographically smaller, "TOP".
    XCTAssertEqual(DidYouMean.suggestion(for: "Tpo", among: ["top", "TOP"]), "TOP")
  }

  func testDistance() {
    func d(_ a: String, _ b: String) -> Int { DidYouMean.distance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
    XCTAssertEqual(d("", "abc"), 3)
    XCTAssertEqual(d("kitten", "sitting"), 3)  // the textbook Levenshtein example
    XCTAssertEqual(d("ca", "ac"), 1)  // a transposition
    XCTAssertEqual(d("ca", "abc"), 3)  // OSA cannot edit a transposed pair again (true Damerau gives 2)
    XCTAssertEqual(d("blackbox", "bluebox"), 3)
  }
}
