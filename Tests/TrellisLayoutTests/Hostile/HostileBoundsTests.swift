import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Many required bounds on one view (`a.width >= 1`, `a.width >= 2`, …): at the reader's default
/// limits (250,000 constraints) ascending bounds did not finish `validate` in ten minutes, each
/// one rewriting the slack of every bound before it. A build that breaks nothing adds bounds on
/// the same terms tightest first (`ConstraintInstaller.tightestBoundsFirst`); the time is
/// budgeted by `scripts/hostile-budgets.sh` (`bounds-ascending-20000`), never here: these check
/// what the order must not change.
final class HostileBoundsTests: XCTestCase {
  /// `a` pinned at the root's top-left, then `constraints`.
  private func layout(_ constraints: [String]) throws -> (LayoutEngine, LayoutResult) {
    let pins = ["\"a.leading == root.leading\"", "\"a.top == root.top\""]
    let read = hostileRead(hostileLayout(views: "{\"id\": \"a\"}", (pins + constraints).joined(separator: ",\n")))
    XCTAssertEqual(read.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let engine = LayoutEngine(document: try XCTUnwrap(read.document))
    return (engine, engine.layout(in: hostilePhone))
  }

  /// 2,000 lower bounds on the width (in three orders) and 2,000 upper bounds on the height,
  /// each met by one more bound: the width is the largest lower bound, the height the least
  /// upper bound, with no conflict.
  func testBoundsInAnyOrderMeetTheirTightest() throws {
    let ascending = (1...2000).map { "\"a.width >= \($0)\"" }
    let orders = [
      ascending, Array(ascending.reversed()),
      ascending.enumerated().sorted { ($0.offset * 7919) % 2000 < ($1.offset * 7919) % 2000 }.map(\.element),
    ]
    for widths in orders {
      // Heights at most 2999, 2998, …, 1000: tighter and tighter; and at least 1000.
      let heights = (1...2000).map { "\"a.height <= \(3000 - $0)\"" } + ["\"a.height >= 1000\"", "\"a.width <= 2000\""]
      let (engine, result) = try layout(widths + heights)
      XCTAssertFalse(result.hasConflicts)
      XCTAssertEqual(engine.rejectedConstraints.count, 0)
      assertRect(result, "a", 0, 0, 2000, 1000, accuracy: 1e-9)
    }
  }

  /// Bounds that conflict with an earlier required constraint are broken one by one, whatever
  /// the order in which the optimistic build tried them: `a.width <= 100`, then 300 ascending
  /// lower bounds, of which the 200 above 100 cannot hold.
  func testBoundsBeyondAnEarlierLimitAreEachBroken() throws {
    let (engine, result) = try layout(
      ["\"a.width <= 100\"", "\"a.height == 10\""] + (1...300).map { "\"a.width >= \($0)\"" })
    XCTAssertTrue(result.hasConflicts)
    XCTAssertEqual(Set(engine.rejectedConstraints.map(\.constant)), Set((101...300).map(Double.init)))
    assertRect(result, "a", 0, 0, 100, 10, accuracy: 1e-9)
  }

  /// The order itself: inequalities on the same terms together at the first one's place,
  /// tightest first and stable among equals; equalities and other terms stay where they were.
  func testTightestBoundsFirstOrder() {
    let solver = Solver()
    let x = solver.makeVariable("x"), y = solver.makeVariable("y")
    func entry(_ id: String, _ expression: LinearExpression, _ relation: LayoutRelation) -> (
      layout: LayoutConstraint, expression: LinearExpression
    ) {
      let layout = LayoutConstraint(
        id: id, first: AnchorReference(item: .view("a"), attribute: .width), relation: relation,
        constant: 0, origin: .file(id: id), source: id)
      return (layout, expression)
    }
    let wanted = [
      entry("x>=1", LinearExpression(x) - 1, .greaterThanOrEqual),  // 0
      entry("y==5", LinearExpression(y) - 5, .equal),  // 1
      entry("x>=3", LinearExpression(x) - 3, .greaterThanOrEqual),  // 2
      entry("x<=9", LinearExpression(x) - 9, .lessThanOrEqual),  // 3
      entry("x>=2", LinearExpression(x) - 2, .greaterThanOrEqual),  // 4
      entry("x<=7", LinearExpression(x) - 7, .lessThanOrEqual),  // 5
      entry("2x>=4", 2 * x - 4, .greaterThanOrEqual),  // 6: other terms
      entry("x>=3 again", LinearExpression(x) - 3, .greaterThanOrEqual),  // 7
    ]
    let order = LayoutEngine.tightestBoundsFirst(wanted).map { wanted[$0].layout.id }
    XCTAssertEqual(order, ["x>=3", "x>=3 again", "x>=2", "x>=1", "y==5", "x<=7", "x<=9", "2x>=4"])
  }
}
