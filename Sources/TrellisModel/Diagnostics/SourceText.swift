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

  /// Whether the file is not text but binary (an executable, an image, an archive), judged on
  /// its first 8000 bytes as git does, less strictly: two NUL bytes or more, or more than a
  /// quarter of bytes that are neither UTF-8 nor printable (a text file with one stray NUL or a
  /// few Latin-1 bytes is still text, and its problems are shown in place). UTF-16 and UTF-32
  /// text is the readers' to name; their NULs are not counted here.
  public var isBinary: Bool {
    let head = Array(bytes.prefix(8000))
    if ForeignEncoding.name(of: head) != nil { return false }
    if head.lazy.filter({ $0 == 0 }).count >= 2 { return true }
    var odd = 0
    var index = 0
    while index < head.count {
      let (scalar, length) = UTF8Decoding.decode(head, at: index)
      if let scalar {
        if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { odd += 1 }
      } else {
        odd += 1
      }
      index += max(1, length)
    }
    return odd * 4 > head.count
  }

  /// The offset of the first NUL byte when the file ``isBinary`` (else `nil`).
  public var binaryOffset: Int? { isBinary ? bytes.prefix(8000).firstIndex(of: 0) ?? 0 : nil }

  /// The scalars of a 1-based line, without its line break (`nil` when there is no such line,
  /// and for a binary file, whose bytes are never echoed to the terminal).
  func lineScalars(_ line: Int) -> [Unicode.Scalar]? {
    guard line >= 1, line <= lineStarts.count, !isBinary else { return nil }
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
