import Foundation
import TrellisImport
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// cells.xib, prototype-cells.storyboard, collection-cell.xib: cells imported as scenes whose root
// is the content view, laid out at the size IB stored (docs/import.md, "Cells"). Each fixture's
// header works its stored frames out by hand from the rules; the margins asserted below are the
// rules' values for the fixture's Xcode version and widths, not values read back from a run.
extension FeatureFixtureTests {
  /// The content view's margins where the check lays it out: its own when it does not take a
  /// cell's defaults, else the engine's defaults for the environment's cell (its host's width,
  /// its accessory, its side margins where they are not the table's).
  func contentMargins(_ scene: ImportedScene) throws -> EdgeInsets {
    let root = scene.document.root
    guard root.respectsSystemMinimumLayoutMargins else { return root.layoutMargins }
    XCTAssertEqual(root.layoutMargins, .zero, "no margins of its own")
    XCTAssertNotNil(scene.environment.cell)
    return SystemLayoutMargins.rootMinimum(in: scene.environment)
  }

  func testATableCellXibIsASceneLaidOutAtItsContentViewsStoredSize() throws {
    let (scenes, diagnostics) = importScenes("cells.xib")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.map(\.name), ["MessageCell", "SettingsCell"], "named after their reuse identifiers")
    XCTAssertEqual(scenes.map(\.sceneID), ["cel-mc-001", "cel-sc-001"])
    let message = try XCTUnwrap(scenes.first)
    XCTAssertTrue(message.isCell)
    XCTAssertTrue(message.isComponent, "on no screen: laid out at its stored size")
    XCTAssertEqual(message.environment.containerSize, Size(width: 375, height: 64))
    XCTAssertEqual(message.environment.safeAreaInsets, .zero)
    XCTAssertEqual(message.environment.deviceName, "iPhone 8")
    // Laid out at its stored size, not fitted; a xib's cell is in a plain table of automatic
    // height (its table is not in the file).
    XCTAssertEqual(message.environment.cell?.fitsHeight, false)
    XCTAssertEqual(message.environment.cell?.hostWidth, 375)
    XCTAssertEqual(message.document.cell, CellSpec(host: .plainTable, accessory: .none, rowHeight: nil))
    // The content view is the root; the cell's outlets name its views.
    XCTAssertEqual(message.document.allViews.map(\.id), ["root", "avatarView", "titleLabel", "detailLabel"])
    let ids = Dictionary(uniqueKeysWithValues: message.ids.map { ($0.ib, $0.trellis) })
    XCTAssertEqual(ids["cel-cv-001"], "root")
    XCTAssertEqual(ids["cel-mc-001"], "root", "constraints to the cell itself are to its content view")
    // Xcode 14 on a 375-pt screen: 11 at the top and bottom, 16 at the sides: a cell's defaults
    // for a 375-pt table, so that they follow the table's width elsewhere.
    XCTAssertEqual(try contentMargins(message), EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    XCTAssertTrue(message.document.root.respectsSystemMinimumLayoutMargins)
    try assertSolvesToStoredFrames(message)

    // A disclosure indicator: the content view is stored narrower, and its trailing margin is 8.
    let settings = try XCTUnwrap(scenes.last)
    XCTAssertEqual(settings.environment.containerSize, Size(width: 348.5, height: 44))
    XCTAssertEqual(try contentMargins(settings), EdgeInsets(top: 11, left: 16, bottom: 11, right: 8))
    XCTAssertEqual(settings.document.cell?.accessory, .disclosureIndicator)
    try assertSolvesToStoredFrames(settings)
    // `--scene` finds a cell by its reuse identifier.
    let (chosen, _) = importScenes("cells.xib", scene: "SettingsCell")
    XCTAssertEqual(chosen.map(\.sceneID), ["cel-sc-001"])
  }

  func testAContentViewsMarginsFollowTheXcodeThatSavedTheFile() throws {
    // The MessageCell of cells.xib, saved by other Xcodes and shown on other screens; expected
    // margins from the rule (docs/import.md, "Cells"), one case per row of its table.
    let url = Self.folder.appendingPathComponent("cells.xib")
    let text = try String(contentsOf: url, encoding: .utf8)
    func margins(tools: String, device: String = "retina4_7", width: String = "375") throws -> EdgeInsets {
      let edited =
        text
        .replacingOccurrences(of: "toolsVersion=\"21701\"", with: "toolsVersion=\"\(tools)\"")
        .replacingOccurrences(of: "<device id=\"retina4_7\"", with: "<device id=\"\(device)\"")
        .replacingOccurrences(
          of: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"375\" height=\"64\"/>",
          with: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"\(width)\" height=\"64\"/>")
      let (scenes, _) = InterfaceBuilderImporter.parse(Array(edited.utf8), file: "cells.xib", scene: "MessageCell")
      return try contentMargins(try XCTUnwrap(scenes.first))
    }
    // Xcode 8 (tools 12121): a plain view's 8.
    XCTAssertEqual(try margins(tools: "12121"), EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    // Xcode 10 (14460): 11, with 10.5 at the bottom (the content view stops above the separator).
    XCTAssertEqual(try margins(tools: "14460.31"), EdgeInsets(top: 11, left: 16, bottom: 10.5, right: 16))
    // Xcode 10 follows the cell's width: a 600-pt cell on a 375-pt screen gets 20.
    XCTAssertEqual(
      try margins(tools: "14460.31", width: "600"), EdgeInsets(top: 11, left: 20, bottom: 10.5, right: 20))
    // From Xcode 11 no wider than the screen: the same cell gets 16; a 414-pt screen gives 20.
    XCTAssertEqual(try margins(tools: "21701", width: "600"), EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    XCTAssertEqual(
      try margins(tools: "21701", device: "retina6_1", width: "414"),
      EdgeInsets(top: 11, left: 20, bottom: 11, right: 20))
    // A 320-pt cell on that screen: 16.
    XCTAssertEqual(
      try margins(tools: "21701", device: "retina6_1", width: "320"),
      EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
  }

  func testAXibsCellSavedByXcode11OnANotchlessIPhoneHasIBsTablelessMargins() throws {
    // cell-xcode11.xib: IB's canvas of Xcode 11 gives a xib's cell, laid out with no table, 15 at
    // the sides on an iPhone 8 (its header works the stored frame out from that).
    let (scenes, diagnostics) = importScenes("cell-xcode11.xib")
    XCTAssertEqual(diagnostics, [])
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(scene.environment.cell?.sideMargin, 15)
    XCTAssertEqual(try contentMargins(scene), EdgeInsets(top: 11, left: 15, bottom: 11, right: 15))
    try assertSolvesToStoredFrames(scene)
    // The layout keeps no margins of its own: in a 320-pt table on a device the content view
    // has a table cell's 16, and the label starts there.
    XCTAssertEqual(scene.document.root.layoutMargins, .zero)
    let cell = try XCTUnwrap(scene.document.cell)
    let inTable = cell.contentEnvironment(
      on: Environment(
        containerSize: Size(width: 320, height: 568), traits: TraitCollection(horizontal: .compact, vertical: .regular))
    )
    XCTAssertNil(inTable.cell?.sideMargin)
    let label = try XCTUnwrap(
      LayoutEngine(document: scene.document).layout(in: inTable).views.first { $0.id == "titleLabel" })
    XCTAssertEqual(label.frame.x, 16, accuracy: 1e-9)

    // Only a xib's cell, only Xcode 11 (tools 14800–16999), only a notch-less iPhone no wider
    // than 375 pt: Xcode 10 and 12 saved the same cell with 16, and so did Xcode 11 on an XR.
    let text = try String(contentsOf: Self.folder.appendingPathComponent("cell-xcode11.xib"), encoding: .utf8)
    func sideMargin(tools: String, device: String = "retina4_7") throws -> Double? {
      let edited =
        text
        .replacingOccurrences(of: "toolsVersion=\"15705\"", with: "toolsVersion=\"\(tools)\"")
        .replacingOccurrences(of: "<device id=\"retina4_7\"", with: "<device id=\"\(device)\"")
      let (scenes, _) = InterfaceBuilderImporter.parse(Array(edited.utf8), file: "cell-xcode11.xib")
      let environment = try XCTUnwrap(scenes.first).environment
      return try XCTUnwrap(environment.cell).sideMargin
    }
    XCTAssertEqual(try sideMargin(tools: "14868"), 15)
    XCTAssertEqual(try sideMargin(tools: "16097.3"), 15)
    XCTAssertEqual(try sideMargin(tools: "15705", device: "retina4_0"), 15)
    XCTAssertNil(try sideMargin(tools: "14490.70"))
    XCTAssertNil(try sideMargin(tools: "17156"))
    XCTAssertNil(try sideMargin(tools: "15705", device: "retina6_1"))
    XCTAssertNil(try sideMargin(tools: "15705", device: "retina5_5"))
  }

  func testPrototypeCellsAreScenesAndBoxesInTheirTables() throws {
    let (scenes, diagnostics) = importScenes("prototype-cells.storyboard")
    XCTAssertEqual(
      scenes.map(\.name), ["ListViewController", "Basic", "Tall", "SettingsViewController", "Setting"],
      "each controller, then its prototype cells, in document order")
    XCTAssertEqual(scenes.map(\.isCell), [false, true, true, false, true])
    // The table view controller's scene: its table is the root, its cells boxes at their frames.
    let list = try XCTUnwrap(scenes.first)
    XCTAssertEqual(list.document.allViews.map(\.id), ["root", "Basic", "Tall"])
    XCTAssertEqual(list.storedFrames["Basic"], Rect(x: 0, y: 28, width: 375, height: 44))
    XCTAssertEqual(list.storedFrames["Tall"], Rect(x: 0, y: 72, width: 375, height: 88))
    XCTAssertTrue(try view(list, "Basic").children.isEmpty, "the cell's content is its own scene")
    try assertSolvesToStoredFrames(list)
    // A note per table, at its element; nothing is left out.
    XCTAssertEqual(diagnostics.map(\.code), ["ib-cell", "ib-cell"])
    XCTAssertEqual(diagnostics.map(\.severity), [.note, .note])
    XCTAssertEqual(diagnostics.map { $0.location?.line }, [35, 92])
    // Xcode 10: the content view 0.5 shorter than its row; margins 11, 16, 10.5, 16.
    let basic = scenes[1]
    XCTAssertEqual(basic.environment.containerSize, Size(width: 375, height: 43.5))
    XCTAssertEqual(try contentMargins(basic), EdgeInsets(top: 11, left: 16, bottom: 10.5, right: 16))
    for scene in scenes { try assertSolvesToStoredFrames(scene) }
    // In a view controller's view, the grouped table holds its cell as a box too.
    let settings = scenes[3]
    XCTAssertEqual(settings.document.allViews.map(\.id), ["root", "table", "Setting"])
    XCTAssertEqual(settings.storedFrames["Setting"], Rect(x: 0, y: 55, width: 375, height: 44), "in root coordinates")
    // A checkmark: the trailing margin is 8.
    XCTAssertEqual(try contentMargins(scenes[4]), EdgeInsets(top: 11, left: 16, bottom: 10.5, right: 8))
    // Row heights as IB writes them: Basic takes its table's 44, Tall has its own 88 ("Custom");
    // the grouped table's -1 is automatic, and so is its estimated row height.
    XCTAssertEqual(basic.document.cell, CellSpec(host: .plainTable, rowHeight: 44))
    XCTAssertEqual(scenes[2].document.cell?.rowHeight, 88)
    XCTAssertEqual(
      scenes[4].document.cell, CellSpec(host: .groupedTable, accessory: .checkmark, rowHeight: nil))
    XCTAssertEqual(scenes[4].environment.cell?.hostWidth, 375, "the table's stored width")
  }

  func testACollectionCellsConstraintsOnTheCellAreToItsRoot() throws {
    let (scenes, diagnostics) = importScenes("collection-cell.xib")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.map(\.name), ["Tile", "Header"])
    let tile = try XCTUnwrap(scenes.first)
    // The content view's subviews are the cell's; the cell's safe area is the root's.
    XCTAssertEqual(tile.document.allViews.map(\.id), ["root", "icon", "caption"])
    XCTAssertEqual(tile.document.constraints.count, 7)
    XCTAssertEqual(try contentMargins(tile), EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    XCTAssertEqual(tile.environment.containerSize, Size(width: 100, height: 120))
    // A xib's collection cell: its item at its stored size.
    XCTAssertEqual(tile.document.cell, CellSpec(host: .collection, itemWidth: 100, itemHeight: 120))
    try assertSolvesToStoredFrames(tile)
    // A reusable view is its own root.
    let header = try XCTUnwrap(scenes.last)
    XCTAssertTrue(header.isCell)
    XCTAssertEqual(header.document.allViews.map(\.id), ["root", "heading"])
    try assertSolvesToStoredFrames(header)
  }

  func testABuiltInCellStylesLabelWithAZeroPointSizeKeepsTheDefaultFont() throws {
    // IB writes `pointSize="0.0"` for the labels of a cell's built-in styles (their font comes
    // from the style at run time; DuckDuckGo's Debug.storyboard): not a font size of 0, which a
    // layout file refuses, but the default (17).
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
      targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
          <device id="retina4_7" orientation="portrait"/>
          <objects>
              <tableViewCell contentMode="scaleToFill" textLabel="t-1" style="IBUITableViewCellStyleDefault" id="c-1">
                  <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                  <tableViewCellContentView key="contentView" tableViewCell="c-1" id="v-1">
                      <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                      <subviews>
                          <label opaque="NO" text="Title" id="t-1">
                              <rect key="frame" x="16" y="0.0" width="343" height="44"/>
                              <autoresizingMask key="autoresizingMask"/>
                              <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                          </label>
                      </subviews>
                  </tableViewCellContentView>
              </tableViewCell>
          </objects>
      </document>
      """
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "style.xib")
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let label = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "label_t_1" })
    XCTAssertEqual(label.fontSize.base, 17)
    try assertSolvesToStoredFrames(try XCTUnwrap(scenes.first))
  }

  func testACollectionPrototypesItemComesFromItsFlowLayout() throws {
    // A collection view controller whose flow layout has a 120 x 90 item: its prototype is that
    // item, fixed; with "Estimate Size: Automatic" (`automaticEstimatedItemSize`) its height is
    // fitted; a prototype's own `customSize` wins over the layout's.
    func storyboard(_ layoutAttributes: String, _ cellExtra: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
      targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
          <device id="retina4_7" orientation="portrait"/>
          <scenes>
              <scene sceneID="s-1">
                  <objects>
                      <collectionViewController id="vc-1" sceneMemberID="viewController">
                          <collectionView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv-1">
                              <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                              <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                              <collectionViewFlowLayout key="collectionViewLayout" \(layoutAttributes) minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl-1">
                                  <size key="itemSize" width="120" height="90"/>
                              </collectionViewFlowLayout>
                              <cells>
                                  <collectionViewCell contentMode="center" reuseIdentifier="Tile" id="c-1">
                                      <rect key="frame" x="0.0" y="0.0" width="120" height="90"/>
                                      <autoresizingMask key="autoresizingMask"/>
                                      <view key="contentView" contentMode="center">
                                          <rect key="frame" x="0.0" y="0.0" width="120" height="90"/>
                                          <autoresizingMask key="autoresizingMask"/>
                                      </view>
                                      \(cellExtra)
                                  </collectionViewCell>
                              </cells>
                          </collectionView>
                      </collectionViewController>
                  </objects>
              </scene>
          </scenes>
      </document>
      """
    }
    func spec(_ layoutAttributes: String, _ cellExtra: String = "") throws -> CellSpec? {
      let text = storyboard(layoutAttributes, cellExtra)
      let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "grid.storyboard")
      XCTAssertEqual(diagnostics.filter { $0.severity != .note }.map(\.message), [])
      XCTAssertEqual(scenes.map(\.name), ["s-1", "Tile"], "the controller's collection, then its prototype")
      return try XCTUnwrap(scenes.last).document.cell
    }
    XCTAssertEqual(try spec(""), CellSpec(host: .collection, itemWidth: 120, itemHeight: 90))
    XCTAssertEqual(
      try spec("automaticEstimatedItemSize=\"YES\""), CellSpec(host: .collection, itemWidth: 120, itemHeight: nil))
    XCTAssertEqual(
      try spec("", "<size key=\"customSize\" width=\"150\" height=\"60\"/>"),
      CellSpec(host: .collection, itemWidth: 150, itemHeight: 60))
  }
}
