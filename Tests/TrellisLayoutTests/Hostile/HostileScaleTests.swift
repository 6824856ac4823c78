import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// The largest layouts a file may hold (`ReaderLimits.maxViews`, 2,000 views with the root):
/// a chain and a stack, each a hang before compact equalities (issue 17; a 2,000-view stack
/// took 245 s in a debug build, a chain over 1,000 s). Their time budget is checked by
/// `trellis-bench --workload scaling` (docs/benchmarks.md), never here: these check the frames.
final class HostileScaleTests: XCTestCase {
  /// `count` views in a row, each starting where the one before ends and as wide as it, the
  /// last ending at the root's trailing edge: each is 375 / count wide.
  func testAChainOfTheMostViewsAFileMayHoldLaysOutExactly() throws {
    let count = ReaderLimits().maxViews - 1
    let views = (0..<count).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    var constraints = ["\"v0.leading == root.leading\"", "\"v0.top == root.top\""]
    for i in 0..<count {
      constraints.append("\"v\(i).height == 10\"")
      if i > 0 {
        constraints.append("\"v\(i).leading == v\(i - 1).trailing\"")
        constraints.append("\"v\(i).top == v\(i - 1).top\"")
        constraints.append("\"v\(i).width == v\(i - 1).width\"")
      }
    }
    constraints.append("\"v\(count - 1).trailing == root.trailing\"")
    let read = hostileRead(hostileLayout(views: views, constraints.joined(separator: ",\n")))
    XCTAssertEqual(read.diagnostics.filter { $0.severity == .error }.count, 0)
    let document = try XCTUnwrap(read.document)
    let result = LayoutEngine(document: document).layout(in: hostilePhone)
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(result.ambiguousViews.count, 0)
    let width = 375.0 / Double(count)
    for i in [0, 1, count / 3, count / 2, count - 2, count - 1] {
      assertRect(result, "v\(i)", Double(i) * width, 0, width, 10, accuracy: 1e-9)
    }
  }

  /// A vertical fill-equally stack of as many views as the limit leaves (root, stack and
  /// 1,998), filling the root: each is 667 / 1,998 high and as wide as the root.
  func testAStackOfTheMostViewsAFileMayHoldLaysOutExactly() throws {
    let count = ReaderLimits().maxViews - 2
    let views = (0..<count).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    let stack =
      "{\"id\": \"s\", \"kind\": \"stack\", \"axis\": \"vertical\", \"distribution\": \"fillEqually\", "
      + "\"children\": [\(views)]}"
    let pins = ["top", "bottom", "leading", "trailing"].map { "\"s.\($0) == root.\($0)\"" }
    let read = hostileRead(hostileLayout(views: stack, pins.joined(separator: ", ")))
    XCTAssertEqual(read.diagnostics.filter { $0.severity == .error }.count, 0)
    let document = try XCTUnwrap(read.document)
    let result = LayoutEngine(document: document).layout(in: hostilePhone)
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(result.ambiguousViews.count, 0)
    let height = 667.0 / Double(count)
    for i in [0, 1, count / 3, count / 2, count - 2, count - 1] {
      assertRect(result, "v\(i)", 0, Double(i) * height, 375, height, accuracy: 1e-9)
    }
  }
}
