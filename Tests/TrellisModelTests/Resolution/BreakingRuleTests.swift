import TrellisModel
import XCTest

/// The shapes of docs/semantics.md, "Which constraint UIKit breaks", one constraint each,
/// ranked by hand from the rule's wording.
final class BreakingRuleTests: XCTestCase {
  func anchor(_ item: String, _ attribute: LayoutAttribute) -> AnchorReference {
    AnchorReference(item: .view(item), attribute: attribute)
  }

  func testShapesInTheDocumentedOrder() {
    let constantSize = BreakingRule.shapeRank(anchor("a", .width), nil)  // a.width == 320
    let tiedSize = BreakingRule.shapeRank(anchor("a", .height), anchor("b", .height))  // a.height == b.height
    let centre = BreakingRule.shapeRank(anchor("a", .centerX), anchor("b", .centerX))
    let spacing = BreakingRule.shapeRank(anchor("b", .top), anchor("a", .bottom))  // V:[a]-8-[b]
    let farPin = BreakingRule.shapeRank(anchor("s", .trailing), anchor("a", .trailing))  // H:[a]-8-|
    let nearPin = BreakingRule.shapeRank(anchor("a", .leading), anchor("s", .leading))  // H:|-8-[a]
    XCTAssertEqual([constantSize, tiedSize, centre, spacing, farPin, nearPin], [5, 4, 3, 2, 1, 0])
    // Margins measure the same edges: `s.bottomMargin == a.bottom` is a far pin, and
    // `a.top == s.topMargin + 14` a near one; a margin spacing is a spacing.
    XCTAssertEqual(BreakingRule.shapeRank(anchor("s", .bottomMargin), anchor("a", .bottom)), 1)
    XCTAssertEqual(BreakingRule.shapeRank(anchor("a", .top), anchor("s", .topMargin)), 0)
    XCTAssertEqual(BreakingRule.shapeRank(anchor("b", .leading), anchor("a", .trailingMargin)), 2)
  }

  /// Who made it comes before the shape: an app's leading pin is broken before a stack's
  /// constant `UISV-hiding` size, which is broken before the container's size.
  func testKindBeforeShape() {
    let appPin = BreakingRule.key(.app, anchor("a", .leading), anchor("s", .leading))
    let hiding = BreakingRule.key(.stack("UISV-hiding"), anchor("a", .width), nil)
    let container = BreakingRule.key(.encapsulated("UIView-Encapsulated-Layout-Width"), anchor("s", .width), nil)
    let nonnegative = BreakingRule.key(.nonnegativeSize, anchor("a", .width), nil)
    XCTAssertGreaterThan(appPin, hiding)
    XCTAssertGreaterThan(hiding, container)
    XCTAssertGreaterThan(container, nonnegative)
    // A stack's spacing goes before its other constraints (two nested-stack logs).
    XCTAssertGreaterThan(
      BreakingRule.key(.stack("UISV-spacing"), anchor("b", .top), anchor("a", .bottom)),
      BreakingRule.key(.stack("UISV-canvas-connection"), anchor("s", .bottom), anchor("b", .bottom)))
  }
}
