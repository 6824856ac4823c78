import TrellisLayout
import XCTest

@testable import TrellisImport

/// The safe area of a view controller shown by a tab bar controller through a navigation
/// controller (both relationship segues), per device, orientation and Xcode version. Expected
/// insets from UIKit's bar heights, not from the importer: status bar 20 on iPhones without a
/// notch (hidden in landscape); navigation bar 44, 32 in compact height; tab bar 49, 32 in
/// compact height; the iPhone X's safe-area insets 44 top and 34 bottom in portrait, 44 at the
/// sides and 21 at the bottom in landscape (the landscape case under compact bars, 32 and 53, is
/// also measured from a stored storyboard: docs/uikit-research.md, "Oracle A"); iPad bars 50
/// from iOS 12 (Xcode 10, tools 14xxx; hacknicity, "iPad Navigation Bar and Toolbar Height
/// Changes in iOS 12").
final class SimulatedBarsTests: XCTestCase {
  func storyboard(device: String, orientation: String, tools: Int, width: Int, height: Int) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" \
    useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="\(orientation)"/>
        <scenes>
            <scene sceneID="t-sc"><objects>
                <tabBarController id="t-tc">
                    <tabBar key="tabBar" id="t-tb"><rect key="frame" x="0" y="0" width="\(width)" height="49"/></tabBar>
                    <connections><segue destination="n-nc" kind="relationship" relationship="viewControllers" id="s1"/></connections>
                </tabBarController>
            </objects></scene>
            <scene sceneID="n-sc"><objects>
                <navigationController id="n-nc">
                    <navigationBar key="navigationBar" id="n-nb"><rect key="frame" x="0" y="0" width="\(width)" height="44"/></navigationBar>
                    <connections><segue destination="v-vc" kind="relationship" relationship="rootViewController" id="s2"/></connections>
                </navigationController>
            </objects></scene>
            <scene sceneID="v-sc"><objects>
                <viewController id="v-vc" customClass="Feed">
                    <view key="view" id="v-rt">
                        <rect key="frame" x="0" y="0" width="\(width)" height="\(height)"/>
                        <viewLayoutGuide key="safeArea" id="v-sa"/>
                    </view>
                    <navigationItem key="navigationItem" title="Feed" id="v-ni"/>
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """
  }

  func assertSafeArea(
    _ device: String, _ orientation: String, tools: Int, _ width: Int, _ height: Int, _ expected: EdgeInsets,
    traits: TraitCollection, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let text = storyboard(device: device, orientation: orientation, tools: tools, width: width, height: height)
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "bars.storyboard")
    XCTAssertEqual(diagnostics, [], file: file, line: line)
    XCTAssertEqual(scenes.map(\.sceneID), ["v-sc"], "only the view controller has a view", file: file, line: line)
    let scene = try XCTUnwrap(scenes.first, file: file, line: line)
    XCTAssertEqual(scene.environment.safeAreaInsets, expected, file: file, line: line)
    XCTAssertEqual(scene.environment.traits, traits, file: file, line: line)
    XCTAssertEqual(
      scene.environment.containerSize, Size(width: Double(width), height: Double(height)), file: file, line: line)
    XCTAssertEqual(scene.safeAreaSource, "device and simulated bars", file: file, line: line)
  }

  func testAnIPhoneXInBothOrientations() throws {
    // 44 + 44 = 88 at the top, 34 + 49 = 83 at the bottom.
    try assertSafeArea(
      "retina5_9", "portrait", tools: 17701, 375, 812, EdgeInsets(top: 88, left: 0, bottom: 83, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    // No status bar; compact bars 32; 21 + 32 = 53 at the bottom; 44 at the sides.
    try assertSafeArea(
      "retina5_9", "landscape", tools: 17701, 812, 375, EdgeInsets(top: 32, left: 44, bottom: 53, right: 44),
      traits: TraitCollection(horizontal: .compact, vertical: .compact))
  }

  func testAnIPhone8OnXcode9() throws {
    // 20 + 44 = 64; tab bar 49.
    try assertSafeArea(
      "retina4_7", "portrait", tools: 13771, 375, 667, EdgeInsets(top: 64, left: 0, bottom: 49, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    // The status bar hidden in landscape: compact bars, 32 each.
    try assertSafeArea(
      "retina4_7", "landscape", tools: 13771, 667, 375, EdgeInsets(top: 32, left: 0, bottom: 32, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .compact))
  }

  func testIPadBarsGrewTo50InIOS12() throws {
    // Xcode 9 (iOS 11): 20 + 44 = 64, 49. Xcode 10 (iOS 12): 20 + 50 = 70, 50.
    try assertSafeArea(
      "ipad9_7", "portrait", tools: 13771, 768, 1024, EdgeInsets(top: 64, left: 0, bottom: 49, right: 0),
      traits: TraitCollection(horizontal: .regular, vertical: .regular))
    try assertSafeArea(
      "ipad9_7", "portrait", tools: 14460, 768, 1024, EdgeInsets(top: 70, left: 0, bottom: 50, right: 0),
      traits: TraitCollection(horizontal: .regular, vertical: .regular))
  }
}
