import TrellisSolver
import XCTest

/// The exact integers and rationals the certificate computes with, against machine arithmetic
/// where it reaches and against identities beyond it.
final class ExactArithmeticTests: XCTestCase {
  /// A number of `limbs` random 32-bit limbs, sign random.
  private func random(limbs: Int, _ rng: inout SplitMix64Random) -> ExactInteger {
    var x = ExactInteger.zero
    for _ in 0..<limbs { x = x.shiftedLeft(32) + ExactInteger(Int(UInt32.random(in: 0...UInt32.max, using: &rng))) }
    return Bool.random(using: &rng) ? -x : x
  }

  func testSmallIntegersAgreeWithMachineArithmetic() {
    var rng = SplitMix64Random(seed: 0xE1AC7)
    for _ in 0..<2_000 {
      let a = Int.random(in: -(1 << 40)...(1 << 40), using: &rng)
      let b = Int.random(in: -(1 << 20)...(1 << 20), using: &rng)
      XCTAssertEqual(ExactInteger(a) + ExactInteger(b), ExactInteger(a + b))
      XCTAssertEqual(ExactInteger(a) - ExactInteger(b), ExactInteger(a - b))
      XCTAssertEqual(ExactInteger(a) * ExactInteger(b), ExactInteger(a * b))
      guard b != 0 else { continue }
      let (q, r) = ExactInteger(a).quotientAndRemainder(dividingBy: ExactInteger(b))
      XCTAssertEqual(q, ExactInteger(a / b), "\(a) / \(b)")
      XCTAssertEqual(r, ExactInteger(a % b), "\(a) % \(b)")
    }
  }

  /// Long division (Knuth's algorithm D) inverts multiplication: (q·b + r) / b = q rem r, for
  /// divisors of one to six limbs, including top limbs that need no normalization.
  func testLongDivisionInvertsMultiplication() {
    var rng = SplitMix64Random(seed: 0xD1_5EED)
    for _ in 0..<1_000 {
      let b = random(limbs: Int.random(in: 1...6, using: &rng), &rng).magnitude
      guard !b.isZero else { continue }
      let q = random(limbs: Int.random(in: 0...6, using: &rng), &rng).magnitude
      var r = random(limbs: 6, &rng).magnitude
      r = r.quotientAndRemainder(dividingBy: b).remainder
      XCTAssertLessThan(r, b)
      let (q2, r2) = (q * b + r).quotientAndRemainder(dividingBy: b)
      XCTAssertEqual(q2, q)
      XCTAssertEqual(r2, r)
    }
    // The case where the estimated quotient digit is two too large: 2^96 − 1 over 2^64 + 2^32 − 1…
    let u = ExactInteger.one.shiftedLeft(128) - .one
    let v = ExactInteger.one.shiftedLeft(64) + ExactInteger.one.shiftedLeft(32) - .one
    let (q, r) = u.quotientAndRemainder(dividingBy: v)
    XCTAssertEqual(q * v + r, u)
    XCTAssertLessThan(r, v)
  }

  func testGreatestCommonDivisorAndDigits() {
    let twoTo100 = ExactInteger.one.shiftedLeft(100)
    XCTAssertEqual(twoTo100.description, "1267650600228229401496703205376")
    XCTAssertEqual((-twoTo100).description, "-1267650600228229401496703205376")
    XCTAssertEqual(ExactInteger(1_000_000_007).description, "1000000007")
    let g = ExactInteger(1_000_003) * ExactInteger(998_244_353)
    XCTAssertEqual(ExactInteger.gcd(g * ExactInteger(12), g * ExactInteger(18)), g * ExactInteger(6))
    XCTAssertEqual(ExactInteger.gcd(twoTo100 * ExactInteger(3), ExactInteger(12)), ExactInteger(12))
  }

  /// Every finite double is a dyadic fraction, read exactly: 0.1 is 3602879701896397 / 2^55.
  func testDoublesAreReadExactly() {
    let tenth = ExactRational(0.1)
    XCTAssertEqual(tenth.numerator, ExactInteger(3_602_879_701_896_397))
    XCTAssertEqual(tenth.denominator, ExactInteger.one.shiftedLeft(55))
    // 0.1 + 0.2 is not 0.3 in binary, and exact arithmetic says so.
    XCTAssertNotEqual(ExactRational(0.1) + ExactRational(0.2), ExactRational(0.3))
    XCTAssertTrue(ExactRational(0.1) + ExactRational(0.2) > ExactRational(0.3))
    XCTAssertEqual(ExactRational(-0.0), .zero)
    XCTAssertEqual(ExactRational(1e300).denominator, .one)
  }

  /// Converting back rounds once: every double comes back as itself (subnormal, huge, tiny
  /// integers and fractions), and 1/3 is the double nearest it.
  func testConversionBackToDoubleRoundsOnce() {
    var rng = SplitMix64Random(seed: 0x0DB1)
    let fixed: [Double] = [
      1, -1, 0.5, 1e-3, 1e4, 1e6, 0.3333333333333333, .leastNonzeroMagnitude, .leastNormalMagnitude,
      .greatestFiniteMagnitude, 1e-300, 123456789.125,
    ]
    for value in fixed { XCTAssertEqual(ExactRational(value).doubleValue, value) }
    for _ in 0..<2_000 {
      let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
      guard value.isFinite else { continue }
      XCTAssertEqual(ExactRational(value).doubleValue, value)
    }
    XCTAssertEqual((ExactRational(1) / ExactRational(3)).doubleValue, 1.0 / 3.0)
    XCTAssertEqual((ExactRational(2) / ExactRational(3)).doubleValue, 2.0 / 3.0)
    XCTAssertEqual((ExactRational(-7) / ExactRational(10)).doubleValue, -0.7)
  }

  /// Field identities across the inline and the large forms: (a + b) − b = a, (a·b)/b = a,
  /// a·(b + c) = a·b + a·c, for values built from doubles of every scale, and their products
  /// (which pass 128 bits).
  func testFieldIdentitiesHoldAcrossRepresentations() {
    var rng = SplitMix64Random(seed: 0xF1E1D)
    let scales: [Double] = [1e-3, 0.1, 1, 3, 44, 1e4, 1e6, 1e-300, 1e300]
    func value() -> ExactRational {
      var x = ExactRational(Double.random(in: -1...1, using: &rng) * scales.randomElement(using: &rng)!)
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        x = x * ExactRational(Double.random(in: -1...1, using: &rng) * scales.randomElement(using: &rng)!)
      }
      return x
    }
    for _ in 0..<500 {
      let a = value(), b = value(), c = value()
      XCTAssertEqual((a + b) - b, a)
      XCTAssertEqual(a - a, .zero)
      XCTAssertEqual(a * (b + c), a * b + a * c)
      if !b.isZero { XCTAssertEqual((a * b) / b, a) }
      XCTAssertEqual(a < b, (b - a).isPositive)
      // Equal numbers have one form, whatever the path that made them.
      XCTAssertEqual((a * b).hashValue, (b * a).hashValue)
    }
  }
}
