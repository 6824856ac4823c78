import XCTest

@testable import TrellisLayout

func label(_ id: String, _ text: String, font: Double = 10, lines: Int = 1) -> ViewNode {
  ViewNode(id: id, kind: .label, text: Varying(text), fontSize: Varying(font), numberOfLines: lines)
}

/// Every anchor, solved: frames worked out by hand.
final class EngineAttributeTests: XCTestCase {
  func testEdgesCentresSizesAndMultiplier() {
    let doc = document(
      [view("a"), view("b"), view("c"), view("d")],
      [
        "a.left == root.left + 10", "a.top == root.top + 20", "a.width == 100", "a.height == 50",
        // b.x = 10 + 100 + 8 = 118; b.height = 0.5 × 50 = 25; b.midY = a.midY = 45 → b.y = 32.5.
        "b.leading == a.trailing + 8", "b.centerY == a.centerY", "b.width == a.width", "b.height == 0.5 * a.height",
        // c: maxX = 400 − 10 = 390, maxY = 300 − 10 = 290, height 80, width 0.625 × 80 = 50.
        "c.right == root.right - 10", "c.bottom == root.bottom - 10", "c.width == 0.625 * c.height",
        "c.height == 80",
        // d: midX = 200, width 40 → x = 180; a plain view's last baseline is its bottom: 200.
        "d.centerX == root.centerX", "d.width == 40", "d.lastBaseline == root.bottom - 100", "d.height == 10",
      ])
    let engine = LayoutEngine(document: doc)
    let r = solve(engine, environment(400, 300))
    assertRect(r, "root", 0, 0, 400, 300)
    assertRect(r, "a", 10, 20, 100, 50)
    assertRect(r, "b", 118, 32.5, 100, 25)
    assertRect(r, "c", 340, 210, 50, 80)
    assertRect(r, "d", 180, 190, 40, 10)
    XCTAssertEqual(r.diagnostics, [])
    XCTAssertFalse(r.hasConflicts)
    XCTAssertEqual(r.ambiguousViews.count, 0)
    XCTAssertEqual(engine.brokenOptionalConstraints.count, 0)
  }

  func testMarginAttributes() {
    var m = view("m")
    m.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    let doc = document(
      [m, view("n"), view("p"), view("q"), view("r")],
      [
        "m.left == root.left + 20", "m.top == root.top + 20", "m.width == 200", "m.height == 100",
        // m's margin box: left 22, right 220 − 4 = 216, top 21, bottom 120 − 3 = 117.
        "n.left == m.leftMargin", "n.right == m.rightMargin", "n.top == m.topMargin", "n.bottom == m.bottomMargin",
        // Centres within margins: x (22 + 216)/2 = 119, y (21 + 117)/2 = 69; 10 × 10 → (114, 64).
        "p.centerX == m.centerXWithinMargins", "p.centerY == m.centerYWithinMargins", "p.width == 10",
        "p.height == 10",
        // Leading/trailing margins are left/right margins in left-to-right.
        "q.leading == m.leadingMargin", "q.trailing == m.trailingMargin", "q.top == m.bottom", "q.height == 5",
        // A view's own margin: r.x + 8 = 0.
        "r.leftMargin == root.left", "r.width == 16", "r.top == root.top", "r.height == 1",
      ])
    let r = solve(LayoutEngine(document: doc), environment(400, 300))
    assertRect(r, "m", 20, 20, 200, 100)
    assertRect(r, "n", 22, 21, 194, 96)
    assertRect(r, "p", 114, 64, 10, 10)
    assertRect(r, "q", 22, 120, 194, 5)
    assertRect(r, "r", -8, 0, 16, 1)
  }

  func testSafeAreaAndMarginsGuides() {
    let doc = document(
      [view("g"), view("h")],
      [
        // Safe area 44, 0, 34, 0 in 375 × 812: top 44, bottom 778. Margins guide inside it:
        // 8 top and bottom; left and right the system minimum 16 (root ≤ 375 wide).
        "g.top == safeArea.top", "g.bottom == safeArea.bottom", "g.leading == margins.leading",
        "g.trailing == margins.trailing",
        // margins.top = 44 + 8 = 52; root.bottomMargin = margins.bottom = 778 − 8 = 770;
        // safeArea.centerX = 187.5 → h.x = 182.5.
        "h.top == margins.top", "h.bottom == root.bottomMargin", "h.centerX == safeArea.centerX", "h.width == 10",
      ])
    let r = solve(LayoutEngine(document: doc), environment(375, 812, safeArea: EdgeInsets(top: 44, bottom: 34)))
    assertRect(r, "g", 16, 44, 343, 734)  // 375 − 2 × 16
    assertRect(r, "h", 182.5, 52, 10, 718)
    XCTAssertEqual(r.safeArea, Rect(x: 0, y: 44, width: 375, height: 734))
    XCTAssertEqual(r.margins, Rect(x: 16, y: 52, width: 343, height: 718))
  }

  func testBaselines() {
    let doc = document(
      [
        label("l1", "Hello", font: 20),  // 5 × 10 = 50 wide, 24 tall, baseline 19
        label("l2", "a\nb", lines: 0),  // 5 wide, 2 × 12 = 24 tall, baselines 9.5 and 21.5
        label("l3", "x"),  // 5 × 12, baseline 9.5
        ViewNode(id: "ok", kind: .button, text: Varying("OK")),  // 33 × 33, baseline 6 + 16.15 = 22.15
      ],
      [
        "l1.left == root.left + 10", "l1.top == root.top + 100",
        // l2.y + 9.5 = 100 + 19 → 109.5; x = 10 + 50 + 8 = 68.
        "l2.leading == l1.trailing + 8", "l2.firstBaseline == l1.firstBaseline",
        // l3.y + 9.5 = 109.5 + 21.5 = 131 → 121.5; x = 68 + 5 + 8 = 81.
        "l3.left == l2.right + 8", "l3.lastBaseline == l2.lastBaseline",
        // ok.y = 119 − 22.15 = 96.85.
        "ok.left == root.left + 200", "ok.firstBaseline == l1.firstBaseline",
      ])
    let r = solve(LayoutEngine(document: doc), environment(400, 300))
    assertRect(r, "l1", 10, 100, 50, 24)
    assertRect(r, "l2", 68, 109.5, 5, 24)
    assertRect(r, "l3", 81, 121.5, 5, 12)
    assertRect(r, "ok", 200, 96.85, 33, 33)
  }

  func testFrameInParentAndHiddenOutsideStacks() {
    var hidden = view("h", children: [view("inner")])
    hidden.hidden = Varying(true)
    let doc = document(
      [hidden, view("k")],
      [
        "h.left == root.left + 10", "h.top == root.top + 10", "h.width == 50", "h.height == 50",
        // Hidden views keep their frame and their neighbours' constraints: k.x = 10 + 50 + 10.
        "k.left == h.right + 10", "k.top == h.top", "k.width == 10", "k.height == 10",
        "inner.left == h.left + 5", "inner.top == h.top + 6", "inner.width == 1", "inner.height == 2",
      ])
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
    let doc = document(
      [view("a"), view("b"), view("c"), view("d")],
      [
        "a.leading == root.leading + 10", "a.width == 100", "b.leading == a.trailing + 8", "b.width == 50",
        "c.left == root.left + 10", "c.width == 30", "d.leadingMargin == root.leadingMargin", "d.width == 20",
        "a.top == root.top", "a.height == 1", "b.top == root.top", "b.height == 1", "c.top == root.top",
        "c.height == 1", "d.top == root.top", "d.height == 1",
      ])
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
    let doc = document(
      [view("a")], ["a.left == nope.left", "a.left == root.left", "a.top == root.top", "a.width == 1", "a.height == 1"])
    let r = solve(LayoutEngine(document: doc), environment(100, 100))
    assertRect(r, "a", 0, 0, 1, 1)
    XCTAssertEqual(r.diagnostics.count, 1)
    XCTAssertEqual(r.diagnostics.first?.severity, .error)
    XCTAssertEqual(r.diagnostics.first?.location, SourceLocation(file: "test.json", line: 1, column: 5))
    XCTAssertEqual(r.diagnostics.first?.path, "$.constraints[0]")
    XCTAssertTrue(r.diagnostics.first?.message.contains("'nope'") == true, r.diagnostics.first?.message ?? "")
  }

  func testPixelSnappingThroughTheEngine() {
    // Four equal views in 359 pt with 10 pt gaps (what a fillEqually stack makes):
    // width (359 − 30)/4 = 82.25; @3x the edges snap as in platform-facts.md §2.
    let doc = document(
      [view("b1"), view("b2"), view("b3"), view("b4")],
      [
        "b1.left == root.left", "b2.left == b1.right + 10", "b3.left == b2.right + 10", "b4.left == b3.right + 10",
        "b4.right == root.right", "b2.width == b1.width", "b3.width == b1.width", "b4.width == b1.width",
        "b1.top == root.top", "b2.top == root.top", "b3.top == root.top", "b4.top == root.top",
        "b1.height == 44", "b2.height == 44", "b3.height == 44", "b4.height == 44",
      ])
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
