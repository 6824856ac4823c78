import XCTest
@testable import TrellisSolver

final class SmokeTests: XCTestCase {
  func testBasic() throws {
    let s = Solver()
    let x = s.makeVariable("x"), y = s.makeVariable("y")
    try s.add(x >= 0)
    try s.add(x + y == 100)
    try s.add((x == 30).priority(750))
    try s.add((x == 60).priority(250))
    XCTAssertEqual(s.value(of: x), 30, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: y), 70, accuracy: 1e-9)
    XCTAssertEqual(s.checkInvariants(), [])
    try s.addEditVariable(y, priority: 900)
    try s.suggestValue(10, for: y)
    XCTAssertEqual(s.value(of: y), 10, accuracy: 1e-9)
    XCTAssertEqual(s.value(of: x), 90, accuracy: 1e-9)
    XCTAssertEqual(s.checkInvariants(), [])
    let bad = (x <= -5).labeled("neg")
    XCTAssertThrowsError(try s.add(bad)) { e in print(e) }
    XCTAssertEqual(s.checkInvariants(), [])
    print(s.stateDescription)
    print(s.ambiguousVariables().map(\.name))
  }
}
