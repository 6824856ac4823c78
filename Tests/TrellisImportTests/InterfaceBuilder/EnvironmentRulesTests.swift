import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// The environment IB laid a scene out in, by Xcode version (`toolsVersion`) and device id
/// (docs/import.md, "The environment IB used", whose table gives each rule's evidence: stored
/// frames of public files, counted by scripts/ib-environment-survey.py). Each document here is
/// written by hand and has no constraint to the safe area, so the insets are the rule's own and
/// no stored frame corrects them; each expected value is the table's row, worked by hand.
final class EnvironmentRulesTests: XCTestCase {
  /// A xib whose one view is File's Owner's view (a view controller's: a screen), `width` ×
  /// `height`, holding a label.
  func screenXib(
    device: String, orientation: String = "portrait", tools: String, width: Double, height: Double, metrics: String = ""
  ) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="\(orientation)"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                <connections><outlet property="view" destination="r-1" id="o-1"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="r-1">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                <subviews>
                    <label text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="l-1">
                        <rect key="frame" x="10" y="10" width="20" height="20"/>
                    </label>
                </subviews>
                <viewLayoutGuide key="safeArea" id="s-1"/>
                \(metrics)
                <constraints>
                    <constraint firstItem="l-1" firstAttribute="leading" secondItem="r-1" secondAttribute="leading" constant="10" id="c-1"/>
                    <constraint firstItem="l-1" firstAttribute="top" secondItem="r-1" secondAttribute="top" constant="10" id="c-2"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
  }

  func scene(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (ImportedScene, [Diagnostic])
  {
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "env.xib")
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [], file: file, line: line)
    XCTAssertEqual(scenes.count, 1, file: file, line: line)
    return (try XCTUnwrap(scenes.first, file: file, line: line), diagnostics)
  }

  func assertInsets(
    _ device: String, tools: String, _ width: Double, _ height: Double, orientation: String = "portrait",
    top: Double, bottom: Double, left: Double = 0, right: Double = 0, deviceName: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (scene, _) = try scene(
      screenXib(device: device, orientation: orientation, tools: tools, width: width, height: height), file: file,
      line: line)
    XCTAssertEqual(
      scene.environment.safeAreaInsets, EdgeInsets(top: top, left: left, bottom: bottom, right: right),
      "\(device) tools \(tools)", file: file, line: line)
    XCTAssertFalse(scene.isComponent, file: file, line: line)
    if let deviceName { XCTAssertEqual(scene.environment.deviceName, deviceName, file: file, line: line) }
  }

  func testAHomeButtonIPhonesStatusBarIsGoneFromXcode11To13AndBackFrom14() throws {
    // Table rows "home button": 20 to Xcode 10, 0 in Xcode 11 (from its 14800 betas) to 13, 20
    // from Xcode 14, not doubled by Xcode 16.
    try assertInsets("retina4_7", tools: "14460.31", 375, 667, top: 20, bottom: 0)
    try assertInsets("retina4_7", tools: "14865.1", 375, 667, top: 0, bottom: 0)
    try assertInsets("retina4_7", tools: "20037", 375, 667, top: 0, bottom: 0)
    try assertInsets("retina4_7", tools: "21701", 375, 667, top: 20, bottom: 0)
    try assertInsets("retina4_7", tools: "24127", 375, 667, top: 20, bottom: 0)
    // The placeholder build some files carry stores what Xcode 14–15 do.
    try assertInsets("retina4_7", tools: "32700.99.1234", 375, 667, top: 20, bottom: 0)
    // Landscape: no status bar on an iPhone.
    try assertInsets("retina4_7", tools: "21701", 667, 375, orientation: "landscape", top: 0, bottom: 0)
    // A home-button iPad the same, in both orientations.
    try assertInsets("ipad9_7", tools: "13771", 768, 1024, top: 20, bottom: 0)
    try assertInsets("ipad9_7", tools: "15705", 1024, 768, orientation: "landscape", top: 0, bottom: 0)
    try assertInsets("ipad9_7", tools: "22505", 1024, 768, orientation: "landscape", top: 20, bottom: 0)
  }

  func testANotchIPhoneStores44ToXcode13ItsOwnFrom14AndDoubledIn16() throws {
    // XR: 44 to Xcode 13, 48 from 14; the home indicator 34; Xcode 16.3 on doubles both.
    try assertInsets("retina6_1", tools: "17506", 414, 896, top: 44, bottom: 34)
    try assertInsets("retina6_1", tools: "21507", 414, 896, top: 48, bottom: 34)
    try assertInsets("retina6_1", tools: "24127", 414, 896, top: 96, bottom: 68)
    // The doubling begins between tools 23504 (MixinNetwork's Setting.storyboard stores the
    // iPhone 15's 59 and 34) and 23727 (its WalletSelectorView.xib and AddressBookView.xib
    // store 118 and 68).
    try assertInsets("retina6_12", tools: "23504", 393, 852, top: 59, bottom: 34, deviceName: "iPhone 15")
    try assertInsets("retina6_12", tools: "23727", 393, 852, top: 118, bottom: 68, deviceName: "iPhone 15")
    // Landscape to Xcode 13: 44 at the sides, the home indicator 21.
    try assertInsets(
      "retina6_1", tools: "15705", 896, 414, orientation: "landscape", top: 0, bottom: 21, left: 44, right: 44)
    // The iPhone X: 44, then 50 from Xcode 14.
    try assertInsets("retina5_9", tools: "14460.31", 375, 812, top: 44, bottom: 34)
    try assertInsets("retina5_9", tools: "22505", 375, 812, top: 50, bottom: 34)
    // A 12 Pro Max saved by Xcode 13: 44, not the device's 47.
    try assertInsets("retina6_7", tools: "20037", 428, 926, top: 44, bottom: 34, deviceName: "iPhone 12 Pro Max")
  }

  func testAXibViewsSimulatedBarsCountAndARootBelowOpaqueBarsHasNoneOfThem() throws {
    let bar = "<simulatedNavigationBarMetrics key=\"simulatedTopBarMetrics\" translucent=\"NO\" prompted=\"NO\"/>"
    // A xib view's own simulated navigation bar: 20 + 44 = 64 on an iPhone 8 under Xcode 10.
    var (imported, _) = try scene(
      screenXib(device: "retina4_7", tools: "14490.70", width: 375, height: 667, metrics: bar))
    XCTAssertEqual(imported.environment.safeAreaInsets, EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
    // Stored 603 tall, 667 − 64: the view lies below the opaque bars, so none of them is in its
    // safe area (the survey's rows of 603-, 554- and 647-tall roots with a top inset of 0).
    (imported, _) = try scene(screenXib(device: "retina4_7", tools: "14490.70", width: 375, height: 603, metrics: bar))
    XCTAssertEqual(imported.environment.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    XCTAssertEqual(imported.environment.containerSize, Size(width: 375, height: 603))
    // A root shorter by what no bars add up to keeps its insets.
    (imported, _) = try scene(screenXib(device: "retina4_7", tools: "14490.70", width: 375, height: 600, metrics: bar))
    XCTAssertEqual(imported.environment.safeAreaInsets, EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
  }

  func testDeviceIdsAreTheScreensIBStoresThem() throws {
    // retina6_12 is stored 393 × 852 with a 59-pt top (the 14 Pro class), not the 12's 390 × 844.
    try assertInsets("retina6_12", tools: "22505", 393, 852, top: 59, bottom: 34, deviceName: "iPhone 15")
    // retina6_0 is the 12's 390 × 844 (47 from Xcode 14).
    try assertInsets("retina6_0", tools: "21701", 390, 844, top: 47, bottom: 34, deviceName: "iPhone 12")
    // One id, two screens: retina6_7 is 428 × 926 in Xcode 12–13 and 430 × 932 in Xcode 16.
    try assertInsets("retina6_7", tools: "24506", 430, 932, top: 118, bottom: 68, deviceName: "iPhone 15 Plus")
    // retina6_3: 402 × 874, a 62-pt top, doubled by Xcode 16.
    try assertInsets("retina6_3", tools: "24506", 402, 874, top: 124, bottom: 68, deviceName: "iPhone 16 Pro")
    // ipad11_0rounded: the 11-inch iPad Pro's 834 × 1194, regular in both directions.
    let (pro, proDiagnostics) = try scene(
      screenXib(device: "ipad11_0rounded", tools: "22505", width: 834, height: 1194))
    XCTAssertEqual(pro.environment.deviceName, "iPad Pro 11-inch (1st-4th gen)")
    XCTAssertEqual(pro.environment.traits, TraitCollection(horizontal: .regular, vertical: .regular))
    XCTAssertEqual(proDiagnostics, [])
  }

  func testAnUnknownIPadIdGetsAnIPadNeverAnIPhone() throws {
    // No device has 800 × 1100: the nearest iPad stands in, with an iPad's traits, and says so.
    let (ipad, diagnostics) = try scene(screenXib(device: "ipad99_9", tools: "22505", width: 800, height: 1100))
    XCTAssertEqual(ipad.environment.deviceName.map { $0.hasPrefix("iPad") }, true)
    XCTAssertEqual(ipad.environment.traits, TraitCollection(horizontal: .regular, vertical: .regular))
    XCTAssertEqual(ipad.environment.containerSize, Size(width: 800, height: 1100))
    XCTAssertEqual(diagnostics.map(\.code), ["ib-approximate"])
    XCTAssertTrue(diagnostics.first?.message.contains("'ipad99_9'") == true, diagnostics.first?.message ?? "")
    // An unknown iPhone id of a known screen: that screen's iPhone.
    let (phone, phoneDiagnostics) = try scene(screenXib(device: "retina9_9", tools: "22505", width: 402, height: 874))
    XCTAssertEqual(phone.environment.deviceName, "iPhone 16 Pro")
    XCTAssertEqual(phoneDiagnostics.map(\.code), ["ib-approximate"])
  }

  /// A storyboard scene whose view is pinned to the safe area's top + 0 but stored `y` below it;
  /// `mark` is put on the view (`misplaced="YES"`), or nothing.
  func pinnedStoryboard(mark: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="v-sc"><objects>
                <viewController id="v-vc">
                    <view key="view" id="v-rt">
                        <rect key="frame" x="0" y="0" width="375" height="667"/>
                        <subviews>
                            <view \(mark) translatesAutoresizingMaskIntoConstraints="NO" id="v-bx">
                                <rect key="frame" x="0" y="64" width="375" height="100"/>
                                <subviews>
                                    <view translatesAutoresizingMaskIntoConstraints="NO" id="v-in">
                                        <rect key="frame" x="0" y="0" width="10" height="10"/>
                                    </view>
                                </subviews>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="v-sa"/>
                        <constraints>
                            <constraint firstItem="v-bx" firstAttribute="top" secondItem="v-sa" secondAttribute="top" id="k-1"/>
                            <constraint firstItem="v-bx" firstAttribute="leading" secondItem="v-rt" secondAttribute="leading" id="k-2"/>
                            <constraint firstItem="v-bx" firstAttribute="trailing" secondItem="v-rt" secondAttribute="trailing" id="k-3"/>
                            <constraint firstItem="v-bx" firstAttribute="height" constant="100" id="k-4"/>
                        </constraints>
                    </view>
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """
  }

  func testAFrameIBMarksMisplacedNeverCorrectsTheSafeArea() throws {
    // Unmarked, the stored y 64 wins over Xcode 14's 20-pt status bar (the older rule, which
    // this one narrows): top 64.
    let (trusted, trustedDiagnostics) = try scene(pinnedStoryboard(mark: ""))
    XCTAssertEqual(trusted.environment.safeAreaInsets.top, 64)
    XCTAssertEqual(trustedDiagnostics.map(\.code), ["ib-approximate"])
    XCTAssertEqual(trusted.staleFrames, [:])
    // Marked misplaced (or ambiguous), the frame is IB's own stale guess: the status bar stays
    // 20, and the view and the view inside it carry the mark.
    for (attribute, mark) in [("misplaced=\"YES\"", "misplaced"), ("ambiguous=\"YES\"", "ambiguous")] {
      let (stale, diagnostics) = try scene(pinnedStoryboard(mark: attribute))
      XCTAssertEqual(stale.environment.safeAreaInsets.top, 20, mark)
      XCTAssertEqual(diagnostics, [], mark)
      XCTAssertEqual(Set(stale.staleFrames.keys).count, 2, mark)
      XCTAssertEqual(Set(stale.staleFrames.values), [mark])
    }
  }

  func testARootIBMarksMisplacedDoesNotGiveTheSceneItsSize() throws {
    // Stored 414 × 666 on an iPhone 8 Plus (736 tall), marked misplaced: the screen's size
    // stands, not the stale frame (DuckDuckGo's Feedback.storyboard stores such a root).
    var text = screenXib(device: "retina5_5", tools: "14460.31", width: 414, height: 666)
    text = text.replacingOccurrences(
      of: "<view contentMode=\"scaleToFill\" id=\"r-1\">",
      with: "<view contentMode=\"scaleToFill\" misplaced=\"YES\" id=\"r-1\">")
    let (scene, _) = try scene(text)
    XCTAssertEqual(scene.staleFrames["root"], "misplaced")
    XCTAssertEqual(scene.environment.containerSize, Size(width: 414, height: 736))
  }

  /// A navigation controller in a tab bar controller; its root shows `detail` with a button's
  /// show segue. `detailAttributes` go on the detail controller.
  func pushStoryboard(tools: String, detailAttributes: String = "", detailMetrics: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="t-sc"><objects>
                <tabBarController id="t-tc">
                    <connections><segue destination="n-nc" kind="relationship" relationship="viewControllers" id="s1"/></connections>
                </tabBarController>
            </objects></scene>
            <scene sceneID="n-sc"><objects>
                <navigationController id="n-nc">
                    <connections><segue destination="m-vc" kind="relationship" relationship="rootViewController" id="s2"/></connections>
                </navigationController>
            </objects></scene>
            <scene sceneID="m-sc"><objects>
                <viewController id="m-vc" customClass="Master">
                    <view key="view" id="m-rt">
                        <rect key="frame" x="0" y="0" width="375" height="667"/>
                        <subviews>
                            <button translatesAutoresizingMaskIntoConstraints="NO" id="m-bt">
                                <rect key="frame" x="0" y="0" width="50" height="30"/>
                                <connections><segue destination="d-vc" kind="show" id="s3"/></connections>
                            </button>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="m-sa"/>
                    </view>
                    <navigationItem key="navigationItem" title="Master" id="m-ni"/>
                </viewController>
            </objects></scene>
            <scene sceneID="d-sc"><objects>
                <viewController id="d-vc" customClass="Detail" \(detailAttributes)>
                    <view key="view" id="d-rt">
                        <rect key="frame" x="0" y="0" width="375" height="667"/>
                        <viewLayoutGuide key="safeArea" id="d-sa"/>
                    </view>
                    \(detailMetrics)
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """
  }

  func detailInsets(_ text: String) throws -> EdgeInsets {
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(
      Array(text.utf8), file: "push.storyboard", scene: "Detail")
    XCTAssertEqual(diagnostics, [])
    return try XCTUnwrap(scenes.first).environment.safeAreaInsets
  }

  func testAControllerPushedWithAShowSegueInheritsItsNavigationControllersBars() throws {
    // Xcode 9 on an iPhone 8: status bar 20 + navigation bar 44 = 64 at the top, the tab bar 49
    // at the bottom (the survey's "shown" rows: 64 over 49 in 12 scenes of Xcode 9 files).
    XCTAssertEqual(try detailInsets(pushStoryboard(tools: "13771")), EdgeInsets(top: 64, left: 0, bottom: 49, right: 0))
    // Xcode 11: no status bar, the navigation bar 44.
    XCTAssertEqual(try detailInsets(pushStoryboard(tools: "15705")), EdgeInsets(top: 44, left: 0, bottom: 49, right: 0))
    // hidesBottomBarWhenPushed: no tab bar.
    XCTAssertEqual(
      try detailInsets(pushStoryboard(tools: "13771", detailAttributes: "hidesBottomBarWhenPushed=\"YES\"")),
      EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
    // Explicit simulated metrics win.
    XCTAssertEqual(
      try detailInsets(
        pushStoryboard(tools: "13771", detailMetrics: "<nil key=\"simulatedTopBarMetrics\"/>")),
      EdgeInsets(top: 20, left: 0, bottom: 49, right: 0))
  }

  /// A xib with a top-level view of `width` × `height`: freeform and nobody's view, or File's
  /// Owner's view.
  func componentXib(
    tools: String, device: String = "retina4_7", width: Double, height: Double, freeform: Bool, owners: Bool
  )
    -> String
  {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="portrait"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                \(owners ? "<connections><outlet property=\"view\" destination=\"r-1\" id=\"o-1\"/></connections>" : "")
            </placeholder>
            <view contentMode="scaleToFill" id="r-1" customClass="Banner">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                <viewLayoutGuide key="safeArea" id="s-1"/>
                \(freeform ? "<freeformSimulatedSizeMetrics key=\"simulatedDestinationMetrics\"/>" : "")
            </view>
        </objects>
    </document>
    """
  }

  func testAFreeformOrOwnerlessViewSmallerThanTheScreenIsAComponent() throws {
    // A banner: freeform, 375 × 104. Up to Xcode 14 IB gives it no insets (the survey's "xib
    // freeform" rows: 0 and 0 in 37 scenes of Xcode 9 to 13); from Xcode 15 the screen's,
    // without bars (20 on an iPhone 8).
    let (old, _) = try scene(componentXib(tools: "14460.31", width: 375, height: 104, freeform: true, owners: false))
    XCTAssertTrue(old.isComponent)
    XCTAssertEqual(old.environment.containerSize, Size(width: 375, height: 104))
    XCTAssertEqual(old.environment.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    let (new, _) = try scene(componentXib(tools: "23504", width: 600, height: 44, freeform: true, owners: false))
    XCTAssertTrue(new.isComponent)
    XCTAssertEqual(new.environment.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    // Not freeform but nobody's view, smaller than the screen: a component too.
    let (card, _) = try scene(componentXib(tools: "14460.31", width: 300, height: 90, freeform: false, owners: false))
    XCTAssertTrue(card.isComponent)
    // File's Owner's view shrunk by simulated bars (375 × 603) is a screen.
    let (screen, _) = try scene(componentXib(tools: "14460.31", width: 375, height: 603, freeform: false, owners: true))
    XCTAssertFalse(screen.isComponent)
    // A custom view at the screen's size is laid out as a screen.
    let (full, _) = try scene(componentXib(tools: "14460.31", width: 375, height: 667, freeform: false, owners: false))
    XCTAssertFalse(full.isComponent)
  }

  func testANotchIPhonesComponentKeepsTheStatusBarsTopFromXcode11To13() throws {
    // Freeform components on notch iPhones saved by Xcode 11 to 13 are stored 44 below their
    // top edge's guides (SwiftKickMobile/SwiftMessages' CardView.xib, tools 17506, on an XR: a
    // view pinned to the root's top margin at y 44; element's LiveLocationSharingBannerView.xib,
    // 19529: a label at topMargin + 5 stored at y 49), with nothing at the bottom (that banner's
    // bottomMargin + 5 is stored 5 above its bottom edge); docs/import.md has the counts.
    let (xr, _) = try scene(
      componentXib(tools: "17506", device: "retina6_1", width: 414, height: 104, freeform: true, owners: false))
    XCTAssertTrue(xr.isComponent)
    XCTAssertEqual(xr.environment.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
    // Wider than the XR's 414-pt screen, the bottom's 34 as well: SwiftMessages' CardView.xib is
    // 510 wide and its content ends at bottomMargin, stored 34 above its bottom edge (its four
    // other banners, 434 to 600 wide, likewise); every component no wider than the screen whose
    // views are pinned to its safe area's bottom is stored flush with it (8 files of simplenote,
    // Mixin and element), a view controller's view as well as a plain one.
    let (wide, _) = try scene(
      componentXib(tools: "17506", device: "retina6_1", width: 510, height: 160, freeform: true, owners: false))
    XCTAssertEqual(wide.environment.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    let (narrow, _) = try scene(
      componentXib(tools: "18122", device: "retina6_1", width: 320, height: 522, freeform: true, owners: true))
    XCTAssertEqual(narrow.environment.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
    // A home-button iPhone has no status bar in those versions, and Xcode 14 gives a component none.
    let (eight, _) = try scene(componentXib(tools: "17506", width: 375, height: 104, freeform: true, owners: false))
    XCTAssertEqual(eight.environment.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    let (fourteen, _) = try scene(
      componentXib(tools: "21507", device: "retina6_1", width: 414, height: 104, freeform: true, owners: false))
    XCTAssertEqual(fourteen.environment.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
  }

  func testATopLevelCellIsASceneAndAHeaderFooterViewSaysWhyItHasNone() throws {
    for kind in ["tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView"] {
      let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
                <\(kind) contentMode="scaleToFill" id="c-1">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                </\(kind)>
            </objects>
        </document>
        """
      let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "cell.xib")
      if kind == "tableViewHeaderFooterView" {
        XCTAssertEqual(scenes.count, 0, kind)
        XCTAssertEqual(diagnostics.map(\.code), ["ib-cell"], kind)
        // Line 5: the document's start tag is one line (its `\` joins two).
        XCTAssertEqual(diagnostics.first?.location?.line, 5, kind)
        XCTAssertTrue(diagnostics.first?.message.contains("its table sizes it") == true, kind)
        continue
      }
      // A cell with no content view element is its own root, at its stored size, on no screen.
      XCTAssertEqual(diagnostics, [], kind)
      let scene = try XCTUnwrap(scenes.first, kind)
      XCTAssertTrue(scene.isCell && scene.isComponent, kind)
      XCTAssertEqual(scene.environment.containerSize, Size(width: 320, height: 44), kind)
      XCTAssertEqual(scene.environment.safeAreaInsets, .zero, kind)
    }
  }
}
