import Foundation
import TrellisJSON
import TrellisModel
import TrellisSupport
import XCTest

/// The JSON parser: positions of values and keys, and each malformed input with its exact
/// message and position. Positions are worked out by counting in the comments.
final class JSONParserTests: XCTestCase {
  private func parse(_ bytes: [UInt8], limits: ReaderLimits = ReaderLimits()) -> (JSONNode?, [Diagnostic]) {
    let sink = DiagnosticSink(limit: limits.maxDiagnostics)
    let node = JSONParser.parse(bytes: bytes, file: "t.json", limits: limits.json, sink: sink)
    return (node, sink.diagnostics)
  }

  private func parse(_ text: String, limits: ReaderLimits = ReaderLimits()) -> (JSONNode?, [Diagnostic]) {
    parse(Array(text.utf8), limits: limits)
  }

  /// `line:column: severity: message` for each diagnostic, in the order reported.
  private func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
      let place = d.location.map { "\($0.line):\($0.column)" } ?? "-"
      return "\(place): \(d.severity.rawValue): \(d.message)"
    }
  }

  private func member(_ node: JSONNode?, _ key: String) -> JSONMember? {
    node?.members?.first { $0.key == key }
  }

  private func assertPlace(
    _ location: SourceLocation?, line: Int, column: Int, offset: Int, file: StaticString = #filePath,
    lineNumber: UInt = #line
  ) {
    XCTAssertEqual(location?.line, line, "line", file: file, line: lineNumber)
    XCTAssertEqual(location?.column, column, "column", file: file, line: lineNumber)
    XCTAssertEqual(location?.offset, offset, "offset", file: file, line: lineNumber)
  }

  // MARK: Positions

  func testPositionsCountScalarsAfterMultiByteUTF8() {
    // {"é€😀": "x", "k": 1}
    // columns: { 1, " 2, é 3, € 4, 😀 5, " 6, : 7, space 8, "x" 9–11, , 12, space 13, "k" 14–16, : 17, space 18, 1 19
    // offsets: é is 2 bytes (2–3), € 3 bytes (4–6), 😀 4 bytes (7–10), so " 11, : 12, "x" starts at 14,
    //          "k" at 19, 1 at 24.
    let (node, diagnostics) = parse("{\"é€😀\": \"x\", \"k\": 1}")
    XCTAssertEqual(diagnostics, [])
    assertPlace(node?.location, line: 1, column: 1, offset: 0)
    assertPlace(member(node, "é€😀")?.keyLocation, line: 1, column: 2, offset: 1)
    assertPlace(member(node, "é€😀")?.value.location, line: 1, column: 9, offset: 14)
    assertPlace(member(node, "k")?.keyLocation, line: 1, column: 14, offset: 19)
    assertPlace(member(node, "k")?.value.location, line: 1, column: 19, offset: 24)
  }

  func testPositionsAfterCRLFAndTabs() {
    // Line 1 "{" + CRLF (offsets 0, 1, 2); line 2 `  "a": 1,` at offsets 3–11 + CRLF (12, 13);
    // line 3 `\t"b": [` at 14–20 + CRLF (21, 22); line 4 ` true]` at 23–28 + CRLF; line 5 "}".
    let (node, diagnostics) = parse("{\r\n  \"a\": 1,\r\n\t\"b\": [\r\n true]\r\n}")
    XCTAssertEqual(diagnostics, [])
    assertPlace(member(node, "a")?.keyLocation, line: 2, column: 3, offset: 5)
    assertPlace(member(node, "a")?.value.location, line: 2, column: 8, offset: 10)
    // A tab is one column.
    assertPlace(member(node, "b")?.keyLocation, line: 3, column: 2, offset: 15)
    assertPlace(member(node, "b")?.value.location, line: 3, column: 7, offset: 20)
    assertPlace(member(node, "b")?.value.elements?.first?.location, line: 4, column: 2, offset: 24)
  }

  func testLoneCarriageReturnEndsALine() {
    // "{" CR then `"a": 1}`: the key is at line 2, column 1, offset 2.
    let (node, diagnostics) = parse("{\r\"a\": 1}")
    XCTAssertEqual(diagnostics, [])
    assertPlace(member(node, "a")?.keyLocation, line: 2, column: 1, offset: 2)
  }

  func testPositionsInsideStringsWithEscapes() {
    // "a\tb\u00e9c😀d": quote col 1 (offset 0); a col 2 (1); \t cols 3–4 (2–3); b col 5 (4);
    // \u00e9 cols 6–11 (5–10); c col 12 (11); 😀 col 13 (12, four bytes); d col 14 (16);
    // closing quote col 15 (17).
    let (node, diagnostics) = parse("\"a\\tb\\u00e9c😀d\"")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(node?.stringValue, "a\tbéc😀d")
    assertPlace(node?.location(ofScalar: 2), line: 1, column: 5, offset: 4)
    assertPlace(node?.location(ofScalar: 4), line: 1, column: 12, offset: 11)
    assertPlace(node?.location(ofScalar: 6), line: 1, column: 14, offset: 16)
    assertPlace(node?.location(ofScalar: 7), line: 1, column: 15, offset: 17)
  }

  func testPositionsOfMultiByteCharactersBeforeTheFirstEscape() {
    // "é😀\tx": quote col 1 (offset 0); é col 2 (offset 1, 2 bytes); 😀 col 3 (offset 3, 4 bytes);
    // \t cols 4–5 (offsets 7–8); x col 6 (offset 9). The positions of é and 😀 are filled in
    // when the escape is met.
    let (node, diagnostics) = parse("\"é😀\\tx\"")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(node?.stringValue, "é😀\tx")
    assertPlace(node?.location(ofScalar: 1), line: 1, column: 3, offset: 3)
    assertPlace(node?.location(ofScalar: 2), line: 1, column: 4, offset: 7)
    assertPlace(node?.location(ofScalar: 3), line: 1, column: 6, offset: 9)
  }

  func testPositionsInsideStringsWithoutEscapes() {
    // "é😀x": x is scalar 2 → column 1 + 1 + 2 = 4; offset 0 + 1 + 2 (é) + 4 (😀) = 7.
    let (node, _) = parse("\"é😀x\"")
    XCTAssertNil(node?.stringPositions)
    assertPlace(node?.location(ofScalar: 2), line: 1, column: 4, offset: 7)
  }

  func testSurrogatePairDecodesToOneScalar() {
    let (node, diagnostics) = parse("\"\\ud83d\\ude00!\"")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(node?.stringValue, "😀!")
    // "!" follows the 12-character pair: column 1 + 1 + 12 = 14.
    XCTAssertEqual(node?.location(ofScalar: 1).column, 14)
  }

  func testValuesOfEveryType() {
    let (node, diagnostics) = parse("[null, true, false, 12.5e1, -0, \"s\", {}, []]")
    XCTAssertEqual(diagnostics, [])
    let kinds = node?.elements?.map(\.typeDescription)
    XCTAssertEqual(
      kinds, ["null", "a boolean", "a boolean", "a number", "a number", "a string", "an object", "an array"])
    if case .number(let value) = node?.elements?[3].value { XCTAssertEqual(value, 125) } else { XCTFail("number") }
  }

  func testNegativeZeroReadsAsZero() {
    let (node, diagnostics) = parse("-0")
    XCTAssertEqual(diagnostics, [])
    guard case .number(let value) = node?.value else { return XCTFail("number") }
    XCTAssertEqual(value, 0)
    XCTAssertEqual(value.sign, .plus)
  }

  // MARK: Malformed input

  func testByteOrderMarkIsAcceptedWithAWarning() {
    // The BOM is not counted: "{" is column 1, offset 3.
    let (node, diagnostics) = parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:1: warning: the file starts with a UTF-8 byte order mark (BOM); it is ignored, but JSON files should not have one"
      ])
    assertPlace(node?.location, line: 1, column: 1, offset: 3)
    assertPlace(member(node, "a")?.keyLocation, line: 1, column: 2, offset: 4)
  }

  func testUTF16IsRejected() {
    let (node, diagnostics) = parse([0xFF, 0xFE, 0x7B, 0x00])
    XCTAssertNil(node)
    XCTAssertEqual(summary(diagnostics), ["1:1: error: the file is encoded as UTF-16; save it as UTF-8"])
  }

  func testTrailingCommas() {
    // `{"a": [1, 2,],}`: the inner comma is column 12, the outer one column 14.
    let (node, diagnostics) = parse("{\"a\": [1, 2,],}")
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:12: error: JSON does not allow a trailing comma; remove this ','",
        "1:14: error: JSON does not allow a trailing comma; remove this ','",
      ])
    XCTAssertEqual(member(node, "a")?.value.elements?.count, 2)
    XCTAssertEqual(diagnostics.first?.path, "$.a")
  }

  func testCommentsAreErrorsAndSkipped() {
    let text = "// head\n{\"a\": /* why */ 1, \"b\": 2 // tail\n}"
    let (node, diagnostics) = parse(text)
    let advice = "JSON does not allow comments; remove it, or put the text in a \"description\""
    // Line 2: `{"a": /* why */ 1, "b": 2 // tail`: "/*" at column 7, "//" at column 27.
    XCTAssertEqual(summary(diagnostics), ["1:1: error: \(advice)", "2:7: error: \(advice)", "2:27: error: \(advice)"])
    XCTAssertEqual(node?.members?.map(\.key), ["a", "b"])
  }

  func testUnclosedBlockComment() {
    let (_, diagnostics) = parse("{\"a\": 1 /* never")
    XCTAssertEqual(
      summary(diagnostics), ["1:9: error: JSON does not allow comments, and this '/*' comment is never closed"])
  }

  func testDuplicateKeyPointsAtTheSecondWithANoteAtTheFirst() {
    // {"id": 1,\n "id": 2}: the first key at 1:2, the second at 2:2.
    let (node, diagnostics) = parse("{\"id\": 1,\n \"id\": 2}")
    XCTAssertEqual(summary(diagnostics), ["2:2: error: duplicate key \"id\"; a JSON object must not repeat a key"])
    XCTAssertEqual(diagnostics.first?.notes.map(\.description), ["t.json:1:2: note: the first \"id\" is here"])
    XCTAssertEqual(diagnostics.first?.path, "$.id")
    // The first value is kept.
    if case .number(let value) = member(node, "id")?.value.value { XCTAssertEqual(value, 1) } else { XCTFail() }
  }

  func testTruncatedInputReportsTheInnermostOpenValueOnce() {
    // The end is reported just after the last token (`1`, which ends at column 15).
    let (_, diagnostics) = parse("{\"a\": [{\"b\": 1")
    XCTAssertEqual(
      summary(diagnostics), ["1:15: error: unexpected end of file; expected '}' to close the object that starts at 1:8"]
    )
    XCTAssertEqual(diagnostics.first?.path, "$.a[0]")
  }

  func testTruncatedAfterAKey() {
    let (_, diagnostics) = parse("{\"a\":")
    XCTAssertEqual(summary(diagnostics), ["1:6: error: unexpected end of file; expected a value"])
  }

  func testUnterminatedStrings() {
    // At the end of input, and at the end of a line (the next line is still read).
    XCTAssertEqual(summary(parse("{\"a\": \"abc").1), ["1:7: error: unterminated string; add the closing '\"'"])
    let (node, diagnostics) = parse("{\"a\": \"abc,\n \"b\": 2}")
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:7: error: unterminated string; add the closing '\"' before the end of the line",
        "1:12: error: expected ',' before the next key",
      ])
    XCTAssertEqual(node?.members?.map(\.key), ["a", "b"])
  }

  func testBadEscapes() {
    // "a\qb\u12G": \q at column 3, \u at column 6 (only "12" follows as hex).
    let (node, diagnostics) = parse("\"a\\qb\\u12G\"")
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:3: error: invalid escape '\\q' in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
        "1:6: error: '\\u' must be followed by four hexadecimal digits",
      ])
    XCTAssertEqual(node?.stringValue, "aqb\u{FFFD}G")
  }

  func testUnpairedSurrogate() {
    let (node, diagnostics) = parse("\"x\\ud800y\"")
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:3: error: unpaired UTF-16 surrogate '\\uD800' in a string; write the character itself or a complete surrogate pair"
      ])
    XCTAssertEqual(node?.stringValue, "x\u{FFFD}y")
  }

  func testControlCharacterInString() {
    let (_, diagnostics) = parse("\"a\tb\"")
    XCTAssertEqual(
      summary(diagnostics), ["1:3: error: control character U+0009 must be escaped in a JSON string; write \\t"])
  }

  func testInvalidUTF8() {
    // "a" 0xFF "b": the bad byte is column 3, offset 2; it decodes as U+FFFD.
    let (node, diagnostics) = parse([0x22, 0x61, 0xFF, 0x62, 0x22])
    XCTAssertEqual(summary(diagnostics), ["1:3: error: invalid UTF-8 byte 0xFF in a string; save the file as UTF-8"])
    XCTAssertEqual(node?.stringValue, "a\u{FFFD}b")
    // Overlong encodings and encoded surrogates are invalid too (each byte is one column).
    XCTAssertEqual(
      summary(parse([0x22, 0xC0, 0xAF, 0x22]).1).first,
      "1:2: error: invalid UTF-8 byte 0xC0 in a string; save the file as UTF-8")
    XCTAssertEqual(
      summary(parse([0x22, 0xED, 0xA0, 0x80, 0x22]).1).first,
      "1:2: error: invalid UTF-8 byte 0xED in a string; save the file as UTF-8")
    // Outside strings.
    XCTAssertEqual(
      summary(parse([0x5B, 0xFF, 0x5D]).1), ["1:2: error: invalid UTF-8 byte 0xFF; save the file as UTF-8"])
  }

  func testNumbers() {
    XCTAssertEqual(
      summary(parse("1e400").1),
      ["1:1: error: '1e400' is not a finite number; it is too large for a 64-bit floating-point value"])
    XCTAssertEqual(
      summary(parse("-1e400").1),
      ["1:1: error: '-1e400' is not a finite number; it is too large for a 64-bit floating-point value"])
    XCTAssertEqual(summary(parse("012").1), ["1:1: error: JSON numbers cannot have leading zeros"])
    XCTAssertEqual(summary(parse("+1").1), ["1:1: error: JSON numbers cannot start with '+'; remove it"])
    XCTAssertEqual(summary(parse(".5").1), ["1:1: error: JSON numbers need a digit before the '.'; write 0.…"])
    XCTAssertEqual(summary(parse("1.").1), ["1:3: error: expected a digit after the '.'"])
    XCTAssertEqual(summary(parse("1e").1), ["1:3: error: expected a digit in the exponent"])
    XCTAssertEqual(summary(parse("-x").1), ["1:2: error: expected a digit after '-'"])
    XCTAssertEqual(summary(parse("0x1F").1), ["1:1: error: '0x1F' is not a JSON number"])
    XCTAssertEqual(summary(parse("12px").1), ["1:1: error: '12px' is not a JSON number"])
    // Underflow is not an error: 1e-400 reads as 0.
    let (tiny, tinyDiagnostics) = parse("1e-400")
    XCTAssertEqual(tinyDiagnostics, [])
    if case .number(let value) = tiny?.value { XCTAssertEqual(value, 0) } else { XCTFail() }
  }

  func testWordsThatAreNotJSON() {
    XCTAssertEqual(summary(parse("True").1), ["1:1: error: 'True' is not a JSON value; did you mean 'true'?"])
    XCTAssertEqual(summary(parse("None").1), ["1:1: error: 'None' is not a JSON value; did you mean 'null'?"])
    XCTAssertEqual(
      summary(parse("NaN").1), ["1:1: error: 'NaN' is not a JSON value; JSON has no NaN, Infinity or undefined"])
    XCTAssertEqual(
      summary(parse("label").1),
      ["1:1: error: 'label' is not a JSON value; strings must be in double quotes: \"label\""])
  }

  func testQuotingMistakes() {
    let (node, diagnostics) = parse("{kind: 'label'}")
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:2: error: object keys must be strings in double quotes; write \"kind\"",
        "1:8: error: JSON strings use double quotes, not single quotes",
      ])
    XCTAssertEqual(member(node, "kind")?.value.stringValue, "label")
  }

  func testMissingSeparators() {
    XCTAssertEqual(summary(parse("{\"a\" 1}").1), ["1:5: error: expected ':' after the key \"a\""])
    XCTAssertEqual(summary(parse("{\"a\" = 1}").1), ["1:6: error: use ':' between a key and its value, not '='"])
    XCTAssertEqual(summary(parse("[1 2]").1), ["1:3: error: expected ',' between array elements"])
    XCTAssertEqual(summary(parse("[1,,2]").1), ["1:4: error: unexpected ','; expected a value"])
    XCTAssertEqual(summary(parse("{\"a\": }").1), ["1:7: error: expected a value before '}'"])
  }

  func testMismatchedBrackets() {
    XCTAssertEqual(
      summary(parse("[1}").1), ["1:3: error: expected ']' to close the array that starts at 1:1, found '}'"])
    XCTAssertEqual(
      summary(parse("{\"a\": 1]").1), ["1:8: error: expected '}' to close the object that starts at 1:1, found ']'"])
  }

  func testTextAfterTheValue() {
    XCTAssertEqual(
      summary(parse("{} {}").1),
      ["1:4: error: unexpected text after the end of the JSON value; a file holds exactly one value"])
  }

  func testInvisibleSpaces() {
    // A no-break space (U+00A0, two bytes) between tokens.
    let (node, diagnostics) = parse("[1,\u{A0}2]")
    XCTAssertEqual(
      summary(diagnostics),
      ["1:4: error: unexpected U+00A0 (invisible space); JSON allows only spaces, tabs and line breaks between values"])
    XCTAssertEqual(node?.elements?.count, 2)
  }

  func testDeepNestingIsReportedOnceWithoutRecursingFurther() {
    // Depth limit 10: the top array is level 1, so the 11th "[" (column 11) is too deep.
    let limits = ReaderLimits(maxJSONDepth: 10)
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let (node, diagnostics) = parse(text, limits: limits)
    XCTAssertEqual(
      summary(diagnostics),
      ["1:11: error: nesting is deeper than 10 levels, the reader's limit; flatten the file"]
    )
    XCTAssertNotNil(node)
  }

  func testDepthLimitIsCappedAtTheCeiling() {
    // A limit above 1000 is honoured as 1000: the 1001st "[" (column 1001) is too deep.
    let text = String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200)
    let (_, diagnostics) = parse(text, limits: ReaderLimits(maxJSONDepth: 1_000_000))
    XCTAssertEqual(
      summary(diagnostics),
      [
        "1:1001: error: nesting is deeper than 1000 levels, the reader's limit; flatten the file"
      ])
  }

  /// The parser and the readers keep open values on explicit stacks, so even 1000 levels fit in
  /// a 512 KiB thread stack (a recursive reader needed 10–20 KiB per level in debug builds).
  func testDeepNestingFitsASmallThreadStack() {
    let done = DispatchSemaphore(value: 0)
    final class Box: @unchecked Sendable { var counts: [Int] = [] }
    let box = Box()
    let thread = Thread {
      let depth = 1000
      let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      box.counts.append(
        LayoutReader.parse(arrays, file: "a.json", limits: ReaderLimits(maxJSONDepth: depth)).diagnostics.count)
      // Views nested 400 deep (each level is two JSON levels: an object and its children array).
      let views = (1..<400).reduce("{\"id\": \"v0\"}") { inner, level in
        "{\"id\": \"v\(level)\", \"children\": [\(inner)]}"
      }
      let result = LayoutReader.parse(
        "{\"root\": {\"children\": [\(views)]}}", file: "v.json",
        limits: ReaderLimits(maxJSONDepth: 1000, maxViewDepth: 500))
      // Counted with an explicit stack: `LayoutDocument.allViews` recurses once per level.
      var count = 0
      var pending = result.document.map { [$0.root] } ?? []
      while let view = pending.popLast() {
        count += 1
        pending += view.children
      }
      box.counts.append(count)
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    // The arrays give one diagnostic (a layout file must be an object); the views are all read.
    XCTAssertEqual(box.counts, [1, 401])
  }

  func testStringLengthLimit() {
    let limits = ReaderLimits(maxStringLength: 4)
    let (node, diagnostics) = parse("\"abcdef\"", limits: limits)
    XCTAssertEqual(
      summary(diagnostics),
      ["1:1: error: string is longer than 4 characters, the reader's limit; shorten it"])
    XCTAssertEqual(node?.stringValue, "abcd")
  }

  func testDiagnosticLimitStopsTheParser() {
    // 10 000 stray commas would give 10 000 errors; the limit keeps 3 and says it stopped.
    let limits = ReaderLimits(maxDiagnostics: 3)
    let (_, diagnostics) = parse("[" + String(repeating: ",", count: 10_000) + "]", limits: limits)
    XCTAssertEqual(diagnostics.count, 4)
    XCTAssertEqual(
      diagnostics.last?.message,
      "too many problems; stopped after 3; fix these and read the file again")
  }

  /// Garbage bytes: the parser finishes, and reports an error exactly when the bytes are not JSON.
  /// The judge is independent of the parser: Foundation's `JSONSerialization` (fragments allowed,
  /// as a layout file's parser takes any value). The alphabet cannot spell a `\u` surrogate
  /// escape (no `d`/`D`), the one place where the two could disagree on valid JSON. Every error is
  /// located inside the input, and the layout reader, given the same bytes, returns no document
  /// whenever the parser reported an error.
  func testGarbageNeverTraps() {
    let alphabet: [UInt8] =
      Array(Array("{}[]\":,\\/*-+.0123456789eEtrufalsn \n\r\t'".utf8)) + [0xC3, 0xA9, 0xFF, 0xED, 0xF0, 0x9F]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    var rejected = 0
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<64 {
        // A fixed linear congruential sequence keeps the test reproducible.
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
      }
      let shown = String(decoding: bytes, as: UTF8.self).debugDescription
      let isJSON = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
      let (node, diagnostics) = parse(bytes)
      let errors = diagnostics.filter { $0.severity == .error }
      XCTAssertEqual(errors.isEmpty, isJSON, "parser and JSONSerialization disagree on \(shown)")
      if errors.isEmpty { XCTAssertNotNil(node, "no error and no value on \(shown)") }
      // Lines end at LF, CR or CR LF (one break), as the parser counts them.
      let breaks = bytes.indices.filter { index in
        bytes[index] == UInt8(ascii: "\r")
          || bytes[index] == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r"))
      }
      let lines = breaks.count + 1
      for error in errors {
        guard let location = error.location else {
          XCTFail("error without a location on \(shown): \(error.message)")
          continue
        }
        XCTAssertTrue(
          (1...lines).contains(location.line) && location.column >= 1
            && (0...bytes.count).contains(location.offset),
          "\(location) outside the input on \(shown)")
      }
      let read = LayoutReader.parse(bytes: bytes, file: "fuzz.json")
      if !errors.isEmpty {
        XCTAssertNil(read.document, "a document from bytes that are not JSON: \(shown)")
        XCTAssertTrue(read.diagnostics.contains { $0.severity == .error }, shown)
        rejected += 1
      }
    }
    // 64 random bytes from this alphabet are almost never JSON: most inputs exercise the errors.
    XCTAssertGreaterThan(rejected, 290)
  }
}
