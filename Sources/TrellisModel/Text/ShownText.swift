import TrellisText

/// A text measured once and the lines it was laid out in, so that it can be laid out again at
/// another width (``ResolvedLayout/shownText(ofViewAt:in:scale:)``). Kept in the resolution's
/// side table (``ResolvedLayout/measuredTexts``), not in the view: the engine copies and compares
/// resolved views on every move, and only pictures read the lines.
package struct MeasuredText: Sendable {
  package let prepared: PreparedText
  package let lines: [TextLayout.Line]
  /// What the lines were measured for: the view's text and its ``ResolvedText/wrapWidth``. A
  /// view whose text or width is not these any more (a resolution changed by hand) has no
  /// measured lines.
  package let text: String
  package let wrapWidth: Double

  package init(_ prepared: PreparedText, lines: [TextLayout.Line], text: String, wrapWidth: Double) {
    self.prepared = prepared
    self.lines = lines
    self.text = text
    self.wrapWidth = wrapWidth
  }
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

extension ResolvedLayout {
  /// The lines the text of the view at `index` in ``views`` was laid out in at its
  /// ``ResolvedText/wrapWidth`` (each with its width and baseline), as measured; empty for a
  /// view without text, or whose text was not measured. What ``shownText(ofViewAt:in:scale:)``
  /// starts from.
  public func measuredLines(ofViewAt index: Int) -> [TextLayout.Line] {
    measuredText(ofViewAt: index)?.lines ?? []
  }

  /// The measured text of the view at `index`, when it was measured for the view's text and
  /// wrap width as they are.
  private func measuredText(ofViewAt index: Int) -> MeasuredText? {
    guard views.indices.contains(index), let measured = measuredTexts[index], let content = views[index].textLayout,
      measured.text == views[index].text, measured.wrapWidth == content.wrapWidth
    else { return nil }
    return measured
  }

  /// The text of the view at `index` in ``views`` as `frame` (root coordinates) shows it; nil
  /// for a view without text, or whose text was not measured.
  ///
  /// The lines are the ones measured for the layout when the frame is the width they were
  /// wrapped at (within a pixel of `1/scale`: frames are snapped to pixels) or, for text that
  /// was not wrapped, at least as wide as they are. Otherwise the text is laid out again at the
  /// frame's width with the same rules (`TextLayout`: line break mode, `numberOfLines`). When
  /// the frame is too low for all the lines, only those that fit are shown (at least one), the
  /// last one truncated per the line break mode, as UILabel fits its text to its bounds.
  public func shownText(ofViewAt index: Int, in frame: Rect, scale: Double) -> ShownText? {
    guard let measured = measuredText(ofViewAt: index), let content = views[index].textLayout,
      !measured.text.isEmpty, !measured.lines.isEmpty, frame.x.isFinite, frame.y.isFinite, frame.width.isFinite,
      frame.height.isFinite
    else { return nil }
    let insets = content.insets
    let area = Rect(
      x: frame.x + insets.left, y: frame.y + insets.top, width: max(0, frame.width - insets.left - insets.right),
      height: max(0, frame.height - insets.top - insets.bottom))
    let pixel = scale.isFinite && scale > 0 ? 1 / scale : 1
    let prepared = measured.prepared
    let numberOfLines = views[index].numberOfLines
    let metrics = prepared.lineMetrics
    let rounding = PixelRounding.up(scale: scale.isFinite && scale > 0 ? scale : 1)
    let slack = Tolerance.shownText * max(1, area.width)
    var lines = measured.lines
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
      }, fontName: content.fontName, fontSize: views[index].fontSize, fontWeight: content.fontWeight,
      lineHeight: metrics.lineHeight,
      size: Size(width: rounding.apply(lines.map(\.width).max() ?? 0), height: rounding.apply(height)), area: area,
      top: area.y + (area.height - height) / 2, isTruncated: truncated, isRelaidOut: relaidOut)
  }
}

extension LayoutResult {
  /// The text of the view at `index` in ``views`` as its frame shows it (see
  /// ``ResolvedLayout/shownText(ofViewAt:in:scale:)``), from the resolution the frames were solved with;
  /// nil without one (a result read back from a file), or for a view without text.
  public func shownText(ofViewAt index: Int) -> ShownText? {
    guard let resolved = resolution?.views, views.indices.contains(index) else { return nil }
    let view = views[index]
    // The engine lists views in the resolution's order; otherwise find it by id.
    let source =
      resolved.indices.contains(index) && resolved[index].id == view.id
      ? index : resolved.firstIndex { $0.id == view.id }
    return source.flatMap { resolution?.shownText(ofViewAt: $0, in: view.frame, scale: environment.scale) }
  }
}
