import TrellisSupport
import TrellisLayout

/// A solved layout drawn with box-drawing characters for a terminal.
///
/// The root fills `columns` cells across; rows keep the aspect ratio assuming a terminal cell is
/// `cellAspect` (default 2) times as tall as it is wide, so a point maps to `(columns − 1) / width`
/// cells across and half that many down. Each edge goes to the nearest cell (halves away from
/// zero). Every drawn view is a box; where edges meet or overlap they merge into one line with the
/// right junction (`┬ ├ ┼`), so coinciding edges of nested views stay readable. Hidden views, views
/// inside hidden views and layout guides are not drawn. The safe area, when it differs from the
/// root's bounds, is a dotted line (`┄ ┆`) wherever no view edge covers it. A scroll view clips
/// its content to its frame (only the part visible at the current content offset is drawn), and
/// an arrow in the middle of an edge of the scroll view (`▲ ▼ ◀ ▶`; `^ v < >` in ASCII style)
/// says that its content goes on beyond that edge.
///
/// Each box shows its id in the first place inside it that no nested view covers, scanning rows
/// from the top and cells from the left; an id longer than the space is cut with `…` (when at
/// least 3 cells are free) or left out.
///
/// A view with a negative width or height (the `negative-frame` error) is drawn where it would be
/// if flipped, labelled `!id`, and a line under the diagram names it with its size, so that it
/// never passes for a real box.
public enum ASCIIDiagram {
  /// Which characters draw lines.
  public enum Style: String, Hashable, Sendable, CaseIterable {
    /// `┌─┐│└┘├┬┼`, dotted `┄┆`, ellipsis `…`.
    case unicode
    /// `+-|`, dotted `.`, ellipsis `~`.
    case ascii
  }

  public struct Options: Hashable, Sendable {
    /// Cells across the root (at least 4).
    public var columns: Int
    public var style: Style
    /// A terminal cell's height divided by its width.
    public var cellAspect: Double
    public var showsSafeArea: Bool

    public init(columns: Int = 100, style: Style = .unicode, cellAspect: Double = 2, showsSafeArea: Bool = true) {
      self.columns = columns
      self.style = style
      self.cellAspect = cellAspect
      self.showsSafeArea = showsSafeArea
    }
  }

  /// The diagram alone, one line per row (trailing spaces removed), each ending in a newline.
  public static func render(_ result: LayoutResult, options: Options = Options()) -> String {
    let container = result.environment.containerSize
    guard container.width.isFinite, container.height.isFinite, container.width > 0, container.height > 0 else {
      return
        "(nothing to draw: the container is \(NumberFormat.short(container.width))x\(NumberFormat.short(container.height)))\n"
    }
    let columns = min(max(options.columns, 4), 2000)
    let aspect = options.cellAspect.isFinite && options.cellAspect > 0 ? options.cellAspect : 2
    let scaleX = Double(columns - 1) / container.width
    let lastRow = Int(min(max((container.height * scaleX / aspect).rounded(), 1), 4000))
    var canvas = Canvas(
      columns: columns, rows: lastRow + 1, scaleX: scaleX, scaleY: Double(lastRow) / container.height)

    if options.showsSafeArea {
      let root = Rect(x: 0, y: 0, width: container.width, height: container.height)
      if let box = canvas.box(result.safeArea), box != canvas.box(root) { canvas.stroke(box, dotted: true) }
    }
    let drawn = result.views.enumerated().filter { !$0.element.isEffectivelyHidden && $0.element.kind != .guide }
    // Scroll views clip their content: only the visible part of a content view is drawn.
    let clips = result.scrollClips
    var boxes: [(index: Int, box: Canvas.Box)] = []
    for (index, view) in drawn {
      var frame = view.frame
      if let clip = clips[index] {
        guard let visible = frame.intersection(clip) else { continue }
        frame = visible
      }
      guard let box = canvas.box(frame) else { continue }
      canvas.stroke(box, dotted: false)
      canvas.claimInterior(of: box, for: index)
      boxes.append((index, box))
    }
    for (index, box) in boxes {
      let view = result.views[index]
      let text = isNegative(view.frame) ? "!" + view.id : view.id
      canvas.label(box, owner: index, text: text, ellipsis: options.style == .unicode ? "…" : "~")
    }
    for state in result.scrollViews {
      guard let index = result.views.firstIndex(where: { $0.id == state.id }), !result.views[index].isEffectivelyHidden,
        let box = canvas.box(clips[index].flatMap(state.frame.intersection) ?? state.frame)
      else { continue }
      canvas.markOverflow(box, of: state, style: options.style)
    }
    var text = canvas.text(style: options.style)
    let negative = drawn.map(\.element).filter { isNegative($0.frame) }
    if !negative.isEmpty {
      let sizes = negative.map { "\($0.id) \(NumberFormat.short($0.frame.width))x\(NumberFormat.short($0.frame.height))" }
      text += "! negative size, drawn flipped: \(sizes.joined(separator: ", "))\n"
    }
    return text
  }

  private static func isNegative(_ frame: Rect) -> Bool { frame.width < 0 || frame.height < 0 }

  /// The header (environment), the diagram and the frame table.
  public static func report(_ result: LayoutResult, options: Options = Options()) -> String {
    header(result.environment) + "\n" + render(result, options: options) + "\n" + FrameTable.render(result)
  }

  /// `iPhone 8 portrait (375x667, wC hR) @2x, safe area insets t20 l0 b0 r0`, plus `, right-to-left`.
  public static func header(_ environment: Environment) -> String {
    let insets = environment.safeAreaInsets
    var line = "\(environment) @\(NumberFormat.short(environment.scale))x, safe area insets"
    line += " t\(NumberFormat.short(insets.top)) l\(NumberFormat.short(insets.left))"
    line += " b\(NumberFormat.short(insets.bottom)) r\(NumberFormat.short(insets.right))"
    if environment.layoutDirection == .rightToLeft { line += ", right-to-left" }
    return line
  }
}

/// The grid the diagram is drawn on: line connections per cell, who owns each interior cell, and labels.
private struct Canvas {
  /// A view's box in cells (may reach one cell past the canvas on any side: clipped when drawn).
  struct Box: Equatable {
    var left, top, right, bottom: Int
  }

  static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

  let columns: Int
  let rows: Int
  let scaleX: Double
  let scaleY: Double
  var solid: [[UInt8]]
  var dotted: [[UInt8]]
  var owner: [[Int]]
  var labels: [[Character?]]

  init(columns: Int, rows: Int, scaleX: Double, scaleY: Double) {
    self.columns = columns
    self.rows = rows
    self.scaleX = scaleX
    self.scaleY = scaleY
    solid = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    dotted = solid
    owner = Array(repeating: Array(repeating: -1, count: columns), count: rows)
    labels = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  /// The cells of a rectangle in points; `nil` when it has a non-finite coordinate.
  func box(_ rect: Rect) -> Box? {
    guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
    let minX = min(rect.minX, rect.maxX)
    let maxX = max(rect.minX, rect.maxX)
    let minY = min(rect.minY, rect.maxY)
    let maxY = max(rect.minY, rect.maxY)
    return Box(
      left: cell(minX * scaleX, limit: columns), top: cell(minY * scaleY, limit: rows),
      right: cell(maxX * scaleX, limit: columns), bottom: cell(maxY * scaleY, limit: rows))
  }

  /// Nearest cell, clamped to one past either end so conversion never overflows.
  private func cell(_ value: Double, limit: Int) -> Int {
    Int(min(max(value.rounded(), -1), Double(limit)))
  }

  private func contains(_ row: Int, _ column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  private mutating func connect(_ row: Int, _ column: Int, _ bits: UInt8, dotted isDotted: Bool) {
    guard contains(row, column) else { return }
    if isDotted { dotted[row][column] |= bits } else { solid[row][column] |= bits }
  }

  mutating func stroke(_ box: Box, dotted isDotted: Bool) {
    for row in [box.top, box.bottom] {
      for column in stride(from: box.left, to: box.right, by: 1) {
        connect(row, column, Self.right, dotted: isDotted)
        connect(row, column + 1, Self.left, dotted: isDotted)
      }
    }
    for column in [box.left, box.right] {
      for row in stride(from: box.top, to: box.bottom, by: 1) {
        connect(row, column, Self.down, dotted: isDotted)
        connect(row + 1, column, Self.up, dotted: isDotted)
      }
    }
  }

  /// Marks the box's inside as belonging to `index`; later (nested) views overwrite earlier ones.
  mutating func claimInterior(of box: Box, for index: Int) {
    let firstRow = max(box.top + 1, 0)
    let endRow = min(box.bottom, rows)
    let firstColumn = max(box.left + 1, 0)
    let endColumn = min(box.right, columns)
    guard firstRow < endRow, firstColumn < endColumn else { return }
    for row in firstRow..<endRow {
      for column in firstColumn..<endColumn { owner[row][column] = index }
    }
  }

  /// Writes `text` into the first free run of cells the view owns that fits it, else cut into the
  /// longest run of at least 3 cells, else nowhere.
  mutating func label(_ box: Box, owner index: Int, text: String, ellipsis: Character) {
    let characters = Array(text)
    guard !characters.isEmpty else { return }
    let firstRow = max(box.top + 1, 0)
    let endRow = min(box.bottom, rows)
    let firstColumn = max(box.left + 1, 0)
    let endColumn = min(box.right, columns)
    guard firstRow < endRow, firstColumn < endColumn else { return }
    var best: (row: Int, column: Int, length: Int)?
    for row in firstRow..<endRow {
      var column = firstColumn
      while column < endColumn {
        guard isFree(row, column, for: index) else {
          column += 1
          continue
        }
        var end = column
        while end < endColumn, isFree(row, end, for: index) { end += 1 }
        let length = end - column
        if length >= characters.count {
          write(characters, row: row, column: column)
          return
        }
        if length >= 3, length > (best?.length ?? 0) { best = (row, column, length) }
        column = end
      }
    }
    if let best { write(Array(characters.prefix(best.length - 1)) + [ellipsis], row: best.row, column: best.column) }
  }

  /// Arrows in the middle of each edge of a scroll view's box beyond which its content extends
  /// at the current offset (`▲▼◀▶`, or `^v<>`): there is more to scroll to that way.
  mutating func markOverflow(_ box: Box, of state: ScrollState, style: ASCIIDiagram.Style) {
    let content = state.contentFrame
    let frame = state.frame
    let tolerance = 0.5
    let unicode = style == .unicode
    let middleColumn = (box.left + box.right) / 2
    let middleRow = (box.top + box.bottom) / 2
    let marks: [(Bool, Int, Int, Character)] = [
      (content.minY < frame.minY - tolerance, box.top, middleColumn, unicode ? "▲" : "^"),
      (content.maxY > frame.maxY + tolerance, box.bottom, middleColumn, unicode ? "▼" : "v"),
      (content.minX < frame.minX - tolerance, middleRow, box.left, unicode ? "◀" : "<"),
      (content.maxX > frame.maxX + tolerance, middleRow, box.right, unicode ? "▶" : ">"),
    ]
    for (extends, row, column, mark) in marks where extends && contains(row, column) {
      labels[row][column] = mark
    }
  }

  private func isFree(_ row: Int, _ column: Int, for index: Int) -> Bool {
    owner[row][column] == index && solid[row][column] == 0 && labels[row][column] == nil
  }

  private mutating func write(_ characters: [Character], row: Int, column: Int) {
    for (offset, character) in characters.enumerated() { labels[row][column + offset] = character }
  }

  func text(style: ASCIIDiagram.Style) -> String {
    var out = ""
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        if let character = labels[row][column] {
          line.append(character)
        } else if solid[row][column] != 0 {
          line.append(Self.solidCharacter(solid[row][column], style: style))
        } else if dotted[row][column] != 0 {
          line.append(Self.dottedCharacter(dotted[row][column], style: style))
        } else {
          line.append(" ")
        }
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }

  static func solidCharacter(_ bits: UInt8, style: ASCIIDiagram.Style) -> Character {
    let horizontal = bits & (left | right) != 0
    let vertical = bits & (up | down) != 0
    if style == .ascii { return horizontal && vertical ? "+" : horizontal ? "-" : "|" }
    switch bits {
    case left, right, left | right: return "─"
    case up, down, up | down: return "│"
    case down | right: return "┌"
    case down | left: return "┐"
    case up | right: return "└"
    case up | left: return "┘"
    case up | down | right: return "├"
    case up | down | left: return "┤"
    case down | left | right: return "┬"
    case up | left | right: return "┴"
    default: return "┼"
    }
  }

  static func dottedCharacter(_ bits: UInt8, style: ASCIIDiagram.Style) -> Character {
    if style == .ascii { return "." }
    let horizontal = bits & (left | right) != 0
    let vertical = bits & (up | down) != 0
    return horizontal && vertical ? "·" : horizontal ? "┄" : "┆"
  }
}
