/// One font face read from an OpenType/TrueType file: its names, weight, metrics, character
/// map, advance widths and pair kerning.
///
/// Reading never traps: every offset and count is checked and a problem is a `FontError`.
/// Glyph outlines are not read (measuring needs none), so CFF-flavoured `.otf` files work too.
public struct Font: Sendable {
  /// The face's names from the `name` table.
  public let names: FontNames
  /// Weight class from `OS/2` (100 thin … 400 regular … 700 bold … 900 black); 400 without `OS/2`.
  public let weight: Int
  /// Width class from `OS/2` (1 ultra-condensed … 5 normal … 9 ultra-expanded); 5 without `OS/2`.
  public let widthClass: Int
  /// Whether the face is italic or oblique (`OS/2` fsSelection bits 0 or 9, else `head` macStyle bit 1).
  public let isItalic: Bool
  /// Font units per em (`head`), 16…16384.
  public let unitsPerEm: Int
  /// Glyphs in the font (`maxp`).
  public let numberOfGlyphs: Int
  /// `head` flags, as stored.
  public let headFlags: UInt16
  /// Ascender, descender (negative below the baseline) and line gap from `hhea`, in font units.
  public let horizontalHeaderMetrics: VerticalMetrics
  /// sTypoAscender, sTypoDescender and sTypoLineGap from `OS/2`, in font units, when present.
  public let typographicMetrics: VerticalMetrics?
  /// usWinAscent and usWinDescent from `OS/2` (descender stored negated, line gap 0), when present.
  public let windowsMetrics: VerticalMetrics?
  /// Whether `OS/2` fsSelection bit 7 (USE_TYPO_METRICS) is set.
  public let prefersTypographicMetrics: Bool
  /// Whether the font has a `STAT` (style attributes) table, which makes CoreText honour
  /// USE_TYPO_METRICS (see `VerticalMetricsRule.coreText`).
  public let hasStyleAttributes: Bool

  /// The `trak` table's normal track (`nil`: none, or unreadable).
  public let tracking: TrackingTable?
  let characterMap: CharacterMap
  /// Advance widths of the first numberOfHMetrics glyphs; later glyphs use the last one.
  let advances: [UInt16]
  let kerning: PairKerning

  /// Reads font `index` of `bytes` (0 for a single-font file; a collection's fonts count from 0).
  ///
  /// - Parameters:
  ///   - bytes: the whole `.ttf`, `.otf` or `.ttc` file.
  ///   - index: which font of a collection.
  ///   - limits: bounds on sizes and counts, so hostile files stay cheap.
  /// - Throws: `FontError` naming the table and what is wrong when the file cannot be read.
  public init(bytes: [UInt8], index: Int = 0, limits: FontLimits = FontLimits()) throws(FontError) {
    let directory = try TableDirectory(bytes, index: index, limits: limits)

    // head: unitsPerEm at 18 (16…16384 per the spec), flags at 16, macStyle at 44.
    let head = try directory.required("head")
    try head.require(54, "the 54-byte header")
    guard try head.u32(12, "magicNumber") == 0x5F0F_3CF5 else {
      let hex = String(head.u32OrZero(12), radix: 16)
      throw .invalid("head", "magicNumber is 0x\(String(repeating: "0", count: 8 - hex.count))\(hex), not 0x5f0f3cf5")
    }
    let unitsPerEm = Int(try head.u16(18, "unitsPerEm"))
    guard (16...16384).contains(unitsPerEm) else {
      throw .invalid("head", "unitsPerEm is \(unitsPerEm), outside 16…16384")
    }
    headFlags = try head.u16(16, "flags")
    let macStyle = try head.u16(44, "macStyle")

    // maxp: numGlyphs at 4 (version 0.5 is 6 bytes, 1.0 is 32).
    let maxp = try directory.required("maxp")
    try maxp.require(6, "version and numGlyphs")
    let numberOfGlyphs = Int(try maxp.u16(4, "numGlyphs"))
    guard numberOfGlyphs >= 1 else { throw .invalid("maxp", "numGlyphs is 0; every font has at least .notdef") }

    // hhea: ascender 4, descender 6, lineGap 8, numberOfHMetrics 34.
    let hhea = try directory.required("hhea")
    try hhea.require(36, "the 36-byte header")
    horizontalHeaderMetrics = VerticalMetrics(
      ascender: Int(try hhea.i16(4, "ascender")), descender: Int(try hhea.i16(6, "descender")),
      lineGap: Int(try hhea.i16(8, "lineGap")))
    let numberOfHMetrics = Int(try hhea.u16(34, "numberOfHMetrics"))
    guard numberOfHMetrics >= 1 else { throw .invalid("hhea", "numberOfHMetrics is 0; at least one is needed") }
    guard numberOfHMetrics <= numberOfGlyphs else {
      throw .invalid("hhea", "numberOfHMetrics \(numberOfHMetrics) is more than maxp's numGlyphs \(numberOfGlyphs)")
    }

    // hmtx: numberOfHMetrics (advanceWidth, lsb) pairs, then a left side bearing per other glyph.
    let hmtx = try directory.required("hmtx")
    try hmtx.require(4 * numberOfHMetrics, "4·numberOfHMetrics")
    let bearings = 2 * (numberOfGlyphs - numberOfHMetrics)
    try hmtx.require(4 * numberOfHMetrics + bearings, "4·numberOfHMetrics + 2·(numGlyphs − numberOfHMetrics)")
    var advances: [UInt16] = []
    advances.reserveCapacity(numberOfHMetrics)
    for glyph in 0..<numberOfHMetrics { advances.append(hmtx.u16OrZero(4 * glyph)) }

    // OS/2: usWeightClass 4, fsSelection 62, sTypo* 68–72, usWin* 74–76 (78 bytes from version 0;
    // some old Apple fonts stop at 68, before the typographic fields).
    var weight = 400
    var widthClass = 5
    var italic = macStyle & 0x2 != 0
    var typographic: VerticalMetrics?
    var windows: VerticalMetrics?
    var useTypo = false
    if let os2 = directory.table("OS/2") {
      try os2.require(64, "the fields up to fsSelection")
      let weightClass = Int(try os2.u16(4, "usWeightClass"))
      // Some old fonts store 1…9 for 100…900.
      weight = (1...9).contains(weightClass) ? weightClass * 100 : (weightClass == 0 ? 400 : min(weightClass, 1000))
      let width = Int(try os2.u16(6, "usWidthClass"))
      widthClass = (1...9).contains(width) ? width : 5
      let selection = try os2.u16(62, "fsSelection")
      italic = italic || selection & 0x1 != 0 || selection & 0x200 != 0
      useTypo = selection & 0x80 != 0
      if os2.contains(68, 10) {
        typographic = VerticalMetrics(
          ascender: Int(os2.i16OrZero(68)), descender: Int(os2.i16OrZero(70)), lineGap: Int(os2.i16OrZero(72)))
        windows = VerticalMetrics(ascender: Int(os2.u16OrZero(74)), descender: -Int(os2.u16OrZero(76)), lineGap: 0)
      }
    }

    self.unitsPerEm = unitsPerEm
    self.numberOfGlyphs = numberOfGlyphs
    self.advances = advances
    self.weight = weight
    self.widthClass = widthClass
    self.isItalic = italic
    self.typographicMetrics = typographic
    self.windowsMetrics = windows
    self.prefersTypographicMetrics = useTypo
    self.hasStyleAttributes = directory.tables["STAT"] != nil
    self.names =
      try directory.table("name").map { table throws(FontError) in try FontNames(table, limits: limits) } ?? FontNames()
    self.characterMap = try CharacterMap(try directory.required("cmap"), numberOfGlyphs: numberOfGlyphs)
    self.tracking = TrackingTable(directory.table("trak"))
    self.kerning = try PairKerning(
      kern: directory.table("kern"), gpos: directory.table("GPOS"), numberOfGlyphs: numberOfGlyphs, limits: limits)
  }

  /// Every font in `bytes`: one for a `.ttf`/`.otf`, each font of a `.ttc` collection.
  ///
  /// - Throws: `FontError` when the file or any of its fonts cannot be read.
  public static func fonts(in bytes: [UInt8], limits: FontLimits = FontLimits()) throws(FontError) -> [Font] {
    let count = try TableDirectory.faceCount(bytes, limits: limits)
    var fonts: [Font] = []
    for index in 0..<count { fonts.append(try Font(bytes: bytes, index: index, limits: limits)) }
    return fonts
  }

  /// The glyph the character map gives `scalar`, or nil when the font has none for it.
  public func glyph(for scalar: Unicode.Scalar) -> Int? {
    characterMap.glyph(for: scalar.value)
  }

  /// The advance width of `glyph` in font units (glyphs past numberOfHMetrics share the last
  /// advance, as `hmtx` specifies; an out-of-range glyph gets .notdef's).
  public func advance(ofGlyph glyph: Int) -> Int {
    guard glyph >= 0, glyph < numberOfGlyphs else { return Int(advances[0]) }
    return Int(advances[min(glyph, advances.count - 1)])
  }

  /// The horizontal kerning between two glyphs, in font units (negative brings them closer),
  /// from `GPOS` 'kern' pair adjustments when the font has them, else from the `kern` table.
  public func kerning(between left: Int, and right: Int) -> Int {
    kerning.adjustment(left, right)
  }

  /// The face's line metrics at `size` points (a negative line gap counts as 0, a choice so
  /// that lines never overlap; what CoreText does with one is not documented).
  ///
  /// - Parameters:
  ///   - size: the font size in points.
  ///   - rule: which of the font's three sets of vertical metrics to use (see `VerticalMetricsRule`).
  public func lineMetrics(size: Double, rule: VerticalMetricsRule = .coreText) -> LineMetrics {
    let units = verticalMetrics(rule)
    let em = Double(unitsPerEm)
    return LineMetrics(
      ascender: Double(units.ascender) * size / em, descender: -Double(units.descender) * size / em,
      lineGap: Double(max(0, units.lineGap)) * size / em)
  }

  /// The vertical metrics `rule` picks, in font units.
  public func verticalMetrics(_ rule: VerticalMetricsRule) -> VerticalMetrics {
    let hhea = horizontalHeaderMetrics
    let hheaUsable = hhea.ascender != 0 || hhea.descender != 0
    switch rule {
    case .coreText:
      if prefersTypographicMetrics, hasStyleAttributes, let typographic = typographicMetrics { return typographic }
      return hheaUsable ? hhea : (typographicMetrics ?? windowsMetrics ?? hhea)
    case .horizontalHeader:
      if hheaUsable { return hhea }
      return typographicMetrics ?? windowsMetrics ?? hhea
    case .typographicWhenFlagged:
      if prefersTypographicMetrics, let typographic = typographicMetrics { return typographic }
      return hheaUsable ? hhea : (typographicMetrics ?? windowsMetrics ?? hhea)
    case .windows:
      return windowsMetrics ?? hhea
    }
  }
}

/// Ascender, descender and line gap in font units, as a font stores them (descender negative
/// below the baseline).
public struct VerticalMetrics: Hashable, Sendable {
  /// Height above the baseline.
  public var ascender: Int
  /// Depth below the baseline, negative.
  public var descender: Int
  /// Extra space between lines.
  public var lineGap: Int

  /// Makes metrics from font-unit values.
  public init(ascender: Int, descender: Int, lineGap: Int) {
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
  }
}

/// Which of a font's vertical metrics set the line height and baseline.
public enum VerticalMetricsRule: Hashable, Sendable {
  /// CoreText's, and so UIKit's: `hhea`, except that a font with a `STAT` table and the
  /// USE_TYPO_METRICS bit set uses `OS/2` sTypo* (WebKit commit 50cfb6a, "Add STAT table to
  /// CanvasTest.ttf, to ensure macOS uses OS_2 sTypo ascent&descent": "CoreText uses metrics
  /// from the font's hhea table by default. However if there is a STAT table, CT will respect
  /// the USE_TYPO_METRICS flag"). The default.
  case coreText
  /// `hhea` ascender, descender and lineGap, whatever USE_TYPO_METRICS says. Falls back to
  /// `OS/2` typographic, then Windows metrics when `hhea` has both ascender and descender 0.
  case horizontalHeader
  /// `OS/2` sTypo* when fsSelection's USE_TYPO_METRICS bit is set, else as `horizontalHeader`:
  /// what DirectWrite and FreeType-based browsers do.
  case typographicWhenFlagged
  /// `OS/2` usWinAscent and usWinDescent, no gap: GDI's rule.
  case windows
}

/// A face's names, for finding it by name.
public struct FontNames: Hashable, Sendable {
  /// Family name (name ID 16, typographic family, when present; else ID 1), e.g. "SF Pro Text".
  public var family: String?
  /// Subfamily (ID 17, else ID 2), e.g. "Semibold Italic".
  public var subfamily: String?
  /// Full name (ID 4), e.g. "SF Pro Text Semibold Italic".
  public var fullName: String?
  /// PostScript name (ID 6), e.g. "SFProText-SemiboldItalic".
  public var postScriptName: String?

  /// Names, all optional.
  public init(family: String? = nil, subfamily: String? = nil, fullName: String? = nil, postScriptName: String? = nil) {
    self.family = family
    self.subfamily = subfamily
    self.fullName = fullName
    self.postScriptName = postScriptName
  }

  /// Reads the `name` table: format, count, stringOffset, then 12-byte records
  /// (platformID, encodingID, languageID, nameID, length, offset). Prefers Windows Unicode
  /// English (3, 1 or 10, 0x409), then any Windows Unicode, then Unicode platform, then Mac Roman.
  init(_ table: TableData, limits: FontLimits) throws(FontError) {
    try table.require(6, "format, count and stringOffset")
    let count = Int(try table.u16(2, "count"))
    let storage = Int(try table.u16(4, "stringOffset"))
    guard count <= limits.maxNameRecords else {
      throw .limit("name", "\(count) records, more than the limit \(limits.maxNameRecords)")
    }
    try table.require(6 + 12 * count, "6 + 12·count")
    var best: [Int: (rank: Int, text: String)] = [:]
    for entry in 0..<count {
      let record = 6 + 12 * entry
      let platform = table.u16OrZero(record), encoding = table.u16OrZero(record + 2),
        language = table.u16OrZero(record + 4)
      let nameID = Int(table.u16OrZero(record + 6))
      guard [1, 2, 4, 6, 16, 17].contains(nameID) else { continue }
      let length = Int(table.u16OrZero(record + 8)), offset = Int(table.u16OrZero(record + 10))
      let rank: Int
      switch (platform, encoding) {
      case (3, 1), (3, 10): rank = language == 0x409 ? 0 : 1
      case (0, _): rank = 2
      case (1, 0): rank = language == 0 ? 3 : 4
      default: continue
      }
      if let existing = best[nameID], existing.rank <= rank { continue }
      guard table.contains(storage + offset, length) else {
        throw .outOfRange(
          "name",
          "the string of record \(entry) (name ID \(nameID)) at \(storage + offset), length \(length), is outside the table's \(table.count) bytes"
        )
      }
      let bytes = table.file[(table.start + storage + offset)..<(table.start + storage + offset + length)]
      let text: String
      if platform == 1 {
        // Mac Roman: ASCII is the same; other bytes are rare in names and are kept as Latin-1.
        text = String(bytes.map { Character(Unicode.Scalar($0)) })
      } else {
        var units: [UInt16] = []
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
          units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
          index += 2
        }
        text = String(decoding: units, as: Unicode.UTF16.self)
      }
      best[nameID] = (rank, text)
    }
    family = best[16]?.text ?? best[1]?.text
    subfamily = best[17]?.text ?? best[2]?.text
    fullName = best[4]?.text
    postScriptName = best[6]?.text
  }
}
