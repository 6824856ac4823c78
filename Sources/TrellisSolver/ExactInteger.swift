/// An integer of any size: sign and magnitude, the magnitude in 32-bit limbs, least significant
/// first, with no leading zero limb (zero has none). Only what exact certification of the
/// solver's result needs (`ExactRational`): sums, products, division with remainder, gcd.
///
/// Not fast, but exact: it checks what the floating-point tableau claims, on the rare paths and
/// in tests, and never decides anything the floating-point solver decides on the common path.
/// `package` so that its tests check the arithmetic directly; no other module uses it.
package struct ExactInteger: Hashable, Sendable {
  private(set) var isNegative: Bool
  /// The magnitude, least significant limb first; empty for zero.
  private(set) var limbs: [UInt32]

  package static let zero = ExactInteger(negative: false, limbs: [])
  package static let one = ExactInteger(1)

  private init(negative: Bool, limbs: [UInt32]) {
    var limbs = limbs
    while limbs.last == 0 { limbs.removeLast() }
    self.limbs = limbs
    self.isNegative = negative && !limbs.isEmpty
  }

  package init(_ value: Int) {
    let magnitude = value.magnitude
    self.init(
      negative: value < 0, limbs: [UInt32(truncatingIfNeeded: magnitude), UInt32(truncatingIfNeeded: magnitude >> 32)])
  }

  package init(_ value: Int128) {
    let magnitude = value.magnitude
    self.init(
      negative: value < 0,
      limbs: (0..<4).map { UInt32(truncatingIfNeeded: magnitude >> UInt128(32 * $0)) })
  }

  /// The value as an `Int128`, when it fits.
  package var int128: Int128? {
    guard limbs.count <= 4, bitWidth <= 126 else { return nil }
    var magnitude: UInt128 = 0
    for (i, limb) in limbs.enumerated() { magnitude |= UInt128(limb) << UInt128(32 * i) }
    return isNegative ? -Int128(magnitude) : Int128(magnitude)
  }

  package var isZero: Bool { limbs.isEmpty }
  /// -1, 0 or 1.
  package var signum: Int { limbs.isEmpty ? 0 : (isNegative ? -1 : 1) }
  package var magnitude: ExactInteger { ExactInteger(negative: false, limbs: limbs) }

  /// The number of bits of the magnitude (0 for zero).
  package var bitWidth: Int {
    guard let top = limbs.last else { return 0 }
    return 32 * limbs.count - top.leadingZeroBitCount
  }

  /// The number of zero bits below the lowest set bit (0 for zero).
  package var trailingZeroBitCount: Int {
    for (i, limb) in limbs.enumerated() where limb != 0 { return 32 * i + limb.trailingZeroBitCount }
    return 0
  }

  /// Whether the magnitude is a power of two.
  package var isPowerOfTwo: Bool {
    guard let top = limbs.last, top.nonzeroBitCount == 1 else { return false }
    return limbs.dropLast().allSatisfy { $0 == 0 }
  }

  package static prefix func - (x: ExactInteger) -> ExactInteger {
    ExactInteger(negative: !x.isNegative, limbs: x.limbs)
  }

  // MARK: - Magnitudes

  private static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    var i = a.count - 1
    while i >= 0 {
      if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
      i -= 1
    }
    return 0
  }

  private static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    let (long, short) = a.count >= b.count ? (a, b) : (b, a)
    var out = [UInt32]()
    out.reserveCapacity(long.count + 1)
    var carry: UInt64 = 0
    for i in long.indices {
      let sum = UInt64(long[i]) + (i < short.count ? UInt64(short[i]) : 0) + carry
      out.append(UInt32(truncatingIfNeeded: sum))
      carry = sum >> 32
    }
    if carry != 0 { out.append(UInt32(carry)) }
    return out
  }

  /// `a − b` for `a ≥ b`.
  private static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    var out = [UInt32]()
    out.reserveCapacity(a.count)
    var borrow: Int64 = 0
    for i in a.indices {
      var difference = Int64(a[i]) - (i < b.count ? Int64(b[i]) : 0) - borrow
      borrow = 0
      if difference < 0 {
        difference += 1 << 32
        borrow = 1
      }
      out.append(UInt32(truncatingIfNeeded: difference))
    }
    while out.last == 0 { out.removeLast() }
    return out
  }

  private static func multiplyMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    guard !a.isEmpty, !b.isEmpty else { return [] }
    var out = [UInt32](repeating: 0, count: a.count + b.count)
    for i in a.indices {
      var carry: UInt64 = 0
      let ai = UInt64(a[i])
      if ai == 0 { continue }
      for j in b.indices {
        let t = ai * UInt64(b[j]) + UInt64(out[i + j]) + carry
        out[i + j] = UInt32(truncatingIfNeeded: t)
        carry = t >> 32
      }
      out[i + b.count] = UInt32(truncatingIfNeeded: carry)
    }
    while out.last == 0 { out.removeLast() }
    return out
  }

  /// Quotient and remainder of magnitudes, `v` not zero (Knuth's algorithm D, TAOCP 4.3.1).
  private static func divideMagnitudes(_ u: [UInt32], _ v: [UInt32]) -> (quotient: [UInt32], remainder: [UInt32]) {
    precondition(!v.isEmpty, "division by zero")
    if compareMagnitudes(u, v) < 0 { return ([], u) }
    if v.count == 1 {
      let d = UInt64(v[0])
      var q = [UInt32](repeating: 0, count: u.count)
      var r: UInt64 = 0
      var i = u.count - 1
      while i >= 0 {
        let t = (r << 32) | UInt64(u[i])
        q[i] = UInt32(truncatingIfNeeded: t / d)
        r = t % d
        i -= 1
      }
      while q.last == 0 { q.removeLast() }
      return (q, r == 0 ? [] : [UInt32(r)])
    }
    let n = v.count, m = u.count
    let shift = UInt32(v[n - 1].leadingZeroBitCount)
    // Normalized: the divisor's top limb has its high bit set.
    var vn = [UInt32](repeating: 0, count: n)
    var un = [UInt32](repeating: 0, count: m + 1)
    for i in stride(from: n - 1, to: 0, by: -1) {
      vn[i] = shift == 0 ? v[i] : (v[i] << shift) | (v[i - 1] >> (32 - shift))
    }
    vn[0] = v[0] << shift
    un[m] = shift == 0 ? 0 : u[m - 1] >> (32 - shift)
    for i in stride(from: m - 1, to: 0, by: -1) {
      un[i] = shift == 0 ? u[i] : (u[i] << shift) | (u[i - 1] >> (32 - shift))
    }
    un[0] = u[0] << shift
    let base: UInt64 = 1 << 32
    var q = [UInt32](repeating: 0, count: m - n + 1)
    var j = m - n
    while j >= 0 {
      let top = (UInt64(un[j + n]) << 32) | UInt64(un[j + n - 1])
      var qhat = top / UInt64(vn[n - 1])
      var rhat = top - qhat * UInt64(vn[n - 1])
      while qhat >= base || qhat * UInt64(vn[n - 2]) > (rhat << 32) + UInt64(un[j + n - 2]) {
        qhat -= 1
        rhat += UInt64(vn[n - 1])
        if rhat >= base { break }
      }
      // Multiply and subtract.
      var borrow: Int64 = 0
      for i in 0..<n {
        let p = qhat * UInt64(vn[i])
        let t = Int64(un[i + j]) &- borrow &- Int64(p & 0xFFFF_FFFF)
        un[i + j] = UInt32(truncatingIfNeeded: t)
        borrow = Int64(p >> 32) &- (t >> 32)
      }
      let t = Int64(un[j + n]) &- borrow
      un[j + n] = UInt32(truncatingIfNeeded: t)
      if t < 0 {
        // Subtracted once too often: add the divisor back.
        qhat -= 1
        var carry: UInt64 = 0
        for i in 0..<n {
          let s = UInt64(un[i + j]) + UInt64(vn[i]) + carry
          un[i + j] = UInt32(truncatingIfNeeded: s)
          carry = s >> 32
        }
        un[j + n] = UInt32(truncatingIfNeeded: UInt64(un[j + n]) + carry)
      }
      q[j] = UInt32(truncatingIfNeeded: qhat)
      j -= 1
    }
    var r = [UInt32](repeating: 0, count: n)
    for i in 0..<n {
      r[i] = shift == 0 ? un[i] : (un[i] >> shift) | (un[i + 1] << (32 - shift))
    }
    while q.last == 0 { q.removeLast() }
    while r.last == 0 { r.removeLast() }
    return (q, r)
  }

  // MARK: - Arithmetic

  package static func + (a: ExactInteger, b: ExactInteger) -> ExactInteger {
    if a.isZero { return b }
    if b.isZero { return a }
    if a.isNegative == b.isNegative {
      return ExactInteger(negative: a.isNegative, limbs: addMagnitudes(a.limbs, b.limbs))
    }
    switch compareMagnitudes(a.limbs, b.limbs) {
    case 0: return .zero
    case 1: return ExactInteger(negative: a.isNegative, limbs: subtractMagnitudes(a.limbs, b.limbs))
    default: return ExactInteger(negative: b.isNegative, limbs: subtractMagnitudes(b.limbs, a.limbs))
    }
  }

  package static func - (a: ExactInteger, b: ExactInteger) -> ExactInteger { a + (-b) }

  package static func * (a: ExactInteger, b: ExactInteger) -> ExactInteger {
    ExactInteger(negative: a.isNegative != b.isNegative, limbs: multiplyMagnitudes(a.limbs, b.limbs))
  }

  /// Truncating division (the quotient rounds toward zero; the remainder has the dividend's sign).
  package func quotientAndRemainder(dividingBy divisor: ExactInteger) -> (
    quotient: ExactInteger, remainder: ExactInteger
  ) {
    let (q, r) = Self.divideMagnitudes(limbs, divisor.limbs)
    return (
      ExactInteger(negative: isNegative != divisor.isNegative, limbs: q), ExactInteger(negative: isNegative, limbs: r)
    )
  }

  package static func / (a: ExactInteger, b: ExactInteger) -> ExactInteger {
    a.quotientAndRemainder(dividingBy: b).quotient
  }

  /// `self × 2^count`.
  package func shiftedLeft(_ count: Int) -> ExactInteger {
    guard count > 0, !isZero else { return self }
    let whole = count / 32, bits = UInt32(count % 32)
    var out = [UInt32](repeating: 0, count: whole)
    out.reserveCapacity(whole + limbs.count + 1)
    var carry: UInt32 = 0
    for limb in limbs {
      out.append(bits == 0 ? limb : (limb << bits) | carry)
      carry = bits == 0 ? 0 : limb >> (32 - bits)
    }
    if carry != 0 { out.append(carry) }
    return ExactInteger(negative: isNegative, limbs: out)
  }

  /// `self / 2^count`, truncated toward zero.
  package func shiftedRight(_ count: Int) -> ExactInteger {
    guard count > 0, !isZero else { return self }
    let whole = count / 32, bits = UInt32(count % 32)
    guard whole < limbs.count else { return .zero }
    var out = [UInt32]()
    out.reserveCapacity(limbs.count - whole)
    for i in whole..<limbs.count {
      let low = limbs[i] >> bits
      let high: UInt32 = bits == 0 || i + 1 >= limbs.count ? 0 : limbs[i + 1] << (32 - bits)
      out.append(low | high)
    }
    return ExactInteger(negative: isNegative, limbs: out)
  }

  /// The greatest common divisor of the magnitudes: binary (Stein's algorithm), in place on two
  /// buffers, so that its many steps allocate nothing (each step of Euclid's, through long
  /// division, allocates its quotient and remainder); a power-of-two operand, the common case
  /// for values read from doubles, by shifts alone.
  package static func gcd(_ a: ExactInteger, _ b: ExactInteger) -> ExactInteger {
    if a.isZero { return b.magnitude }
    if b.isZero { return a.magnitude }
    if a.isPowerOfTwo || b.isPowerOfTwo {
      return ExactInteger.one.shiftedLeft(min(a.trailingZeroBitCount, b.trailingZeroBitCount))
    }
    let common = min(a.trailingZeroBitCount, b.trailingZeroBitCount)
    var x = a.limbs, y = b.limbs
    var xCount = x.count, yCount = y.count
    shiftOutTrailingZeros(&x, &xCount)
    while true {
      shiftOutTrailingZeros(&y, &yCount)
      // Both odd: subtract the smaller from the larger, into y.
      if compare(x, xCount, y, yCount) > 0 {
        swap(&x, &y)
        swap(&xCount, &yCount)
      }
      var borrow: UInt64 = 0
      for i in 0..<yCount {
        let subtrahend = UInt64(i < xCount ? x[i] : 0) + borrow
        let minuend = UInt64(y[i])
        borrow = minuend < subtrahend ? 1 : 0
        y[i] = UInt32(truncatingIfNeeded: minuend &+ (borrow << 32) &- subtrahend)
      }
      while yCount > 0 && y[yCount - 1] == 0 { yCount -= 1 }
      if yCount == 0 { break }
    }
    return ExactInteger(negative: false, limbs: Array(x[0..<xCount])).shiftedLeft(common)
  }

  /// Compares the first `aCount` limbs of `a` with the first `bCount` of `b` (no leading zeros).
  private static func compare(_ a: [UInt32], _ aCount: Int, _ b: [UInt32], _ bCount: Int) -> Int {
    if aCount != bCount { return aCount < bCount ? -1 : 1 }
    var i = aCount - 1
    while i >= 0 {
      if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
      i -= 1
    }
    return 0
  }

  /// Divides the number in the first `count` limbs of `limbs` (not zero) by its largest power of
  /// two, in place.
  private static func shiftOutTrailingZeros(_ limbs: inout [UInt32], _ count: inout Int) {
    var zeros = 0
    while limbs[zeros / 32] == 0 { zeros += 32 }
    zeros += limbs[zeros / 32].trailingZeroBitCount
    guard zeros > 0 else { return }
    let whole = zeros / 32, bits = UInt32(zeros % 32)
    let newCount = count - whole
    for i in 0..<newCount {
      let low = limbs[i + whole] >> bits
      let high: UInt32 = bits == 0 || i + whole + 1 >= count ? 0 : limbs[i + whole + 1] << (32 - bits)
      limbs[i] = low | high
    }
    for i in newCount..<count { limbs[i] = 0 }
    count = newCount
    while count > 0 && limbs[count - 1] == 0 { count -= 1 }
  }

  /// The top 64 bits of the magnitude and the number of bits below them, with the lowest bit
  /// of the 64 set when any bit below was (so that converting it rounds as the whole would).
  package var leadingBits: (bits: UInt64, shift: Int) {
    let width = bitWidth
    guard width > 64 else {
      var value: UInt64 = 0
      for (i, limb) in limbs.enumerated() { value |= UInt64(limb) << (32 * UInt64(i)) }
      return (value, 0)
    }
    let shift = width - 64
    let top = shiftedRight(shift).magnitude
    var bits: UInt64 = 0
    for (i, limb) in top.limbs.enumerated() { bits |= UInt64(limb) << (32 * UInt64(i)) }
    if trailingZeroBitCount < shift { bits |= 1 }
    return (bits, shift)
  }
}

extension ExactInteger: Comparable {
  package static func < (a: ExactInteger, b: ExactInteger) -> Bool { (a - b).isNegative }
}

extension ExactInteger: CustomStringConvertible {
  /// Decimal digits.
  package var description: String {
    guard !isZero else { return "0" }
    // Nine decimal digits at a time, least significant first.
    var chunks: [UInt32] = []
    var rest = magnitude
    let billion = ExactInteger(1_000_000_000)
    while !rest.isZero {
      let (q, r) = rest.quotientAndRemainder(dividingBy: billion)
      chunks.append(r.limbs.first ?? 0)
      rest = q
    }
    var text = isNegative ? "-" : ""
    text += String(chunks.removeLast())
    for chunk in chunks.reversed() {
      let digits = String(chunk)
      text += String(repeating: "0", count: 9 - digits.count) + digits
    }
    return text
  }
}
