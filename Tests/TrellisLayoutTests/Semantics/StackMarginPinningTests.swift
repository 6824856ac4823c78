import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// A stack's arrangement places its views flush with its edges, and margins follow
/// (docs/semantics.md §1, "Layout margins", rules 3 and 4): `preservesSuperviewLayoutMargins`
/// and `insetsLayoutMarginsFromSafeArea` act on those edges as on edges pinned by constraints.
/// Every expected frame is worked out by hand beside it.
final class StackMarginPinningTests: XCTestCase {
  private let json = """
    {"root": {"id": "root", "layoutMargins": {"left": 30, "right": 30}, "children": [
       {"id": "row", "kind": "stack", "axis": "horizontal", "alignment": "leading",
        "layoutMargins": 0, "preservesSuperviewLayoutMargins": true, "children": [
         {"id": "first", "preservesSuperviewLayoutMargins": true, "children": [{"id": "a"}]},
         {"id": "last", "children": [{"id": "b"}]}]}]},
     "constraints": ["row.top == root.top", "row.leading == root.leading", "row.trailing == root.trailing",
                     "first.width == 100", "first.height == 60", "last.height == 60",
                     "a.leading == first.leadingMargin", "a.top == first.topMargin", "a.width == 10", "a.height == 10",
                     "b.trailing == last.trailingMargin", "b.top == last.topMargin", "b.width == 10", "b.height == 10"]}
    """

  func testArrangedViewsTakeTheStacksMarginsOnTheEdgesItPutsThemOn() throws {
    let safe = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
    let r = try XCTUnwrap(layout(json, environment(400, 800, safeArea: safe)))
    // The row preserves the root's margins on the three edges pinned to it: left 30, right 30,
    // top the safe area's 40 (the root's top margin edge; its own 0 measured from the safe
    // area). "first" is at the row's start and, aligned to the leading (top) edge, flush at the
    // top: it preserves 30 at the left; at the top its own 8 measured from the safe area, 48,
    // beats the row's 40, so a sits at (30, 48).
    assertRect(r, "a", 30, 48, 10, 10)
    // "last" does not preserve; it is at the row's end and top, so only the safe area acts: its
    // top margin is 40 + 8 = 48, its right margin its own 8: b's right edge at 400 − 8.
    assertRect(r, "last", 100, 0, 300, 60)
    assertRect(r, "b", 382, 48, 10, 10)
  }
}
