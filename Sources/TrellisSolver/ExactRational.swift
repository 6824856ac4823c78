/// An exact rational number, always reduced, its denominator positive.
///
/// Every finite `Double` is one exactly (a dyadic fraction), so the constraints a solver holds
/// can be restated without rounding, and sums, products and quotients of them stay exact: what
/// `ExactTableau` certifies is the solver's problem itself, not a rounded copy of it. `package` so
/// that its tests check the arithmetic directly; no other module uses it.
package struct ExactRational: Hashable, Sendable {
  /// Numbers whose numerator and denominator fit 128 bits are held inline and computed with
  /// machine words (most of a layout's: its doubles' 53-bit significands and their products);
  /// the others as `ExactInteger`s. Always the inline form when it fits, so equal numbers have
  /// equal storage.
  private enum Storage: Hashable, Sendable {
    case small(Int128, Int128)
    case large(ExactInteger, ExactInteger)
  }

  private var storage: Storage

  package static let zero = ExactRational(storage: .small(0, 1))
  package static let one = ExactRational(storage: .small(1, 1))

  private init(storage: Storage) { self.storage = storage }

  /// The numerator (its sign is the number's).
  package var numerator: ExactInteger {
    switch storage {
    case .small(let n, _): return ExactInteger(n)
    case .large(let n, _): return n
    }
  }

  /// Positive; 1 for integers.
  package var denominator: ExactInteger {
    switch storage {
    case .small(_, let d): return ExactInteger(d)
    case .large(_, let d): return d
    }
  }

  /// `n / d` from machine words, `d > 0`, reduced here.
  private static func small(_ n: Int128, _ d: Int128) -> ExactRational {
    if n == 0 { return .zero }
    let g = gcd(n.magnitude, d.magnitude)
    if g == 1 { return ExactRational(storage: .small(n, d)) }
    let divisor = Int128(g)
    return ExactRational(storage: .small(n / divisor, d / divisor))
  }

  /// Binary gcd of machine words.
  private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var x = a, y = b
    if x == 0 { return y }
    if y == 0 { return x }
    let shift = (x | y).trailingZeroBitCount
    x >>= UInt128(x.trailingZeroBitCount)
    repeat {
      y >>= UInt128(y.trailingZeroBitCount)
      if x > y { swap(&x, &y) }
      y -= x
    } while y != 0
    return x << UInt128(shift)
  }

  /// `numerator / denominator`, reduced; the denominator must not be zero.
  package init(_ numerator: ExactInteger, over denominator: ExactInteger) {
    precondition(!denominator.isZero, "a rational number with a zero denominator")
    if numerator.isZero {
      self = .zero
      return
    }
    var n = numerator, d = denominator
    if d.isNegative {
      n = -n
      d = -d
    }
    if d != .one {
      if d.isPowerOfTwo {
        // Reduced by shifts alone: the common case, doubles are dyadic.
        let common = min(n.trailingZeroBitCount, d.trailingZeroBitCount)
        n = n.shiftedRight(common)
        d = d.shiftedRight(common)
      } else {
        let g = ExactInteger.gcd(n, d)
        if g != .one {
          n = n / g
          d = d / g
        }
      }
    }
    if let smallN = n.int128, let smallD = d.int128 {
      storage = .small(smallN, smallD)
    } else {
      storage = .large(n, d)
    }
  }

  package init(_ value: Int) {
    storage = .small(Int128(value), 1)
  }

  /// The exact value of a finite double.
  package init(_ value: Double) {
    precondition(value.isFinite, "a rational number from a non-finite double")
    if value == 0 {
      self = .zero
      return
    }
    let biased = Int(value.exponentBitPattern)
    var significand = value.significandBitPattern
    var exponent: Int
    if biased == 0 {
      exponent = -1074  // subnormal
    } else {
      significand |= 1 << 52
      exponent = biased - 1075
    }
    let zeros = significand.trailingZeroBitCount
    significand >>= UInt64(zeros)
    exponent += zeros
    let n = value < 0 ? -Int128(significand) : Int128(significand)
    if exponent >= 0 && exponent <= 72 {
      storage = .small(n << Int128(exponent), 1)
    } else if exponent < 0 && exponent >= -126 {
      storage = .small(n, Int128(1) << Int128(-exponent))
    } else if exponent >= 0 {
      storage = .large(ExactInteger(n).shiftedLeft(exponent), .one)
    } else {
      storage = .large(ExactInteger(n), ExactInteger.one.shiftedLeft(-exponent))
    }
  }

  package var isZero: Bool {
    if case .small(let n, _) = storage { return n == 0 }
    return false
  }

  /// What an operation on this number costs, roughly: 1 inline, else the square of its 32-bit
  /// limbs (products and the gcd that reduces them are quadratic in the limbs).
  package var cost: Int {
    switch storage {
    case .small: return 1
    case .large(let n, let d):
      let limbs = n.limbs.count + d.limbs.count
      return limbs * limbs
    }
  }

  /// -1, 0 or 1.
  package var signum: Int {
    switch storage {
    case .small(let n, _): return n == 0 ? 0 : (n < 0 ? -1 : 1)
    case .large(let n, _): return n.signum
    }
  }

  package var isNegative: Bool { signum < 0 }
  package var isPositive: Bool { signum > 0 }

  package static prefix func - (x: ExactRational) -> ExactRational {
    switch x.storage {
    case .small(let n, let d) where n != .min: return ExactRational(storage: .small(-n, d))
    default: return ExactRational(-x.numerator, over: x.denominator)
    }
  }

  package static func + (a: ExactRational, b: ExactRational) -> ExactRational {
    if a.isZero { return b }
    if b.isZero { return a }
    if case .small(let an, let ad) = a.storage, case .small(let bn, let bd) = b.storage {
      if ad == bd {
        let (sum, overflow) = an.addingReportingOverflow(bn)
        if !overflow { return small(sum, ad) }
      } else {
        let (x, o1) = an.multipliedReportingOverflow(by: bd)
        let (y, o2) = bn.multipliedReportingOverflow(by: ad)
        let (d, o3) = ad.multipliedReportingOverflow(by: bd)
        if !o1 && !o2 && !o3 {
          let (sum, o4) = x.addingReportingOverflow(y)
          if !o4 { return small(sum, d) }
        }
      }
    }
    if a.denominator == b.denominator {
      return ExactRational(a.numerator + b.numerator, over: a.denominator)
    }
    return ExactRational(a.numerator * b.denominator + b.numerator * a.denominator, over: a.denominator * b.denominator)
  }

  package static func - (a: ExactRational, b: ExactRational) -> ExactRational { a + (-b) }

  package static func * (a: ExactRational, b: ExactRational) -> ExactRational {
    if a.isZero || b.isZero { return .zero }
    if case .small(let an, let ad) = a.storage, case .small(let bn, let bd) = b.storage {
      // Cross-reduced first, so that the products are as small as they can be.
      let g1 = Int128(gcd(an.magnitude, bd.magnitude)), g2 = Int128(gcd(bn.magnitude, ad.magnitude))
      let (n, o1) = (an / g1).multipliedReportingOverflow(by: bn / g2)
      let (d, o2) = (ad / g2).multipliedReportingOverflow(by: bd / g1)
      if !o1 && !o2 { return ExactRational(storage: .small(n, d)) }
    }
    return ExactRational(a.numerator * b.numerator, over: a.denominator * b.denominator)
  }

  package static func / (a: ExactRational, b: ExactRational) -> ExactRational {
    precondition(!b.isZero, "division by zero")
    if case .small(let bn, let bd) = b.storage, bn != .min {
      let inverse = bn < 0 ? ExactRational(storage: .small(-bd, -bn)) : ExactRational(storage: .small(bd, bn))
      return a * inverse
    }
    return ExactRational(a.numerator * b.denominator, over: a.denominator * b.numerator)
  }

  /// The nearest double (to within the rounding of one conversion; ±∞ beyond its range).
  package var doubleValue: Double {
    guard !isZero else { return 0 }
    if case .small(let n, let d) = storage, d.nonzeroBitCount == 1 {
      // A dyadic number: one rounding, of the numerator.
      return Double(sign: .plus, exponent: -d.trailingZeroBitCount, significand: Double(n))
    }
    let numerator = self.numerator, denominator = self.denominator
    // Scale the numerator so that the integer quotient has at least 64 significant bits; a
    // non-zero remainder sets the lowest of them, so that converting rounds as the exact
    // quotient would.
    let extra = max(0, 66 + denominator.bitWidth - numerator.bitWidth)
    let (q, r) = numerator.magnitude.shiftedLeft(extra).quotientAndRemainder(dividingBy: denominator)
    var (bits, shift) = q.leadingBits
    if !r.isZero { bits |= 1 }
    let magnitude = Double(sign: .plus, exponent: shift - extra, significand: Double(bits))
    return isNegative ? -magnitude : magnitude
  }
}

extension ExactRational: Comparable {
  package static func < (a: ExactRational, b: ExactRational) -> Bool { (a - b).isNegative }
}

extension ExactRational: CustomStringConvertible {
  package var description: String {
    denominator == .one ? numerator.description : "\(numerator)/\(denominator)"
  }
}
