/// What makes a layout a table or collection cell: its root is the cell's content view, laid out
/// at a width that comes from where the cell is shown and, unless the row has a fixed height, a
/// height fitted to its content (docs/semantics.md, "Cells").
public struct CellSpec: Sendable, Hashable {
  /// Where the cell is shown.
  public enum Host: String, Sendable, Hashable, CaseIterable {
    /// A `UITableView` of style `.plain`: cells as wide as the table.
    case plainTable
    /// A `UITableView` of style `.grouped`: cells as wide as the table.
    case groupedTable
    /// A `UITableView` of style `.insetGrouped` (iOS 13): cells inset by the table's layout
    /// margins on each side.
    case insetGroupedTable
    /// A `UICollectionView`: cells as wide as their item size, or as the collection (a list).
    case collection

    /// Whether the host is a table view.
    public var isTable: Bool { self != .collection }
  }

  /// A table cell's standard accessory view, which takes width from the content view.
  public enum Accessory: String, Sendable, Hashable, CaseIterable {
    case none
    case disclosureIndicator
    case checkmark
    case detailButton
    case detailDisclosureButton
  }

  public var host: Host
  /// Table cells only.
  public var accessory: Accessory
  /// A table's fixed `rowHeight`; `nil` is
  /// `UITableView.automaticDimension`: the height is fitted to the content.
  public var rowHeight: Double?
  /// A table's `estimatedRowHeight`: the height a self-sizing row is given before it is
  /// measured; `nil` is UIKit's default. Kept for reports; it never decides a frame.
  public var estimatedRowHeight: Double?
  /// A collection cell's fixed item width; `nil` is the collection's width (a list).
  public var itemWidth: Double?
  /// A collection cell's fixed item height; `nil` is fitted to the content.
  public var itemHeight: Double?

  public init(
    host: Host = .plainTable, accessory: Accessory = .none, rowHeight: Double? = nil,
    estimatedRowHeight: Double? = nil, itemWidth: Double? = nil, itemHeight: Double? = nil
  ) {
    self.host = host
    self.accessory = accessory
    self.rowHeight = rowHeight
    self.estimatedRowHeight = estimatedRowHeight
    self.itemWidth = itemWidth
    self.itemHeight = itemHeight
  }

  /// Whether the content view's height is fitted to its content rather than fixed.
  public var fitsHeight: Bool { host.isTable ? rowHeight == nil : itemHeight == nil }
}

/// Where a cell's content view is being laid out: part of its ``Environment``.
public struct CellContext: Sendable, Hashable {
  /// The width of the table or collection view showing the cell: the content view's margins
  /// follow the table's, which follow this width.
  public var hostWidth: Double
  /// Whether the root's height is fitted to its content, as `systemLayoutSizeFitting` does with
  /// a vertical fitting priority of `fittingSizeLevel` (50), rather than fixed.
  public var fitsHeight: Bool
  /// Whether the content view gets a table cell's default layout margins (a collection cell's
  /// are UIView's default 8).
  public var isTableCell: Bool
  /// A table cell's accessory: with one, the content view's trailing margin is 8
  /// (``CellMetrics/tableContentMargins(hostWidth:accessory:)``).
  public var accessory: CellSpec.Accessory
  /// A table cell's content view's leading and trailing margins when they are not its table's:
  /// a cell laid out with no table, as Interface Builder shows a xib's cell (nil: the table's,
  /// which follow ``hostWidth``). With an accessory the trailing one stays 8.
  public var sideMargin: Double?

  public init(
    hostWidth: Double, fitsHeight: Bool, isTableCell: Bool,
    accessory: CellSpec.Accessory = .none, sideMargin: Double? = nil
  ) {
    self.hostWidth = hostWidth
    self.fitsHeight = fitsHeight
    self.isTableCell = isTableCell
    self.accessory = accessory
    self.sideMargin = sideMargin
  }
}
