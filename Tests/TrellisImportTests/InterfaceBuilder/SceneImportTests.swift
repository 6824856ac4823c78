import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Storyboards written for these tests in Interface Builder's format (Tests/Fixtures/import),
/// imported and solved in the environment IB used; each file's header works its frames out.
final class SceneImportTests: XCTestCase {
  static let folder = FixturePaths.fixtures.appendingPathComponent("import")

  func importFile(_ name: String, scene: String? = nil) throws -> (ImportedScene, [Diagnostic]) {
    let (scenes, diagnostics) = InterfaceBuilderImporter.read(
      contentsOf: Self.folder.appendingPathComponent(name).path, scene: scene)
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
    return (try XCTUnwrap(scenes.first), diagnostics)
  }

  func testTheCardsSceneImportsWithItsNamesMasksAndEnvironment() throws {
    let (scene, diagnostics) = try importFile("cards.storyboard")
    XCTAssertEqual(diagnostics.map(\.code), ["ib-placeholder"], "the placeholder constraint, kept with a note")
    XCTAssertEqual(scene.sceneID, "sc1-aa-bbb")
    XCTAssertEqual(scene.name, "CardsViewController")
    XCTAssertEqual(
      scene.document.allViews.map(\.id), ["root", "cardGrid", "cardButtons_1", "cardButtons_2", "flipCountLabel"])
    XCTAssertEqual(scene.environment.deviceName, "iPhone 8")
    XCTAssertEqual(scene.environment.containerSize, Size(width: 375, height: 667))
    XCTAssertEqual(scene.environment.scale, 2)
    XCTAssertEqual(scene.environment.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    XCTAssertEqual(scene.storedFrames["cardButtons_2"], Rect(x: 16, y: 28 + 154, width: 343, height: 146))

    let grid = try XCTUnwrap(scene.document.allViews.first { $0.id == "cardGrid" })
    XCTAssertEqual(grid.stack?.axis.base, .vertical)
    XCTAssertEqual(grid.stack?.distribution.base, .fillEqually)
    XCTAssertEqual(grid.stack?.spacing.base, 8)
    let label = try XCTUnwrap(scene.document.allViews.first { $0.id == "flipCountLabel" })
    XCTAssertEqual(label.text?.base, "Flips: 0")
    XCTAssertEqual(label.fontSize.base, 40)
    XCTAssertEqual(label.hidden.resolved(for: wChC), true)
    XCTAssertEqual(label.hidden.resolved(for: wChR), false)
    XCTAssertEqual(label.intrinsicWidth, 124)

    let byID = Dictionary(uniqueKeysWithValues: scene.document.constraints.map { ($0.id, $0) })
    XCTAssertEqual(byID.count, 9, "the placeholder (the label's width) is kept")
    XCTAssertEqual(byID["ib_c08_aa_bbb"]?.constant.base, 124)
    XCTAssertEqual(byID["ib_c01_aa_bbb"]?.second?.item, .safeArea)
    XCTAssertEqual(byID["ib_c09_aa_bbb"]?.standardSpacing.base, 1, "symbolic: standard spacing")
    XCTAssertEqual(byID["ib_c09_aa_bbb"]?.constant.base, 0)
    XCTAssertEqual(byID["ib_c09_aa_bbb"]?.relation, .greaterThanOrEqual)
    XCTAssertEqual(byID["ib_c03_aa_bbb"]?.first.attribute, .trailingMargin)
    XCTAssertEqual(byID["ib_c06_aa_bbb"]?.installed.resolved(for: wChR), true)
    XCTAssertEqual(byID["ib_c06_aa_bbb"]?.installed.resolved(for: wChC), false)
    XCTAssertEqual(byID["ib_c07_aa_bbb"]?.installed.resolved(for: wChR), false)
    XCTAssertEqual(byID["ib_c07_aa_bbb"]?.installed.resolved(for: wChC), true)
    XCTAssertTrue(scene.ids.contains { $0.ib == "lb1-aa-bbb" && $0.trellis == "flipCountLabel" })
  }

  func testTheCardsSceneSolvesToItsStoredFrames() throws {
    let (scene, _) = try importFile("cards.storyboard")
    XCTAssertEqual(LayoutValidator().validate(scene.document).filter { $0.severity == .error }, [])
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment, snapToPixels: true)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [])
    for view in result.views {
      let stored = try XCTUnwrap(scene.storedFrames[view.id], view.id)
      assertFrame(view.frame, stored.x, stored.y, stored.width, stored.height, view.id, accuracy: 0.5)
    }
    // Compact height (iPhone 8 landscape): the grid is 200 tall, the label hidden.
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let landscape = LayoutEngine(document: scene.document).layout(in: device.environment(orientation: .landscape))
    XCTAssertEqual(landscape.view("cardGrid")?.frame.height, 200)
    XCTAssertEqual(landscape.view("flipCountLabel")?.hidden, true)
  }

  /// Rows of a fill-equally column that cannot share its height on the pixel grid are stored
  /// 188.5, 189 and 188.5 tall (fill-equally-rows.storyboard's header works them out). A button
  /// that its row stretches across takes the row's exact share, (582 − 2 × 8) / 3, not its own
  /// rounded stored height: taken as content, the 189 of the middle row's buttons would make every
  /// row 189 and squeeze the label above to 35 (as the import did before). Expected values by hand.
  func testButtonsStretchedAcrossARowOfAFillEquallyColumnTakeTheExactShare() throws {
    let (scene, _) = try importFile("fill-equally-rows.storyboard")
    let share = (582.0 - 2 * 8) / 3
    let buttons = scene.document.allViews.filter { $0.id.hasPrefix("button_") }
    XCTAssertEqual(buttons.count, 12)
    for button in buttons {
      XCTAssertEqual(try XCTUnwrap(button.intrinsicHeight, button.id), share, accuracy: 1e-9, button.id)
      XCTAssertNil(button.intrinsicWidth, "\(button.id): along its own fill-equally row, the share decides")
    }
    let label = try XCTUnwrap(scene.document.allViews.first { $0.id == "label_lb1_fe_rws" })
    XCTAssertEqual(label.intrinsicHeight, 36, "the label's own stored size is still its content")

    let result = LayoutEngine(document: scene.document).layout(in: scene.environment, snapToPixels: true)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [])
    assertFrame(try XCTUnwrap(result.view("label_lb1_fe_rws")?.frame), 137.5, 20, 100, 36)
    assertFrame(try XCTUnwrap(result.view("stackView_col_fe_rws")?.frame), 16, 64, 343, 582)
    // Each row's edges in root coordinates, rounded to the nearest half point.
    assertFrame(try XCTUnwrap(result.view("stackView_rw1_fe_rws")?.frame), 16, 64, 343, 188.5)
    assertFrame(try XCTUnwrap(result.view("stackView_rw2_fe_rws")?.frame), 16, 260.5, 343, 189)
    assertFrame(try XCTUnwrap(result.view("stackView_rw3_fe_rws")?.frame), 16, 457.5, 343, 188.5)
    assertFrame(try XCTUnwrap(result.view("button_b23_fe_rws")?.frame), 16 + 262.5, 260.5, 80.5, 189)
    for view in result.views {
      let stored = try XCTUnwrap(scene.storedFrames[view.id], view.id)
      assertFrame(view.frame, stored.x, stored.y, stored.width, stored.height, view.id)
    }
  }
}
