import TrellisSupport
import TrellisLayout

/// The frame table: one row per view in document order (hidden ones too), ids indented by depth.
///
/// ```
/// id      kind   x   y  width  height  hidden
/// root    view   0   0    320     480  no
///   box   view  20  40   92.5      30  yes
/// ```
/// Numbers are in root coordinates, printed short (`8`, `12.5`, `92.333`). `hidden` is `yes`
/// for a view hidden itself, `inherited` for one inside a hidden view, `no` otherwise.
public enum FrameTable {
  /// The table as text, one line per row, each ending in a newline.
  public static func render(_ result: LayoutResult) -> String {
    var rows: [[String]] = [["id", "kind", "x", "y", "width", "height", "hidden"]]
    for (view, depth) in zip(result.views, depths(result)) {
      let hidden = view.hidden ? "yes" : view.isEffectivelyHidden ? "inherited" : "no"
      rows.append([
        String(repeating: "  ", count: depth) + view.id, view.kind.rawValue, NumberFormat.short(view.frame.x),
        NumberFormat.short(view.frame.y), NumberFormat.short(view.frame.width), NumberFormat.short(view.frame.height),
        hidden,
      ])
    }
    return TextTable.render(rows, rightAligned: [2, 3, 4, 5])
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
