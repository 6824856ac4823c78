import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The root's system minimum margins, margins per size class, preservesSuperviewLayoutMargins
/// and insetsLayoutMarginsFromSafeArea (docs/semantics.md §1, docs/uikit-research.md §3).
final class LayoutMarginsTests: XCTestCase {
  /// `a` spans the root's margins: its frame is the margins rectangle.
  private func rootMargins(_ root: String = "") -> String {
    """
    {"root": {"id": "root"\(root), "children": [{"id": "a"}]},
     "constraints": ["a.leading == root.leadingMargin", "a.trailing == root.trailingMargin",
                     "a.top == root.topMargin", "a.bottom == root.bottomMargin"]}
    """
  }

  func testRootGetsTheSystemMinimumByWidth() throws {
    // 375 wide: 16 at the sides; top and bottom 0 (a root has no margins of its own by
    // default, and the minimum there is 0: "The top and bottom margins are set to zero points").
    var r = try XCTUnwrap(layout(rootMargins(), environment(375, 667)))
    assertRect(r, "a", 16, 0, 343, 667)
    // 320: still 16.
    r = try XCTUnwrap(layout(rootMargins(), environment(320, 568)))
    assertRect(r, "a", 16, 0, 288, 568)
    // 414 (wider than 375, still compact width): 20.
    r = try XCTUnwrap(layout(rootMargins(), environment(414, 736)))
    assertRect(r, "a", 20, 0, 374, 736)
    // 812 × 375 with insets 0, 44, 21, 44: measured from the safe area, 44 + 20 = 64;
    // bottom at the safe area, 375 − 21 = 354 (uikit-research §3's last row).
    r = try XCTUnwrap(
      layout(rootMargins(), environment(812, 375, wChC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))))
    assertRect(r, "a", 64, 0, 684, 354)
    XCTAssertEqual(r.margins, Rect(x: 64, y: 0, width: 684, height: 354))
  }

  func testOwnMarginsAboveTheMinimumWinAndTheMinimumCanBeTurnedOff() throws {
    // max(30, 16) = 30 at the sides, 30 top and bottom.
    var r = try XCTUnwrap(layout(rootMargins(", \"layoutMargins\": 30"), environment(375, 667)))
    assertRect(r, "a", 30, 30, 315, 607)
    // Below the minimum: 4 becomes 16 at the sides…
    r = try XCTUnwrap(layout(rootMargins(", \"layoutMargins\": 4"), environment(375, 667)))
    assertRect(r, "a", 16, 4, 343, 659)
    // …unless the view controller does not respect it.
    r = try XCTUnwrap(
      layout(
        rootMargins(", \"layoutMargins\": 4, \"viewRespectsSystemMinimumLayoutMargins\": false"),
        environment(375, 667)))
    assertRect(r, "a", 4, 4, 367, 659)
  }

  func testRootMarginsFromTheEdgesWithoutInsetsFromSafeArea() throws {
    let env = environment(812, 375, wChC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    let r = try XCTUnwrap(layout(rootMargins(", \"insetsLayoutMarginsFromSafeArea\": false"), env))
    // 20 from the root's edges, not from the safe area: 20 … 792; top and bottom 0.
    assertRect(r, "a", 20, 0, 772, 375)
  }

  func testLayoutMarginsVaryPerSizeClass() throws {
    let json = """
      {"root": {"id": "root", "children": [
        {"id": "box", "layoutMargins": {"any": {"top": 4}, "wR": {"left": 40}, "wC hC": 2}, "children": [{"id": "inner"}]}]},
       "constraints": ["box.leading == root.leading", "box.trailing == root.trailing", "box.top == root.top",
                       "box.bottom == root.bottom",
                       "inner.leading == box.leadingMargin", "inner.trailing == box.trailingMargin",
                       "inner.top == box.topMargin", "inner.bottom == box.bottomMargin"]}
      """
    // wC hR: the any value, top 4 and the other sides the default 8 (box is flush with the
    // root, which has no safe-area insets here, so the safe area changes nothing).
    var r = try XCTUnwrap(layout(json, environment(400, 600, wChR)))
    assertRect(r, "inner", 8, 4, 384, 588)
    // wR hR: left 40; the rest keeps the any value (top 4, right and bottom 8).
    r = try XCTUnwrap(layout(json, environment(400, 600, wRhR)))
    assertRect(r, "inner", 40, 4, 352, 588)
    // wC hC: 2 on every side.
    r = try XCTUnwrap(layout(json, environment(400, 600, wChC)))
    assertRect(r, "inner", 2, 2, 396, 596)
  }

  /// A full-screen container pinned to the root (375 × 812, insets 44 top, 34 bottom): its own
  /// 8 measured from the safe area at top and bottom (44 + 8, 34 + 8: docs/semantics.md §1 rule
  /// 4); with preservesSuperviewLayoutMargins the root's 16 at the sides, where they are larger.
  func testPreservesSuperviewLayoutMarginsOnPinnedEdges() throws {
    func json(_ flags: String) -> String {
      """
      {"root": {"id": "root", "children": [{"id": "c"\(flags), "children": [{"id": "x"}]}, {"id": "loose"\(flags), "children": [{"id": "y"}]}]},
       "constraints": ["c.leading == root.leading", "c.trailing == root.trailing", "c.top == root.top",
                       "c.bottom == root.bottom",
                       "x.leading == c.leadingMargin", "x.trailing == c.trailingMargin", "x.top == c.topMargin",
                       "x.bottom == c.bottomMargin",
                       "loose.leading == root.leading + 10", "loose.width == 100", "loose.top == root.top + 100",
                       "loose.height == 100", "y.leading == loose.leadingMargin", "y.top == loose.topMargin",
                       "y.width == 1", "y.height == 1"]}
      """
    }
    let env = environment(375, 812, safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    var r = try XCTUnwrap(layout(json(", \"preservesSuperviewLayoutMargins\": true"), env))
    // Sides 16 (the root's, larger than its own 8); top 44 + 8 = 52 (the root's is 44, less);
    // bottom 812 − 34 − 8 = 770, so 770 − 52 = 718 tall.
    assertRect(r, "x", 16, 52, 343, 718)
    // Not pinned to its superview (10 from the edge): its own margins, 8.
    assertRect(r, "y", 18, 108, 1, 1)
    r = try XCTUnwrap(layout(json(""), env))
    // Own 8 at the sides; at top and bottom 8 from the safe area: 44 + 8 and 812 − 34 − 8.
    assertRect(r, "x", 8, 52, 359, 718)
    r = try XCTUnwrap(layout(json(", \"insetsLayoutMarginsFromSafeArea\": false"), env))
    assertRect(r, "x", 8, 8, 359, 796)
  }

  func testSafeAreaMovesUpdateSafeAreaMarginsInPlace() throws {
    // The same key (wC hR, 375 wide) with other insets: the engine only changes constants.
    let json = """
      {"root": {"id": "root", "children": [{"id": "c", "children": [{"id": "x"}]}]},
       "constraints": ["c.leading == root.leading", "c.trailing == root.trailing", "c.top == root.top",
                       "c.bottom == root.bottom", "x.leading == c.leadingMargin", "x.top == c.topMargin",
                       "x.width == 10", "x.height == 10"]}
      """
    let document = try XCTUnwrap(readLayout(json))
    let engine = LayoutEngine(document: document)
    var r = solve(engine, environment(375, 812, safeArea: EdgeInsets(top: 44, bottom: 34)))
    // The container's own 8 from the safe area's top: 44 + 8, then 20 + 8.
    assertRect(r, "x", 8, 52, 10, 10)
    r = solve(engine, environment(375, 812, safeArea: EdgeInsets(top: 20)))
    XCTAssertEqual(engine.lastUpdate?.route, .diffed)
    assertRect(r, "x", 8, 28, 10, 10)
    let fresh = LayoutEngine(document: document).layout(in: environment(375, 812, safeArea: EdgeInsets(top: 20)))
    XCTAssertEqual(fresh.view("x")?.frame, r.view("x")?.frame)
  }
}

/// Margins of a scroll view's content (docs/semantics.md §1, rule 5).
final class ScrollContentMarginsTests: XCTestCase {
  /// A root with margins 20 under 64 pt of bars; a full-screen scroll view preserving them; a
  /// content view `c` 150 tall pinned to the content's four edges, preserving too, with its own 8;
  /// `a` spanning `c`'s margins.
  private func json(behaviour: String) -> String {
    """
    {"root": {"id": "root", "layoutMargins": 20, "children": [
       {"id": "s", "kind": "scroll", "preservesSuperviewLayoutMargins": true,
        "contentInsetAdjustmentBehavior": "\(behaviour)", "children": [
         {"id": "c", "preservesSuperviewLayoutMargins": true, "children": [{"id": "a"}]}]}]},
     "constraints": ["s.leading == root.leading", "s.trailing == root.trailing", "s.top == root.top",
                     "s.bottom == root.bottom",
                     "c.leading == s.leading", "c.trailing == s.trailing", "c.top == s.top", "c.bottom == s.bottom",
                     "c.width == s.width", "c.height == 150",
                     "a.leading == c.leadingMargin", "a.trailing == c.trailingMargin",
                     "a.top == c.topMargin", "a.bottom == c.bottomMargin"]}
    """
  }

  private let underBars = environment(375, 667, safeArea: EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))

  func testContentRestingBelowTheBarsTakesTheMarginWithoutTheSafeArea() throws {
    let r = try XCTUnwrap(layout(json(behaviour: "automatic"), underBars))
    // c at the content's origin, (0, 0, 375, 150). Top: preserved 20 (the scroll view's, from the
    // root), but not the 64 of bars, which the adjusted content inset already keeps clear (the
    // AdaptType storyboard's stack: label at 25.5 in a 59-tall row, 20 + (31 − 20.5) / 2).
    // Sides: preserved 20. Bottom: c's own 8 — its bottom is the content's end, not the
    // scroll view's. So a = (20, 20, 375 − 40, 150 − 20 − 8).
    assertRect(r, "a", 20, 20, 335, 122)
  }

  func testContentUnderTheBarsWhenTheScrollViewDoesNotAdjust() throws {
    let r = try XCTUnwrap(layout(json(behaviour: "never"), underBars))
    // With `never` the content's top is under the bars: c's top margin is the scroll view's,
    // which is the root's 20 measured from the safe area, 64 + 20 = 84; the bottom is still 8.
    assertRect(r, "a", 20, 84, 335, 150 - 84 - 8)
    XCTAssertEqual(r.diagnostics.filter { $0.severity == .error }.map(\.message), [])
  }
}
