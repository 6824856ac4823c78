import Foundation
import TrellisTestSupport
import XCTest

/// `trellis preview` of several layouts on one page (issue 34, "preview lists cells beside
/// screens"): a storyboard's scenes and prototype cells, or several files, behind a scene picker
/// that lists the screens, then the cells.
final class PreviewScenesTests: TemporaryDirectoryTestCase {
  /// Tests/Fixtures/import/prototype-cells.storyboard: two screens (a table view controller,
  /// ListViewController, with the prototypes Basic and Tall; a view controller,
  /// SettingsViewController, whose grouped table has the prototype Setting). Its header comment
  /// works out the stored frames.
  private let storyboard = FixturePaths.fixtures.appendingPathComponent("import/prototype-cells.storyboard").path

  private func scenes(_ data: [String: Any]) -> [String] {
    (data["scenes"] as? [[String: Any]] ?? []).map { "\($0["kind"] as? String ?? "?") \($0["name"] as? String ?? "?")" }
  }

  func testAStoryboardsScreensAndCellsShareOnePageScreensFirst() throws {
    let run = realTrellis(["preview", storyboard, "--devices", "iphone"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let data = try embeddedData(run.stdout)
    // Screens in file order, then the cells in file order (Basic and Tall in the first scene's
    // table, Setting in the second's).
    XCTAssertEqual(
      scenes(data),
      ["screen ListViewController", "screen SettingsViewController", "cell Basic", "cell Tall", "cell Setting"])
    XCTAssertTrue(run.stdout.contains("<label id=\"scene-picker\">Scene <select id=\"scene\">"), "the picker shows")
    let environments = try XCTUnwrap(data["environments"] as? [[String: Any]])
    // Every scene on the 35 iPhones in two orientations.
    XCTAssertEqual(environments.count, 5 * 70)
    for scene in 0..<5 {
      XCTAssertEqual(environments.filter { $0["scene"] as? Double == Double(scene) }.count, 70, "scene \(scene)")
    }
    // The screens say no cell; every cell environment says its row and table.
    XCTAssertTrue(environments.filter { ($0["scene"] as? Double ?? 0) < 2 }.allSatisfy { $0["cell"] is NSNull })

    // Tall on the iPhone SE (1st gen) in portrait: a plain table as wide as the 320-pt screen (no
    // safe-area sides in portrait), the stored row height 88 kept (`rowHeight="88"`, not
    // automatic); its panel is pinned to the content view's margins: 16 at the sides (the
    // system minimum on a compact width), 11 at the top, 10.5 at the bottom (Xcode 10.1's cells,
    // the fixture's comment): (16, 11, 320 − 32, 88 − 11 − 10.5).
    let tall = try XCTUnwrap(
      environments.first {
        $0["scene"] as? Double == 3 && $0["device"] as? String == "iPhone SE (1st gen)"
          && $0["orientation"] as? String == "portrait"
      })
    XCTAssertEqual(tall["cell"] as? String, "cell: row height 88 pt, fixed; in a 320-pt-wide table")
    let views = try XCTUnwrap(tall["views"] as? [[String: Any]])
    XCTAssertEqual(views.first { $0["id"] as? String == "root" }?["frame"] as? [Double], [0, 0, 320, 88])
    XCTAssertEqual(views.first { $0["id"] as? String == "panel" }?["frame"] as? [Double], [16, 11, 288, 66.5])
  }

  func testSceneLeavesOneScene() throws {
    let run = realTrellis(["preview", storyboard, "--devices", "iphone", "--scene", "Tall"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let data = try embeddedData(run.stdout)
    XCTAssertEqual(scenes(data), ["cell \(storyboard)"])
    XCTAssertTrue(run.stdout.contains("<label id=\"scene-picker\" hidden>"), "one scene: no picker")
  }

  func testSeveralFilesMakeOnePageNamedByTheirPaths() throws {
    let cell = FixturePaths.layouts.appendingPathComponent("message-cell.json").path
    let screen = FixturePaths.layouts.appendingPathComponent("concentration.json").path
    let output = directory.appendingPathComponent("page.html").path
    // The cell first on the command line: the picker still lists the screen first.
    let run = realTrellis(["preview", cell, screen, "--devices", "iphone", "--output", output])
    XCTAssertEqual(run.status, 0, run.stderr)
    let data = try embeddedData(try String(contentsOfFile: output, encoding: .utf8))
    XCTAssertEqual(scenes(data), ["screen \(screen)", "cell \(cell)"])
    XCTAssertEqual(data["title"] as? String, "2 files")
    XCTAssertTrue(run.stderr.hasPrefix("wrote \(output): 2 scenes (1 screen, 1 cell), 140 environments, "), run.stderr)
  }

  func testSceneWithSeveralFilesIsAUsageError() {
    let cell = FixturePaths.layouts.appendingPathComponent("message-cell.json").path
    let run = realTrellis(["preview", storyboard, cell, "--scene", "Tall"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("--scene picks a scene of one file"), run.stderr)
    XCTAssertEqual(run.stdout, "")
  }

  /// A scene that cannot be imported (here the settings screen, whose table is given its root
  /// view's id) is left out with its error; the other scenes make the page.
  func testASceneWithErrorsIsLeftOutAndSaidSo() throws {
    var text = try String(contentsOfFile: storyboard, encoding: .utf8)
    XCTAssertNotNil(text.range(of: "id=\"pcl-tv-002\""))
    text = text.replacingOccurrences(of: "id=\"pcl-tv-002\"", with: "id=\"pcl-rt-001\"")
    let broken = directory.appendingPathComponent("broken.storyboard").path
    try text.write(toFile: broken, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("page.html").path
    let run = realTrellis(["preview", broken, "--devices", "iphone", "--output", output])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stderr.contains("[ib-duplicate-id]"), run.stderr)
    XCTAssertTrue(
      run.stderr.contains("left out for errors: the scenes of \(broken) with the errors above."), run.stderr)
    let data = try embeddedData(try String(contentsOfFile: output, encoding: .utf8))
    XCTAssertEqual(scenes(data), ["screen ListViewController", "cell Basic", "cell Tall", "cell Setting"])
  }
}
