import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// Self-sizing cells (docs/semantics.md, "Cells"). Every expected number is worked out by hand
/// from the fixed text metric (a character advances 0.5 × the font size, a line is 1.2 × the
/// font size tall), the cell's width rule and its margins, in the comment beside it.
final class CellFittingTests: XCTestCase {
  /// Four ten-letter words at 20 pt: each word 100 pt, a space 10 pt.
  private let fourWords = "abcdefghij abcdefghij abcdefghij abcdefghij"

  private func cellLayout(_ cell: String, _ children: String, _ constraints: [String]) -> String {
    let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"cell": \(cell), "root": {"id": "content", "children": [\(children)]}, "constraints": [\(list)]}
      """
  }

  private func fitted(_ json: String, on screen: Environment, file: StaticString = #filePath, line: UInt = #line)
    -> LayoutResult?
  {
    guard let document = readLayout(json, file: file, line: line), let cell = document.cell else {
      XCTFail("no cell", file: file, line: line)
      return nil
    }
    return solve(LayoutEngine(document: document), cell.contentEnvironment(on: screen), file: file, line: line)
  }

  func testATwoLineLabelBetweenTheMarginsGivesElevenPlusTwoLinesPlusEleven() throws {
    let json = cellLayout(
      #"{"in": "plainTable"}"#,
      #"{"id": "body", "kind": "label", "numberOfLines": 0, "fontSize": 20, "text": "\#(fourWords)"}"#,
      [
        "body.leading == margins.leading", "body.trailing == margins.trailing", "body.top == margins.top",
        "body.bottom == margins.bottom",
      ])
    let r = try XCTUnwrap(fitted(json, on: environment(375, 667, scale: 2)))
    // A plain table as wide as the screen: the content view is 375 wide; its margins are the
    // table's, 16 at 375 pt, and 11 above and below. The label is 375 − 32 = 343 wide: three
    // words (100 + 10 + 100 + 10 + 100 = 320) fit on a line, the fourth does not (430): two
    // lines of 24. Height 11 + 2 × 24 + 11 = 70, the row's too (the separator is drawn over it).
    assertRect(r, "content", 0, 0, 375, 70)
    assertRect(r, "body", 16, 11, 343, 48)
    XCTAssertEqual(r.cellHeight, 70)
    XCTAssertEqual(r.environment.containerSize, Size(width: 375, height: 70))
    XCTAssertTrue(r.diagnostics.isEmpty, "\(r.diagnostics)")
  }

  func testTheSameTextInANarrowerCellWrapsToMoreLinesAndGrows() throws {
    let json = cellLayout(
      #"{"in": "plainTable"}"#,
      #"{"id": "body", "kind": "label", "numberOfLines": 0, "fontSize": 20, "text": "\#(fourWords)"}"#,
      [
        "body.leading == margins.leading", "body.trailing == margins.trailing", "body.top == margins.top",
        "body.bottom == margins.bottom",
      ])
    let r = try XCTUnwrap(fitted(json, on: environment(240, 667)))
    // 240 − 32 = 208: two words (210) do not fit, so one per line: four lines of 24.
    // 11 + 96 + 11 = 118.
    assertRect(r, "body", 16, 11, 208, 96)
    XCTAssertEqual(r.cellHeight, 118)
  }

  func testAnAccessoryTakesItsWidthFromTheContentView() throws {
    let json = cellLayout(
      #"{"in": "plainTable", "accessory": "disclosureIndicator"}"#,
      #"{"id": "title", "kind": "label", "fontSize": 20, "text": "Settings"}"#,
      [
        "title.leading == margins.leading", "title.trailing <= margins.trailing", "title.top == margins.top",
        "title.bottom == margins.bottom",
      ])
    let r = try XCTUnwrap(fitted(json, on: environment(375, 667)))
    // The content view is the table's width less the indicator's area: the cell's 16-pt margin
    // (the table is 375 wide) and the indicator's 10.5 (docs/semantics.md, "The metrics and
    // their evidence"): 375 − 26.5 = 348.5. "Settings" is 80 × 24.
    assertRect(r, "content", 0, 0, 348.5, 46)
    assertRect(r, "title", 16, 11, 80, 24)
  }

  func testBesideAnAccessoryTheContentViewsTrailingMarginIsEight() throws {
    // A checkmark in a 414-pt table: the content view is 414 − (20 + 24) = 370 wide (the cell's
    // 20-pt margin, the table being wider than 375, and the checkmark's 24); its margins are 20
    // at the leading edge and 8 at the trailing one (docs/semantics.md, "The metrics and their
    // evidence"), so a box between them is 370 − 20 − 8 = 342 wide; 11 + 30 + 11 = 52 tall.
    let json = cellLayout(
      #"{"in": "plainTable", "accessory": "checkmark"}"#, #"{"id": "box"}"#,
      [
        "box.leading == margins.leading", "box.trailing == margins.trailing", "box.top == margins.top",
        "box.bottom == margins.bottom", "box.height == 30",
      ])
    let r = try XCTUnwrap(fitted(json, on: environment(414, 896)))
    assertRect(r, "content", 0, 0, 370, 52)
    assertRect(r, "box", 20, 11, 342, 30)
  }

  func testAnInsetGroupedCellInLandscapeIsInsetBySafeAreaAndMargins() throws {
    let json = cellLayout(
      #"{"in": "insetGroupedTable"}"#, #"{"id": "box"}"#,
      [
        "box.leading == margins.leading", "box.trailing == margins.trailing", "box.top == margins.top",
        "box.bottom == margins.bottom", "box.height == 30",
      ])
    let screen = environment(812, 375, wChC, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    let r = try XCTUnwrap(fitted(json, on: screen))
    // 812 − 44 − 44 (content views inset to the safe area) − 2 × 20 (the section inset: the
    // table's margin at 812 pt) = 684; margins 20 (the table is wider than 375), 11 + 30 + 11.
    assertRect(r, "content", 0, 0, 684, 52)
    assertRect(r, "box", 20, 11, 644, 30)
  }

  func testACollectionCellHasItsItemWidthAndUIViewsMargins() throws {
    let json = cellLayout(
      #"{"in": "collection", "itemWidth": 150}"#,
      #"{"id": "caption", "kind": "label", "numberOfLines": 0, "fontSize": 10, "text": "\#(fourWords)"}"#,
      [
        "caption.leading == margins.leading", "caption.trailing == margins.trailing", "caption.top == margins.top",
        "caption.bottom == margins.bottom",
      ])
    let r = try XCTUnwrap(fitted(json, on: environment(375, 667)))
    // 150 − 8 − 8 = 134 for text at 10 pt (a word 50, a space 5): two words (105) fit, three
    // (160) do not: two lines of 12. 8 + 24 + 8 = 40.
    assertRect(r, "caption", 8, 8, 134, 24)
    XCTAssertEqual(r.cellHeight, 40)
  }

  func testContentNotReachingTheBottomGetsTheStandardHeightAndUIKitsWarning() throws {
    let json = cellLayout(
      #"{"in": "plainTable"}"#, #"{"id": "title", "kind": "label", "fontSize": 20, "text": "Hello"}"#,
      ["title.leading == margins.leading", "title.top == margins.top"])
    let r = try XCTUnwrap(fitted(json, on: environment(375, 667, scale: 2)))
    // Nothing holds the content view's bottom: fitted to 0, UIKit uses the standard 44-pt row.
    XCTAssertEqual(r.diagnostics.map(\.code), ["cell-zero-height"])
    assertRect(r, "content", 0, 0, 375, 44)
    XCTAssertEqual(r.cellHeight, 44)
  }

  func testAFixedRowTooShortForItsContentBreaksTheAppsConstraintAsUIKitDoes() throws {
    let json = cellLayout(
      #"{"in": "plainTable", "rowHeight": 44}"#, #"{"id": "box"}"#,
      [
        "box.leading == margins.leading", "box.trailing == margins.trailing", "box.top == margins.top",
        "box.bottom == margins.bottom", "box.height == 60",
      ])
    let document = try XCTUnwrap(readLayout(json))
    let engine = LayoutEngine(document: document)
    let r = engine.layout(in: try XCTUnwrap(document.cell).contentEnvironment(on: environment(375, 667)))
    // 11 + 60 + 11 = 82 cannot fit 44: the row's height (UIKit's
    // UIView-Encapsulated-Layout-Height) holds and one of the app's constraints is broken.
    assertRect(r, "content", 0, 0, 375, 44)
    XCTAssertTrue(r.hasConflicts)
    XCTAssertEqual(r.cellHeight, 44)
  }

  func testTheHeightFollowsTheTextSize() throws {
    let json = cellLayout(
      #"{"in": "plainTable"}"#,
      #"{"id": "body", "kind": "label", "numberOfLines": 0, "textStyle": "body", "text": "Hi"}"#,
      ["body.leading == margins.leading", "body.top == margins.top", "body.bottom == margins.bottom"])
    let document = try XCTUnwrap(readLayout(json))
    let cell = try XCTUnwrap(document.cell)
    let engine = LayoutEngine(document: document)
    var heights: [Double] = []
    for size in ContentSizeCategory.allCases {
      var screen = environment(375, 667)
      screen.contentSizeCategory = size
      let r = solve(engine, cell.contentEnvironment(on: screen))
      // One line of the style's size, its height rounded up to whole points at @1x (the fixed
      // metric's rule): 11 + ⌈1.2 × size⌉ + 11.
      let fontSize = DynamicType.pointSize(.body, size)
      XCTAssertEqual(try XCTUnwrap(r.cellHeight), 22 + (1.2 * fontSize).rounded(.up), accuracy: 1e-9, "\(size)")
      heights.append(try XCTUnwrap(r.cellHeight))
    }
    XCTAssertEqual(heights, heights.sorted())
  }

  func testOneEngineGivenAnotherTextFitsTheRowAsAFreshEngineDoes() throws {
    let json = cellLayout(
      #"{"in": "plainTable"}"#,
      #"{"id": "body", "kind": "label", "numberOfLines": 0, "fontSize": 20, "text": "abcdefghij"}"#,
      [
        "body.leading == margins.leading", "body.trailing == margins.trailing", "body.top == margins.top",
        "body.bottom == margins.bottom",
      ])
    let document = try XCTUnwrap(readLayout(json))
    let screen = environment(375, 667)
    let environment = try XCTUnwrap(document.cell).contentEnvironment(on: screen)
    let engine = LayoutEngine(document: document)
    // One word: one line, 11 + 24 + 11 = 46. Four words in 343 pt: two lines, 70. Back to one.
    XCTAssertEqual(solve(engine, environment).cellHeight, 46)
    XCTAssertTrue(engine.setText(fourWords, ofView: "body"))
    XCTAssertEqual(solve(engine, environment).cellHeight, 70)
    XCTAssertTrue(engine.setText("abcdefghij", ofView: "body"))
    XCTAssertEqual(solve(engine, environment).cellHeight, 46)
    XCTAssertFalse(engine.setText("x", ofView: "content"), "the content view has no text")
    XCTAssertFalse(engine.setText("x", ofView: "missing"))
  }
}
