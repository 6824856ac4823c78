import TrellisModel
import TrellisSupport

/// A solved layout drawn with box-drawing characters for a terminal.
///
/// **Scale.** The root fills `columns` cells across; rows keep the aspect ratio assuming a terminal
/// cell is `cellAspect` (default 2) times as tall as it is wide, so a point maps to
/// `(columns − 1) / width` cells across and half that many down. Each edge goes to the nearest
/// cell (halves away from zero). No line the diagram or its notes print is wider than `columns`
/// cells (characters of East Asian wide scripts and emoji count as two cells, ``cellWidth(of:)``).
///
/// **Gaps.** Rounding alone can put two edges a few points apart into one cell, and then two
/// boxes 8 pt apart merge into one line. So edges are placed per axis, over the sorted distinct
/// coordinates of the drawn boxes' edges (with the root's and the safe area's): when two
/// neighbouring coordinates at least ``minimumGap`` points apart round to the same cell, the
/// larger one moves one cell up (right, down) if that does not pass the next coordinate's cell,
/// else the smaller one moves one cell down (left, up) if that does not pass the previous
/// one's; a move that would leave a box with no cell inside where it had one is not made (room
/// for text matters more than the gap); otherwise (no room) they stay merged. An edge moves by
/// one cell at most, equal coordinates (within a millionth of a point) always share a cell, so
/// aligned edges stay aligned, and the order of edges is kept.
///
/// **Boxes.** Every drawn view is a box; where edges meet or overlap they merge into one line
/// with the right junction (`┬ ├ ┼`), so coinciding edges of nested views stay readable. Layout
/// guides are not drawn. The safe area, when it differs from the root's bounds, is a dotted line
/// (`┄ ┆`) wherever no view edge covers it. A scroll view clips its content to its frame (only
/// the part visible at the current content offset is drawn), and an arrow in the middle of an
/// edge of the scroll view (`▲ ▼ ◀ ▶`; `^ v < >` in ASCII style) says that its content goes on
/// beyond that edge.
///
/// **Hidden views.** A hidden view whose superview is shown is drawn dotted, under every solid
/// line, with `[id]` inside when there is room that no shown view's text uses (hidden views are
/// labelled last, so they never cover a shown view's text); the views inside it are not drawn.
/// A line under the diagram lists them: `hidden (dotted): row5 (+4 inside), extra`.
///
/// **Text.** Each box shows one text in the first place inside it that no nested view covers,
/// scanning rows from the top and cells from the left. Labels and buttons show their text as the
/// layout laid it out in their frame (``LayoutResult/shownText(ofViewAt:)``: its line breaks, and
/// its "…" where it truncated; a result without the layout's text, read back from a file, shows
/// the text's own line breaks): the lines on consecutive rows when the box has room for them
/// all, else the first line (cut with `…` when it must be) and a mark of how many more there are
/// (`Revenue grew in… (+2)`); other
/// views, and labels without text, show their id. A text that does not fit is cut with
/// `…` (`~` in ASCII style) when at least two cells are free. An id that does not fit, or a text
/// with no room even for that, is replaced by a key (`1`, `2`, … in document order) and the
/// legend line under the diagram maps each key to the id (and text); a view with no room even
/// for its key is still named in the legend, under `too small to mark`. The root's id shows
/// where it has room, but is never keyed or listed: the outer box is always the root.
///
/// **Off screen and outside.** A view wholly outside the root (``Placement``) is not drawn; a line
/// under the diagram names it and where it lies: `off screen: footer (below)`. Views that reach
/// past their superview are drawn as they lie (clipped to the root) and named on a line of their
/// own: `outside their superview: badge (in card1)`, `partly off screen: banner`.
///
/// **Negative sizes.** A view with a negative width or height (the `negative-frame` error) is
/// drawn where it would be if flipped, labelled `!id`, and the last line under the diagram names
/// it with its size, so that it never passes for a real box.
package enum ASCIIDiagram {
  /// Which characters draw lines.
  package enum Style: String, Hashable, Sendable, CaseIterable {
    /// `┌─┐│└┘├┬┼`, dotted `┄┆`, ellipsis `…`.
    case unicode
    /// `+-|`, dotted `.`, ellipsis `~`.
    case ascii
  }

  package struct Options: Hashable, Sendable {
    /// Cells across the root (at least 4), and the widest any line of the diagram may be.
    package var columns: Int
    package var style: Style
    /// A terminal cell's height divided by its width.
    package var cellAspect: Double
    package var showsSafeArea: Bool

    package init(columns: Int = 100, style: Style = .unicode, cellAspect: Double = 2, showsSafeArea: Bool = true) {
      self.columns = columns
      self.style = style
      self.cellAspect = cellAspect
      self.showsSafeArea = showsSafeArea
    }
  }

  /// Edges at least this many points apart are kept in different cells where there is room
  /// (see "Gaps" above): half the 8 pt standard spacing, so that a standard gap always shows
  /// while a hairline (1 pt) separator does not push its neighbours around.
  package static let minimumGap = 4.0

  /// The diagram, one line per row (trailing spaces removed), then its notes (legend, hidden
  /// views, negative sizes), each line ending in a newline and at most `columns` cells wide.
  package static func render(_ result: LayoutResult, options: Options = Options()) -> String {
    let container = result.environment.containerSize
    let columns = min(max(options.columns, 4), 2000)
    guard container.width.isFinite, container.height.isFinite, container.width > 0, container.height > 0 else {
      return wrap(
        "(nothing to draw: the container is \(NumberFormat.short(container.width))x\(NumberFormat.short(container.height)))",
        width: columns)
    }
    let aspect = options.cellAspect.isFinite && options.cellAspect > 0 ? options.cellAspect : 2
    let scaleX = Double(columns - 1) / container.width
    let lastRow = Int(min(max((container.height * scaleX / aspect).rounded(), 1), 4000))
    let ellipsis: Character = options.style == .unicode ? "…" : "~"

    let clips = result.scrollClips
    let effectivelyHidden = Dictionary(
      result.views.map { ($0.id, $0.isEffectivelyHidden) }, uniquingKeysWith: { first, _ in first })
    // What is drawn: shown views (solid), and the topmost views of hidden subtrees (dotted).
    var shown: [(index: Int, frame: Rect)] = []
    var hidden: [(index: Int, frame: Rect)] = []
    let marks = Placement.marks(result)
    var offScreen: [String] = []
    for (index, view) in result.views.enumerated() where view.kind != .guide {
      if case .offScreen(let direction) = marks[index] {
        offScreen.append("\(display(view.id)) (\(direction))")
        continue
      }
      let hiddenTop = view.isEffectivelyHidden && !(view.parent.flatMap { effectivelyHidden[$0] } ?? false)
      guard !view.isEffectivelyHidden || hiddenTop else { continue }
      var frame = view.frame
      if let clip = clips[index] {
        guard let visible = frame.intersection(clip) else { continue }
        frame = visible
      }
      if view.isEffectivelyHidden { hidden.append((index, frame)) } else { shown.append((index, frame)) }
    }

    // Cell positions per axis: the shown boxes, the root and the safe area take part in the gap
    // rule; hidden boxes follow it (they never push a shown edge).
    let root = Rect(x: 0, y: 0, width: container.width, height: container.height)
    var xs: [(Double, Double)] = [(0, container.width)]
    var ys: [(Double, Double)] = [(0, container.height)]
    for rect in shown.map(\.frame) + (options.showsSafeArea ? [result.safeArea] : [])
    where rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite {
      xs.append((min(rect.minX, rect.maxX), max(rect.minX, rect.maxX)))
      ys.append((min(rect.minY, rect.maxY), max(rect.minY, rect.maxY)))
    }
    var canvas = Canvas(
      columns: columns, rows: lastRow + 1,
      xMap: EdgeMap(spans: xs, scale: scaleX, cells: columns, extent: container.width, minimumGap: minimumGap),
      yMap: EdgeMap(
        spans: ys, scale: Double(lastRow) / container.height, cells: lastRow + 1, extent: container.height,
        minimumGap: minimumGap))

    if options.showsSafeArea {
      if let box = canvas.box(result.safeArea), box != canvas.box(root) { canvas.stroke(box, dotted: true) }
    }
    var hiddenBoxes: [(index: Int, box: Canvas.Box)] = []
    for (index, frame) in hidden {
      guard let box = canvas.box(frame) else { continue }
      canvas.stroke(box, dotted: true)
      hiddenBoxes.append((index, box))
    }
    var boxes: [(index: Int, box: Canvas.Box)] = []
    for (index, frame) in shown {
      guard let box = canvas.box(frame) else { continue }
      canvas.stroke(box, dotted: false)
      canvas.claimInterior(of: box, for: index)
      boxes.append((index, box))
    }

    // Texts of shown views first, then the hidden views' `[id]` where room is left.
    var keyed: [String] = []
    var unmarked: [String] = []
    let boxOf = Dictionary(boxes.map { ($0.index, $0.box) }, uniquingKeysWith: { first, _ in first })
    for index in shown.map(\.index) {
      let view = result.views[index]
      guard let box = boxOf[index] else {
        guard view.parent != nil else { continue }
        // Shown, but with no finite frame to draw: still named, so that no view goes missing
        // silently (a negative one is named by the negative-size line).
        if !isNegative(view.frame) { unmarked.append(display(view.id)) }
        continue
      }
      let lines = shownText(result, index)
      if canvas.placeLines(lines, in: box, owner: index) { continue }
      // Lines that do not all fit: the first, and how many more there are.
      let first = lines.count > 1 ? "\(lines[0]) (+\(lines.count - 1))" : lines[0]
      if canvas.placeWhole(first, in: box, owner: index) { continue }
      let isText = !isNegative(view.frame) && hasText(view)
      if isText, lines.count > 1,
        canvas.placeCut(lines[0], in: box, owner: index, ellipsis: ellipsis, mark: " (+\(lines.count - 1))")
      {
        continue
      }
      if isText, canvas.placeCut(lines[0], in: box, owner: index, ellipsis: ellipsis) { continue }
      let joined = lines.joined(separator: " ")
      // The outer box is always the root: it is not keyed or listed.
      guard view.parent != nil else { continue }
      let key = String(keyed.count + 1)
      let entry = isText ? "\(display(view.id)) \"\(joined)\"" : joined
      if canvas.placeWhole(key, in: box, owner: index) {
        keyed.append("\(key) \(entry)")
      } else {
        unmarked.append(entry)
      }
    }
    for (index, box) in hiddenBoxes {
      canvas.placeHidden("[" + display(result.views[index].id) + "]", in: box)
    }
    for state in result.scrollViews {
      guard let index = result.views.firstIndex(where: { $0.id == state.id }), !result.views[index].isEffectivelyHidden,
        let box = canvas.box(clips[index].flatMap(state.frame.intersection) ?? state.frame)
      else { continue }
      canvas.markOverflow(box, of: state, style: options.style)
    }

    var text = canvas.text(style: options.style)
    if !keyed.isEmpty { text += wrap("keys: " + keyed.joined(separator: ", "), width: columns) }
    if !unmarked.isEmpty { text += wrap("too small to mark: " + unmarked.joined(separator: ", "), width: columns) }
    if !offScreen.isEmpty { text += wrap("off screen: " + offScreen.joined(separator: ", "), width: columns) }
    let rootID = result.views.first?.id
    var outside: [String] = []
    var partly: [String] = []
    for (index, mark) in marks.enumerated() {
      guard case .outsideSuperview(let parent) = mark else { continue }
      let id = display(result.views[index].id)
      if parent == rootID { partly.append(id) } else { outside.append("\(id) (in \(display(parent)))") }
    }
    if !outside.isEmpty {
      text += wrap("outside their superview: " + outside.joined(separator: ", "), width: columns)
    }
    if !partly.isEmpty { text += wrap("partly off screen: " + partly.joined(separator: ", "), width: columns) }
    if !hidden.isEmpty {
      // Every hidden view named, drawn or not (a non-finite frame has no box).
      let names = hidden.map { index, _ -> String in
        let id = display(result.views[index].id)
        let inside = descendantCount(of: result.views[index].id, in: result)
        return inside > 0 ? "\(id) (+\(inside) inside)" : id
      }
      text += wrap("hidden (dotted): " + names.joined(separator: ", "), width: columns)
    }
    let negative = shown.map { result.views[$0.index] }.filter { isNegative($0.frame) }
    if !negative.isEmpty {
      let sizes = negative.map {
        "\(display($0.id)) \(NumberFormat.short($0.frame.width))x\(NumberFormat.short($0.frame.height))"
      }
      text += wrap("! negative size, drawn flipped: \(sizes.joined(separator: ", "))", width: columns)
    }
    return text
  }

  private static func isNegative(_ frame: Rect) -> Bool { frame.width < 0 || frame.height < 0 }

  private static func hasText(_ view: LayoutResult.ViewFrame) -> Bool {
    // Text of only spaces or line breaks shows nothing: the id says more.
    (view.kind == .label || view.kind == .button) && (view.text ?? "").contains { !$0.isWhitespace }
  }

  /// The lines a box shows: a label's or button's text as the layout laid it out (else split at
  /// its own line breaks), else the id (`!id` for a negative size).
  private static func shownText(_ result: LayoutResult, _ index: Int) -> [String] {
    let view = result.views[index]
    if isNegative(view.frame) { return ["!" + display(view.id)] }
    guard hasText(view), let text = view.text else { return [display(view.id)] }
    if let shown = result.shownText(ofViewAt: index), !shown.lines.isEmpty {
      return shown.lines.map { display($0.text) }
    }
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { display(String($0)) }
  }

  /// Text as one terminal line: control characters (tabs, escapes) become spaces, so that
  /// nothing the file says can move the cursor.
  static func display(_ text: String) -> String {
    String(text.map { $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } ? " " : $0 })
  }

  private static func descendantCount(of id: String, in result: LayoutResult) -> Int {
    var inside: Set<String> = [id]
    var count = 0
    // Views come in document order, parents before children.
    for view in result.views where view.parent.map(inside.contains) == true && !inside.contains(view.id) {
      inside.insert(view.id)
      if view.kind != .guide { count += 1 }
    }
    return count
  }

  /// Cells a character takes in a terminal: 2 for East Asian wide and fullwidth characters and
  /// emoji (the main blocks of Unicode's East_Asian_Width W and F classes, UAX #11,
  /// https://www.unicode.org/reports/tr11/), else 1. An approximation: terminals differ.
  package static func cellWidth(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first?.value else { return 1 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(scalar) } ? 2 : 1
  }

  /// Cells a string takes.
  package static func cellWidth(of text: String) -> Int { text.reduce(0) { $0 + cellWidth(of: $1) } }

  /// `text` broken into lines of at most `width` cells, at spaces where it can (a word longer
  /// than a line is broken anywhere), each line ending in a newline; continuation lines are
  /// indented two spaces when the width leaves room.
  package static func wrap(_ text: String, width: Int) -> String {
    let width = max(width, 1)
    let indent = width > 8 ? 2 : 0
    var lines: [String] = []
    var line = ""
    var used = 0
    var lineStart: Int { lines.isEmpty ? 0 : indent }
    func newLine() {
      lines.append(line)
      line = String(repeating: " ", count: indent)
      used = indent
    }
    for word in text.split(separator: " ") {
      if used > lineStart {
        if used + 1 + cellWidth(of: String(word)) > width {
          newLine()
        } else {
          line += " "
          used += 1
        }
      }
      for character in word {
        let cells = cellWidth(of: character)
        if used + cells > width, used > lineStart { newLine() }
        guard used + cells <= width else { continue }  // a wide character on a one-cell line
        line.append(character)
        used += cells
      }
    }
    if used > lineStart || lines.isEmpty { lines.append(line) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The header (environment), the diagram and the frame table.
  package static func report(_ result: LayoutResult, options: Options = Options()) -> String {
    header(result.environment) + "\n" + render(result, options: options) + "\n" + FrameTable.render(result)
  }

  /// `iPhone 8 portrait (375x667, wC hR) @2x, safe area insets t20 l0 b0 r0`, plus `, right-to-left`.
  package static func header(_ environment: Environment) -> String {
    let insets = environment.safeAreaInsets
    var line = "\(environment) @\(NumberFormat.short(environment.scale))x, safe area insets"
    line += " t\(NumberFormat.short(insets.top)) l\(NumberFormat.short(insets.left))"
    line += " b\(NumberFormat.short(insets.bottom)) r\(NumberFormat.short(insets.right))"
    if environment.layoutDirection == .rightToLeft { line += ", right-to-left" }
    return line
  }
}

/// Where coordinates of one axis land in cells: nearest cell, then the gap rule of
/// ``ASCIIDiagram`` over the coordinates it was made from; other coordinates round, kept between
/// the cells of the known coordinates around them.
package struct EdgeMap {
  let scale: Double
  let cells: Int
  private var values: [Double] = []
  private var assigned: [Int] = []

  /// - Parameter spans: each box's two edges on this axis (smaller first): both take part in the
  ///   gap rule, and a move that would leave a box no cell inside where it had one is refused.
  package init(spans: [(Double, Double)], scale: Double, cells: Int, extent: Double, minimumGap: Double) {
    self.scale = scale
    self.cells = cells
    let inside = { (value: Double) in value.isFinite && value >= 0 && value <= extent }
    for value in spans.flatMap({ [$0.0, $0.1] }).filter(inside).sorted()
    where values.last.map({ value - $0 > RenderTolerance.sameEdge }) ?? true {
      values.append(value)
    }
    assigned = values.map { Self.nearest($0 * scale, limit: cells) }
    guard values.count > 1 else { return }
    // The other edges of the boxes each edge belongs to.
    var partners = Array(repeating: [Int](), count: values.count)
    for (low, high) in spans where inside(low) && inside(high) {
      guard let a = index(of: low), let b = index(of: high), a != b else { continue }
      partners[a].append(b)
      partners[b].append(a)
    }
    // Whether edge `i` may go to `cell`: no box of it that had a cell inside loses it.
    func keepsInsides(_ i: Int, at cell: Int) -> Bool {
      partners[i].allSatisfy { p in abs(assigned[p] - assigned[i]) < 2 || abs(assigned[p] - cell) >= 2 }
    }
    for i in 1..<values.count where assigned[i] == assigned[i - 1] && values[i] - values[i - 1] >= minimumGap {
      // The larger coordinate one cell on, if it stays before (or on, when they are close
      // enough to merge) the next coordinate's cell and inside the canvas.
      let up = assigned[i] + 1
      let nextAllows =
        i + 1 < values.count
        ? (values[i + 1] - values[i] >= minimumGap ? up < assigned[i + 1] : up <= assigned[i + 1]) : up <= cells - 1
      if nextAllows, keepsInsides(i, at: up) {
        assigned[i] = up
        continue
      }
      let down = assigned[i - 1] - 1
      let previousAllows =
        i >= 2
        ? (values[i - 1] - values[i - 2] >= minimumGap ? down > assigned[i - 2] : down >= assigned[i - 2]) : down >= 0
      if previousAllows, keepsInsides(i - 1, at: down) { assigned[i - 1] = down }
    }
  }

  /// The index of the first known coordinate not below `value` (binary search).
  private func lowerBound(_ value: Double) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index of a known coordinate within ``RenderTolerance/sameEdge``.
  private func index(of value: Double) -> Int? {
    let low = lowerBound(value)
    if low < values.count, values[low] - value <= RenderTolerance.sameEdge { return low }
    if low > 0, value - values[low - 1] <= RenderTolerance.sameEdge { return low - 1 }
    return nil
  }

  /// The cell of `value`, clamped to one past either end so conversion never overflows.
  package func cell(_ value: Double) -> Int {
    var cell = Self.nearest(value * scale, limit: cells)
    guard !values.isEmpty else { return cell }
    if let known = index(of: value) { return assigned[known] }
    // Between the known coordinates around it.
    let above = lowerBound(value)
    if above > 0 { cell = max(cell, assigned[above - 1]) }
    if above < values.count { cell = min(cell, assigned[above]) }
    return cell
  }

  private static func nearest(_ value: Double, limit: Int) -> Int {
    Int(min(max(value.rounded(), -1), Double(limit)))
  }
}

/// The grid the diagram is drawn on: line connections per cell, who owns each interior cell, and labels.
private struct Canvas {
  /// A view's box in cells (may reach one cell past the canvas on any side: clipped when drawn).
  struct Box: Equatable {
    var left, top, right, bottom: Int
  }

  /// What a label cell holds: a character, or the second cell of a wide one.
  enum Mark {
    case character(Character)
    case continuation
  }

  static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

  let columns: Int
  let rows: Int
  let xMap: EdgeMap
  let yMap: EdgeMap
  var solid: [[UInt8]]
  var dotted: [[UInt8]]
  var owner: [[Int]]
  var labels: [[Mark?]]

  init(columns: Int, rows: Int, xMap: EdgeMap, yMap: EdgeMap) {
    self.columns = columns
    self.rows = rows
    self.xMap = xMap
    self.yMap = yMap
    solid = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    dotted = solid
    owner = Array(repeating: Array(repeating: -1, count: columns), count: rows)
    labels = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  /// The cells of a rectangle in points; `nil` when it has a non-finite coordinate.
  func box(_ rect: Rect) -> Box? {
    guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
    return Box(
      left: xMap.cell(min(rect.minX, rect.maxX)), top: yMap.cell(min(rect.minY, rect.maxY)),
      right: xMap.cell(max(rect.minX, rect.maxX)), bottom: yMap.cell(max(rect.minY, rect.maxY)))
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
    let (rowRange, columnRange) = interior(box)
    for row in rowRange {
      for column in columnRange { owner[row][column] = index }
    }
  }

  private func interior(_ box: Box) -> (Range<Int>, Range<Int>) {
    let firstRow = max(box.top + 1, 0)
    let endRow = max(min(box.bottom, rows), firstRow)
    let firstColumn = max(box.left + 1, 0)
    let endColumn = max(min(box.right, columns), firstColumn)
    return (firstRow..<endRow, firstColumn..<endColumn)
  }

  /// Calls `body` with each run of free cells in the box, row by row from the top, each from the
  /// left, until it returns true (so a search that finds its place early stops scanning).
  private func forEachRun(
    _ box: Box, free: (Int, Int) -> Bool, _ body: ((row: Int, column: Int, length: Int)) -> Bool
  ) {
    let (rowRange, columnRange) = interior(box)
    for row in rowRange {
      var column = columnRange.lowerBound
      while column < columnRange.upperBound {
        guard free(row, column) else {
          column += 1
          continue
        }
        var end = column
        while end < columnRange.upperBound, free(row, end) { end += 1 }
        if body((row, column, end - column)) { return }
        column = end
      }
    }
  }

  /// The first run of free cells at least `width` long.
  private func firstRun(_ box: Box, free: (Int, Int) -> Bool, width: Int) -> (row: Int, column: Int, length: Int)? {
    var found: (row: Int, column: Int, length: Int)?
    forEachRun(box, free: free) { run in
      guard run.length >= width else { return false }
      found = run
      return true
    }
    return found
  }

  /// Writes the lines on consecutive rows from the first free place where every line fits
  /// whole; false when there is none (or only one line: ``placeWhole`` does that).
  mutating func placeLines(_ lines: [String], in box: Box, owner index: Int) -> Bool {
    let widths = lines.map(ASCIIDiagram.cellWidth(of:))
    let (rowRange, columnRange) = interior(box)
    guard lines.count > 1, lines.count <= rowRange.count, let widest = widths.max(), widest <= columnRange.count
    else { return false }
    var place: (row: Int, column: Int)?
    forEachRun(box, free: { isFree($0, $1, for: index) }) { run in
      guard run.length >= widths[0] else { return false }
      for start in run.column...(run.column + run.length - widths[0]) {
        let fits = widths.enumerated().allSatisfy { offset, width in
          let row = run.row + offset
          return row < rows && (start..<(start + width)).allSatisfy { $0 < columns && isFree(row, $0, for: index) }
        }
        if fits {
          place = (run.row, start)
          return true
        }
      }
      return false
    }
    guard let place else { return false }
    for (offset, line) in lines.enumerated() { write(line, row: place.row + offset, column: place.column) }
    return true
  }

  /// Writes `text` whole into the first free run of the view's cells that fits it.
  mutating func placeWhole(_ text: String, in box: Box, owner index: Int) -> Bool {
    let width = ASCIIDiagram.cellWidth(of: text)
    guard width > 0 else { return true }
    guard let run = firstRun(box, free: { isFree($0, $1, for: index) }, width: width) else { return false }
    write(text, row: run.row, column: run.column)
    return true
  }

  /// Writes as much of `text` as fits, then the ellipsis and `mark`, into the longest free run
  /// (the first of equal ones) when it has room for one character of the text besides them.
  mutating func placeCut(
    _ text: String, in box: Box, owner index: Int, ellipsis: Character, mark: String = ""
  ) -> Bool {
    var best: (row: Int, column: Int, length: Int)?
    forEachRun(box, free: { isFree($0, $1, for: index) }) { run in
      if run.length > (best?.length ?? 1) { best = run }
      return false
    }
    guard let best else { return false }
    var cut = ""
    var width = 0
    for character in text {
      let cells = ASCIIDiagram.cellWidth(of: character)
      guard width + cells <= best.length - 1 - ASCIIDiagram.cellWidth(of: mark) else { break }
      cut.append(character)
      width += cells
    }
    guard !cut.isEmpty else { return false }
    write(cut + String(ellipsis) + mark, row: best.row, column: best.column)
    return true
  }

  /// A hidden view's `[id]`, whole, in the first run inside its box that no line and no text uses.
  mutating func placeHidden(_ text: String, in box: Box) {
    let width = ASCIIDiagram.cellWidth(of: text)
    let free = { (row: Int, column: Int) in self.solid[row][column] == 0 && self.labels[row][column] == nil }
    guard let run = firstRun(box, free: free, width: width) else { return }
    write(text, row: run.row, column: run.column)
  }

  /// Arrows in the middle of each edge of a scroll view's box beyond which its content extends
  /// at the current offset (`▲▼◀▶`, or `^v<>`): there is more to scroll to that way.
  mutating func markOverflow(_ box: Box, of state: ScrollState, style: ASCIIDiagram.Style) {
    let content = state.contentFrame
    let frame = state.frame
    let tolerance = RenderTolerance.scrollOverflow
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
      // An arrow replaces a whole character: never half of a wide one.
      if case .continuation = labels[row][column] { continue }
      if column + 1 < columns, case .continuation = labels[row][column + 1] { labels[row][column + 1] = nil }
      labels[row][column] = .character(mark)
    }
  }

  private func isFree(_ row: Int, _ column: Int, for index: Int) -> Bool {
    owner[row][column] == index && solid[row][column] == 0 && labels[row][column] == nil
  }

  /// Writes text whose cells were checked to be free.
  private mutating func write(_ text: String, row: Int, column: Int) {
    var column = column
    for character in text {
      labels[row][column] = .character(character)
      if ASCIIDiagram.cellWidth(of: character) == 2 { labels[row][column + 1] = .continuation }
      column += ASCIIDiagram.cellWidth(of: character)
    }
  }

  func text(style: ASCIIDiagram.Style) -> String {
    var out = ""
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        switch labels[row][column] {
        case .character(let character): line.append(character)
        case .continuation: break
        case nil:
          if solid[row][column] != 0 {
            line.append(Self.solidCharacter(solid[row][column], style: style))
          } else if dotted[row][column] != 0 {
            line.append(Self.dottedCharacter(dotted[row][column], style: style))
          } else {
            line.append(" ")
          }
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
