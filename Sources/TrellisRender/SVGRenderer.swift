import TrellisSupport
import TrellisLayout

/// A solved layout as an SVG 1.1 picture, one user unit per point.
///
/// The root is a white rectangle; each view a translucent rectangle with its id in the top-left
/// corner when it fits (cut with `…` otherwise) and no view drawn later covers that corner (a
/// stack's arranged views hide its id; its `<title>` still names it); hidden views (and views inside them) are grey and
/// dashed; the safe area is a blue dashed outline; layout guides are not drawn. Every view's group
/// has `id="view-<id>"` and a `<title>` so browsers show the id and frame on hover. Views inside a
/// scroll view are clipped to its frame (`<clipPath>`), and the scroll view's whole content area
/// at its offset is a purple dashed outline, so the picture shows the viewport and what lies beyond.
public enum SVGRenderer {
  /// One picture with a caption for ``contactSheet(_:columns:scale:)``.
  public struct Item: Sendable {
    /// Lines written under the picture.
    public var caption: [String]
    public var result: LayoutResult
    public init(caption: [String], result: LayoutResult) {
      self.caption = caption
      self.result = result
    }
  }

  /// A standalone SVG document of one result.
  ///
  /// - Parameter title: the document's `<title>` (e.g. the layout file); the environment follows it.
  public static func render(_ result: LayoutResult, title: String? = nil) -> String {
    let size = result.environment.containerSize
    let width = finite(size.width)
    let height = finite(size.height)
    var out = prologue(width: width + 2, height: height + 2, viewBox: "-1 -1 \(n(width + 2)) \(n(height + 2))")
    let heading = [title, result.environment.description].compactMap { $0 }.joined(separator: " — ")
    out += "  <title>\(escape(heading))</title>\n"
    draw(result, x: 0, y: 0, scale: 1, fontSize: 11, idPrefix: "", into: &out, indent: "  ")
    out += "</svg>\n"
    return out
  }

  /// Several results side by side at the same scale, `columns` per row, with captions below each:
  /// the picture of `trellis matrix --format svg`. Views carry no id text at this size (their
  /// `<title>`s still name them).
  public static func contactSheet(_ items: [Item], columns: Int = 6, scale: Double = 0.25) -> String {
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
        let size = item.result.environment.containerSize
        let width = finite(size.width) * factor
        let height = finite(size.height) * factor
        let captionWidth = Double(item.caption.map(\.count).max() ?? 0) * captionFont * 0.6
        let cellWidth = max(width, captionWidth)
        body += "  <g id=\"item-\(rowIndex * perRow + columnIndex + 1)\">\n"
        draw(
          item.result, x: x, y: y, scale: factor, fontSize: nil,
          idPrefix: "item\(rowIndex * perRow + columnIndex + 1)-", into: &body, indent: "    ")
        for (line, text) in item.caption.enumerated() {
          let baseline = y + height + captionLine * Double(line + 1)
          body += "    <text x=\"\(n(x))\" y=\"\(n(baseline))\" font-size=\"\(n(captionFont))\" fill=\"#222222\">"
          body += "\(escape(text))</text>\n"
        }
        body += "  </g>\n"
        x += cellWidth + gap
        rowHeight = max(rowHeight, height + captionLine * Double(item.caption.count) + 4)
      }
      sheetWidth = max(sheetWidth, x)
      y += rowHeight + gap
    }
    var out = prologue(width: sheetWidth, height: y, viewBox: "0 0 \(n(sheetWidth)) \(n(y))")
    out += "  <title>Trellis contact sheet (\(items.count) layouts)</title>\n"
    out += "  <rect x=\"0\" y=\"0\" width=\"\(n(sheetWidth))\" height=\"\(n(y))\" fill=\"#f4f4f4\"/>\n"
    out += body
    out += "</svg>\n"
    return out
  }

  private static func prologue(width: Double, height: Double, viewBox: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(width))\" height=\"\(n(height))\""
      + " viewBox=\"\(viewBox)\" font-family=\"Menlo, Consolas, monospace\">\n"
  }

  /// Draws one result with its origin at (`x`, `y`), `scale` units per point.
  private static func draw(
    _ result: LayoutResult, x originX: Double, y originY: Double, scale: Double, fontSize: Double?, idPrefix: String,
    into out: inout String, indent: String
  ) {
    func rect(_ frame: Rect) -> (x: Double, y: Double, width: Double, height: Double)? {
      guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else { return nil }
      return (
        originX + min(frame.minX, frame.maxX) * scale, originY + min(frame.minY, frame.maxY) * scale,
        abs(frame.width) * scale, abs(frame.height) * scale
      )
    }
    let size = result.environment.containerSize
    if let root = rect(Rect(x: 0, y: 0, width: finite(size.width), height: finite(size.height))) {
      out +=
        "\(indent)<rect x=\"\(n(root.x))\" y=\"\(n(root.y))\" width=\"\(n(root.width))\" height=\"\(n(root.height))\""
      out += " fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
    }
    let depths = FrameTable.depths(result)
    let boxes = result.views.map { $0.kind == .guide ? nil : rect($0.frame) }
    // Scroll views clip their content: one clip path per distinct clip rectangle.
    let clips = result.scrollClips
    var clipIDs: [Rect: String] = [:]
    for clip in clips {
      guard let clip, clipIDs[clip] == nil, let box = rect(clip) else { continue }
      let id = "\(idPrefix)clip\(clipIDs.count + 1)"
      clipIDs[clip] = id
      out += "\(indent)<clipPath id=\"\(escape(id))\"><rect x=\"\(n(box.x))\" y=\"\(n(box.y))\""
      out += " width=\"\(n(box.width))\" height=\"\(n(box.height))\"/></clipPath>\n"
    }
    for (index, (view, depth)) in zip(result.views, depths).enumerated() where view.kind != .guide && view.parent != nil
    {
      guard let box = boxes[index] else { continue }
      let hidden = view.isEffectivelyHidden
      // A negative width or height (the `negative-frame` error) is drawn where it would be
      // if flipped, but in red with a cross, never as if it were a real box.
      let flipped = view.frame.width < 0 || view.frame.height < 0
      let fill = flipped ? "#d73a49" : hidden ? "none" : palette[depth % palette.count]
      let stroke = flipped ? "#d73a49" : hidden ? "#999999" : "#333333"
      let clipped = clips[index].flatMap { clipIDs[$0] }.map { " clip-path=\"url(#\(escape($0)))\"" } ?? ""
      out += "\(indent)<g id=\"\(escape(idPrefix + "view-" + view.id))\"\(clipped)\(flipped ? " class=\"negative-frame\"" : "")>\n"
      out +=
        "\(indent)  <title>\(escape(view.id)) \(view.kind.rawValue) \(view.frame)\(hidden ? " hidden" : "")\(flipped ? " negative size" : "")</title>\n"
      out +=
        "\(indent)  <rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
      out += " fill=\"\(fill)\"\(hidden && !flipped ? "" : " fill-opacity=\"0.35\"") stroke=\"\(stroke)\" stroke-width=\"1\""
      out += hidden || flipped ? " stroke-dasharray=\"4 3\"/>\n" : "/>\n"
      if flipped {
        out += "\(indent)  <path d=\"M\(n(box.x)) \(n(box.y))L\(n(box.x + box.width)) \(n(box.y + box.height))"
        out += "M\(n(box.x + box.width)) \(n(box.y))L\(n(box.x)) \(n(box.y + box.height))\""
        out += " stroke=\"#d73a49\" stroke-width=\"1\"/>\n"
      }
      if let fontSize, let label = label(view.id, in: box, fontSize: fontSize),
        !covered(label.width, fontSize, at: box, by: boxes[(index + 1)...])
      {
        out += "\(indent)  <text x=\"\(n(box.x + 2))\" y=\"\(n(box.y + fontSize))\" font-size=\"\(n(fontSize))\""
        out += " fill=\"\(hidden ? "#999999" : "#111111")\">\(escape(label.text))</text>\n"
      }
      out += "\(indent)</g>\n"
    }
    // The whole content area of each scroll view at its offset, dashed: where the rest of the
    // content lies beyond the viewport.
    for state in result.scrollViews {
      guard let view = result.view(state.id), !view.isEffectivelyHidden, let content = rect(state.contentFrame) else {
        continue
      }
      out += "\(indent)<rect x=\"\(n(content.x))\" y=\"\(n(content.y))\" width=\"\(n(content.width))\""
      out += " height=\"\(n(content.height))\" fill=\"none\" stroke=\"#6a3d9a\" stroke-width=\"1\""
      out += " stroke-dasharray=\"6 3\"><title>content of \(escape(state.id)) \(state.contentFrame)</title></rect>\n"
    }
    let container = Rect(x: 0, y: 0, width: finite(size.width), height: finite(size.height))
    if result.safeArea != container, let safe = rect(result.safeArea) {
      out +=
        "\(indent)<rect x=\"\(n(safe.x))\" y=\"\(n(safe.y))\" width=\"\(n(safe.width))\" height=\"\(n(safe.height))\""
      out +=
        " fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"1\" stroke-dasharray=\"2 2\"><title>safe area</title></rect>\n"
    }
  }

  /// The id as it fits in the box's top-left corner (cut with `…`), and its estimated width
  /// (monospace glyphs are about 0.6 em wide); `nil` when not even 3 characters fit.
  private static func label(
    _ id: String, in box: (x: Double, y: Double, width: Double, height: Double), fontSize: Double
  )
    -> (text: String, width: Double)?
  {
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
  private static func covered(
    _ width: Double, _ fontSize: Double, at box: (x: Double, y: Double, width: Double, height: Double),
    by later: ArraySlice<(x: Double, y: Double, width: Double, height: Double)?>
  ) -> Bool {
    let right = box.x + width + 4
    let bottom = box.y + fontSize + 3
    return later.contains { other in
      guard let other else { return false }
      return min(right, other.x + other.width) - max(box.x, other.x) > 0.5
        && min(bottom, other.y + other.height) - max(box.y, other.y) > 0.5
    }
  }

  /// Fill colours by nesting depth.
  private static let palette = ["#9ecae1", "#fdd0a2", "#c7e9c0", "#dadaeb", "#fcbba1", "#d9d9d9"]

  private static func finite(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }

  /// Numbers for attributes: at most 3 decimals.
  private static func n(_ value: Double) -> String { NumberFormat.short(value) }

  /// Escapes text for XML content and attribute values.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default:
        // XML 1.0 forbids most control characters even as references; show them as spaces.
        if scalar.value < 0x20, scalar != "\n", scalar != "\t" { out += " " } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }
}
