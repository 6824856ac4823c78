import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The symbolic `standard` constant and Visual Format's `-` (docs/semantics.md §1,
/// docs/uikit-research.md §2): sibling 8, superview edge its margin, safe area and margins 0.
final class StandardSpacingTests: XCTestCase {
  func testEachPairGetsItsValue() throws {
    let json = """
      {"root": {"id": "root", "children": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]},
       "constraints": [
         "a.leading == root.leading + standard", "a.top == safeArea.top + standard", "a.width == 10", "a.height == 10",
         "b.leading == a.trailing + standard", "b.top == margins.top + standard", "b.width == 10", "b.height == 10",
         {"constraint": "c.leading == b.trailing", "constant": "standard"}, "c.top == root.topMargin + standard",
         "c.width == 10", "c.height == 10",
         "root.trailing == d.trailing + standard", "d.bottom == a.top - standard", "d.width == 10", "d.height == 10"]}
      """
    // 375 × 667, status bar 20: root margins 16 at the sides (system minimum), 0 top (from
    // the safe area: the top margin edge is at 20).
    let r = try XCTUnwrap(layout(json, environment(375, 667, safeArea: EdgeInsets(top: 20))))
    assertRect(r, "a", 16, 20, 10, 10)  // superview edge: its margin 16; safe area: 0
    assertRect(r, "b", 34, 20, 10, 10)  // sibling: 26 + 8; margins guide (20 + 0): 0
    assertRect(r, "c", 52, 20, 10, 10)  // "constant": "standard" between siblings: 8; a margin: 0
    // The superview first: root.trailing == d.trailing + standard is d.trailing == root's
    // trailing margin, 375 − 16; `- standard` between siblings: 8 above a.
    assertRect(r, "d", 349, 2, 10, 10)
  }

  func testVisualFormatDashUsesTheSameRule() throws {
    let json = """
      {"root": {"id": "root", "children": [
        {"id": "box", "layoutMargins": 12, "children": [{"id": "a"}, {"id": "b"}]}]},
       "constraints": ["H:|[box]|", "V:|[box]|", "H:|-[a]-[b(==a)]-|", "V:|-[a]-|", "V:|-[b]-|"]}
      """
    // box fills 400 × 300 (wider than 375, but box is not the root: its own margins, 12).
    // a at 12; a and b equal, 8 apart: (400 − 24 − 8) / 2 = 184.
    let r = try XCTUnwrap(layout(json, environment(400, 300)))
    assertRect(r, "a", 12, 12, 184, 276)
    assertRect(r, "b", 204, 12, 184, 276)
  }

  func testVisualFormatToTheRootIsItsMarginsInsideTheSafeArea() throws {
    let json = """
      {"root": {"id": "root", "children": [{"id": "a"}]},
       "constraints": ["H:|-[a]-|", "V:|[a]|"]}
      """
    // 812 × 375, insets 44 at the sides: 44 + 20 = 64 from each edge.
    let r = try XCTUnwrap(layout(json, environment(812, 375, wChC, safeArea: EdgeInsets(left: 44, right: 44))))
    assertRect(r, "a", 64, 0, 684, 375)
  }

  func testReaderKeepsStandardSymbolic() throws {
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [{"id": "a"}, {"id": "b"}]},
         "constraints": ["b.leading == a.trailing - standard @750",
                         {"constraint": "b.top == a.bottom", "constant": {"any": "standard", "hC": 20}}]}
        """))
    XCTAssertEqual(document.constraints[0].standardSpacing.base, -1)
    XCTAssertEqual(document.constraints[0].constant.base, 0)
    XCTAssertEqual(document.constraints[0].priority.base, 750)
    XCTAssertEqual(document.constraints[1].standardSpacing.resolved(for: wChR), 1)
    XCTAssertEqual(document.constraints[1].standardSpacing.resolved(for: wChC), 0)
    XCTAssertEqual(document.constraints[1].constant.resolved(for: wChC), 20)
  }
}
