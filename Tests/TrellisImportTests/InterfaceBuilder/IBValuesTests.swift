import TrellisImport
import XCTest

/// IB's value forms, worked by hand.
final class IBValuesTests: XCTestCase {
  func testMultipliersInEveryFormIBWrites() {
    XCTAssertEqual(IBValues.multiplier(nil), 1)
    XCTAssertEqual(IBValues.multiplier("0.5"), 0.5)
    XCTAssertEqual(IBValues.multiplier("16:9"), 16.0 / 9.0)
    // A fraction typed in the inspector stays as typed (DuckDuckGo's Onboarding.storyboard).
    XCTAssertEqual(IBValues.multiplier("2/3"), 2.0 / 3.0)
    XCTAssertNil(IBValues.multiplier("1/0"))
    XCTAssertNil(IBValues.multiplier("two"))
  }
}
