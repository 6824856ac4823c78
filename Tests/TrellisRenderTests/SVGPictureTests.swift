import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Issue 16's rules for SVG pictures, read back with Foundation's XML parser: texts, hidden views,
/// the safe area, margins and legend (the matrix sheet's red marks: `MatrixCheckTests`). Expected numbers are
/// worked out by hand in the comments.
final class SVGPictureTests: XCTestCase {
  private func document(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLDocument {
    try XMLDocument(data: Data(svg.utf8), options: [])
  }

  /// Elements matching an XPath, with the SVG namespace ignored (`local-name()`).
  private func nodes(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
    try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
  }

  /// An attribute's value by its name (looked up among all of them: FoundationXML's
  /// `attribute(forName:)` finds nothing on elements in the SVG default namespace).
  private func attribute(_ element: XMLElement?, _ name: String) -> String? {
    element?.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
  }

  /// The two-view fixture (root 200x120, safe area from y 20, margins (8, 28, 184, 84)) with b's
  /// text set to `x<y & z> w` (10 characters).
  /// - b is a label, 80x60 at (100, 40), no resolution → 17 pt. Characters that fit at 0.5 em:
  ///   (80 − 2 × 2) / 8.5 = 8.9 → 8, so the text is cut to 7 + "…" = `x<y & z…`, escaped in the
  ///   file and read back whole. At 0.6 em those 8 would take 81.6 > 76: squeezed to 76. One line
  ///   20.4 tall, centred: top 40 + (60 − 20.4) / 2 = 59.8, baseline 59.8 + 0.95 × 17 = 75.95;
  ///   x = 100 + 2.
  /// - a is a plain view: its id at 11 units in its corner.
  /// - gone is hidden: inside the faint group drawn before any shown view, dashed, no text.
  func testSingleRenderTextHiddenGuidesAndLegend() throws {
    var result = Fixtures.twoViews
    result.views[2].text = "x<y & z> w"
    let svg = SVGRenderer.render(result, title: "two.json")
    let xml = try document(svg)

    let texts = try nodes(xml, "//*[local-name()='text'][@class='view-text']")
    XCTAssertEqual(texts.count, 1)
    XCTAssertEqual(texts.first?.stringValue, "x<y & z…")
    XCTAssertEqual(attribute(texts.first, "textLength"), "76")
    XCTAssertEqual(attribute(texts.first, "font-size"), "17")
    XCTAssertEqual(attribute(texts.first, "x"), "102")
    XCTAssertEqual(attribute(texts.first, "y"), "75.95")
    XCTAssertEqual(attribute(texts.first, "text-anchor"), "start")

    let aText = try nodes(xml, "//*[@id='view-a']/*[local-name()='text']")
    XCTAssertEqual(aText.map(\.stringValue), ["a"])
    XCTAssertEqual(attribute(aText.first, "font-size"), "11")

    let hiddenGroup = try XCTUnwrap(try nodes(xml, "//*[@id='hidden-views']").first)
    XCTAssertEqual(attribute(hiddenGroup, "opacity"), "0.45")
    let goneRect = try XCTUnwrap(
      try nodes(xml, "//*[@id='hidden-views']/*[@id='view-gone']/*[local-name()='rect']").first)
    XCTAssertEqual(attribute(goneRect, "stroke-dasharray"), "4 3")
    XCTAssertEqual(attribute(goneRect, "fill"), "none")
    XCTAssertEqual(try nodes(xml, "//*[@id='view-gone']//*[local-name()='text']").count, 0)
    // Drawn under the shown views: the hidden group comes before view-a in the document.
    let order = try nodes(xml, "//*[@id='hidden-views' or @id='view-a']").compactMap { attribute($0, "id") }
    XCTAssertEqual(order, ["hidden-views", "view-a"])

    let safe = try XCTUnwrap(try nodes(xml, "//*[@class='safe-area']").first)
    XCTAssertEqual(["x", "y", "width", "height"].map { attribute(safe, $0) }, ["0", "20", "200", "100"])
    let margins = try XCTUnwrap(try nodes(xml, "//*[@class='layout-margins']").first)
    XCTAssertEqual(["x", "y", "width", "height"].map { attribute(margins, $0) }, ["8", "28", "184", "84"])

    // The picture is clipped to the root and its 1-unit outline: 200 + 2 by 120 + 2 from (−1, −1);
    // the legend is outside that group.
    let clip = try XCTUnwrap(try nodes(xml, "//*[local-name()='clipPath'][@id='picture']/*").first)
    XCTAssertEqual(["x", "y", "width", "height"].map { attribute(clip, $0) }, ["-1", "-1", "202", "122"])
    XCTAssertEqual(try nodes(xml, "//*[@clip-path='url(#picture)']//*[@id='legend']").count, 0)
    XCTAssertEqual(try nodes(xml, "//*[@clip-path='url(#picture)']//*[@id='view-b']").count, 1)

    let legend = try nodes(xml, "//*[@id='legend']//*[local-name()='text']").map(\.stringValue)
    XCTAssertEqual(legend, ["view (solid)", "hidden view (dashed, faint)", "safe area", "layout margins (root)"])
    // The legend's samples: the hidden one dashed like hidden views, the safe area's blue dashes.
    let samples = try nodes(xml, "//*[@id='legend']//*[local-name()='rect']")
    XCTAssertEqual(samples.map { attribute($0, "stroke-dasharray") }, [nil, "4 3", "2 2", "1 2"])
    // Canvas: the legend (4 lines × 16 + 4 = 68) starts 12 under the 120-tall root, so
    // 120 + 12 + 68 + 1 = 201 tall; 230 wide (the legend is wider than 200 + 2).
    XCTAssertTrue(svg.contains("viewBox=\"-1 -1 230 201\""), String(svg.prefix(300)))
  }

  /// Concentration in landscape with its resolution (flips at 20 pt, cards at 17 pt):
  /// - flips (609, 163.5, 50, 48), "Flips\n0": lines 24 tall, 48 / 24 = 2 fit; (50 − 4) / 10 =
  ///   4.6 → 4 characters, so "Flips" becomes "Fli…" (4 × 12 = 48 at 0.6 em > 46: squeezed to
  ///   46) and "0" stays. Top 163.5 + (48 − 48) / 2, baselines 163.5 + 19 = 182.5 and 206.5; x 611.
  /// - cards are buttons: "?" centred (text-anchor middle at the box's centre).
  /// - row5 (hidden in compact height) and its cards are in the hidden group.
  func testTextLinesSizesAndButtonsFromTheResolution() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let environment = device.environment(orientation: .landscape)
    var result = Fixtures.concentration(environment)
    result.resolution = Fixtures.concentrationResolved(environment)
    let xml = try document(SVGRenderer.render(result))

    let flips = try XCTUnwrap(try nodes(xml, "//*[@id='view-flips']/*[local-name()='text']").first)
    XCTAssertEqual(attribute(flips, "font-size"), "20")
    let lines = try nodes(xml, "//*[@id='view-flips']//*[local-name()='tspan']")
    XCTAssertEqual(lines.map(\.stringValue), ["Fli…", "0"])
    XCTAssertEqual(lines.map { attribute($0, "textLength") }, ["46", nil])
    XCTAssertEqual(lines.map { attribute($0, "y") }, ["182.5", "206.5"])
    XCTAssertEqual(lines.map { attribute($0, "x") }, ["611", "611"])

    // card1: grid (8, 8, 593, 359), card width (593 − 32) / 5 = 112.2 → centre 8 + 56.1 = 64.1.
    let card = try XCTUnwrap(try nodes(xml, "//*[@id='view-card1']/*[local-name()='text']").first)
    XCTAssertEqual(card.stringValue, "?")
    XCTAssertEqual(attribute(card, "text-anchor"), "middle")
    XCTAssertEqual(attribute(card, "x"), "64.1")
    for id in ["row5", "card17", "card20"] {
      XCTAssertEqual(try nodes(xml, "//*[@id='hidden-views']/*[@id='view-\(id)']").count, 1, id)
    }
    // Stacks carry no id text: their arranged views cover their corners.
    XCTAssertEqual(try nodes(xml, "//*[@id='view-grid']/*[local-name()='text']").count, 0)
  }

  /// A box lower than one line takes a smaller font: 10 / 1.2 = 8.333; lower than 2.4 (a 2-unit
  /// font), no text at all.
  func testShortBoxesShrinkOrDropTheText() throws {
    var result = Fixtures.twoViews
    result.views[2].frame = Rect(x: 100, y: 40, width: 80, height: 10)
    var xml = try document(SVGRenderer.render(result))
    let text = try XCTUnwrap(try nodes(xml, "//*[@class='view-text']").first)
    XCTAssertEqual(attribute(text, "font-size"), "8.333")
    result.views[2].frame = Rect(x: 100, y: 40, width: 80, height: 2)
    xml = try document(SVGRenderer.render(result))
    XCTAssertEqual(try nodes(xml, "//*[@class='view-text']").count, 0)
  }

  /// Right to left, a label's text starts at its trailing (right) edge: anchor `end` at
  /// 100 + 80 − 2 = 178.
  func testRightToLeftLabelsAnchorAtTheRight() throws {
    var result = Fixtures.twoViews
    result.environment.layoutDirection = .rightToLeft
    let text = try XCTUnwrap(try nodes(try document(SVGRenderer.render(result)), "//*[@class='view-text']").first)
    XCTAssertEqual(text.stringValue, "Hi")
    XCTAssertEqual(attribute(text, "text-anchor"), "end")
    XCTAssertEqual(attribute(text, "x"), "178")
  }
}
