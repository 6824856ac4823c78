import TrellisText

/// The fixed text metric: how labels and buttons are measured when no fonts are given.
///
/// Text is measured by one rule, the same on every machine, so layouts and tests are
/// reproducible (yoga's test font does the same with square glyphs). It is TrellisText's
/// `FixedTextMeasurer`; a ``Typesetter`` with fonts measures with real fonts instead.
///
/// - every character (grapheme cluster) advances `0.5 × fontSize`;
/// - a line is `1.2 × fontSize` tall: ascender `0.95 × fontSize`, descender `0.25 × fontSize`;
/// - any newline character (`\n`, `\r\n`, …) starts a new line; spaces at a line's end do not
///   count; this function never wraps (the layout engine wraps labels to their widths);
/// - `numberOfLines` keeps only the first lines (0 or less = all of them);
/// - width = the longest kept line, height = lines × line height; empty text has no lines;
/// - both are rounded **up** to the pixel grid (`1/scale` pt), as UIKit's text sizes are;
/// - the first baseline sits one ascender below the top, each further line one line height
///   lower (baselines are not rounded).
///
/// Example: `"Flips: 0"` at 20 pt is 8 × 10 = 80 wide and 24 tall, first baseline 19.
public enum TextMetrics {
  /// Horizontal advance of one character, as a fraction of the font size.
  public static let advance = 0.5
  /// Height of one line, as a fraction of the font size.
  public static let lineHeight = 1.2
  /// Distance from a line's top to its baseline, as a fraction of the font size.
  public static let ascender = 0.95
  /// Distance from a line's baseline to its bottom, as a fraction of the font size.
  public static let descender = 0.25

  /// The narrowest a button is, titled or not (UIKit's system button: stored frames,
  /// docs/uikit-research.md §4).
  public static let buttonMinimumWidth = 30.0

  /// The measured size and baselines of a piece of text.
  public struct Measurement: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Number of lines kept (after `numberOfLines`).
    public var lineCount: Int
    /// From the top of the text to the first line's baseline (0 for empty text).
    public var firstBaseline: Double
    /// From the top of the text to the last line's baseline (0 for empty text).
    public var lastBaseline: Double

    public init(width: Double, height: Double, lineCount: Int, firstBaseline: Double, lastBaseline: Double) {
      self.width = width
      self.height = height
      self.lineCount = lineCount
      self.firstBaseline = firstBaseline
      self.lastBaseline = lastBaseline
    }
  }

  /// Measures `text` at `fontSize` points.
  ///
  /// - Parameters:
  ///   - text: the text, broken into lines where it does not fit.
  ///   - fontSize: the font size in points.
  ///   - numberOfLines: the most lines shown; 0 (or less) means no limit.
  ///   - scale: pixels per point; sizes are rounded up to `1/scale`. A scale that is not a
  ///     positive finite number leaves the sizes unrounded.
  public static func measure(_ text: String, fontSize: Double, numberOfLines: Int = 0, scale: Double = 1)
    -> Measurement
  {
    // TrellisText's fixed measurer is this metric; word wrapping with no width limit never
    // wraps and, cut by `numberOfLines`, adds no ellipsis.
    let laidOut = TextLayout(
      text, measurer: FixedTextMeasurer(fontSize: fontSize), numberOfLines: numberOfLines,
      lineBreakMode: .byWordWrapping, rounding: .up(scale: scale))
    return Measurement(
      width: laidOut.width, height: laidOut.height, lineCount: laidOut.lines.count,
      firstBaseline: laidOut.firstBaseline, lastBaseline: laidOut.lastBaseline)
  }
}
