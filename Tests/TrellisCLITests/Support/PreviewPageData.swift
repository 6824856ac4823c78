import Foundation
import XCTest

/// The JSON a `trellis preview` page embeds, parsed (`\u003c` and the like are JSON escapes, so a
/// JSON reader gets the original text back).
func embeddedData(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
  let open = "<script type=\"application/json\" id=\"trellis-data\">"
  let start = try XCTUnwrap(page.range(of: open), file: file, line: line)
  let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex), file: file, line: line)
  let json = Data(page[start.upperBound..<end.lowerBound].utf8)
  return try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any], file: file, line: line)
}
