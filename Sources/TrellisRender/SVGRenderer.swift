import TrellisModel
import TrellisSupport

/// A solved layout as an SVG 1.1 picture, one user unit per point.
///
/// **Views.** The root is a white rectangle; each shown view a translucent rectangle coloured by
/// nesting depth, in a `<g id="view-<id>">` with a `<title>` (id, kind, frame) so browsers name
/// it on hover. Layout guides are not drawn.
///
/// **Text.** Labels and buttons show their text as the layout laid it out in their frame
/// (``LayoutResult/shownText(ofViewAt:)``): one `<tspan class="line">` per line, at the line's
/// baseline, in the layout's font size and weight, in a font stack that starts with the layout's
/// font and falls back to the system fonts (the measuring font's nearest), each line stretched or
/// squeezed to the width the layout measured for it (`textLength`), so that the text ends where
/// the layout says it does whatever font the viewer has. Only the layout's own truncation shows
/// (its "…", lines it left out): text that fits is never cut. The lines are centred vertically in
/// the frame (less a button's insets); a button's are centred across, a label's start at its
/// leading edge. The `<text>` carries `data-lines` and, when cut, `data-truncated`. A result
/// without the layout's text (read back from a file) shows its text as written, one line per
/// paragraph at 17 units, unmeasured. Other views show their id small (11 units) in the top-left corner when it fits and no view drawn later
/// covers it (a stack's arranged views hide its id; its `<title>` still names it).
///
/// **Off screen and outside.** A view wholly outside the root (``Placement``) is marked at the
/// root's nearest edge with an arrow and its id (`class="off-screen"`); a view reaching past its
/// superview is outlined with orange dashes (`class="outside-mark"`); both say so in their
/// `<title>` and the legend lists them when they occur.
///
/// **Hidden views.** Every hidden view (hidden itself or inside a hidden view) is drawn first,
/// under all shown views, dashed grey with no fill inside one group at 45 % opacity
/// (`<g id="hidden-views">`), so that a hidden subtree never covers shown content; it shows no
/// text (its `<title>` names it, with `hidden`).
///
/// A view 0 wide or 0 high is also drawn as a line (`class="zero-size"`), which browsers show
/// where they show no outline of an empty rectangle.
///
/// **Guides and legend.** The root's safe area is a blue dashed outline over the views, and its
/// layout margins a green dotted one under them (views cross the margins by design, and a line
/// drawn over a view would read as one of its edges). Views inside a scroll view are clipped to it (`<clipPath>`),
/// and each scroll view's whole content area at its offset is a purple dashed outline. The picture
/// is clipped to the root and its outline: nothing beyond it (a view outside the root, the part
/// of a scroll view's content area past the screen) spills onto the legend or a neighbour. A legend
/// (`<g id="legend">`) under the picture shows each of these with a sample. A view with a negative
/// size (the `negative-frame` error) is drawn where it would be if flipped, red, dashed and
/// crossed out.
package enum SVGRenderer {
  /// One picture with a caption for ``contactSheet(_:columns:scale:)``.
  package struct Item: Sendable {
    /// Lines written under the picture.
    package var caption: [String]
    package var result: LayoutResult
    /// Whether the environment fails (`trellis matrix`): the item is framed in red and its
    /// caption is red.
    package var isFailing: Bool
    /// Views the failing check names: drawn with a red fill and a thick red outline.
    package var flagged: Set<String>

    package init(caption: [String], result: LayoutResult, isFailing: Bool = false, flagged: Set<String> = []) {
      self.caption = caption
      self.result = result
      self.isFailing = isFailing
      self.flagged = flagged
    }
  }

  /// Colours shared by the pictures and their legends.
  static let failureColour = "#d73a49"
  static let safeAreaColour = "#1f6feb"
  static let marginsColour = "#2da44e"
  static let scrollColour = "#6a3d9a"
  static let hiddenColour = "#777777"
  static let outsideColour = "#e36209"

  /// A standalone SVG document of one result, with its legend under it.
  ///
  /// - Parameter title: the document's `<title>` (e.g. the layout file); the environment follows it.
  package static func render(_ result: LayoutResult, title: String? = nil) -> String {
    let size = result.environment.containerSize
    let width = finite(size.width)
    let height = finite(size.height)
    let entries = legendEntries(for: [result], sheet: false)
    let legendTop = height + 12
    let canvasWidth = max(width + 2, legendWidth)
    let canvasHeight = legendTop + legendHeight(entries) + 1
    var out = prologue(
      width: canvasWidth, height: canvasHeight, viewBox: "-1 -1 \(n(canvasWidth)) \(n(canvasHeight))")
    let heading = [title, result.environment.description].compactMap { $0 }.joined(separator: " — ")
    out += "  <title>\(escape(heading))</title>\n"
    draw(result, x: 0, y: 0, scale: 1, idFontSize: 11, idPrefix: "", flagged: [], into: &out, indent: "  ")
    out += legend(entries, x: 0, y: legendTop, indent: "  ")
    out += "</svg>\n"
    return out
  }

  /// Several results side by side at the same scale, `columns` per row, with captions below each
  /// and one legend under them all: the picture of `trellis matrix --format svg`. Labels and
  /// buttons show their text at the picture's scale; other views carry no id text at this size
  /// (their `<title>`s still name them). A failing item (``Item/isFailing``) has a red frame
  /// (`class="failing"`) and a red caption; the views it flags are red.
  package static func contactSheet(_ items: [Item], columns: Int = 6, scale: Double = 0.25) -> String {
    let perRow = max(columns, 1)
    let factor = scale.isFinite && scale > 0 ? scale : 0.25
    let gap = 24.0
    let captionLine = 13.0
    let captionFont = 10.0
    var rows: [[Item]] = []
    for (index, item) in items.enumerated() {
      if index % perRow == 0 { rows.append([]) }
      rows[rows.count - 1].append(item)
    }
    var body = ""
    var y = gap
    var sheetWidth = gap
    for (rowIndex, row) in rows.enumerated() {
      var x = gap
      var rowHeight = 0.0
      for (columnIndex, item) in row.enumerated() {
        let number = rowIndex * perRow + columnIndex + 1
        let size = item.result.environment.containerSize
        let width = finite(size.width) * factor
        let height = finite(size.height) * factor
        let captionWidth = Double(item.caption.map(\.count).max() ?? 0) * captionFont * 0.6
        let cellWidth = max(width, captionWidth)
        let itemHeight = height + captionLine * Double(item.caption.count) + 4
        body += "  <g id=\"item-\(number)\"\(item.isFailing ? " class=\"failing\"" : "")>\n"
        if item.isFailing {
          // Around the picture and its caption, inside the gap, so it never touches a neighbour.
          body += "    <rect class=\"failing-frame\" x=\"\(n(x - 8))\" y=\"\(n(y - 8))\" width=\"\(n(cellWidth + 16))\""
          body += " height=\"\(n(itemHeight + 12))\" fill=\"none\" stroke=\"\(failureColour)\" stroke-width=\"3\"/>\n"
        }
        draw(
          item.result, x: x, y: y, scale: factor, idFontSize: nil, idPrefix: "item\(number)-", flagged: item.flagged,
          into: &body, indent: "    ")
        for (line, text) in item.caption.enumerated() {
          let baseline = y + height + captionLine * Double(line + 1)
          body += "    <text x=\"\(n(x))\" y=\"\(n(baseline))\" font-size=\"\(n(captionFont))\""
          body += " fill=\"\(item.isFailing ? failureColour : "#222222")\">\(escape(text))</text>\n"
        }
        body += "  </g>\n"
        x += cellWidth + gap
        rowHeight = max(rowHeight, itemHeight)
      }
      sheetWidth = max(sheetWidth, x)
      y += rowHeight + gap
    }
    let entries = legendEntries(for: items.map(\.result), sheet: true)
    let legendTop = y
    sheetWidth = max(sheetWidth, legendWidth + 2 * gap)
    let sheetHeight = legendTop + legendHeight(entries) + gap
    var out = prologue(width: sheetWidth, height: sheetHeight, viewBox: "0 0 \(n(sheetWidth)) \(n(sheetHeight))")
    out += "  <title>Trellis contact sheet (\(items.count) layout\(items.count == 1 ? "" : "s"))</title>\n"
    out += "  <rect x=\"0\" y=\"0\" width=\"\(n(sheetWidth))\" height=\"\(n(sheetHeight))\" fill=\"#f4f4f4\"/>\n"
    out += body
    out += legend(entries, x: gap, y: legendTop, indent: "  ")
    out += "</svg>\n"
    return out
  }

  private static func prologue(width: Double, height: Double, viewBox: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(width))\" height=\"\(n(height))\""
      + " viewBox=\"\(viewBox)\" font-family=\"Menlo, Consolas, monospace\">\n"
  }

  private typealias Box = (x: Double, y: Double, width: Double, height: Double)

  /// Draws one result with its origin at (`x`, `y`), `scale` units per point: the root and its
  /// margins, hidden views, then shown views with their texts, then scroll content and the safe area.
  /// `idFontSize` is the size of the ids of views without text (`nil`: no ids).
  private static func draw(
    _ result: LayoutResult, x originX: Double, y originY: Double, scale: Double, idFontSize: Double?,
    idPrefix: String, flagged: Set<String>, into out: inout String, indent: String
  ) {
    func rect(_ frame: Rect) -> Box? {
      guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else { return nil }
      return (
        originX + min(frame.minX, frame.maxX) * scale, originY + min(frame.minY, frame.maxY) * scale,
        abs(frame.width) * scale, abs(frame.height) * scale
      )
    }
    func attributes(_ box: Box) -> String {
      "x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
    }
    let size = result.environment.containerSize
    let container = Rect(x: 0, y: 0, width: finite(size.width), height: finite(size.height))
    // Everything is clipped to the root and its outline, so that nothing (a view beyond the
    // root, a scroll view's whole content area) spills onto the legend or a neighbour.
    let pictureClip = "\(idPrefix)picture"
    out += "\(indent)<clipPath id=\"\(escape(pictureClip))\"><rect x=\"\(n(originX - 1))\" y=\"\(n(originY - 1))\""
    out += " width=\"\(n(container.width * scale + 2))\" height=\"\(n(container.height * scale + 2))\"/></clipPath>\n"
    out += "\(indent)<g clip-path=\"url(#\(escape(pictureClip)))\">\n"
    if let root = rect(container) {
      out += "\(indent)<rect \(attributes(root)) fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
    }
    // The margins under the views: a guide views may cross (a grid pinned to the safe area), so
    // drawn over them it would read as an edge of theirs; the translucent fills let it show.
    if let margins = rect(result.margins) {
      out += "\(indent)<rect class=\"layout-margins\" \(attributes(margins)) fill=\"none\" stroke=\"\(marginsColour)\""
      out += " stroke-width=\"1\" stroke-dasharray=\"1 2\"><title>layout margins \(result.margins)</title></rect>\n"
    }
    let depths = FrameTable.depths(result)
    let marks = Placement.marks(result)
    let rootID = result.views.first?.id
    // Scroll views clip their content: one clip path per distinct clip rectangle.
    let clips = result.scrollClips
    var clipIDs: [Rect: String] = [:]
    for clip in clips {
      guard let clip, clipIDs[clip] == nil, let box = rect(clip) else { continue }
      let id = "\(idPrefix)clip\(clipIDs.count + 1)"
      clipIDs[clip] = id
      out += "\(indent)<clipPath id=\"\(escape(id))\"><rect \(attributes(box))/></clipPath>\n"
    }
    let drawn = result.views.indices.filter { result.views[$0].kind != .guide && result.views[$0].parent != nil }
    let boxes = result.views.map { $0.kind == .guide ? nil : rect($0.frame) }
    func group(_ index: Int, _ extra: String) -> String {
      let view = result.views[index]
      let clipped = clips[index].flatMap { clipIDs[$0] }.map { " clip-path=\"url(#\(escape($0)))\"" } ?? ""
      return "<g id=\"\(escape(idPrefix + "view-" + view.id))\"\(clipped)\(extra)>"
    }

    // Hidden views first, under everything shown.
    let hidden = drawn.filter { result.views[$0].isEffectivelyHidden }
    if !hidden.isEmpty {
      out += "\(indent)<g id=\"\(escape(idPrefix))hidden-views\" opacity=\"0.45\">\n"
      for index in hidden {
        guard let box = boxes[index] else { continue }
        let view = result.views[index]
        out += "\(indent)  \(group(index, " class=\"hidden\""))\n"
        out += "\(indent)    <title>\(escape(view.id)) \(view.kind.rawValue) \(view.frame) hidden</title>\n"
        out += "\(indent)    <rect \(attributes(box)) fill=\"none\" stroke=\"\(hiddenColour)\" stroke-width=\"1\""
        out += " stroke-dasharray=\"4 3\"/>\n"
        out += zeroSizeLine(box, stroke: hiddenColour, dash: "4 3", indent: indent + "    ")
        out += "\(indent)  </g>\n"
      }
      out += "\(indent)</g>\n"
    }

    let shown = drawn.filter { !result.views[$0].isEffectivelyHidden }
    for (position, index) in shown.enumerated() {
      guard let box = boxes[index] else { continue }
      let view = result.views[index]
      // A negative width or height (the `negative-frame` error) is drawn where it would be
      // if flipped, but in red with a cross, never as if it were a real box.
      let flipped = view.frame.width < 0 || view.frame.height < 0
      let isFlagged = flagged.contains(view.id)
      let fill = flipped || isFlagged ? failureColour : palette[depths[index] % palette.count]
      let stroke = flipped || isFlagged ? failureColour : "#333333"
      let classes = [flipped ? "negative-frame" : nil, isFlagged ? "flagged" : nil].compactMap { $0 }
      out += "\(indent)\(group(index, classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""))\n"
      let shownText = flipped ? nil : result.shownText(ofViewAt: index)
      out += "\(indent)  <title>\(escape(view.id)) \(view.kind.rawValue) \(view.frame)"
      out += "\(flipped ? " negative size" : "")"
      if let mark = marks[index] { out += ", " + escape(mark.describe(rootID: rootID)) }
      if let shownText { out += "; " + escape(describe(shownText)) }
      out += "</title>\n"
      out += "\(indent)  <rect \(attributes(box)) fill=\"\(fill)\" fill-opacity=\"\(isFlagged ? "0.5" : "0.35")\""
      out +=
        " stroke=\"\(stroke)\" stroke-width=\"\(isFlagged ? "2" : "1")\"\(flipped ? " stroke-dasharray=\"4 3\"" : "")/>\n"
      out += zeroSizeLine(box, stroke: stroke, dash: flipped ? "4 3" : nil, indent: indent + "  ")
      if flipped {
        out += "\(indent)  <path d=\"M\(n(box.x)) \(n(box.y))L\(n(box.x + box.width)) \(n(box.y + box.height))"
        out += "M\(n(box.x + box.width)) \(n(box.y))L\(n(box.x)) \(n(box.y + box.height))\""
        out += " stroke=\"\(failureColour)\" stroke-width=\"1\"/>\n"
      }
      if case .outsideSuperview = marks[index] {
        out += "\(indent)  <rect class=\"outside-mark\" \(attributes(box)) fill=\"none\" stroke=\"\(outsideColour)\""
        out += " stroke-width=\"2\" stroke-dasharray=\"6 2\"/>\n"
      }
      let rightToLeft = result.environment.layoutDirection == .rightToLeft
      if let text = view.text, !text.isEmpty, view.kind == .label || view.kind == .button, !flipped {
        if let shownText {
          out += textElement(
            shownText, origin: (originX, originY), scale: scale, centred: view.kind == .button,
            rightToLeft: rightToLeft, indent: indent + "  ")
        } else {
          out += writtenTextElement(
            text, in: box, fontSize: 17 * scale, centred: view.kind == .button, rightToLeft: rightToLeft,
            indent: indent + "  ")
        }
      } else if let idFontSize, let label = label(view.id, in: box, fontSize: idFontSize),
        !covered(label.width, idFontSize, at: box, by: shown[(position + 1)...].map { boxes[$0] })
      {
        out += "\(indent)  <text x=\"\(n(box.x + 2))\" y=\"\(n(box.y + idFontSize))\" font-size=\"\(n(idFontSize))\""
        out += " fill=\"#111111\">\(escape(label.text))</text>\n"
      }
      out += "\(indent)</g>\n"
    }
    // Views wholly off screen: an arrow and the id at the root's nearest edge, pointing their way.
    for index in shown {
      guard case .offScreen(let direction) = marks[index], let box = rect(container) else { continue }
      let view = result.views[index]
      let size = max(idFontSize ?? 11 * scale, 2)
      let arrow =
        direction.hasPrefix("below") ? "▼" : direction.hasPrefix("above") ? "▲" : direction == "left" ? "◀" : "▶"
      let centreX = originX + (view.frame.minX + view.frame.width / 2) * scale
      let centreY = originY + (view.frame.minY + view.frame.height / 2) * scale
      let label = "\(arrow) \(view.id)"
      let width = Double(label.count) * size * 0.6
      let x = min(max(centreX - width / 2, box.x + 2), max(box.x + 2, box.x + box.width - width - 2))
      let y = min(max(centreY, box.y + size + 2), box.y + box.height - 3)
      out += "\(indent)<text class=\"off-screen\" data-view=\"\(escape(view.id))\" x=\"\(n(x))\" y=\"\(n(y))\""
      out += " font-size=\"\(n(size))\" fill=\"\(outsideColour)\"><title>\(escape(view.id)) \(view.frame): off screen"
      out += " (\(escape(direction)))</title>\(escape(label))</text>\n"
    }
    // The whole content area of each scroll view at its offset, dashed: where the rest of the
    // content lies beyond the viewport.
    for state in result.scrollViews {
      guard let view = result.view(state.id), !view.isEffectivelyHidden, let content = rect(state.contentFrame) else {
        continue
      }
      out += "\(indent)<rect \(attributes(content)) fill=\"none\" stroke=\"\(scrollColour)\" stroke-width=\"1\""
      out += " stroke-dasharray=\"6 3\"><title>content of \(escape(state.id)) \(state.contentFrame)</title></rect>\n"
    }
    if let safe = rect(result.safeArea) {
      out += "\(indent)<rect class=\"safe-area\" \(attributes(safe)) fill=\"none\" stroke=\"\(safeAreaColour)\""
      out += " stroke-width=\"1\" stroke-dasharray=\"2 2\"><title>safe area \(result.safeArea)</title></rect>\n"
    }
    out += "\(indent)</g>\n"
  }

  /// A view 0 wide or 0 high (a stack's hidden arranged view, a view a conflict squeezed):
  /// browsers draw no outline for such a rectangle, so it is drawn as a line, or a dot when both
  /// are 0, to stay on the picture.
  private static func zeroSizeLine(_ box: Box, stroke: String, dash: String?, indent: String) -> String {
    guard box.width == 0 || box.height == 0 else { return "" }
    let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    if box.width == 0, box.height == 0 {
      return
        "\(indent)<circle class=\"zero-size\" cx=\"\(n(box.x))\" cy=\"\(n(box.y))\" r=\"1.5\" fill=\"\(stroke)\"/>\n"
    }
    let end = (x: box.x + box.width, y: box.y + box.height)
    var out = "\(indent)<line class=\"zero-size\" x1=\"\(n(box.x))\" y1=\"\(n(box.y))\" x2=\"\(n(end.x))\""
    out += " y2=\"\(n(end.y))\" stroke=\"\(stroke)\" stroke-width=\"1\"\(dashing)/>\n"
    return out
  }

  /// The font stack of a text: the layout's font first (quotes and backslashes dropped: they
  /// would end the CSS string), then the system fonts the layout's metrics approximate.
  static func fontFamily(_ name: String?) -> String {
    let system = "-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Helvetica Neue', Inter, Arial, sans-serif"
    guard let name, !name.isEmpty else { return system }
    let clean = String(name.filter { $0 != "'" && $0 != "\"" && $0 != "\\" && !$0.isNewline })
    return clean.isEmpty ? system : "'\(clean)', \(system)"
  }

  /// The text in words for a `<title>`: `3 lines, system 17 pt weight 400, measured 288x47, cut`.
  static func describe(_ text: ShownText) -> String {
    let count = text.lines.count
    var out = "\(count) line\(count == 1 ? "" : "s"), \(text.fontName ?? "system") \(n(text.fontSize)) pt"
    out += " weight \(text.fontWeight), measured \(n(text.size.width))x\(n(text.size.height))"
    return out + (text.isTruncated ? ", cut" : "")
  }

  /// A label's or button's text as the layout laid it out: one `<tspan class="line">` per line
  /// at its baseline, stretched or squeezed to its measured width.
  private static func textElement(
    _ text: ShownText, origin: (x: Double, y: Double), scale: Double, centred: Bool, rightToLeft: Bool,
    indent: String
  ) -> String {
    let size = text.fontSize * scale
    guard size.isFinite, size > 0, !text.lines.isEmpty else { return "" }
    let area = text.area
    let anchor: String
    let x: Double
    if centred {
      (anchor, x) = ("middle", area.x + area.width / 2)
    } else if rightToLeft {
      (anchor, x) = ("end", area.x + area.width)
    } else {
      (anchor, x) = ("start", area.x)
    }
    let left = origin.x + x * scale
    var out = "\(indent)<text class=\"view-text\" x=\"\(n(left))\" font-size=\"\(n(size))\""
    out += " font-weight=\"\(text.fontWeight)\" font-family=\"\(escape(fontFamily(text.fontName)))\""
    out += " text-anchor=\"\(anchor)\" fill=\"#111111\" data-lines=\"\(text.lines.count)\""
    out += text.isTruncated ? " data-truncated=\"true\">" : ">"
    for line in text.lines {
      let baseline = origin.y + (text.top + line.baseline) * scale
      out += "<tspan class=\"line\" x=\"\(n(left))\" y=\"\(n(baseline))\""
      if line.width > 0 {
        out += " textLength=\"\(n(line.width * scale))\" lengthAdjust=\"spacingAndGlyphs\""
      }
      out += ">" + escape(line.text) + "</tspan>"
    }
    return out + "</text>\n"
  }

  /// A text the layout did not lay out (a result read back from a file): as written, one line
  /// per paragraph, 1.2 em apart, centred vertically; never cut, as nothing measured it.
  private static func writtenTextElement(
    _ text: String, in box: Box, fontSize size: Double, centred: Bool, rightToLeft: Bool, indent: String
  ) -> String {
    guard size.isFinite, size > 0 else { return "" }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    let lineHeight = size * 1.2
    let top = box.y + (box.height - lineHeight * Double(lines.count)) / 2
    let anchor: String
    let x: Double
    if centred {
      (anchor, x) = ("middle", box.x + box.width / 2)
    } else if rightToLeft {
      (anchor, x) = ("end", box.x + box.width)
    } else {
      (anchor, x) = ("start", box.x)
    }
    var out = "\(indent)<text class=\"view-text\" x=\"\(n(x))\" font-size=\"\(n(size))\""
    out += " font-family=\"\(escape(fontFamily(nil)))\" text-anchor=\"\(anchor)\" fill=\"#111111\""
    out += " data-lines=\"\(lines.count)\">"
    for (index, line) in lines.enumerated() {
      out += "<tspan class=\"line\" x=\"\(n(x))\" y=\"\(n(top + size * 0.95 + lineHeight * Double(index)))\">"
      out += escape(line) + "</tspan>"
    }
    return out + "</text>\n"
  }

  /// The id as it fits in the box's top-left corner (cut with `…`), and its estimated width
  /// (monospace glyphs are about 0.6 em wide); `nil` when not even 3 characters fit.
  private static func label(_ id: String, in box: Box, fontSize: Double) -> (text: String, width: Double)? {
    let characters = Int(max(0, min((box.width - 4) / (fontSize * 0.6), 10_000)).rounded(.down))
    guard box.height >= fontSize + 2, characters >= 1 else { return nil }
    var text = id
    if text.count > characters {
      guard characters >= 3 else { return nil }
      text = String(text.prefix(characters - 1)) + "…"
    }
    return (text, Double(text.count) * fontSize * 0.6)
  }

  /// Whether a view drawn later (a subview, or a sibling on top) covers the label's corner, where
  /// its own label would go: then the label is left out and the view's `<title>` still names it.
  private static func covered(_ width: Double, _ fontSize: Double, at box: Box, by later: [Box?]) -> Bool {
    let right = box.x + width + 4
    let bottom = box.y + fontSize + 3
    return later.contains { other in
      guard let other else { return false }
      return min(right, other.x + other.width) - max(box.x, other.x) > RenderTolerance.labelCover
        && min(bottom, other.y + other.height) - max(box.y, other.y) > RenderTolerance.labelCover
    }
  }

  // MARK: Legend

  /// One line of the legend: how the sample is drawn, and what it means.
  private struct LegendEntry {
    /// The attributes of the sample rectangle, or `nil` when the sample is `glyph`.
    var sample: String?
    var text: String
    /// A sample written instead of drawn (the off-screen mark is text), and its colour.
    var glyph: (text: String, colour: String)? = nil
  }

  private static let legendWidth = 250.0
  private static let legendLine = 16.0

  /// What the pictures use: always views, hidden views, the safe area and the margins; scroll
  /// content, negative sizes and (on a sheet) failures only where they occur.
  private static func legendEntries(for results: [LayoutResult], sheet: Bool) -> [LegendEntry] {
    func sample(fill: String, stroke: String, dash: String?, width: Double = 1, opacity: String? = nil) -> String {
      var out = "fill=\"\(fill)\"\(fill == "none" ? "" : " fill-opacity=\"0.35\"") stroke=\"\(stroke)\""
      out += " stroke-width=\"\(n(width))\"" + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
      return out + (opacity.map { " opacity=\"\($0)\"" } ?? "")
    }
    var entries = [
      LegendEntry(
        sample: sample(fill: palette[0], stroke: "#333333", dash: nil), text: "view (solid; colour by depth)"),
      LegendEntry(
        sample: sample(fill: "none", stroke: hiddenColour, dash: "4 3", opacity: "0.45"),
        text: "hidden view (dashed, faint)"),
      LegendEntry(sample: sample(fill: "none", stroke: safeAreaColour, dash: "2 2"), text: "safe area"),
      LegendEntry(sample: sample(fill: "none", stroke: marginsColour, dash: "1 2"), text: "layout margins (root)"),
    ]
    if results.contains(where: { !$0.scrollViews.isEmpty }) {
      entries.append(
        LegendEntry(sample: sample(fill: "none", stroke: scrollColour, dash: "6 3"), text: "scroll content"))
    }
    let placements = results.map(Placement.marks)
    if placements.contains(where: { $0.contains { if case .outsideSuperview = $0 { true } else { false } } }) {
      entries.append(
        LegendEntry(
          sample: sample(fill: "none", stroke: outsideColour, dash: "6 2", width: 2), text: "outside its superview"))
    }
    if placements.contains(where: { $0.contains { if case .offScreen = $0 { true } else { false } } }) {
      entries.append(
        LegendEntry(sample: nil, text: "view off screen, that way", glyph: ("▼ id", outsideColour)))
    }
    if results.contains(where: { $0.views.contains { $0.frame.width < 0 || $0.frame.height < 0 } }) {
      entries.append(
        LegendEntry(sample: sample(fill: failureColour, stroke: failureColour, dash: "4 3"), text: "negative size"))
    }
    if sheet {
      entries.append(
        LegendEntry(
          sample: sample(fill: "none", stroke: failureColour, dash: nil, width: 3), text: "failing environment"))
      entries.append(
        LegendEntry(
          sample: sample(fill: failureColour, stroke: failureColour, dash: nil, width: 2),
          text: "view the failing check names"))
    }
    return entries
  }

  private static func legendHeight(_ entries: [LegendEntry]) -> Double { Double(entries.count) * legendLine + 4 }

  private static func legend(_ entries: [LegendEntry], x: Double, y: Double, indent: String) -> String {
    var out = "\(indent)<g id=\"legend\" font-size=\"11\">\n"
    for (index, entry) in entries.enumerated() {
      let top = y + Double(index) * legendLine
      out += "\(indent)  <g class=\"legend-entry\">"
      if let sample = entry.sample {
        out += "<rect x=\"\(n(x + 1))\" y=\"\(n(top + 2))\" width=\"22\" height=\"11\" \(sample)/>"
      } else if let glyph = entry.glyph {
        out += "<text x=\"\(n(x + 1))\" y=\"\(n(top + 12))\" fill=\"\(glyph.colour)\">\(escape(glyph.text))</text>"
      }
      out += "<text x=\"\(n(x + 42))\" y=\"\(n(top + 12))\" fill=\"#222222\">"
      out += "\(escape(entry.text))</text></g>\n"
    }
    return out + "\(indent)</g>\n"
  }

  /// Fill colours by nesting depth.
  private static let palette = ["#9ecae1", "#fdd0a2", "#c7e9c0", "#dadaeb", "#fcbba1", "#d9d9d9"]

  private static func finite(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }

  /// Numbers for attributes: at most 3 decimals.
  private static func n(_ value: Double) -> String { NumberFormat.short(value) }

  /// Escapes text for XML content and attribute values.
  static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
