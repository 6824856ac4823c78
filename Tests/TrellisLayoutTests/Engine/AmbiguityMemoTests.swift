import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// The ambiguity check is kept while the solver's basis is unchanged: a move within one
/// environment key reports what a fresh engine reports, in the new environment.
final class AmbiguityMemoTests: XCTestCase {
  func testAMoveKeepsTheAmbiguityAFreshEngineFinds() {
    // 'free' has a width and a top but no horizontal position: ambiguous, whatever the size.
    let document = Layout {
      View("pinned")
      View("free")
    } constraints: {
      "pinned.leading == root.leading + 10"
      "pinned.top == root.top + 10"
      "pinned.width == root.width - 20"
      "pinned.height == 40"
      "free.top == pinned.bottom + 8"
      "free.width == 50"
      "free.height == 50"
    }
    let engine = LayoutEngine(document: document)
    for width in [300.0, 320, 300, 340] {
      let environment = environment(width, 500)
      let moved = engine.layout(in: environment)
      let fresh = LayoutEngine(document: document).layout(in: environment)
      XCTAssertEqual(moved.ambiguousViews.map(\.id), ["free"], "\(width)")
      XCTAssertEqual(moved.ambiguousViews.map(\.id), fresh.ambiguousViews.map(\.id))
      XCTAssertEqual(moved.diagnostics, fresh.diagnostics, "\(width): same diagnostics, in this environment")
      XCTAssertEqual(moved.diagnostics.first?.environment?.containerSize.width, width)
    }
  }

  func testTheSolversStructureRevisionIgnoresConstantsAlone() throws {
    let document = Layout {
      View("a")
    } constraints: {
      "a.leading == root.leading"
      "a.top == root.top"
      "a.width == 10"
      "a.height == 10"
    }
    let engine = LayoutEngine(document: document)
    _ = engine.layout(in: environment(300, 500))
    let solver = try XCTUnwrap(engine.liveSolver)
    let before = solver.structureRevision
    // Same key, new container size: constants only.
    _ = engine.layout(in: environment(320, 500))
    XCTAssertEqual(solver.structureRevision, before)
    // A constraint added changes the structure.
    let extra = solver.makeVariable("extra")
    try solver.add(extra == 5)
    XCTAssertNotEqual(solver.structureRevision, before)
  }
}
