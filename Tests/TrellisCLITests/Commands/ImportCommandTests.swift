import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `trellis import` on the hand-written fixtures of Tests/Fixtures/import, through the real
/// importer, reader and engine. Expected frames and environments are the ones each fixture's
/// header works out by hand.
final class ImportCommandTests: XCTestCase {
  static let folder = FixturePaths.fixtures.appendingPathComponent("import")
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-import-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  static func fixture(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func run(_ arguments: String...) -> Run {
    var out = ""
    var err = ""
    let status = CommandLineTool(pipeline: .standard, variables: [:]).run(
      arguments: arguments, stdout: &out, stderr: &err)
    return Run(status: status, stdout: out, stderr: err)
  }

  private func json(at path: String) throws -> [String: Any] {
    let data = try XCTUnwrap(FileManager.default.contents(atPath: path), path)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  // MARK: One scene printed

  func testImportPrintsTheOneSceneAsALayoutThatReadsBack() throws {
    let run = run("import", Self.fixture("image.storyboard"))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let read = LayoutReader.parse(run.stdout, file: "printed.json")
    XCTAssertEqual(read.diagnostics, [])
    let document = try XCTUnwrap(read.document)
    XCTAssertEqual(document.allViews.map(\.id), ["root", "logo", "mark"])
    XCTAssertEqual(document.allViews[1].kind, .image)
    XCTAssertEqual(document.allViews[1].intrinsicWidth, 120, "from <resources>")
    XCTAssertEqual(
      document.constraints.map(\.id), ["ib_img_c1_001", "ib_img_c2_001", "ib_img_c3_001", "ib_img_c4_001"])
  }

  // MARK: --output

  /// guides.storyboard: iPhone 8 portrait, tools 13771, under a navigation bar: safe area top
  /// 20 + 44 = 64; banner (0, 72, 375, 50), footer (20, 617, 335, 40) (the fixture's header).
  func testOutputWritesTheLayoutAndAManifest() throws {
    let run = run("import", Self.fixture("guides.storyboard"), "--output", directory.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "")
    let layoutPath = directory.appendingPathComponent("InboxViewController.json").path
    let manifestPath = directory.appendingPathComponent("guides.manifest.json").path
    XCTAssertEqual(run.stderr, "wrote \(layoutPath)\nwrote \(manifestPath)\n")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["InboxViewController.json", "guides.manifest.json"])

    let manifest = try json(at: manifestPath)
    XCTAssertEqual(manifest["source"] as? String, Self.fixture("guides.storyboard"))
    let scenes = try XCTUnwrap(manifest["scenes"] as? [[String: Any]])
    XCTAssertEqual(scenes.count, 1)
    let scene = scenes[0]
    XCTAssertEqual(scene["sceneID"] as? String, "gde-sc-001")
    XCTAssertEqual(scene["layout"] as? String, "InboxViewController.json")
    XCTAssertEqual(scene["device"] as? String, "iPhone 8")
    XCTAssertEqual(scene["deviceSource"] as? String, "retina4_7")
    XCTAssertEqual(scene["orientation"] as? String, "portrait")
    XCTAssertEqual(scene["size"] as? [String: Double], ["width": 375, "height": 667])
    XCTAssertEqual(scene["traits"] as? [String: String], ["horizontal": "compact", "vertical": "regular"])
    XCTAssertEqual(scene["scale"] as? Double, 2)
    XCTAssertEqual(scene["safeArea"] as? [String: Double], ["top": 64, "left": 0, "bottom": 0, "right": 0])
    XCTAssertEqual(scene["safeAreaSource"] as? String, "device and simulated bars")
    let stored = try XCTUnwrap(scene["storedFrames"] as? [String: [Double]])
    XCTAssertEqual(stored["root"], [0, 0, 375, 667])
    XCTAssertEqual(stored["banner"], [0, 72, 375, 50])
    XCTAssertEqual(stored["footer"], [20, 617, 335, 40])
    XCTAssertEqual(stored.count, 3)
    let ids = try XCTUnwrap(scene["ids"] as? [[String: String]])
    XCTAssertEqual(ids.first, ["ib": "gde-tg-001", "trellis": "topLayoutGuide"], "the guides first, in document order")
    XCTAssertTrue(ids.contains(["ib": "gde-bn-001", "trellis": "banner"]))
    XCTAssertTrue(ids.contains(["ib": "gde-c5-001", "trellis": "ib_gde_c5_001"]))

    try assertWrittenLayoutSolvesToItsStoredFrames(layoutPath, scene)
  }

  /// A file with two scenes writes two layouts; each reads back and solves to its stored frames.
  func testOutputWritesEveryScene() throws {
    let run = run("import", Self.fixture("owner.xib"), "--output", directory.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    let manifest = try json(at: directory.appendingPathComponent("owner.manifest.json").path)
    let scenes = try XCTUnwrap(manifest["scenes"] as? [[String: Any]])
    XCTAssertEqual(scenes.compactMap { $0["layout"] as? String }, ["own-tp-001.json", "own-xx-001.json"])
    XCTAssertEqual(
      scenes.compactMap { $0["size"] as? [String: Double] },
      [["width": 320, "height": 100], ["width": 100, "height": 50]])
    let first = try XCTUnwrap(scenes.first?["storedFrames"] as? [String: [Double]])
    XCTAssertEqual(first["nameLabel"], [96, 39.5, 41, 21])
    for scene in scenes {
      let name = try XCTUnwrap(scene["layout"] as? String)
      try assertWrittenLayoutSolvesToItsStoredFrames(directory.appendingPathComponent(name).path, scene)
    }
  }

  /// Every fixture's scenes written with --output read back and solve to their stored frames.
  func testEveryFixturesWrittenLayoutsReadBackAndSolveToTheirStoredFrames() throws {
    let names = [
      "autoresizing.xib", "cards.storyboard", "constraints.storyboard", "guides.storyboard", "image.storyboard",
      "margins-scroll.storyboard",
      "owner.xib", "sizeclasses.storyboard", "table.storyboard", "cells.xib", "collection-cell.xib",
      "prototype-cells.storyboard", "cell-xcode11.xib",
    ]
    for name in names {
      let output = directory.appendingPathComponent(name)
      let run = run("import", Self.fixture(name), "--output", output.path)
      XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
      let base = (name as NSString).deletingPathExtension
      let manifest = try json(at: output.appendingPathComponent(base + ".manifest.json").path)
      let scenes = try XCTUnwrap(manifest["scenes"] as? [[String: Any]], name)
      XCTAssertFalse(scenes.isEmpty, name)
      for scene in scenes {
        let layout = try XCTUnwrap(scene["layout"] as? String, name)
        try assertWrittenLayoutSolvesToItsStoredFrames(output.appendingPathComponent(layout).path, scene)
      }
    }
  }

  /// Reads the written layout with the JSON reader (no diagnostics at all), solves it in the
  /// manifest's environment, snapped, and compares every frame with the manifest's stored one.
  private func assertWrittenLayoutSolvesToItsStoredFrames(
    _ path: String, _ scene: [String: Any], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let text = try XCTUnwrap(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
    let read = LayoutReader.parse(text, file: path)
    // UIKit's autoresizing puts a multiplier on a location (`left == 0.1 * root.right`), which a
    // file may hold with this warning; nothing else is said.
    XCTAssertEqual(read.diagnostics.filter { $0.code != "location-multiplier" }, [], file: file, line: line)
    let document = try XCTUnwrap(read.document, file: file, line: line)
    let size = try XCTUnwrap(scene["size"] as? [String: Double])
    let traits = try XCTUnwrap(scene["traits"] as? [String: String])
    let insets = try XCTUnwrap(scene["safeArea"] as? [String: Double])
    let scale = try XCTUnwrap(scene["scale"] as? Double)
    var environment = Environment(
      containerSize: Size(width: size["width"] ?? 0, height: size["height"] ?? 0),
      traits: TraitCollection(
        horizontal: SizeClass(rawValue: traits["horizontal"] ?? "") ?? .regular,
        vertical: SizeClass(rawValue: traits["vertical"] ?? "") ?? .regular),
      safeAreaInsets: EdgeInsets(
        top: insets["top"] ?? 0, left: insets["left"] ?? 0, bottom: insets["bottom"] ?? 0, right: insets["right"] ?? 0),
      scale: scale)
    // A cell's content view is laid out in its table, as the manifest says.
    if let cell = scene["cell"] as? [String: Any] {
      let hostWidth = try XCTUnwrap(cell["hostWidth"] as? Double, file: file, line: line)
      environment.cell = CellContext(
        hostWidth: hostWidth, fitsHeight: cell["fitsHeight"] as? Bool ?? false,
        isTableCell: cell["table"] as? Bool ?? true,
        accessory: CellSpec.Accessory(rawValue: cell["accessory"] as? String ?? "") ?? .none,
        sideMargin: cell["sideMargin"] as? Double)
    }
    let result = LayoutEngine(document: document).layout(in: environment, snapToPixels: true)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [], file: file, line: line)
    let stored = try XCTUnwrap(scene["storedFrames"] as? [String: [Double]])
    // Every view laid out has a stored frame (a view not installed here, like sizeclasses'
    // promo in wC hR, has a stored frame but no result).
    XCTAssertTrue(
      Set(result.views.map(\.id)).isSubset(of: stored.keys), "\(result.views.map(\.id))", file: file, line: line)
    for view in result.views {
      let frame = try XCTUnwrap(stored[view.id], file: file, line: line)
      assertFrame(
        view.frame, frame[0], frame[1], frame[2], frame[3], view.id, accuracy: 1 / scale + 1e-9, file: file, line: line)
    }
  }

  // MARK: --check

  func testCheckPassesOnEveryFixture() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { ($0.hasSuffix(".storyboard") || $0.hasSuffix(".xib")) && !$0.hasPrefix("wrong-") }.sorted()
    XCTAssertEqual(
      names,
      [
        "autoresizing.xib", "button-content.xib", "cards.storyboard", "cell-xcode11.xib", "cells.xib",
        "collection-cell.xib", "constraints.storyboard", "design-time-sizes.xib", "designables-hidden-ends.xib",
        "fill-equally-rows.storyboard",
        "guides.storyboard",
        "image.storyboard",
        "margins-scroll.storyboard", "margins-stacks.storyboard", "mini-player.xib", "owner.xib",
        "placeholder-constraints.storyboard", "progress-bar.xib", "prototype-cells.storyboard",
        "sizeclasses.storyboard", "switches-stack-margins.storyboard",
        "table.storyboard", "view-safe-area.storyboard",
      ])
    for name in names {
      let run = run("import", Self.fixture(name), "--check")
      XCTAssertEqual(run.status, 0, "\(name): \(run.stdout)\(run.stderr)")
      XCTAssertTrue(run.stdout.contains(" as stored\n"), name)
      XCTAssertFalse(run.stdout.contains("differ"), name)
    }
    // One line per scene: owner.xib has two.
    let owner = run("import", Self.fixture("owner.xib"), "--check")
    XCTAssertEqual(
      owner.stdout,
      """
      own-tp-001 (own-tp-001) in iPhone 8 portrait (320x100, wC hR): all 5 frames as stored
      own-xx-001 (own-xx-001) in iPhone 8 portrait (100x50, wC hR): the 1 frame as stored

      """)
  }

  /// designables-hidden-ends.xib (its header): the two hidden views at the row's ends are
  /// stored at the row's start (x 20) and solved half a spacing (4) outside the title, at 16 and
  /// 20 + 280 + 4 = 304; their position along the row is listed, not compared, so the scene
  /// passes.
  func testCheckListsButDoesNotCompareWhereHiddenViewsAtAStacksEndsLie() {
    let run = run("import", Self.fixture("designables-hidden-ends.xib"), "--check")
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stdout,
      """
      dhe-rt-001 (dhe-rt-001) in iPhone 8 portrait (320x200, wC hR): all 7 frames as stored
        badge: hidden at a stack's end, its position along the stack not compared (stored (20, 70, 0, 30), solved (16, 70, 0, 30))
        chip: hidden at a stack's end, its position along the stack not compared (stored (20, 70, 0, 30), solved (304, 70, 0, 30))

      """)
    // Its size is still compared: stored 10 wide, it differs (UISV-hiding makes it 0).
    let url = URL(fileURLWithPath: Self.fixture("designables-hidden-ends.xib"))
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    // The first `width="0.0"` after the chip's element is its stored width.
    var wide = text
    if let chip = wide.range(of: "userLabel=\"Chip\">"),
      let width = wide.range(of: "width=\"0.0\"", range: chip.upperBound..<wide.endIndex)
    {
      wide.replaceSubrange(width, with: "width=\"10\"")
    }
    XCTAssertNotEqual(wide, text)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("wide.xib").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(wide.utf8)))
    let wideRun = self.run("import", path, "--check")
    XCTAssertEqual(wideRun.status, 1)
    XCTAssertTrue(
      wideRun.stdout.contains("  chip: stored (20, 70, 10, 30), solved (304, 70, 0, 30)\n"), wideRun.stdout)
  }

  /// wrong-frame.storyboard stores the logo at x 100; it is solved at 127.5 (its header).
  func testCheckFailsOnAWrongStoredFrameAndPrintsIt() {
    let run = run("import", Self.fixture("wrong-frame.storyboard"), "--check")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stdout,
      """
      WrongSplash (img-sc-001) in iPhone 8 portrait (375x667, wC hR): 1 of 3 frames differs by more than 1/2 pt
        logo: stored (100, 40, 120, 80), solved (127.5, 40, 120, 80)

      """)
    XCTAssertEqual(run.stderr, "the 1 scene differs from its stored frames.\n")

    // As a GitHub annotation: at the logo's element (line 17, its '<' at column 29), the same
    // frames and tolerance.
    let github = self.run("import", Self.fixture("wrong-frame.storyboard"), "--check", "--format", "github")
    XCTAssertEqual(github.status, 1)
    XCTAssertEqual(
      github.stdout,
      "::error file=\(Self.fixture("wrong-frame.storyboard")),line=17,col=29,title=trellis frame differs from IB::"
        + "WrongSplash: 'logo' is stored at (100, 40, 120, 80) and solved at (127.5, 40, 120, 80) in iPhone 8 "
        + "portrait (375x667, wC hR) (more than 1/2 pt apart)\n")
    XCTAssertEqual(self.run("import", Self.fixture("wrong-frame.storyboard"), "--format", "github").status, 64)
  }

  // MARK: --scene

  func testSceneChoosesOneSceneOfSeveral() throws {
    let run = run("import", Self.fixture("owner.xib"), "--scene", "own-xx-001")
    XCTAssertEqual(run.status, 0, run.stderr)
    let document = try XCTUnwrap(LayoutReader.parse(run.stdout, file: "printed.json").document)
    XCTAssertEqual(document.allViews.map(\.id), ["root"])
    XCTAssertEqual(document.constraints.count, 0)

    let byClass = self.run("import", Self.fixture("guides.storyboard"), "--scene", "InboxViewController")
    XCTAssertEqual(byClass.status, 0, byClass.stderr)
    XCTAssertTrue(byClass.stdout.contains("\"id\": \"banner\""))
  }

  func testAnUnknownSceneListsTheScenes() {
    let run = run("import", Self.fixture("owner.xib"), "--scene", "nope")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(
      run.stderr.contains(
        "error: no scene 'nope' in this file; its scenes are: own-tp-001, own-xx-001 [ib-no-scene]"), run.stderr)
    XCTAssertTrue(run.stderr.hasSuffix("Error: '\(Self.fixture("owner.xib"))' could not be imported.\n"), run.stderr)
  }

  func testSeveralScenesWithoutOutputOrSceneIsAnError() {
    let run = run("import", Self.fixture("owner.xib"))
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.contains("has 2 scenes (own-tp-001, own-xx-001)"), run.stderr)
  }

  // MARK: Errors

  func testAMissingFileIsAnError() {
    let path = directory.appendingPathComponent("missing.storyboard").path
    let run = run("import", path)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    // The same sentence as for a missing layout file: one opener for every front end.
    XCTAssertTrue(run.stderr.contains("error: cannot read '\(path)': no such file [unreadable-file]"), run.stderr)
  }

  func testADirectoryWithoutCheckIsAnError() {
    let run = run("import", Self.folder.path)
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.contains("is a directory: give --check to check every file in it, or a file"), run.stderr)
  }

  func testOutputOntoAnExistingFileIsAnErrorAndWritesNothing() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("taken")
    try Data("keep".utf8).write(to: file)
    let run = run("import", Self.fixture("image.storyboard"), "--output", file.path)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stderr, "Error: --output '\(file.path)' is a file; give a directory.\n")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["taken"])
  }

  func testAHostileFileIsALocatedErrorThroughTheCommand() {
    let path = Self.folder.appendingPathComponent("hostile/billion-laughs.storyboard").path
    let run = run("import", path)
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.hasPrefix("\(path):2:1: error: the file declares a document type"), run.stderr)
  }
}
