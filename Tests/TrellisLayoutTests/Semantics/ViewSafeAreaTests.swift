import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Any view's own safe-area guide, `v.safeAreaLayoutGuide` (docs/semantics.md, "Guides"; UIKit
/// insets it by the part of the superview's safe area the view overlaps). Trellis insets it by
/// the root's insets on the edges pinned, down from the root, to the screen's edges. Every
/// expected frame is worked by hand in the comment beside it.
final class ViewSafeAreaTests: XCTestCase {
  /// 400 x 600, insets top 20, left 30, bottom 10, right 0: the safe area is (30, 20, 370, 570).
  private let screen = environment(400, 600, safeArea: EdgeInsets(top: 20, left: 30, bottom: 10, right: 0))

  private func read(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayoutDocument {
    let result = LayoutReader.parse(json, file: "guides.json")
    XCTAssertEqual(result.renderedDiagnostics, "", file: file, line: line)
    return try XCTUnwrap(result.document, file: file, line: line)
  }

  private func layout(_ children: String, _ constraints: [String]) -> String {
    let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
    return #"{"root": {"children": [\#(children)]}, "constraints": [\#(list)]}"#
  }

  private let pinnedPanel = [
    "panel.top == root.top", "panel.leading == root.leading", "panel.trailing == root.trailing",
    "panel.bottom == root.bottom",
  ]

  func testAViewFlushWithTheScreenHasTheRootsSafeAreaAndFollowsItWhenTheInsetsChange() throws {
    let document = try read(
      layout(
        #"{"id": "panel", "children": [{"id": "a"}, {"id": "inner", "children": [{"id": "b"}]}]}"#,
        pinnedPanel + [
          "a.top == panel.safeAreaLayoutGuide.top", "a.leading == panel.safeAreaLayoutGuide.leading",
          "a.width == panel.safeAreaLayoutGuide.width", "a.height == 10",
          // `inner` fills the panel, so it too lies on every edge of the screen.
          "inner.top == panel.top", "inner.leading == panel.leading", "inner.trailing == panel.trailing",
          "inner.bottom == panel.bottom",
          "b.bottom == inner.safeAreaLayoutGuide.bottom", "b.trailing == inner.safeAreaLayoutGuide.trailing",
          "b.width == 10", "b.height == inner.safeAreaLayoutGuide.height * 0.1",
        ]))
    let engine = LayoutEngine(document: document)
    var result = engine.layout(in: screen)
    XCTAssertEqual(result.diagnostics, [])
    // a: the safe area's top-left corner (30, 20), its width 400 - 30 = 370.
    assertRect(result, "a", 30, 20, 370, 10)
    // b: bottom 600 - 10 = 590, height 0.1 × 570 = 57, so y 533; right edge 400 (right inset 0).
    assertRect(result, "b", 390, 533, 10, 57)
    // The same engine, insets 44, 0, 34, 0: a (0, 44, 400, 10); b bottom 566, height 0.1 × 522 = 52.2.
    result = engine.layout(in: environment(400, 600, safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)))
    XCTAssertEqual(result.diagnostics, [])
    assertRect(result, "a", 0, 44, 400, 10)
    assertRect(result, "b", 390, 566 - 52.2, 10, 52.2)
  }

  func testOnlyTheEdgesOnTheScreensEdgeAreInset() throws {
    // The panel is pinned to the root's top only; at x 50 it is clear of the 30-pt left inset and
    // 100 tall it ends far above the bottom one, so UIKit insets its guide at the top alone (20).
    // a: (50, 20), 100 - 20 = 80 tall.
    let document = try read(
      layout(
        #"{"id": "panel", "children": [{"id": "a"}]}"#,
        [
          "panel.top == root.top", "panel.leading == root.leading + 50", "panel.width == 100", "panel.height == 100",
          "a.top == panel.safeAreaLayoutGuide.top", "a.leading == panel.safeAreaLayoutGuide.leading",
          "a.bottom == panel.safeAreaLayoutGuide.bottom", "a.width == 10",
        ]))
    let result = LayoutEngine(document: document).layout(in: screen)
    XCTAssertEqual(result.diagnostics, [])
    assertRect(result, "a", 50, 20, 10, 80)
  }

  func testAFrameOverlappingTheSafeAreaOtherwiseThanAssumedIsAWarning() throws {
    // The card starts 5 below the top, inside the 20-pt inset: UIKit insets its guide by 20 - 5
    // = 15 at the top; Trellis, deciding before solving, by 0 (the dot sits at y 5), and says so.
    let document = try read(
      layout(
        #"{"id": "card", "children": [{"id": "dot"}]}"#,
        [
          "card.top == root.top + 5", "card.leading == root.leading + 50", "card.width == 100", "card.height == 100",
          "dot.top == card.safeAreaLayoutGuide.top", "dot.leading == card.leading", "dot.width == 10",
          "dot.height == 10",
        ]))
    let result = LayoutEngine(document: document).layout(in: screen)
    assertRect(result, "dot", 50, 5, 10, 10)
    XCTAssertEqual(result.diagnostics.map(\.code.rawValue), ["guide-approximate"])
    XCTAssertTrue(result.diagnostics.first?.message.contains("top 15 (Trellis used 0)") == true)
    XCTAssertNotNil(result.diagnostics.first?.location)
  }

  func testTheGuideIsWrittenBackAsItIsRead() throws {
    let document = try read(
      layout(
        #"{"id": "panel", "children": [{"id": "a"}]}"#, pinnedPanel + ["a.top == panel.safeAreaLayoutGuide.top + 8"]))
    XCTAssertEqual(document.constraints.last?.second?.item, ViewSafeArea.guide(of: "panel"))
    let text = LayoutWriter.json(document)
    XCTAssertTrue(text.contains("a.top == panel.safeAreaLayoutGuide.top + 8"), text)
    XCTAssertEqual(
      LayoutReader.parse(text, file: "again.json").document?.constraints.last?.second?.item,
      ViewSafeArea.guide(of: "panel"))
  }

  func testBadGuideNamesAreLocatedErrors() {
    func diagnostics(_ children: String, _ constraint: String) -> [Diagnostic] {
      LayoutReader.parse(layout(children, [constraint]), file: "bad.json").diagnostics
    }
    // A guide name Trellis does not know: a syntax error listing the guides a view has.
    var found = diagnostics(#"{"id": "v"}, {"id": "w"}"#, "w.top == v.safeArea.top")
    XCTAssertEqual(found.map(\.code.rawValue), ["constraint-syntax"])
    XCTAssertTrue(found.first?.message.contains("'safeAreaLayoutGuide'") == true)
    XCTAssertNotNil(found.first?.location?.column)
    // A misspelt view before the guide: did you mean.
    found = diagnostics(#"{"id": "card"}, {"id": "w"}"#, "w.top == crad.safeAreaLayoutGuide.top")
    XCTAssertEqual(found.map(\.code.rawValue), ["unknown-view"])
    XCTAssertTrue(found.first?.message.contains("did you mean 'card'?") == true)
    // A layout guide has no safe-area guide of its own.
    found = diagnostics(#"{"id": "g", "kind": "guide"}, {"id": "w"}"#, "w.top == g.safeAreaLayoutGuide.top")
    XCTAssertEqual(found.map(\.code.rawValue), ["unknown-view"])
    // Guides have no margins or baselines.
    found = diagnostics(#"{"id": "v"}, {"id": "w"}"#, "w.leading == v.safeAreaLayoutGuide.leadingMargin")
    XCTAssertEqual(found.map(\.code.rawValue), ["unknown-attribute"])
  }
}
