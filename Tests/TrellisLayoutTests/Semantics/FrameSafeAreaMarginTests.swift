import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `insetsLayoutMarginsFromSafeArea` on an edge not known before solving to lie on the root's
/// edge (docs/semantics.md §1, rule 4): UIKit raises the margin from the solved frame, so a
/// view whose frame reaches past the safe area by more than its own margin has its margin
/// edge on the safe area's edge, and is laid out again with it. Every expected frame is worked
/// out by hand beside it.
final class FrameSafeAreaMarginTests: XCTestCase {
  /// The shape of VLC's AudioMiniPlayer.xib (videolan/vlc-ios 12cd503e): a 56-pt row centring
  /// a two-line stack that arranges inside its margins (bottom 1), under a 20-pt status bar.
  private let row = """
    {"root": {"id": "root", "children": [
       {"id": "row", "kind": "stack", "axis": "horizontal", "alignment": "center", "layoutMargins": 0,
        "children": [
         {"id": "info", "kind": "stack", "axis": "vertical", "spacing": 4,
          "layoutMargins": {"top": 0, "left": 0, "bottom": 1, "right": 0},
          "layoutMarginsRelativeArrangement": true, "children": [
           {"id": "title", "intrinsicSize": {"width": 50, "height": 17}, "compressionResistance": {"vertical": 749}},
           {"id": "artist", "intrinsicSize": {"width": 40, "height": 14.5}, "hugging": {"vertical": 251}}]}]}]},
     "constraints": ["row.top == root.top", "row.leading == root.leading", "row.trailing == root.trailing",
                     "row.height == 56"]}
    """

  func testACentredStackReachingIntoTheStatusBarArrangesBelowIt() throws {
    let r = try XCTUnwrap(
      layout(row, environment(360, 120, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))))
    // With its own margins the info stack would be 17 + 4 + 14.5 + 1 = 36.5 tall, centred in the
    // row at y 9.75: 10.25 into the 20-pt status bar, more than its top margin of 0. So its top
    // margin edge is the safe area's, y 20, and the title starts there. Centred on the row
    // (centre 28), 20 + 36.5 would end at 56.5 and the stack would be 57 tall: the row's 56
    // hold it (0 to 56), and the title, the least resistant to compression (749), gives up the
    // half point: 16.5 tall. The stack still reaches 20 past the safe area: it stays so.
    assertRect(r, "info", 0, 0, 360, 56)
    assertRect(r, "title", 0, 20, 360, 16.5)
    assertRect(r, "artist", 0, 40.5, 360, 14.5)
  }

  func testWithoutASafeAreaTheStackKeepsItsOwnMargins() throws {
    let r = try XCTUnwrap(layout(row, environment(360, 120)))
    // 36.5 tall, centred on the row's 28: y 9.75, the title at its top, the artist 17 + 4 below.
    assertRect(r, "info", 0, 9.75, 360, 36.5)
    assertRect(r, "title", 0, 9.75, 360, 17)
    assertRect(r, "artist", 0, 30.75, 360, 14.5)
  }

  func testAViewReachingPastTheSafeAreaByLessThanItsMarginKeepsIt() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "near", "children": [{"id": "a"}]},
         {"id": "deep", "children": [{"id": "b"}]},
         {"id": "below", "children": [{"id": "c"}]},
         {"id": "off", "insetsLayoutMarginsFromSafeArea": false, "children": [{"id": "d"}]}]},
       "constraints": [
         "near.top == root.top + 15", "near.leading == root.leading + 10", "near.width == 60", "near.height == 60",
         "deep.top == root.top + 4", "deep.leading == root.leading + 80", "deep.width == 60", "deep.height == 60",
         "below.top == root.top + 30", "below.leading == root.leading + 150", "below.width == 60",
         "below.height == 60",
         "off.top == root.top + 4", "off.leading == root.leading + 220", "off.width == 60", "off.height == 60",
         "a.top == near.topMargin", "a.leading == near.leadingMargin", "a.width == 5", "a.height == 5",
         "b.top == deep.topMargin", "b.leading == deep.leadingMargin", "b.width == 5", "b.height == 5",
         "c.top == below.topMargin", "c.leading == below.leadingMargin", "c.width == 5", "c.height == 5",
         "d.top == off.topMargin", "d.leading == off.leadingMargin", "d.width == 5", "d.height == 5"]}
      """
    let r = try XCTUnwrap(
      layout(json, environment(320, 200, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))))
    // near: at y 15, 5 into the 20-pt band, less than its margin of 8: a at 15 + 8 = 23.
    assertRect(r, "a", 18, 23, 5, 5)
    // deep: at y 4, 16 into the band, more than 8: its top margin edge is the safe area's, 20.
    assertRect(r, "b", 88, 20, 5, 5)
    // below: outside the band: its own 8, 38.
    assertRect(r, "c", 158, 38, 5, 5)
    // off: `insetsLayoutMarginsFromSafeArea` false: its own 8 whatever the band, 12.
    assertRect(r, "d", 228, 12, 5, 5)
  }

  func testTheMarginFollowsTheSafeAreaAcrossLayoutsOfOneEngine() throws {
    // One engine, three safe areas: the margin edge is decided again after each layout.
    let document = try XCTUnwrap(readLayout(row))
    let engine = LayoutEngine(document: document)
    let statusBar = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    var r = engine.layout(in: environment(360, 120, safeArea: statusBar))
    assertRect(r, "title", 0, 20, 360, 16.5)
    r = engine.layout(in: environment(360, 120))
    assertRect(r, "title", 0, 9.75, 360, 17)
    // A 12-pt band: the stack at 9.75 reaches 2.25 into it, more than 0, so the title starts at
    // 12 and the artist ends at 12 + 17 + 4 + 14.5 = 47.5, the stack 1 below, at 48.5. Centred
    // on the row's 28, the stack runs from 28 − 20.5 = 7.5: 41 tall, still 4.5 into the band.
    r = engine.layout(in: environment(360, 120, safeArea: EdgeInsets(top: 12, left: 0, bottom: 0, right: 0)))
    assertRect(r, "info", 0, 7.5, 360, 41)
    assertRect(r, "title", 0, 12, 360, 17)
  }

  func testALiveResizeDecidesTheMarginAgain() throws {
    // A 100-pt box centred on the root, a dot on its top margin, a 20-pt band at the top. One
    // engine, resized as a live resize does (`layoutFrames`), gives what fresh engines give.
    let json = """
      {"root": {"id": "root", "children": [{"id": "box", "children": [{"id": "dot"}]}]},
       "constraints": ["box.centerY == root.centerY", "box.leading == root.leading + 10", "box.width == 100",
                       "box.height == 100", "dot.top == box.topMargin", "dot.leading == box.leadingMargin",
                       "dot.width == 4", "dot.height == 4"]}
      """
    let document = try XCTUnwrap(readLayout(json))
    let engine = LayoutEngine(document: document)
    let band = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    var frames: [Rect] = []
    // 400 tall: the box at 200 − 50 = 150, below the band: the dot 8 below its top, 158.
    XCTAssertEqual(engine.layoutFrames(in: environment(320, 400, safeArea: band), into: &frames), [])
    assertFrame(frames[2], 18, 158, 4, 4, "dot at 400")
    // 120 tall: the box at 60 − 50 = 10, 10 into the band, more than 8: the dot at the band's edge, 20.
    XCTAssertEqual(engine.layoutFrames(in: environment(320, 120, safeArea: band), into: &frames), [])
    assertFrame(frames[2], 18, 20, 4, 4, "dot at 120")
    // And back: 158 again.
    XCTAssertEqual(engine.layoutFrames(in: environment(320, 400, safeArea: band), into: &frames), [])
    assertFrame(frames[2], 18, 158, 4, 4, "dot at 400 again")
    let fresh = try XCTUnwrap(layout(json, environment(320, 120, safeArea: band)))
    assertRect(fresh, "dot", 18, 20, 4, 4)
  }

  func testAViewThatFollowsItsOwnMarginTheOtherWayDoesNotHang() throws {
    // v.top == 2 × s.top (h spans 0 to s.top, k as tall from s.top on, v under k), s on v's top
    // margin (8), a 20-pt band. With its own margin: v.top = 2 × (v.top + 8), v at −16, 36 into
    // the band: raised. Raised: s at the band's edge, 20, v at 40, out of the band: its own
    // margin again. The passes run out and say so; the layout still has frames.
    let json = """
      {"root": {"id": "root", "children": [{"id": "v"}, {"id": "s"}, {"id": "h"}, {"id": "k"}]},
       "constraints": ["h.top == root.top", "h.bottom == s.top", "k.top == s.top", "k.height == h.height",
                       "v.top == k.bottom", "s.top == v.topMargin", "v.leading == root.leading", "v.width == 40",
                       "v.height == 40", "s.leading == root.leading + 50", "s.width == 4", "s.height == 4",
                       "h.leading == root.leading + 60", "h.width == 4", "k.leading == root.leading + 70",
                       "k.width == 4"]}
      """
    let document = try XCTUnwrap(readLayout(json))
    let result = LayoutEngine(document: document)
      .layout(in: environment(320, 200, safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)))
    // (The last pass, with v's own margin, puts s at −8: h is −8 tall, a negative frame too.)
    let unsettled = result.diagnostics.filter { $0.code == "margins-unsettled" }
    XCTAssertEqual(unsettled.count, 1)
    XCTAssertTrue(unsettled.first?.message.contains("'v'") == true)
    XCTAssertNotNil(result.view("s"))
  }
}
