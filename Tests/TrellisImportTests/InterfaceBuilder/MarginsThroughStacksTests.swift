import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// margins-stacks.storyboard: layout margins through stack views (docs/import.md, "Margins").
// The fixture's header works the stored frames out by hand from the rules.
extension FeatureFixtureTests {
  func testStacksHaveNoMarginsOfTheirOwnAndPassTheirSuperviewsOn() throws {
    let (scene, diagnostics) = try importScene("margins-stacks.storyboard")
    XCTAssertEqual(diagnostics, [])
    // A stack's own margins are 0 unless the file gives them; a plain view's stay 8.
    XCTAssertEqual(try view(scene, "column").layoutMargins, .zero)
    XCTAssertEqual(try view(scene, "bar").layoutMargins, .zero)
    XCTAssertEqual(try view(scene, "header").layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    // Resolved: the header, arranged flush with the column, preserves its margins, which the
    // column took from the root (16 at the sides); at the top its own 8 from the safe area's 44.
    let resolved = scene.document.resolved(for: scene.environment)
    let header = try XCTUnwrap(resolved.views.first { $0.id == "header" })
    let margins = header.effectiveMargins(safeAreaInsets: scene.environment.safeAreaInsets)
    XCTAssertEqual(margins.left, 16)
    XCTAssertEqual(margins.right, 16)
    XCTAssertEqual(margins.top, 52)
    try assertSolvesToStoredFrames(scene)
  }
}
