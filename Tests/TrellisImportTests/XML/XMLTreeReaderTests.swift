import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// The located XML tree under the importer: structure, positions, and every refusal.
final class XMLTreeReaderTests: XCTestCase {
  func read(_ text: String, limits: XMLReadLimits = XMLReadLimits()) -> (XMLElementNode?, [Diagnostic]) {
    let result = XMLTreeReader.read(Array(text.utf8), file: "t.xml", limits: limits)
    return (result.root, result.diagnostics)
  }

  func testElementsAttributesAndLocations() throws {
    let (root, diagnostics) = read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
          <view id="a1">
              <rect key="frame" x="0" y="0" width="375" height="667"/>
              <string key="text">Hi &amp; bye</string>
          </view>
      </document>
      """)
    XCTAssertEqual(diagnostics, [])
    let document = try XCTUnwrap(root)
    XCTAssertEqual(document.name, "document")
    XCTAssertEqual(document["type"], "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")
    let view = try XCTUnwrap(document.child(named: "view"))
    XCTAssertEqual(view["id"], "a1")
    XCTAssertEqual(view.location.line, 3)
    XCTAssertEqual(view.location.column, 5, "the start of the tag, after four spaces")
    XCTAssertEqual(view.child(named: "rect", key: "frame")?["width"], "375")
    XCTAssertEqual(view.child(named: "string")?.text, "Hi & bye")
    XCTAssertEqual(view.child(named: "rect")?.location.line, 4)
    XCTAssertEqual(view.child(named: "rect")?.location.column, 9)
  }

  func testMalformedXMLIsALocatedError() {
    let (root, diagnostics) = read("<document>\n  <view id=\"a\">\n  </document>\n")
    XCTAssertNil(root)
    XCTAssertEqual(diagnostics.map(\.code), ["xml-malformed"])
    XCTAssertEqual(diagnostics.first?.location?.line, 3)
    XCTAssertTrue(diagnostics.first?.message.hasPrefix("malformed XML: ") == true)
  }

  func testADocumentTypeIsRefusedWhereItIs() {
    let (root, diagnostics) = read(
      """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
      <document>&lol2;</document>
      """)
    XCTAssertNil(root)
    XCTAssertEqual(diagnostics.map(\.code), ["xml-doctype"])
    XCTAssertEqual(diagnostics.first?.location?.line, 2)
    XCTAssertEqual(diagnostics.first?.location?.column, 1)
  }

  func testLimitsStopTheParse() {
    var limits = XMLReadLimits()
    limits.maxDepth = 10
    let deep = String(repeating: "<a>", count: 11) + String(repeating: "</a>", count: 11)
    XCTAssertEqual(read(deep, limits: limits).1.map(\.code), ["xml-limit"])
    XCTAssertNotNil(read(String(repeating: "<a>", count: 10) + String(repeating: "</a>", count: 10), limits: limits).0)

    limits = XMLReadLimits()
    limits.maxElements = 100
    let wide = "<d>" + String(repeating: "<v/>", count: 100) + "</d>"
    XCTAssertEqual(read(wide, limits: limits).1.first?.message, "more than 100 elements; the file was not read further")

    limits = XMLReadLimits()
    limits.maxBytes = 50
    XCTAssertEqual(
      read("<d>" + String(repeating: " ", count: 60) + "</d>", limits: limits).1.map(\.code), ["xml-limit"])

    limits = XMLReadLimits()
    limits.maxValueLength = 8
    XCTAssertEqual(read(#"<d a="123456789"/>"#, limits: limits).1.map(\.code), ["xml-limit"])
  }

  func testEmptyAndNonXMLInput() {
    XCTAssertEqual(read("").1.map(\.code), ["xml-malformed"])
    XCTAssertEqual(read("{\"root\": {}}").1.map(\.code), ["xml-malformed"])
  }

  func testInvalidUTF8IsALocatedErrorBeforeTheParserSeesIt() {
    // A name that is not UTF-8 traps inside Foundation's XMLParser: refused before it.
    var bytes = Array("<document>\n  <vi".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("ew/>\n</document>\n".utf8)
    let result = XMLTreeReader.read(bytes, file: "t.xml")
    XCTAssertNil(result.root)
    XCTAssertEqual(result.diagnostics.map(\.code), ["xml-malformed"])
    XCTAssertEqual(result.diagnostics.first?.location?.line, 2)
    XCTAssertEqual(result.diagnostics.first?.location?.column, 6)
  }
}
