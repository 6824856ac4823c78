import TrellisText

extension ResolvedView {
  /// The line break mode UIKit gives a view that sets none: a label truncates its tail, a
  /// button's title label its middle (UIButton's `titleLabel.lineBreakMode` default).
  static func defaultLineBreakMode(for kind: ViewKind) -> LineBreakMode {
    kind == .button ? .byTruncatingMiddle : .byTruncatingTail
  }

  /// Measures the view's text with lines at most `wrapWidth` wide (the view's own width: a
  /// button's insets are taken off) and sets its intrinsic size, baselines and
  /// ``textLayout``. The file's intrinsic-size overrides still win, axis by axis. Returns the
  /// measured text, for the resolution's ``ResolvedLayout/measuredTexts`` (nil for a view
  /// without text).
  ///
  /// A button's size is its title's plus its insets, rounded up to whole points (UIButton's
  /// intrinsic size is integral where a label's is on the pixel grid), and at least
  /// ``TextMetrics/buttonMinimumWidth`` wide; an empty title keeps one line of its font's
  /// height and no width (stored frames: docs/uikit-research.md §4).
  package mutating func measureText(
    with typesetter: Typesetter, wrapWidth: Double, scale: Double, overrides: SizeOverride
  ) -> MeasuredText? {
    guard var content = textLayout else { return nil }
    let insets = content.insets
    let title = text ?? ""
    let lineWidth = wrapWidth.isFinite ? max(0, wrapWidth - insets.left - insets.right) : .infinity
    let prepared = typesetter.prepare(
      title.isEmpty && kind == .button ? " " : title, fontName: content.fontName, weight: content.fontWeight,
      size: fontSize)
    let laidOut = TextLayout(
      prepared, maxWidth: lineWidth, numberOfLines: numberOfLines, lineBreakMode: content.lineBreakMode,
      rounding: .up(scale: scale))
    var width = laidOut.width
    if kind == .button && title.isEmpty { width = 0 }
    content.wrapWidth = wrapWidth
    content.isTruncated = laidOut.isTruncated
    content.unwrappedWidth = title.isEmpty ? 0 : prepared.unwrappedWidth
    content.neededSize = Size(
      width: overrides.width ?? width + insets.left + insets.right,
      height: overrides.height ?? laidOut.height + insets.top + insets.bottom)
    textLayout = content

    var intrinsic = width + insets.left + insets.right
    var height = laidOut.height + insets.top + insets.bottom
    if kind == .button {
      let points = PixelRounding.up(scale: 1)
      intrinsic = max(TextMetrics.buttonMinimumWidth, points.apply(intrinsic))
      height = points.apply(height)
    }
    intrinsicWidth = overrides.width ?? intrinsic
    intrinsicHeight = overrides.height ?? height
    firstBaselineOffset = laidOut.firstBaseline + insets.top
    lastBaselineOffset = laidOut.lastBaseline + insets.top
    if let box = overrides.height,
      let last = lastBaselineInBox(prepared, box: box, width: overrides.width.map { $0 - insets.left - insets.right })
    {
      lastBaselineOffset = last + insets.top
    }
    return MeasuredText(prepared, lines: title.isEmpty ? [] : laidOut.lines, text: title, wrapWidth: wrapWidth)
  }

  /// The last baseline, from the top of the text's box, of text that the file says is `box` tall
  /// (an intrinsic height given, such as the frame IB stored) and that wraps to more than one
  /// line in it: it is the bottommost line's (`NSLayoutConstraint.Attribute.lastBaseline`), and
  /// the text fills the box it was measured to, so the last line's descent rests on the box's
  /// bottom. `nil` when the text is one line at `width` (`nil`: unlimited) or the box holds only
  /// one: then the last baseline is the first.
  private func lastBaselineInBox(_ prepared: PreparedText, box: Double, width: Double?) -> Double? {
    guard numberOfLines != 1, let content = textLayout else { return nil }
    let laidOut = TextLayout(
      prepared, maxWidth: width.map { max(0, $0) } ?? .infinity, numberOfLines: numberOfLines,
      lineBreakMode: content.lineBreakMode, rounding: .none)
    let boxHeight = box - content.insets.top - content.insets.bottom
    guard laidOut.lines.count > 1 else { return nil }
    let lineHeight = laidOut.unroundedHeight / Double(laidOut.lines.count)
    // A box of one line's height (a label IB measured a shade narrower than Trellis does) keeps
    // the one-line baseline.
    guard boxHeight >= 1.5 * lineHeight else { return nil }
    return boxHeight - (laidOut.unroundedHeight - laidOut.lastBaseline)
  }

  /// Whether the view's text would be laid out differently at `width` than it was: only a
  /// wrapping view whose width moved past what its lines need can change. Inlined into the
  /// engine, which asks it of every wrapping view on every move.
  @inlinable package func textChanges(atWidth width: Double) -> Bool {
    guard let content = textLayout, content.wraps else { return false }
    if abs(width - content.wrapWidth) <= Tolerance.sameWrapWidth * max(1, abs(width)) { return false }
    let textWidth = width - content.insets.left - content.insets.right
    // Unwrapped and still as wide as the text: the same single lines.
    if !content.wrapWidth.isFinite, !content.isTruncated, textWidth >= content.unwrappedWidth { return false }
    return true
  }
}

extension ResolvedLayout {
  /// ``ResolvedView/textChanges(atWidth:)`` of the view at `position`, read in place: the engine
  /// asks it of every wrapping view on every move, and a view is too large to copy for that.
  @inlinable package func textChanges(ofViewAt position: Int, atWidth width: Double) -> Bool {
    views[position].textChanges(atWidth: width)
  }
}
