import Foundation
import TrellisImport
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// placeholder-constraints.storyboard: a placeholder constraint ("Remove at build time") is kept,
// as Interface Builder lays the canvas out with it (docs/import.md, "Placeholder constraints").
// The fixture's header works every stored frame out by hand.
extension FeatureFixtureTests {
  func testPlaceholderConstraintsAreKeptAsIBLaysOutWithThem() throws {
    let (scene, diagnostics) = try importScene("placeholder-constraints.storyboard")
    // One note per placeholder, at its element; the custom view's height is fixed by its
    // placeholder, so no `ib-size-from-code`.
    XCTAssertEqual(diagnostics.map(\.code), ["ib-placeholder", "ib-placeholder"])
    XCTAssertEqual(diagnostics.map(\.severity), [.note, .note])
    XCTAssertEqual(diagnostics.first?.location?.line, 41)
    XCTAssertTrue(diagnostics.first?.message.contains("'phc-c1-001' is kept") == true)
    // Kept as written: required, with their constants.
    let portion = try constraint(scene, "ib_phc_c1_001")
    XCTAssertEqual(portion.constant.base, 59)
    XCTAssertEqual(portion.priority.base, 1000)
    XCTAssertEqual(try constraint(scene, "ib_phc_c2_001").constant.base, 40)
    let result = try assertSolvesToStoredFrames(scene)
    XCTAssertEqual(result.ambiguousViews.map(\.id), [])
    assertRect(result, "content", 0, 0, 375, 165)
    assertRect(result, "portion", 10, 10, 355, 59)
    assertRect(result, "values", 10, 79, 355, 40)
  }
}

extension FeatureFixtureTests {
  /// The fixture without its placeholders, as the importer read it before: nothing decides the
  /// custom view's height, so the solve may pick any, a negative one too (openfoodfacts'
  /// ProductAddViewController got −1387). That is reported as the ambiguity it is, not as
  /// constraints that squeeze the view.
  func testANegativeSizeThatNothingDecidesIsReportedAsAmbiguous() throws {
    let url = Self.folder.appendingPathComponent("placeholder-constraints.storyboard")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let text = lines.filter { !$0.contains("placeholder=\"YES\"") }.joined(separator: "\n")
    let (scenes, _) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "no-placeholders.storyboard")
    let scene = try XCTUnwrap(scenes.first)
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment)
    let portion = try XCTUnwrap(result.ambiguousViews.first { $0.id == "portion" })
    XCTAssertTrue(portion.attributes.contains(.height))
    // The solve's pick: the case needs it negative (if a solver change makes it not, find
    // another case where it is).
    let negative = try XCTUnwrap(
      result.diagnostics.first { $0.code == "negative-frame" && $0.subject == "portion" },
      "the solve no longer picks a negative height here")
    XCTAssertTrue(
      negative.message.contains("its constraints do not decide its height (ambiguous)"), negative.message)
    XCTAssertFalse(negative.message.contains("end before its start"), negative.message)
  }
}
