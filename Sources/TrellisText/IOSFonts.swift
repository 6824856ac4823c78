/// One face of a font family iOS ships (Arial, Helvetica Neue, Avenir, Georgia, Menlo, …): the
/// numbers UIKit lays text out with, carried so a machine without the font file measures a label
/// in it as iOS does. See `IOSFonts` and docs/text.md, "Fonts iOS ships".
public struct IOSFontFace: Sendable, Hashable {
  /// What is not known exactly for a face, so its measures are approximate.
  public struct Approximation: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The vertical metrics are a related family's, not the face's own.
    public static let verticalMetrics = Approximation(rawValue: 1)
    /// The face's own average advance is not sourced: a related family's stands in.
    public static let averageAdvance = Approximation(rawValue: 2)
  }

  /// The family ("Helvetica Neue").
  public let family: String
  /// The PostScript name, as Interface Builder writes it ("HelveticaNeue-Light").
  public let postScriptName: String
  /// The OS/2 weight class (100…900).
  public let weight: Int
  /// Whether the face is italic or oblique.
  public let isItalic: Bool
  /// Font units per em.
  public let unitsPerEm: Int
  /// `hhea` ascender, in font units.
  public let ascender: Int
  /// `hhea` descender, in font units (negative below the baseline).
  public let descender: Int
  /// `hhea` line gap, in font units.
  public let lineGap: Int
  /// The average advance of English text in font units: the advances of the space and of a…z
  /// weighted by their frequency (`IOSFonts.englishFrequencies`). Without the face's widths,
  /// characters are given Inter's proportions scaled to this average (`IOSFontMeasurer`).
  public let averageAdvance: Int
  /// What is approximated beyond the widths (empty: the vertical metrics are the face's own).
  public let approximation: Approximation

  init(
    _ family: String, _ postScriptName: String, _ weight: Int, _ isItalic: Bool, _ unitsPerEm: Int,
    _ ascender: Int, _ descender: Int, _ lineGap: Int, _ averageAdvance: Int, approximation: Approximation = []
  ) {
    self.family = family
    self.postScriptName = postScriptName
    self.weight = weight
    self.isItalic = isItalic
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
    self.averageAdvance = averageAdvance
    self.approximation = approximation
  }

  /// The OS/2 width class: 3 (condensed) for the condensed faces, else 5 (normal), so a family
  /// lookup picks "Helvetica Neue Bold" before "Helvetica Neue Condensed Bold".
  var widthClass: Int { postScriptName.contains("Condensed") ? 3 : 5 }

  /// Whether every character of the face advances the same (Menlo, Courier New): its average
  /// advance is then every character's, exactly.
  public var isMonospaced: Bool { IOSFonts.monospacedFamilies.contains(family) }

  /// A freely licensed family with the same advance widths (Liberation Sans for Arial and
  /// Helvetica, Liberation Serif for Times New Roman, Liberation Mono for Courier New), or nil.
  public var metricCompatibleFamily: String? { IOSFonts.metricCompatibleFamilies[family] }

  /// The line metrics UIKit gives this face at `size` points: `hhea`'s ascender, descender and
  /// line gap scaled, with two adjustments UIKit makes (docs/text.md, "Fonts iOS ships"):
  /// - Helvetica (and Times and Courier, the families AppKit and WebKit single out) has 15% of
  ///   its ascender plus descender added to its ascender: `UIFont(name: "Helvetica", size: 17)`
  ///   reports ascender 15.640 where `hhea` gives 13.090, and line height 19.55;
  /// - Helvetica Neue's labels are as tall as its ascender plus descender, without the line gap
  ///   its `hhea` has (what stored Interface Builder frames show).
  public func lineMetrics(size: Double) -> LineMetrics {
    let scale = size / Double(unitsPerEm)
    return IOSFonts.uikitLineMetrics(
      LineMetrics(
        ascender: Double(ascender) * scale, descender: Double(-descender) * scale, lineGap: Double(lineGap) * scale),
      family: family)
  }
}

/// The fonts iOS ships that layouts and storyboards name, by PostScript name or family: their
/// vertical metrics and average advance, so text in them measures without their files (which
/// are Apple's and not on a Linux machine).
///
/// Sources (the numbers are facts read from the fonts; no font file is copied): escapace/satie,
/// `packages/satie/src/fonts.ts` @ 23d325cff0f8dea083f0cec1f421b7c35d944bd8, the `hhea` metrics,
/// units per em, weight class and English-weighted average advance of Apple's system fonts;
/// cross-checked against seek-oss/capsize, `packages/metrics/scripts/systemFonts.json` @
/// d6763d0657ea544079c757b4036ce7c475565f5f, which agrees on the vertical metrics of all 59
/// faces both list. Families with no sourced table (Avenir Next takes Avenir's; Gill Sans,
/// American Typewriter, Noteworthy, Chalkboard SE, Marker Felt, Baskerville, Hoefler Text,
/// Courier, Times are not carried) are listed in docs/text.md.
public enum IOSFonts {
  /// Every face carried.
  public static let faces: [IOSFontFace] = table

  /// Families whose ascender UIKit raises by 15% of the font's height (see `IOSFontFace.lineMetrics`).
  static let ascentAdjustedFamilies: Set<String> = ["Helvetica", "Times", "Courier"]
  /// Families whose labels leave out the line gap (see `IOSFontFace.lineMetrics`).
  static let gaplessFamilies: Set<String> = ["Helvetica Neue"]
  static let monospacedFamilies: Set<String> = ["Menlo", "Courier New"]

  /// The frequencies `averageAdvance` weights the space and a…z by, as the source computed it
  /// (escapace/satie, `packages/container/src/font/font-metrics.ts`, `WEIGHTINGS`, from
  /// Wikipedia's English letter frequencies with the space). `package`: a test checks the average
  /// against the face's own.
  package static let englishFrequencies: [(Character, Double)] = [
    (" ", 0.1818), ("a", 0.0668), ("b", 0.0122), ("c", 0.0228), ("d", 0.0348), ("e", 0.1039), ("f", 0.0182),
    ("g", 0.0165), ("h", 0.0499), ("i", 0.057), ("j", 0.0013), ("k", 0.0063), ("l", 0.0329), ("m", 0.0197),
    ("n", 0.0552), ("o", 0.0614), ("p", 0.0158), ("q", 0.0008), ("r", 0.049), ("s", 0.0518), ("t", 0.0741),
    ("u", 0.0226), ("v", 0.008), ("w", 0.0193), ("x", 0.0012), ("y", 0.0162), ("z", 0.0006),
  ]
  static let metricCompatibleFamilies = [
    "Arial": "Liberation Sans", "Helvetica": "Liberation Sans", "Times New Roman": "Liberation Serif",
    "Courier New": "Liberation Mono",
  ]

  /// `metrics` of a font of `family` as UIKit adjusts them (see `IOSFontFace.lineMetrics(size:)`):
  /// Helvetica's, Times's and Courier's ascender raised by 15% of the font's height, Helvetica
  /// Neue's line gap dropped; other families' unchanged. The same adjustments apply to a font
  /// file of those families read from disk, whose `hhea` has the same numbers.
  public static func uikitLineMetrics(_ metrics: LineMetrics, family: String) -> LineMetrics {
    var ascent = metrics.ascender
    var gap = metrics.lineGap
    if ascentAdjustedFamilies.contains(family) { ascent += 0.15 * (metrics.ascender + metrics.descender) }
    if gaplessFamilies.contains(family) { gap = 0 }
    if ascent == metrics.ascender && gap == metrics.lineGap { return metrics }
    return LineMetrics(ascender: ascent, descender: metrics.descender, lineGap: gap)
  }

  private static let byPostScriptName: [String: IOSFontFace] = Dictionary(
    faces.map { ($0.postScriptName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
  private static let byFamily: [String: [IOSFontFace]] = Dictionary(grouping: faces, by: { $0.family.lowercased() })

  /// The face called `name`, compared without regard to case: a family ("Helvetica Neue"),
  /// whose face is chosen by `weight` and `italic` as `FontLibrary` chooses (CSS Fonts Level 4
  /// §5.2), else a PostScript name ("HelveticaNeue-Light"); nil when iOS has no such font here.
  /// The family comes first because some regular faces' PostScript names are their family's
  /// ("Georgia"): asked for bold, "Georgia" is Georgia Bold.
  public static func face(named name: String, weight: Int = 400, italic: Bool = false) -> IOSFontFace? {
    let wanted = name.lowercased()
    guard let family = byFamily[wanted] else { return byPostScriptName[wanted] }
    return family.min {
      FontLibrary.rank(weight: $0.weight, italic: $0.isItalic, widthClass: $0.widthClass, weight, italic)
        < FontLibrary.rank(weight: $1.weight, italic: $1.isItalic, widthClass: $1.widthClass, weight, italic)
    }
  }
}

/// Measures text in a font iOS ships without its file (`IOSFonts`): lines from the face's
/// vertical metrics as UIKit gives them; widths from a metric-compatible font when one is given
/// (Liberation Sans for Arial: the same advances). Otherwise, approximately: each character of
/// U+0020…U+00FF advances as in Inter (the text design of the built-in metric, at the nearest
/// weight) scaled so that English text averages the face's `averageAdvance` — capitals wider
/// than "i", as in the face, and the face's overall width; other characters advance the average.
/// Monospaced faces advance their one advance, exactly.
public struct IOSFontMeasurer: TextMeasurer {
  /// The face.
  public let face: IOSFontFace
  /// The size in points.
  public let size: Double
  /// The face's line metrics at `size`.
  public let lineMetrics: LineMetrics
  /// The metric-compatible font measuring the widths, if any.
  public let widths: FontTextMeasurer?

  /// A measurer for `face` at `size` points; `widthFont`, a font with the face's advance widths
  /// (see `IOSFontFace.metricCompatibleFamily`), measures the characters when given.
  public init(face: IOSFontFace, size: Double, widthFont: Font? = nil) {
    self.face = face
    self.size = size
    self.lineMetrics = face.lineMetrics(size: size)
    self.widths = widthFont.map { FontTextMeasurer(font: $0, size: size) }
    let average = Double(face.averageAdvance) / Double(face.unitsPerEm)
    self.average = average
    let weight = min(900, max(100, Int((Double(face.weight) / 100).rounded()) * 100))
    if !face.isMonospaced, let inter = BuiltinMetrics.inter.text[weight] {
      let interAverage = IOSFonts.englishFrequencies.reduce(0.0) { sum, entry in
        let code = entry.0.unicodeScalars.first.map { Int($0.value) - Int(BuiltinMetrics.first) } ?? 0
        return sum + Double(inter[code]) * entry.1
      }
      self.shape = (inter, average / interAverage)
    } else {
      self.shape = nil
    }
  }

  /// The face's average advance in em.
  private let average: Double
  /// Inter's advances for U+0020…U+00FF and the factor from their units to em.
  private let shape: (widths: [UInt16], scale: Double)?

  /// A measurer for `face` at `size`, its widths from `library`'s face of the face's
  /// metric-compatible family of the same weight class and style, when the library has one
  /// (Liberation's regular and bold stand in for Arial's, not for Helvetica Light).
  public init(face: IOSFontFace, size: Double, library: FontLibrary?) {
    var widthFont: Font?
    if let family = face.metricCompatibleFamily,
      let font = library?.font(family: family, weight: face.weight, italic: face.isItalic),
      font.isItalic == face.isItalic, font.weight == face.weight
    {
      widthFont = font
    }
    self.init(face: face, size: size, widthFont: widthFont)
  }

  /// What the measures approximate, in words, or nil when they are the face's own: the vertical
  /// metrics and widths are both sourced (a monospaced face, or widths from a metric-compatible font).
  public var approximation: String? {
    var parts: [String] = []
    if face.approximation.contains(.verticalMetrics) { parts.append("line height from a related family") }
    if widths == nil && !face.isMonospaced {
      parts.append(
        face.approximation.contains(.averageAdvance)
          ? "widths from Inter's proportions at a related family's average advance"
          : "widths from Inter's proportions at the font's average advance")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The metric-compatible font's advance; else the sum over the cluster's drawn scalars of
  /// Inter's advance scaled to the face (a tab as a space), or the face's average advance
  /// outside U+0020…U+00FF or for a monospaced face. Default ignorables and nonspacing marks
  /// take no space; a newline none.
  public func advance(of cluster: Character) -> Double {
    if let widths { return widths.advance(of: cluster) }
    if cluster.isNewline { return 0 }
    var total = 0.0
    for scalar in cluster.unicodeScalars
    where !FontTextMeasurer.isDefaultIgnorable(scalar) && scalar.properties.generalCategory != .nonspacingMark {
      let code = scalar == "\t" ? 0x20 : scalar.value
      if let shape, code >= BuiltinMetrics.first, code <= BuiltinMetrics.last,
        case let units = shape.widths[Int(code - BuiltinMetrics.first)], units > 0
      {
        total += Double(units) * shape.scale * size
      } else {
        total += average * size
      }
    }
    return total
  }

  /// The metric-compatible font's kerning; 0 without one.
  public func kerning(between left: Character, and right: Character) -> Double {
    widths?.kerning(between: left, and: right) ?? 0
  }
}
