import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Scroll views (docs/semantics.md §8): every expected frame, content size and inset below is
/// worked out by hand from the rules, in the comment beside it.
final class ScrollViewTests: XCTestCase {
  /// A 400 x 600 screen with safe-area insets top 20, left 30, bottom 10, right 0: the safe
  /// area is (30, 20, 370, 570).
  private let screen = environment(400, 600, safeArea: EdgeInsets(top: 20, left: 30, bottom: 10, right: 0))

  private func read(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
    let result = LayoutReader.parse(json, file: "scroll.json")
    XCTAssertEqual(result.renderedDiagnostics, "", file: file, line: line)
    return result.document
  }

  /// A scroll view pinned to the root's edges, holding `c`; `scroll` adds keys to the scroll view.
  private func layout(scroll: String = "", child: String = "", _ constraints: [String]) -> String {
    let pinned = [
      "s.leading == root.leading", "s.trailing == root.trailing", "s.top == root.top", "s.bottom == root.bottom",
    ]
    let list = (pinned + constraints).map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"root": {"children": [{"id": "s", "kind": "scroll"\(scroll), "children": [{"id": "c"\(child)}]}]},
       "constraints": [\(list)]}
      """
  }

  /// `c` 1000 tall, as wide as the scroll view, 10 from the content's top and bottom edges.
  private let tallContent = [
    "c.top == s.top + 10", "c.bottom == s.bottom - 10", "c.leading == s.leading", "c.trailing == s.trailing",
    "c.width == s.width", "c.height == 1000",
  ]

  private func solve(_ json: String, in environment: Environment? = nil) throws -> LayoutResult {
    let document = try XCTUnwrap(read(json))
    return LayoutEngine(document: document).layout(in: environment ?? screen)
  }

  // MARK: Content size from the classic rule

  func testEdgeConstraintsToTheScrollViewDefineTheContentArea() throws {
    let result = try solve(layout(tallContent))
    XCTAssertEqual(result.diagnostics.map(\.description), [])
    let s = try XCTUnwrap(result.scrollView("s"))
    assertFrame(s.frame, 0, 0, 400, 600)  // pinned to the root
    // The top and bottom edges attach to the content: 10 + 1000 + 10 tall; the width is the
    // frame's (c.width == s.width) and c spans the content's width.
    XCTAssertEqual(s.contentSize, Size(width: 400, height: 1020))
    assertFrame(s.contentFrame, 0, 0, 400, 1020)
    assertFrame(try XCTUnwrap(result.view("c")).frame, 0, 10, 400, 1000)
    // Automatic = scrollable axes: taller than 600, so top 20 and bottom 10 of the safe area;
    // not wider, so neither side (the left inset, 30, is not added).
    XCTAssertEqual(s.adjustedContentInset, EdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
    XCTAssertEqual(s.safeAreaInsets, EdgeInsets(top: 20, left: 30, bottom: 10, right: 0))
  }

  func testTheContentOffsetMovesTheContentAreaUpAndLeft() throws {
    let result = try solve(layout(scroll: #", "contentOffset": {"x": 0, "y": 300}"#, tallContent))
    let s = try XCTUnwrap(result.scrollView("s"))
    // The content's origin is the frame's minus the offset: y = 0 − 300; c is 10 below it.
    assertFrame(s.contentFrame, 0, -300, 400, 1020)
    assertFrame(try XCTUnwrap(result.view("c")).frame, 0, -290, 400, 1000)
    XCTAssertEqual(s.contentOffset, Point(x: 0, y: 300))
    // The frame does not move.
    assertFrame(s.frame, 0, 0, 400, 600)
  }

  func testSizesCentersAndOutsideViewsStayOnTheFrame() throws {
    // c.width == s.width stays the frame's width (400); only edges move to the content.
    let result = try solve(
      layout(
        scroll: #", "contentOffset": {"x": 0, "y": 50}"#,
        [
          "c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing",
          "c.width == 0.5 * s.width", "c.height == 2 * s.height",
        ]))
    let s = try XCTUnwrap(result.scrollView("s"))
    // c: 200 x 1200, the content exactly c, offset 50 up.
    assertFrame(try XCTUnwrap(result.view("c")).frame, 0, -50, 200, 1200)
    assertFrame(s.contentFrame, 0, -50, 200, 1200)
  }

  // MARK: Content and frame layout guides

  func testContentAndFrameLayoutGuides() throws {
    // The scroll view inside the safe area: (30, 20, 370, 570); content c 800 tall, as wide as
    // the frame guide, pinned to the content guide.
    let json = """
      {"root": {"children": [{"id": "s", "kind": "scroll", "contentInset": {"top": 5, "bottom": 5},
        "children": [{"id": "c"}]}]},
       "constraints": ["s.leading == safeArea.leading", "s.trailing == safeArea.trailing",
        "s.top == safeArea.top", "s.bottom == safeArea.bottom",
        "c.top == s.contentLayoutGuide.top", "c.bottom == s.contentLayoutGuide.bottom",
        "c.leading == s.contentLayoutGuide.leading", "c.trailing == s.contentLayoutGuide.trailing",
        "c.width == s.frameLayoutGuide.width", "c.height == 800"]}
      """
    let result = try solve(json)
    XCTAssertEqual(result.diagnostics.map(\.description), [])
    let s = try XCTUnwrap(result.scrollView("s"))
    assertFrame(s.frame, 30, 20, 370, 570)
    assertFrame(s.contentFrame, 30, 20, 370, 800)
    // Inside the safe area: no safe-area inset to add, only the content inset.
    XCTAssertEqual(s.safeAreaInsets, .zero)
    XCTAssertEqual(s.adjustedContentInset, EdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
  }

  func testMarginsAttachToTheContentInsetByTheScrollViewsMargins() throws {
    // Margins 8: c 100 x 100 at (8 + 10, 8) in the content; content 18 + 100 + 8 = 126 wide,
    // 8 + 100 + 8 = 116 tall.
    let constraints = [
      "c.leading == s.leadingMargin + 10", "s.trailingMargin == c.trailing", "c.top == s.topMargin",
      "s.bottomMargin == c.bottom", "c.width == 100", "c.height == 100",
    ]
    let ltr = try solve(layout(constraints))
    assertFrame(try XCTUnwrap(ltr.view("c")).frame, 18, 8, 100, 100)
    XCTAssertEqual(ltr.scrollView("s")?.contentSize, Size(width: 126, height: 116))

    // Right to left: the content area does not flip (offsets are absolute), it still starts at
    // x 0; leading is its right edge, 126: c's right edge at 126 − 18 = 108, so c.x = 8.
    var rtl = screen
    rtl.layoutDirection = .rightToLeft
    let mirrored = try solve(layout(constraints), in: rtl)
    assertFrame(try XCTUnwrap(mirrored.view("c")).frame, 8, 8, 100, 100)
    assertFrame(try XCTUnwrap(mirrored.scrollView("s")).contentFrame, 0, 0, 126, 116)
  }

  func testViewsPinnedToTheFrameGuideFloatOverTheContent() throws {
    // Scrolled 300 down: c scrolls (y 10 − 300), b is pinned to the frame guide 10 above its
    // bottom (600 − 10 − 40 = 550) and 20 from its leading edge, whatever the offset.
    let json = """
      {"root": {"children": [{"id": "s", "kind": "scroll", "contentOffset": {"x": 0, "y": 300},
        "children": [{"id": "c"}, {"id": "b"}]}]},
       "constraints": ["s.leading == root.leading", "s.trailing == root.trailing", "s.top == root.top",
        "s.bottom == root.bottom", "c.top == s.top + 10", "c.bottom == s.bottom - 10", "c.leading == s.leading",
        "c.trailing == s.trailing", "c.width == s.width", "c.height == 1000",
        "b.bottom == s.frameLayoutGuide.bottom - 10", "b.leading == s.frameLayoutGuide.leading + 20",
        "b.width == 60", "b.height == 40"]}
      """
    let result = try solve(json)
    XCTAssertEqual(result.diagnostics.map(\.description), [])
    assertFrame(try XCTUnwrap(result.view("c")).frame, 0, -290, 400, 1000)
    assertFrame(try XCTUnwrap(result.view("b")).frame, 20, 550, 60, 40)
    // b takes no part in the content size: still 10 + 1000 + 10.
    XCTAssertEqual(result.scrollView("s")?.contentSize, Size(width: 400, height: 1020))
  }

  // MARK: Adjusted content insets

  func testEachAdjustmentBehavior() throws {
    // Content 400 x 1020 in a 400 x 600 frame whose safe-area insets are t20 l30 b10 r0.
    let cases: [(String, String, EdgeInsets)] = [
      ("never", "", .zero),
      ("always", "", EdgeInsets(top: 20, left: 30, bottom: 10, right: 0)),
      ("scrollableAxes", "", EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)),
      ("automatic", "", EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)),
      // Bouncing horizontally counts as scrolling horizontally.
      ("scrollableAxes", #", "alwaysBounceHorizontal": true"#, EdgeInsets(top: 20, left: 30, bottom: 10, right: 0)),
      // contentInset is added in every case.
      ("never", #", "contentInset": 4"#, .uniform(4)),
      ("always", #", "contentInset": {"left": 1}"#, EdgeInsets(top: 20, left: 31, bottom: 10, right: 0)),
    ]
    for (behavior, extra, expected) in cases {
      let result = try solve(
        layout(scroll: #", "contentInsetAdjustmentBehavior": "\#(behavior)""# + extra, tallContent))
      XCTAssertEqual(result.scrollView("s")?.adjustedContentInset, expected, behavior + extra)
    }
  }

  func testShortContentGetsNoVerticalAdjustmentFromScrollableAxes() throws {
    // 100 tall in a 600 frame: not scrollable, so scrollableAxes adds nothing; alwaysBounceVertical does.
    let short = [
      "c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing",
      "c.width == s.width", "c.height == 100",
    ]
    XCTAssertEqual(try solve(layout(short)).scrollView("s")?.adjustedContentInset, .zero)
    XCTAssertEqual(
      try solve(layout(scroll: #", "alwaysBounceVertical": true"#, short)).scrollView("s")?.adjustedContentInset,
      EdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
  }

  func testSafeAreaInsetsOfAFramePartlyInsideTheSafeArea() {
    // Safe area (30, 20, 370, 570); a frame (0, 500, 100, 200) reaches 30 into the left inset
    // and 700 − 590 = 110 below; its top is inside.
    let insets = ScrollLayout.safeAreaInsets(
      of: Rect(x: 0, y: 500, width: 100, height: 200), in: Rect(x: 30, y: 20, width: 370, height: 570))
    XCTAssertEqual(insets, EdgeInsets(top: 0, left: 30, bottom: 110, right: 0))
  }

  // MARK: Zoom

  func testZoomScalesTheZoomViewsIntrinsicSizeClampedToItsRange() throws {
    let image = #", "kind": "image", "intrinsicSize": {"width": 200, "height": 100}"#
    let pinned = ["c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing"]
    func zoomed(_ keys: String, traits: TraitCollection = wChR) throws -> ScrollState? {
      try solve(layout(scroll: #", "zoomView": "c""# + keys, child: image, pinned), in: environment(400, 600, traits))
        .scrollView("s")
    }
    // 200 x 100 × 1.5.
    XCTAssertEqual(
      try zoomed(#", "zoomScale": 1.5, "maximumZoomScale": 2"#)?.contentSize, Size(width: 300, height: 150))
    // 2.5 is clamped to the maximum, 2: 400 x 200.
    let clamped = try zoomed(#", "zoomScale": 2.5, "maximumZoomScale": 2"#)
    XCTAssertEqual(clamped?.contentSize, Size(width: 400, height: 200))
    XCTAssertEqual(clamped?.zoomScale, 2)
    // Per size class: 0.5 in compact height (100 x 50), 1 elsewhere (200 x 100).
    let varying = #", "zoomScale": {"any": 1, "hC": 0.5}, "minimumZoomScale": 0.1"#
    XCTAssertEqual(try zoomed(varying, traits: wChC)?.contentSize, Size(width: 100, height: 50))
    XCTAssertEqual(try zoomed(varying, traits: wChR)?.contentSize, Size(width: 200, height: 100))
  }

  func testOverridingTheOffsetAndZoomFromOutsideTheFile() throws {
    let json = layout(
      scroll: #", "zoomView": "c", "maximumZoomScale": 4"#,
      child: #", "kind": "image", "intrinsicSize": {"width": 200, "height": 100}"#,
      ["c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing"])
    let document = try XCTUnwrap(read(json))
    let changed = try document.overridingScroll("s", contentOffset: Point(x: 40, y: 10), zoomScale: 3)
    let state = try XCTUnwrap(LayoutEngine(document: changed).layout(in: screen).scrollView("s"))
    // 600 x 300 at (−40, −10).
    assertFrame(state.contentFrame, -40, -10, 600, 300)
    XCTAssertThrowsError(try document.overridingScroll("c", contentOffset: .zero)) {
      XCTAssertEqual($0 as? ScrollOverrideError, .notAScrollView("c"))
    }
    XCTAssertThrowsError(try document.overridingScroll("nope", zoomScale: 2)) {
      XCTAssertEqual($0 as? ScrollOverrideError, .unknownView("nope"))
    }
  }

  // MARK: Ambiguity

  func testUndeterminedContentSizeIsReportedAsInterfaceBuilderDoes() throws {
    // Pinned to all four edges but with no size: neither the content's width nor its height is known.
    let result = try solve(
      layout(["c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing"]))
    let found = result.diagnostics.filter { $0.code == "ambiguous-content-size" }
    XCTAssertEqual(found.count, 1)
    XCTAssertEqual(found.first?.kind, .ambiguity)
    XCTAssertEqual(found.first?.severity, .warning)
    XCTAssertTrue(
      found.first?.message.hasPrefix(
        "Scrollable content size is ambiguous for 's': nothing determines the content's width and height")
        == true, found.first?.message ?? "")
    XCTAssertNotNil(found.first?.location)
  }

  func testOnlyTheUndeterminedAxisIsNamed() throws {
    // The width is the frame's; nothing pins the content's bottom, so only its height is free.
    let result = try solve(
      layout([
        "c.top == s.top", "c.leading == s.leading", "c.trailing == s.trailing", "c.width == s.width",
        "c.height == 50",
      ]))
    let found = result.diagnostics.filter { $0.code == "ambiguous-content-size" }
    XCTAssertEqual(found.map(\.message.count).count, 1)
    XCTAssertTrue(found.first?.message.contains("the content's height;") == true, found.first?.message ?? "")
    // c itself is determined: only the content area is not, and the scroll view's guides are
    // not reported as a stack's.
    XCTAssertEqual(result.ambiguousViews.map(\.id), [])
    XCTAssertEqual(result.diagnostics.filter { $0.kind == .ambiguity }.map(\.code), ["ambiguous-content-size"])
  }

  func testDeterminedContentIsNotAmbiguous() throws {
    let result = try solve(layout(tallContent))
    XCTAssertEqual(result.diagnostics.filter { $0.kind == .ambiguity }.map(\.description), [])
  }

  // MARK: Design checks

  func testContentIsCheckedAgainstWhatScrollingCanShow() throws {
    // c fills a 400 x 1000 content area. With 'never' the offsets run 0…400 vertically, so the
    // safe part of the frame (y 20…590) shows content y 20…990: c's first 20 pt can never be seen
    // below the status bar (and its last 10 pt never above the bottom inset).
    let full = [
      "c.top == s.top", "c.bottom == s.bottom", "c.leading == s.leading", "c.trailing == s.trailing",
      "c.width == s.width", "c.height == 1000",
    ]
    // Horizontally the frame's left 30 pt are unsafe: use a screen without side insets.
    let tall = environment(400, 600, safeArea: EdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
    let never = try solve(layout(scroll: #", "contentInsetAdjustmentBehavior": "never""#, full), in: tall)
    XCTAssertEqual(
      DesignChecks.diagnostics(for: never).map(\.message),
      ["c reaches 20 pt above the safe area that scrolling 's' can show"])
    // 'always' adds t20 b10: offsets −20…410, and every content point can be shown.
    let always = try solve(layout(scroll: #", "contentInsetAdjustmentBehavior": "always""#, full), in: tall)
    XCTAssertEqual(DesignChecks.diagnostics(for: always).map(\.message), [])
    // Scrolled to the end (offset 410), the same layout is still fine: content below the screen is not flagged.
    let scrolled = try solve(
      layout(scroll: #", "contentInsetAdjustmentBehavior": "always", "contentOffset": {"x": 0, "y": 410}"#, full),
      in: tall)
    XCTAssertEqual(DesignChecks.diagnostics(for: scrolled).map(\.message), [])
  }

  func testReachableRect() {
    // Frame (0, 0, 400, 600), safe area (0, 20, 400, 570), content 400 x 1000 at offset (0, 100),
    // adjusted t20 b10: offsets y −20…410; in content coordinates y 20 − 20 = 0 … 590 + 410 = 1000;
    // on screen at offset 100 that is −100…900.
    let state = ScrollState(
      id: "s", frame: Rect(x: 0, y: 0, width: 400, height: 600),
      contentFrame: Rect(x: 0, y: -100, width: 400, height: 1000),
      contentOffset: Point(x: 0, y: 100), zoomScale: 1, adjustedContentInset: EdgeInsets(top: 20, bottom: 10),
      safeAreaInsets: EdgeInsets(top: 20, bottom: 10))
    let reach = state.reachableRect(safeArea: Rect(x: 0, y: 20, width: 400, height: 570))
    XCTAssertEqual(reach, Rect(x: 0, y: -100, width: 400, height: 1000))
  }

  // MARK: Reading

  func testReaderProblems() {
    func codes(_ json: String) -> [String] {
      LayoutReader.parse(json, file: "bad.json").diagnostics.map(\.code.rawValue)
    }
    // A guide of a view that is not a scroll view.
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "v"}]}, "constraints": ["v.top == v.contentLayoutGuide.top"]}"#),
      ["unknown-view"])
    // Guides have no baselines.
    XCTAssertEqual(
      codes(
        #"{"root": {"children": [{"id": "s", "kind": "scroll", "children": [{"id": "c"}]}]}, "constraints": ["c.firstBaseline == s.frameLayoutGuide.firstBaseline"]}"#
      ), ["unknown-attribute"])
    // The zooming view must be a subview of the scroll view.
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "s", "kind": "scroll", "zoomView": "x"}, {"id": "x"}]}}"#),
      ["unknown-view"])
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "s", "kind": "scroll", "minimumZoomScale": 2, "maximumZoomScale": 1}]}}"#),
      ["out-of-range"])
    XCTAssertEqual(codes(#"{"root": {"children": [{"id": "s", "kind": "scroll", "zoomScale": 2}]}}"#), ["no-effect"])
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "v", "contentOffset": {"x": 0, "y": 1}}]}}"#), ["not-applicable"])
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "s", "kind": "scroll", "contentInsetAdjustmentBehavior": "sometimes"}]}}"#),
      ["invalid-value"])
    XCTAssertEqual(
      codes(#"{"root": {"children": [{"id": "s", "kind": "scroll", "contentOffset": 3}]}}"#), ["wrong-type"])
  }

  func testVaryingOffsetsAndInsets() throws {
    let json = layout(
      scroll:
        #", "contentOffset": {"any": {"x": 0, "y": 0}, "hC": {"x": 0, "y": 100}}, "contentInset": {"any": 0, "wR": {"top": 7}}"#,
      tallContent)
    let document = try XCTUnwrap(read(json))
    let compact = document.resolved(for: environment(400, 600, wChC)).views[1].scroll
    XCTAssertEqual(compact?.contentOffset, Point(x: 0, y: 100))
    XCTAssertEqual(compact?.contentInset, .zero)
    let regular = document.resolved(for: environment(400, 600, wRhR)).views[1].scroll
    XCTAssertEqual(regular?.contentOffset, .zero)
    XCTAssertEqual(regular?.contentInset, EdgeInsets(top: 7))
  }

  func testTheFormatPagesScrollExampleReadsCleanly() throws {
    let page = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/layout-format.md"),
      encoding: .utf8)
    let section = try XCTUnwrap(page.range(of: "## Scroll views"))
    let start = try XCTUnwrap(page.range(of: "```json\n", range: section.upperBound..<page.endIndex))
    let end = try XCTUnwrap(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
    let result = LayoutReader.parse(String(page[start.upperBound..<end.lowerBound]), file: "layout-format.md")
    XCTAssertEqual(result.renderedDiagnostics, "")
    let solved = LayoutEngine(document: try XCTUnwrap(result.document)).layout(in: screen)
    XCTAssertEqual(solved.diagnostics.map(\.description), [])
    XCTAssertEqual(solved.scrollViews.count, 1)
  }
}
