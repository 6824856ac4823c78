import TrellisModel
import TrellisRender
import XCTest

/// `WhyReport`'s arithmetic: the explanation's terms over their least common denominator, the
/// container's size by name, equal quantities of one kind of constraint gathered. The
/// explanations are built by hand (Concentration's card on an iPhone 8, worked in
/// FrameExplanationTests), so the expected text follows from them alone.
final class WhyReportTests: XCTestCase {
  private func constraint(_ text: String, _ origin: LayoutConstraint.Origin, constant: Double) -> LayoutConstraint {
    LayoutConstraint(
      id: text, first: AnchorReference(item: "root", attribute: .width), relation: .equal, constant: constant,
      origin: origin, source: text)
  }

  func testACardsWidthOverAQuarter() {
    let container = constraint("root.width", .container(reason: "the container's width"), constant: 375)
    var steps = [FrameExplanation.Step(constraint: container, weight: 0.25, guideOffset: 0, constant: 375)]
    for index in 0..<2 {
      steps.append(
        .init(
          constraint: constraint("m\(index)", .file(id: "m\(index)"), constant: 8), weight: -0.25, guideOffset: 0,
          constant: 8))
    }
    for index in 0..<3 {
      steps.append(
        .init(
          constraint: constraint("g\(index)", .stack(id: "row1", reason: "UISV-spacing"), constant: 8), weight: -0.25,
          guideOffset: 0, constant: 8))
    }
    // A step whose constant is 0 weighs in the chain but adds nothing to the sum.
    steps.append(
      .init(
        constraint: constraint("e", .stack(id: "row1", reason: "UISV-fill-equally"), constant: 0), weight: -0.25,
        guideOffset: 0, constant: 0))
    let e = FrameExplanation(view: "card1", quantity: .width, value: 83.75, steps: steps, perWidth: 0.25, perHeight: 0)
    let formula = WhyReport.arithmetic(e)
    XCTAssertEqual(formula.symbolic, "(root.width − 2 × 8 − 3 × 8) / 4")
    XCTAssertEqual(formula.numeric, "(375 − 2 × 8 − 3 × 8) / 4")
    XCTAssertEqual(WhyReport.shareText(-0.25), "−1/4")
    XCTAssertEqual(WhyReport.shareText(2.0 / 3), "2/3")
  }

  /// A guide's offset and a constant with opposite signs on the same quantity cancel: 20 + 8 − 8.
  func testEqualQuantitiesOfOneKindAreGathered() {
    let top = constraint("top", .file(id: "top"), constant: 8)
    let back = constraint("back", .file(id: "back"), constant: -8)
    let e = FrameExplanation(
      view: "v", quantity: .y, value: 20,
      steps: [
        .init(constraint: top, weight: 1, guideOffset: 20, constant: 8),
        .init(constraint: back, weight: 1, guideOffset: 0, constant: -8),
      ], perWidth: 0, perHeight: 0)
    XCTAssertEqual(WhyReport.arithmetic(e).symbolic, "20")
  }
}
