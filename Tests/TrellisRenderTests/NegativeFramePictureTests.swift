import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisTestSupport
import XCTest

/// `negative-frame` in the pictures: the SVG and ASCII marking of a box solved upside down (the
/// matrix's status for it: `MatrixCheckTests`).
final class NegativeFramePictureTests: XCTestCase {
  func testSVGMarksAFlippedBox() {
    let svg = SVGRenderer.render(Fixtures.twoViewsWithFlippedB)
    // b's box is drawn from y 20 to 40 (the flipped extent), red, dashed and crossed out.
    XCTAssertTrue(svg.contains("<g id=\"view-b\" class=\"negative-frame\">"), svg)
    XCTAssertTrue(svg.contains("negative size</title>"), svg)
    XCTAssertTrue(svg.contains("fill=\"#d73a49\""), svg)
    XCTAssertTrue(svg.contains("<path d=\"M"), svg)
    // The unflipped views are not marked.
    XCTAssertFalse(svg.contains("<g id=\"view-a\" class"), svg)
    XCTAssertEqual(SVGRenderer.render(Fixtures.twoViews).contains("negative-frame"), false)
  }

  func testASCIIMarksAFlippedBox() {
    for style in ASCIIDiagram.Style.allCases {
      let options = ASCIIDiagram.Options(columns: 60, style: style)
      let diagram = ASCIIDiagram.render(Fixtures.twoViewsWithFlippedB, options: options)
      let lines = diagram.split(separator: "\n", omittingEmptySubsequences: false)
      // b's label carries the mark, and a line under the drawing names it with its size.
      XCTAssertTrue(diagram.contains("!b"), diagram)
      XCTAssertEqual(lines.dropLast().last, "! negative size, drawn flipped: b 80x-20", diagram)
      // Nothing else is marked, and a layout without a flipped box has no such line.
      XCTAssertFalse(diagram.contains("!a"), diagram)
      let plain = ASCIIDiagram.render(Fixtures.twoViews, options: options)
      XCTAssertFalse(plain.contains("!"), plain)
      // The drawing itself is the unflipped layout's with b's box where the flip puts it.
      XCTAssertEqual(diagram.filter { $0 == "\n" }.count, plain.filter { $0 == "\n" }.count + 1)
    }
  }
}

/// `trellis rotate`'s report names the views a rotation installs and uninstalls.
final class RotationInstalledViewsTests: XCTestCase {
  func testReportListsViewsUnderInstalledAndUninstalled() throws {
    let json = """
      {"root": {"id": "root", "children": [
        {"id": "a", "installed": {"hC": false}}, {"id": "b", "installed": {"hR": false}}]},
       "constraints": [{"constraint": "a.width == 10", "id": "aw"}]}
      """
    let document = try XCTUnwrap(LayoutReader.parse(json, file: "t.json").document)
    let portrait = Environment(
      containerSize: Size(width: 300, height: 600), traits: TraitCollection(horizontal: .compact, vertical: .regular),
      safeAreaInsets: .zero, scale: 1)
    let landscape = Environment(
      containerSize: Size(width: 600, height: 300), traits: TraitCollection(horizontal: .compact, vertical: .compact),
      safeAreaInsets: .zero, scale: 1)
    let engine = LayoutEngine(document: document)
    let before = engine.layout(in: portrait)
    let after = engine.layout(in: landscape)
    let diff = LayoutDiff(
      from: try XCTUnwrap(before.resolution), to: try XCTUnwrap(after.resolution), solvedBefore: before,
      solvedAfter: after)
    let report = RotationReport.render(diff, before: before, after: after, diagram: nil)
    // a leaves with its constraint; b arrives.
    XCTAssertTrue(report.contains("uninstalled  view a\n"), report)
    XCTAssertTrue(report.contains("             aw: a.width == 10"), report)
    XCTAssertTrue(report.contains("installed    view b\n"), report)
  }
}
