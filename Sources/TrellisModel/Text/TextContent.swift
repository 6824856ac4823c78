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
  /// A button with an empty title keeps one line of its font's height, no width, and is at
  /// least ``TextMetrics/emptyButtonMinimumWidth`` wide (UIKit's system button; unsourced,
  /// docs/uikit-research.md §4).
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
    textLayout = content

    var intrinsic = width + insets.left + insets.right
    if kind == .button && title.isEmpty { intrinsic = max(TextMetrics.emptyButtonMinimumWidth, intrinsic) }
    intrinsicWidth = overrides.width ?? intrinsic
    intrinsicHeight = overrides.height ?? laidOut.height + insets.top + insets.bottom
    firstBaselineOffset = laidOut.firstBaseline + insets.top
    lastBaselineOffset = laidOut.lastBaseline + insets.top
    return MeasuredText(prepared, lines: title.isEmpty ? [] : laidOut.lines, text: title, wrapWidth: wrapWidth)
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
