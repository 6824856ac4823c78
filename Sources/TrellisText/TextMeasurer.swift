/// The vertical metrics of one line of text, in points.
///
/// A line is `ascender + descender + lineGap` tall, its baseline `ascender` below its top and
/// the gap below the descender. That is UIFont's `lineHeight` (ascender − descender + leading,
/// with UIFont's negative descender) and how CoreText stacks lines with the font's own leading:
/// for SF Pro Text at 17 pt (hhea 1950 / −494 / 0 per 2048 units) that is 16.19 + 4.10 = 20.29,
/// which UILabel reports as 20.5 at @2x and 20.33 at @3x after rounding up to the pixel.
/// Not sourced exactly: whether UIKit rounds ascender and descender separately before adding
/// them; we do not, and round only the final size (see `PixelRounding`). Known gap: CoreText
/// adjusts the line height of some Apple fonts beyond their tables (Helvetica Neue, see
/// `docs/text.md`); that is not modelled.
public struct LineMetrics: Hashable, Sendable {
  /// From the line's top to its baseline.
  public var ascender: Double
  /// From the baseline to the bottom of the descenders, positive.
  public var descender: Double
  /// Extra space below the descender, before the next line.
  public var lineGap: Double
  /// From one line's top to the next one's.
  public var lineHeight: Double

  /// Metrics whose line height is `ascender + descender + lineGap`, unless given.
  public init(ascender: Double, descender: Double, lineGap: Double = 0, lineHeight: Double? = nil) {
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
    self.lineHeight = lineHeight ?? ascender + descender + lineGap
  }
}

/// Measures grapheme clusters (Swift `Character`s) for line layout.
///
/// A run's width is the sum of its clusters' advances plus the kerning between neighbours;
/// `TextLayout` breaks and truncates lines with nothing else.
public protocol TextMeasurer: Sendable {
  /// The vertical metrics of every line.
  var lineMetrics: LineMetrics { get }
  /// The horizontal advance of one cluster in points, without kerning.
  func advance(of cluster: Character) -> Double
  /// The kerning between two neighbouring clusters in points (negative brings them closer).
  func kerning(between left: Character, and right: Character) -> Double
}

extension TextMeasurer {
  /// The width of `text` in points: advances plus kerning between neighbours.
  public func width(of text: some StringProtocol) -> Double {
    var total = 0.0
    var previous: Character?
    for cluster in text {
      if let previous { total += kerning(between: previous, and: cluster) }
      total += advance(of: cluster)
      previous = cluster
    }
    return total
  }
}

/// The fixed metric Trellis uses when no font is available (the project's documented default,
/// `TextMetrics` in TrellisModel): every grapheme cluster advances `0.5 × fontSize`, a line is
/// `1.2 × fontSize` tall with ascender `0.95 × fontSize` and descender `0.25 × fontSize`, no kerning.
public struct FixedTextMeasurer: TextMeasurer {
  /// Advance of every cluster, as a fraction of the font size.
  public static let advanceFactor = 0.5
  /// Line height, as a fraction of the font size.
  public static let lineHeightFactor = 1.2
  /// Ascender, as a fraction of the font size.
  public static let ascenderFactor = 0.95
  /// Descender, as a fraction of the font size.
  public static let descenderFactor = 0.25

  /// The font size in points.
  public let fontSize: Double

  /// The fixed metric at `fontSize` points.
  public init(fontSize: Double) {
    self.fontSize = fontSize
  }

  /// Ascender 0.95, descender 0.25, no gap, line height 1.2, times the font size.
  public var lineMetrics: LineMetrics {
    LineMetrics(
      ascender: Self.ascenderFactor * fontSize, descender: Self.descenderFactor * fontSize, lineGap: 0,
      lineHeight: Self.lineHeightFactor * fontSize)
  }

  /// 0.5 × the font size, whatever the cluster.
  public func advance(of cluster: Character) -> Double { Self.advanceFactor * fontSize }

  /// Always 0: the fixed metric has no kerning.
  public func kerning(between left: Character, and right: Character) -> Double { 0 }
}

/// Measures with a real font's advances, kerning and vertical metrics.
///
/// A cluster's advance is the sum of its scalars' glyph advances (`hmtx`), skipping default
/// ignorables (ZWJ, ZWNJ, variation selectors, tags, …); there is no shaping, so ligatures
/// and contextual forms are not applied, and a ZWJ emoji sequence is as wide as its parts.
/// A scalar the font does not map gets the `.notdef` glyph's advance (CoreText would fall back
/// to another font: measure with the font that has the text). A tab the font does not map
/// advances like a space (no tab stops). Kerning between clusters is the pair kerning between
/// the left cluster's last glyph and the right one's first, which CoreText, and so UILabel,
/// applies by default. Points = font units × size / unitsPerEm.
public struct FontTextMeasurer: TextMeasurer {
  /// The font.
  public let font: Font
  /// The size in points.
  public let size: Double
  /// Whether pair kerning is applied (UIKit's default: yes).
  public let kerningEnabled: Bool
  /// Extra space after each cluster from the font's `trak` table at `size`, in points (0 without one).
  public let tracking: Double
  /// The font's line metrics at `size`, by the rule given at creation (TrellisModel's
  /// `Typesetter` adjusts those of the families UIKit adjusts,
  /// `IOSFonts.uikitLineMetrics(_:family:)`).
  public package(set) var lineMetrics: LineMetrics

  /// Measures with `font` at `size` points.
  ///
  /// - Parameters:
  ///   - font: the face to measure with.
  ///   - size: the font size in points.
  ///   - verticalMetrics: which of the font's vertical metrics set line height and baselines.
  ///   - kerning: whether to apply the font's pair kerning.
  ///   - tracking: whether to apply the font's `trak` table (CoreText does; SF Pro has one).
  public init(
    font: Font, size: Double, verticalMetrics: VerticalMetricsRule = .coreText, kerning: Bool = true,
    tracking: Bool = true
  ) {
    self.font = font
    self.size = size
    self.kerningEnabled = kerning
    self.tracking = tracking ? (font.tracking?.value(atSize: size) ?? 0) * size / Double(font.unitsPerEm) : 0
    self.lineMetrics = font.lineMetrics(size: size, rule: verticalMetrics)
  }

  /// Points for `units` font units: multiplied before dividing, so 500 units at 17 pt per 1000
  /// is exactly 8.5 (scaling by 17/1000 first would give 8.500000000000002).
  private func points(_ units: Int) -> Double { Double(units) * size / Double(font.unitsPerEm) }

  /// The sum of the cluster's glyph advances (see the type's documentation); 0 for a newline.
  public func advance(of cluster: Character) -> Double {
    if cluster.isNewline { return 0 }
    var units = 0
    for scalar in cluster.unicodeScalars where !Self.isDefaultIgnorable(scalar) {
      if let glyph = font.glyph(for: scalar) {
        units += font.advance(ofGlyph: glyph)
      } else if scalar == "\t" {
        units += font.glyph(for: " ").map(font.advance(ofGlyph:)) ?? 0
      } else {
        units += font.advance(ofGlyph: 0)
      }
    }
    return points(units) + tracking
  }

  /// The pair kerning between the left cluster's last glyph and the right one's first; 0
  /// with kerning off or when either has no glyph.
  public func kerning(between left: Character, and right: Character) -> Double {
    guard kerningEnabled,
      let last = left.unicodeScalars.last(where: { !Self.isDefaultIgnorable($0) }),
      let first = right.unicodeScalars.first(where: { !Self.isDefaultIgnorable($0) }),
      let leftGlyph = font.glyph(for: last), let rightGlyph = font.glyph(for: first)
    else { return 0 }
    return points(font.kerning(between: leftGlyph, and: rightGlyph))
  }

  /// Scalars that draw nothing and take no space when a font has no glyph for them.
  static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F,
      0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
      0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
      return true
    default:
      return false
    }
  }
}
