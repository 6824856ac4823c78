import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Issue 17's 2,000-view chain and stack (2,000 views with the root), each a hang before compact
/// equalities (a 2,000-view stack took 245 s in a debug build, a chain over 1,000 s). Their time
/// budget is checked by `trellis-bench --workload scaling` (docs/benchmarks.md), never here:
/// these check the frames. The reader's default limit, 50,000 views, is checked by reading.
final class HostileScaleTests: XCTestCase {
  /// `count` views in a row, each starting where the one before ends and as wide as it, the
  /// last ending at the root's trailing edge (so each is 375 / count wide), then `extra`.
  private func chain(_ count: Int, plus extra: [String] = []) -> String {
    let views = (0..<count).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    var constraints = ["\"v0.leading == root.leading\"", "\"v0.top == root.top\""]
    for i in 0..<count {
      constraints.append("\"v\(i).height == 10\"")
      if i > 0 {
        constraints += [
          "\"v\(i).leading == v\(i - 1).trailing\"", "\"v\(i).top == v\(i - 1).top\"",
          "\"v\(i).width == v\(i - 1).width\"",
        ]
      }
    }
    constraints.append("\"v\(count - 1).trailing == root.trailing\"")
    return hostileLayout(views: views, (constraints + extra).joined(separator: ",\n"))
  }

  /// Reads and lays out `text` in the phone environment, checking that it reads without
  /// errors and solves with no conflict and no ambiguity.
  private func cleanLayout(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayoutResult {
    let read = hostileRead(text)
    XCTAssertEqual(read.diagnostics.filter { $0.severity == .error }.count, 0, file: file, line: line)
    let document = try XCTUnwrap(read.document, file: file, line: line)
    let result = LayoutEngine(document: document).layout(in: hostilePhone)
    XCTAssertFalse(result.hasConflicts, file: file, line: line)
    XCTAssertEqual(result.ambiguousViews.count, 0, file: file, line: line)
    return result
  }

  /// The default limits accept a 50,000-view layout (issue 15) and refuse one view more, with
  /// the limit's error at that view.
  func testTheDefaultLimitsAcceptFiftyThousandViews() throws {
    let limit = ReaderLimits().maxViews
    XCTAssertEqual(limit, 50_000)
    func text(_ count: Int) -> String {
      let views = (0..<count).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ",\n")
      return "{\"root\": {\"children\": [\n\(views)]},\n\"constraints\": [\"v0.width == 10\"]}"
    }
    let accepted = hostileRead(text(limit - 1))
    XCTAssertEqual(accepted.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    XCTAssertEqual(accepted.document?.allViews.count, limit)
    let refused = hostileRead(text(limit))
    let errors = refused.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(
      errors.map(\.message),
      ["the layout has more than 50000 views, the reader's limit; split it"])
    // Line 1 is the root's; view i is on line i + 2, so the first view over is v49999 on line 50001.
    XCTAssertEqual(errors.first?.location?.line, limit + 1)
  }

  func testATwoThousandViewChainLaysOutExactly() throws {
    let count = 1999
    let result = try cleanLayout(chain(count))
    let width = 375.0 / Double(count)
    for i in [0, 1, count / 3, count / 2, count - 2, count - 1] {
      assertRect(result, "v\(i)", Double(i) * width, 0, width, 10, accuracy: 1e-9)
    }
  }

  /// The chain with three constraints that conflict with it: each is broken and reported, in
  /// about the time the chain takes (searching 8,000 required constraints for each minimal set
  /// took minutes per conflict; past 1,000 the set is not searched for, and the error says so).
  func testConflictsInATwoThousandViewChainAreBrokenQuickly() throws {
    let count = 1999
    let conflicting = ["\"v0.width == 1\"", "\"v30.width == 2\"", "\"v60.width == 3\""]
    let document = try XCTUnwrap(hostileRead(chain(count, plus: conflicting)).document)
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    let result = engine.layout(in: hostilePhone)
    XCTAssertEqual(engine.rejectedConstraints.count, 3)
    let errors = result.diagnostics.filter { $0.code == "unsatisfiable" }
    XCTAssertEqual(errors.count, 3)
    XCTAssertTrue(
      errors.allSatisfy {
        $0.notes.contains { $0.message.hasPrefix("The constraints it conflicts with are not listed") }
      })
    // The chain itself is kept: each view 375 / 1,999 wide.
    assertRect(result, "v30", 30 * 375.0 / Double(count), 0, 375.0 / Double(count), 10, accuracy: 1e-9)
  }

  /// A vertical fill-equally stack of 1,998 views (2,000 with the root and the stack), filling
  /// the root: each is 667 / 1,998 high and as wide as the root.
  func testATwoThousandViewStackLaysOutExactly() throws {
    let count = 1998
    let views = (0..<count).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    let stack =
      "{\"id\": \"s\", \"kind\": \"stack\", \"axis\": \"vertical\", \"distribution\": \"fillEqually\", "
      + "\"children\": [\(views)]}"
    let pins = ["top", "bottom", "leading", "trailing"].map { "\"s.\($0) == root.\($0)\"" }
    let result = try cleanLayout(hostileLayout(views: stack, pins.joined(separator: ", ")))
    let height = 667.0 / Double(count)
    for i in [0, 1, count / 3, count / 2, count - 2, count - 1] {
      assertRect(result, "v\(i)", 0, Double(i) * height, 375, height, accuracy: 1e-9)
    }
  }
}
