/// The `cmap` subtable that maps characters to glyphs.
///
/// Subtables are chosen by platform and encoding, full repertoire first (Windows UCS-4 (3, 10),
/// Unicode full (0, 6) and (0, 4)), then the BMP ones (Windows BMP (3, 1), Unicode (0, 3), (0, 2),
/// (0, 1), (0, 0)), then Windows Symbol (3, 0); the first of these in a format this reader
/// knows (4 or 12) is used. Lookups binary-search the subtable's bytes in place, so nothing
/// is allocated per segment or group and a hostile count costs nothing until checked.
/// Source: OpenType spec, "cmap — Character to Glyph Index Mapping Table".
enum CharacterMap: Sendable {
  /// Format 4: segCount segments; arrays endCode, (pad), startCode, idDelta, idRangeOffset, glyphIdArray.
  case segmented(TableData, segmentCount: Int, numberOfGlyphs: Int, symbol: Bool)
  /// Format 12: groups of (startCharCode, endCharCode, startGlyphID).
  case groups(TableData, groupCount: Int, numberOfGlyphs: Int)

  init(_ table: TableData, numberOfGlyphs: Int) throws(FontError) {
    try table.require(4, "version and numTables")
    let count = Int(try table.u16(2, "numTables"))
    try table.require(4 + 8 * count, "4 + 8·numTables")
    var candidates: [(rank: Int, platform: UInt16, encoding: UInt16, offset: Int)] = []
    let order: [(UInt16, UInt16)] = [(3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0), (3, 0)]
    for entry in 0..<count {
      let record = 4 + 8 * entry
      let platform = table.u16OrZero(record), encoding = table.u16OrZero(record + 2)
      guard let rank = order.firstIndex(where: { $0 == (platform, encoding) }) else { continue }
      candidates.append((rank, platform, encoding, Int(table.u32OrZero(record + 4))))
    }
    candidates.sort { $0.rank < $1.rank }
    var formatsSeen: [String] = []
    for candidate in candidates {
      let subtable = try table.subtable(
        at: candidate.offset, "the (\(candidate.platform), \(candidate.encoding)) subtable")
      let format = try subtable.u16(0, "format")
      switch format {
      case 4:
        try subtable.require(14, "the format 4 header")
        let doubled = Int(try subtable.u16(6, "segCountX2"))
        guard doubled % 2 == 0, doubled > 0 else {
          throw .invalid("cmap", "format 4 segCountX2 is \(doubled), not a positive even number")
        }
        let segments = doubled / 2
        // The length field is unreliable in real fonts (it overflows 16 bits), so the arrays are
        // checked against the bytes the table really has.
        try subtable.require(16 + 8 * segments, "16 + 8·segCount for \(segments) segments")
        self = .segmented(
          subtable, segmentCount: segments, numberOfGlyphs: numberOfGlyphs,
          symbol: candidate.encoding == 0 && candidate.platform == 3)
        return
      case 12:
        try subtable.require(16, "the format 12 header")
        let groups = Int(try subtable.u32(12, "numGroups"))
        try subtable.require(16 + 12 * groups, "16 + 12·numGroups for \(groups) groups")
        self = .groups(subtable, groupCount: groups, numberOfGlyphs: numberOfGlyphs)
        return
      default:
        formatsSeen.append("(\(candidate.platform), \(candidate.encoding)) format \(format)")
      }
    }
    let seen = formatsSeen.isEmpty ? "it has no Unicode subtable" : "it has only \(formatsSeen.joined(separator: ", "))"
    throw FontError(.unsupported, table: "cmap", "table 'cmap' has no Unicode subtable in format 4 or 12: \(seen)")
  }

  /// The glyph for a code point, nil when unmapped (glyph 0) or out of range.
  func glyph(for codePoint: UInt32) -> Int? {
    let glyph: Int?
    switch self {
    case .segmented(let table, let segments, let numberOfGlyphs, let symbol):
      // Symbol fonts map their characters at U+F020…U+F0FF; text asks for the ASCII ones.
      var code = codePoint
      if symbol, code < 0x100 { code += 0xF000 }
      glyph = Self.segmentedLookup(table, segments, code).flatMap { $0 < numberOfGlyphs ? $0 : nil }
    case .groups(let table, let count, let numberOfGlyphs):
      glyph = Self.groupLookup(table, count, codePoint).flatMap { $0 < numberOfGlyphs ? $0 : nil }
    }
    return glyph == 0 ? nil : glyph
  }

  private static func segmentedLookup(_ table: TableData, _ segments: Int, _ code: UInt32) -> Int? {
    guard code <= 0xFFFF else { return nil }
    let endCodes = 14, startCodes = 16 + 2 * segments, deltas = 16 + 4 * segments, rangeOffsets = 16 + 6 * segments
    // The first segment whose endCode ≥ code (endCodes ascend).
    var low = 0, high = segments
    while low < high {
      let middle = (low + high) / 2
      guard let end = table.u16(endCodes + 2 * middle) else { return nil }
      if UInt32(end) < code { low = middle + 1 } else { high = middle }
    }
    guard low < segments, let start = table.u16(startCodes + 2 * low), UInt32(start) <= code,
      let delta = table.u16(deltas + 2 * low), let rangeOffset = table.u16(rangeOffsets + 2 * low)
    else { return nil }
    if rangeOffset == 0 { return Int(UInt16(truncatingIfNeeded: code &+ UInt32(delta))) }
    // idRangeOffset counts bytes from its own position to the glyph index in glyphIdArray.
    let address = rangeOffsets + 2 * low + Int(rangeOffset) + 2 * Int(code - UInt32(start))
    guard let stored = table.u16(address), stored != 0 else { return nil }
    return Int(stored &+ delta)
  }

  private static func groupLookup(_ table: TableData, _ count: Int, _ code: UInt32) -> Int? {
    var low = 0, high = count
    while low < high {
      let middle = (low + high) / 2
      let record = 16 + 12 * middle
      guard let start = table.u32(record), let end = table.u32(record + 4), let first = table.u32(record + 8) else {
        return nil
      }
      if code < start {
        high = middle
      } else if code > end {
        low = middle + 1
      } else {
        let glyph = UInt64(first) + UInt64(code - start)
        return glyph <= UInt64(Int32.max) ? Int(glyph) : nil
      }
    }
    return nil
  }
}
