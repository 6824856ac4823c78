import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

// MARK: view-safe-area.storyboard: constraints to subviews' own safe-area guides

extension FeatureFixtureTests {
  func testConstraintsToASubviewsOwnSafeAreaGuideAreImported() throws {
    let (scene, diagnostics) = try importScene("view-safe-area.storyboard")
    // Nothing left out: before, each such constraint was dropped with `ib-unsupported`.
    XCTAssertEqual(diagnostics.map(\.code.rawValue), [])
    XCTAssertEqual(scene.environment.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    let ids = Dictionary(uniqueKeysWithValues: scene.ids.map { ($0.ib, $0.trellis) })
    XCTAssertEqual(ids["vsa-ps-001"], "panel.safeAreaLayoutGuide")
    XCTAssertEqual(ids["vsa-rs-001"], "safeArea")
    let head = try constraint(scene, "ib_vsa_c01")
    XCTAssertEqual(head.second?.item, ViewSafeArea.guide(of: "panel"))
    XCTAssertEqual(head.second?.attribute, .top)
    // The stored frames, worked by hand in the file's header.
    try assertSolvesToStoredFrames(scene)

    // iPhone X landscape (812 x 375, insets 0, 44, 21, 44), worked by hand: head x 44 + 16 = 60,
    // y 0 + 8; foot bottom 375 - 21 - 8 = 346, y 316, from x 44, 812 - 88 = 724 wide; the dot
    // at the card's top trailing corner (the card ends at x 240, clear of the right inset).
    let landscape = Environment(
      containerSize: Size(width: 812, height: 375), traits: TraitCollection(horizontal: .compact, vertical: .compact),
      safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    let result = LayoutEngine(document: scene.document).layout(in: landscape)
    assertRect(result, "head", 60, 8, 100, 40)
    assertRect(result, "foot", 44, 316, 724, 30)
    assertRect(result, "dot", 220, 200, 20, 20)
    // The card starts at x 40, inside the 44-pt left inset: UIKit insets its guide by 4 there,
    // which Trellis, deciding before solving, does not; it says so at the card.
    XCTAssertEqual(result.diagnostics.map(\.code.rawValue), ["guide-approximate"])
    XCTAssertTrue(result.diagnostics.first?.message.contains("left 4 (Trellis used 0)") == true)
  }
}
