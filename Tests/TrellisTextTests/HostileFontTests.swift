import Foundation
import TrellisTestSupport
import TrellisText
import XCTest

/// Broken and hostile files: each gives a FontError that says what is wrong, never a trap or hang.
final class HostileFontTests: XCTestCase {
  func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> FontError? {
    do {
      _ = try Font(bytes: bytes)
      XCTFail("the font was accepted", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  func testNotAFont() {
    XCTAssertEqual(error([])?.kind, .notAFont)
    XCTAssertEqual(error([])?.message, "not a font file: 0 bytes, too short for a header")
    XCTAssertEqual(
      error(Array("hello, world".utf8))?.message,
      "not a font file: starts with 'hell', not an OpenType, TrueType or collection header")
    XCTAssertEqual(error(Array("wOFF0000".utf8))?.kind, .unsupported)
  }

  func testTruncatedDirectory() {
    let bytes = Array(SyntheticFont().build().prefix(40))
    XCTAssertEqual(
      error(bytes)?.message, "the table directory is truncated: needs 16·numTables = 128 bytes for 8 tables, has 28")
  }

  func testTableOutsideTheFile() {
    var bytes = SyntheticFont().build()
    // The first record is 'OS/2' (tables are sorted): point its offset past the end.
    bytes.replaceSubrange(20..<24, with: [0x7F, 0, 0, 0])
    let problem = error(bytes)
    XCTAssertEqual(problem?.kind, .offsetOutOfRange)
    XCTAssertEqual(problem?.table, "OS/2")
    XCTAssertTrue(
      problem?.message.hasPrefix("table 'OS/2' lies outside the file: offset 2130706432") ?? false,
      "\(String(describing: problem))")
  }

  func testHmtxTruncated() {
    var synthetic = SyntheticFont()
    synthetic.numberOfGlyphsOverride = 300
    synthetic.numberOfHMetricsOverride = 300
    synthetic.overrides["hmtx"] = [UInt8](repeating: 0, count: 640)
    XCTAssertEqual(
      error(synthetic.build())?.message, "table 'hmtx' is truncated: needs 4·numberOfHMetrics = 1200 bytes, has 640")
    // Enough for the metrics, not for the bearings of the other glyphs: 1200 + 2·(400 − 300).
    synthetic.numberOfGlyphsOverride = 400
    synthetic.overrides["hmtx"] = [UInt8](repeating: 0, count: 1300)
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'hmtx' is truncated: needs 4·numberOfHMetrics + 2·(numGlyphs − numberOfHMetrics) = 1400 bytes, has 1300")
  }

  func testZeroUnitsPerEm() {
    var synthetic = SyntheticFont()
    synthetic.unitsPerEm = 0
    XCTAssertEqual(error(synthetic.build())?.message, "table 'head' is invalid: unitsPerEm is 0, outside 16…16384")
  }

  func testBadHeadMagicAndShortHead() {
    var head = SyntheticFont().head()
    head[12] = 0
    var synthetic = SyntheticFont()
    synthetic.overrides["head"] = head
    XCTAssertEqual(
      error(synthetic.build())?.message, "table 'head' is invalid: magicNumber is 0x000f3cf5, not 0x5f0f3cf5")
    synthetic.overrides["head"] = Array(head.prefix(20))
    XCTAssertEqual(
      error(synthetic.build())?.message, "table 'head' is truncated: needs the 54-byte header = 54 bytes, has 20")
  }

  func testMissingTable() {
    var synthetic = SyntheticFont()
    synthetic.overrides["cmap"] = .some(nil)
    XCTAssertEqual(error(synthetic.build())?.kind, .missingTable)
    XCTAssertEqual(error(synthetic.build())?.message, "the font has no 'cmap' table, which every font needs")
  }

  func testCountsThatLie() {
    var synthetic = SyntheticFont()
    synthetic.numberOfHMetricsOverride = 0
    XCTAssertEqual(
      error(synthetic.build())?.message, "table 'hhea' is invalid: numberOfHMetrics is 0; at least one is needed")
    synthetic.numberOfHMetricsOverride = 60000
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'hhea' is invalid: numberOfHMetrics 60000 is more than maxp's numGlyphs 16")
  }

  func testCmapSegmentCountLies() {
    var cmap = SyntheticFont().cmap()
    // segCountX2 sits 6 bytes into the format 4 subtable, which starts at 12.
    cmap.replaceSubrange(18..<20, with: [0x4E, 0x20])  // 20000 → 10000 segments
    var synthetic = SyntheticFont()
    synthetic.overrides["cmap"] = cmap
    let problem = error(synthetic.build())
    XCTAssertEqual(problem?.kind, .truncated)
    XCTAssertEqual(
      problem?.message,
      "table 'cmap' is truncated: at offset 12 needs 16 + 8·segCount for 10000 segments = 80016 bytes, has \(cmap.count - 12)"
    )
    cmap.replaceSubrange(18..<20, with: [0, 3])  // odd
    synthetic.overrides["cmap"] = cmap
    XCTAssertEqual(
      error(synthetic.build())?.message, "table 'cmap' is invalid: format 4 segCountX2 is 3, not a positive even number"
    )
  }

  func testCmapFormat12HugeGroupCount() {
    var synthetic = SyntheticFont()
    synthetic.format12Extras = [("😀", 1000)]
    var cmap = synthetic.cmap()
    let format12 = Int(cmap[16]) << 24 | Int(cmap[17]) << 16 | Int(cmap[18]) << 8 | Int(cmap[19])
    cmap.replaceSubrange((format12 + 12)..<(format12 + 16), with: [0xFF, 0xFF, 0xFF, 0xF0])
    synthetic.overrides["cmap"] = cmap
    let problem = error(synthetic.build())
    XCTAssertEqual(problem?.kind, .truncated)
    XCTAssertTrue(
      problem?.message.contains("16 + 12·numGroups for 4294967280 groups = 51539607376 bytes") ?? false,
      "\(String(describing: problem))")
  }

  func testCmapWithoutUnicodeSubtable() {
    var w = BinaryWriter()
    w.u16(0); w.u16(1); w.u16(1); w.u16(0); w.u32(12)  // Mac Roman
    w.u16(0); w.u16(262); w.u16(0)
    w.append([UInt8](repeating: 0, count: 256))
    var synthetic = SyntheticFont()
    synthetic.overrides["cmap"] = w.bytes
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'cmap' has no Unicode subtable in format 4 or 12: it has no Unicode subtable")
    var other = BinaryWriter()
    other.u16(0); other.u16(1); other.u16(3); other.u16(1); other.u32(12)
    other.u16(6); other.u16(10); other.u16(0); other.u16(0); other.u16(0)
    synthetic.overrides["cmap"] = other.bytes
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'cmap' has no Unicode subtable in format 4 or 12: it has only (3, 1) format 6")
  }

  func testHugeCountsHitLimits() {
    // A collection claiming a billion fonts.
    var ttc = BinaryWriter()
    ttc.tag("ttcf"); ttc.u32(0x0001_0000); ttc.u32(1_000_000_000)
    XCTAssertEqual(error(ttc.bytes)?.kind, .limitExceeded)
    // A name table claiming 65535 records.
    var synthetic = SyntheticFont()
    var name = synthetic.name()
    name.replaceSubrange(2..<4, with: [0xFF, 0xFF])
    synthetic.overrides["name"] = name
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'name' is beyond the reader's limits: 65535 records, more than the limit 4096")
    // A kern subtable claiming 65535 pairs.
    var kern = SyntheticFont().kern()
    kern.replaceSubrange(10..<12, with: [0xFF, 0xFF])
    synthetic = SyntheticFont()
    synthetic.overrides["kern"] = kern
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'kern' is truncated: at offset 18 needs 6·nPairs for 65535 pairs = 393210 bytes, has 6")
  }

  func testNameStringOutOfRange() {
    var synthetic = SyntheticFont()
    var name = synthetic.name()
    name.replaceSubrange(16..<18, with: [0x7F, 0xFF])  // the first record's offset
    synthetic.overrides["name"] = name
    XCTAssertEqual(error(synthetic.build())?.kind, .offsetOutOfRange)
  }

  func testGPOSOffsetsOutOfRange() {
    var synthetic = SyntheticFont()
    synthetic.gpos = true
    var gpos = synthetic.gposTable()
    gpos.replaceSubrange(8..<10, with: [0x7F, 0xFF])  // lookup list offset
    synthetic.overrides["GPOS"] = gpos
    XCTAssertEqual(
      error(synthetic.build())?.message,
      "table 'GPOS' has an offset out of range: the lookup list at offset 32767 is outside the table's \(gpos.count) bytes"
    )
    // Class counts whose records would not fit.
    gpos = synthetic.gposTable()
    let pairPos2 = gpos.count - 58  // the format 2 subtable is the last 58 bytes
    gpos.replaceSubrange((pairPos2 + 12)..<(pairPos2 + 16), with: [0xFF, 0xFF, 0xFF, 0xFF])
    synthetic.overrides["GPOS"] = gpos
    XCTAssertEqual(error(synthetic.build())?.kind, .truncated)
  }

  /// Every prefix of a good font, and a few thousand random corruptions of it, is read or
  /// refused without trapping, and whatever is read measures text.
  func testPrefixesAndCorruptionsNeverTrap() {
    var synthetic = SyntheticFont()
    synthetic.gpos = true
    synthetic.format12Extras = [("😀", 1000)]
    let good = synthetic.build()
    for length in 0..<good.count {
      XCTAssertThrowsError(try Font(bytes: Array(good.prefix(length))))
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var accepted = 0
    for _ in 0..<3000 {
      var bytes = good
      for _ in 0..<(1 + next() % 4) {
        bytes[next() % bytes.count] = next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: next())
      }
      guard let font = try? Font(bytes: bytes) else { continue }
      accepted += 1
      let layout = TextLayout(
        "AVa Wa 漢字。😀 well-known", measurer: FontTextMeasurer(font: font, size: 17), maxWidth: 60, numberOfLines: 2)
      XCTAssertLessThanOrEqual(layout.lines.count, 2)
    }
    XCTAssertGreaterThan(accepted, 100)
  }
}

/// Tables whose records share bytes, so that counts multiply: reading stays fast.
final class SharedRecordTests: XCTestCase {
  /// A GPOS table with `features` 'kern' records all pointing to one feature of `indices`
  /// lookup indices; `lookups` lookup offsets all pointing to one extension lookup with
  /// `subtables` subtable offsets, all pointing to one extension of type `extensionType`
  /// holding the pair A–V −100.
  func sharedGPOS(
    _ synthetic: SyntheticFont, features: Int, indices: Int, lookups: Int, subtables: Int, extensionType: Int
  )
    -> [UInt8]
  {
    var featureList = BinaryWriter()
    featureList.u16(features)
    for _ in 0..<features {
      featureList.tag("kern")
      featureList.u16(2 + 6 * features)
    }
    featureList.u16(0)
    featureList.u16(indices)
    for index in 0..<indices { featureList.u16(index % lookups) }
    var lookupList = BinaryWriter()
    lookupList.u16(lookups)
    for _ in 0..<lookups { lookupList.u16(2 + 2 * lookups) }
    lookupList.u16(9)
    lookupList.u16(0)
    lookupList.u16(subtables)
    for _ in 0..<subtables { lookupList.u16(6 + 2 * subtables) }
    lookupList.u16(1)
    lookupList.u16(extensionType)
    lookupList.u32(8)
    for value in [1, 12, 0x0004, 0, 1, 18, 1, 1, synthetic.glyph("A"), 1, synthetic.glyph("V"), -100] {
      lookupList.i16(value)
    }
    var w = BinaryWriter()
    w.u16(1)
    w.u16(0)
    w.u16(10)
    w.u16(12)
    w.u16(12 + featureList.bytes.count)
    w.u16(0)
    return w.bytes + featureList.bytes + lookupList.bytes
  }

  func testSharedFeaturesAndLookupsAreReadOnce() throws {
    var synthetic = SyntheticFont()
    synthetic.overrides["GPOS"] = sharedGPOS(
      synthetic, features: 5000, indices: 5000, lookups: 5000, subtables: 1, extensionType: 2)
    let start = Date()
    let font = try Font(bytes: synthetic.build())
    // 5000 lookup indices, one lookup: applied once.
    XCTAssertEqual(font.kerning(between: synthetic.glyph("A"), and: synthetic.glyph("V")), -100)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func testThousandsOfSubtablesHitTheLimitQuickly() {
    var synthetic = SyntheticFont()
    synthetic.overrides["GPOS"] = sharedGPOS(
      synthetic, features: 5000, indices: 5000, lookups: 5000, subtables: 5000, extensionType: 1)
    let start = Date()
    XCTAssertThrowsError(try Font(bytes: synthetic.build())) { error in
      XCTAssertEqual((error as? FontError)?.kind, .limitExceeded)
      XCTAssertEqual(
        (error as? FontError)?.message,
        "table 'GPOS' is beyond the reader's limits: more kerning subtables than the limit")
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }
}
