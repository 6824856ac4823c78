import TrellisModel
import TrellisSupport

/// A table or collection view cell (or a collection view's reusable view) imported as a scene:
/// the root is its content view, laid out at the size IB stored it (docs/import.md, "Cells").
struct IBCell {
  /// The `<tableViewCell>`, `<collectionViewCell>` or `<collectionReusableView>` element.
  let element: XMLElementNode
  /// The table or collection view that holds it in a storyboard; nil for a xib's top-level cell.
  let container: XMLElementNode?

  var isTableCell: Bool { element.name == "tableViewCell" }

  /// The view laid out as the scene's root: a table cell's `tableViewCellContentView` (narrower
  /// than the cell when it shows an accessory; it holds the constraints). A collection cell is its
  /// own root: IB keeps its constraints, safe-area and margins guides on the cell and its views in
  /// its `<view key="contentView">`, which fills it (``collectionContentView``). A reusable view
  /// has no content view.
  var contentView: XMLElementNode {
    if let content = element.child(named: "tableViewCellContentView", key: "contentView") { return content }
    return element
  }

  /// A collection cell's content view, whose subviews are the cell's.
  var collectionContentView: XMLElementNode? {
    guard element.name == "collectionViewCell" else { return nil }
    return element.children.first { $0.name == "view" && $0["key"] == "contentView" }
  }

  /// The reuse identifier, else nil.
  var reuseIdentifier: String? { element["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 } }

  /// A name for files and `--scene`: the reuse identifier, else the custom class, else the IB id.
  var name: String { reuseIdentifier ?? element["customClass"] ?? element["id"] ?? "cell" }

  /// The cells a table or collection view holds in a storyboard (its prototypes, and a
  /// collection view's section header and footer views), in document order.
  static func prototypes(of container: XMLElementNode) -> [XMLElementNode] {
    var found: [XMLElementNode] = []
    for child in container.children {
      switch child.name {
      case "prototypes", "cells":
        found += child.children.filter { $0.name == "tableViewCell" || $0.name == "collectionViewCell" }
      case "collectionReusableView":
        found.append(child)
      default: break
      }
    }
    return found
  }

  /// The content view's layout margins in the canvas of the Xcode that saved the file, for a
  /// content view whose file gives none. From stored frames (docs/import.md, "Cells"): a table
  /// cell's content view has 8 on every side up to Xcode 8; from Xcode 9, 11 at the top and
  /// bottom (the bottom 10.5 up to Xcode 10, where the content view stops 0.5 above the cell's
  /// bottom, over the separator, and preserves the cell's 11) and the cell's side margins, a
  /// root's system minimum (16, or 20 when wider than 375) for the width of the table (of a
  /// xib's cell, the cell), and from Xcode 11 no wider than the device's screen; with an
  /// accessory, 8 at the trailing edge. A collection cell is a plain view: 8 on every side.
  func contentMargins(toolsVersion: Int, screenWidth: Double) -> EdgeInsets {
    guard isTableCell else { return EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
    // Xcode 9's first tools version (13xxx; Xcode 8 wrote 11xxx–12xxx).
    if toolsVersion > 0 && toolsVersion < 13000 { return EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
    let before11 = toolsVersion < 14800
    let width = marginWidth(toolsVersion: toolsVersion, screenWidth: screenWidth)
    let side = SystemLayoutMargins.minimum(forRootWidth: width).left
    let hasAccessory = (element["accessoryType"] ?? "none") != "none"
    return EdgeInsets(top: 11, left: side, bottom: before11 ? 10.5 : 11, right: hasAccessory ? 8 : side)
  }

  /// The side margins IB's canvas gives a xib's table cell, which it lays out with no table,
  /// where they are not the table's: 15 in Xcode 11 (iOS 13's canvas) on a notch-less iPhone no
  /// wider than 375 pt, where a cell in a table, before and after, has 16 (stored frames:
  /// docs/import.md, "Cells"). Nil elsewhere.
  func tablelessSideMargin(toolsVersion: Int, device: Device, orientation: Orientation) -> Double? {
    guard isTableCell, container == nil, (14800..<17000).contains(toolsVersion) else { return nil }
    let notchless = device.family == .iPhone && IBEnvironment.hasHomeButton(device)
    guard notchless, device.size(orientation).width <= SystemLayoutMargins.compactWidthLimit else { return nil }
    return 15
  }

  /// Whether the content view's default margins are the engine's (``CellMetrics``, from the
  /// environment's ``CellContext``), so that they follow the table's width when the cell is
  /// laid out elsewhere: a collection cell's always, a table cell's from Xcode 11, whose
  /// canvas they match (``contentMargins(toolsVersion:screenWidth:)``).
  func marginsAreTheEngines(toolsVersion: Int) -> Bool { !isTableCell || toolsVersion >= 14800 }

  /// The width a table cell's content view's side margins follow: the table's (a xib's cell:
  /// the cell's), and from Xcode 11 no wider than the screen.
  func marginWidth(toolsVersion: Int, screenWidth: Double) -> Double {
    toolsVersion < 14800 ? containerWidth : min(containerWidth, screenWidth)
  }

  /// The content view's size where the file stores no frame for it: the cell's stored size,
  /// else its table's width and the row height (the cell's, else the table's, else UIKit's 44),
  /// less the accessory's width; nil when neither gives a width.
  var contentSizeWithoutFrame: Size? {
    let frame = element.child(named: "rect", key: "frame")
    let rowHeight = IBValues.number(element["rowHeight"]) ?? IBValues.number(container?["rowHeight"])
    guard let width = IBValues.number(frame?["width"]) ?? (containerWidth > 0 ? containerWidth : nil) else {
      return nil
    }
    let height = IBValues.number(frame?["height"]) ?? rowHeight ?? CellMetrics.standardRowHeight
    guard isTableCell else { return Size(width: width, height: height) }
    return Size(width: width - CellMetrics.accessoryWidth(spec().accessory, hostWidth: width), height: height)
  }

  /// The stored width of the table that shows the cell, else the cell's own.
  var containerWidth: Double {
    func width(_ element: XMLElementNode?) -> Double? {
      IBValues.number(element?.child(named: "rect", key: "frame")?["width"])
    }
    return width(container) ?? width(element) ?? width(contentView) ?? 0
  }
}
