import Foundation
import XCTest

/// Every diagnostic code the sources can produce is documented in docs/diagnostics.md, so a
/// tool that switches on codes can rely on the list.
final class DiagnosticCodeDocsTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Codes as the sources write them: `code: "x"`, `error("x", …)`, `warning("x", …)`,
  /// a code returned from a function (`return "ambiguous-width"`), or a default parameter.
  func codesInSources() throws -> Set<String> {
    let sources = Self.root.appendingPathComponent("Sources")
    let pattern = try NSRegularExpression(
      pattern:
        #"(?:(?:code: (?:(?:String|Diagnostic\.Code) = )?|\b(?:error|warning)\(\s*)"([a-z]+(?:-[a-z]+)*)"|return "(ambiguous-[a-z]+)")"#,
      options: [.anchorsMatchLines])
    var codes = Set<String>()
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      XCTFail("cannot list \(sources.path)")
      return []
    }
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        for group in 1...2 {
          if let r = Range(match.range(at: group), in: text) { codes.insert(String(text[r])) }
        }
      }
    }
    return codes
  }

  func testEveryCodeIsDocumented() throws {
    let docsURL = Self.root.appendingPathComponent("docs/diagnostics.md")
    guard let docs = try? String(contentsOf: docsURL, encoding: .utf8) else {
      return XCTFail("missing \(docsURL.path)")
    }
    let codes = try codesInSources()
    // The scan must find the codes it is meant to find, or it proves nothing.
    for known in ["unknown-view", "json-syntax", "unsatisfiable", "ambiguous-width", "outside-safe-area"] {
      XCTAssertTrue(codes.contains(known), "the source scan no longer finds '\(known)'")
    }
    for code in codes.sorted() {
      XCTAssertTrue(docs.contains("`\(code)`"), "code '\(code)' is not in docs/diagnostics.md")
    }
  }
}
