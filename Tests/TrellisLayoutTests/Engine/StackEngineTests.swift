import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Stacks through the engine: generated guides, RTL and pixel snapping.
final class StackEngineTests: XCTestCase {
  private func buttons(_ distribution: StackDistribution) -> Stack {
    Stack("s", distribution: Varying(distribution), spacing: 10) {
      for n in 1...4 { View("b\(n)", kind: .button, text: Varying("B\(n)")) }
    }
  }

  func testFillEquallySnapsLikeInterfaceBuilder() throws {
    // platform-facts.md §2: 4 buttons, fillEqually, 359 pt, spacing 10, @3x.
    // Unsnapped: (359 − 30)/4 = 82.25 → x = 0, 92.25, 184.5, 276.75; edges ×3 rounded.
    let doc = Layout {
      buttons(.fillEqually)
    } constraints: {
      ["s.leading == root.leading", "s.trailing == root.trailing", "s.top == root.top"]
    }
    let ltr = LayoutEngine(document: doc).layout(in: environment(359, 100, scale: 3), snapToPixels: true)
    let xs = [0, 277.0 / 3, 554.0 / 3, 830.0 / 3]  // 0, 92.333, 184.667, 276.667
    let widths = [247.0 / 3, 247.0 / 3, 246.0 / 3, 247.0 / 3]  // 82.333, 82.333, 82.0, 82.333
    for i in 0..<4 {
      XCTAssertEqual(ltr.view("b\(i + 1)")?.frame.x ?? .nan, xs[i], accuracy: 1e-9)
      XCTAssertEqual(ltr.view("b\(i + 1)")?.frame.width ?? .nan, widths[i], accuracy: 1e-9)
    }
    // Right-to-left: the mirror image, b1 on the right.
    let rtl = LayoutEngine(document: doc).layout(
      in: environment(359, 100, scale: 3, direction: .rightToLeft), snapToPixels: true)
    for i in 0..<4 {
      XCTAssertEqual(rtl.view("b\(4 - i)")?.frame.x ?? .nan, xs[i], accuracy: 1e-9)
      XCTAssertEqual(rtl.view("b\(4 - i)")?.frame.width ?? .nan, widths[i], accuracy: 1e-9)
    }
    XCTAssertEqual(ltr.diagnostics, [])
  }

  func testGuidesAreNeverReportedAsViews() throws {
    // An equalSpacing stack (gap guides) with nothing placing it: the stack and its views
    // are ambiguous; the guides are folded into the stack's entry.
    let doc = Layout { buttons(.equalSpacing) }
    let r = solve(LayoutEngine(document: doc), environment(400, 100))
    XCTAssertTrue(r.ambiguousViews.contains { $0.id == "s" })
    XCTAssertFalse(r.ambiguousViews.contains { $0.id.contains("#") })
    XCTAssertEqual(r.ambiguousViews.map(\.id), ["s", "b1", "b2", "b3", "b4"])
    XCTAssertFalse(r.views.contains { $0.id.contains("#") })
  }
}
