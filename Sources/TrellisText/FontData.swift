/// Reads big-endian numbers out of one table (or a part of one) of a font file, checking
/// every access against the bounds of that table so no read can trap.
///
/// Throwing reads are used while a font is loaded, so a problem becomes a `FontError` that
/// names the table; the optional-returning reads are used when measuring, where a bad
/// offset simply means "no glyph" or "no kerning".
struct TableData: Sendable {
  /// The table's tag, for error messages.
  let tag: String
  /// The whole file.
  let file: [UInt8]
  /// Where this view starts in the file.
  let start: Int
  /// How many bytes this view covers.
  let count: Int
  /// Where this view starts within its table (0 for the table itself), for error messages.
  let offsetInTable: Int

  init(tag: String, file: [UInt8], start: Int, count: Int, offsetInTable: Int = 0) {
    self.tag = tag
    self.file = file
    self.start = start
    self.count = count
    self.offsetInTable = offsetInTable
  }

  /// Whether `length` bytes from `offset` lie inside this view.
  func contains(_ offset: Int, _ length: Int) -> Bool {
    offset >= 0 && length >= 0 && offset <= count && length <= count - offset
  }

  // MARK: Non-throwing reads (nil when out of range)

  func u8(_ offset: Int) -> UInt8? {
    contains(offset, 1) ? file[start + offset] : nil
  }

  func u16(_ offset: Int) -> UInt16? {
    guard contains(offset, 2) else { return nil }
    let at = start + offset
    return UInt16(file[at]) << 8 | UInt16(file[at + 1])
  }

  func i16(_ offset: Int) -> Int16? {
    u16(offset).map { Int16(bitPattern: $0) }
  }

  func u32(_ offset: Int) -> UInt32? {
    guard contains(offset, 4) else { return nil }
    let at = start + offset
    return UInt32(file[at]) << 24 | UInt32(file[at + 1]) << 16 | UInt32(file[at + 2]) << 8 | UInt32(file[at + 3])
  }

  // MARK: Reads of offsets already checked (0 if not, so a mistake cannot trap)

  func u8OrZero(_ offset: Int) -> UInt8 { u8(offset) ?? 0 }
  func u16OrZero(_ offset: Int) -> UInt16 { u16(offset) ?? 0 }
  func i16OrZero(_ offset: Int) -> Int16 { i16(offset) ?? 0 }
  func u32OrZero(_ offset: Int) -> UInt32 { u32(offset) ?? 0 }

  // MARK: Throwing reads (a FontError naming the table and the field)

  func u16(_ offset: Int, _ field: String) throws(FontError) -> UInt16 {
    guard let value = u16(offset) else { throw missing(field, offset, 2) }
    return value
  }

  func i16(_ offset: Int, _ field: String) throws(FontError) -> Int16 {
    Int16(bitPattern: try u16(offset, field))
  }

  func u32(_ offset: Int, _ field: String) throws(FontError) -> UInt32 {
    guard let value = u32(offset) else { throw missing(field, offset, 4) }
    return value
  }

  /// Throws unless `needed` bytes from `offset` are present; `what` explains the size, e.g.
  /// "4·numberOfHMetrics" (the message then reads "needs 4·numberOfHMetrics = 1200 bytes, has 640").
  func require(_ needed: Int, at offset: Int = 0, _ what: String) throws(FontError) {
    guard !contains(offset, needed) else { return }
    let available = max(0, count - max(0, offset))
    let place = placeDescription(offset)
    throw .truncated(tag, "\(place)needs \(what) = \(needed) bytes, has \(available)")
  }

  /// A view of `offset…` (to the end of this view), for a subtable found through an offset field.
  func subtable(at offset: Int, _ what: String) throws(FontError) -> TableData {
    guard offset >= 0, offset < count else {
      throw .outOfRange(
        tag, "\(what) at offset \(offsetInTable + offset) is outside the table's \(count + offsetInTable) bytes")
    }
    return TableData(
      tag: tag, file: file, start: start + offset, count: count - offset, offsetInTable: offsetInTable + offset)
  }

  /// Like `subtable(at:_:)` but nil when out of range (used while measuring).
  func subtable(at offset: Int) -> TableData? {
    guard offset >= 0, offset < count else { return nil }
    return TableData(
      tag: tag, file: file, start: start + offset, count: count - offset, offsetInTable: offsetInTable + offset)
  }

  private func placeDescription(_ offset: Int) -> String {
    let absolute = offsetInTable + offset
    return absolute == 0 ? "" : "at offset \(absolute) "
  }

  private func missing(_ field: String, _ offset: Int, _ size: Int) -> FontError {
    .truncated(
      tag, "\(field) at offset \(offsetInTable + offset) needs \(size) bytes, the table has \(count + offsetInTable)")
  }
}

/// The four-character tag of a table as text (non-printable bytes as '?').
func tagString(_ value: UInt32) -> String {
  var text = ""
  for shift in stride(from: 24, through: 0, by: -8) {
    let byte = UInt8(truncatingIfNeeded: value >> UInt32(shift))
    text.append((0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?")
  }
  return text
}
