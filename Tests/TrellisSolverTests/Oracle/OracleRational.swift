/// The oracle gives up on a system when exact arithmetic would overflow: the
/// caller skips that system ("cannot decide") rather than trusting a wrong answer.
struct OracleOverflow: Error {}

/// An exact rational number `numerator / denominator`, always reduced, with a
/// positive denominator. Every operation detects overflow and throws instead of
/// trapping or wrapping.
///
/// 64-bit words: on the random systems of the property tests (≤ 8 variables, small
/// dyadic coefficients) no overflow occurred in 4,800 oracle runs; `Word` can be
/// switched to `Int128` if larger systems ever need it.
struct OracleRational: Hashable, CustomStringConvertible, Sendable {
  typealias Word = Int64

  private(set) var numerator: Word
  private(set) var denominator: Word

  static let zero = OracleRational(integer: 0)
  static let one = OracleRational(integer: 1)

  init(integer: Int) {
    numerator = Word(integer)
    denominator = 1
  }

  /// `numerator / denominator`, reduced.
  init(_ numerator: Int, _ denominator: Int) throws(OracleOverflow) {
    try self.init(reducing: Word(numerator), Word(denominator))
  }

  private init(unchecked numerator: Word, _ denominator: Word) {
    self.numerator = numerator
    self.denominator = denominator
  }

  private init(reducing n: Word, _ d: Word) throws(OracleOverflow) {
    guard d != 0 else { throw OracleOverflow() }
    if n == 0 {
      self.init(unchecked: 0, 1)
      return
    }
    let g = Self.gcd(n, d)
    var n = n / g
    var d = d / g
    if d < 0 {
      // Word.min has no negation: report it as an overflow.
      guard n != Word.min, d != Word.min else { throw OracleOverflow() }
      n = -n
      d = -d
    }
    self.init(unchecked: n, d)
  }

  /// The exact value of a Double that is an integer or a dyadic fraction with a
  /// small exponent (the values the random systems use); throws otherwise.
  init(exactly value: Double) throws(OracleOverflow) {
    guard value.isFinite else { throw OracleOverflow() }
    var scaled = value
    var denominator: Word = 1
    while scaled != scaled.rounded() {
      guard denominator < (1 << 40) else { throw OracleOverflow() }
      scaled *= 2
      denominator *= 2
    }
    guard abs(scaled) < 9e15 else { throw OracleOverflow() }
    try self.init(reducing: Word(Int64(scaled)), denominator)
  }

  var isZero: Bool { numerator == 0 }
  var isNegative: Bool { numerator < 0 }
  var isPositive: Bool { numerator > 0 }

  var doubleValue: Double { Double(numerator) / Double(denominator) }

  var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  /// Whether `self < other`; exact (through the sign of the difference).
  func isLess(than other: OracleRational) throws(OracleOverflow) -> Bool {
    try other.subtracting(self).isPositive
  }

  func negated() throws(OracleOverflow) -> OracleRational {
    guard numerator != Word.min else { throw OracleOverflow() }
    return OracleRational(unchecked: -numerator, denominator)
  }

  func adding(_ other: OracleRational) throws(OracleOverflow) -> OracleRational {
    if other.numerator == 0 { return self }
    if numerator == 0 { return other }
    if denominator == 1 && other.denominator == 1 {
      return OracleRational(unchecked: try Self.add(numerator, other.numerator), 1)
    }
    // a/b + c/d with g = gcd(b, d): (a·(d/g) + c·(b/g)) / (b/g·d)
    let g = Self.gcd(denominator, other.denominator)
    let left = try Self.multiply(numerator, other.denominator / g)
    let right = try Self.multiply(other.numerator, denominator / g)
    let n = try Self.add(left, right)
    let d = try Self.multiply(denominator / g, other.denominator)
    return try OracleRational(reducing: n, d)
  }

  func subtracting(_ other: OracleRational) throws(OracleOverflow) -> OracleRational {
    try adding(other.negated())
  }

  func multiplied(by other: OracleRational) throws(OracleOverflow) -> OracleRational {
    if numerator == 0 || other.numerator == 0 { return .zero }
    if denominator == 1 && other.denominator == 1 {
      return OracleRational(unchecked: try Self.multiply(numerator, other.numerator), 1)
    }
    // Cross-reduce first so the products stay as small as the result allows.
    let g1 = Self.gcd(numerator, other.denominator)
    let g2 = Self.gcd(other.numerator, denominator)
    let n = try Self.multiply(numerator / g1, other.numerator / g2)
    let d = try Self.multiply(denominator / g2, other.denominator / g1)
    return OracleRational(unchecked: n, d)
  }

  func divided(by other: OracleRational) throws(OracleOverflow) -> OracleRational {
    guard other.numerator != 0, other.numerator != Word.min else { throw OracleOverflow() }
    let reciprocal =
      other.numerator < 0
      ? OracleRational(unchecked: -other.denominator, -other.numerator)
      : OracleRational(unchecked: other.denominator, other.numerator)
    return try multiplied(by: reciprocal)
  }

  private static func add(_ a: Word, _ b: Word) throws(OracleOverflow) -> Word {
    let (result, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw OracleOverflow() }
    return result
  }

  private static func multiply(_ a: Word, _ b: Word) throws(OracleOverflow) -> Word {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    guard !overflow else { throw OracleOverflow() }
    return result
  }

  /// Euclid's algorithm on magnitudes; never 0 for a nonzero argument.
  private static func gcd(_ a: Word, _ b: Word) -> Word {
    var x = a.magnitude
    var y = b.magnitude
    while y != 0 { (x, y) = (y, x % y) }
    // x ≤ max(|a|, |b|); it only exceeds Word.max when one argument is Word.min
    // and the other 0 or Word.min, which callers never pass (they throw first).
    return Word(truncatingIfNeeded: x == 0 ? 1 : x)
  }
}
