import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Stacks through the real resolver and engine (`LayoutEngine`), from documents built in Swift:
/// text measured by `TextMetrics` (0.5 × font size per character, 1.2 × font size per line),
/// size classes varying `hidden`, and one engine moved between them.
final class StackResolverTests: XCTestCase {
  private func environment(_ width: Double, _ height: Double, vertical: SizeClass = .regular) -> Environment {
    Environment(
      containerSize: Size(width: width, height: height),
      traits: TraitCollection(horizontal: .compact, vertical: vertical),
      scale: 1)
  }

  // First-baseline alignment of measured labels, and an equal width between a stack and a
  // view in another stack: Tests/Fixtures/layouts/stacks/first-baseline-labels.json and
  // cross-stack-equal-width.json (the same frames, no conflicts, no ambiguity).

  /// A vertical fill stack of three labels (17 pt: 1.2 × 17 = 20.4, rounded up to the 1 pt
  /// grid of scale 1: 21 tall) with spacing 10, the middle one hidden in compact height only,
  /// pinned at the top of a 300 × 200 root with leading and trailing 20. Regular height: tops
  /// 0, 31, 62; stack 83 tall. Compact height: the middle collapses (height 0, 5 pt on each
  /// side): tops 0, 26 (hidden), 31; stack 52.
  /// The same engine moves from one to the other and back, matching fresh engines.
  func testHiddenVariesWithSizeClassAndEngineUpdatesIncrementally() throws {
    let document = Layout {
      Stack("list", axis: .vertical, spacing: 10) {
        View.label("one", "one")
        View.label("two", "two", hidden: Varying(false, ["hC": true]))
        View.label("three", "three")
      }
    } constraints: {
      ["list.top == root.top", "list.leading == root.leading + 20", "list.trailing == root.trailing - 20"]
    }
    let regular = environment(300, 200)
    let compact = environment(300, 200, vertical: .compact)
    let engine = LayoutEngine(document: document)
    let regularFrames: [(String, Double, Double)] = [
      ("one", 0, 21), ("two", 31, 21), ("three", 62, 21), ("list", 0, 83),
    ]
    let compactFrames: [(String, Double, Double)] = [
      ("one", 0, 21), ("two", 26, 0), ("three", 31, 21), ("list", 0, 52),
    ]
    for (env, expected) in [(regular, regularFrames), (compact, compactFrames), (regular, regularFrames)] {
      let incremental = engine.layout(in: env)
      let fresh = LayoutEngine(document: document).layout(in: env)
      XCTAssertFalse(incremental.hasConflicts)
      XCTAssertEqual(incremental.ambiguousViews.map(\.id), [])
      for (id, y, height) in expected {
        assertFrame(try XCTUnwrap(incremental.view(id)).frame, 20, y, 260, height, "\(env.traits) \(id)")
        XCTAssertEqual(incremental.view(id)?.frame, fresh.view(id)?.frame, "\(env.traits) \(id)")
      }
    }
  }
}
