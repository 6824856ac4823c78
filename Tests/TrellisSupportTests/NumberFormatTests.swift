import TrellisSupport
import XCTest

/// The one formatter per purpose in `NumberFormat`. Expected texts are worked out by hand from
/// each rule: `exact` is Swift's shortest round-trip text without `.0`; `json` is that with `null`
/// for what JSON cannot spell; `fixed` is C's `%.Nf`, which rounds exact binary ties to even.
final class NumberFormatTests: XCTestCase {
  func testExactKeepsEveryDigitAndDropsAWholeNumbersFraction() {
    XCTAssertEqual(NumberFormat.exact(8), "8")
    XCTAssertEqual(NumberFormat.exact(-0.0), "0")
    XCTAssertEqual(NumberFormat.exact(0.1), "0.1")
    // Rounding to 3 decimals would print 1000, the bound the value broke.
    XCTAssertEqual(NumberFormat.exact(1000.0000001), "1000.0000001")
    XCTAssertEqual(NumberFormat.exact(1e20), "1e+20")
    XCTAssertEqual(NumberFormat.exact(.infinity), "inf")
    XCTAssertEqual(NumberFormat.exact(.nan), "nan")
  }

  func testJSONIsExactWithNullForWhatJSONCannotSpell() {
    XCTAssertEqual(NumberFormat.json(2.5), "2.5")
    XCTAssertEqual(NumberFormat.json(-0.0), "0")
    XCTAssertEqual(NumberFormat.json(1e20), "1e+20")
    XCTAssertEqual(NumberFormat.json(.nan), "null")
    XCTAssertEqual(NumberFormat.json(-.infinity), "null")
  }

  func testFixedPrintsExactlyTheDigitsAsked() {
    XCTAssertEqual(NumberFormat.fixed(2, decimals: 2), "2.00")
    XCTAssertEqual(NumberFormat.fixed(1234.5678, decimals: 2), "1234.57")
    // 1.25 and 2.5 are exact in binary: ties, rounded to the even digit.
    XCTAssertEqual(NumberFormat.fixed(1.25, decimals: 1), "1.2")
    XCTAssertEqual(NumberFormat.fixed(2.5, decimals: 0), "2")
    XCTAssertEqual(NumberFormat.fixed(-0.004, decimals: 2), "-0.00")
    XCTAssertEqual(NumberFormat.fixed(3, decimals: -1), "3")
  }
}
