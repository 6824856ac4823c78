/// How text that does not fit is wrapped or cut, as `NSLineBreakMode`.
///
/// As UILabel: the wrapping modes break lines at break opportunities (`byWordWrapping`) or at
/// any cluster (`byCharWrapping`); when `numberOfLines` cuts the text they simply stop, without
/// an ellipsis. The other modes wrap by words too, and only the last line allowed is clipped
/// or truncated with "…" at its start, end or middle (in a single-line label that is the only line).
public enum LineBreakMode: Hashable, Sendable, CaseIterable {
  /// Wrap at break opportunities (see `docs/text.md`); a word longer than a line breaks within.
  case byWordWrapping
  /// Wrap at any grapheme cluster.
  case byCharWrapping
  /// The last line holds the rest of its paragraph and is cut at the edge, without an ellipsis.
  case byClipping
  /// The last line shows "…" and then as much of its paragraph's end as fits.
  case byTruncatingHead
  /// The last line shows as much of its paragraph as fits, then "…" (UILabel's default).
  case byTruncatingTail
  /// The last line shows the start and end of its paragraph around "…".
  case byTruncatingMiddle
}

/// How measured sizes are rounded.
public enum PixelRounding: Hashable, Sendable {
  /// Sizes exactly as measured.
  case none
  /// Sizes rounded **up** to `1/scale` points, as UIKit's `ceil` of text sizes to the pixel grid
  /// (`scale` is pixels per point: 1, 2 or 3). Noise below a millionth of a pixel is ignored,
  /// so `1.2 × 17 × 5 = 102.00000000000001` stays 102. A non-positive or non-finite scale
  /// rounds nothing.
  case up(scale: Double)

  /// `value` rounded by this rule.
  public func apply(_ value: Double) -> Double {
    guard case .up(let scale) = self, scale.isFinite, scale > 0, value.isFinite else { return value }
    let pixels = value * scale
    let cleaned = abs(pixels) < 1e9 ? (pixels * 1e6).rounded() / 1e6 : pixels
    return cleaned.rounded(.up) / scale
  }
}

/// Text broken into lines and measured, as UILabel lays it out.
///
/// Rules (details and sources in `docs/text.md`):
/// - newlines end paragraphs; each paragraph is at least one line (so "a\n" has two lines);
/// - lines are broken greedily at the last opportunity that fits `maxWidth`; spaces at the end
///   of a wrapped line do not count toward its width and do not start the next line (as CoreText);
/// - width = the widest line, height = lines × line height; both rounded by `rounding`;
/// - the first baseline is one ascender below the top, each next one line height lower
///   (baselines are not rounded); empty text has no lines and measures 0 × 0.
public struct TextLayout: Hashable, Sendable {
  /// One laid-out line.
  public struct Line: Hashable, Sendable {
    /// The line's text, with the ellipsis when truncated, without trailing spaces.
    public var text: String
    /// Its width in points, unrounded (at most `maxWidth` for a clipped line).
    public var width: Double
    /// From the top of the text to this line's baseline.
    public var baseline: Double
    /// Whether "…" was inserted into this line.
    public var hasEllipsis: Bool
  }

  /// The lines shown.
  public let lines: [Line]
  /// The widest line, rounded.
  public let width: Double
  /// Lines × line height, rounded.
  public let height: Double
  /// The size before rounding.
  public let unroundedWidth: Double
  /// The height before rounding.
  public let unroundedHeight: Double
  /// From the top to the first line's baseline (0 without lines).
  public let firstBaseline: Double
  /// From the top to the last line's baseline (0 without lines).
  public let lastBaseline: Double
  /// Whether some text is not shown (lines cut by `numberOfLines`, or a clipped or truncated line).
  public let isTruncated: Bool

  /// Lays out `text`.
  ///
  /// - Parameters:
  ///   - text: the text; newlines (`\n`, `\r\n`, U+2028, …) start new paragraphs.
  ///   - measurer: the font or the fixed metric that measures clusters and lines.
  ///   - maxWidth: the widest a line may be; infinity (or NaN) for no wrapping.
  ///   - numberOfLines: the most lines shown; 0 (or less) for no limit. UILabel's default is 1.
  ///   - lineBreakMode: how lines wrap and how the last one is cut.
  ///   - rounding: how `width` and `height` are rounded (baselines never are).
  public init(
    _ text: String, measurer: some TextMeasurer, maxWidth: Double = .infinity, numberOfLines: Int = 0,
    lineBreakMode: LineBreakMode = .byTruncatingTail, rounding: PixelRounding = .up(scale: 1)
  ) {
    self.init(
      PreparedText(text, measurer: measurer), maxWidth: maxWidth, numberOfLines: numberOfLines,
      lineBreakMode: lineBreakMode, rounding: rounding)
  }

  /// Lays out text measured once by ``PreparedText``: a new width costs one pass over the
  /// clusters, no measuring (what a re-layout that re-wraps a label needs).
  public init(
    _ prepared: PreparedText, maxWidth: Double = .infinity, numberOfLines: Int = 0,
    lineBreakMode: LineBreakMode = .byTruncatingTail, rounding: PixelRounding = .up(scale: 1)
  ) {
    let breaker = LineBuilder(prepared, maxWidth: maxWidth.isNaN ? .infinity : maxWidth, mode: lineBreakMode)
    let (ranges, truncated) = breaker.lines(limit: numberOfLines > 0 ? numberOfLines : Int.max)
    let metrics = prepared.measurer.lineMetrics
    var lines: [Line] = []
    for (index, range) in ranges.enumerated() {
      lines.append(
        Line(
          text: range.text, width: range.width, baseline: metrics.ascender + Double(index) * metrics.lineHeight,
          hasEllipsis: range.hasEllipsis))
    }
    self.lines = lines
    unroundedWidth = lines.map(\.width).max() ?? 0
    unroundedHeight = Double(lines.count) * metrics.lineHeight
    width = rounding.apply(unroundedWidth)
    height = rounding.apply(unroundedHeight)
    firstBaseline = lines.first?.baseline ?? 0
    lastBaseline = lines.last?.baseline ?? 0
    isTruncated = truncated
  }
}

/// Text split into grapheme clusters and measured once (advances, kerning, break
/// opportunities, paragraphs), ready to be laid out at any width with ``TextLayout``.
public struct PreparedText: Sendable {
  let clusters: [Character]
  let measurer: any TextMeasurer
  let breaks: [LineBreaking.Kind]
  /// `offsets[i]`: the width of clusters `0..<i` including the kerning after cluster `i − 1`.
  let offsets: [Double]
  let kerningAfter: [Double]
  /// Paragraphs as cluster ranges, newline clusters excluded.
  let paragraphs: [Range<Int>]

  /// Measures `text` with `measurer`.
  public init(_ text: String, measurer: some TextMeasurer) {
    let clusters = Array(text)
    self.clusters = clusters
    self.measurer = measurer
    breaks = LineBreaking.opportunities(clusters)
    let count = clusters.count
    var offsets = [0.0]
    var kerning = [Double](repeating: 0, count: count)
    offsets.reserveCapacity(count + 1)
    for index in 0..<count {
      let cluster = clusters[index]
      if index + 1 < count, !cluster.isNewline, !clusters[index + 1].isNewline {
        kerning[index] = measurer.kerning(between: cluster, and: clusters[index + 1])
      }
      let advance = cluster.isNewline ? 0 : measurer.advance(of: cluster)
      offsets.append(offsets[index] + advance + kerning[index])
    }
    self.offsets = offsets
    kerningAfter = kerning
    var paragraphs: [Range<Int>] = []
    if count > 0 {
      var start = 0
      for index in 0..<count where clusters[index].isNewline {
        paragraphs.append(start..<index)
        start = index + 1
      }
      paragraphs.append(start..<count)
    }
    self.paragraphs = paragraphs
  }

  /// The line metrics of the font or metric that measured the text.
  public var lineMetrics: LineMetrics { measurer.lineMetrics }

  /// The widest paragraph, unrounded: the text's width when nothing wraps.
  public var unwrappedWidth: Double {
    paragraphs.map { paragraph in
      var end = paragraph.upperBound
      while end > paragraph.lowerBound, LineBreaking.isSpace(clusters[end - 1]) { end -= 1 }
      return end <= paragraph.lowerBound ? 0 : offsets[end] - offsets[paragraph.lowerBound] - kerningAfter[end - 1]
    }.max() ?? 0
  }
}

/// The greedy line breaker behind `TextLayout`.
struct LineBuilder {
  struct Piece {
    var text: String
    var width: Double
    var hasEllipsis: Bool
  }

  let prepared: PreparedText
  let maxWidth: Double
  let tolerance: Double
  let mode: LineBreakMode

  var clusters: [Character] { prepared.clusters }
  var measurer: any TextMeasurer { prepared.measurer }
  var breaks: [LineBreaking.Kind] { prepared.breaks }
  var offsets: [Double] { prepared.offsets }
  var kerningAfter: [Double] { prepared.kerningAfter }
  var paragraphs: [Range<Int>] { prepared.paragraphs }

  init(_ prepared: PreparedText, maxWidth: Double, mode: LineBreakMode) {
    self.prepared = prepared
    self.maxWidth = maxWidth
    tolerance = maxWidth.isFinite ? 1e-9 * max(1, abs(maxWidth)) : 0
    self.mode = mode
  }

  /// Width of clusters `start..<end`, with the kerning between them but not after the last.
  func width(_ start: Int, _ end: Int) -> Double {
    end <= start ? 0 : offsets[end] - offsets[start] - kerningAfter[end - 1]
  }

  /// `end` moved back over trailing spaces and tabs (they hang past the line's edge).
  func trimmed(_ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, LineBreaking.isSpace(clusters[end - 1]) { end -= 1 }
    return end
  }

  func fits(_ width: Double) -> Bool { width <= maxWidth + tolerance }

  func piece(_ start: Int, _ end: Int) -> Piece {
    let end = trimmed(start, end)
    return Piece(text: String(clusters[start..<end]), width: width(start, end), hasEllipsis: false)
  }

  /// The lines, at most `limit`, and whether text was left out.
  func lines(limit: Int) -> ([Piece], Bool) {
    var result: [Piece] = []
    var paragraphIndex = 0
    var start = paragraphs.first?.lowerBound ?? 0
    let truncates = mode != .byWordWrapping && mode != .byCharWrapping
    while paragraphIndex < paragraphs.count {
      let paragraph = paragraphs[paragraphIndex]
      let moreParagraphs = paragraphIndex + 1 < paragraphs.count
      if truncates && result.count == limit - 1 {
        let end = trimmed(start, paragraph.upperBound)
        if fits(width(start, end)) && !moreParagraphs {
          result.append(piece(start, end))
          return (result, false)
        }
        result.append(lastLine(start, end, fits: fits(width(start, end))))
        return (result, true)
      }
      let end = lineEnd(start, paragraph)
      result.append(piece(start, end))
      var next = end
      while next < paragraph.upperBound, LineBreaking.isSpace(clusters[next]) { next += 1 }
      if next >= paragraph.upperBound {
        paragraphIndex += 1
        if paragraphIndex < paragraphs.count { start = paragraphs[paragraphIndex].lowerBound }
      } else {
        start = next
      }
      if result.count == limit && paragraphIndex < paragraphs.count { return (result, true) }
    }
    return (result, false)
  }

  /// Where the line starting at `start` ends: the paragraph's end when the rest fits, else the
  /// last break opportunity that fits, else (a word longer than the line) the last cluster that
  /// fits, at least one.
  func lineEnd(_ start: Int, _ paragraph: Range<Int>) -> Int {
    if fits(width(start, trimmed(start, paragraph.upperBound))) { return paragraph.upperBound }
    // One pass, stopping at the first end that overflows (widths only grow, but for negative
    // kerning), so a paragraph costs time linear in its length whatever its words.
    var best: Int?
    var candidate = start + 1
    var visibleEnd = start  // `candidate` moved back over trailing spaces
    while candidate < paragraph.upperBound {
      if !LineBreaking.isSpace(clusters[candidate - 1]) { visibleEnd = candidate }
      if visibleEnd > start {
        guard fits(width(start, visibleEnd)) else { break }
        if mode == .byCharWrapping || breaks[candidate] == .allowed { best = candidate }
      }
      candidate += 1
    }
    if let best { return best }
    var end = start + 1
    while end < paragraph.upperBound, fits(width(start, end + 1)) { end += 1 }
    return end
  }

  /// The last line allowed, holding `start..<end` of a paragraph that does not fit (or is
  /// followed by hidden paragraphs), clipped or truncated per the mode.
  func lastLine(_ start: Int, _ end: Int, fits wholeFits: Bool) -> Piece {
    let ellipsis: Character = "…"
    let ellipsisWidth = measurer.advance(of: ellipsis)
    let budget = maxWidth + tolerance
    switch mode {
    case .byClipping:
      return Piece(text: String(clusters[start..<end]), width: min(width(start, end), maxWidth), hasEllipsis: false)
    case .byTruncatingHead where !wholeFits:
      // "…" then the longest end of the paragraph that fits, without leading spaces.
      var first = end
      while first > start, ellipsisWidth + width(first - 1, end) <= budget { first -= 1 }
      while first < end, LineBreaking.isSpace(clusters[first]) { first += 1 }
      return finish(String(ellipsis) + String(clusters[first..<end]))
    case .byTruncatingMiddle where !wholeFits:
      // Grow whichever side is narrower, so the start and end keep about equal widths.
      var prefixEnd = start, suffixStart = end
      while prefixEnd < suffixStart {
        let prefixWidth = width(start, prefixEnd), suffixWidth = width(suffixStart, end)
        let growPrefix = ellipsisWidth + width(start, prefixEnd + 1) + suffixWidth <= budget
        let growSuffix = ellipsisWidth + prefixWidth + width(suffixStart - 1, end) <= budget
        if growPrefix && (prefixWidth <= suffixWidth || !growSuffix) {
          prefixEnd += 1
        } else if growSuffix {
          suffixStart -= 1
        } else {
          break
        }
      }
      let prefix = trimmed(start, prefixEnd)
      var suffix = suffixStart
      while suffix < end, LineBreaking.isSpace(clusters[suffix]) { suffix += 1 }
      return finish(String(clusters[start..<prefix]) + String(ellipsis) + String(clusters[suffix..<end]))
    default:
      // Tail, and head or middle when the paragraph fits but later ones are hidden: as much
      // of the start as fits, then "…".
      var kept = start  // the end of what is kept, before trailing spaces
      var last = start
      while last < end {
        let next = LineBreaking.isSpace(clusters[last]) ? kept : last + 1
        let joint = next > start ? measurer.kerning(between: clusters[next - 1], and: ellipsis) : 0
        guard width(start, next) + joint + ellipsisWidth <= budget else { break }
        kept = next
        last += 1
      }
      return finish(String(clusters[start..<kept]) + String(ellipsis))
    }
  }

  private func finish(_ text: String) -> Piece {
    Piece(text: text, width: measurer.width(of: text), hasEllipsis: true)
  }
}
