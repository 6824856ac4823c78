// Builds small TrueType fonts byte by byte, so the tests need no font files. Only the tables
// the reader uses are written (no glyf/loca: measuring needs no outlines).

/// Big-endian bytes.
package struct BinaryWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func u8(_ value: UInt8) { bytes.append(value) }
  package mutating func u16(_ value: Int) {
    bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
  package mutating func i16(_ value: Int) { u16(Int(UInt16(bitPattern: Int16(value)))) }
  package mutating func u32(_ value: Int) {
    bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
  package mutating func tag(_ text: String) { bytes += Array(text.utf8.prefix(4)) }
  package mutating func append(_ other: [UInt8]) { bytes += other }
  package mutating func padTo4() { while bytes.count % 4 != 0 { bytes.append(0) } }
}

/// A synthetic font: known advances, metrics, names and kerning.
package struct SyntheticFont {
  package init() {}

  /// Glyph 0 is .notdef (advance 600); glyph i (from 1) maps `characters[i - 1]`.
  package var characters: [(scalar: Unicode.Scalar, advance: Int)] = [
    (" ", 250), ("-", 300), (".", 250), ("A", 700), ("V", 700), ("W", 900), ("a", 500), ("b", 500), ("c", 500),
    ("e", 500), ("…", 800), ("。", 1000), ("あ", 1000), ("字", 1000), ("漢", 1000),
  ]
  package var notdefAdvance = 600
  package var unitsPerEm = 1000
  package var hhea = (ascender: 800, descender: -200, lineGap: 100)
  package var typo = (ascender: 750, descender: -250, lineGap: 0)
  package var win = (ascent: 900, descent: 300)
  package var useTypoMetrics = false
  package var weight = 400
  package var italic = false
  package var family = "Trellis Test"
  package var subfamily = "Regular"
  package var fullName = "Trellis Test Regular"
  package var postScriptName = "TrellisTest-Regular"
  /// `kern` format 0 pairs.
  package var kernPairs: [(Unicode.Scalar, Unicode.Scalar, Int)] = [("A", "V", -80)]
  /// Writes a GPOS table: an extension lookup with a format 1 pair and a format 2 class pair.
  package var gpos = false
  /// Characters (outside the BMP too) written only to a format 12 subtable, when set.
  package var format12Extras: [(scalar: Unicode.Scalar, advance: Int)] = []
  /// Replaces a table's bytes (to corrupt it) or removes it (nil).
  package var overrides: [String: [UInt8]?] = [:]
  /// Values written in place of the real counts, to make them lie.
  package var numberOfGlyphsOverride: Int?
  package var numberOfHMetricsOverride: Int?

  /// A `trak` table with one normal track: the sizes (points) and values (font units).
  package var trak: [(size: Double, value: Int)]?

  package var allCharacters: [(scalar: Unicode.Scalar, advance: Int)] { characters + format12Extras }

  /// 'trak' (Apple TrueType Reference Manual): header, horizontal track data with one track
  /// (value 0, "normal"), its per-size values, then the size table.
  package func trakTable(_ entries: [(size: Double, value: Int)]) -> [UInt8] {
    var w = BinaryWriter()
    w.u32(0x0001_0000)  // version
    w.u16(0)  // format
    w.u16(12)  // horizOffset
    w.u16(0)  // vertOffset
    w.u16(0)  // reserved
    // Track data at 12: nTracks 1, nSizes, sizeTableOffset; one entry (8 bytes); values; sizes.
    let valuesOffset = 12 + 8 + 8
    let sizesOffset = valuesOffset + 2 * entries.count
    w.u16(1)
    w.u16(entries.count)
    w.u32(sizesOffset)
    w.u32(0)  // track value 0.0 (Fixed): normal
    w.u16(256)  // nameIndex
    w.u16(valuesOffset)
    for entry in entries { w.i16(entry.value) }
    for entry in entries { w.u32(Int(entry.size * 65536)) }
    return w.bytes
  }
  /// The glyph of `scalar`, or 0 (.notdef) when the font does not have it.
  package func glyph(_ scalar: Unicode.Scalar) -> Int { 1 + (allCharacters.firstIndex { $0.scalar == scalar } ?? -1) }
  package var numberOfGlyphs: Int { 1 + allCharacters.count }

  /// The tables, by tag.
  package func tables() -> [(String, [UInt8])] {
    var list: [(String, [UInt8])] = [
      ("OS/2", os2()), ("cmap", cmap()), ("head", head()), ("hhea", hheaTable()), ("hmtx", hmtx()),
      ("maxp", maxp()), ("name", name()),
    ]
    if !kernPairs.isEmpty { list.append(("kern", kern())) }
    if gpos { list.append(("GPOS", gposTable())) }
    if let trak { list.append(("trak", trakTable(trak))) }
    for (tag, replacement) in overrides {
      list.removeAll { $0.0 == tag }
      if let replacement { list.append((tag, replacement)) }
    }
    return list.sorted { $0.0 < $1.0 }
  }

  /// The font file; table offsets count from `base` (for a font inside a collection).
  package func build(base: Int = 0) -> [UInt8] {
    let tables = tables()
    var writer = BinaryWriter()
    writer.u32(0x0001_0000)
    writer.u16(tables.count)
    writer.u16(0)  // searchRange etc.: the reader does not use them
    writer.u16(0)
    writer.u16(0)
    var offset = 12 + 16 * tables.count
    var bodies = BinaryWriter()
    for (tag, bytes) in tables {
      writer.tag(tag)
      writer.u32(0)  // checksum
      writer.u32(base + offset + bodies.bytes.count)
      writer.u32(bytes.count)
      bodies.append(bytes)
      bodies.padTo4()
    }
    offset += 0
    return writer.bytes + bodies.bytes
  }

  /// A `.ttc` holding `fonts`.
  package static func collection(_ fonts: [SyntheticFont]) -> [UInt8] {
    var writer = BinaryWriter()
    writer.tag("ttcf")
    writer.u32(0x0001_0000)
    writer.u32(fonts.count)
    var offset = 12 + 4 * fonts.count
    var bodies: [UInt8] = []
    for font in fonts {
      writer.u32(offset)
      let bytes = font.build(base: offset)
      bodies += bytes
      offset += bytes.count
    }
    return writer.bytes + bodies
  }

  package func head() -> [UInt8] {
    var w = BinaryWriter()
    w.u32(0x0001_0000)  // version
    w.u32(0x0001_0000)  // fontRevision
    w.u32(0)  // checksumAdjustment
    w.u32(0x5F0F_3CF5)  // magicNumber
    w.u16(0x000B)  // flags
    w.u16(unitsPerEm)
    w.append([UInt8](repeating: 0, count: 16))  // created, modified
    w.i16(0); w.i16(-200); w.i16(1000); w.i16(800)  // bounding box
    w.u16(italic ? 2 : 0)  // macStyle
    w.u16(8)  // lowestRecPPEM
    w.i16(2)  // fontDirectionHint
    w.i16(0)  // indexToLocFormat
    w.i16(0)  // glyphDataFormat
    return w.bytes
  }

  package func hheaTable() -> [UInt8] {
    var w = BinaryWriter()
    w.u32(0x0001_0000)
    w.i16(hhea.ascender); w.i16(hhea.descender); w.i16(hhea.lineGap)
    w.u16(1000)  // advanceWidthMax
    w.i16(0); w.i16(0); w.i16(1000)  // minLeft/RightSideBearing, xMaxExtent
    w.i16(1); w.i16(0); w.i16(0)  // caret
    w.append([UInt8](repeating: 0, count: 8))
    w.i16(0)  // metricDataFormat
    w.u16(numberOfHMetricsOverride ?? numberOfHMetrics)
    return w.bytes
  }

  /// Trailing glyphs with the same advance share the last hMetric, as real fonts store them.
  package var numberOfHMetrics: Int {
    let advances = [notdefAdvance] + allCharacters.map(\.advance)
    var count = advances.count
    while count > 1, advances[count - 2] == advances[count - 1] { count -= 1 }
    return count
  }

  package func hmtx() -> [UInt8] {
    var w = BinaryWriter()
    let advances = [notdefAdvance] + allCharacters.map(\.advance)
    for (index, advance) in advances.enumerated() {
      if index < numberOfHMetrics { w.u16(advance) }
      w.i16(0)  // left side bearing
    }
    return w.bytes
  }

  package func maxp() -> [UInt8] {
    var w = BinaryWriter()
    w.u32(0x0000_5000)  // version 0.5
    w.u16(numberOfGlyphsOverride ?? numberOfGlyphs)
    return w.bytes
  }

  package func os2() -> [UInt8] {
    var w = BinaryWriter()
    w.u16(4)  // version
    w.i16(500)  // xAvgCharWidth
    w.u16(weight)
    w.u16(5)  // usWidthClass
    w.u16(0)  // fsType
    w.append([UInt8](repeating: 0, count: 20))  // subscript/superscript/strikeout
    w.i16(0)  // sFamilyClass
    w.append([UInt8](repeating: 0, count: 10))  // panose
    w.append([UInt8](repeating: 0, count: 16))  // ulUnicodeRange
    w.tag("TRLS")
    w.u16((italic ? 0x1 : 0) | (useTypoMetrics ? 0x80 : 0) | (italic || weight >= 700 ? 0 : 0x40))
    w.u16(0x20); w.u16(0xFFFF)  // first/last char index
    w.i16(typo.ascender); w.i16(typo.descender); w.i16(typo.lineGap)
    w.u16(win.ascent); w.u16(win.descent)
    w.append([UInt8](repeating: 0, count: 18))  // code page ranges … usMaxContext
    return w.bytes
  }

  package func name() -> [UInt8] {
    let records: [(Int, String)] = [(1, family), (2, subfamily), (4, fullName), (6, postScriptName)]
    var w = BinaryWriter()
    w.u16(0)
    w.u16(records.count * 2)
    w.u16(6 + 12 * records.count * 2)
    var storage: [UInt8] = []
    // A Mac Roman copy first (lower priority), then the Windows Unicode English one.
    for (id, text) in records {
      let mac = Array(text.utf8)
      w.u16(1); w.u16(0); w.u16(0); w.u16(id); w.u16(mac.count); w.u16(storage.count)
      storage += mac
    }
    for (id, text) in records {
      let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      w.u16(3); w.u16(1); w.u16(0x409); w.u16(id); w.u16(utf16.count); w.u16(storage.count)
      storage += utf16
    }
    return w.bytes + storage
  }

  /// Format 4 (3, 1): a segment per run of consecutive code points, single ones by idDelta and
  /// longer runs through glyphIdArray, then the final 0xFFFF segment. With `format12Extras`, also
  /// a format 12 (3, 10) subtable with every character.
  package func cmap() -> [UInt8] {
    let bmp = characters.map { (code: Int($0.scalar.value), glyph: glyph($0.scalar)) }.sorted { $0.code < $1.code }
    var runs: [[(code: Int, glyph: Int)]] = []
    for entry in bmp {
      if let last = runs.last?.last, last.code + 1 == entry.code {
        runs[runs.count - 1].append(entry)
      } else {
        runs.append([entry])
      }
    }
    let segments = runs.count + 1
    var ends: [Int] = [], starts: [Int] = [], deltas: [Int] = [], rangeOffsets: [Int] = [], glyphArray: [Int] = []
    for (index, run) in runs.enumerated() {
      starts.append(run[0].code)
      ends.append(run[run.count - 1].code)
      if run.count == 1 {
        deltas.append((run[0].glyph - run[0].code) & 0xFFFF)
        rangeOffsets.append(0)
      } else {
        deltas.append(0)
        // Bytes from this idRangeOffset entry to the run's first glyphIdArray entry.
        rangeOffsets.append(2 * (segments - index) + 2 * glyphArray.count)
        glyphArray += run.map(\.glyph)
      }
    }
    starts.append(0xFFFF); ends.append(0xFFFF); deltas.append(1); rangeOffsets.append(0)
    var f4 = BinaryWriter()
    f4.u16(4)
    f4.u16(16 + 8 * segments + 2 * glyphArray.count)
    f4.u16(0)
    f4.u16(2 * segments)
    f4.u16(0); f4.u16(0); f4.u16(0)  // searchRange, entrySelector, rangeShift (unused)
    ends.forEach { f4.u16($0) }
    f4.u16(0)
    starts.forEach { f4.u16($0) }
    deltas.forEach { f4.u16($0) }
    rangeOffsets.forEach { f4.u16($0) }
    glyphArray.forEach { f4.u16($0) }

    var w = BinaryWriter()
    w.u16(0)
    if format12Extras.isEmpty {
      w.u16(1)
      w.u16(3); w.u16(1); w.u32(12)
      return w.bytes + f4.bytes
    }
    let all = allCharacters.map { (code: Int($0.scalar.value), glyph: glyph($0.scalar)) }.sorted { $0.code < $1.code }
    var f12 = BinaryWriter()
    f12.u16(12); f12.u16(0); f12.u32(16 + 12 * all.count); f12.u32(0); f12.u32(all.count)
    for entry in all { f12.u32(entry.code); f12.u32(entry.code); f12.u32(entry.glyph) }
    w.u16(2)
    w.u16(3); w.u16(1); w.u32(20)
    w.u16(3); w.u16(10); w.u32(20 + f4.bytes.count)
    return w.bytes + f4.bytes + f12.bytes
  }

  package func kern() -> [UInt8] {
    let pairs = kernPairs.map { (glyph($0.0) << 16 | glyph($0.1), $0.2) }.sorted { $0.0 < $1.0 }
    var w = BinaryWriter()
    w.u16(0); w.u16(1)
    w.u16(0); w.u16(14 + 6 * pairs.count); w.u16(0x0001)  // version, length, coverage: horizontal, format 0
    w.u16(pairs.count); w.u16(0); w.u16(0); w.u16(0)
    for (key, value) in pairs { w.u32(key); w.i16(value) }
    return w.bytes
  }

  /// GPOS with one 'kern' feature using two lookups: lookup 0 is an extension (type 9) holding
  /// a format 1 pair A–V −100; lookup 1 is a type 2 format 2 class pair, W before a or e −50.
  package func gposTable() -> [UInt8] {
    // Lookup 0's subtable: PairPos format 1.
    var pair1 = BinaryWriter()
    // posFormat 1, coverage at 12, XAdvance in the first record only, one pair set at 18.
    pair1.u16(1); pair1.u16(12); pair1.u16(0x0004); pair1.u16(0); pair1.u16(1); pair1.u16(18)
    pair1.u16(1); pair1.u16(1); pair1.u16(glyph("A"))  // coverage format 1 at 12
    pair1.u16(1); pair1.u16(glyph("V")); pair1.i16(-100)  // pair set at 18
    var extensionTable = BinaryWriter()
    extensionTable.u16(1); extensionTable.u16(2); extensionTable.u32(8)
    extensionTable.append(pair1.bytes)
    var lookup0 = BinaryWriter()
    lookup0.u16(9); lookup0.u16(0); lookup0.u16(1); lookup0.u16(8)
    lookup0.append(extensionTable.bytes)  // at 8

    // Lookup 1's subtable: PairPos format 2 with 2×2 classes.
    var pair2 = BinaryWriter()
    pair2.u16(2); pair2.u16(24); pair2.u16(0x0004); pair2.u16(0); pair2.u16(34); pair2.u16(42)
    pair2.u16(2); pair2.u16(2)
    pair2.i16(0); pair2.i16(0); pair2.i16(0); pair2.i16(-50)  // class1 0: 0, 0; class1 1: 0, −50 (at 16)
    pair2.u16(2); pair2.u16(1); pair2.u16(glyph("W")); pair2.u16(glyph("W")); pair2.u16(0)  // coverage format 2 at 24
    pair2.u16(1); pair2.u16(glyph("W")); pair2.u16(1); pair2.u16(1)  // class def 1, format 1, at 34
    pair2.u16(2); pair2.u16(2)  // class def 2, format 2, at 42
    pair2.u16(glyph("a")); pair2.u16(glyph("a")); pair2.u16(1)
    pair2.u16(glyph("e")); pair2.u16(glyph("e")); pair2.u16(1)
    var lookup1 = BinaryWriter()
    lookup1.u16(2); lookup1.u16(0); lookup1.u16(1); lookup1.u16(8)
    lookup1.append(pair2.bytes)

    var lookupList = BinaryWriter()
    lookupList.u16(2); lookupList.u16(6); lookupList.u16(6 + lookup0.bytes.count)
    lookupList.append(lookup0.bytes)
    lookupList.append(lookup1.bytes)

    var w = BinaryWriter()
    w.u16(1); w.u16(0); w.u16(10); w.u16(12); w.u16(28)
    w.u16(0)  // empty script list at 10
    w.u16(1); w.tag("kern"); w.u16(8)  // feature list at 12
    w.u16(0); w.u16(2); w.u16(0); w.u16(1)  // the feature, at 12 + 8
    w.append(lookupList.bytes)  // at 28
    return w.bytes
  }
}
