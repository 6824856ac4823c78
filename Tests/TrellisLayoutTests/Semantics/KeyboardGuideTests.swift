import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The root's keyboard layout guide, `root.keyboardLayoutGuide` (docs/semantics.md, "Guides of
/// any view"): the root's width, from its bottom up by the keyboard's height, or with the
/// keyboard hidden by the bottom safe-area inset (UIKit's `usesBottomSafeArea`, default true).
/// Every expected frame is worked by hand in the comment beside it.
final class KeyboardGuideTests: XCTestCase {
  /// 400 x 600, insets top 20, bottom 34: the safe area's bottom is at 566.
  private let insets = EdgeInsets(top: 20, left: 0, bottom: 34, right: 0)

  private func read(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayoutDocument {
    let result = LayoutReader.parse(json, file: "keyboard.json")
    XCTAssertEqual(result.renderedDiagnostics, "", file: file, line: line)
    return try XCTUnwrap(result.document, file: file, line: line)
  }

  private let bar = """
    {"root": {"children": [{"id": "bar"}, {"id": "strip"}]}, "constraints": [
      "bar.bottom == root.keyboardLayoutGuide.top - 8", "bar.leading == root.keyboardLayoutGuide.leading",
      "bar.trailing == root.keyboardLayoutGuide.trailing", "bar.height == 44",
      "strip.top == root.keyboardLayoutGuide.top", "strip.height == root.keyboardLayoutGuide.height",
      "strip.leading == root.leading", "strip.width == 10"]}
    """

  func testHiddenTheGuideIsTheBottomSafeAreaShownItRisesAndTheSameEngineMovesBothWays() throws {
    let engine = LayoutEngine(document: try read(bar))
    let hidden = environment(400, 600, safeArea: insets)
    var shown = hidden
    shown.keyboardHeight = 300
    // Hidden: the guide's top is the safe area's bottom, 600 - 34 = 566, its height 34; the bar
    // ends 8 above it (558), 44 tall: y 514, the root's full width.
    var result = engine.layout(in: hidden)
    XCTAssertEqual(result.diagnostics, [])
    assertRect(result, "bar", 0, 514, 400, 44)
    assertRect(result, "strip", 0, 566, 10, 34)
    // Shown, 300 tall: top 600 - 300 = 300; the bar's y 300 - 8 - 44 = 248.
    result = engine.layout(in: shown)
    XCTAssertEqual(result.diagnostics, [])
    assertRect(result, "bar", 0, 248, 400, 44)
    assertRect(result, "strip", 0, 300, 10, 300)
    // And hidden again, by the same solver.
    result = engine.layout(in: hidden)
    assertRect(result, "bar", 0, 514, 400, 44)
    // A fresh engine agrees with the moved one.
    assertRect(LayoutEngine(document: try read(bar)).layout(in: shown), "bar", 0, 248, 400, 44)
  }

  func testOnlyTheRootsKeyboardGuideIsLaidOut() {
    let json = """
      {"root": {"children": [{"id": "v"}, {"id": "w"}]}, "constraints": ["w.bottom == v.keyboardLayoutGuide.top"]}
      """
    let found = LayoutReader.parse(json, file: "bad.json").diagnostics
    XCTAssertEqual(found.map(\.code.rawValue), ["unknown-view"])
    XCTAssertTrue(found.first?.message.contains("write 'root.keyboardLayoutGuide'") == true, "\(found)")
  }
}
