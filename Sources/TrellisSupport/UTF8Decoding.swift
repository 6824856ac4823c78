/// Strict UTF-8 decoding that never traps: each byte that does not start a well-formed
/// sequence is one unit on its own (so columns and offsets agree everywhere).
package enum UTF8Decoding {
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  package static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// The scalar starting at `index` and its length in bytes; `nil` scalar (length 1) for an
  /// invalid byte. `index` must be inside `bytes`.
  package static func decode(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let needed: Int
    var value: UInt32
    let smallest: UInt32
    switch lead {
    case 0xC2...0xDF:
      needed = 1
      value = UInt32(lead & 0x1F)
      smallest = 0x80
    case 0xE0...0xEF:
      needed = 2
      value = UInt32(lead & 0x0F)
      smallest = 0x800
    case 0xF0...0xF4:
      needed = 3
      value = UInt32(lead & 0x07)
      smallest = 0x10000
    default: return (nil, 1)
    }
    guard bytes.count - index > needed else { return (nil, 1) }
    for k in 1...needed {
      let next = bytes[index + k]
      guard next & 0xC0 == 0x80 else { return (nil, 1) }
      value = value << 6 | UInt32(next & 0x3F)
    }
    // Rejects overlong forms, UTF-16 surrogates and values above U+10FFFF.
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
    return (scalar, needed + 1)
  }
}
