extension CellSpec {
  /// The environment a cell's content view is laid out in when the cell is shown on the screen
  /// `screen` describes, in a table or collection view as wide as the screen (or `hostWidth`):
  ///
  /// - width: the host's width, less the safe area's left and right insets (a table insets its
  ///   content views to the safe area, `insetsContentViewsToSafeArea`), less an inset-grouped
  ///   table's margins on each side, less the accessory; a collection cell's item width when fixed;
  /// - height: fitted to the content (0 here; the engine fits it) unless the row's height is
  ///   fixed, in which case the row's height (a table's separator is drawn over the row's
  ///   bottom: it takes no height, docs/semantics.md §9);
  /// - no safe area of its own; the screen's size classes, scale, direction and text size.
  public func contentEnvironment(on screen: Environment, hostWidth: Double? = nil) -> Environment {
    let host = hostWidth ?? screen.containerSize.width
    let insets = screen.safeAreaInsets
    var width = host - insets.left - insets.right
    switch self.host {
    case .plainTable, .groupedTable:
      width -= CellMetrics.accessoryWidth(accessory, hostWidth: host)
    case .insetGroupedTable:
      width -=
        2 * SystemLayoutMargins.minimum(forRootWidth: host).left
        + CellMetrics.accessoryWidth(accessory, hostWidth: host)
    case .collection:
      if let itemWidth { width = itemWidth }
    }
    var height = 0.0
    if !fitsHeight {
      if self.host.isTable, let rowHeight {
        height = rowHeight
      } else if let itemHeight {
        height = itemHeight
      }
    }
    var environment = screen
    environment.containerSize = Size(width: max(width, 0), height: max(height, 0))
    environment.safeAreaInsets = .zero
    environment.keyboardHeight = nil
    environment.cell = CellContext(
      hostWidth: host, fitsHeight: fitsHeight, isTableCell: self.host.isTable,
      accessory: self.host.isTable ? accessory : .none)
    return environment
  }

}

extension LayoutResult {
  /// For a cell's layout, the row's (or item's) height, which is its content view's; `nil` for
  /// a screen.
  public var cellHeight: Double? {
    guard environment.cell != nil else { return nil }
    return views.first?.frame.height ?? environment.containerSize.height
  }
}
