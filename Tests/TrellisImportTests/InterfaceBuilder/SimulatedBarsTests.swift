import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

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

  func testTheXRStatusBarWas44BeforeXcode14() throws {
    // Xcode 11 (tools 15xxx, iOS 13): 44 + 44 = 88 at the top; 34 + 49 = 83 at the bottom.
    try assertSafeArea(
      "retina6_1", "portrait", tools: 15705, 414, 896, EdgeInsets(top: 88, left: 0, bottom: 83, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    // Xcode 12 and 13 still store 44 (docs/import.md, "The top inset IB stores": 21 files of
    // six repositories, one contradicting): 88.
    try assertSafeArea(
      "retina6_1", "portrait", tools: 17701, 414, 896, EdgeInsets(top: 88, left: 0, bottom: 83, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    try assertSafeArea(
      "retina6_1", "portrait", tools: 20037, 414, 896, EdgeInsets(top: 88, left: 0, bottom: 83, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    // Xcode 14 (iOS 16): 48 + 44 = 92.
    try assertSafeArea(
      "retina6_1", "portrait", tools: 21507, 414, 896, EdgeInsets(top: 92, left: 0, bottom: 83, right: 0),
      traits: TraitCollection(horizontal: .compact, vertical: .regular))
    // Landscape on Xcode 11: 44 at the sides, not 48; compact bars 32; 21 + 32 = 53.
    try assertSafeArea(
      "retina6_1", "landscape", tools: 15705, 896, 414, EdgeInsets(top: 32, left: 44, bottom: 53, right: 44),
      traits: TraitCollection(horizontal: .regular, vertical: .compact))
  }

  /// A view controller at the root of a navigation controller showing its toolbar, which is a
  /// split view's master, which is a tab.
  func splitStoryboard(device: String, orientation: String, width: Int, height: Int) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="15705" \
    useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="\(orientation)"/>
        <scenes>
            <scene sceneID="t-sc"><objects>
                <tabBarController id="t-tc">
                    <connections><segue destination="s-sv" kind="relationship" relationship="viewControllers" id="s1"/></connections>
                </tabBarController>
            </objects></scene>
            <scene sceneID="s-sc"><objects>
                <splitViewController id="s-sv">
                    <connections><segue destination="n-nc" kind="relationship" relationship="masterViewController" id="s2"/></connections>
                </splitViewController>
            </objects></scene>
            <scene sceneID="n-sc"><objects>
                <navigationController toolbarHidden="NO" id="n-nc">
                    <connections><segue destination="v-vc" kind="relationship" relationship="rootViewController" id="s3"/></connections>
                </navigationController>
            </objects></scene>
            <scene sceneID="v-sc"><objects>
                <viewController id="v-vc" customClass="Themes">
                    <view key="view" id="v-rt">
                        <rect key="frame" x="0" y="0" width="\(width)" height="\(height)"/>
                        <viewLayoutGuide key="safeArea" id="v-sa"/>
                    </view>
                    <navigationItem key="navigationItem" title="Themes" id="v-ni"/>
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """
  }

  func testATabBarReachesASplitViewsMasterOnIPhonesAndAToolbarSitsOnIt() throws {
    // iPhone 8 landscape (Xcode 11: no status bar): navigation bar 32 at the top; at the bottom
    // the tab bar, 32, under the navigation controller's toolbar, 32: 64.
    var text = splitStoryboard(device: "retina4_7", orientation: "landscape", width: 667, height: 375)
    var (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "split.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.first?.environment.safeAreaInsets, EdgeInsets(top: 32, left: 0, bottom: 64, right: 0))
    // An iPad's master (320 wide) in portrait overlays the screen: the toolbar, 50, but not the
    // tab bar; at the top the navigation bar, 50, and no status bar: Xcode 11 to 13 simulate none
    // on a home-button iPad as on a home-button iPhone (docs/import.md, "The top inset IB stores").
    text = splitStoryboard(device: "ipad9_7", orientation: "portrait", width: 320, height: 1024)
    (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "split.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.first?.environment.safeAreaInsets, EdgeInsets(top: 50, left: 0, bottom: 50, right: 0))
    // In landscape the columns sit side by side above the tab bar: the toolbar, 50, on the tab
    // bar, 50 (VadymGor's and freddy5566's theme choosers are stored centred between them).
    text = splitStoryboard(device: "ipad9_7", orientation: "landscape", width: 320, height: 768)
    (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "split.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.first?.environment.safeAreaInsets, EdgeInsets(top: 50, left: 0, bottom: 100, right: 0))
  }
}
