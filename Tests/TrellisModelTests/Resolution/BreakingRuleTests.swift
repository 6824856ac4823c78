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

  /// The key the engine orders by, read from a constraint's origin, is the rule's key of its
  /// kind for every maker. Expected values by hand: rank × 10 + shape, with the ranks of
  /// `ConstraintKind.breakingRank`'s documentation (app 100, stack spacing 90, other stack 80,
  /// hiding 20, content size 105, container 10, scroll view 60, safe area 50).
  func testBreakingKeyIsTheRulesKeyOfTheKind() {
    func constraint(_ first: AnchorReference, _ second: AnchorReference?, _ origin: LayoutConstraint.Origin)
      -> LayoutConstraint
    {
      LayoutConstraint(id: "c", first: first, relation: .equal, second: second, origin: origin, source: "c")
    }
    let cases: [(LayoutConstraint, Int)] = [
      (constraint(anchor("a", .leading), anchor("s", .leading), .file(id: "c")), 1000),  // near pin
      (constraint(anchor("a", .top), anchor("s", .top), .file(id: "c", kind: .safeArea("x"))), 500),
      (constraint(anchor("b", .top), anchor("a", .bottom), .stack(id: "s", reason: "UISV-spacing")), 902),
      (constraint(anchor("a", .width), nil, .stack(id: "s", reason: "UISV-hiding")), 205),
      (constraint(anchor("s", .bottom), anchor("b", .bottom), .stack(id: "s", reason: "UISV-canvas-connection")), 801),
      (constraint(anchor("a", .height), nil, .intrinsic(id: "a", reason: "hugging")), 1055),
      (constraint(anchor("root", .width), nil, .container(reason: "the container's width")), 105),
      (constraint(anchor("c", .centerX), anchor("sv", .centerX), .scroll(id: "sv", reason: "scroll-content")), 603),
    ]
    for (constraint, expected) in cases {
      XCTAssertEqual(constraint.breakingKey, expected, "\(constraint.origin)")
      XCTAssertEqual(
        constraint.breakingKey, BreakingRule.key(constraint.kind, constraint.first, constraint.second),
        "\(constraint.origin)")
    }
  }
}
