import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Per-size-class constants written inside a constraint, and the order constraints come in.
final class ConstraintVariationTests: XCTestCase {
  /// A label 123.67 wide, 80 in compact height (IB writes the variation inside the constraint);
  /// its top 8 below the safe area, installed in compact height only (the stored frames are a
  /// compact-height layout: iPhone 8 landscape, where the label is at y 40, so the safe area's
  /// top is 32, a compact navigation bar).
  static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="landscape"/>
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc1" sceneMemberID="viewController">
                        <view key="view" id="root1">
                            <rect key="frame" x="0.0" y="0.0" width="667" height="375"/>
                            <subviews>
                                <label text="Flips" translatesAutoresizingMaskIntoConstraints="NO" id="lab1">
                                    <rect key="frame" x="16" y="40" width="80" height="48"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="123.67" id="w1">
                                            <variation key="heightClass=compact" constant="80"/>
                                        </constraint>
                                        <constraint firstAttribute="height" constant="48" id="h1"/>
                                    </constraints>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="lab1" firstAttribute="leading" secondItem="root1" secondAttribute="leading" constant="16" id="l1"/>
                                <constraint firstItem="lab1" firstAttribute="top" secondItem="sa1" secondAttribute="top" constant="8" id="t1"/>
                            </constraints>
                            <viewLayoutGuide key="safeArea" id="sa1"/>
                            <variation key="default">
                                <mask key="constraints"><exclude reference="t1"/></mask>
                            </variation>
                            <variation key="heightClass=compact">
                                <mask key="constraints"><include reference="t1"/></mask>
                            </variation>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

  func testAConstantVariesPerSizeClassAndTheStoredFramesPlaceTheSafeArea() throws {
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(Self.storyboard.utf8), file: "v.storyboard")
    let scene = try XCTUnwrap(scenes.first)
    let width = try XCTUnwrap(scene.document.constraints.first { $0.id == "ib_w1" })
    XCTAssertEqual(width.constant.resolved(for: wChR), 123.67)
    XCTAssertEqual(width.constant.resolved(for: wChC), 80)
    // iPhone 8 landscape (tools 17701: no status bar): the bars give 0, the stored label says 32.
    XCTAssertEqual(scene.environment.safeAreaInsets.top, 32)
    XCTAssertEqual(diagnostics.map(\.code), ["ib-approximate"])
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment, snapToPixels: true)
    assertRect(result, "label_lab1", 16, 40, 80, 48)
    // Constraints in the file's order: the label's own come before the root's, which follow them.
    XCTAssertEqual(scene.document.constraints.map(\.id), ["ib_w1", "ib_h1", "ib_l1", "ib_t1"])
  }
}
