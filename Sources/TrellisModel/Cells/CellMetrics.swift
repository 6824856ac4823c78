/// UIKit's fixed numbers for cells. Sources and the cases behind each in docs/semantics.md,
/// "Cells".
public enum CellMetrics {
  /// The width a standard accessory takes from a table cell's content view.
  public static func accessoryWidth(_ accessory: CellSpec.Accessory) -> Double {
    switch accessory {
    case .none: 0
    case .disclosureIndicator: 33
    case .checkmark: 39
    case .detailButton: 48
    case .detailDisclosureButton: 67
    }
  }

  /// A table cell's content view's default layout margins: the table's leading and trailing
  /// margins, which are the system minimum for its width (``SystemLayoutMargins``), and 11
  /// above and below.
  public static func tableContentMargins(hostWidth: Double) -> EdgeInsets {
    let side = SystemLayoutMargins.minimum(forRootWidth: hostWidth).left
    return EdgeInsets(top: tableContentVerticalMargin, left: side, bottom: tableContentVerticalMargin, right: side)
  }

  /// The top and bottom of ``tableContentMargins(hostWidth:)``.
  public static let tableContentVerticalMargin = 11.0

  /// A collection cell's content view keeps UIView's default margins.
  public static let collectionContentMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

  /// The height a table adds under each row for its separator: one pixel.
  public static func separatorHeight(scale: Double) -> Double { scale > 0 ? 1 / scale : 1 }

  /// The height UIKit gives a self-sizing row whose content fits in no height at all (its
  /// console: "Detected a case where constraints ambiguously suggest a height of zero for a
  /// table view cell's content view. We're considering the collapse unintentional and using
  /// standard height instead.").
  public static let standardRowHeight = 44.0

  /// The height UIKit gives a self-sizing collection cell whose content fits in no height
  /// ("… suggest a size of zero for a collection view cell's content view … using standard
  /// size"): `UICollectionViewFlowLayout`'s default item size, 50 × 50.
  public static let standardItemHeight = 50.0
}
