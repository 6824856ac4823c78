import TrellisImport
import TrellisLayout
import TrellisModel
import XCTest

/// Views whose file stores no `<rect key="frame">` (IB leaves out a frame that is all zero: a
/// view it never laid out): what the importer keeps of them (docs/import.md, "Views IB never
/// laid out"). The documents are written here by hand; the expected values follow from them.
final class UnstoredFrameTests: XCTestCase {
  /// A 375 × 667 root on an iPhone 8 (Xcode 14) holding a label placed by constraints with no
  /// frame, a box with a frame, a view inside a frameless view, and a view that keeps its frame
  /// through its autoresizing mask with none.
  static let screen = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="sc-1"><objects>
                <viewController id="vc-1" storyboardIdentifier="Clock">
                    <view key="view" id="rt-1">
                        <rect key="frame" x="0" y="0" width="375" height="667"/>
                        <subviews>
                            <label text="Now" translatesAutoresizingMaskIntoConstraints="NO" id="lb-1" userLabel="Now">
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            </label>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="bx-1" userLabel="Box">
                                <rect key="frame" x="20" y="40" width="100" height="50"/>
                            </view>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="ou-1" userLabel="Outer">
                                <subviews>
                                    <view translatesAutoresizingMaskIntoConstraints="NO" id="in-1" userLabel="Inner">
                                        <rect key="frame" x="4" y="4" width="10" height="10"/>
                                    </view>
                                </subviews>
                            </view>
                            <view fixedFrame="YES" id="fx-1" userLabel="Badge"/>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="sa-1"/>
                        <constraints>
                            <constraint firstItem="lb-1" firstAttribute="centerX" secondItem="rt-1" secondAttribute="centerX" id="k-1"/>
                            <constraint firstItem="lb-1" firstAttribute="centerY" secondItem="rt-1" secondAttribute="centerY" id="k-2"/>
                            <constraint firstItem="bx-1" firstAttribute="leading" secondItem="rt-1" secondAttribute="leading" constant="20" id="k-3"/>
                            <constraint firstItem="bx-1" firstAttribute="top" secondItem="rt-1" secondAttribute="top" constant="40" id="k-4"/>
                            <constraint firstItem="bx-1" firstAttribute="width" constant="100" id="k-5"/>
                            <constraint firstItem="bx-1" firstAttribute="height" constant="50" id="k-6"/>
                        </constraints>
                    </view>
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """

  func testAViewWithNoFrameInTheFileIsNotComparedAndItsTextIsMeasured() throws {
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(Self.screen.utf8), file: "clock.storyboard")
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
    let scene = try XCTUnwrap(scenes.first)
    // The label and the frameless view, and the view inside it (its origin is unknown); not the
    // box, whose frame is stored, nor the badge, which keeps its zero frame through its mask as
    // UIKit does, nor the root.
    XCTAssertEqual(scene.unstoredFrames, ["now", "outer", "inner"])
    XCTAssertEqual(scene.storedFrames["box"], Rect(x: 20, y: 40, width: 100, height: 50))
    XCTAssertEqual(scene.storedFrames["badge"], Rect(x: 0, y: 0, width: 0, height: 0))
    // The label's size is not the missing frame's zero: left to its text, as `--intrinsic fonts`
    // does, so it is solved as wide as "Now" and centred, not collapsed at the centre.
    let label = try XCTUnwrap(scene.document.allViews.first { $0.id == "now" })
    XCTAssertNil(label.intrinsicWidth)
    XCTAssertNil(label.intrinsicHeight)
    let solved = try XCTUnwrap(
      LayoutEngine(document: scene.document).layout(in: scene.environment).views.first { $0.id == "now" })
    XCTAssertGreaterThan(solved.frame.width, 0)
    XCTAssertGreaterThan(solved.frame.height, 0)
    XCTAssertEqual(solved.frame.x + solved.frame.width / 2, 187.5, accuracy: 1e-9)
  }

  func testACellsContentViewWithNoFrameIsSizedByItsTableAndRow() throws {
    // A prototype in a 600-pt plain table, its row 100 tall, no frame for the cell or its
    // content view (as Xcode 7 files store them): the content view is 600 × 100; with a
    // disclosure indicator it is narrower by the accessory's width for a 600-pt table
    // (CellMetrics: the side margin 20 and the indicator's 10.5).
    func contentSize(accessory: String) throws -> Size {
      let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="7706" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
            <scenes>
                <scene sceneID="sc-2"><objects>
                    <tableViewController id="tv-1">
                        <tableView key="view" style="plain" rowHeight="44" id="tb-1">
                            <rect key="frame" x="0" y="0" width="600" height="600"/>
                            <prototypes>
                                <tableViewCell \(accessory) reuseIdentifier="Story" rowHeight="100" id="ce-1">
                                    <tableViewCellContentView key="contentView" tableViewCell="ce-1" id="cv-1">
                                        <subviews>
                                            <view translatesAutoresizingMaskIntoConstraints="NO" id="dt-1" userLabel="Dot">
                                                <rect key="frame" x="8" y="8" width="20" height="20"/>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="dt-1" firstAttribute="leading" secondItem="cv-1" secondAttribute="leading" constant="8" id="k-7"/>
                                            <constraint firstItem="dt-1" firstAttribute="top" secondItem="cv-1" secondAttribute="top" constant="8" id="k-8"/>
                                            <constraint firstItem="dt-1" firstAttribute="width" constant="20" id="k-9"/>
                                            <constraint firstItem="dt-1" firstAttribute="height" constant="20" id="k-10"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                </objects></scene>
            </scenes>
        </document>
        """
      let (scenes, _) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "news.storyboard", scene: "Story")
      let scene = try XCTUnwrap(scenes.first)
      XCTAssertEqual(scene.unstoredFrames, ["root"], "the content view only: its views' frames are stored")
      return scene.environment.containerSize
    }
    XCTAssertEqual(try contentSize(accessory: ""), Size(width: 600, height: 100))
    XCTAssertEqual(
      try contentSize(accessory: "accessoryType=\"disclosureIndicator\""), Size(width: 600 - 30.5, height: 100))
  }
}
