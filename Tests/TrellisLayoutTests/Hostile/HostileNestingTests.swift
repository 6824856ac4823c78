import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Deep nesting: stacks at the view-depth limit and one beyond, JSON at the depth limit and
/// one beyond, nesting far past the depth ceiling, and deeply nested `when` groups.
final class HostileNestingTests: XCTestCase {
  /// Root ⊃ `stacks` vertical stacks, each arranging inside 1-point layout margins ⊃ a leaf.
  private func nestedStacks(_ stacks: Int) -> String {
    var json = "{\"id\": \"leaf\", \"intrinsicSize\": {\"width\": 10, \"height\": 10}}"
    for level in stride(from: stacks, through: 1, by: -1) {
      json =
        "{\"id\": \"s\(level)\", \"kind\": \"stack\", \"axis\": \"vertical\", \"layoutMargins\": 1, "
        + "\"layoutMarginsRelativeArrangement\": true, \"children\": [\(json)]}"
    }
    return "{\"root\": {\"children\": [\(json)]}, \"constraints\": [\"H:|[s1]|\", \"V:|[s1]|\"]}"
  }

  func testStacksNestedExactlyToTheViewDepthLimitLayOut() throws {
    // Root (level 1), 30 stacks (levels 2…31), the leaf at level 32 = ReaderLimits.maxViewDepth.
    let read = hostileRead(nestedStacks(30))
    let document = try XCTUnwrap(read.document, "\(read.diagnostics)")
    XCTAssertEqual(document.allViews.count, 32)
    let result = solve(LayoutEngine(document: document), hostilePhone)
    XCTAssertFalse(result.hasConflicts, "\(result.diagnostics)")
    XCTAssertTrue(result.ambiguousViews.isEmpty, "\(result.ambiguousViews)")
    // s1 fills the root; each stack insets its one arranged view by its 1-point margins, so
    // the leaf is inset by 30 on every side: 375 − 60 = 315 wide, 667 − 60 = 607 high.
    assertRect(result, "s1", 0, 0, 375, 667)
    assertRect(result, "s30", 29, 29, 317, 609)
    assertRect(result, "leaf", 30, 30, 315, 607)
  }

  func testOneLevelBeyondTheViewDepthLimitIsOneError() {
    // 31 stacks put the leaf at level 33.
    let text = nestedStacks(31)
    let result = hostileRead(text)
    XCTAssertNil(result.document)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "{\"id\": \"leaf\"", in: text)): error: views are nested deeper than 32 levels, the reader's limit; flatten the hierarchy"
      ])
  }

  func testJSONAtTheDepthLimitAndOneBeyond() {
    // The top-level object is level 1, so the value of "x" is level 2: 99 nested arrays reach
    // level 100 (allowed), 100 reach level 101 (one error, at the 100th '[').
    let prefix = "{\"root\": {}, \"x\": "
    func text(_ arrays: Int) -> String {
      prefix + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}"
    }
    XCTAssertEqual(
      hostileSummary(hostileRead(text(99)).diagnostics),
      ["1:14: warning: unknown key \"x\" in the layout file"])
    let deep = hostileRead(text(100))
    XCTAssertNil(deep.document)
    // prefix is 18 scalars, so the 100th '[' is at column 18 + 100 = 118.
    XCTAssertEqual(
      hostileSummary(deep.diagnostics),
      [
        "1:14: warning: unknown key \"x\" in the layout file",
        "1:118: error: nesting is deeper than 100 levels, the reader's limit; flatten the file",
      ])
  }

  func testNestingFarBeyondTheCeilingNeitherRecursesNorTraps() {
    // 200 000 open arrays with the limit raised as far as it goes: the ceiling (1000) holds,
    // the rest is skipped by a scan, and the unterminated end is reported once.
    let open = String(repeating: "[", count: 200_000)
    let result = hostileRead("{\"root\": {}, \"x\": \(open)", limits: ReaderLimits(maxJSONDepth: Int.max))
    XCTAssertNil(result.document)
    let messages = result.diagnostics.map(\.message)
    XCTAssertTrue(messages.contains { $0.hasPrefix("nesting is deeper than 1000 levels") }, "\(messages)")
    XCTAssertEqual(messages.filter { $0.hasPrefix("unexpected end of file") }.count, 1, "\(messages)")
    XCTAssertLessThanOrEqual(result.diagnostics.count, 3)

    // A tree exactly at the ceiling is read and released without exhausting the stack.
    let ceiling = ReaderLimits.depthCeiling - 1
    let nested =
      "{\"root\": {}, \"x\": " + String(repeating: "[", count: ceiling) + String(repeating: "]", count: ceiling) + "}"
    let kept = hostileRead(nested, limits: ReaderLimits(maxJSONDepth: Int.max))
    XCTAssertNotNil(kept.document)
    XCTAssertEqual(kept.diagnostics.map(\.severity), [.warning])
  }

  func testDeeplyNestedWhenGroupsIntersect() throws {
    // 40 groups alternating "hC" and "wR" (each repeat changes nothing): the innermost
    // constraint is installed only where both hold, wR hC.
    var group = "\"a.width == 7\""
    for level in 0..<40 { group = "{\"when\": \"\(level % 2 == 0 ? "hC" : "wR")\", \"constraints\": [\(group)]}" }
    let text = hostileLayout(group)
    let read = hostileRead(text)
    let document = try XCTUnwrap(read.document, "\(read.diagnostics)")
    let installed = try XCTUnwrap(document.constraints.first?.installed)
    XCTAssertEqual(TraitCollection.all.map { installed.resolved(for: $0) }, [false, false, true, false])
  }
}
