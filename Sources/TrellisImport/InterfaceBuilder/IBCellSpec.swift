import TrellisModel

extension IBCell {
  /// The cell's ``CellSpec``, from the cell and the table or collection view that shows it (how
  /// IB writes them: docs/import.md, "Cells").
  ///
  /// - Host: a table's `style` (`plain` when absent, `grouped`, `insetGrouped`); a collection
  ///   view; a xib's table cell a plain table's (the table is not in the file).
  /// - Row height: a prototype's own `rowHeight` (IB's "Custom"), else its table's unless `-1`
  ///   (`UITableView.automaticDimension`); a xib's cell is automatic (its table decides at run
  ///   time). `estimatedRowHeight` likewise, `-1` being automatic.
  /// - A collection cell's item: the flow layout's `itemSize` (a cell's `customSize` first)
  ///   unless the layout estimates sizes (`automaticEstimatedItemSize="YES"` or a non-zero
  ///   `estimatedItemSize`: self-sizing, the height fitted);
  ///   a xib's collection cell its stored size.
  func spec() -> CellSpec {
    func number(_ value: String?) -> Double? { IBValues.number(value) }
    func positive(_ value: String?) -> Double? { number(value).flatMap { $0 >= 0 ? $0 : nil } }
    if isTableCell {
      var spec = CellSpec()
      switch container?["style"] {
      case "grouped": spec.host = .groupedTable
      case "insetGrouped": spec.host = .insetGroupedTable
      default: spec.host = .plainTable
      }
      spec.accessory = CellSpec.Accessory(rawValue: element["accessoryType"] ?? "none") ?? .none
      if let container {
        spec.rowHeight = positive(element["rowHeight"]) ?? positive(container["rowHeight"])
        spec.estimatedRowHeight = positive(container["estimatedRowHeight"])
      }
      return spec
    }
    var spec = CellSpec(host: .collection)
    let stored = element.child(named: "rect", key: "frame")
    let storedSize = (width: number(stored?["width"]), height: number(stored?["height"]))
    guard let container else {
      spec.itemWidth = storedSize.width
      spec.itemHeight = storedSize.height
      return spec
    }
    let layout = container.children.first { $0["key"] == "collectionViewLayout" }
    func size(_ element: XMLElementNode?, _ key: String) -> (width: Double, height: Double)? {
      guard let size = element?.child(named: "size", key: key), let width = number(size["width"]),
        let height = number(size["height"])
      else { return nil }
      return (width, height)
    }
    let item = size(element, "customSize") ?? size(layout, "itemSize")
    // Xcode 11 writes "Estimate Size: Automatic" as `automaticEstimatedItemSize="YES"`.
    let estimated =
      layout?["automaticEstimatedItemSize"] == "YES"
      || (size(layout, "estimatedItemSize").map { $0.width > 0 || $0.height > 0 } ?? false)
    spec.itemWidth = item?.width ?? storedSize.width
    spec.itemHeight = estimated ? nil : (item?.height ?? storedSize.height)
    return spec
  }
}
