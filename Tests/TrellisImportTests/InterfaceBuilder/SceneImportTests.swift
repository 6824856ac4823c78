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
}
