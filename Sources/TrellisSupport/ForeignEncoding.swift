/// Recognizing a layout file saved as UTF-16 or UTF-32 instead of UTF-8, so the reader can say
/// so instead of reporting the first NUL byte as a syntax error.
package enum ForeignEncoding {
  /// `"UTF-16"` or `"UTF-32"` when the bytes are in that encoding, else `nil`.
  ///
  /// A byte order mark decides first; UTF-32's little-endian mark (FF FE 00 00) begins like
  /// UTF-16's (FF FE), so it is tested first — a UTF-16 file cannot continue with U+0000, which
  /// JSON never holds. Without a mark, JSON text starts with two ASCII characters, so the NULs
  /// among the first four bytes give the encoding (RFC 4627 §3): 00 00 00 xx and xx 00 00 00 are
  /// UTF-32, 00 xx and xx 00 are UTF-16.
  package static func name(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    let head = Array(bytes.prefix(4)).map { $0 == 0 }
    if head == [true, true, true, false] || head == [false, true, true, true] { return "UTF-32" }
    if head.count >= 2, head[0] != head[1] { return "UTF-16" }
    return nil
  }
}
