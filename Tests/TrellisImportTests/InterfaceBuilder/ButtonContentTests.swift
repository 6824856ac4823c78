import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// button-content.xib: buttons sized by their content where the stored frame is a stack's share
// (docs/import.md, "Buttons: title, image and insets"). The fixture's header works the stored
// frames out by hand and names the public files each shape comes from.
extension FeatureFixtureTests {
  func testImageButtonsInAFillEquallyStackTakeTheirImagesSize() throws {
    let (scene, diagnostics) = try importScene("button-content.xib")
    // Image only, no insets: the `<resources>` size (46 x 30), not the 30-pt empty-title width.
    for id in ["play", "skip", "more"] {
      let node = try view(scene, id)
      XCTAssertEqual(node.intrinsicWidth, 46, id)
      XCTAssertEqual(node.intrinsicHeight, 30, id)
    }
    // SF Symbols: their size is not known, so the stored one stands in, with a located warning.
    XCTAssertEqual(try view(scene, "add").intrinsicWidth, 40)
    XCTAssertEqual(diagnostics.map(\.code), ["ib-approximate", "ib-approximate"])
    XCTAssertEqual(diagnostics.map { $0.location?.line }, [57, 63])
    XCTAssertTrue(diagnostics[0].message.contains("SF Symbol 'plus'"))
    // Explicit content edge insets replace the built-in padding (not 6 + 6, 8 + 16).
    XCTAssertEqual(try view(scene, "rate").contentInsets, EdgeInsets(top: 6, left: 16, bottom: 6, right: 16))
    try assertSolvesToStoredFrames(scene)
  }

  func testMeasuredButtonsAddTheirImageAndInsets() throws {
    let path = Self.folder.appendingPathComponent("button-content.xib").path
    let (scenes, _) = InterfaceBuilderImporter.read(contentsOf: path, intrinsic: .fonts)
    let scene = try XCTUnwrap(scenes.first)
    // Measured mode: the image button's content decides both axes, wherever it is.
    XCTAssertEqual(try view(scene, "play").intrinsicWidth, 46)
    // A titled button is measured by the engine; its insets are the file's alone: with the
    // fixed metric, "Right" at 14 pt is 5 × 7 = 35 wide and 1.2 × 14 = 16.8 → 17 tall at @2x,
    // so 35 + 32 = 67 by 17 + 12 = 29.
    let engine = LayoutEngine(document: scene.document)
    let result = engine.layout(in: scene.environment, snapToPixels: true)
    let rate = try XCTUnwrap(result.view("rate")?.frame)
    XCTAssertEqual(rate.width, 67, accuracy: 1e-9)
    XCTAssertEqual(rate.height, 29, accuracy: 1e-9)
  }

  func testASystemButtonsOwnPaddingIsSixAboveAndBelowAndNoneAtTheSides() throws {
    // Stored frames (docs/uikit-research.md §4): a titled system button with no content insets
    // is as wide as its title, rounded up to whole points, at least 30; 6 above and below.
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19455" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
          <view contentMode="scaleToFill" id="r">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <subviews>
              <button translatesAutoresizingMaskIntoConstraints="NO" id="c" userLabel="Cancel">
                <rect key="frame" x="0.0" y="0.0" width="51" height="33"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <state key="normal" title="Cancel"/>
              </button>
              <button translatesAutoresizingMaskIntoConstraints="NO" id="o" userLabel="OK">
                <rect key="frame" x="0.0" y="40" width="30" height="30"/>
                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                <state key="normal" title="OK"/>
              </button>
              <button translatesAutoresizingMaskIntoConstraints="NO" id="f" userLabel="Filled">
                <rect key="frame" x="100" y="0.0" width="80" height="35"/>
                <buttonConfiguration key="configuration" style="filled" title="Go"/>
              </button>
            </subviews>
          </view>
        </objects>
      </document>
      """
    let (scenes, _) = InterfaceBuilderImporter.parse(Array(xml.utf8), file: "buttons.xib", intrinsic: .fonts)
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(try view(scene, "cancel").contentInsets, EdgeInsets(top: 6, left: 0, bottom: 6, right: 0))
    // A configuration's own padding is not imported (an `ib-approximate` warning says so): the
    // layout format's default stays.
    XCTAssertEqual(try view(scene, "filled").contentInsets, EdgeInsets(top: 6, left: 8, bottom: 6, right: 8))
    // Measured with the fixed metric at @2x: "Cancel" at 17 pt is 6 × 8.5 = 51 wide and
    // 1.2 × 17 = 20.4 → 20.5 tall, + 6 + 6 = 32.5 → 33 in whole points: 51 × 33. "OK" at 15 pt is
    // 2 × 7.5 = 15 wide, raised to 30, and 18 + 12 = 30 tall.
    let resolved = scene.document.resolved(for: scene.environment).views
    let cancel = try XCTUnwrap(resolved.first { $0.id == "cancel" })
    XCTAssertEqual(cancel.intrinsicWidth, 51)
    XCTAssertEqual(cancel.intrinsicHeight, 33)
    let ok = try XCTUnwrap(resolved.first { $0.id == "oK" })
    XCTAssertEqual(ok.intrinsicWidth, 30)
    XCTAssertEqual(ok.intrinsicHeight, 30)
  }

  func testATitledButtonWithAnImageMakesRoomForIt() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19455" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
          <view contentMode="scaleToFill" id="r">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <subviews>
              <button translatesAutoresizingMaskIntoConstraints="NO" id="b">
                <rect key="frame" x="0.0" y="0.0" width="80" height="30"/>
                <inset key="contentEdgeInsets" minX="4" minY="0.0" maxX="4" maxY="0.0"/>
                <state key="normal" title="Go" image="arrow"/>
              </button>
            </subviews>
          </view>
        </objects>
        <resources><image name="arrow" width="20" height="20"/></resources>
      </document>
      """
    let (scenes, _) = InterfaceBuilderImporter.parse(Array(xml.utf8), file: "go.xib", intrinsic: .fonts)
    let node = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "button_b" })
    // The title starts after the image: the left inset is the file's 4 plus the image's 20.
    XCTAssertEqual(node.contentInsets, EdgeInsets(top: 0, left: 24, bottom: 0, right: 4))
    XCTAssertNil(node.intrinsicWidth)
  }
}
