import TrellisModel
import TrellisSupport

/// The frame table: one row per view in document order (hidden ones too), ids indented by depth.
///
/// ```
/// id      kind   x   y  width  height  hidden
/// root    view   0   0    320     480  no
///   box   view  20  40   92.5      30  yes
/// ```
/// Numbers are in root coordinates, printed short (`8`, `12.5`, `92.333`). `hidden` is `yes`
/// for a view hidden itself, `inherited` for one inside a hidden view, `no` otherwise. A line per
/// scroll view follows the table: its content size, offset, zoom and adjusted content insets.
package enum FrameTable {
  /// The table as text, one line per row, each ending in a newline.
  package static func render(_ result: LayoutResult) -> String {
    var rows: [[String]] = [["id", "kind", "x", "y", "width", "height", "hidden"]]
    for (view, depth) in zip(result.views, depths(result)) {
      let hidden = view.hidden ? "yes" : view.isEffectivelyHidden ? "inherited" : "no"
      rows.append([
        String(repeating: "  ", count: depth) + view.id, view.kind.rawValue, NumberFormat.short(view.frame.x),
        NumberFormat.short(view.frame.y), NumberFormat.short(view.frame.width), NumberFormat.short(view.frame.height),
        hidden,
      ])
    }
    return TextTable.render(rows, rightAligned: [2, 3, 4, 5]) + result.scrollViews.map(scrollLine).joined()
      + cellLine(result)
  }

  /// `cell: row height 86.333 pt, fitted to its content; in a 402-pt-wide table`, under the
  /// table of a cell's layout; empty for a screen.
  static func cellLine(_ result: LayoutResult) -> String {
    guard let cell = result.environment.cell, let rowHeight = result.cellHeight else { return "" }
    var line = "cell: \(cell.isTableCell ? "row" : "item") height \(NumberFormat.short(rowHeight)) pt"
    line += cell.fitsHeight ? ", fitted to its content" : ", fixed"
    return line + "; in a \(NumberFormat.short(cell.hostWidth))-pt-wide \(cell.isTableCell ? "table" : "collection")\n"
  }

  /// `scroll s: content 375x937.5 at offset 0,0, zoom 1, adjusted insets t20 l0 b0 r0`, one per
  /// scroll view under the table.
  static func scrollLine(_ state: ScrollState) -> String {
    let inset = state.adjustedContentInset
    let size = state.contentSize
    var line = "scroll \(state.id): content \(NumberFormat.short(size.width))x\(NumberFormat.short(size.height))"
    line += " at offset \(NumberFormat.short(state.contentOffset.x)),\(NumberFormat.short(state.contentOffset.y))"
    line += ", zoom \(NumberFormat.short(state.zoomScale)), adjusted insets t\(NumberFormat.short(inset.top))"
    line +=
      " l\(NumberFormat.short(inset.left)) b\(NumberFormat.short(inset.bottom)) r\(NumberFormat.short(inset.right))"
    return line + "\n"
  }

  /// Each view's nesting depth (root 0), by following parents already seen in document order.
  static func depths(_ result: LayoutResult) -> [Int] {
    var depthByID: [String: Int] = [:]
    var out: [Int] = []
    for view in result.views {
      let depth = view.parent.flatMap { depthByID[$0] }.map { $0 + 1 } ?? 0
      if depthByID[view.id] == nil { depthByID[view.id] = depth }
      out.append(depth)
    }
    return out
  }
}
