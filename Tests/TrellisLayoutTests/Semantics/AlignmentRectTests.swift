import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `alignmentRectInsets` (docs/semantics.md, "Alignment rectangles"): the constraints place the
/// alignment rectangle; the frame is it grown by the insets. Every expected frame is worked out
/// by hand in the comment beside it; `layout` also checks every constraint against the
/// alignment rectangles, independently of the engine.
final class AlignmentRectTests: XCTestCase {
  /// A UISwitch's insets, as the importer gives them.
  private let switchInsets = "{\"right\": 2}"

  func testTheFrameIsTheAlignmentRectangleGrownByTheInsets() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "sw", "intrinsicSize": {"width": 49, "height": 31}, "alignmentRectInsets": \(switchInsets)},
         {"id": "odd", "alignmentRectInsets": {"left": 1, "top": 3, "bottom": 2, "right": 0}}]},
       "constraints": ["sw.trailing == root.trailingMargin", "sw.top == root.top + 100",
                       "odd.leading == root.leading + 10", "odd.top == root.top + 20",
                       "odd.width == 30", "odd.height == 40"]}
      """
    let r = try XCTUnwrap(layout(json, environment(375, 667)))
    // The rectangle's right at the margin, 375 − 16 = 359; 49 wide from x 310; the frame 2 wider.
    assertRect(r, "sw", 310, 100, 51, 31)
    // Rectangle (10, 20, 30, 40); frame 1 further left, 3 higher, 1 + 0 wider, 3 + 2 taller.
    assertRect(r, "odd", 9, 17, 31, 45)
  }

  func testCentringCentresTheAlignmentRectangle() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "sw", "intrinsicSize": {"width": 49, "height": 31}, "alignmentRectInsets": \(switchInsets)}]},
       "constraints": ["sw.centerX == root.centerX", "sw.centerY == root.centerY"]}
      """
    let r = try XCTUnwrap(layout(json, environment(414, 896)))
    // The rectangle's centre at 207: x = 207 − 24.5 = 182.5 (AnimatedConstraints stores 182.5,
    // not the frame's 181.5); vertically (896 − 31) / 2 = 432.5.
    assertRect(r, "sw", 182.5, 432.5, 51, 31)
  }

  func testAStackArrangesAlignmentRectangles() throws {
    let json = """
      {"root": {"id": "root", "children": [
         {"id": "row", "kind": "stack", "alignment": "center", "spacing": 16, "children": [
           {"id": "title", "kind": "image", "intrinsicSize": {"width": 83, "height": 20.5}},
           {"id": "sw", "intrinsicSize": {"width": 49, "height": 31}, "alignmentRectInsets": \(switchInsets)}]}]},
       "constraints": ["row.centerX == root.centerX", "row.top == root.top + 28"]}
      """
    let r = try XCTUnwrap(layout(json, environment(375, 667)))
    // 83 + 16 + 49 = 148 wide (the Stacks storyboard's stored width); x = (375 − 148) / 2.
    assertRect(r, "row", 113.5, 28, 148, 31)
    assertRect(r, "title", 113.5, 33.25, 83, 20.5)
    // The switch's rectangle at 113.5 + 99; its frame 51 wide, reaching past the stack's end.
    assertRect(r, "sw", 212.5, 28, 51, 31)
  }

  func testReadingAndWriting() throws {
    // A number is the same inset on every side.
    let read = LayoutReader.parse(
      """
      {"root": {"id": "root", "alignmentRectInsets": 3, "children": [
         {"id": "a", "alignmentRectInsets": 2}, {"id": "g", "kind": "guide", "alignmentRectInsets": 1}]},
       "constraints": []}
      """, file: "insets.json")
    let document = try XCTUnwrap(read.document)
    XCTAssertEqual(document.allViews.first { $0.id == "a" }?.alignmentRectInsets, .uniform(2))
    XCTAssertEqual(document.root.alignmentRectInsets, .zero, "the root's frame is the container")
    XCTAssertEqual(document.allViews.first { $0.id == "g" }?.alignmentRectInsets, .zero, "a guide has no frame")
    XCTAssertEqual(read.diagnostics.map(\.code.rawValue), ["not-applicable", "not-applicable"])
    XCTAssertEqual(read.diagnostics.map(\.location?.line), [1, 2])
    // Written back and read again: the same insets, and nothing written where they are zero.
    var written = document
    written.root.children[0].alignmentRectInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
    let text = LayoutWriter.json(written)
    XCTAssertEqual(text.components(separatedBy: "alignmentRectInsets").count, 2, text)
    let again = try XCTUnwrap(LayoutReader.parse(text, file: "again.json").document)
    XCTAssertEqual(
      again.allViews.first { $0.id == "a" }?.alignmentRectInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
  }
}
