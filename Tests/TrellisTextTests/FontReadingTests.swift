import TrellisTestSupport
import TrellisText
import XCTest

/// The synthetic font's tables read back as written (unitsPerEm 1000, so 1 unit = size/1000 pt).
final class FontReadingTests: XCTestCase {
  func testHeaderMetricsAndNames() throws {
    let font = try Font(bytes: SyntheticFont().build())
    XCTAssertEqual(font.unitsPerEm, 1000)
    XCTAssertEqual(font.numberOfGlyphs, 16)
    XCTAssertEqual(font.horizontalHeaderMetrics, VerticalMetrics(ascender: 800, descender: -200, lineGap: 100))
    XCTAssertEqual(font.typographicMetrics, VerticalMetrics(ascender: 750, descender: -250, lineGap: 0))
    XCTAssertEqual(font.windowsMetrics, VerticalMetrics(ascender: 900, descender: -300, lineGap: 0))
    XCTAssertFalse(font.prefersTypographicMetrics)
    XCTAssertEqual(font.weight, 400)
    XCTAssertFalse(font.isItalic)
    // The Windows English records win over the Mac Roman ones written first.
    XCTAssertEqual(
      font.names,
      FontNames(
        family: "Trellis Test", subfamily: "Regular", fullName: "Trellis Test Regular",
        postScriptName: "TrellisTest-Regular"))
  }

  func testCharacterMapFormat4BothSegmentKinds() throws {
    let synthetic = SyntheticFont()
    let font = try Font(bytes: synthetic.build())
    // "A" is a single-code-point segment (idDelta); "V" and "W", "a"…"c" are runs through glyphIdArray.
    for scalar: Unicode.Scalar in ["A", "V", "W", "a", "b", "c", "e", " ", "-", ".", "…", "漢", "字", "あ", "。"] {
      XCTAssertEqual(font.glyph(for: scalar), synthetic.glyph(scalar), "\(scalar)")
    }
    XCTAssertNil(font.glyph(for: "Z"))
    XCTAssertNil(font.glyph(for: "😀"))
  }

  func testCharacterMapFormat12PreferredForFullRepertoire() throws {
    var synthetic = SyntheticFont()
    synthetic.format12Extras = [("😀", 1200), ("Z", 650)]
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.glyph(for: "😀"), synthetic.glyph("😀"))
    XCTAssertEqual(font.glyph(for: "Z"), synthetic.glyph("Z"))
    XCTAssertEqual(font.glyph(for: "a"), synthetic.glyph("a"))
    XCTAssertEqual(font.advance(ofGlyph: synthetic.glyph("😀")), 1200)
  }

  func testAdvancesIncludingSharedLastMetric() throws {
    let synthetic = SyntheticFont()
    // The four CJK glyphs at the end all advance 1000: hmtx stores the first and shares it.
    XCTAssertEqual(synthetic.numberOfHMetrics, 13)
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.advance(ofGlyph: 0), 600)
    XCTAssertEqual(font.advance(ofGlyph: synthetic.glyph("W")), 900)
    XCTAssertEqual(font.advance(ofGlyph: synthetic.glyph("漢")), 1000)
    XCTAssertEqual(font.advance(ofGlyph: synthetic.glyph("字")), 1000)
    XCTAssertEqual(font.advance(ofGlyph: 9999), 600, "out of range: .notdef's")
  }

  func testKernTableFormat0() throws {
    let synthetic = SyntheticFont()
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.kerning(between: synthetic.glyph("A"), and: synthetic.glyph("V")), -80)
    XCTAssertEqual(font.kerning(between: synthetic.glyph("V"), and: synthetic.glyph("A")), 0)
  }

  func testGPOSPairKerningFormats1And2ThroughAnExtension() throws {
    var synthetic = SyntheticFont()
    synthetic.gpos = true
    let font = try Font(bytes: synthetic.build())
    // GPOS has 'kern' lookups, so the kern table's A–V −80 is not used: the GPOS −100 is.
    XCTAssertEqual(font.kerning(between: synthetic.glyph("A"), and: synthetic.glyph("V")), -100)
    XCTAssertEqual(font.kerning(between: synthetic.glyph("W"), and: synthetic.glyph("a")), -50)
    XCTAssertEqual(font.kerning(between: synthetic.glyph("W"), and: synthetic.glyph("e")), -50)
    XCTAssertEqual(font.kerning(between: synthetic.glyph("W"), and: synthetic.glyph("b")), 0, "class 0")
    XCTAssertEqual(font.kerning(between: synthetic.glyph("a"), and: synthetic.glyph("W")), 0, "not covered")
  }

  func testVerticalMetricsRules() throws {
    var synthetic = SyntheticFont()
    synthetic.useTypoMetrics = true
    let font = try Font(bytes: synthetic.build())
    XCTAssertTrue(font.prefersTypographicMetrics)
    // hhea at 20 pt: 800, 200, 100 units → 16, 4, 2 → line height 22.
    XCTAssertEqual(font.lineMetrics(size: 20), LineMetrics(ascender: 16, descender: 4, lineGap: 2))
    XCTAssertEqual(font.lineMetrics(size: 20).lineHeight, 22)
    // USE_TYPO_METRICS: 750, 250, 0 → 15, 5, 0.
    XCTAssertEqual(
      font.lineMetrics(size: 20, rule: .typographicWhenFlagged), LineMetrics(ascender: 15, descender: 5, lineGap: 0))
    // Windows: 900, 300 → 18, 6.
    XCTAssertEqual(font.lineMetrics(size: 20, rule: .windows), LineMetrics(ascender: 18, descender: 6, lineGap: 0))
    // CoreText honours the flag only in fonts with a STAT table.
    XCTAssertEqual(font.lineMetrics(size: 20, rule: .coreText), LineMetrics(ascender: 16, descender: 4, lineGap: 2))
    synthetic.overrides["STAT"] = [0, 1, 0, 2, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    let withStyleAttributes = try Font(bytes: synthetic.build())
    XCTAssertTrue(withStyleAttributes.hasStyleAttributes)
    XCTAssertEqual(withStyleAttributes.lineMetrics(size: 20), LineMetrics(ascender: 15, descender: 5, lineGap: 0))
    XCTAssertEqual(
      withStyleAttributes.lineMetrics(size: 20, rule: .horizontalHeader),
      LineMetrics(ascender: 16, descender: 4, lineGap: 2))
    synthetic.overrides["STAT"] = nil
    // hhea with both ascender and descender 0 falls back to the typographic metrics.
    synthetic.hhea = (0, 0, 0)
    XCTAssertEqual(try Font(bytes: synthetic.build()).lineMetrics(size: 20), LineMetrics(ascender: 15, descender: 5))
  }

  func testWeightAndItalic() throws {
    var synthetic = SyntheticFont()
    synthetic.weight = 700
    synthetic.italic = true
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.weight, 700)
    XCTAssertTrue(font.isItalic)
  }

  func testCollection() throws {
    var bold = SyntheticFont()
    bold.weight = 700
    bold.postScriptName = "TrellisTest-Bold"
    bold.characters = [("a", 560)]
    bold.kernPairs = []
    let bytes = SyntheticFont.collection([SyntheticFont(), bold])
    let fonts = try Font.fonts(in: bytes)
    XCTAssertEqual(fonts.map(\.names.postScriptName), ["TrellisTest-Regular", "TrellisTest-Bold"])
    XCTAssertEqual(fonts[1].advance(ofGlyph: fonts[1].glyph(for: "a")!), 560)
    XCTAssertEqual(try Font(bytes: bytes, index: 1).weight, 700)
    XCTAssertThrowsError(try Font(bytes: bytes, index: 2)) { error in
      XCTAssertEqual((error as? FontError)?.message, "font index 2 is out of range: the file holds 2 fonts")
    }
  }
}

/// Less common but legal layouts of the same tables.
final class FontVariantTests: XCTestCase {
  func testCFFFlavouredSfntVersionIsAccepted() throws {
    var bytes = SyntheticFont().build()
    bytes.replaceSubrange(0..<4, with: Array("OTTO".utf8))
    XCTAssertEqual(try Font(bytes: bytes).unitsPerEm, 1000)
  }

  func testAppleKernTableVersion1() throws {
    let synthetic = SyntheticFont()
    var w = BinaryWriter()
    w.u32(0x0001_0000)  // version 1.0
    w.u32(1)  // nTables
    w.u32(8 + 8 + 6)  // subtable length
    w.u8(0)  // coverage: horizontal
    w.u8(0)  // format 0
    w.u16(0)  // tupleIndex
    w.u16(1)
    w.u16(0)
    w.u16(0)
    w.u16(0)
    w.u16(synthetic.glyph("A"))
    w.u16(synthetic.glyph("V"))
    w.i16(-70)
    var apple = synthetic
    apple.overrides["kern"] = w.bytes
    let font = try Font(bytes: apple.build())
    XCTAssertEqual(font.kerning(between: synthetic.glyph("A"), and: synthetic.glyph("V")), -70)
  }

  func testSymbolCharacterMapIsReachedFromASCII() throws {
    // One (3, 0) format 4 subtable mapping U+F041 ("A" in the symbol area) to glyph 4.
    var w = BinaryWriter()
    w.u16(0)
    w.u16(1)
    w.u16(3)
    w.u16(0)
    w.u32(12)
    w.u16(4)
    w.u16(32)
    w.u16(0)
    w.u16(4)  // two segments
    w.u16(0)
    w.u16(0)
    w.u16(0)
    w.u16(0xF041)
    w.u16(0xFFFF)  // endCode
    w.u16(0)
    w.u16(0xF041)
    w.u16(0xFFFF)  // startCode
    w.u16((4 - 0xF041) & 0xFFFF)
    w.u16(1)  // idDelta
    w.u16(0)
    w.u16(0)  // idRangeOffset
    var synthetic = SyntheticFont()
    synthetic.overrides["cmap"] = w.bytes
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(font.glyph(for: "A"), 4)
    XCTAssertNil(font.glyph(for: "B"))
  }

  func testNumberOfHMetricsBelowNumGlyphsSharesTheLastAdvance() throws {
    var synthetic = SyntheticFont()
    synthetic.characters = [("a", 500), ("b", 700), ("c", 700), ("d", 700)]
    synthetic.kernPairs = []
    XCTAssertEqual(synthetic.numberOfHMetrics, 3)
    let font = try Font(bytes: synthetic.build())
    XCTAssertEqual(FontTextMeasurer(font: font, size: 10).width(of: "abcd"), 26, accuracy: 1e-9)
  }
}
