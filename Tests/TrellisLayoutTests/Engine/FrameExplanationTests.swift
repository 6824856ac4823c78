import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `LayoutEngine.explanations(of:)` (`trellis why`): each expected value and chain is worked by
/// hand from the layout file and the device's size, never copied from what the code printed.
final class FrameExplanationTests: XCTestCase {
  private func engine(_ text: String) throws -> LayoutEngine {
    let read = LayoutReader.parse(text, file: "why.json")
    return LayoutEngine(document: try XCTUnwrap(read.document, "\(read.diagnostics)"))
  }

  private func explain(
    _ engine: LayoutEngine, _ view: String, _ quantity: FrameExplanation.Quantity, in environment: Environment
  ) throws -> FrameExplanation {
    _ = engine.layout(in: environment)
    return try XCTUnwrap(engine.explanations(of: [(view, quantity)]).first ?? nil)
  }

  /// The value is the sum its steps say it is: Σ weight × (guide offset + constant) + adjustment.
  private func assertSumsUp(_ e: FrameExplanation, file: StaticString = #filePath, line: UInt = #line) {
    let sum = e.steps.reduce(e.adjustment + e.unattributed) { $0 + $1.weight * ($1.guideOffset + $1.constant) }
    XCTAssertEqual(sum, e.value, accuracy: 1e-9, file: file, line: line)
  }

  private let iPhone8 = DeviceTable.device(named: "iPhone 8")!.environment(orientation: .portrait)

  /// Concentration (Layouts/concentration.json) on an iPhone 8 in portrait (375 × 667, safe area
  /// 20,0,0,0; hR, so the extra column is hidden and four cards share a row). By hand: the grid is
  /// 8 in from each side of the safe area (0 left and right), the rows stack fills it, a row
  /// holds four equal cards with three gaps of 8: card1.width = (375 − 2 × 8 − 3 × 8) / 4 = 83.75.
  /// It moves by 1/4 per point of the width and not with the height; the chain starts at the
  /// container's width (weight 1/4), the file's two margins weigh −1/4 per point each (8 more
  /// on `leading == safeArea.leading + 8` narrows the grid), as do the three UISV-spacing gaps.
  func testConcentrationsCardWidthOnAnIPhone8() throws {
    let url = FixturePaths.layouts.appendingPathComponent("concentration.json")
    let document = try XCTUnwrap(LayoutReader.read(contentsOf: url.path).document)
    let engine = LayoutEngine(document: document)
    let e = try explain(engine, "card1", .width, in: iPhone8)
    XCTAssertEqual(e.value, 83.75)
    assertSumsUp(e)
    XCTAssertEqual(e.perWidth, 0.25)
    XCTAssertEqual(e.perHeight, 0)
    XCTAssertNil(e.range)
    let first = try XCTUnwrap(e.steps.first)
    XCTAssertEqual(first.constraint.origin, .container(reason: "the container's width"))
    XCTAssertEqual(first.weight, 0.25)
    XCTAssertEqual(first.constant, 375)
    let margins = e.steps.filter { $0.constraint.origin == .file(id: $0.constraint.id) }
    XCTAssertEqual(
      margins.map(\.constraint.description).sorted(),
      [
        "cardGrid.leading == safeArea.leading + 8", "cardGrid.trailing == safeArea.trailing - 8",
      ])
    XCTAssertEqual(margins.map { $0.weight * $0.constant }, [-2, -2], "each margin takes 8/4 off")
    let gaps = e.steps.filter {
      if case .stack("row1", "UISV-spacing") = $0.constraint.origin { true } else { false }
    }
    XCTAssertEqual(gaps.count, 3)
    XCTAssertTrue(gaps.allSatisfy { $0.weight == -0.25 && $0.constant == 8 })
    // The cards' hugging loses: each is stretched to 83.75, past its content's width (the
    // hugging constraint's constant), by the difference.
    let hugging = try XCTUnwrap(
      e.lost.first { if case .intrinsic("card1", _) = $0.constraint.origin { true } else { false } })
    XCTAssertEqual(hugging.violation, 83.75 - hugging.constraint.constant, accuracy: 1e-9)
    // Its x (8: the grid's margin) does not rest on its own size: its hugging is not listed there.
    let x = try XCTUnwrap(engine.explanations(of: [("card1", .x)]).first ?? nil)
    XCTAssertEqual(x.value, 8)
    XCTAssertFalse(x.lost.contains { $0.constraint.first.item == "card1" })
    // The container comes first, then the safe area's constraints, then inward.
    XCTAssertLessThan(
      try XCTUnwrap(e.steps.firstIndex { $0.constraint.description.hasPrefix("cardGrid.leading == safeArea") }),
      try XCTUnwrap(e.steps.firstIndex { $0.constraint.description == "row1.leading == card1.leading" }))
  }

  /// A view centred in the safe area: `box.centerX == safeArea.centerX`, 100 wide. On a
  /// 375-wide iPhone 8: x = (375 − 100) / 2 = 137.5, moving 1/2 per point of width.
  func testACentredViewsX() throws {
    let engine = try engine(
      """
      {"root": {"id": "root", "children": [{"id": "box"}]},
       "constraints": ["box.centerX == safeArea.centerX", "box.width == 100", "box.height == 40",
                       "box.top == safeArea.top"]}
      """)
    let e = try explain(engine, "box", .x, in: iPhone8)
    XCTAssertEqual(e.value, 137.5)
    assertSumsUp(e)
    XCTAssertEqual(e.perWidth, 0.5)
    XCTAssertEqual(
      e.steps.map(\.constraint.description),
      [
        "root.width == 375", "box.centerX == safeArea.centerX", "box.width == 100",
      ])
    XCTAssertEqual(e.steps.map(\.weight), [0.5, 1, -0.5])
    // Its y rests on the safe area's top inset (20 on an iPhone 8), a guide offset.
    let y = try explain(engine, "box", .y, in: iPhone8)
    XCTAssertEqual(y.value, 20)
    XCTAssertEqual(y.steps.map(\.guideOffset), [20])
    XCTAssertEqual(y.perHeight, 0)
  }

  /// A label pinned only at its leading edge takes its content's width: the step is its
  /// content-size constraint (hugging), whose constant is the measured width. Stretched between
  /// both edges (16 in on a 375-wide screen: 375 − 32 = 343), its hugging loses, by 343 minus
  /// that measured width, and is listed as lost.
  func testALabelsWidthFromItsContentSize() throws {
    let text = """
      {"root": {"id": "root", "children": [{"id": "title", "kind": "label", "text": "Hello", "fontSize": 17}]},
       "constraints": ["title.leading == safeArea.leading + 16", "title.top == safeArea.top + 8"%@]}
      """
    let hugging = try explain(try engine(text.replacingOccurrences(of: "%@", with: "")), "title", .width, in: iPhone8)
    XCTAssertEqual(hugging.steps.count, 1)
    let step = try XCTUnwrap(hugging.steps.first)
    guard case .intrinsic("title", _) = step.constraint.origin else { return XCTFail("\(step.constraint.origin)") }
    XCTAssertEqual(step.weight, 1)
    XCTAssertEqual(hugging.value, step.constant)
    XCTAssertGreaterThan(hugging.value, 0)
    XCTAssertEqual(hugging.perWidth, 0)

    let stretched = try explain(
      try engine(text.replacingOccurrences(of: "%@", with: ", \"title.trailing == safeArea.trailing - 16\"")),
      "title", .width, in: iPhone8)
    XCTAssertEqual(stretched.value, 343)
    assertSumsUp(stretched)
    XCTAssertEqual(stretched.perWidth, 1)
    let lost = try XCTUnwrap(stretched.lost.first { $0.constraint.relation == .lessThanOrEqual })
    XCTAssertEqual(lost.constraint.priority, step.constraint.priority)
    XCTAssertEqual(lost.violation, 343 - step.constant, accuracy: 1e-9)
  }

  /// A value that moves a quarter point per point of width: `box.width == 0.25 × root.width`.
  /// On 375: 93.75; on 400: 100 (the rate says 93.75 + 25 × 0.25).
  func testAValueThatMovesAQuarterPointPerPointOfWidth() throws {
    let engine = try engine(
      """
      {"root": {"id": "root", "children": [{"id": "box"}]},
       "constraints": ["box.width == 0.25 * root.width", "box.leading == root.leading", "box.top == root.top",
                       "box.height == 10"]}
      """)
    let narrow = try explain(engine, "box", .width, in: iPhone8)
    XCTAssertEqual(narrow.value, 93.75)
    XCTAssertEqual(narrow.perWidth, 0.25)
    assertSumsUp(narrow)
    let wide = try explain(engine, "box", .width, in: environment(400, 667))
    XCTAssertEqual(wide.value, narrow.value + 25 * narrow.perWidth)
  }

  /// `box` is 100 wide between `leading ≥ safeArea.leading + 20` and `trailing ≤
  /// safeArea.trailing − 20`: on 375 its x can be anything from 20 to 375 − 20 − 100 = 255, and
  /// those two inequalities leave it free. `free` has no horizontal constraint at all: any x.
  func testAnAmbiguousValuesRange() throws {
    let engine = try engine(
      """
      {"root": {"id": "root", "children": [{"id": "box"}, {"id": "free"}]},
       "constraints": ["box.width == 100", "box.height == 50", "box.top == safeArea.top + 10",
                       "box.leading >= safeArea.leading + 20", "box.trailing <= safeArea.trailing - 20",
                       "free.width == 10", "free.height == 10", "free.top == box.bottom"]}
      """)
    let box = try explain(engine, "box", .x, in: iPhone8)
    XCTAssertEqual(box.range?.lower, 20)
    XCTAssertEqual(box.range?.upper, 255)
    XCTAssertEqual(box.range?.lowerLimits.map(\.description), ["box.leading >= safeArea.leading + 20"])
    XCTAssertEqual(box.range?.upperLimits.map(\.description), ["box.trailing <= safeArea.trailing - 20"])
    XCTAssertEqual(
      Set(box.freeConstraints.map(\.description)),
      [
        "box.leading >= safeArea.leading + 20", "box.trailing <= safeArea.trailing - 20",
      ])
    let free = try XCTUnwrap(engine.explanations(of: [("free", .x)]).first ?? nil)
    XCTAssertEqual(free.range?.lower, -.infinity)
    XCTAssertEqual(free.range?.upper, .infinity)
    XCTAssertEqual(free.freeValues, ["free.x"])
    // Its height is determined: 10, resting on `free.height == 10` alone.
    let height = try XCTUnwrap(engine.explanations(of: [("free", .height)]).first ?? nil)
    XCTAssertNil(height.range)
    XCTAssertEqual(height.value, 10)
  }

  func testAViewTheLayoutDoesNotHaveHasNoExplanation() throws {
    let engine = try engine(#"{"root": {"id": "root", "children": [{"id": "box"}]}, "constraints": []}"#)
    XCTAssertNil(engine.explanations(of: [("box", .x)]).first ?? nil, "before any layout")
    _ = engine.layout(in: iPhone8)
    XCTAssertNil(engine.explanations(of: [("nothing", .x)]).first ?? nil)
  }
}
