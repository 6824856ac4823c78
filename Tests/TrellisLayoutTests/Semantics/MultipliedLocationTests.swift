import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// A multiplier on locations reads them in the items' nearest common ancestor's coordinates
/// (docs/semantics.md §3, "Constraints"), as UIKit does. The shapes are those of
/// Automattic/pocket-casts-ios `podcasts/VideoViewController.xib` (commit c23892d1): a button
/// `centerX == 1.4 × superview.centerX` and a superview `centerX == 1.6 × button.centerX`, in
/// superviews away from the root's origin. Expected frames are worked out by hand beside each.
final class MultipliedLocationTests: XCTestCase {
  /// Reads `json`, allowing only the `location-multiplier` warning the reader gives such files.
  private func solveAllowingMultipliers(_ json: String, _ env: Environment) throws -> LayoutResult {
    let read = LayoutReader.parse(json, file: "test.json")
    XCTAssertEqual(read.diagnostics.filter { $0.code != "location-multiplier" }.map(\.message), [])
    let document = try XCTUnwrap(read.document)
    return solve(LayoutEngine(document: document), env)
  }

  func testACentreMultipliedOnTheSuperviewIsInTheSuperviewsCoordinates() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "bar", "children": [{"id": "button"}]}]},
       "constraints": ["bar.leading == root.leading + 100", "bar.top == root.top + 30",
                       "bar.width == 222", "bar.height == 80",
                       "button.width == 70", "button.height == 70", "button.top == bar.top + 3",
                       "button.centerX == 1.4 * bar.centerX"]}
      """
    let r = try solveAllowingMultipliers(json, environment(414, 896))
    // In bar's coordinates bar.centerX is 111, so the button's centre is 1.4 × 111 = 155.4
    // from bar's left edge: x = 100 + 155.4 − 35 = 220.4. (Root coordinates would give
    // 1.4 × 211 − 35 = 260.4.)
    assertRect(r, "button", 220.4, 33, 70, 70)
  }

  func testTheSuperviewAsFirstItemIsInItsOwnCoordinates() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "bar", "children": [{"id": "button"}]}]},
       "constraints": ["bar.leading == root.leading + 40", "bar.top == root.top + 10", "bar.height == 80",
                       "button.leading == bar.leading + 34.5", "button.top == bar.top + 3",
                       "button.width == 70", "button.height == 70",
                       "bar.centerX == 1.6 * button.centerX"]}
      """
    let r = try solveAllowingMultipliers(json, environment(414, 896))
    // In bar's coordinates: bar.centerX = width / 2, button.centerX = 34.5 + 35 = 69.5, so
    // width = 2 × 1.6 × 69.5 = 222.4.
    assertRect(r, "bar", 40, 10, 222.4, 80)
  }

  func testCousinsUseTheirNearestCommonAncestor() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "card", "children": [{"id": "a"}, {"id": "b"}]}]},
       "constraints": ["card.leading == root.leading + 50", "card.top == root.top + 200",
                       "card.width == 300", "card.height == 100",
                       "a.leading == card.leading + 20", "a.top == card.top", "a.width == 10", "a.height == 10",
                       "b.leading == 2 * a.leading", "b.top == 0.5 * a.bottom", "b.width == 10", "b.height == 10"]}
      """
    let r = try solveAllowingMultipliers(json, environment(414, 896))
    // In card's coordinates a.leading = 20, a.bottom = 10: b.leading = 40, b.top = 5, so b is at
    // (50 + 40, 200 + 5).
    assertRect(r, "b", 90, 205, 10, 10)
  }

  func testTheRootsGuidesAndDirectChildrenAreUnchanged() throws {
    let json = """
      {"root": {"id": "root", "children": [{"id": "v"}]},
       "constraints": ["v.centerX == 0.5 * root.centerX", "v.top == 0.25 * root.bottom",
                       "v.width == 20", "v.height == 20"]}
      """
    let r = try solveAllowingMultipliers(json, environment(400, 800))
    // The root's origin is 0: centre at 0.5 × 200 = 100, top at 200.
    assertRect(r, "v", 90, 200, 20, 20)
  }

  func testRightToLeftMeasuresFromTheAncestorsTrailingEdge() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "bar", "children": [{"id": "v"}]}]},
       "constraints": ["bar.left == root.left + 100", "bar.top == root.top", "bar.width == 200", "bar.height == 50",
                       "v.leading == 0.25 * bar.trailing", "v.top == bar.top", "v.width == 10", "v.height == 10"]}
      """
    let r = try solveAllowingMultipliers(json, environment(400, 800, direction: .rightToLeft))
    // Mirrored in bar: bar.trailing is 200 from bar's right edge (300), v's leading (its right
    // edge) 0.25 × 200 = 50 from it: right edge at 250, x = 240.
    assertRect(r, "v", 240, 0, 10, 10)
  }
}
