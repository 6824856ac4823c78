/// File names as byte strings carried inside Swift `String`s.
///
/// A Linux file name is any bytes; a `String` holds only Unicode. `CommandLine.arguments` decodes
/// invalid UTF-8 lossily (each bad byte becomes U+FFFD), so `café` saved in Latin-1 (`caf\xE9`)
/// would be looked up as `caf\u{FFFD}` and reported missing. Instead each byte that is not part of
/// valid UTF-8 is kept as one scalar of the last Private Use Area plane, U+10FF80…U+10FFFF
/// (byte 0x80…0xFF), and turned back into that byte just before `open`. No real file name uses
/// those code points (two of them are noncharacters), so the mapping is unambiguous in practice.
package enum RawPath {
  private static let base: UInt32 = 0x10_FF00

  /// A `String` for these bytes: valid UTF-8 decodes as usual, every other byte is escaped.
  package static func string(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
      if length > 0, index + length <= bytes.count,
        let decoded = String(validating: bytes[index..<(index + length)], as: UTF8.self)
      {
        scalars.append(contentsOf: decoded.unicodeScalars)
        index += length
      } else {
        // U+10FF80…U+10FFFF are valid scalars; the fallback is never taken.
        scalars.append(Unicode.Scalar(base + UInt32(lead)) ?? "\u{FFFD}")
        index += 1
      }
    }
    return String(scalars)
  }

  /// The bytes `open` needs for `path` (escaped bytes restored), without the terminating NUL.
  package static func bytes(_ path: String) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in path.unicodeScalars {
      if scalar.value >= base + 0x80, scalar.value <= base + 0xFF {
        out.append(UInt8(scalar.value - base))
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    return out
  }

  /// The bytes with a terminating NUL, ready for a C call.
  package static func cString(_ path: String) -> [CChar] {
    bytes(path).map { CChar(bitPattern: $0) } + [0]
  }

  /// `path` for messages: escaped bytes shown as `\xE9`.
  package static func display(_ path: String) -> String {
    var out = ""
    for scalar in path.unicodeScalars {
      if scalar.value >= base + 0x80, scalar.value <= base + 0xFF {
        let byte = scalar.value - base
        out += "\\x" + String(byte, radix: 16, uppercase: true)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The process's arguments byte-exact from the C `argv` (without the program name), each
  /// decoded with ``string(_:)``.
  package static func processArguments() -> [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
      var bytes: [UInt8] = []
      var cursor = pointer
      while cursor.pointee != 0 {
        bytes.append(UInt8(bitPattern: cursor.pointee))
        cursor += 1
      }
      return string(bytes)
    }
  }
}
