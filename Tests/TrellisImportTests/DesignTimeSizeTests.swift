import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

@testable import TrellisImport

// design-time-sizes.xib: sizes Interface Builder knows but the file does not say
// (docs/import.md, "Views whose size IB knows"). The fixture's header works every stored frame
// out by hand from the rules and names the public files each shape comes from.
extension FeatureFixtureTests {
  func testPlaceholderSizesSlidersEffectViewsAndMultipliedCentres() throws {
    let (scene, diagnostics) = try importScene("design-time-sizes.xib")
    // The slider (tools 17506): left 2, right 2, bottom 1; its width is not measured.
    let slider = try view(scene, "slider")
    XCTAssertEqual(slider.alignmentRectInsets, EdgeInsets(top: 0, left: 2, bottom: 1, right: 2))
    XCTAssertNil(slider.intrinsicWidth)
    XCTAssertEqual(slider.intrinsicHeight, 30, "the stored 31 less 1")
    // The placeholder is the custom view's intrinsic size.
    let player = try view(scene, "player")
    XCTAssertEqual(player.intrinsicWidth, 100)
    XCTAssertEqual(player.intrinsicHeight, 35)
    // On a stack (which has no intrinsic size in Trellis) it is its constraints: height <= 50 at
    // the hugging priority (250), >= 50 at compression resistance (750); "infinite" is none.
    let hugging = try constraint(scene, "emptyStack_placeholder_height_hugging")
    XCTAssertEqual(hugging.relation, .lessThanOrEqual)
    XCTAssertEqual(hugging.constant.base, 50)
    XCTAssertEqual(hugging.priority.base, 250)
    let compression = try constraint(scene, "emptyStack_placeholder_height_compression")
    XCTAssertEqual(compression.relation, .greaterThanOrEqual)
    XCTAssertEqual(compression.priority.base, 750)
    XCTAssertFalse(scene.document.constraints.contains { $0.id.hasPrefix("emptyStack_placeholder_width") })
    // The visual-effect view's content view and what it holds are imported.
    let blur = try view(scene, "blur")
    XCTAssertEqual(blur.children.map(\.id), ["content"])
    XCTAssertEqual(try view(scene, "content").children.map(\.id), ["badge"])
    // Only the chart's width comes from code: a located warning, nothing else.
    XCTAssertEqual(diagnostics.map(\.code), ["ib-size-from-code"])
    XCTAssertEqual(diagnostics.first?.location?.line, 90)
    XCTAssertTrue(diagnostics.first?.message.contains("'chart' (class ChartView) has no intrinsic size") == true)
    XCTAssertTrue(diagnostics.first?.message.contains("fixes its width:") == true)
    try assertSolvesToStoredFrames(scene)
  }

  func testASliderSavedByXcode26HasNoAlignmentInsets() throws {
    // VLC's VideoFiltersView (24412) and NetNewsWire's Settings (24765) store sliders flush.
    let url = Self.folder.appendingPathComponent("design-time-sizes.xib")
    var text = try String(contentsOf: url, encoding: .utf8)
    text = text.replacingOccurrences(of: "toolsVersion=\"17506\"", with: "toolsVersion=\"24412\"")
    let (scenes, _) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "xcode26.xib")
    let slider = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "slider" })
    XCTAssertEqual(slider.alignmentRectInsets, .zero)
    XCTAssertEqual(slider.intrinsicHeight, 31)
  }

  func testAPlaceholderThatIsNotASizeIsAWarning() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17506" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
          <view contentMode="scaleToFill" id="r">
            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
            <subviews>
              <view placeholderIntrinsicWidth="wide" placeholderIntrinsicHeight="-3" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
              </view>
            </subviews>
          </view>
        </objects>
      </document>
      """
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(xml.utf8), file: "bad.xib")
    let node = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "view_v" })
    XCTAssertNil(node.intrinsicWidth)
    XCTAssertNil(node.intrinsicHeight)
    let warnings = diagnostics.filter { $0.message.contains("placeholderIntrinsic") }
    XCTAssertEqual(warnings.map(\.code), ["ib-approximate", "ib-approximate"])
    XCTAssertEqual(warnings.map { $0.location?.line }, [8, 8])
  }
}
