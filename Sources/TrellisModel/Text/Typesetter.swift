import TrellisText

/// What text is measured with: fonts when given, else a metric built in, the same on every machine.
public struct TextSettings: Sendable {
  /// A metric that needs no font file.
  public enum Metric: Sendable, Hashable {
    /// Every character 0.5 em, lines 1.2 em (``TextMetrics``): the default.
    case fixed
    /// The iOS system font approximated by a freely licensed font's advance widths checked into
    /// TrellisText (`BuiltinTextMeasurer`; "inter"), about four times closer to UIKit's label
    /// widths than `fixed` (docs/text-fidelity.md).
    case builtin(String)
  }

  /// The fonts to measure with (`nil`: the metric).
  public var fonts: FontLibrary?
  /// What measures text without fonts.
  public var metric: Metric

  public init(fonts: FontLibrary? = nil, metric: Metric = .fixed) {
    self.fonts = fonts
    self.metric = metric
  }
}

/// Measures the text of labels and buttons: with fonts from a `FontLibrary` when one is
/// given, else with the settings' metric: the fixed one (``TextMetrics``) by default, which gives
/// the same sizes on every machine.
///
/// It keeps every text it has measured (up to ``cacheLimit``), so laying a label out again at
/// another width, as wrapping does on every layout pass, measures no character twice.
/// Not thread-safe: one per engine.
public final class Typesetter {
  /// The fonts text is measured with (`nil`: the metric).
  public let fonts: FontLibrary?
  /// What measures text without fonts.
  public let metric: TextSettings.Metric
  /// The most texts kept measured; past it the memory starts again (a layout has one per label).
  public static let cacheLimit = 20_000

  private struct FontKey: Hashable {
    var name: String?
    var weight: Int
    var size: Double
  }
  private struct TextKey: Hashable {
    var font: FontKey
    var text: String
  }
  private var measurers: [FontKey: any TextMeasurer] = [:]
  private var prepared: [TextKey: PreparedText] = [:]

  /// A typesetter measuring with `fonts`, or with `metric` when `fonts` is nil or empty.
  public init(fonts: FontLibrary? = nil, metric: TextSettings.Metric = .fixed) {
    self.fonts = fonts.flatMap { $0.entries.isEmpty ? nil : $0 }
    self.metric = metric
  }

  /// A typesetter for these settings.
  public convenience init(_ settings: TextSettings) {
    self.init(fonts: settings.fonts, metric: settings.metric)
  }

  private var known: [String: Bool] = [:]

  /// Whether a font named `name` is in the library (always false without one).
  public func hasFont(named name: String) -> Bool {
    if let answer = known[name] { return answer }
    let answer = fonts?.font(named: name) != nil
    known[name] = answer
    return answer
  }

  /// What measures text in this font: the named font from the library (with UIKit's adjustments
  /// of its family's line metrics); else, for a font iOS
  /// ships (``IOSFonts``), its own line metrics with widths from the library's metric-compatible
  /// font or its average advance; else the library's system font at that size and weight; the
  /// settings' metric without a library.
  func measurer(fontName: String?, weight: Int, size: Double) -> any TextMeasurer {
    let key = FontKey(name: fontName, weight: weight, size: size)
    if let known = measurers[key] { return known }
    var measurer: any TextMeasurer = FixedTextMeasurer(fontSize: size)
    if case .builtin(let name) = metric, let builtin = BuiltinTextMeasurer(name: name, size: size, weight: weight) {
      measurer = builtin
    }
    if let font = fontName.flatMap({ fonts?.font(named: $0, weight: weight) }) {
      var measured = FontTextMeasurer(font: font, size: size)
      if let family = font.names.family {
        measured.lineMetrics = IOSFonts.uikitLineMetrics(measured.lineMetrics, family: family)
      }
      measurer = measured
    } else if let face = fontName.flatMap({ IOSFonts.face(named: $0, weight: weight) }) {
      measurer = IOSFontMeasurer(face: face, size: size, library: fonts)
    } else if let font = fonts?.systemFont(size: size, weight: weight) {
      measurer = FontTextMeasurer(font: font, size: size)
    }
    if measurers.count >= Self.cacheLimit { measurers.removeAll(keepingCapacity: true) }
    measurers[key] = measurer
    return measurer
  }

  /// What the measures of a font named `name` approximate, in words, when the library lacks it
  /// and iOS ships it (``IOSFonts``); nil when the font is measured exactly or is not one iOS ships.
  package func approximation(ofFontNamed name: String, weight: Int) -> String? {
    guard !hasFont(named: name), let face = IOSFonts.face(named: name, weight: weight) else { return nil }
    return IOSFontMeasurer(face: face, size: 17, library: fonts).approximation
  }

  /// `text` laid out in a font, at most `maxWidth` wide, its size rounded up to `1/scale`.
  func layout(
    _ text: String, fontName: String?, weight: Int, size: Double, maxWidth: Double, numberOfLines: Int,
    lineBreakMode: LineBreakMode, scale: Double
  ) -> TextLayout {
    TextLayout(
      prepare(text, fontName: fontName, weight: weight, size: size), maxWidth: maxWidth,
      numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, rounding: .up(scale: scale))
  }

  /// How many times a text was laid out (measured or taken from the memory): what a test of
  /// incremental re-wrapping counts.
  package private(set) var layoutCount = 0

  /// The text measured once in a font.
  func prepare(_ text: String, fontName: String?, weight: Int, size: Double) -> PreparedText {
    layoutCount += 1
    let key = TextKey(font: FontKey(name: fontName, weight: weight, size: size), text: text)
    if let known = prepared[key] { return known }
    let made = PreparedText(text, measurer: measurer(fontName: fontName, weight: weight, size: size))
    if prepared.count >= Self.cacheLimit { prepared.removeAll(keepingCapacity: true) }
    prepared[key] = made
    return made
  }
}
