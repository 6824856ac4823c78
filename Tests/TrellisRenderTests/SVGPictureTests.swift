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
  /// - b is a label, 80x60 at (100, 40), no resolution (nothing laid its text out): drawn as
  ///   written, whole (no layout cut it, so the picture does not either), escaped in the file and
  ///   read back whole, unstretched (no measured width), at 17 units. One line 20.4 tall, centred:
  ///   top 40 + (60 − 20.4) / 2 = 59.8, baseline 59.8 + 0.95 × 17 = 75.95; x = 100.
  /// - a is a plain view: its id at 11 units in its corner.
  /// - gone is hidden: inside the faint group drawn before any shown view, dashed, no text.
  func testSingleRenderTextHiddenGuidesAndLegend() throws {
    var result = Fixtures.twoViews
    result.views[2].text = "x<y & z> w"
    let svg = SVGRenderer.render(result, title: "two.json")
    let xml = try document(svg)

    let texts = try nodes(xml, "//*[local-name()='text'][@class='view-text']")
    XCTAssertEqual(texts.count, 1)
    XCTAssertEqual(texts.first?.stringValue, "x<y & z> w")
    let line = try XCTUnwrap(try nodes(xml, "//*[@class='view-text']/*[local-name()='tspan']").first)
    XCTAssertNil(attribute(line, "textLength"))
    XCTAssertEqual(attribute(texts.first, "font-size"), "17")
    XCTAssertEqual(attribute(texts.first, "x"), "100")
    XCTAssertEqual(attribute(line, "y"), "75.95")
    XCTAssertEqual(attribute(texts.first, "text-anchor"), "start")
    XCTAssertEqual(attribute(texts.first, "data-lines"), "1")

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
    XCTAssertEqual(
      legend, ["view (solid; colour by depth)", "hidden view (dashed, faint)", "safe area", "layout margins (root)"])
    // The legend's samples: the hidden one dashed like hidden views, the safe area's blue dashes.
    let samples = try nodes(xml, "//*[@id='legend']//*[local-name()='rect']")
    XCTAssertEqual(samples.map { attribute($0, "stroke-dasharray") }, [nil, "4 3", "2 2", "1 2"])
    // Canvas: the legend (4 lines × 16 + 4 = 68) starts 12 under the 120-tall root, so
    // 120 + 12 + 68 + 1 = 201 tall; 250 wide (the legend is wider than 200 + 2).
    XCTAssertTrue(svg.contains("viewBox=\"-1 -1 250 201\""), String(svg.prefix(300)))
  }

  /// Views 0 wide or 0 high, which a browser would not draw at all as rectangles: a is made 0 wide
  /// at x 20 (from y 40, 60 tall), the hidden gone 0 high at y 10 (from x 10, 30 wide). Each keeps
  /// its rectangle and gets a line along it, a's solid, gone's dashed in the hidden group; b
  /// (80x60) gets none. The margins come before the first view in the document (drawn under the
  /// views), the safe area after the last.
  func testZeroSizeViewsAreLinesAndTheMarginsAreUnderTheViews() throws {
    var result = Fixtures.twoViews
    result.views[1].frame = Rect(x: 20, y: 40, width: 0, height: 60)
    result.views[3].frame = Rect(x: 10, y: 10, width: 30, height: 0)
    let xml = try document(SVGRenderer.render(result))
    let lines = try nodes(xml, "//*[local-name()='line'][@class='zero-size']")
    XCTAssertEqual(lines.count, 2)
    let a = try XCTUnwrap(try nodes(xml, "//*[@id='view-a']/*[local-name()='line']").first)
    XCTAssertEqual(["x1", "y1", "x2", "y2"].map { attribute(a, $0) }, ["20", "40", "20", "100"])
    XCTAssertNil(attribute(a, "stroke-dasharray"))
    let gone = try XCTUnwrap(try nodes(xml, "//*[@id='hidden-views']/*[@id='view-gone']/*[local-name()='line']").first)
    XCTAssertEqual(["x1", "y1", "x2", "y2"].map { attribute(gone, $0) }, ["10", "10", "40", "10"])
    XCTAssertEqual(attribute(gone, "stroke-dasharray"), "4 3")
    XCTAssertEqual(try nodes(xml, "//*[@id='view-b']/*[local-name()='line']").count, 0)

    let order = try nodes(xml, "//*[@class='layout-margins' or @class='safe-area' or starts-with(@id, 'view-')]")
      .map { attribute($0, "class") ?? attribute($0, "id") ?? "" }
    XCTAssertEqual(order.first, "layout-margins", "\(order)")
    XCTAssertEqual(order.last, "safe-area", "\(order)")
  }

  /// Concentration in landscape on an iPhone 8 (667x375, no insets), solved by the engine with
  /// the fixed metric: flips ("Flips\n0", 20 pt) is as wide as "Flips" (5 × 10 = 50) and two
  /// 24-pt lines tall (48); centred on the safe area (375 / 2 − 24 = 163.5), 8 from the trailing
  /// edge (667 − 8 − 50 = 609). Its lines are the layout's, stretched to their measured widths (50
  /// and 10), baselines 163.5 + 0.95 × 20 = 182.5 and 24 lower, 206.5, at its leading edge (609).
  /// A frame lower than one line keeps the layout's font size (UILabel does not shrink text
  /// unless told to): the line overflows, centred. row5 (hidden in compact height) and its cards
  /// are in the hidden group.
  func testTextLinesSizesAndButtonsFromTheResolution() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let environment = device.environment(orientation: .landscape)
    let json = try String(
      contentsOf: FixturePaths.layouts.appendingPathComponent("concentration.json"), encoding: .utf8)
    let layout = try XCTUnwrap(LayoutReader.parse(json, file: "concentration.json").document)
    var result = LayoutEngine(document: layout).layout(in: environment)
    let xml = try document(SVGRenderer.render(result))

    let flips = try XCTUnwrap(try nodes(xml, "//*[@id='view-flipCountLabel']/*[local-name()='text']").first)
    XCTAssertEqual(attribute(flips, "font-size"), "20")
    let lines = try nodes(xml, "//*[@id='view-flipCountLabel']//*[local-name()='tspan']")
    XCTAssertEqual(lines.map(\.stringValue), ["Flips", "0"])
    XCTAssertEqual(lines.map { attribute($0, "textLength") }, ["50", "10"])
    XCTAssertEqual(lines.map { attribute($0, "y") }, ["182.5", "206.5"])
    XCTAssertEqual(lines.map { attribute($0, "x") }, ["609", "609"])
    for id in ["row5", "card17", "card20"] {
      XCTAssertEqual(try nodes(xml, "//*[@id='hidden-views']/*[@id='view-\(id)']").count, 1, id)
    }
    // Stacks carry no id text: their arranged views cover their corners.
    XCTAssertEqual(try nodes(xml, "//*[@id='view-cardGrid']/*[local-name()='text']").count, 0)

    // 10 pt tall: one line (at least one shows), still 20 units, centred: top 163.5 + (10 − 24) / 2
    // = 156.5, baseline 175.5; "0" is left out, so the line is the layout's cut of the text.
    let index = try XCTUnwrap(result.views.firstIndex { $0.id == "flipCountLabel" })
    result.views[index].frame.height = 10
    let short = try document(SVGRenderer.render(result))
    let shortLines = try nodes(short, "//*[@id='view-flipCountLabel']//*[local-name()='tspan']")
    XCTAssertEqual(shortLines.map { attribute($0, "y") }, ["175.5"])
    XCTAssertEqual(
      attribute(try nodes(short, "//*[@id='view-flipCountLabel']/*[local-name()='text']").first, "font-size"), "20")
  }

  /// Right to left, a label's text starts at its trailing (right) edge: anchor `end` at
  /// 100 + 80 = 180 (a label has no insets).
  func testRightToLeftLabelsAnchorAtTheRight() throws {
    var result = Fixtures.twoViews
    result.environment.layoutDirection = .rightToLeft
    let text = try XCTUnwrap(try nodes(try document(SVGRenderer.render(result)), "//*[@class='view-text']").first)
    XCTAssertEqual(text.stringValue, "Hi")
    XCTAssertEqual(attribute(text, "text-anchor"), "end")
    XCTAssertEqual(attribute(text, "x"), "180")
  }
}
