import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// One hand-written Interface Builder file per importer feature (Tests/Fixtures/import). Each
/// file's header comment works its stored frames out by hand; each test checks the mapping, then
/// solves the scene where IB laid it out, snapped to pixels, and compares every frame with the
/// stored one within 1/scale pt (what `trellis import --check` allows). The expected frames in
/// other sizes and size classes are worked out in the same headers.
final class FeatureFixtureTests: XCTestCase {
  static let folder = FixturePaths.fixtures.appendingPathComponent("import")

  /// The file's scenes (all, or `scene`), failing on any error.
  func importScenes(_ name: String, scene: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> (
    [ImportedScene], [Diagnostic]
  ) {
    let (scenes, diagnostics) = InterfaceBuilderImporter.read(
      contentsOf: Self.folder.appendingPathComponent(name).path, scene: scene)
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
    return (scenes, diagnostics)
  }

  func importScene(_ name: String, scene: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws
    -> (ImportedScene, [Diagnostic])
  {
    let (scenes, diagnostics) = importScenes(name, scene: scene, file: file, line: line)
    XCTAssertEqual(scenes.count, 1, "scenes of \(name)", file: file, line: line)
    return (try XCTUnwrap(scenes.first, file: file, line: line), diagnostics)
  }

  /// Solves `scene` in its stored environment (snapped) and compares every frame with its
  /// stored one, within 1/scale; also unsnapped, checking independently that every installed
  /// required constraint holds. Returns the snapped result.
  @discardableResult
  func assertSolvesToStoredFrames(
    _ scene: ImportedScene, validate: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) throws -> LayoutResult {
    if validate {
      XCTAssertEqual(
        LayoutValidator().validate(scene.document).filter { $0.severity == .error }.map(\.message), [], file: file,
        line: line)
    }
    let engine = LayoutEngine(document: scene.document)
    let result = engine.layout(in: scene.environment, snapToPixels: true)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
    let tolerance = 1 / scene.environment.scale + 1e-9
    for view in result.views {
      let stored = try XCTUnwrap(scene.storedFrames[view.id], view.id, file: file, line: line)
      assertFrame(
        view.frame, stored.x, stored.y, stored.width, stored.height, view.id, accuracy: tolerance, file: file,
        line: line)
    }
    solve(LayoutEngine(document: scene.document), scene.environment, file: file, line: line)
    return result
  }

  func view(_ scene: ImportedScene, _ id: String) throws -> ViewNode {
    try XCTUnwrap(scene.document.allViews.first { $0.id == id }, id)
  }

  func constraint(_ scene: ImportedScene, _ id: String) throws -> ConstraintSpec {
    try XCTUnwrap(scene.document.constraints.first { $0.id == id }, id)
  }

  // MARK: owner.xib: a xib's top-level views, File's Owner's outlets

  func testAXibTopLevelViewTakesItsIdsFromFilesOwnersOutlets() throws {
    let (scenes, diagnostics) = importScenes("owner.xib")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.map(\.sceneID), ["own-tp-001", "own-xx-001"], "each top-level view is a scene, in order")
    let scene = try XCTUnwrap(scenes.first)
    // The outlet `view` names the root, which is always `root`; the others by outlet, label, class + id.
    XCTAssertEqual(scene.document.allViews.map(\.id), ["root", "avatar", "nameLabel", "badge", "view_own_sp_1"])
    let ids = Dictionary(uniqueKeysWithValues: scene.ids.map { ($0.ib, $0.trellis) })
    XCTAssertEqual(ids["own-tp-001"], "root")
    XCTAssertEqual(ids["own-av-001"], "avatar")
    XCTAssertEqual(ids["own-nm-001"], "nameLabel")
    XCTAssertEqual(ids["own-bd-001"], "badge")
    XCTAssertEqual(ids["own-sa-001"], "safeArea")
    XCTAssertEqual(ids["own-c3-001"], "ib_own_c3_001")
    XCTAssertEqual(scene.environment.deviceName, "iPhone 8")
    XCTAssertEqual(scene.environment.containerSize, Size(width: 320, height: 100), "a xib view keeps its own size")
    XCTAssertEqual(scene.environment.safeAreaInsets, .zero, "tools 17701: no simulated status bar")
    XCTAssertEqual(try constraint(scene, "ib_own_w2_001").multiplier, 1, "1:1")
    XCTAssertEqual(try view(scene, "nameLabel").text?.base, "Ada")
    XCTAssertEqual(try view(scene, "nameLabel").intrinsicWidth, 41)
    try assertSolvesToStoredFrames(scene)
    XCTAssertEqual(scene.storedFrames["nameLabel"], Rect(x: 96, y: 39.5, width: 41, height: 21))
    XCTAssertEqual(scene.storedFrames["view_own_sp_1"], Rect(x: 0, y: 92, width: 320, height: 8))
  }

  func testAXibSceneIsChosenByItsViewID() throws {
    let (scene, _) = try importScene("owner.xib", scene: "own-xx-001")
    XCTAssertEqual(scene.environment.containerSize, Size(width: 100, height: 50))
    XCTAssertEqual(scene.document.allViews.map(\.id), ["root"])
  }

  // MARK: autoresizing.xib: fixed frames and autoresizing masks

  func testAutoresizingMasksKeepTheStoredFrames() throws {
    let (scene, diagnostics) = try importScene("autoresizing.xib")
    XCTAssertEqual(diagnostics, [], "every flexible margin here is exact (root, or a share of 0, 0.5 or 1)")
    XCTAssertEqual(
      scene.document.allViews.map(\.id), ["root", "pinned", "stretch", "corner", "centred", "proportional"])
    XCTAssertEqual(scene.storedFrames["corner"], Rect(x: 220, y: 75, width: 50, height: 30), "in root coordinates")
    // The proportional margins of `proportional` are imported as `proportional.left == 0.1 *
    // root.right`: the root's origin is 0, so its right edge is its width.
    try assertSolvesToStoredFrames(scene)
  }

  /// The header's 500 × 380 column: the UIKit rule worked by hand.
  func testAutoresizingMasksShareAChangeOfSizeInProportion() throws {
    let (scene, _) = try importScene("autoresizing.xib")
    var environment = scene.environment
    environment.containerSize = Size(width: 500, height: 380)
    let result = solve(LayoutEngine(document: scene.document), environment)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [])
    assertRect(result, "pinned", 20, 10, 100, 50)
    assertRect(result, "stretch", 20, 70, 460, 40)
    assertRect(result, "corner", 420, 75, 50, 30)
    assertRect(result, "centred", 200, 300, 100, 30)
    assertRect(result, "proportional", 50, 320, 100, 40, accuracy: 1e-6)
  }

  // MARK: sizeclasses.storyboard: a wC hR variation

  func testSizeClassVariationsAreImportedPerClass() throws {
    let (scene, diagnostics) = try importScene("sizeclasses.storyboard")
    XCTAssertEqual(diagnostics, [])
    let stack = try view(scene, "buttons")
    XCTAssertEqual(stack.stack?.axis.resolved(for: wChR), .vertical)
    XCTAssertEqual(stack.stack?.axis.resolved(for: wRhR), .horizontal)
    XCTAssertEqual(stack.stack?.axis.resolved(for: wChC), .horizontal)
    XCTAssertEqual(stack.stack?.distribution.base, .fillEqually)
    XCTAssertEqual(stack.stack?.spacing.base, 10)
    let title = try view(scene, "title")
    XCTAssertEqual(title.fontSize.resolved(for: wChR), 24)
    XCTAssertEqual(title.fontSize.resolved(for: wRhR), 17)
    let note = try view(scene, "note")
    XCTAssertEqual(note.hidden.resolved(for: wChR), false)
    XCTAssertEqual(note.hidden.resolved(for: wRhR), true)
    XCTAssertEqual(note.hidden.resolved(for: wChC), true)
    let promo = try view(scene, "promo")
    XCTAssertEqual(promo.installed.resolved(for: wChR), false)
    XCTAssertEqual(promo.installed.resolved(for: wRhR), true)
    XCTAssertEqual(try constraint(scene, "ib_szc_cb_001").installed.resolved(for: wChR), false)
    XCTAssertEqual(try constraint(scene, "ib_szc_cb_001").installed.resolved(for: wRhC), true)
  }

  func testSizeClassesSolveToTheStoredFramesAndOnAnIPad() throws {
    let (scene, _) = try importScene("sizeclasses.storyboard")
    XCTAssertEqual(scene.environment.traits, wChR)
    let stored = try assertSolvesToStoredFrames(scene)
    XCTAssertNil(stored.view("promo"), "not installed in wC hR")
    XCTAssertEqual(stored.view("note")?.hidden, false)
    assertRect(stored, "second", 20, 80, 335, 50)

    // The header's iPad column (768 × 1024, wR hR).
    let iPad = environment(768, 1024, wRhR, scale: 2)
    let result = solve(LayoutEngine(document: scene.document), iPad)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [])
    assertRect(result, "first", 20, 20, 359, 110)
    assertRect(result, "second", 389, 20, 359, 110)
    assertRect(result, "promo", 20, 300, 100, 50)
    XCTAssertEqual(result.view("note")?.hidden, true)
  }

  // MARK: guides.storyboard: old layout guides and a navigation controller

  func testOldLayoutGuidesUnderANavigationBarOnTools13() throws {
    let (scenes, diagnostics) = importScenes("guides.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scenes.map(\.sceneID), ["gde-sc-001"], "the navigation controller has no view to import")
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(scene.name, "InboxViewController")
    // Tools 13771 on an iPhone 8: status bar 20, navigation bar 44.
    XCTAssertEqual(scene.environment.safeAreaInsets, EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
    XCTAssertEqual(scene.safeAreaSource, "device and simulated bars")
    let ids = Dictionary(uniqueKeysWithValues: scene.ids.map { ($0.ib, $0.trellis) })
    XCTAssertEqual(ids["gde-tg-001"], "topLayoutGuide")
    XCTAssertEqual(ids["gde-bg-001"], "bottomLayoutGuide")
    // The top guide's bottom is the safe area's top; the bottom guide's top the safe area's bottom.
    let banner = try constraint(scene, "ib_gde_c1_001")
    XCTAssertEqual(banner.second?.item, .safeArea)
    XCTAssertEqual(banner.second?.attribute, .top)
    let footer = try constraint(scene, "ib_gde_c5_001")
    XCTAssertEqual(footer.first.item, .safeArea)
    XCTAssertEqual(footer.first.attribute, .bottom)
    try assertSolvesToStoredFrames(scene)
  }

  // MARK: margins-scroll.storyboard: margins guide, leadingMargin, scroll view guides

  func testMarginsAndScrollGuidesAreImportedAndSolved() throws {
    let (scene, diagnostics) = try importScene("margins-scroll.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      try constraint(scene, "ib_mgs_c1_001").second?.attribute, .leadingMargin, "the margins guide's leading")
    XCTAssertEqual(try constraint(scene, "ib_mgs_c1_001").second?.item, .view("root"))
    XCTAssertEqual(try constraint(scene, "ib_mgs_c3_001").second?.attribute, .topMargin)
    XCTAssertEqual(try constraint(scene, "ib_mgs_c5_001").second?.attribute, .leadingMargin)
    XCTAssertEqual(try constraint(scene, "ib_mgs_ca_001").first.attribute, .trailingMargin)
    XCTAssertEqual(try constraint(scene, "ib_mgs_ce_001").second?.item, ScrollLayout.contentGuide(of: "scroller"))
    XCTAssertEqual(try constraint(scene, "ib_mgs_ci_001").second?.item, ScrollLayout.frameGuide(of: "scroller"))
    XCTAssertEqual(try view(scene, "scroller").kind, .scroll)
    XCTAssertEqual(scene.storedFrames["row"], Rect(x: 8, y: 112, width: 359, height: 44), "through the scroll view")
    let result = try assertSolvesToStoredFrames(scene)
    let scroll = try XCTUnwrap(result.scrollViews.first)
    XCTAssertEqual(scroll.contentSize, Size(width: 375, height: 1000))
  }

  // MARK: image.storyboard: image sizes from <resources>

  func testAnImageViewIsSizedByItsResource() throws {
    let (scene, diagnostics) = try importScene("image.storyboard")
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(scene.name, "Splash", "the storyboard identifier names the scene")
    let logo = try view(scene, "logo")
    XCTAssertEqual(logo.kind, .image)
    XCTAssertEqual(logo.intrinsicWidth, 120)
    XCTAssertEqual(logo.intrinsicHeight, 80)
    XCTAssertEqual(try view(scene, "mark").intrinsicWidth, 30, "not in <resources>: the stored size")
    try assertSolvesToStoredFrames(scene)
  }

  // MARK: table.storyboard: a table view, its prototype cell and another subview

  func testATableViewShowsItsCellsAsBoxesAndConstraintsIntoItAreDropped() throws {
    let (scenes, diagnostics) = importScenes("table.storyboard")
    XCTAssertEqual(scenes.map(\.name), ["ListViewController", "Cell"], "the prototype cell is a scene too")
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(scene.document.allViews.map(\.id), ["root", "list", "Cell", "footer"], "the cell, no spinner")
    XCTAssertEqual(try view(scene, "list").kind, .view)
    XCTAssertEqual(scene.storedFrames["Cell"], Rect(x: 0, y: 48, width: 375, height: 44), "28 into the table at 20")
    XCTAssertEqual(diagnostics.map(\.severity), [.warning, .note, .warning, .warning])
    XCTAssertEqual(diagnostics.map(\.code), ["ib-unsupported", "ib-cell", "ib-unsupported", "ib-unsupported"])
    let table = try XCTUnwrap(diagnostics.first { $0.message.hasPrefix("tableView 'list'") })
    XCTAssertEqual(table.location?.line, 26)
    let spinner = try XCTUnwrap(diagnostics.first { $0.message.contains("'tbl-sp-001'") })
    XCTAssertEqual(spinner.message, "1 constraint naming 'tbl-sp-001', a view not imported, is left out")
    XCTAssertEqual(spinner.location?.line, 68)
    // The cell's label: dropped with a warning at the constraint.
    let cell = try XCTUnwrap(diagnostics.first { $0.message.contains("'tbl-lb-001'") })
    XCTAssertEqual(cell.location?.line, 69)
    XCTAssertFalse(scene.document.constraints.contains { $0.id == "ib_tbl_c9_001" || $0.id == "ib_tbl_ca_001" })
    // The file's 8 that are kept, and the cell's 4 from its empty autoresizing mask (its left,
    // top, width and height stay).
    XCTAssertEqual(scene.document.constraints.count, 12)
    try assertSolvesToStoredFrames(scene)
  }

  // MARK: constraints.storyboard: 16:9, priorities, >=, placeholders

  func testMultipliersPrioritiesRelationsAndPlaceholders() throws {
    let (scene, diagnostics) = try importScene("constraints.storyboard")
    XCTAssertEqual(diagnostics.map(\.code), ["ib-placeholder"])
    XCTAssertEqual(diagnostics.first?.severity, .note)
    XCTAssertEqual(diagnostics.first?.location?.line, 44)
    XCTAssertEqual(scene.name, "Player", "the title names the scene")
    let aspect = try constraint(scene, "ib_cns_c1_001")
    XCTAssertEqual(aspect.multiplier, 16.0 / 9.0, accuracy: 1e-12)
    XCTAssertEqual(aspect.first.item, .view("video"))
    XCTAssertEqual(aspect.second?.item, .view("video"))
    XCTAssertEqual(try constraint(scene, "ib_cns_c2_001").priority.base, 750)
    XCTAssertEqual(try constraint(scene, "ib_cns_c3_001").relation, .lessThanOrEqual)
    XCTAssertEqual(try constraint(scene, "ib_cns_c6_001").relation, .greaterThanOrEqual)
    XCTAssertEqual(try constraint(scene, "ib_cns_c7_001").priority.base, 250)
    // The placeholder is kept as written (required): IB laid the stored frames out with it.
    let placeholder = try constraint(scene, "ib_cns_c9_001")
    XCTAssertEqual(placeholder.constant.base, 212)
    XCTAssertEqual(placeholder.priority.base, 1000)
    try assertSolvesToStoredFrames(scene)
    let engine = LayoutEngine(document: scene.document)
    solve(engine, scene.environment)
    XCTAssertEqual(brokenIDs(engine), ["ib_cns_c2_001", "ib_cns_c7_001"], "both optional constraints lose")
  }
}

// MARK: switches-stack-margins.storyboard: a switch's alignment rectangle, a stack's explicit margins

extension FeatureFixtureTests {
  func testSwitchesGetTheirAlignmentInsetsAndStacksWithMarginsArrangeInsideThem() throws {
    let (scene, diagnostics) = try importScene("switches-stack-margins.storyboard")
    XCTAssertEqual(diagnostics, [])
    for id in ["modeSwitch", "trailingSwitch", "oldSwitch"] {
      let node = try view(scene, id)
      XCTAssertEqual(node.alignmentRectInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 2), id)
      // The stored 51 x 31 less the insets: the alignment rectangle's intrinsic size.
      XCTAssertEqual(node.intrinsicWidth, 49, id)
      XCTAssertEqual(node.intrinsicHeight, 31, id)
    }
    let control = try view(scene, "control")
    XCTAssertEqual(control.alignmentRectInsets, EdgeInsets(top: 0, left: 0, bottom: 1, right: 0))
    XCTAssertEqual(control.intrinsicHeight, 28, "the stored 29 less 1")
    XCTAssertEqual(try view(scene, "paddedStack").stack?.isLayoutMarginsRelativeArrangement, true)
    XCTAssertEqual(try view(scene, "rowStack").stack?.isLayoutMarginsRelativeArrangement, false)
    // The old switch's autoresizing constraints place its 49-wide alignment rectangle at x 20.
    let width = try constraint(scene, "oldSwitch_autoresizing_width")
    XCTAssertEqual(width.constant.base, 49)
    try assertSolvesToStoredFrames(scene)
  }
}
