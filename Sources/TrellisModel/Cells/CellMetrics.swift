/// UIKit's fixed numbers for cells. Sources and the cases behind each in docs/semantics.md,
/// "Cells".
public enum CellMetrics {
  /// The width a standard accessory takes from a table cell's content view in a table
  /// `hostWidth` wide: the cell's side margin (the system minimum for that width, 16 or 20) and
  /// the accessory's own width (``accessoryOwnWidth(_:)``), as Xcode 14 to 16 store it.
  public static func accessoryWidth(_ accessory: CellSpec.Accessory, hostWidth: Double) -> Double {
    guard accessory != .none else { return 0 }
    return SystemLayoutMargins.minimum(forRootWidth: hostWidth).left + accessoryOwnWidth(accessory)
  }

  /// An accessory's width past the cell's side margin, from frames Xcode 14–16 stored
  /// (docs/semantics.md, "The metrics and their evidence": the disclosure indicator's 10.5 in 55
  /// of 65 cells, the checkmark's 24; the detail buttons' rest on one cell each).
  public static func accessoryOwnWidth(_ accessory: CellSpec.Accessory) -> Double {
    switch accessory {
    case .none: 0
    case .disclosureIndicator: 10.5
    case .checkmark: 24
    case .detailButton: 31
    case .detailDisclosureButton: 38.5
    }
  }

  /// A table cell's content view's default layout margins: the table's leading and trailing
  /// margins, which are the system minimum for its width (``SystemLayoutMargins``), 11 above
  /// and below, and 8 at the trailing edge when the cell shows an accessory (stored frames:
  /// docs/import.md, "Cells", and docs/semantics.md, "The metrics and their evidence").
  @inlinable public static func tableContentMargins(hostWidth: Double, accessory: CellSpec.Accessory = .none)
    -> EdgeInsets
  {
    let side = SystemLayoutMargins.minimum(forRootWidth: hostWidth).left
    return EdgeInsets(
      top: tableContentVerticalMargin, left: side, bottom: tableContentVerticalMargin,
      right: accessory == .none ? side : accessoryContentTrailingMargin)
  }

  /// The content view's trailing margin beside an accessory.
  public static let accessoryContentTrailingMargin = 8.0

  /// The top and bottom of ``tableContentMargins(hostWidth:accessory:)``.
  public static let tableContentVerticalMargin = 11.0

  /// A collection cell's content view keeps UIView's default margins.
  public static let collectionContentMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

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
