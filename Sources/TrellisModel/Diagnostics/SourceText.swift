import TrellisSupport

/// The bytes of one layout file, kept so diagnostics can quote the line they point at.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (the same rule the reader counts lines by).
/// Columns count Unicode scalars; an invalid UTF-8 byte counts as one column and is shown as
/// U+FFFD, and a byte order mark at the start of the file is not counted.
public struct SourceText: Sendable {
  /// The file name as given; matched against ``SourceLocation/file``.
  public let file: String
  /// The raw contents (constant: the line index is computed from them).
  public let bytes: [UInt8]
  /// Byte offset where each line starts (index 0 is line 1).
  let lineStarts: [Int]

  /// Wraps raw file contents.
  public init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
    var starts = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        starts.append(index)
      } else if byte == UInt8(ascii: "\r") {
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index)
      }
    }
    self.lineStarts = starts
  }

  /// Wraps text (stored as UTF-8).
  public init(file: String, text: String) {
    self.init(file: file, bytes: Array(text.utf8))
  }

  /// The scalars of a 1-based line, without its line break (`nil` when there is no such line).
  func lineScalars(_ line: Int) -> [Unicode.Scalar]? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    var index = lineStarts[line - 1]
    if line == 1, bytes.starts(with: UTF8Decoding.byteOrderMark) { index = 3 }
    var scalars: [Unicode.Scalar] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      let (scalar, length) = UTF8Decoding.decode(bytes, at: index)
      scalars.append(scalar ?? UTF8Decoding.replacement)
      index += length
    }
    return scalars
  }
}
