import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

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

  func testABarStyleProgressViewsAlignmentRectangleEndsAPointAboveItsFrame() throws {
    // progress-bar.xib: UIKit's bar style has alignment insets bottom 1 (without images), the
    // default style none. The fixture's header works every frame out by hand.
    let (scene, diagnostics) = try importScene("progress-bar.xib")
    XCTAssertEqual(diagnostics.map(\.code), [])
    XCTAssertEqual(try view(scene, "bar").alignmentRectInsets, EdgeInsets(top: 0, left: 0, bottom: 1, right: 0))
    XCTAssertEqual(try view(scene, "upload").intrinsicHeight, 2, "the stored 3 less 1")
    let meter = try view(scene, "meter")
    XCTAssertEqual(meter.alignmentRectInsets, .zero)
    XCTAssertEqual(meter.intrinsicHeight, 4)
    XCTAssertNil(meter.intrinsicWidth, "a progress view's width is not measured")
    let result = try assertSolvesToStoredFrames(scene)
    // Pinned to the root's bottom (100) with a height of 2, the frame reaches 1 past it.
    let bar = try XCTUnwrap(result.views.first { $0.id == "bar" })
    assertFrame(bar.frame, 0, 98, 320, 3, "bar", accuracy: 1e-9)
    let box = try XCTUnwrap(result.views.first { $0.id == "box" })
    assertFrame(box.frame, 20, 44, 280, 20, "box: after the upload bar's 2 and the spacing of 8", accuracy: 1e-9)
  }

  func testAComponentUnderXcode15sStatusBarArrangesBelowItFromItsFrame() throws {
    // mini-player.xib, the shape of VLC's AudioMiniPlayer: a component saved by Xcode 15 has the
    // device's 20-pt status bar, and a centred stack reaching into it has its top margin raised
    // to it from its frame (docs/semantics.md §1, rule 4). Frames worked by hand in its header.
    let (scene, diagnostics) = try importScene("mini-player.xib")
    XCTAssertEqual(diagnostics.map(\.code), [])
    XCTAssertEqual(scene.environment.safeAreaInsets.top, 20)
    let result = try assertSolvesToStoredFrames(scene)
    let title = try XCTUnwrap(result.views.first { $0.id == "title" })
    assertFrame(title.frame, 68, 20, 292, 16.5, "title: at the safe area's edge", accuracy: 1e-9)
    let info = try XCTUnwrap(result.views.first { $0.id == "info" })
    assertFrame(info.frame, 68, 0, 292, 56, "info: 20 + 16.5 + 4 + 14.5 + 1 fills the row", accuracy: 1e-9)
  }

  func testAProportionalAutoresizingMarginInsideASubviewIsExact() throws {
    // A 200 x 100 panel at (20, 20) that grows with the root holds a dot at (40, 10) in it, 20 x
    // 20, with both horizontal margins flexible (40 and 140 of the panel's 200).
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17506" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
          <view contentMode="scaleToFill" id="r">
            <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
            <subviews>
              <view contentMode="scaleToFill" fixedFrame="YES" id="p" userLabel="Panel">
                <rect key="frame" x="20" y="20" width="200" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                  <view contentMode="scaleToFill" fixedFrame="YES" id="d" userLabel="Dot">
                    <rect key="frame" x="40" y="10" width="20" height="20"/>
                    <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxX="YES" flexibleMaxY="YES"/>
                  </view>
                </subviews>
              </view>
            </subviews>
          </view>
        </objects>
      </document>
      """
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(xml.utf8), file: "panel.xib")
    XCTAssertEqual(diagnostics.filter { $0.code == "ib-approximate" }.map(\.message), [])
    let scene = try XCTUnwrap(scenes.first)
    try assertSolvesToStoredFrames(scene)
    var environment = scene.environment
    environment.containerSize = Size(width: 400, height: 200)
    let result = solve(LayoutEngine(document: scene.document), environment)
    // The root grows by 100, the panel too (300 wide); the dot's left margin takes 40/180 of it:
    // 40 + 22.222 = 62.222 in the panel, 82.222 in the root (UIKit's rule, as autoresizing.xib's
    // header states it). Before, the margin was rounded to the left: x 60.
    assertRect(result, "dot", 20 + 40 + 100.0 * 40 / 180, 30, 20, 20, accuracy: 1e-6)
  }

  func testAnIBDesignablesStoredIntrinsicSizeIsAPlainViewsIntrinsicSize() throws {
    // designables-hidden-ends.xib: IB ran AnimatedButton's code and stored 127.41327571868896 x
    // 17.900390625 in <designables>; the view's required height of 40 is a constraint, apart.
    let (scene, diagnostics) = try importScene("designables-hidden-ends.xib")
    let refresh = try view(scene, "refresh")
    XCTAssertEqual(refresh.intrinsicWidth, 127.41327571868896)
    XCTAssertEqual(refresh.intrinsicHeight, 17.900390625)
    // IB knows its size, and the hidden views are 0 long along their row: nothing is warned.
    XCTAssertEqual(diagnostics.map(\.code), [])

    let url = Self.folder.appendingPathComponent("designables-hidden-ends.xib")
    let text = try String(contentsOf: url, encoding: .utf8)
    // `-1` is UIView.noIntrinsicMetric: IB was told the view has no width of its own.
    let none = text.replacingOccurrences(of: "width=\"127.41327571868896\"", with: "width=\"-1\"")
    let (scenes, noneDiagnostics) = InterfaceBuilderImporter.parse(Array(none.utf8), file: "none.xib")
    let noWidth = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "refresh" })
    XCTAssertNil(noWidth.intrinsicWidth)
    XCTAssertEqual(noWidth.intrinsicHeight, 17.900390625)
    XCTAssertEqual(noneDiagnostics.map(\.code), [], "IB ran the code: its size is known to be none")
    // A placeholder intrinsic size wins over the designable's, as in IB.
    let placeholder = text.replacingOccurrences(
      of: "userLabel=\"Refresh\"", with: "userLabel=\"Refresh\" placeholderIntrinsicWidth=\"90\"")
    let (placed, _) = InterfaceBuilderImporter.parse(Array(placeholder.utf8), file: "placeholder.xib")
    let placedView = try XCTUnwrap(placed.first?.document.allViews.first { $0.id == "refresh" })
    XCTAssertEqual(placedView.intrinsicWidth, 90)
    XCTAssertEqual(placedView.intrinsicHeight, 17.900390625)
    // Without <designables> the custom view's width comes from code: the located warning.
    let bare = text.replacingOccurrences(of: "<designable name=\"dhe-rf-001\">", with: "<designable name=\"other\">")
    let (bareScenes, bareDiagnostics) = InterfaceBuilderImporter.parse(Array(bare.utf8), file: "bare.xib")
    XCTAssertNil(try XCTUnwrap(bareScenes.first?.document.allViews.first { $0.id == "refresh" }).intrinsicWidth)
    XCTAssertEqual(bareDiagnostics.map(\.code), ["ib-size-from-code"])
    // A hidden custom view in the row is 0 wide there whatever its code says (UISV-hiding), and
    // the row's fill alignment gives it its height: no warning.
    let hiddenCustom = text.replacingOccurrences(
      of: "userLabel=\"Chip\"", with: "userLabel=\"Chip\" customClass=\"ChipView\"")
    let (_, hiddenDiagnostics) = InterfaceBuilderImporter.parse(Array(hiddenCustom.utf8), file: "chip.xib")
    XCTAssertEqual(hiddenDiagnostics.map(\.code), [])
  }

  func testAStackWithNoArrangedViewsInTheFileWarnsThatItsSizeComesFromCode() throws {
    // A horizontal stack left empty (its buttons are added in code), centred with only a height:
    // its width comes from code. With a width as well, or pinned at both sides, nothing is said.
    func diagnostics(_ stackConstraints: String) -> [Diagnostic] {
      let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17506" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
          <device id="retina4_7" orientation="portrait"/>
          <objects>
            <view contentMode="scaleToFill" id="r">
              <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
              <subviews>
                <stackView opaque="NO" contentMode="scaleToFill" spacing="12" translatesAutoresizingMaskIntoConstraints="NO" id="s" userLabel="Actions">
                  <rect key="frame" x="50" y="20" width="200" height="60"/>
                  <constraints>
                    <constraint firstAttribute="height" constant="60" id="h"/>
                  </constraints>
                </stackView>
              </subviews>
              <constraints>
                <constraint firstItem="s" firstAttribute="centerY" secondItem="r" secondAttribute="centerY" id="y"/>
                \(stackConstraints)
              </constraints>
            </view>
          </objects>
        </document>
        """
      return InterfaceBuilderImporter.parse(Array(xml.utf8), file: "actions.xib").diagnostics
    }
    let centred = diagnostics(
      #"<constraint firstItem="s" firstAttribute="centerX" secondItem="r" secondAttribute="centerX" id="x"/>"#)
    XCTAssertEqual(centred.map(\.code), ["ib-size-from-code"])
    XCTAssertEqual(centred.first?.location?.line, 8)
    XCTAssertTrue(centred.first?.message.contains("stack view 'actions' has no arranged views in the file") ?? false)
    XCTAssertTrue(centred.first?.message.contains("fixes its width:") ?? false, centred.first?.message ?? "")
    let pinned = diagnostics(
      #"<constraint firstItem="s" firstAttribute="leading" secondItem="r" secondAttribute="leading" constant="50" id="a"/>"#
        + #"<constraint firstAttribute="trailing" secondItem="s" secondAttribute="trailing" constant="50" id="b"/>"#)
    XCTAssertEqual(pinned.map(\.code), [])
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
