import TrellisImport
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Labels in fonts iOS ships, imported with measured text (`--intrinsic fonts`) and no font
/// files: their heights come from the fonts' own metrics (TrellisText's IOSFonts, docs/text.md
/// "Fonts iOS ships"), not the fixed metric's 1.2 em. A hand-written storyboard; the sizes are
/// those of issue 36's Arial Bold 28 label (stored 32.5) and of mattneub/Programming-iOS-Book-
/// Examples' Helvetica 36 label (stored 41.5, @2x).
final class NamedFontImportTests: XCTestCase {
  private let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc">
      <device id="retina4_7" orientation="portrait" appearance="light"/>
      <scenes>
        <scene sceneID="s">
          <objects>
            <viewController id="vc" sceneMemberID="viewController">
              <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                  <label opaque="NO" text="Score" translatesAutoresizingMaskIntoConstraints="NO" id="arial">
                    <rect key="frame" x="16" y="20" width="78" height="32.5"/>
                    <fontDescription key="fontDescription" name="Arial-BoldMT" family="Arial" pointSize="28"/>
                  </label>
                  <label opaque="NO" text="First View" translatesAutoresizingMaskIntoConstraints="NO" id="helvetica">
                    <rect key="frame" x="16" y="100" width="170" height="41.5"/>
                    <fontDescription key="fontDescription" name="Helvetica" family="Helvetica" pointSize="36"/>
                  </label>
                  <label opaque="NO" text="Other" translatesAutoresizingMaskIntoConstraints="NO" id="other">
                    <rect key="frame" x="16" y="200" width="50" height="24"/>
                    <fontDescription key="fontDescription" name="NoSuchFont-Bold" family="No Such Font" pointSize="20"/>
                  </label>
                </subviews>
                <constraints>
                  <constraint firstItem="arial" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c1"/>
                  <constraint firstItem="arial" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="c2"/>
                  <constraint firstItem="helvetica" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
                  <constraint firstItem="helvetica" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c4"/>
                  <constraint firstItem="other" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c5"/>
                  <constraint firstItem="other" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c6"/>
                </constraints>
              </view>
            </viewController>
          </objects>
        </scene>
      </scenes>
    </document>
    """

  func testLabelsInFontsIOSShipsAreAsTallAsUIKitMakesThem() throws {
    let (scenes, _) = InterfaceBuilderImporter.parse(
      Array(storyboard.utf8), file: "fonts.storyboard", intrinsic: .fonts)
    let scene = try XCTUnwrap(scenes.first)
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment, snapToPixels: true)
    // Arial Bold 28: hhea 1854 + 434 + 67 of 2048 → 32.197 → 32.5 at @2x (the fixed metric said
    // 1.2 × 28 = 33.6 → 34).
    XCTAssertEqual(try XCTUnwrap(result.view("label_arial")?.frame).height, 32.5)
    // Helvetica 36: hhea 1577 + 471 of 2048 is 36, UIKit's ascender adds 15 %: 41.4 → 41.5.
    XCTAssertEqual(try XCTUnwrap(result.view("label_helvetica")?.frame).height, 41.5)
    // A name iOS does not ship, without fonts: the fixed metric as before, 1.2 × 20 = 24.
    XCTAssertEqual(try XCTUnwrap(result.view("label_other")?.frame).height, 24)
    // Both carried fonts have approximate widths here (no Liberation Sans given): one note each,
    // at its label; nothing for the unknown name (no fonts were given, as before).
    let notes = result.diagnostics.filter { $0.code == "text-approximate-font" }
    XCTAssertEqual(notes.count, 2)
    XCTAssertTrue(notes.allSatisfy { $0.severity == .note })
    XCTAssertFalse(result.diagnostics.contains { $0.code == "font-not-found" })
  }
}
