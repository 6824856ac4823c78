import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisTestSupport
import XCTest

final class RendererTests: XCTestCase {
  // MARK: ASCII

  /// Worked out by hand. Root 200x120 at 21 columns: 20 cells across → 0.1 cell/pt; rows − 1 =
  /// round(120 × 0.1 / 2) = 6 → 7 rows, 6/120 = 0.05 row/pt.
  /// - root: cols 0…20, rows 0…6; safe-area top 20 pt → row 1 (dotted; its other edges lie on the root's).
  /// - a (20, 40, 60, 60): cols 2…8, rows 2…5 (40 × 0.05 = 2, 100 × 0.05 = 5).
  /// - b (100, 40, 80, 60): cols 10…18, rows 2…5.
  /// - b is a label: it shows its text, "Hi".
  /// - gone (10, 10, 30, 30) is hidden: dotted, cols 1…4 (10 × 0.1 = 1), rows 1…2 (10 × 0.05 = 0.5
  ///   → 1, halves away from zero); solid lines and texts cover it except its bottom-left corner
  ///   (row 2, col 1: `·`). It has no inside row for "[gone]"; the line under the diagram names it.
  /// - Texts go in the first free cell inside each box; root's first free cell is row 1, col 1 (a
  ///   dotted cell, which texts may cover).
  func testTwoViewDiagramWorkedOutByHand() {
    let expected = [
      "┌───────────────────┐",
      "│root┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄│",
      "│·┌─────┐ ┌───────┐ │",
      "│ │a    │ │Hi     │ │",
      "│ │     │ │       │ │",
      "│ └─────┘ └───────┘ │",
      "└───────────────────┘",
      "hidden (dotted): gone",
    ].map { $0 + "\n" }.joined()
    XCTAssertEqual(ASCIIDiagram.render(Fixtures.twoViews, options: .init(columns: 21)), expected)
  }

  func testASCIIStyleUsesPlusMinusBar() {
    let expected = [
      "+-------------------+",
      "|root...............|",
      "|.+-----+ +-------+ |",
      "| |a    | |Hi     | |",
      "| |     | |       | |",
      "| +-----+ +-------+ |",
      "+-------------------+",
      "hidden (dotted): gone",
    ].map { $0 + "\n" }.joined()
    XCTAssertEqual(ASCIIDiagram.render(Fixtures.twoViews, options: .init(columns: 21, style: .ascii)), expected)
  }

  /// Two siblings sharing an edge, and a child flush with its parent's top-left corner: the edges
  /// merge into junctions. Root 100x40 at 11 columns → 0.1 cell/pt, rows − 1 = round(40 × 0.1 / 2) = 2.
  /// - left (0, 0, 50, 40): cols 0…5; right (50, 0, 50, 40): cols 5…10 → shared column 5: ┬ │ ┴.
  func testSharedEdgesMergeIntoJunctions() {
    let environment = Environment(containerSize: Size(width: 100, height: 40), traits: TraitCollection.all[1])
    let result = LayoutResult(
      environment: environment,
      views: [
        Fixtures.frame("root", parent: nil, Rect(x: 0, y: 0, width: 100, height: 40)),
        Fixtures.frame("left", parent: "root", Rect(x: 0, y: 0, width: 50, height: 40)),
        Fixtures.frame("right", parent: "root", Rect(x: 50, y: 0, width: 50, height: 40)),
      ],
      safeArea: Rect(x: 0, y: 0, width: 100, height: 40), margins: Rect(x: 8, y: 8, width: 84, height: 24),
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
    // Interiors are 4 cells wide (cols 1…4 and 6…9): "left" fits; "right" (5) does not, so it gets
    // the key "1" and the legend line maps it; "keys: 1 right" (13) wraps at 11, indented 2.
    let expected = ["┌────┬────┐", "│left│1   │", "└────┴────┘", "keys: 1", "  right"].map { $0 + "\n" }.joined()
    XCTAssertEqual(ASCIIDiagram.render(result, options: .init(columns: 11)), expected)
  }

  func testNonFiniteAndHugeFramesDoNotTrap() {
    var result = Fixtures.twoViews
    result.views[1].frame = Rect(x: .nan, y: 0, width: 10, height: 10)
    result.views[2].frame = Rect(x: -1e300, y: 1e300, width: .infinity, height: -5)
    let text = ASCIIDiagram.render(result, options: .init(columns: 21))
    // Seven rows of drawing (a and b have no finite box, and do not move any edge), then the
    // notes: a (NaN x) is shown but has no box, so it is named ("too small to mark: a"); the
    // hidden view; last, the view with a negative height (not drawn: its frame is not finite,
    // but it is still named), wrapped at 21 cells into 3 lines.
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 12, text)
    XCTAssertEqual(lines[1], "│root┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄│", text)
    XCTAssertEqual(
      Array(lines[7...]),
      ["too small to mark: a", "hidden (dotted): gone", "! negative size,", "  drawn flipped: b", "  infx-5"], text)
    var empty = Fixtures.twoViews
    empty.environment.containerSize = Size(width: 0, height: 100)
    XCTAssertEqual(ASCIIDiagram.render(empty), "(nothing to draw: the container is 0x100)\n")
  }

  func testConcentrationPortraitSnapshot() {
    let device = DeviceTable.device(named: "iPhone 8")
    guard let environment = device?.environment(orientation: .portrait) else { return XCTFail("no iPhone 8") }
    Snapshot.assertMatches(
      ASCIIDiagram.report(Fixtures.concentration(environment), options: .init(columns: 60)),
      named: "concentration-portrait", in: FixturePaths.snapshots)
  }

  func testConcentrationLandscapeSnapshot() {
    let device = DeviceTable.device(named: "iPhone 8")
    guard let environment = device?.environment(orientation: .landscape) else { return XCTFail("no iPhone 8") }
    Snapshot.assertMatches(
      ASCIIDiagram.report(Fixtures.concentration(environment), options: .init(columns: 100)),
      named: "concentration-landscape", in: FixturePaths.snapshots)
  }

  // MARK: Frame table

  func testFrameTableWorkedOutByHand() {
    // Column widths: id 6 ("  gone"), kind 5 ("label"), x 3 ("100"), y 2, width 5, height 6, hidden 6;
    // two spaces between columns, numbers right-aligned, trailing spaces dropped.
    let expected = [
      "id    " + "  " + "kind " + "  " + "  x" + "  " + " y" + "  " + "width" + "  " + "height" + "  " + "hidden",
      "root  " + "  " + "view " + "  " + "  0" + "  " + " 0" + "  " + "  200" + "  " + "   120" + "  " + "no",
      "  a   " + "  " + "view " + "  " + " 20" + "  " + "40" + "  " + "   60" + "  " + "    60" + "  " + "no",
      "  b   " + "  " + "label" + "  " + "100" + "  " + "40" + "  " + "   80" + "  " + "    60" + "  " + "no",
      "  gone" + "  " + "view " + "  " + " 10" + "  " + "10" + "  " + "   30" + "  " + "    30" + "  " + "yes",
    ].map { $0 + "\n" }.joined()
    XCTAssertEqual(FrameTable.render(Fixtures.twoViews), expected)
  }

  func testFrameTableMarksInheritedHiddenAndShortNumbers() {
    var result = Fixtures.twoViews
    result.views[1].frame = Rect(x: 12.5, y: 92.33333333, width: 1.0 / 3.0, height: -0.0)
    result.views[2].isEffectivelyHidden = true
    let lines = FrameTable.render(result).split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines[2].split(separator: " ").map(String.init), ["a", "view", "12.5", "92.333", "0.333", "0", "no"])
    XCTAssertEqual(lines[3].split(separator: " ").last, "inherited")
  }

  func testShortNumbers() {
    XCTAssertEqual(NumberFormat.short(8), "8")
    XCTAssertEqual(NumberFormat.short(12.5), "12.5")
    XCTAssertEqual(NumberFormat.short(92.33333), "92.333")
    XCTAssertEqual(NumberFormat.short(-0.0001), "0")
    XCTAssertEqual(NumberFormat.short(2.9999999), "3")
    XCTAssertEqual(NumberFormat.short(.nan), "nan")
  }

  // MARK: JSON

  func testJSONDocumentFieldByField() throws {
    var result = Fixtures.twoViews
    result.environment.deviceName = "Test Phone"
    result.environment.orientation = .portrait
    result.diagnostics = [
      Diagnostic(
        .error, "unable to satisfy", code: "unsatisfiable", at: SourceLocation(file: "two.json", line: 3, column: 7)),
      Diagnostic(.warning, "whole layout", code: "overlap"),
    ]
    let text = LayoutJSON.render(result, layout: "two.json")
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["layout"] as? String, "two.json")
    XCTAssertEqual(object["device"] as? String, "Test Phone")
    XCTAssertEqual(object["orientation"] as? String, "portrait")
    XCTAssertEqual(object["traits"] as? [String: String], ["horizontal": "compact", "vertical": "regular"])
    XCTAssertEqual(object["container"] as? [String: Double], ["width": 200, "height": 120])
    XCTAssertEqual(object["scale"] as? Double, 2)
    XCTAssertEqual(object["safeArea"] as? [String: Double], ["top": 20, "left": 0, "bottom": 0, "right": 0])
    let views = try XCTUnwrap(object["views"] as? [[String: Any]])
    XCTAssertEqual(views.map { $0["id"] as? String }, ["root", "a", "b", "gone"])
    XCTAssertTrue(views[0]["parent"] is NSNull)
    XCTAssertEqual(views[2]["parent"] as? String, "root")
    XCTAssertEqual(views[2]["kind"] as? String, "label")
    XCTAssertEqual(views[2]["frame"] as? [String: Double], ["x": 100, "y": 40, "width": 80, "height": 60])
    XCTAssertEqual(views.map { $0["hidden"] as? Bool }, [false, false, false, true])
    let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
    XCTAssertEqual(diagnostics[0]["severity"] as? String, "error")
    XCTAssertEqual(diagnostics[0]["message"] as? String, "unable to satisfy")
    XCTAssertEqual(diagnostics[0]["file"] as? String, "two.json")
    XCTAssertEqual(diagnostics[0]["line"] as? Int, 3)
    XCTAssertEqual(diagnostics[0]["column"] as? Int, 7)
    XCTAssertTrue(diagnostics[1]["file"] is NSNull)
    XCTAssertTrue(diagnostics[1]["line"] is NSNull)
  }

  func testJSONKeysComeInTheDocumentedOrder() {
    let text = LayoutJSON.render(Fixtures.twoViews, layout: nil)
    let keys = [
      "\"layout\"", "\"device\"", "\"orientation\"", "\"traits\"", "\"container\"", "\"scale\"", "\"safeArea\"",
      "\"views\"", "\"diagnostics\"",
    ]
    let offsets = keys.compactMap { text.range(of: $0)?.lowerBound }
    XCTAssertEqual(offsets.count, keys.count)
    XCTAssertEqual(offsets, offsets.sorted())
    XCTAssertTrue(text.hasPrefix("{\n  \"layout\": null,\n  \"device\": null,\n"))
    XCTAssertTrue(
      text.contains(
        "\"frame\": {\n        \"x\": 20,\n        \"y\": 40,\n        \"width\": 60,\n        \"height\": 60\n      },"
      ))
  }

  func testJSONEscapesAndNumbers() {
    let value = JSONValue.object([
      "s": .string("a\"b\\c\nd\u{01}é"), "n": .number(92.5), "i": .number(-3), "bad": .number(.nan), "e": .array([]),
    ])
    XCTAssertEqual(
      value.prettyPrinted(),
      "{\n  \"s\": \"a\\\"b\\\\c\\nd\\u0001é\",\n  \"n\": 92.5,\n  \"i\": -3,\n  \"bad\": null,\n  \"e\": []\n}\n")
  }

  // MARK: SVG

  func testSVGIsWellFormedAndNamesViews() throws {
    var result = Fixtures.twoViews
    result.views[1].id = "a<&>"
    let svg = SVGRenderer.render(result, title: "two & more.json")
    let checker = XMLChecker(svg)
    XCTAssertTrue(checker.parse(), checker.failure)
    XCTAssertEqual(checker.rootElement, "svg")
    XCTAssertTrue(checker.ids.contains("view-a<&>"))
    XCTAssertTrue(checker.ids.contains("view-gone"))
    XCTAssertTrue(svg.contains("stroke-dasharray=\"4 3\""), "hidden view dashed")
    XCTAssertTrue(svg.contains("<title>safe area (0, 20, 200, 100)</title>"), svg)
    // 200x120 and a border of 1, widened to the legend's 250 and lengthened by it: 12 + 4 lines
    // × 16 + 4 + 1 under the root (SVGPictureTests has the details).
    XCTAssertTrue(svg.contains("viewBox=\"-1 -1 250 201\""))
  }

  func testSVGLabelsOnlyWhereNoLaterViewCoversTheCorner() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let checker = XMLChecker(SVGRenderer.render(Fixtures.concentration(device.environment())))
    XCTAssertTrue(checker.parse(), checker.failure)
    // Cards (buttons titled "?") and the label show their texts, not their ids; the stacks under
    // card1's corner show no id.
    XCTAssertTrue(checker.texts.contains("?"))
    XCTAssertTrue(checker.texts.contains("Flips: 0"))
    XCTAssertFalse(checker.texts.contains("card1"))
    for stack in ["grid", "cards", "row1"] { XCTAssertFalse(checker.texts.contains(stack), stack) }
  }

  func testContactSheetIsWellFormedWithCaptions() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let items = Orientation.allCases.map { orientation in
      SVGRenderer.Item(
        caption: ["iPhone 8 \(orientation.rawValue)", "ok"],
        result: Fixtures.concentration(device.environment(orientation: orientation)))
    }
    let svg = SVGRenderer.contactSheet(items, columns: 2, scale: 0.5)
    let checker = XMLChecker(svg)
    XCTAssertTrue(checker.parse(), checker.failure)
    XCTAssertTrue(checker.ids.contains("item1-view-card1"))
    XCTAssertTrue(checker.ids.contains("item2-view-card24"))
    XCTAssertTrue(checker.texts.contains("iPhone 8 landscape"))
    // Width: 24 gap + 375 × 0.5 + 24 gap + 667 × 0.5 + 24 gap = 593.
    XCTAssertTrue(svg.contains("width=\"593\""), svg.prefix(300).description)
  }

  // MARK: Diff and rotation

  func testConcentrationRotationDiff() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    let portrait = device.environment(orientation: .portrait)
    let landscape = device.environment(orientation: .landscape)
    let diff = LayoutDiff(
      from: Fixtures.concentrationResolved(portrait), to: Fixtures.concentrationResolved(landscape),
      solvedBefore: Fixtures.concentration(portrait), solvedAfter: Fixtures.concentration(landscape))
    XCTAssertTrue(diff.sizeClassChanged)
    XCTAssertEqual(diff.uninstalled.map(\.id), ["gridTrailing", "flipsCenterX", "flipsBottom", "gridAboveFlips"])
    XCTAssertEqual(diff.installed.map(\.id), ["flipsCenterY", "flipsTrailing", "gridBeforeFlips", "gridBottomCompact"])
    XCTAssertEqual(diff.hidden.map(\.id), ["row5", "extra"])
    XCTAssertEqual(diff.texts.map { [$0.id, $0.before ?? "", $0.after ?? ""] }, [["flips", "Flips: 0", "Flips\n0"]])
    XCTAssertEqual(diff.moved.first?.id, "root")
    XCTAssertEqual(diff.appeared, [])
    let text = RotationReport.render(
      diff, before: Fixtures.concentration(portrait), after: Fixtures.concentration(landscape))
    Snapshot.assertMatches(text, named: "concentration-rotate", in: FixturePaths.snapshots)
  }

  func testIPadRotationHasNoTraitTransition() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPad Pro 11-inch (1st-4th gen)"))
    let portrait = device.environment(orientation: .portrait)
    let landscape = device.environment(orientation: .landscape)
    let diff = LayoutDiff(
      from: Fixtures.concentrationResolved(portrait), to: Fixtures.concentrationResolved(landscape),
      solvedBefore: Fixtures.concentration(portrait), solvedAfter: Fixtures.concentration(landscape))
    XCTAssertFalse(diff.sizeClassChanged)
    XCTAssertEqual(diff.installed.count + diff.uninstalled.count + diff.hidden.count, 0)
    let text = RotationReport.render(
      diff, before: Fixtures.concentration(portrait), after: Fixtures.concentration(landscape), diagram: nil)
    XCTAssertFalse(text.contains("willTransition(to: w"))
    XCTAssertTrue(text.contains("no trait transition: the size classes stay wR hR"))
    let steps = text.split(separator: "\n").filter { $0.first?.isNumber == true }.map { $0.split(separator: " ")[1] }
    XCTAssertEqual(
      steps,
      [
        "viewWillTransition(to:", "(no", "viewWillLayoutSubviews", "updateViewConstraints", "layoutSubviews",
        "viewDidLayoutSubviews",
      ])
  }
}
