import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Frames for stacks that size themselves, collapse, arrange within margins, and nest —
/// including the Concentration grid — solved with the test harness.
final class StackScenarioTests: XCTestCase {
  /// Root 400 × 300; stack pinned only at leading 10, top 10; a 40 × 20, b 60 × 30, spacing 10.
  private func selfSizing(
    _ distribution: StackDistribution, _ alignment: StackAlignment, hidden: Set<String> = [], margins: Bool = false
  ) throws -> StackHarness.Solved {
    let doc = Layout {
      Stack(
        "s", distribution: Varying(distribution), alignment: Varying(alignment), spacing: 10,
        layoutMarginsRelative: margins
      ) {
        View("a", hidden: Varying(hidden.contains("a")), intrinsicSize: (width: 40, height: 20))
        View("b", hidden: Varying(hidden.contains("b")), intrinsicSize: (width: 60, height: 30))
      }
    } constraints: {
      "s.leading == root.leading + 10"
      "s.top == root.top + 10"
    }
    return try StackHarness(doc, size: Size(width: 400, height: 300)).solve()
  }

  /// Fill/fill hugs its content: width 40 + 10 + 60 = 110; both views share the height, and
  /// b's compression resistance (750) beats a's hugging (250): height 30.
  func testFillStackHugsItsContent() throws {
    let result = try selfSizing(.fill, .fill)
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 10, 10, 110, 30)
    assertFrame(result["a"], 10, 10, 40, 30)
    assertFrame(result["b"], 60, 10, 60, 30)
  }

  /// Top alignment: the spanner hugs at 51 to the tallest view (30); views keep their heights.
  func testTopAlignedStackIsAsTallAsItsTallestView() throws {
    let result = try selfSizing(.fillEqually, .leading)
    XCTAssertEqual(result.ambiguous, [])
    // Fill equally makes a as wide as b (required); b's compression resistance (750) keeps
    // it at 60 against a's hugging (250) toward 40: both 60, stack 60 + 10 + 60 = 130 wide.
    assertFrame(result["s"], 10, 10, 130, 30)
    assertFrame(result["a"], 10, 10, 60, 20)
    assertFrame(result["b"], 80, 10, 60, 30)
  }

  /// Equal spacing with nothing sizing the stack: canvas fit (49) shrinks the gap to the
  /// spacing, 40 + 10 + 60 = 110; centered: a's center at 10 + 30/2 = 25, so a.y = 15.
  func testEqualSpacingCenteredShrinksToMinimumSpacing() throws {
    let result = try selfSizing(.equalSpacing, .center)
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 10, 10, 110, 30)
    assertFrame(result["a"], 10, 15, 40, 20)
    assertFrame(result["b"], 60, 10, 60, 30)
  }

  /// All arranged views hidden: the stack collapses to 0 × 0 at its origin; the hidden views
  /// sit there with no width and their intrinsic height.
  func testAllHiddenStackCollapses() throws {
    let result = try selfSizing(.fill, .fill, hidden: ["a", "b"])
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 10, 10, 0, 0)
    assertFrame(result["a"], 10, 10, 0, 30)  // a and b share top and bottom; b resists below 30
    assertFrame(result["b"], 10, 10, 0, 30)
  }

  /// One of two hidden: the stack is exactly the visible view (no spacing left over); the
  /// hidden first view ends half a spacing (10 / 2) before it, outside the stack.
  func testOneOfTwoHiddenLeavesNoSpacing() throws {
    let result = try selfSizing(.fill, .center, hidden: ["a"])
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 10, 10, 60, 30)
    assertFrame(result["b"], 10, 10, 60, 30)
    assertFrame(result["a"], 5, 15, 0, 20)  // x 10 − 5; centered with b: 25 − 10
  }

  /// Margins-relative (margins 8): content inset by 8 on every side: 8 + 110 + 8 = 126 wide,
  /// 8 + 30 + 8 = 46 tall; a at (10 + 8, 10 + 8).
  func testLayoutMarginsRelativeArrangement() throws {
    let result = try selfSizing(.fill, .leading, margins: true)
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 10, 10, 126, 46)
    assertFrame(result["a"], 18, 18, 40, 20)
    assertFrame(result["b"], 68, 18, 60, 30)
  }

  /// An empty stack hugs to nothing.
  func testEmptyStack() throws {
    let doc = Layout {
      Stack("s") {}
    } constraints: {
      "s.leading == root.leading + 5"
      "s.top == root.top + 5"
    }
    let result = try StackHarness(doc, size: Size(width: 100, height: 100)).solve()
    XCTAssertEqual(result.ambiguous, [])
    assertFrame(result["s"], 5, 5, 0, 0)
  }

  // MARK: Nested stacks: the Concentration grid

  /// The lecture's grid (concentration-demo.md): an outer horizontal stack (fill, spacing 8)
  /// of [grid, column]; grid = vertical fillEqually spacing 8 of five rows, each a horizontal
  /// fillEqually spacing 8 of four cards; column = vertical fillEqually spacing 8 of four cards;
  /// `column.width == card1.width` (a stack and a view inside another stack) at 999, because
  /// `UISV-hiding` (required) zeroes the column where it is hidden. Outer stack pinned 8 from
  /// every edge of the root (no label here).
  private func concentration(size: Size, compactHeight: Bool) throws -> StackHarness.Solved {
    let doc = Layout {
      Stack("outer", axis: .horizontal, distribution: .fill, spacing: 8) {
        Stack("grid", axis: .vertical, distribution: .fillEqually, spacing: 8) {
          for row in 1...5 {
            Stack("row\(row)", distribution: .fillEqually, spacing: 8, hidden: Varying(compactHeight && row == 5)) {
              for column in 1...4 { View("card\((row - 1) * 4 + column)") }
            }
          }
        }
        Stack("column", axis: .vertical, distribution: .fillEqually, spacing: 8, hidden: Varying(!compactHeight)) {
          for card in 21...24 { View("card\(card)") }
        }
      }
    } constraints: {
      ["outer.top == root.top + 8", "outer.leading == root.leading + 8"]
      ["outer.trailing == root.trailing - 8", "outer.bottom == root.bottom - 8"]
      "column.width == card1.width @999"
    }
    return try StackHarness(doc, size: size).solve()
  }

  /// Regular height, 375 × 667: column hidden (width 0, half a spacing after the grid), grid
  /// 375 − 16 = 359 wide: cards (359 − 3 × 8) / 4 = 83.75 wide; 667 − 16 = 651 tall: rows
  /// (651 − 4 × 8) / 5 = 123.8 tall. Card k of row r at x = 8 + (k − 1)(83.75 + 8),
  /// y = 8 + (r − 1)(123.8 + 8).
  func testConcentrationRegularHeight() throws {
    let result = try concentration(size: Size(width: 375, height: 667), compactHeight: false)
    XCTAssertEqual(result.ambiguous, [])
    for row in 1...5 {
      for column in 1...4 {
        let id = "card\((row - 1) * 4 + column)"
        assertFrame(result[id], 8 + Double(column - 1) * 91.75, 8 + Double(row - 1) * 131.8, 83.75, 123.8, id)
      }
    }
    assertFrame(result["column"], 371, 8, 0, 651)  // 367 + 8 / 2
    for id in ["card21", "card22", "card23", "card24"] { XCTAssertEqual(result[id].width, 0, accuracy: 1e-9, id) }
  }

  /// Compact height, 667 × 375: fifth row hidden, column shown. Width: grid (4w + 24) + 8 +
  /// column (w) = 667 − 16 = 651, so 5w = 619, w = 123.8. Height 375 − 16 = 359: four rows
  /// (359 − 24) / 4 = 83.75 (no spacing after row 4, the last visible); the column's cards
  /// the same. Column x = 8 + 4 × 123.8 + 24 + 8 = 535.2.
  func testConcentrationCompactHeight() throws {
    let result = try concentration(size: Size(width: 667, height: 375), compactHeight: true)
    XCTAssertEqual(result.ambiguous, [])
    for row in 1...4 {
      for column in 1...4 {
        let id = "card\((row - 1) * 4 + column)"
        assertFrame(result[id], 8 + Double(column - 1) * 131.8, 8 + Double(row - 1) * 91.75, 123.8, 83.75, id)
      }
    }
    for index in 0..<4 {
      let id = "card\(21 + index)"
      assertFrame(result[id], 535.2, 8 + Double(index) * 91.75, 123.8, 83.75, id)
    }
    // Half a spacing below row 4, as IB stores it (SB-DQ: 290 + 4).
    assertFrame(result["row5"], 8, 371, 4 * 123.8 + 24, 0)
    for id in ["card17", "card18", "card19", "card20"] { XCTAssertEqual(result[id].height, 0, accuracy: 1e-9, id) }
  }

  /// Right-to-left mirrors nested stacks, including an equal-width constraint between a
  /// view in the inner stack and one in the outer: [left [x y] z], widths equal.
  func testNestedStacksRightToLeftMirror() throws {
    let doc = Layout {
      Stack("outer", distribution: .fill, spacing: 8) {
        Stack("left", distribution: .fillEqually, spacing: 8) {
          View("x")
          View("y")
        }
        View("z")
      }
    } constraints: {
      ["outer.top == root.top", "outer.leading == root.leading + 10"]
      ["outer.trailing == root.trailing - 10", "outer.height == 50"]
      "z.width == x.width"
    }
    // 300 − 20 = 280 = 2w + 8 + 8 + w → w = 88; LTR: x at 10, y at 106, z at 202.
    let ltr = try StackHarness(doc, size: Size(width: 300, height: 100)).solve()
    let rtl = try StackHarness(doc, size: Size(width: 300, height: 100), direction: .rightToLeft).solve()
    XCTAssertEqual(ltr.ambiguous + rtl.ambiguous, [])
    assertFrame(ltr["x"], 10, 0, 88, 50)
    assertFrame(ltr["y"], 106, 0, 88, 50)
    assertFrame(ltr["z"], 202, 0, 88, 50)
    assertFrame(rtl["x"], 202, 0, 88, 50)  // 300 − 10 − 88
    assertFrame(rtl["y"], 106, 0, 88, 50)
    assertFrame(rtl["z"], 10, 0, 88, 50)
  }
}
