import TrellisText

/// A text measured once and the lines it was laid out in, kept with the view it was measured for
/// so that it can be laid out again at another width (``ResolvedView/shownText(in:scale:)``).
/// Always equal to another: what it holds follows from the view's text, font, size, line limit
/// and wrap width, which equality already compares.
package struct MeasuredText: Sendable, Hashable {
  package let prepared: PreparedText?
  package let lines: [TextLayout.Line]

  package init(_ prepared: PreparedText? = nil, lines: [TextLayout.Line] = []) {
    self.prepared = prepared
    self.lines = lines
  }

  package static func == (lhs: MeasuredText, rhs: MeasuredText) -> Bool { true }
  package func hash(into hasher: inout Hasher) {}
}

/// A label's or button's text as its frame shows it: the lines the layout broke it into, in its
/// font, where they sit, and whether any of it is cut. What every picture draws, so that none
/// guesses its own line breaks or truncation.
public struct ShownText: Sendable, Hashable {
  /// One line as laid out.
  public struct Line: Sendable, Hashable {
    /// The line's text, "…" included where it was truncated, without trailing spaces.
    public var text: String
    /// Its width as measured, unrounded.
    public var width: Double
    /// From ``ShownText/top`` to its baseline.
    public var baseline: Double
    /// Whether "…" was put in.
    public var hasEllipsis: Bool
  }

  /// The lines shown, top to bottom.
  public var lines: [Line]
  /// The font asked for (`nil`: the system font).
  public var fontName: String?
  public var fontSize: Double
  /// The weight class (400 regular, 700 bold).
  public var fontWeight: Int
  /// From one line's top to the next one's.
  public var lineHeight: Double
  /// The widest line and the lines' height, as measured (rounded up to the pixel).
  public var size: Size
  /// The area the text is laid out in, in root coordinates: the frame less a button's insets.
  public var area: Rect
  /// The first line's top, in root coordinates: the lines are centred vertically in ``area``
  /// (UILabel; docs/semantics.md).
  public var top: Double
  /// Whether some of the text is not shown (lines left out, or a line cut or truncated).
  public var isTruncated: Bool
  /// Whether the frame is narrower or lower than the lines measured for the layout need, so the
  /// text was laid out again in it (and cut, as UILabel cuts it).
  public var isRelaidOut: Bool
}

extension ResolvedView {
  /// The view's text as `frame` (root coordinates) shows it; nil for a view without text, or
  /// whose text was not measured.
  ///
  /// The lines are the ones measured for the layout when the frame is the width they were
  /// wrapped at (within a pixel of `1/scale`: frames are snapped to pixels) or, for text that
  /// was not wrapped, at least as wide as they are. Otherwise the text is laid out again at the
  /// frame's width with the same rules (`TextLayout`: line break mode, `numberOfLines`). When
  /// the frame is too low for all the lines, only those that fit are shown (at least one), the
  /// last one truncated per the line break mode, as UILabel fits its text to its bounds.
  public func shownText(in frame: Rect, scale: Double) -> ShownText? {
    guard let content = textLayout, let prepared = content.measured.prepared, let text, !text.isEmpty,
      !content.lines.isEmpty, frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite
    else { return nil }
    let insets = content.insets
    let area = Rect(
      x: frame.x + insets.left, y: frame.y + insets.top, width: max(0, frame.width - insets.left - insets.right),
      height: max(0, frame.height - insets.top - insets.bottom))
    let pixel = scale.isFinite && scale > 0 ? 1 / scale : 1
    let metrics = prepared.lineMetrics
    let rounding = PixelRounding.up(scale: scale.isFinite && scale > 0 ? scale : 1)
    let slack = Tolerance.shownText * max(1, area.width)
    var lines = content.lines
    var truncated = content.isTruncated
    var relaidOut = false
    var lineWidth = content.wrapWidth.isFinite ? max(0, content.wrapWidth - insets.left - insets.right) : .infinity
    let widest = lines.map(\.width).max() ?? 0
    let measuredHere =
      content.wrapWidth.isFinite
      ? abs(frame.width - content.wrapWidth) <= pixel + slack && area.width + pixel + slack >= widest
      : area.width + slack >= widest
    if !measuredHere {
      lineWidth = area.width
      let again = TextLayout(
        prepared, maxWidth: lineWidth, numberOfLines: numberOfLines, lineBreakMode: content.lineBreakMode,
        rounding: rounding)
      lines = again.lines
      truncated = again.isTruncated
      relaidOut = true
    }
    let fitting =
      metrics.lineHeight > 0 ? max(1, Int(((area.height + slack) / metrics.lineHeight).rounded(.down))) : lines.count
    if fitting < lines.count {
      let cut = TextLayout(
        prepared, maxWidth: lineWidth, numberOfLines: fitting, lineBreakMode: content.lineBreakMode,
        rounding: rounding)
      lines = cut.lines
      truncated = true
      relaidOut = true
    }
    let height = Double(lines.count) * metrics.lineHeight
    return ShownText(
      lines: lines.map {
        ShownText.Line(text: $0.text, width: $0.width, baseline: $0.baseline, hasEllipsis: $0.hasEllipsis)
      }, fontName: content.fontName, fontSize: fontSize, fontWeight: content.fontWeight,
      lineHeight: metrics.lineHeight,
      size: Size(width: rounding.apply(lines.map(\.width).max() ?? 0), height: rounding.apply(height)), area: area,
      top: area.y + (area.height - height) / 2, isTruncated: truncated, isRelaidOut: relaidOut)
  }
}

extension LayoutResult {
  /// The text of the view at `index` in ``views`` as its frame shows it (see
  /// ``ResolvedView/shownText(in:scale:)``), from the resolution the frames were solved with;
  /// nil without one (a result read back from a file), or for a view without text.
  public func shownText(ofViewAt index: Int) -> ShownText? {
    guard let resolved = resolution?.views, views.indices.contains(index) else { return nil }
    let view = views[index]
    // The engine lists views in the resolution's order; otherwise find it by id.
    let source =
      resolved.indices.contains(index) && resolved[index].id == view.id
      ? resolved[index] : resolved.first { $0.id == view.id }
    return source?.shownText(in: view.frame, scale: environment.scale)
  }
}
