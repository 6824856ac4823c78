import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisTestSupport
import XCTest

/// Issue 16's rules for ASCII diagrams: width, texts, gaps, hidden views, the legend. Every
/// expectation is worked out by hand in the comment above it.
final class ASCIIPictureTests: XCTestCase {
  private func result(_ size: Size, _ views: [LayoutResult.ViewFrame], safeArea: Rect? = nil) -> LayoutResult {
    let root = Rect(x: 0, y: 0, width: size.width, height: size.height)
    return LayoutResult(
      environment: Environment(containerSize: size, traits: TraitCollection.all[1]),
      views: [Fixtures.frame("root", parent: nil, root)] + views, safeArea: safeArea ?? root, margins: root,
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
  }

  private func lines(_ rows: [String]) -> String { rows.map { $0 + "\n" }.joined() }

  /// Root 100x50 at 21 columns: 20 cells across → 0.2 cell/pt; rows − 1 = round(50 × 0.2 / 2) = 5,
  /// so 0.1 row/pt. x edges 0, 50, 60, 70, 75, 100 → columns 0, 10, 12, 14, 15, 20 (none collide);
  /// y edges 0, 30, 50 → rows 0, 3, 5.
  /// - greeting (label "Hi there"): cols 0…12, rows 0…3; inside 11 × 2 cells → "Hi there" whole.
  /// - ok (button "OK"): cols 12…20 → "OK" at col 13.
  /// - longLabel (label "Subscribe now", 13 cells): cols 0…10, row 4 only, 9 cells free → cut to
  ///   8 characters and "…".
  /// - avatarImage (a view, 11 cells): cols 10…14, 3 cells free → key "1" (keys count from 1 over
  ///   the views that get one).
  /// - dot: cols 14…15, no inside → no room even for a key: named under the diagram.
  /// - note (label "a\nb"): cols 15…20, one row inside → the two lines do not fit on two rows,
  ///   nor does the first with its mark ("a (+1)", 6 cells) in 4 cells: the first line cut, "a…".
  /// - root: every cell it owns is a line, so its id is not shown (the outer box is always the
  ///   root: never keyed or listed).
  /// Notes wrap at 21: "too small to mark:" is 18 cells, " dot" would make 22 → next line,
  /// indented 2.
  func testTextsCutsKeysAndLegendWorkedOutByHand() {
    let layout = result(
      Size(width: 100, height: 50),
      [
        Fixtures.frame("greeting", .label, parent: "root", Rect(x: 0, y: 0, width: 60, height: 30), text: "Hi there"),
        Fixtures.frame("ok", .button, parent: "root", Rect(x: 60, y: 0, width: 40, height: 30), text: "OK"),
        Fixtures.frame(
          "longLabel", .label, parent: "root", Rect(x: 0, y: 30, width: 50, height: 20), text: "Subscribe now"),
        Fixtures.frame("avatarImage", parent: "root", Rect(x: 50, y: 30, width: 20, height: 20)),
        Fixtures.frame("dot", parent: "root", Rect(x: 70, y: 30, width: 5, height: 20)),
        Fixtures.frame("note", .label, parent: "root", Rect(x: 75, y: 30, width: 25, height: 20), text: "a\nb"),
      ])
    let expected = lines([
      "┌───────────┬───────┐",
      "│Hi there   │OK     │",
      "│           │       │",
      "├─────────┬─┴─┬┬────┤",
      "│Subscrib…│1  ││a…  │",
      "└─────────┴───┴┴────┘",
      "keys: 1 avatarImage",
      "too small to mark:",
      "  dot",
    ])
    XCTAssertEqual(ASCIIDiagram.render(layout, options: .init(columns: 21)), expected)
    // ASCII style: the same cells, `~` for the ellipsis.
    let ascii = ASCIIDiagram.render(layout, options: .init(columns: 21, style: .ascii))
    XCTAssertEqual(ascii.split(separator: "\n")[4], "|Subscrib~|1  ||a~  |")
  }

  /// A label whose text has a line break shows its lines on consecutive rows when both fit.
  /// Root 100x50 at 21 columns (as above); the label fills it: inside cols 1…19, rows 1…4.
  func testLinesOfATextOnConsecutiveRows() {
    let layout = result(
      Size(width: 100, height: 50),
      [Fixtures.frame("flips", .label, parent: "root", Rect(x: 0, y: 0, width: 100, height: 50), text: "Flips\n0")])
    let rows = ASCIIDiagram.render(layout, options: .init(columns: 21)).split(separator: "\n")
    XCTAssertEqual(rows[1], "│Flips              │")
    XCTAssertEqual(rows[2], "│0                  │")
    // root shares every edge with the label and owns no free cell: its id is left out, and
    // (being the root) not listed, so the diagram has no notes.
    XCTAssertEqual(rows.count, 6)
  }

  /// Issue 16's case: two siblings 8 pt apart on a 375-pt root at 80 columns. 79/375 cell/pt:
  /// a's right edge 116 → 24.44 → col 24, b's left edge 124 → 26.12 → col 26: column 25 stays
  /// blank between the two boxes.
  func testEightPointGapAtEightyColumns() {
    let layout = result(
      Size(width: 375, height: 100),
      [
        Fixtures.frame("a", parent: "root", Rect(x: 16, y: 20, width: 100, height: 60)),
        Fixtures.frame("b", parent: "root", Rect(x: 124, y: 20, width: 100, height: 60)),
      ])
    let rows = ASCIIDiagram.render(layout, options: .init(columns: 80)).split(separator: "\n").map(Array.init)
    // Rows: round(100 × 79/375 / 2) = 11 → 0.11 row/pt; y 20 → 2.2 → row 2, 80 → 8.8 → row 9; row 5 is inside both.
    XCTAssertEqual(rows[5][24], "│")
    XCTAssertEqual(rows[5][25], " ")
    XCTAssertEqual(rows[5][26], "│")
  }

  /// Where rounding alone merges the gap, the gap rule separates it. Root 375x100 at 40 columns:
  /// 39/375 = 0.104 cell/pt; a's right edge 112 → 11.65 → 12 and b's left edge 120 → 12.48 → 12
  /// collide, 8 pt apart (≥ 4): b's edge moves to 13 (the next edge, b's right at 220 → 22.88 → 23,
  /// leaves room). a's left 16 → 1.66 → 2. Rows: round(100 × 0.104 / 2) = 5 → 0.05 row/pt; y 20
  /// → 1, 80 → 4. root's id goes in the first free run that fits it: row 1, cols 24…38.
  func testGapRuleSeparatesEdgesThatRoundToOneCell() {
    let layout = result(
      Size(width: 375, height: 100),
      [
        Fixtures.frame("a", parent: "root", Rect(x: 16, y: 20, width: 96, height: 60)),
        Fixtures.frame("b", parent: "root", Rect(x: 120, y: 20, width: 100, height: 60)),
      ])
    let expected = lines([
      "┌──────────────────────────────────────┐",
      "│ ┌─────────┐┌─────────┐root           │",
      "│ │a        ││b        │               │",
      "│ │         ││         │               │",
      "│ └─────────┘└─────────┘               │",
      "└──────────────────────────────────────┘",
    ])
    XCTAssertEqual(ASCIIDiagram.render(layout, options: .init(columns: 40)), expected)
  }

  /// Edges closer than the minimum gap keep plain rounding, and equal coordinates always share a
  /// cell. 0.104 cell/pt as above: 112 → 12 and 114 → 11.86 → 12 (2 pt apart) stay merged.
  func testEdgeMapKeepsCloseAndEqualEdgesTogether() {
    let map = EdgeMap(
      spans: [(0, 375), (112, 114), (112, 112)], scale: 39.0 / 375.0, cells: 40, extent: 375, minimumGap: 4)
    XCTAssertEqual(map.cell(112), 12)
    XCTAssertEqual(map.cell(114), 12)
    XCTAssertEqual(map.cell(375), 39)
    // 112 and 120 collide at 12 and are 8 pt apart: 120 moves to 13; 100 (not a listed edge)
    // rounds to 10.4 → 10, between the cells of 0 and 112.
    let spread = EdgeMap(
      spans: [(0, 375), (0, 112), (120, 375)], scale: 39.0 / 375.0, cells: 40, extent: 375, minimumGap: 4)
    XCTAssertEqual([spread.cell(112), spread.cell(120), spread.cell(100)], [12, 13, 10])
    // No room after: 371 and 375 both round to 39 (38.58 → 39) at the last cell, so the smaller
    // one moves back to 38 instead.
    let end = EdgeMap(spans: [(0, 375), (0, 371)], scale: 39.0 / 375.0, cells: 40, extent: 375, minimumGap: 4)
    XCTAssertEqual([end.cell(371), end.cell(375)], [38, 39])
    // Solver noise is one edge: 91.74999999999999 and 91.75 (20/375 row/pt → 4.89 → 5) share a
    // row, and 99.75 (5.32 → 5), 8 pt on, moves to 6 — with its noisy twin, so the order holds.
    let noisy = EdgeMap(
      spans: [(0, 375), (0, 91.74999999999999), (0, 91.75), (99.74999999999999, 163.5), (99.75, 163.5)],
      scale: 20.0 / 375.0, cells: 21, extent: 375, minimumGap: 4)
    XCTAssertEqual(
      [91.74999999999999, 91.75, 99.74999999999999, 99.75].map(noisy.cell), [5, 5, 6, 6])
    // A move that would leave a box no row inside is refused: b (99.75…140) is rows 5…7 (5.32 → 5,
    // 7.47 → 7), one row inside; its top cannot go to 6, so a's bottom (91.75 → 5) goes to 4.
    let insides = EdgeMap(
      spans: [(0, 375), (0, 91.75), (99.75, 140)], scale: 20.0 / 375.0, cells: 21, extent: 375, minimumGap: 4)
    XCTAssertEqual([91.75, 99.75, 140].map(insides.cell), [4, 5, 7])
  }

  /// A hidden view is dotted under the shown view's lines and text, `[id]` where room is left,
  /// and listed with what it hides. Root 100x50 at 21 columns (0.2 cell/pt, 0.1 row/pt):
  /// - shown (label "Visible"): cols 0…10, rows 0…5 → "Visible" at row 1, col 1.
  /// - ghost (hidden) (20, 10, 70, 30): cols 4…18, rows 1…4, dotted; its top edge runs under
  ///   "Visible" (the text wins) and under root's id (root owns cols 11…19: "root" at row 1, col
  ///   11, placed before any hidden view's).
  /// - ghost's "[ghost]" (7 cells): inside rows 2…3, cols 5…17; col 10 is shown's edge, so the
  ///   first run that fits is row 2, cols 11…17.
  /// - child (inside ghost) is not drawn: "(+1 inside)".
  func testHiddenViewDottedUnderShownTextAndListed() {
    let layout = result(
      Size(width: 100, height: 50),
      [
        Fixtures.frame("shown", .label, parent: "root", Rect(x: 0, y: 0, width: 50, height: 50), text: "Visible"),
        Fixtures.frame("ghost", parent: "root", Rect(x: 20, y: 10, width: 70, height: 30), hidden: true),
        Fixtures.frame(
          "child", parent: "ghost", Rect(x: 30, y: 20, width: 20, height: 10), effectivelyHidden: true),
      ])
    let expected = lines([
      "┌─────────┬─────────┐",
      "│Visible┄┄│root┄┄┄· │",
      "│   ┆     │[ghost]┆ │",
      "│   ┆     │       ┆ │",
      "│   ·┄┄┄┄┄│┄┄┄┄┄┄┄· │",
      "└─────────┴─────────┘",
      "hidden (dotted):",
      "  ghost (+1 inside)",
    ])
    XCTAssertEqual(ASCIIDiagram.render(layout, options: .init(columns: 21)), expected)
  }

  /// A text of only spaces and line breaks shows the id instead; control characters never reach
  /// the terminal (an escape in an id becomes a space), and a hidden view with no finite frame is
  /// still listed. Root 100x50 at 21 columns; the label fills it (inside cols 1…19, rows 1…4).
  func testBlankTextsControlCharactersAndUndrawnHiddenViews() {
    var ghost = Fixtures.frame("e\u{1B}c", parent: "root", Rect(x: 0, y: 0, width: 10, height: 10), hidden: true)
    ghost.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
    let layout = result(
      Size(width: 100, height: 50),
      [
        Fixtures.frame("blank", .label, parent: "root", Rect(x: 0, y: 0, width: 100, height: 50), text: " \n "),
        ghost,
      ])
    let rows = ASCIIDiagram.render(layout, options: .init(columns: 21)).split(separator: "\n")
    XCTAssertEqual(rows[1], "│blank              │")
    XCTAssertEqual(rows.last, "hidden (dotted): e c")
  }

  /// Notes wrap at the width, and a word longer than a line breaks anywhere.
  func testWrapBreaksAtSpacesThenAnywhere() {
    XCTAssertEqual(ASCIIDiagram.wrap("keys: 1 right", width: 11), "keys: 1\n  right\n")
    XCTAssertEqual(ASCIIDiagram.wrap("abcdefghij", width: 4), "abcd\nefgh\nij\n")
    // Wide characters take two cells: 3 of them need 6.
    XCTAssertEqual(ASCIIDiagram.wrap("日本語", width: 5), "日本\n語\n")
    XCTAssertEqual(ASCIIDiagram.cellWidth(of: "日本語 ok"), 9)
  }

  /// Every line of the diagram and its notes, for every example layout in both orientations and
  /// both styles, is at most `columns` cells wide — 40, 60 and 80, and a tiny 12.
  func testNoLineWiderThanTheColumnsOnEveryExample() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.layouts.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertGreaterThanOrEqual(files.count, 5)
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    for file in files {
      let text = try String(contentsOf: FixturePaths.layouts.appendingPathComponent(file), encoding: .utf8)
      let document = try XCTUnwrap(LayoutReader.parse(text, file: file).document, file)
      let engine = LayoutEngine(document: document)
      for orientation in Orientation.allCases {
        let solved = engine.layout(in: device.environment(orientation: orientation))
        for columns in [12, 40, 60, 80] {
          for style in ASCIIDiagram.Style.allCases {
            let diagram = ASCIIDiagram.render(solved, options: .init(columns: columns, style: style))
            for line in diagram.split(separator: "\n") {
              XCTAssertLessThanOrEqual(
                ASCIIDiagram.cellWidth(of: String(line)), columns, "\(file) \(orientation) \(columns): \(line)")
            }
          }
        }
      }
    }
  }

  /// Wide characters in a text take two cells, and the line still fits.
  func testWideTextKeepsTheWidth() {
    let layout = result(
      Size(width: 100, height: 50),
      [Fixtures.frame("t", .label, parent: "root", Rect(x: 0, y: 0, width: 100, height: 50), text: "日本語のテキスト")])
    let rows = ASCIIDiagram.render(layout, options: .init(columns: 21)).split(separator: "\n")
    // 8 wide characters = 16 cells fit the 19 free.
    XCTAssertEqual(rows[1], "│日本語のテキスト   │")
    for row in rows { XCTAssertLessThanOrEqual(ASCIIDiagram.cellWidth(of: String(row)), 21, String(row)) }
  }
}
