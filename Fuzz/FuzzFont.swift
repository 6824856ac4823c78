// libFuzzer harness: the font reader (Sources/TrellisText) on arbitrary bytes, then text laid
// out with every font it accepts. Built by scripts/fuzz.sh together with the TrellisText
// sources as one module, so internals are visible; seeds in Fuzz/corpus/font are synthetic
// fonts written by the tests (TRELLIS_WRITE_FONT_SEEDS, see FontSeedWriter in the tests).
//
// Whatever the input: no trap, no hang, no large allocation (the reader's limits); a refused
// file gives a FontError with a message that names its table when it has one; an accepted
// font has sane header values, its character map gives glyphs below numGlyphs, and text laid
// out with it keeps every cluster exactly once (word and character wrapping, no line limit),
// keeps each line within the width unless the line is a single cluster, honours
// numberOfLines, and reports finite sizes whose rounding and baselines agree with its lines.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes: [UInt8] = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  var tight = FontLimits()
  tight.maxTables = 8
  tight.maxKerningSubtables = 2
  tight.maxNameRecords = 4
  tight.maxFacesInCollection = 2
  for limits in [FontLimits(), tight] {
    let fonts: [Font]
    do {
      fonts = try Font.fonts(in: bytes, limits: limits)
    } catch {
      checkError(error)
      continue
    }
    // Layout is the slow part: only with the default limits, one sample text per input.
    guard limits == FontLimits() else { continue }
    for font in fonts { checkFont(font, sample: samples[bytes.count % samples.count]) }
  }
  return 0
}

private func fail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(message)")
}

private func checkError(_ error: FontError) {
  if error.message.isEmpty { fail("an empty error message (\(error.kind))") }
  if let table = error.table, !error.message.contains("'\(table)'") {
    fail("the message does not name its table '\(table)': \(error.message)")
  }
}

private let samples = [
  "AV Wa To. 漢字。かな well-known (fact) 😀\ttab", "a\nb\r\nc", "", "   ", "ﬁ e\u{301} 👨‍👩‍👧 \u{200B}x",
]

private func checkFont(_ font: Font, sample text: String) {
  if !(16...16384).contains(font.unitsPerEm) { fail("unitsPerEm \(font.unitsPerEm)") }
  if font.numberOfGlyphs < 1 { fail("numberOfGlyphs \(font.numberOfGlyphs)") }
  for scalar in "AVWa .…漢😀\t".unicodeScalars {
    if let glyph = font.glyph(for: scalar), !(1..<font.numberOfGlyphs).contains(glyph) {
      fail("glyph \(glyph) for U+\(String(scalar.value, radix: 16)) outside 1..<\(font.numberOfGlyphs)")
    }
  }
  for glyph in [0, 1, font.numberOfGlyphs - 1, font.numberOfGlyphs, -1] where font.advance(ofGlyph: glyph) < 0 {
    fail("a negative advance for glyph \(glyph)")
  }
  for rule in [VerticalMetricsRule.coreText, .horizontalHeader, .typographicWhenFlagged, .windows] {
    let metrics = FontTextMeasurer(font: font, size: 17, verticalMetrics: rule).lineMetrics
    if !metrics.lineHeight.isFinite || !metrics.ascender.isFinite { fail("line metrics \(metrics)") }
  }
  let measurer = FontTextMeasurer(font: font, size: 17)
  for maxWidth in [Double.infinity, 40, 0.5] {
    for mode in LineBreakMode.allCases {
      checkLayout(text, measurer, maxWidth, 0, mode)
      checkLayout(text, measurer, maxWidth, 2, mode)
    }
  }
}

private func checkLayout(
  _ text: String, _ measurer: FontTextMeasurer, _ maxWidth: Double, _ limit: Int, _ mode: LineBreakMode
) {
  let layout = TextLayout(
    text, measurer: measurer, maxWidth: maxWidth, numberOfLines: limit, lineBreakMode: mode, rounding: .up(scale: 2))
  let context = "\(mode) maxWidth \(maxWidth) numberOfLines \(limit) text \(text.debugDescription)"
  if limit > 0 && layout.lines.count > limit { fail("\(layout.lines.count) lines, limit \(limit): \(context)") }
  for value in [layout.width, layout.height, layout.firstBaseline, layout.lastBaseline] where !value.isFinite {
    fail("a non-finite size or baseline: \(context)")
  }
  let widest = layout.lines.map(\.width).max() ?? 0
  if layout.unroundedWidth != widest {
    fail("width \(layout.unroundedWidth) is not the widest line \(widest): \(context)")
  }
  if PixelRounding.up(scale: 2).apply(widest) != layout.width { fail("rounding disagrees: \(context)") }
  for (index, line) in layout.lines.enumerated() {
    let expected = measurer.lineMetrics.ascender + Double(index) * measurer.lineMetrics.lineHeight
    if line.baseline != expected {
      fail("baseline \(line.baseline) of line \(index), expected \(expected): \(context)")
    }
  }
  guard limit == 0, mode == .byWordWrapping || mode == .byCharWrapping else { return }
  if layout.isTruncated { fail("truncated without a line limit: \(context)") }
  // Every cluster shown once, in order: the lines are the text without its line-end spaces and newlines.
  func visible(_ text: String) -> [Character] { text.filter { !$0.isNewline && $0 != " " && $0 != "\t" } }
  if visible(layout.lines.map(\.text).joined()) != visible(text) {
    fail("the lines \(layout.lines.map(\.text)) do not hold the text: \(context)")
  }
  let tolerance = maxWidth.isFinite ? 1e-9 * max(1, maxWidth) : 0
  for line in layout.lines where line.width > maxWidth + tolerance && line.text.count > 1 {
    fail("line \(line.text.debugDescription) is \(line.width) wide, more than \(maxWidth): \(context)")
  }
}
