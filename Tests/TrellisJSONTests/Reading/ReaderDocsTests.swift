import Foundation
import TrellisJSON
import TrellisModel
import TrellisSupport
import XCTest

/// docs/layout-format.md and docs/layout.schema.json stay true to the reader.
final class ReaderDocsTests: XCTestCase {
  private static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Reading/
    .deletingLastPathComponent()  // TrellisLayoutTests/
    .deletingLastPathComponent()  // Tests/
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("docs")

  private func parseJSON(_ name: String) throws -> JSONNode {
    let bytes = [UInt8](try Data(contentsOf: Self.docs.appendingPathComponent(name)))
    let sink = DiagnosticSink(limit: 50)
    let node = JSONParser.parse(bytes: bytes, file: name, limits: ReaderLimits().json, sink: sink)
    XCTAssertEqual(sink.diagnostics, [], name)
    return try XCTUnwrap(node)
  }

  private func value(_ node: JSONNode, _ keys: String...) -> JSONNode? {
    var current: JSONNode? = node
    for key in keys { current = current?.members?.first { $0.key == key }?.value }
    return current
  }

  private func strings(_ node: JSONNode?) -> [String] {
    node?.elements?.compactMap(\.stringValue) ?? []
  }

  func testSchemaEnumerationsMatchTheModel() throws {
    let schema = try parseJSON("layout.schema.json")
    XCTAssertEqual(strings(value(schema, "$defs", "kind", "enum")), ViewKind.allCases.map(\.rawValue))
    XCTAssertEqual(strings(value(schema, "$defs", "stackAxis", "enum")), StackAxis.allCases.map(\.rawValue))
    XCTAssertEqual(
      strings(value(schema, "$defs", "stackDistribution", "enum")), StackDistribution.allCases.map(\.rawValue))
    // The schema also lists the aliases top and bottom.
    XCTAssertEqual(
      Set(strings(value(schema, "$defs", "stackAlignment", "enum"))),
      Set(StackAlignment.allCases.map(\.rawValue) + ["top", "bottom"]))
    let anchorPattern = try XCTUnwrap(value(schema, "$defs", "anchor", "pattern")?.stringValue)
    XCTAssertTrue(anchorPattern.contains("(" + LayoutAttribute.allCases.map(\.rawValue).joined(separator: "|") + ")"))
    // The top-level keys are the reader's.
    XCTAssertEqual(value(schema, "properties")?.members?.map(\.key), DocumentReader.topLevelKeys)
    XCTAssertEqual(
      Set(value(schema, "$defs", "view", "properties")?.members?.map(\.key) ?? []), Set(DocumentReader.allViewKeys))
  }

  func testTheReferencePagesFirstExampleReadsCleanly() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("layout-format.md"), encoding: .utf8)
    let start = try XCTUnwrap(page.range(of: "```json\n"))
    let end = try XCTUnwrap(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
    let example = String(page[start.upperBound..<end.lowerBound])
    let result = LayoutReader.parse(example, file: "layout-format.md")
    XCTAssertEqual(result.renderedDiagnostics, "")
    XCTAssertEqual(result.document?.constraints.count, 13)
  }

  func testTheIdSchemeExampleOfTheReferencePage() throws {
    // docs: ["a.top == b.top", "H:|[a][b]|", {"id": "x", …}, "b.width == 4"] → #1, #2–#4, x, #6.
    let result = LayoutReader.parse(
      """
      {"root": {"children": [{"id": "a"}, {"id": "b"}]}, "constraints": ["a.top == b.top", "H:|[a][b]|",
       {"id": "x", "constraint": "a.width == 4"}, "b.width == 4"]}
      """, file: "ids.json")
    XCTAssertEqual(
      result.document?.constraints.map(\.id),
      ["constraint#1", "constraint#2", "constraint#3", "constraint#4", "x", "constraint#6"])
  }
}
