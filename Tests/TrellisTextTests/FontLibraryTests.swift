import Foundation
import TrellisTestSupport
import TrellisText
import XCTest

final class FontLibraryTests: XCTestCase {
  func face(_ family: String, _ style: String, weight: Int, italic: Bool = false, a advance: Int = 500) -> SyntheticFont
  {
    var font = SyntheticFont()
    font.family = family
    font.subfamily = style
    font.fullName = "\(family) \(style)"
    font.postScriptName =
      family.replacingOccurrences(of: " ", with: "") + "-" + style.replacingOccurrences(of: " ", with: "")
    font.weight = weight
    font.italic = italic
    font.characters[font.characters.firstIndex { $0.scalar == "a" }!].advance = advance
    return font
  }

  /// A folder with fonts at two levels, a collection and a broken file.
  func makeDirectory() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fonts-\(UUID().uuidString)")
    let nested = root.appendingPathComponent("nested/deeper")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    try Data(face("Trellis Sans", "Regular", weight: 400, a: 501).build()).write(
      to: root.appendingPathComponent("Sans.ttf"))
    try Data(face("Trellis Sans", "Bold", weight: 700, a: 507).build()).write(
      to: root.appendingPathComponent("Sans-Bold.TTF"))
    try Data(face("Trellis Sans", "Light", weight: 300, a: 503).build()).write(
      to: nested.appendingPathComponent("Sans-Light.otf"))
    let collection = SyntheticFont.collection([
      face("SF Pro Text", "Regular", weight: 400, a: 510), face("SF Pro Text", "Semibold", weight: 600, a: 516),
      face("SF Pro Display", "Regular", weight: 400, a: 520),
    ])
    try Data(collection).write(to: nested.appendingPathComponent("SF.ttc"))
    try Data("not a font".utf8).write(to: root.appendingPathComponent("broken.ttf"))
    try Data("ignored".utf8).write(to: root.appendingPathComponent("readme.txt"))
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    return root
  }

  func aAdvance(_ font: Font?) -> Int? {
    font.flatMap { font in font.glyph(for: "a").map(font.advance(ofGlyph:)) }
  }

  func testLoadsRecursivelyAndReportsFailures() throws {
    let root = try makeDirectory()
    let library = FontLibrary(directory: root.path)
    XCTAssertEqual(library.entries.count, 6)
    XCTAssertEqual(library.families, ["SF Pro Display", "SF Pro Text", "Trellis Sans"])
    XCTAssertEqual(library.failures.count, 1)
    XCTAssertTrue(library.failures[0].path.hasSuffix("broken.ttf"))
    XCTAssertEqual(
      library.failures[0].message, "not a font file: starts with 'not ', not an OpenType, TrueType or collection header"
    )
    XCTAssertEqual(FontLibrary(directory: root.path, recursive: false).entries.count, 2)
    XCTAssertEqual(FontLibrary(directory: root.appendingPathComponent("absent").path).failures.count, 1)
  }

  func testLookupByNameAndWeight() throws {
    let library = FontLibrary(directory: try makeDirectory().path)
    XCTAssertEqual(aAdvance(library.font(named: "TrellisSans-Bold")), 507, "PostScript name")
    XCTAssertEqual(aAdvance(library.font(named: "trellis sans light")), 503, "full name, any case")
    XCTAssertEqual(aAdvance(library.font(named: "Trellis Sans")), 501, "family: regular")
    XCTAssertEqual(aAdvance(library.font(named: "Trellis Sans", weight: 700)), 507)
    // CSS matching: 600 wants heavier first (700); 500 wants 500…, then lighter (400); 200 lighter, then heavier (300).
    XCTAssertEqual(aAdvance(library.font(family: "Trellis Sans", weight: 600)), 507)
    XCTAssertEqual(aAdvance(library.font(family: "Trellis Sans", weight: 500)), 501)
    XCTAssertEqual(aAdvance(library.font(family: "Trellis Sans", weight: 200)), 503)
    XCTAssertNil(library.font(named: "Helvetica"))
  }

  func testScanLimits() throws {
    let root = try makeDirectory()
    var limits = FontLibrary.ScanLimits()
    limits.maxDepth = 1  // the root and nested/, not nested/deeper/
    XCTAssertEqual(FontLibrary(directory: root.path, limits: limits).entries.count, 2)
    limits = FontLibrary.ScanLimits()
    limits.maxFiles = 2
    let two = FontLibrary(directory: root.path, limits: limits)
    XCTAssertEqual(two.entries.count + two.failures.count, 2)
    limits = FontLibrary.ScanLimits()
    limits.maxFileSize = 100
    let small = FontLibrary(directory: root.path, limits: limits)
    XCTAssertEqual(small.entries.count, 0)
    // Three fonts and the collection are over 100 bytes; broken.ttf is not a font.
    XCTAssertEqual(small.failures.count, 5)
  }

  func testSystemFont() throws {
    let library = FontLibrary(directory: try makeDirectory().path)
    XCTAssertEqual(aAdvance(library.systemFont(size: 17)), 510, "SF Pro Text below 20 pt")
    XCTAssertEqual(aAdvance(library.systemFont(size: 17, weight: 600)), 516)
    XCTAssertEqual(aAdvance(library.systemFont(size: 20)), 520, "SF Pro Display from 20 pt")
    // Without SF Pro: the first fallback family present, else the first family by name.
    var other = FontLibrary()
    other.add(bytes: face("Zeta", "Regular", weight: 400, a: 530).build())
    XCTAssertEqual(aAdvance(other.systemFont(size: 17)), 530)
    other.add(bytes: face("DejaVu Sans", "Book", weight: 400, a: 540).build())
    XCTAssertEqual(aAdvance(other.systemFont(size: 17)), 540)
    XCTAssertNil(FontLibrary().systemFont(size: 17))
  }
}

/// Opt-in check against real fonts (not run by default): set TRELLIS_REAL_FONTS to a folder,
/// e.g. `TRELLIS_REAL_FONTS=/usr/share/fonts swift test --filter RealFontCheck`.
final class RealFontCheck: XCTestCase {
  func testRealFonts() throws {
    guard let folder = ProcessInfo.processInfo.environment["TRELLIS_REAL_FONTS"] else {
      throw XCTSkip("set TRELLIS_REAL_FONTS to a font folder to run this check")
    }
    let library = FontLibrary(directory: folder)
    print("real fonts: \(library.entries.count) faces, \(library.failures.count) failures")
    for failure in library.failures { print("  failed: \(failure)") }
    for entry in library.entries {
      let font = entry.font
      let measurer = FontTextMeasurer(font: font, size: 17)
      let layout = TextLayout("Hello, World! AV To Wa", measurer: measurer, rounding: .up(scale: 2))
      let glyphs = "AVTo".unicodeScalars.compactMap(font.glyph(for:))
      let kerning =
        glyphs.count == 4
        ? "AV \(font.kerning(between: glyphs[0], and: glyphs[1])) To \(font.kerning(between: glyphs[2], and: glyphs[3]))"
        : "-"
      let metrics = font.horizontalHeaderMetrics
      print(
        "  \(font.names.postScriptName ?? "?") [\(font.names.family ?? "?") / \(font.weight)\(font.isItalic ? " italic" : "")] upm \(font.unitsPerEm) glyphs \(font.numberOfGlyphs) hhea \(metrics.ascender)/\(metrics.descender)/\(metrics.lineGap) kern \(kerning) → \(layout.width) × \(layout.height), baseline \(layout.firstBaseline)"
      )
      // The sample's width in font units, to compare with an independent reader.
      let units = measurer.width(of: "Hello, World! AV To Wa") * Double(font.unitsPerEm) / 17
      print("  units \(font.names.postScriptName ?? "?") \(units.rounded())")
      XCTAssertGreaterThan(layout.width, 0)
    }
    XCTAssertTrue(library.failures.isEmpty)
    if library.families.contains("DejaVu Sans") {
      // The Condensed faces share the typographic family: the normal width must win.
      XCTAssertEqual(library.font(named: "DejaVu Sans")?.names.postScriptName, "DejaVuSans")
      XCTAssertEqual(library.systemFont(size: 17, weight: 700)?.names.postScriptName, "DejaVuSans-Bold")
    }
  }
}

/// Writes the fuzzing seeds (Fuzz/corpus/font) when TRELLIS_WRITE_FONT_SEEDS names a folder:
/// `TRELLIS_WRITE_FONT_SEEDS=Fuzz/corpus/font swift test --filter FontSeedWriter`.
final class FontSeedWriter: XCTestCase {
  func testWriteSeeds() throws {
    guard let folder = ProcessInfo.processInfo.environment["TRELLIS_WRITE_FONT_SEEDS"] else {
      throw XCTSkip("set TRELLIS_WRITE_FONT_SEEDS to a folder to write the fuzzing seeds")
    }
    var withGPOS = SyntheticFont()
    withGPOS.gpos = true
    var withFormat12 = SyntheticFont()
    withFormat12.format12Extras = [("😀", 1200)]
    var typo = SyntheticFont()
    typo.useTypoMetrics = true
    typo.kernPairs = []
    typo.italic = true
    var small = SyntheticFont()
    small.characters = [(" ", 250), ("a", 500)]
    small.kernPairs = []
    let seeds: [(String, [UInt8])] = [
      ("synthetic-kern", SyntheticFont().build()), ("synthetic-gpos", withGPOS.build()),
      ("synthetic-format12", withFormat12.build()),
      ("synthetic-typo-italic", typo.build()), ("synthetic-small", small.build()),
      ("synthetic-collection", SyntheticFont.collection([small, withGPOS])),
    ]
    for (name, bytes) in seeds {
      try Data(bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
  }
}
