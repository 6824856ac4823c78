/// The table directory of one font in a file: where each table is.
///
/// An OpenType file starts with an offset table (sfnt version, number of tables) and a table
/// record per table (tag, checksum, offset, length). A collection (`.ttc`) starts with a
/// `ttcf` header that lists the offset of each font's offset table. Source: the OpenType
/// specification, "Organization of an OpenType Font"
/// (https://learn.microsoft.com/typography/opentype/spec/otff).
struct TableDirectory {
  let file: [UInt8]
  /// Tag → (offset, length), both checked to lie inside the file.
  let tables: [String: (offset: Int, length: Int)]

  /// Number of fonts in `file`: the collection's count, or 1 for a single font.
  static func faceCount(_ file: [UInt8], limits: FontLimits) throws(FontError) -> Int {
    let header = TableData(tag: "file header", file: file, start: 0, count: file.count)
    guard let tag = header.u32(0) else {
      throw FontError(.notAFont, table: nil, "not a font file: \(file.count) bytes, too short for a header")
    }
    guard tag == 0x7474_6366 else {  // 'ttcf'
      _ = try sfntKind(tag)
      return 1
    }
    guard let count = header.u32(8) else {
      throw FontError(.truncated, table: nil, "the collection header is truncated: \(file.count) bytes")
    }
    guard count >= 1 else { throw FontError(.invalidValue, table: nil, "the collection holds no fonts (numFonts 0)") }
    guard count <= limits.maxFacesInCollection else {
      throw .limit(nil, "the collection claims \(count) fonts, more than the limit \(limits.maxFacesInCollection)")
    }
    return Int(count)
  }

  private static func sfntKind(_ tag: UInt32) throws(FontError) -> UInt32 {
    switch tag {
    case 0x0001_0000, 0x4F54_544F, 0x7472_7565:  // TrueType, 'OTTO' (CFF), 'true' (Apple)
      return tag
    case 0x774F_4646, 0x774F_4632:  // 'wOFF', 'wOF2'
      throw FontError(
        .unsupported, table: nil, "a WOFF web font: compressed fonts are not supported, convert it to .ttf/.otf")
    default:
      throw FontError(
        .notAFont, table: nil,
        "not a font file: starts with '\(tagString(tag))', not an OpenType, TrueType or collection header")
    }
  }

  /// Reads the directory of font `index` (0 for a single font).
  init(_ file: [UInt8], index: Int, limits: FontLimits) throws(FontError) {
    guard file.count <= limits.maxFileSize else {
      throw .limit(nil, "\(file.count) bytes, more than the limit \(limits.maxFileSize)")
    }
    let count = try Self.faceCount(file, limits: limits)
    guard index >= 0, index < count else {
      throw FontError(
        .invalidValue, table: nil,
        "font index \(index) is out of range: the file holds \(count) font\(count == 1 ? "" : "s")")
    }
    let whole = TableData(tag: "file header", file: file, start: 0, count: file.count)
    var directoryStart = 0
    if whole.u32(0) == 0x7474_6366 {
      guard let offset = whole.u32(12 + 4 * index) else {
        throw FontError(.truncated, table: nil, "the collection header is truncated: no offset for font \(index)")
      }
      directoryStart = Int(offset)
      guard directoryStart < file.count else {
        throw FontError(
          .offsetOutOfRange, table: nil,
          "font \(index) of the collection starts at offset \(directoryStart), past the end of the \(file.count)-byte file"
        )
      }
      guard let inner = whole.u32(directoryStart) else {
        throw FontError(.truncated, table: nil, "font \(index) of the collection is truncated at its header")
      }
      _ = try Self.sfntKind(inner)
    }
    guard let numTables = whole.u16(directoryStart + 4) else {
      throw FontError(.truncated, table: nil, "the table directory is truncated: no table count")
    }
    guard Int(numTables) <= limits.maxTables else {
      throw .limit(nil, "the table directory lists \(numTables) tables, more than the limit \(limits.maxTables)")
    }
    let recordsStart = directoryStart + 12
    let needed = 16 * Int(numTables)
    guard whole.contains(recordsStart, needed) else {
      throw FontError(
        .truncated, table: nil,
        "the table directory is truncated: needs 16·numTables = \(needed) bytes for \(numTables) tables, has \(max(0, file.count - recordsStart))"
      )
    }
    var tables: [String: (offset: Int, length: Int)] = [:]
    for entry in 0..<Int(numTables) {
      let record = recordsStart + 16 * entry
      let tag = tagString(whole.u32OrZero(record))
      let offset = Int(whole.u32OrZero(record + 8))
      let length = Int(whole.u32OrZero(record + 12))
      guard whole.contains(offset, length) else {
        throw FontError(
          .offsetOutOfRange, table: tag,
          "table '\(tag)' lies outside the file: offset \(offset) + length \(length) > \(file.count) bytes")
      }
      if tables[tag] == nil { tables[tag] = (offset, length) }  // the first of duplicate tags wins
    }
    self.file = file
    self.tables = tables
  }

  /// The table `tag`, or nil when the font has none.
  func table(_ tag: String) -> TableData? {
    guard let entry = tables[tag] else { return nil }
    return TableData(tag: tag, file: file, start: entry.offset, count: entry.length)
  }

  /// The table `tag`, which every font must have.
  func required(_ tag: String) throws(FontError) -> TableData {
    guard let table = table(tag) else {
      throw FontError(.missingTable, table: tag, "the font has no '\(tag)' table, which every font needs")
    }
    return table
  }
}
