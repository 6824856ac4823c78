import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisTestSupport
import TrellisText
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Issue 35: every picture draws text as the layout laid it out, and marks views it cannot show
/// in place. The layout is solved by the engine with the fixed metric (every character 0.5 em,
/// lines 1.2 em, ascender 0.95 em; docs/text.md), so each expected value below is worked out by
/// hand from that metric and the constraints, never copied from output.
///
/// The layout, on an iPhone 17 in portrait (402x874 @3x, safe area from y 62):
/// - heading: "Quarterly report", 17 pt, 16 characters × 8.5 = 136, a frame exactly that wide;
///   one line 20.4 tall, rounded up at @3x to 62 px = 20.667. Top 62 + 20 = 82.
/// - summary: 13 pt (6.5 a character, lines 15.6), numberOfLines 0, 288 wide: at most 44
///   characters a line (288 / 6.5 = 44.3). Greedily at spaces: "Revenue grew in every region
///   this quarter," is 42 (with " led" 46 > 44); "led by strong demand for the new plans and" 42
///   (with " lower" 48); "lower churn among long-time customers." 38. Widths 273, 273, 247; height
///   3 × 15.6 = 46.8 → 141 px = 47. Top 82 + 20.667 + 8 = 110.667; the lines (46.8) centred in 47
///   start at 110.767, baselines 0.95 × 13 = 12.35 lower: 123.117, 138.717, 154.317.
/// - tight: the same text as heading in a frame 100 wide: "…" takes 8.5, leaving 91.5 for 10
///   characters (85), the 10th a space, so "Quarterly…" (the tail truncation of docs/text.md).
/// - badge: 10 pt right of card's trailing edge, outside card.
/// - footer: 100,000 pt below the safe area's top: off screen, below.
final class TextPictureTests: XCTestCase {
  static let layout = """
    {
      "root": {"id": "root", "children": [
        {"id": "summary", "kind": "label", "fontSize": 13, "numberOfLines": 0,
         "text": "Revenue grew in every region this quarter, led by strong demand for the new plans and lower churn among long-time customers."},
        {"id": "heading", "kind": "label", "text": "Quarterly report"},
        {"id": "tight", "kind": "label", "text": "Quarterly report"},
        {"id": "card", "kind": "view", "children": [{"id": "badge", "kind": "label", "text": "New"}]},
        {"id": "footer", "kind": "label", "text": "Footer"}
      ]},
      "constraints": [
        "heading.top == safeArea.top + 20", "heading.leading == safeArea.leading + 20", "heading.width == 136",
        "summary.top == heading.bottom + 8", "summary.leading == safeArea.leading + 20", "summary.width == 288",
        "tight.top == summary.bottom + 8", "tight.leading == safeArea.leading + 20", "tight.width == 100",
        "card.top == tight.bottom + 20", "card.leading == safeArea.leading + 20", "card.width == 100",
        "card.height == 50", "badge.leading == card.trailing + 10", "badge.top == card.top",
        "footer.top == safeArea.top + 100000", "footer.leading == safeArea.leading + 20"
      ]
    }
    """
  static let summary =
    "Revenue grew in every region this quarter, led by strong demand for the new plans and lower churn among long-time customers."

  private func solved(_ json: String = layout, device: String = "iPhone 17", _ orientation: Orientation = .portrait)
    throws -> LayoutResult
  {
    let document = try XCTUnwrap(LayoutReader.parse(json, file: "report.json").document)
    let environment = try XCTUnwrap(DeviceTable.device(named: device)).environment(orientation: orientation)
    return LayoutEngine(document: document).layout(in: environment)
  }

  private func xml(_ svg: String) throws -> XMLDocument { try XMLDocument(data: Data(svg.utf8), options: []) }

  private func nodes(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
    try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
  }

  private func attribute(_ element: XMLElement?, _ name: String) -> String? {
    element?.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
  }

  private func lines(_ document: XMLDocument, _ id: String) throws -> [XMLElement] {
    try nodes(document, "//*[@id='view-\(id)']//*[local-name()='tspan'][@class='line']")
  }

  func testSVGDrawsTheLayoutsLinesFontAndTruncationOnly() throws {
    let document = try xml(SVGRenderer.render(try solved()))

    let summary = try lines(document, "summary")
    XCTAssertEqual(
      summary.map { $0.stringValue ?? "" },
      [
        "Revenue grew in every region this quarter,", "led by strong demand for the new plans and",
        "lower churn among long-time customers.",
      ])
    XCTAssertEqual(summary.map { $0.stringValue ?? "" }.joined(separator: " "), Self.summary)
    XCTAssertEqual(summary.map { attribute($0, "y") }, ["123.117", "138.717", "154.317"])
    XCTAssertEqual(summary.map { attribute($0, "textLength") }, ["273", "273", "247"])
    let summaryText = try XCTUnwrap(try nodes(document, "//*[@id='view-summary']/*[local-name()='text']").first)
    XCTAssertEqual(attribute(summaryText, "font-size"), "13")
    XCTAssertEqual(attribute(summaryText, "font-weight"), "400")
    XCTAssertEqual(attribute(summaryText, "data-lines"), "3")
    XCTAssertNil(attribute(summaryText, "data-truncated"))
    XCTAssertTrue(attribute(summaryText, "font-family")?.hasPrefix("-apple-system") == true)

    // Sized to its text: whole, no ellipsis.
    XCTAssertEqual(try lines(document, "heading").map(\.stringValue), ["Quarterly report"])
    // Narrower than its text: the layout's own truncation.
    XCTAssertEqual(try lines(document, "tight").map(\.stringValue), ["Quarterly…"])
    XCTAssertEqual(try lines(document, "tight").map { attribute($0, "textLength") }, ["85"])
    let tight = try nodes(document, "//*[@id='view-tight']/*[local-name()='text']").first
    XCTAssertEqual(attribute(tight, "data-truncated"), "true")

    // Off screen: an arrow and the id at the bottom edge; outside its superview: orange dashes.
    let off = try nodes(document, "//*[local-name()='text'][@class='off-screen']")
    XCTAssertEqual(off.map { attribute($0, "data-view") }, ["footer"])
    XCTAssertTrue(off.first?.stringValue?.hasSuffix("▼ footer") == true, off.first?.stringValue ?? "")
    XCTAssertEqual(try nodes(document, "//*[@id='view-badge']/*[@class='outside-mark']").count, 1)
    XCTAssertEqual(try nodes(document, "//*[@class='outside-mark']").count, 1)
    let legend = try nodes(document, "//*[@id='legend']//*[local-name()='text']").map(\.stringValue)
    XCTAssertTrue(legend.contains("outside its superview"), "\(legend)")
    // The off-screen mark's sample is the mark itself, in its colour, before its meaning.
    let entry = try XCTUnwrap(
      try nodes(document, "//*[@class='legend-entry'][*[local-name()='text'] = 'view off screen, that way']").first)
    let sample = try XCTUnwrap(try entry.nodes(forXPath: "*[local-name()='text']").first as? XMLElement)
    XCTAssertEqual(sample.stringValue, "▼ id")
    XCTAssertEqual(attribute(sample, "fill"), "#e36209")
  }

  /// A frame lower than the lines: only the lines that fit show, the last truncated. 20 pt holds
  /// one 15.6-pt line, so summary shows one line of at most 288: "…" (6.5) leaves 281.5, room for
  /// 43 characters, the 43rd a space: "Revenue grew in every region this quarter,…".
  func testAFrameTooLowShowsTheLinesThatFit() throws {
    var result = try solved()
    let index = try XCTUnwrap(result.views.firstIndex { $0.id == "summary" })
    result.views[index].frame.height = 20
    let shown = try XCTUnwrap(result.shownText(ofViewAt: index))
    XCTAssertEqual(shown.lines.map(\.text), ["Revenue grew in every region this quarter,…"])
    XCTAssertTrue(shown.isTruncated)
    XCTAssertTrue(shown.isRelaidOut)
    let document = try xml(SVGRenderer.render(result))
    XCTAssertEqual(try lines(document, "summary").map(\.stringValue), ["Revenue grew in every region this quarter,…"])
  }

  /// Concentration: 'Flips: 0' at 20 pt is 8 × 10 = 80 wide, the label's own width in regular
  /// height, so it shows whole; in compact height its text breaks at its newline ("Flips", "0"),
  /// as wide as "Flips" (50).
  func testConcentrationsFlipCountIsNotCut() throws {
    let json = try String(
      contentsOf: FixturePaths.layouts.appendingPathComponent("concentration.json"), encoding: .utf8)
    for (orientation, expected) in [(Orientation.portrait, ["Flips: 0"]), (.landscape, ["Flips", "0"])] {
      let result = try solved(json, orientation)
      XCTAssertEqual(
        try XCTUnwrap(result.view("flipCountLabel")).frame.width, orientation == .portrait ? 80 : 50, accuracy: 1e-9)
      let document = try xml(SVGRenderer.render(result))
      XCTAssertEqual(try lines(document, "flipCountLabel").map(\.stringValue), expected, "\(orientation)")
      // The diagram has 99 cells for 402 pt: 80 pt are 19.7 cells, room for the 8 characters.
      // (Landscape's 50 pt are 4 cells on an iPhone 17 at 100 columns: too few, whatever the text.)
      if orientation == .portrait {
        let ascii = ASCIIDiagram.render(result, options: .init(columns: 100))
        XCTAssertTrue(ascii.contains("│Flips: 0"), ascii)
      }
    }
  }

  func testPreviewDataHoldsTheLinesFontAndMarks() throws {
    let result = try solved()
    let environment = PreviewPage.Environment(
      device: "iPhone 17", orientation: "portrait", window: "full", status: "ok", problem: "", diagnostics: [],
      result: result)
    let data = PreviewPage.data([environment], title: "report.json", defaultDevice: "iPhone 17")
    func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
      guard case .object(let members)? = value else { return nil }
      return members.first { $0.key == key }?.value
    }
    func items(_ value: JSONValue?) -> [JSONValue] {
      guard case .array(let items)? = value else { return [] }
      return items
    }
    XCTAssertEqual(member(data, "defaultDevice"), .string("iPhone 17"))
    let views = items(member(items(member(data, "environments")).first, "views"))
    func view(_ id: String) -> JSONValue? { views.first { member($0, "id") == .string(id) } }
    let shown = member(view("summary"), "shown")
    let texts = items(member(shown, "lines")).compactMap { line -> String? in
      guard case .string(let text)? = items(line).first else { return nil }
      return text
    }
    XCTAssertEqual(texts.count, 3)
    XCTAssertEqual(texts.joined(separator: " "), Self.summary)
    XCTAssertEqual(member(shown, "size"), .number(13))
    XCTAssertEqual(member(shown, "font"), .string("system"))
    XCTAssertEqual(member(shown, "measured"), .array([.number(273), .number(47)]))
    // One line, 136 wide, its baseline 0.95 × 17 = 16.15 below the text's top.
    let heading = member(view("heading"), "shown")
    XCTAssertEqual(
      items(member(heading, "lines")).first, .array([.string("Quarterly report"), .number(136), .number(16.15)]))
    XCTAssertEqual(member(heading, "truncated"), .bool(false))
    XCTAssertEqual(member(view("footer"), "offScreen"), .string("below"))
    XCTAssertEqual(member(view("footer"), "mark"), .string("off screen (below)"))
    XCTAssertEqual(member(view("badge"), "mark"), .string("outside its superview 'card'"))
    XCTAssertEqual(member(view("heading"), "mark"), .null)

    // The script draws those lines, opens on the default device, and keeps the choice in the address.
    let page = PreviewPage.render([environment], title: "report.json", defaultDevice: "iPhone 17")
    for piece in [
      "lines.forEach(function (line)", "\"class\": \"line\"", "textLength", "data.defaultDevice",
      "history.replaceState(null, \"\", address)",
      "getElementById(\"link\").setAttribute(\"href\", address)",
      "var chosen = { device: device, orientation: orientation, window: window }",
      "new URLSearchParams(chosen)",
      "line height ", "measured ",
    ] {
      XCTAssertTrue(page.contains(piece), piece)
    }
  }

  func testASCIIShowsWrappedLinesOrTheFirstWithAMarkAndNamesOffScreenViews() throws {
    let result = try solved()
    // 100 columns: 99 / 402 cells a point across, half that down; summary's 47 pt take 5.8 rows,
    // room for its three lines.
    let wide = ASCIIDiagram.render(result, options: .init(columns: 100))
    let rows = wide.split(separator: "\n").map(String.init)
    let first = try XCTUnwrap(rows.firstIndex { $0.contains("Revenue grew in every region this quarter,") })
    XCTAssertTrue(rows[first + 1].contains("led by strong demand for the new plans and"), wide)
    XCTAssertTrue(rows[first + 2].contains("lower churn among long-time customers."), wide)
    XCTAssertTrue(wide.contains("Quarterly report"), wide)
    XCTAssertTrue(wide.contains("Quarterly…"), wide)
    XCTAssertTrue(rows.contains("off screen: footer (below)"), wide)
    XCTAssertTrue(rows.contains("outside their superview: badge (in card)"), wide)
    XCTAssertFalse(wide.contains("too small to mark"), wide)
    // 60 columns: 47 pt is 3.4 rows, one inside the box (41 cells): the first line cut, and how
    // many more there are.
    let narrow = ASCIIDiagram.render(result, options: .init(columns: 60))
    XCTAssertTrue(narrow.contains("│Revenue grew in every region this q… (+2)│"), narrow)
  }

  /// The pictures cut exactly what the layout reports cut: on every example layout, as written
  /// and with every text doubled (the `double` pseudo-locale, which squeezes many), and on this
  /// file's layout, on every built-in device in both orientations, a drawn label or button's
  /// shown text is truncated exactly when the engine warns `text-truncated` for it (where the
  /// warnings were not capped: 50 a layout, TextChecks), and a text that is not truncated shows
  /// all its characters but spaces and line breaks (none lost, none added).
  func testShownTextIsCutExactlyWhereTheLayoutSaysSo() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.layouts.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertGreaterThanOrEqual(files.count, 5)
    var documents: [(String, LayoutDocument)] = [
      ("report.json", try XCTUnwrap(LayoutReader.parse(Self.layout, file: "report.json").document))
    ]
    for file in files {
      let json = try String(contentsOf: FixturePaths.layouts.appendingPathComponent(file), encoding: .utf8)
      let document = try XCTUnwrap(LayoutReader.parse(json, file: file).document, file)
      documents.append((file, document))
      documents.append((file + " (double)", document.pseudoLocalized(try XCTUnwrap(PseudoLocale(name: "double")))))
    }
    var checked = 0
    var truncated = 0
    for (file, document) in documents {
      let engine = LayoutEngine(document: document)
      for device in DeviceTable.all {
        for orientation in Orientation.allCases {
          let result = engine.layout(in: device.environment(orientation: orientation), snapToPixels: true)
          let warned = Set(result.diagnostics.filter { $0.code.rawValue == "text-truncated" }.compactMap(\.subject))
          guard warned.count < 50 else { continue }
          for index in result.views.indices {
            let view = result.views[index]
            guard !view.isEffectivelyHidden, let shown = result.shownText(ofViewAt: index) else { continue }
            checked += 1
            if shown.isTruncated { truncated += 1 }
            let context = "\(file) \(device.name) \(orientation) \(view.id) \(view.frame)"
            XCTAssertEqual(shown.isTruncated, warned.contains(view.id), context)
            if !shown.isTruncated {
              let drawn = shown.lines.map(\.text).joined().filter { !$0.isWhitespace }
              XCTAssertEqual(drawn, (view.text ?? "").filter { !$0.isWhitespace }, context)
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 1000)
    XCTAssertGreaterThan(truncated, 0)
  }
}
