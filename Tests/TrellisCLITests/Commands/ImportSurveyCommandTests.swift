import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `import --check DIR` (the survey's instrument), `--check --output`, components in `solve` and
/// `matrix`, and text measured in `matrix`, on small documents written here by hand. Expected
/// lines and counts are worked out from each document below.
final class ImportSurveyCommandTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-survey-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func run(_ arguments: String...) -> Run { run(arguments) }

  private func run(_ arguments: [String]) -> Run {
    var out = ""
    var err = ""
    let status = CommandLineTool(pipeline: .standard, variables: [:]).run(
      arguments: arguments, stdout: &out, stderr: &err)
    return Run(status: status, stdout: out, stderr: err)
  }

  /// The matrix table's row for `device` in `orientation` (full screen), its cells split on spaces.
  private func row(_ table: String, _ device: String, _ orientation: String) -> String? {
    table.split(separator: "\n").map(String.init).first {
      $0.hasPrefix(device + " ") && $0.contains(" \(orientation) ") && $0.contains(" full ")
    }
  }

  private func write(_ text: String, _ name: String) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// One scene on an iPhone 8 (Xcode 14: status bar 20): a 120 × 80 box centred across 375, so
  /// solved at x (375 − 120) / 2 = 127.5, y 40; stored at `x`. `logoAttributes` go on the box,
  /// `rootExtra` inside the root view.
  func storyboard(x: Double, logoAttributes: String = "", rootExtra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="sc-1"><objects>
                <viewController id="vc-1" storyboardIdentifier="Splash">
                    <view key="view" id="rt-1">
                        <rect key="frame" x="0" y="0" width="375" height="667"/>
                        <subviews>
                            <view \(logoAttributes) translatesAutoresizingMaskIntoConstraints="NO" id="lg-1" userLabel="Logo">
                                <rect key="frame" x="\(x)" y="40" width="120" height="80"/>
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="sa-1"/>
                        \(rootExtra)
                        <constraints>
                            <constraint firstItem="lg-1" firstAttribute="centerX" secondItem="rt-1" secondAttribute="centerX" id="k-1"/>
                            <constraint firstItem="lg-1" firstAttribute="top" secondItem="rt-1" secondAttribute="top" constant="40" id="k-2"/>
                            <constraint firstItem="lg-1" firstAttribute="width" constant="120" id="k-3"/>
                            <constraint firstItem="lg-1" firstAttribute="height" constant="80" id="k-4"/>
                        </constraints>
                    </view>
                </viewController>
            </objects></scene>
        </scenes>
    </document>
    """
  }

  static let cell = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
            <tableViewHeaderFooterView contentMode="scaleToFill" id="ce-1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
            </tableViewHeaderFooterView>
        </objects>
    </document>
    """

  static let mac = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa">
        <objects/>
    </document>
    """

  func testCheckDirectorySortsTheDifferingScenesByCause() throws {
    // good: stored at 127.5, reproduces. wrong: stored at 100, differs, nothing marked or left
    // out. stale: the same, but IB marks the box misplaced. unsupported: the same, with a layout
    // guide the importer does not know (one ib-unsupported warning). Then a table's header view (no scene)
    // and a macOS xib (not imported). Files are listed sorted, in sub-folders too.
    try write(storyboard(x: 127.5), "a/good.storyboard")
    try write(storyboard(x: 100), "a/wrong.storyboard")
    try write(storyboard(x: 100, logoAttributes: "misplaced=\"YES\""), "b/stale.storyboard")
    try write(
      storyboard(x: 100, rootExtra: "<viewLayoutGuide key=\"somethingNew\" id=\"ng-1\"/>"), "b/unsupported.storyboard")
    try write(Self.cell, "c/cell.xib")
    try write(Self.mac, "c/mac.xib")
    try write("not IB", "c/notes.txt")
    let run = run("import", "--check", directory.path)
    XCTAssertEqual(run.status, 1, run.stderr)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = "Splash (sc-1) in iPhone 8 portrait (375x667, wC hR)"
    let logo = "    logo: stored (100, 40, 120, 80), solved (127.5, 40, 120, 80)"
    XCTAssertEqual(
      Array(lines.prefix(15)),
      [
        "a/good.storyboard: 1 scene",
        "  \(header): all 2 frames as stored",
        "a/wrong.storyboard: 1 scene",
        "  \(header): 1 of 2 frames differs by more than 1/2 pt",
        logo,
        "b/stale.storyboard: 1 scene",
        "  \(header): 1 of 2 frames differs by more than 1/2 pt (IB marks stored frames misplaced)",
        logo + " [misplaced in IB]",
        "b/unsupported.storyboard: 1 scene",
        "  \(header): 1 of 2 frames differs by more than 1/2 pt",
        logo,
        "c/cell.xib: no scene: top-level tableViewHeaderFooterView 'ce-1' is a table's header or footer view: its "
          + "table sizes it, so it is not laid out as a scene (table and collection cells are)",
        "c/mac.xib: not imported: this is a macOS (AppKit) document, not an iOS storyboard or xib; Trellis imports "
          + "UIKit layouts only [ib-not-ios]",
        "",
        "Summary: 6 files; 1 not imported (ib-not-ios 1); 1 with no scene to lay out (cells 1); 4 with 4 scenes.",
      ])
    XCTAssertEqual(
      Array(lines.dropFirst(15)),
      [
        "1 of 4 scenes reproduce every stored frame; 3 differ:",
        "  1 whose stored frames IB itself marks misplaced or ambiguous",
        "    b/stale.storyboard Splash",
        "  1 with features not imported (ib-unsupported 1 warnings)",
        "    b/unsupported.storyboard Splash",
        "  0 whose required constraints conflict (UIKit breaks one; IB stored another way)",
        "  1 whose frames Trellis gets wrong",
        "    a/wrong.storyboard Splash",
        // 4 scenes less the stale one: 3, of which the good one reproduces.
        "Of the 3 scenes whose stored frames IB does not mark stale, 1 reproduce every frame (33.3 %).",
        "",
      ])
  }

  func testCheckDirectoryCountsScenesWithViewsTheFileStoresNoFrameForApart() throws {
    // good: reproduces. frameless: the same scene, the logo's frame left out of the file (IB
    // writes none for a view it never laid out): the logo is not compared, the root is, so the
    // scene reproduces its one stored frame but is left out of the share. A view that keeps its
    // frame through its autoresizing mask and has none is at that zero frame, and compared.
    try write(storyboard(x: 127.5), "good.storyboard")
    try write(
      storyboard(x: 127.5).replacingOccurrences(
        of: "<rect key=\"frame\" x=\"127.5\" y=\"40\" width=\"120\" height=\"80\"/>", with: ""),
      "frameless.storyboard")
    try write(
      storyboard(x: 127.5).replacingOccurrences(
        of: "</subviews>", with: "<view fixedFrame=\"YES\" id=\"fx-1\" userLabel=\"Badge\"/></subviews>"),
      "zero.storyboard")
    let run = run("import", "--check", directory.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    let header = "Splash (sc-1) in iPhone 8 portrait (375x667, wC hR)"
    XCTAssertEqual(
      run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      [
        "frameless.storyboard: 1 scene",
        "  \(header): the 1 stored frame as stored",
        "    no frame in the file (never laid out in IB), so not compared: logo",
        "good.storyboard: 1 scene",
        "  \(header): all 2 frames as stored",
        "zero.storyboard: 1 scene",
        "  \(header): all 3 frames as stored",
        "",
        "Summary: 3 files; 0 not imported; 0 with no scene to lay out; 3 with 3 scenes.",
        "3 of 3 scenes reproduce every stored frame, 1 of them with views whose file stores no frame (never laid out "
          + "in IB; left out of the share below):",
        "    frameless.storyboard Splash",
        "0 differ:",
        "  0 whose stored frames IB itself marks misplaced or ambiguous",
        "  0 with features not imported",
        "  0 whose required constraints conflict (UIKit breaks one; IB stored another way)",
        "  0 whose frames Trellis gets wrong",
        // 3 scenes less the frameless one.
        "Of the 2 scenes whose stored frames IB neither marks stale nor leaves out, 2 reproduce every frame (100.0 %).",
        "",
      ])
  }

  func testImportMeasuresWithTheInterMetricUnlessTold() throws {
    // Two 14-pt buttons with content insets 16 and 6 sharing a fill-equally stack (spacing 10)
    // centred in a 300 × 100 component on an iPhone 8 (@2x), the shape of simplenote's
    // SPRatingsPromptView. The stack's share is measured. Inter's widths (BuiltinMetricsInter,
    // text design, weight 400, 2816 units per em) for "Right": R 1800, i 668, g 1716, h 1664,
    // t 1024 = 6872 → 34.165 pt, less SF's tracking at 14 pt (−11/1000 em: −0.154 a character)
    // = 33.395 → 33.5 on the pixel grid, + 32 = 65.5 → 66 in whole points; "Left" is narrower.
    // Its height: SF's line, (1950 + 494) / 2048 × 14 = 16.71 → 17, + 12 = 29. So the stack is
    // 2 × 66 + 10 = 142 wide at x (300 − 142) / 2 = 79, y (100 − 29) / 2 = 35.5, as stored. With
    // the fixed metric "Right" is 5 × 7 = 35 wide: 67.
    let xib = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
      targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
          <device id="retina4_7" orientation="portrait"/>
          <objects>
              <view contentMode="scaleToFill" id="rt-2">
                  <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                  <subviews>
                      <stackView distribution="fillEqually" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="st-2" userLabel="Buttons">
                          <rect key="frame" x="79" y="35.5" width="142" height="29"/>
                          <subviews>
                              <button translatesAutoresizingMaskIntoConstraints="NO" id="bl-2" userLabel="Left">
                                  <rect key="frame" x="0.0" y="0.0" width="66" height="29"/>
                                  <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                  <inset key="contentEdgeInsets" minX="16" minY="6" maxX="16" maxY="6"/>
                                  <state key="normal" title="Left"/>
                              </button>
                              <button translatesAutoresizingMaskIntoConstraints="NO" id="br-2" userLabel="Right">
                                  <rect key="frame" x="76" y="0.0" width="66" height="29"/>
                                  <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                  <inset key="contentEdgeInsets" minX="16" minY="6" maxX="16" maxY="6"/>
                                  <state key="normal" title="Right"/>
                              </button>
                          </subviews>
                      </stackView>
                  </subviews>
                  <constraints>
                      <constraint firstItem="st-2" firstAttribute="centerX" secondItem="rt-2" secondAttribute="centerX" id="k-21"/>
                      <constraint firstItem="st-2" firstAttribute="centerY" secondItem="rt-2" secondAttribute="centerY" id="k-22"/>
                  </constraints>
                  <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
              </view>
          </objects>
      </document>
      """
    try write(xib, "rating.xib")
    let path = directory.appendingPathComponent("rating.xib").path
    let inter = run("import", "--check", path)
    XCTAssertEqual(inter.status, 0, inter.stdout + inter.stderr)
    XCTAssertTrue(inter.stdout.hasSuffix(": all 4 frames as stored\n"), inter.stdout)
    let fixed = run("import", "--check", path, "--text-metric", "fixed")
    XCTAssertEqual(fixed.status, 1)
    XCTAssertTrue(fixed.stdout.contains("  right: stored (155, 35.5, 66, 29), solved ("), fixed.stdout)
    // Every command reading a .storyboard or .xib measures it so unless told: `solve` lays the
    // buttons out 66 wide, and 67 with `--text-metric fixed`.
    func rightRow(_ arguments: String...) -> String? {
      let solved = run(["solve", path] + arguments)
      return solved.stdout.split(separator: "\n").map(String.init).first { $0.hasPrefix("    right ") }
    }
    XCTAssertEqual(
      rightRow()?.split(separator: " ").map(String.init), ["right", "button", "155", "35.5", "66", "29", "no"])
    XCTAssertEqual(
      rightRow("--text-metric", "fixed")?.split(separator: " ").map(String.init),
      ["right", "button", "155", "35.5", "67", "29", "no"])
  }

  func testCheckDirectoryCountsCellScenesApart() throws {
    // cells.xib's two cells reproduce (its header works them out); the same MessageCell with its
    // avatar stored 10 pt right of where its constraints put it (x 16) differs.
    let fixture = FixturePaths.fixtures.appendingPathComponent("import/cells.xib")
    let text = try String(contentsOf: fixture, encoding: .utf8)
    try write(text, "good/cells.xib")
    try write(
      text.replacingOccurrences(
        of: "<rect key=\"frame\" x=\"16\" y=\"12\" width=\"40\" height=\"40\"/>",
        with: "<rect key=\"frame\" x=\"26\" y=\"12\" width=\"40\" height=\"40\"/>"), "off/cells.xib")
    let run = run("import", "--check", directory.path)
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(
      run.stdout.contains("MessageCell (cel-mc-001) in iPhone 8 portrait (375x64, wC hR, a cell in a 375-pt table)"),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("    avatarView: stored (26, 12, 40, 40), solved (16, 12, 40, 40)\n"), run.stdout)
    // 4 scenes, all cells; none marked stale; 3 reproduce.
    XCTAssertTrue(
      run.stdout.hasSuffix(
        "Of the 4 scenes whose stored frames IB does not mark stale, 3 reproduce every frame (75.0 %).\n"
          + "Of them, 4 are cells: of the 4 whose stored frames IB does not mark stale, 3 reproduce every frame "
          + "(75.0 %).\n"), run.stdout)
  }

  func testCheckDirectoryRefusesOutputAndAnEmptyFolder() throws {
    var result = run("import", "--check", directory.path)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("holds no .storyboard or .xib file"), result.stderr)
    try write(storyboard(x: 127.5), "good.storyboard")
    result = run("import", "--check", directory.path, "--output", directory.appendingPathComponent("out").path)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("--check DIR takes neither --output nor --scene"), result.stderr)
  }

  func testCheckWithOutputWritesTheLayoutsAndTheManifestToo() throws {
    try write(storyboard(x: 100), "wrong.storyboard")
    let out = directory.appendingPathComponent("out")
    let run = run("import", directory.appendingPathComponent("wrong.storyboard").path, "--check", "--output", out.path)
    // The check still fails (the box is stored 27.5 pt off), and both files are written.
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stdout.contains("1 of 2 frames differ"), run.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("Splash.json").path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("wrong.manifest.json").path))
  }

  /// A freeform banner xib on an iPhone 8, `width` × 104, nobody's view: a label pinned 16 from
  /// each side, centred vertically.
  func banner(width: Double) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="bn-1" customClass="Banner">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="104"/>
                <subviews>
                    <label text="Saved" translatesAutoresizingMaskIntoConstraints="NO" id="tx-1" userLabel="Text">
                        <rect key="frame" x="16" y="42" width="\(width - 32)" height="20"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <viewLayoutGuide key="safeArea" id="sa-1"/>
                <constraints>
                    <constraint firstItem="tx-1" firstAttribute="leading" secondItem="bn-1" secondAttribute="leading" constant="16" id="k-1"/>
                    <constraint firstAttribute="trailing" secondItem="tx-1" secondAttribute="trailing" constant="16" id="k-2"/>
                    <constraint firstItem="tx-1" firstAttribute="centerY" secondItem="bn-1" secondAttribute="centerY" id="k-3"/>
                </constraints>
                <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
        </objects>
    </document>
    """
  }

  func testAComponentIsLaidOutAtItsStoredSizeNotFullScreen() throws {
    try write(banner(width: 375), "banner.xib")
    try write(banner(width: 300), "card.xib")
    let banner = directory.appendingPathComponent("banner.xib").path
    let card = directory.appendingPathComponent("card.xib").path
    // As wide as its screen (375 on an iPhone 8): each device's width, its own height, and
    // nothing is outside a safe area it is not on.
    var result = run("matrix", banner, "--devices", "iphone")
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertEqual(row(result.stdout, "iPhone SE (1st gen)", "portrait")?.contains(" 320x104 "), true, result.stdout)
    XCTAssertEqual(row(result.stdout, "iPhone SE (1st gen)", "landscape")?.contains(" 568x104 "), true, result.stdout)
    XCTAssertFalse(result.stdout.contains("outside safe area"), result.stdout)
    // Narrower than its screen: its own 300 × 104 everywhere.
    result = run("matrix", card, "--devices", "iphone")
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertEqual(row(result.stdout, "iPhone SE (1st gen)", "landscape")?.contains(" 300x104 "), true, result.stdout)
    XCTAssertFalse(result.stdout.contains("568x"), result.stdout)
    // solve on a chosen screen: the banner at that screen's width, 104 tall, the label 16 in.
    result = run("solve", banner, "--device", "iPhone 12", "--format", "table")
    XCTAssertEqual(result.status, 0, result.stderr)
    let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    XCTAssertEqual(
      rows.first { $0.first == "root" }.map { Array($0.dropFirst(2).prefix(4)) }, ["0", "0", "390", "104"])
    XCTAssertEqual(rows.first { $0.first == "text" }.map { Array($0.dropFirst(2).prefix(3)) }, ["16", "42", "358"])
  }

  func testValidateSolvesAComponentAtItsOwnSize() throws {
    // A 300-wide card whose label is pinned to both sides and 268 wide (300 − 16 − 16), required:
    // at any screen's width (320, 375, …) those constraints could not all hold; at its own they do.
    var text = banner(width: 300)
    text = text.replacingOccurrences(
      of: "id=\"k-3\"/>",
      with: "id=\"k-3\"/>\n<constraint firstItem=\"tx-1\" firstAttribute=\"width\" constant=\"268\" id=\"k-4\"/>")
    XCTAssertTrue(text.contains("k-4"))
    try write(text, "card.xib")
    let result = run("validate", directory.appendingPathComponent("card.xib").path)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertFalse(result.stdout.contains("unsatisfiable"), result.stdout)
  }

  /// One screen (iPhone 8, Xcode 14) with a label "Hi" stored 355 wide (stretched by a
  /// constraint IB no longer has), pinned 10 from the leading edge and at least 10 from the trailing.
  static let stretched = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
    targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                <connections><outlet property="view" destination="rt-1" id="o-1"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="rt-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <label text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="tx-1" userLabel="Greeting">
                        <rect key="frame" x="10" y="100" width="355" height="20"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <viewLayoutGuide key="safeArea" id="sa-1"/>
                <constraints>
                    <constraint firstItem="tx-1" firstAttribute="leading" secondItem="rt-1" secondAttribute="leading" constant="10" id="k-1"/>
                    <constraint firstAttribute="trailing" relation="greaterThanOrEqual" secondItem="tx-1" secondAttribute="trailing" constant="10" id="k-2"/>
                    <constraint firstItem="tx-1" firstAttribute="top" secondItem="rt-1" secondAttribute="top" constant="100" id="k-3"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

  func testMatrixMeasuresTextInsteadOfTakingTheStoredFrame() throws {
    try write(Self.stretched, "stretched.xib")
    let path = directory.appendingPathComponent("stretched.xib").path
    // Measured (matrix's default), "Hi" is far narrower than the 300 pt an iPhone SE leaves it.
    var result = run("matrix", path, "--devices", "iphone")
    XCTAssertFalse(result.stdout.contains("text truncated"), result.stdout)
    // The stored frame as intrinsic size asks for 355 on the SE's 320 − 20: truncated there.
    result = run("matrix", path, "--devices", "iphone", "--intrinsic", "stored")
    XCTAssertEqual(
      row(result.stdout, "iPhone SE (1st gen)", "portrait")?.contains(" text truncated "), true, result.stdout)
    // solve: the stored size by default (exact where IB laid it out), measured with --intrinsic fonts.
    result = run("solve", path, "--format", "table")
    XCTAssertTrue(result.stdout.contains("  greeting  label  10  100    355      20  no"), result.stdout)
    result = run("solve", path, "--format", "table", "--intrinsic", "fonts")
    let width = result.stdout.split(separator: "\n").first { $0.hasPrefix("  greeting") }?
      .split(separator: " ").dropFirst(4).first.flatMap { Double($0) }
    XCTAssertLessThan(try XCTUnwrap(width, result.stdout), 40)
  }

  func testANoteOnAFontMeasuredApproximatelyDoesNotMarkAnEnvironment() throws {
    // The same card, its label in Arial Bold 28 (a font iOS ships, measured from its carried
    // metrics with approximate widths: a text-approximate-font note). A note says nothing of an
    // environment's frames: no row reads "text truncated" (the landscape rows that fail do so
    // for the card's own layout, outside the notch's safe area, as with the system font).
    let arial = Self.stretched.replacingOccurrences(
      of: #"type="system" pointSize="17""#, with: #"name="Arial-BoldMT" family="Arial" pointSize="28""#)
    XCTAssertNotEqual(arial, Self.stretched)
    try write(arial, "arial.xib")
    let result = run("matrix", directory.appendingPathComponent("arial.xib").path, "--devices", "iphone")
    XCTAssertFalse(result.stdout.contains("text truncated"), result.stdout)
    XCTAssertEqual(row(result.stdout, "iPhone SE (1st gen)", "portrait")?.contains(" ok"), true, result.stdout)
  }
}
