import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Every anchor, solved: frames worked out by hand. Edges, centres, sizes, multipliers, margin
/// attributes and baselines are fixtures in Tests/Fixtures/layouts (basics/edges-centres-sizes,
/// margins-and-guides/view-margins, basics/baselines).
final class EngineAttributeTests: XCTestCase {
  func testSafeAreaAndMarginsGuides() {
    let doc = Layout {
      View("g"); View("h")
    } constraints: {
      // Safe area 44, 0, 34, 0 in 375 × 812: top 44, bottom 778. Margins guide inside it:
      // 8 top and bottom; left and right the system minimum 16 (root ≤ 375 wide).
      ["g.top == safeArea.top", "g.bottom == safeArea.bottom", "g.leading == margins.leading"]
      "g.trailing == margins.trailing"
      // margins.top = 44 + 8 = 52; root.bottomMargin = margins.bottom = 778 − 8 = 770;
      // safeArea.centerX = 187.5 → h.x = 182.5.
      ["h.top == margins.top", "h.bottom == root.bottomMargin", "h.centerX == safeArea.centerX", "h.width == 10"]
    }
    let r = solve(LayoutEngine(document: doc), environment(375, 812, safeArea: EdgeInsets(top: 44, bottom: 34)))
    assertRect(r, "g", 16, 44, 343, 734)  // 375 − 2 × 16
    assertRect(r, "h", 182.5, 52, 10, 718)
    XCTAssertEqual(r.safeArea, Rect(x: 0, y: 44, width: 375, height: 734))
    XCTAssertEqual(r.margins, Rect(x: 16, y: 52, width: 343, height: 718))
  }

  func testFrameInParentAndHiddenOutsideStacks() {
    let doc = Layout {
      View("h", hidden: true) { View("inner") }
      View("k")
    } constraints: {
      ["h.left == root.left + 10", "h.top == root.top + 10", "h.width == 50", "h.height == 50"]
      // Hidden views keep their frame and their neighbours' constraints: k.x = 10 + 50 + 10.
      ["k.left == h.right + 10", "k.top == h.top", "k.width == 10", "k.height == 10"]
      ["inner.left == h.left + 5", "inner.top == h.top + 6", "inner.width == 1", "inner.height == 2"]
    }
    let r = solve(LayoutEngine(document: doc), environment(400, 300))
    assertRect(r, "h", 10, 10, 50, 50)
    assertRect(r, "k", 70, 10, 10, 10)
    assertRect(r, "inner", 15, 16, 1, 2)
    XCTAssertEqual(r.view("inner")?.frameInParent, Rect(x: 5, y: 6, width: 1, height: 2))
    XCTAssertEqual(r.view("h")?.hidden, true)
    XCTAssertEqual(r.view("h")?.isEffectivelyHidden, true)
    XCTAssertEqual(r.view("inner")?.hidden, false)
    XCTAssertEqual(r.view("inner")?.isEffectivelyHidden, true)
    XCTAssertEqual(r.view("k")?.isEffectivelyHidden, false)
  }

  func testRightToLeft() {
    let doc = Layout {
      View("a"); View("b"); View("c"); View("d")
    } constraints: {
      ["a.leading == root.leading + 10", "a.width == 100", "b.leading == a.trailing + 8", "b.width == 50"]
      ["c.left == root.left + 10", "c.width == 30", "d.leadingMargin == root.leadingMargin", "d.width == 20"]
      ["a.top == root.top", "a.height == 1", "b.top == root.top", "b.height == 1", "c.top == root.top"]
      ["c.height == 1", "d.top == root.top", "d.height == 1"]
    }
    let ltr = solve(LayoutEngine(document: doc), environment(400, 300))
    assertRect(ltr, "a", 10, 0, 100, 1)
    assertRect(ltr, "b", 118, 0, 50, 1)  // 10 + 100 + 8
    assertRect(ltr, "c", 10, 0, 30, 1)
    assertRect(ltr, "d", 12, 0, 20, 1)  // d.x + 8 = margins.left 20 (system minimum, root 400 > 375 wide)
    let rtl = solve(LayoutEngine(document: doc), environment(400, 300, direction: .rightToLeft))
    assertRect(rtl, "a", 290, 0, 100, 1)  // right edge 400 − 10 = 390
    assertRect(rtl, "b", 232, 0, 50, 1)  // right edge 290 − 8 = 282
    assertRect(rtl, "c", 10, 0, 30, 1)  // left does not flip
    assertRect(rtl, "d", 368, 0, 20, 1)  // d.maxX − 8 = 400 − 20
  }

  func testUnknownItemIsReportedAndSkipped() {
    let doc = Layout(validated: false) {
      View("a")
    } constraints: {
      "a.left == nope.left"
      ["a.left == root.left", "a.top == root.top", "a.width == 1", "a.height == 1"]
    }
    let r = solve(LayoutEngine(document: doc), environment(100, 100))
    assertRect(r, "a", 0, 0, 1, 1)
    XCTAssertEqual(r.diagnostics.count, 1)
    XCTAssertEqual(r.diagnostics.first?.severity, .error)
    XCTAssertNotNil(r.diagnostics.first?.location)
    XCTAssertEqual(r.diagnostics.first?.location, doc.constraints[0].location)
    XCTAssertEqual(r.diagnostics.first?.path, "$.constraints[0]")
    XCTAssertTrue(r.diagnostics.first?.message.contains("'nope'") == true, r.diagnostics.first?.message ?? "")
  }

  func testPixelSnappingThroughTheEngine() {
    // Four equal views in 359 pt with 10 pt gaps (what a fillEqually stack makes):
    // width (359 − 30)/4 = 82.25; @3x the edges snap as in platform-facts.md §2.
    let doc = Layout {
      View("b1"); View("b2"); View("b3"); View("b4")
    } constraints: {
      ["b1.left == root.left", "b2.left == b1.right + 10", "b3.left == b2.right + 10", "b4.left == b3.right + 10"]
      ["b4.right == root.right", "b2.width == b1.width", "b3.width == b1.width", "b4.width == b1.width"]
      ["b1.top == root.top", "b2.top == root.top", "b3.top == root.top", "b4.top == root.top"]
      ["b1.height == 44", "b2.height == 44", "b3.height == 44", "b4.height == 44"]
    }
    let engine = LayoutEngine(document: doc)
    let raw = solve(engine, environment(359, 100, scale: 3))
    assertRect(raw, "b3", 184.5, 0, 82.25, 44)
    let r = engine.layout(in: environment(359, 100, scale: 3), snapToPixels: true)
    assertRect(r, "b1", 0, 0, 247.0 / 3, 44, accuracy: 1e-9)  // 82.333
    assertRect(r, "b2", 277.0 / 3, 0, 247.0 / 3, 44, accuracy: 1e-9)  // 92.333, 82.333
    assertRect(r, "b3", 554.0 / 3, 0, 246.0 / 3, 44, accuracy: 1e-9)  // 184.667, 82.0
    assertRect(r, "b4", 830.0 / 3, 0, 247.0 / 3, 44, accuracy: 1e-9)  // 276.667, 82.333
    XCTAssertEqual(engine.lastUpdate?.rebuilt, false)
  }
}
