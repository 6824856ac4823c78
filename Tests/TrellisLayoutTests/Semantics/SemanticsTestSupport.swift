import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Reads a layout from JSON text, failing on any diagnostic (warnings included).
func readLayout(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
  let result = LayoutReader.parse(json, file: "test.json")
  XCTAssertEqual(result.renderedDiagnostics, "", file: file, line: line)
  return result.document
}

/// Solves `json` in `env` with a fresh engine (independent constraint check included).
func layout(
  _ json: String, _ env: Environment, file: StaticString = #filePath, line: UInt = #line
) -> LayoutResult? {
  guard let document = readLayout(json, file: file, line: line) else { return nil }
  return solve(LayoutEngine(document: document), env, file: file, line: line)
}
