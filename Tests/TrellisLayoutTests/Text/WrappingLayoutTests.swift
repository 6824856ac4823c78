import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Labels wrap to the width their constraints give them (UIKit's two-pass layout), worked by
/// hand with the fixed metric at 10 pt: every character 5 wide, lines 12 tall, first baseline 9.5.
final class WrappingLayoutTests: XCTestCase {
  /// 43 characters: 215 pt on one line.
  static let fox = "The quick brown fox jumps over the lazy dog"

  /// A label pinned 10 pt from both sides at y 20, and a 50 × 50 box 8 below it.
  func pinned(numberOfLines: Int = 0) -> LayoutDocument {
    Layout {
      View.label("text", Varying(Self.fox), fontSize: 10, numberOfLines: numberOfLines)
      View("box")
    } constraints: {
      "text.leading == root.leading + 10"
      "text.trailing == root.trailing - 10"
      "text.top == root.top + 20"
      "box.top == text.bottom + 8"
      "box.leading == root.leading"
      "box.width == 50"
      "box.height == 50"
    }
  }

  func testAWrappingLabelTakesTheHeightOfItsLinesAndMovesTheViewsBelow() {
    let engine = LayoutEngine(document: pinned())
    // 120 wide: the label is 100, 20 characters a line. "The quick brown fox " breaks after
    // its space (19 visible, 95), "jumps over the lazy " likewise, then "dog": 3 lines, 36 tall.
    let narrow = solve(engine, environment(120, 200))
    assertRect(narrow, "text", 10, 20, 100, 36)
    assertRect(narrow, "box", 0, 20 + 36 + 8, 50, 50)
    XCTAssertEqual(narrow.diagnostics.map(\.code), [])

    // 250 wide: 230 holds all 215 on one line, 12 tall; the box rises to 20 + 12 + 8.
    let wide = solve(engine, environment(250, 200))
    assertRect(wide, "text", 10, 20, 230, 12)
    assertRect(wide, "box", 0, 40, 50, 50)

    // Back to 120 on the warm engine: the same frames as the first time.
    let again = solve(engine, environment(120, 200))
    assertRect(again, "text", 10, 20, 100, 36)
    assertRect(again, "box", 0, 64, 50, 50)
  }

  func testALabelLimitedToTwoLinesTruncatesAndSaysSo() {
    // Two lines at 100: "The quick brown fox", then "jumps over the lazy dog" (115) does not
    // fit, so the tail is cut: 24 tall, the box at 20 + 24 + 8.
    let result = solve(LayoutEngine(document: pinned(numberOfLines: 2)), environment(120, 200))
    assertRect(result, "text", 10, 20, 100, 24)
    assertRect(result, "box", 0, 52, 50, 50)
    XCTAssertEqual(result.diagnostics.map(\.code), ["text-truncated"])
  }

  func testALabelWithRoomToHugTakesItsWidestLine() {
    // Leading pinned, trailing at most 10 from the edge: the first pass gives the label all
    // 100 pt (its 215 do not fit), the wrapped lines are 95 wide at most, and hugging (251)
    // then narrows the label to 95, where the same lines still fit: (10, 20, 95, 36).
    let document = Layout {
      View.label("text", Varying(Self.fox), fontSize: 10, numberOfLines: 0)
    } constraints: {
      "text.leading == root.leading + 10"
      "text.trailing <= root.trailing - 10"
      "text.top == root.top + 20"
    }
    let result = solve(LayoutEngine(document: document), environment(120, 200))
    assertRect(result, "text", 10, 20, 95, 36)
    XCTAssertEqual(result.diagnostics.map(\.code), [])
  }

  func testAOneLineLabelSqueezedBelowItsTextIsReportedTruncated() {
    // numberOfLines 1 never wraps: the label is squeezed from 215 to 100 (compression
    // resistance 750 loses to the required pins) and keeps one line, 12 tall.
    let result = solve(LayoutEngine(document: pinned(numberOfLines: 1)), environment(120, 200))
    assertRect(result, "text", 10, 20, 100, 12)
    XCTAssertEqual(result.diagnostics.map(\.code), ["text-truncated"])
    XCTAssertTrue(result.diagnostics[0].message.contains("100 pt wide where its text needs 215"))
  }

  func testAButtonWrapsItsTitleInsideItsInsets() {
    // A button 100 wide with insets 8 and 8: its title wraps at 84 (16 characters):
    // "The quick brown" (15), "fox jumps over" (14), "the lazy dog" (12), so 3 lines of 12
    // plus 6 + 6: 48 tall.
    let document = Layout {
      View("button", kind: .button, text: Varying(Self.fox), fontSize: 10, numberOfLines: 0)
    } constraints: {
      "button.leading == root.leading + 10"
      "button.trailing == root.trailing - 10"
      "button.top == root.top"
    }
    let result = solve(LayoutEngine(document: document), environment(120, 200))
    assertRect(result, "button", 10, 0, 100, 48)
  }

  func testAButtonWithoutATitleSqueezedBelowItsEmptyTitleSizeIsNotTruncated() {
    // A button with no title (an image button from Interface Builder, say) is still sized as
    // UIKit's system button: at least 30 wide (TextMetrics.buttonMinimumWidth), a line
    // tall plus its insets. Squeezed to 20 x 20 by required constraints it has no text to cut,
    // so no text-truncated (it was reported, "needs 30", before). A titled one squeezed as much
    // still is: "Go" at 10 pt needs 10 + 8 + 8 = 26 wide.
    let document = Layout {
      View("icon", kind: .button, fontSize: 10)
      View("empty", kind: .button, text: Varying(""), fontSize: 10)
      View("go", kind: .button, text: Varying("Go"), fontSize: 10)
    } constraints: {
      "icon.leading == root.leading"
      "icon.top == root.top"
      "icon.width == 20"
      "icon.height == 20"
      "empty.leading == root.leading + 40"
      "empty.top == root.top"
      "empty.width == 20"
      "empty.height == 20"
      "go.leading == root.leading + 80"
      "go.top == root.top"
      "go.width == 20"
      "go.height == 24"
    }
    let result = solve(LayoutEngine(document: document), environment(200, 200))
    assertRect(result, "icon", 0, 0, 20, 20)
    XCTAssertEqual(result.diagnostics.map(\.code), ["text-truncated"])
    XCTAssertEqual(result.diagnostics.first?.subject, "go")
    XCTAssertTrue(
      result.diagnostics.first?.message.contains("20 pt wide where its text needs 26") ?? false,
      result.diagnostics.first?.message ?? "")
  }

  func testALabelWhoseWidthFollowsItsHeightDoesNotHang() {
    // width == 4 × height, and the width's compression resistance (200) below the height's
    // hugging (251): one line (12 tall) makes it 48 wide, where the text needs 5 lines ("The
    // quick", "brown fox", "jumps", "over the", "lazy dog": 60 tall, compression 750), which
    // makes it 240 wide, where the text fits on one line again. The passes run out and say so;
    // the layout still has frames.
    let document = Layout {
      View.label(
        "text", Varying(Self.fox), fontSize: 10, numberOfLines: 0,
        compressionResistance: AxisValues(horizontal: 200, vertical: 750))
    } constraints: {
      "text.leading == root.leading"
      "text.top == root.top"
      "text.width == 4 * text.height"
    }
    let result = engineResult(document, environment(400, 400))
    XCTAssertEqual(result.diagnostics.map(\.code).filter { $0 == "text-unsettled" }, ["text-unsettled"])
    XCTAssertNotNil(result.view("text"))
  }

  private func engineResult(_ document: LayoutDocument, _ environment: Environment) -> LayoutResult {
    LayoutEngine(document: document).layout(in: environment)
  }

  func testARotationReWrapsOnlyTheLabelsWhoseWidthChangedOnTheLiveSolver() {
    // 'wide' spans the root; 'narrow' is 100 wide whatever the root. Portrait 120 × 400 and
    // "landscape" 250 × 400 of the same size classes: only 'wide' changes width.
    let document = Layout {
      View.label("wide", Varying(Self.fox), fontSize: 10, numberOfLines: 0)
      View.label("narrow", Varying(Self.fox), fontSize: 10, numberOfLines: 0)
    } constraints: {
      "wide.leading == root.leading"
      "wide.trailing == root.trailing"
      "wide.top == root.top"
      "narrow.leading == root.leading"
      "narrow.width == 100"
      "narrow.top == wide.bottom"
    }
    let engine = LayoutEngine(document: document)
    let first = solve(engine, environment(120, 400))
    // 120: 24 characters a line: "The quick brown fox", "jumps over the lazy dog": 24 tall;
    // 100: 3 lines, 36 tall, below it.
    assertRect(first, "wide", 0, 0, 120, 24)
    assertRect(first, "narrow", 0, 24, 100, 36)
    let before = engine.typesetter.layoutCount
    let rotated = solve(engine, environment(250, 400))
    XCTAssertEqual(engine.typesetter.layoutCount - before, 1, "only 'wide' is laid out again")
    XCTAssertEqual(engine.lastUpdate?.route, .diffed, "the live solver moves")
    assertRect(rotated, "wide", 0, 0, 250, 12)
    assertRect(rotated, "narrow", 0, 12, 100, 36)
  }

  func testAHiddenWrappingLabelInAHorizontalStackKeepsItsOneLineHeight() {
    // The hidden label collapses to 0 wide (UISV-hiding); it is not wrapped one character a
    // line, so it stays 12 tall and the stack (alignment leading, i.e. top) keeps the visible label's 12.
    let document = Layout {
      Stack("row", alignment: Varying(.leading)) {
        View.label("shown", "Hello", fontSize: 10)
        View.label("gone", Varying(Self.fox), fontSize: 10, numberOfLines: 0, hidden: true)
      }
    } constraints: {
      "row.leading == root.leading"
      "row.top == root.top"
    }
    let result = solve(LayoutEngine(document: document), environment(400, 400))
    assertRect(result, "row", 0, 0, 25, 12)
    XCTAssertEqual(result.view("gone")?.frame.width, 0)
    XCTAssertEqual(result.view("gone")?.frame.height, 12)
  }
}
