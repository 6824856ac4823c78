import Foundation
import TrellisJSON
import TrellisModel
import XCTest

/// Messages a user reads (issue 35 §4): exponents, the reader's limits in the user's terms,
/// what may follow `view.`, and a file's bytes never echoed.
final class ReaderMessageTests: XCTestCase {
  private func read(_ constraints: [String], file: String = "m.json") -> LayoutReadResult {
    let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
    return LayoutReader.parse(
      #"{"root": {"id": "root", "children": [{"id": "a"}, {"id": "sidebar"}]}, "constraints": ["# + list + "]}",
      file: file)
  }

  func testAConstraintConstantMayHaveAnExponent() throws {
    // 1e3 is 1000, 2.5E-1 is 0.25, 5e+1 is 50: as JSON spells numbers.
    let result = read([
      "a.height == 1e3", "a.width == 2.5E-1 * sidebar.width", "a.top == root.top + 5e+1", "a.leading == root.leading",
      "sidebar.top == root.top", "sidebar.leading == root.leading", "sidebar.width == 10", "sidebar.height == 10",
    ])
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let constraints = try XCTUnwrap(result.document).constraints
    XCTAssertEqual(constraints[0].constant.base, 1000)
    XCTAssertEqual(constraints[1].multiplier, 0.25)
    XCTAssertEqual(constraints[2].constant.base, 50)
  }

  func testAHugeConstantIsBeyondTheReadersLimitNotUnexpected() {
    let result = read(["a.top == root.top + 1e300"])
    let messages = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    XCTAssertEqual(
      messages, ["constant 1e+300 is out of range; point values must be within ±1000000, the reader's limit"])
    // No message of the reader names a Swift type.
    let flood = LayoutReader.parse(
      String(repeating: "[", count: 150) + String(repeating: "]", count: 150), file: "deep.json")
    for diagnostic in result.diagnostics + flood.diagnostics {
      XCTAssertFalse(diagnostic.message.contains("ReaderLimits"), diagnostic.message)
    }
    // An exponent that overflows a Double: still the limit, never 'unexpected'.
    let infinite = read(["a.top == root.top + 1e999"]).diagnostics.map(\.message)
    XCTAssertFalse(infinite.contains { $0.contains("unexpected") }, "\(infinite)")
    XCTAssertTrue(infinite.contains { $0.contains("the reader's limit") || $0.contains("finite") }, "\(infinite)")
  }

  func testAnUnknownAttributeSaysWhatIsAllowed() throws {
    let result = read(["a.bottom <= sidebar.safeArea"])
    let message = try XCTUnwrap(result.diagnostics.first { $0.code == "constraint-syntax" }?.message)
    XCTAssertTrue(message.hasPrefix("unknown attribute 'safeArea' after 'sidebar.'"), message)
    // Every attribute and every guide of a view is named, with an example of a guide's use.
    for attribute in LayoutAttribute.allCases {
      XCTAssertTrue(message.contains(attribute.rawValue), attribute.rawValue)
    }
    for guide in ["safeAreaLayoutGuide", "keyboardLayoutGuide", "contentLayoutGuide", "frameLayoutGuide"] {
      XCTAssertTrue(message.contains(guide), guide)
    }
    XCTAssertTrue(message.contains("'sidebar.safeAreaLayoutGuide.top'"), message)
  }

  func testAControlCharacterInATokenIsNamedNotEchoed() throws {
    // "\u001b[31m" in the JSON string is ESC [ 3 1 m in the constraint: the ANSI colour code.
    let result = LayoutReader.parse(
      #"{"root": {"id": "root", "children": [{"id": "a"}]}, "constraints": ["a.top == root.top \u001b[31m"]}"#,
      file: "t.json")
    let message = try XCTUnwrap(result.diagnostics.first?.message)
    XCTAssertTrue(message.hasPrefix("unexpected U+001B;"), message)
    XCTAssertFalse(DiagnosticRenderer.gnu(result.diagnostics).unicodeScalars.contains("\u{1B}"))
  }

  func testABinaryFileIsOneErrorAndItsBytesAreNeverQuoted() throws {
    // An ELF header's first bytes (two NULs among them), then text that would otherwise be quoted.
    let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00] + Array("{\"root\": x}\n".utf8)
    let result = LayoutReader.parse(bytes: bytes, file: "bin.json")
    XCTAssertEqual(result.diagnostics.map(\.code.rawValue), ["binary-file"])
    let message = "the file is not text but binary data; a layout file is JSON text in UTF-8"
    XCTAssertEqual(result.diagnostics.first?.message, message)
    let printed = DiagnosticRenderer.gnu(result.diagnostics, sources: [try XCTUnwrap(result.source)])
    XCTAssertEqual(printed, "bin.json:1:1: error: \(message) [binary-file]\n")
    // One stray NUL in a text file is not binary: the JSON error is shown in place.
    let stray = LayoutReader.parse(bytes: Array("{\"root\": \"a".utf8) + [0] + Array("\"}".utf8), file: "s.json")
    XCTAssertNotEqual(stray.diagnostics.first?.code.rawValue, "binary-file")
    // A source quoted for any other diagnostic (an importer's) is not shown either.
    let other = Diagnostic(.error, "x", code: "json-syntax", at: SourceLocation(file: "bin.json", line: 1, column: 2))
    XCTAssertFalse(DiagnosticRenderer.gnu([other], sources: [try XCTUnwrap(result.source)]).contains("ELF"))
  }
}
