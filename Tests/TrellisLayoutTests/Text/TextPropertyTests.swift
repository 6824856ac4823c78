import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// Fonts, weights, text styles and line break modes: read from files, resolved per environment,
/// measured with a font when one is given, and text centred in a taller label.
final class TextPropertyTests: XCTestCase {
  func testTheFilesTextPropertiesAreRead() throws {
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "title", "kind": "label", "text": "Hi", "fontName": {"any": "Avenir", "hC": "Menlo"},
           "fontWeight": "semibold", "textStyle": "headline", "lineBreakMode": "middleTruncation"},
          {"id": "ok", "kind": "button", "text": "OK", "fontWeight": 700, "fontSize": 20, "textStyle": "body"}]}}
        """))
    let title = document.root.children[0]
    XCTAssertEqual(title.fontName?.resolved(for: wChR), "Avenir")
    XCTAssertEqual(title.fontName?.resolved(for: wChC), "Menlo")
    XCTAssertEqual(title.fontWeight?.resolved(for: wChR), 600)
    XCTAssertEqual(title.textStyle?.resolved(for: wChR), .headline)
    XCTAssertEqual(title.lineBreakMode, .byTruncatingMiddle)
    XCTAssertFalse(title.scalesFontSizeWithTextStyle)
    let ok = document.root.children[1]
    XCTAssertEqual(ok.fontWeight?.resolved(for: wChR), 700)
    XCTAssertTrue(ok.scalesFontSizeWithTextStyle)
  }

  func testAButtonsSizeIsInWholePointsWhereALabelsIsOnThePixelGrid() throws {
    // The fixed metric: "abcde" at 17 pt is 5 × 8.5 = 42.5 wide and 1.2 × 17 = 20.4 tall. At @2x
    // a label is 42.5 × 20.5 (pixels); a button with no insets 43 × 21 (UIButton's intrinsic
    // size is integral: docs/uikit-research.md §4), what its text needs staying 42.5 × 20.5.
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "label", "kind": "label", "text": "abcde"},
          {"id": "button", "kind": "button", "text": "abcde", "contentInsets": 0}]}}
        """))
    let views = document.resolved(for: environment(375, 667, scale: 2)).views
    let label = try XCTUnwrap(views.first { $0.id == "label" })
    XCTAssertEqual(label.intrinsicWidth, 42.5)
    XCTAssertEqual(label.intrinsicHeight, 20.5)
    let button = try XCTUnwrap(views.first { $0.id == "button" })
    XCTAssertEqual(button.intrinsicWidth, 43)
    XCTAssertEqual(button.intrinsicHeight, 21)
    XCTAssertEqual(button.textLayout?.neededSize, Size(width: 42.5, height: 20.5))
  }

  func testBadTextPropertiesAreLocatedErrors() {
    let result = LayoutReader.parse(
      """
      {"root": {"id": "root", "children": [
        {"id": "a", "kind": "label", "fontWeight": "bolder", "textStyle": "bdy", "lineBreakMode": "wrap"},
        {"id": "b", "kind": "label", "fontWeight": 0}]}}
      """, file: "t.json")
    let rendered = result.renderedDiagnostics
    XCTAssertTrue(rendered.contains("t.json:2:46: error: unknown font weight 'bolder'"), rendered)
    XCTAssertTrue(rendered.contains("t.json:2:69: error: unknown text style 'bdy'; did you mean 'body'?"), rendered)
    XCTAssertTrue(rendered.contains("t.json:2:93: error: unknown lineBreakMode 'wrap'"), rendered)
    XCTAssertTrue(
      rendered.contains("t.json:3:46: error: expected a whole number from 1 to 1000 for \"fontWeight\""), rendered)
  }

  func testATextStyleTakesItsSizeFromTheContentSizeCategory() throws {
    // Body is 17 pt at large and 53 at AX5 (HIG, docs/text.md): "Hello" with the fixed metric
    // is 5 × 0.5 × size wide and 1.2 × size tall, rounded up to whole points at @1x:
    // 42.5 × 20.4 -> 43 × 21, and 132.5 × 63.6 -> 133 × 64.
    // With fontSize 20 too, the size scales by the style's ratio: 20 × 53 / 17.
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "body", "kind": "label", "text": "Hello", "textStyle": "body"},
          {"id": "custom", "kind": "label", "text": "Hello", "textStyle": "body", "fontSize": 20}]},
         "constraints": ["body.leading == root.leading", "body.top == root.top",
                         "custom.leading == root.leading", "custom.top == body.bottom"]}
        """))
    let engine = LayoutEngine(document: document)
    let large = engine.layout(in: environment(400, 400))
    assertRect(large, "body", 0, 0, 43, 21)
    assertRect(large, "custom", 0, 21, 50, 24)
    var ax5 = environment(400, 400)
    ax5.contentSizeCategory = .accessibilityExtraExtraExtraLarge
    let big = engine.layout(in: ax5)
    assertRect(big, "body", 0, 0, 133, 64)
    let scaled = 20 * 53 / 17.0
    let customHeight = (1.2 * scaled).rounded(.up)
    assertRect(big, "custom", 0, 64, (5 * 0.5 * scaled).rounded(.up), customHeight)
  }

  func testALabelIsMeasuredWithTheNamedFont() throws {
    // The synthetic font (TrellisTestSupport): 1000 units per em, a b c 500 wide, hhea
    // ascender 800, descender −200, line gap 100. At 10 pt "abc" is 3 × 5 = 15 wide and one
    // line 8 + 2 + 1 = 11 tall, its baseline 8 below the top.
    var library = FontLibrary()
    library.add(bytes: SyntheticFont().build(), path: "synthetic.ttf")
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "named", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "TrellisTest-Regular"},
          {"id": "system", "kind": "label", "text": "abc", "fontSize": 10},
          {"id": "mark", "intrinsicSize": {"width": 1, "height": 1}}]},
         "constraints": ["named.leading == root.leading", "named.top == root.top",
                         "system.leading == root.leading", "system.top == named.bottom",
                         "mark.leading == root.leading", "mark.top == named.firstBaseline"]}
        """))
    let result = LayoutEngine(document: document, typesetter: Typesetter(fonts: library)).layout(
      in: environment(400, 400))
    assertRect(result, "named", 0, 0, 15, 11)
    // No SF Pro and none of the fallback families: the system font is the library's first family.
    assertRect(result, "system", 0, 11, 15, 11)
    assertRect(result, "mark", 0, 8, 1, 1)
    XCTAssertEqual(result.diagnostics, [])
  }

  func testAFontTheLibraryLacksIsAWarningAndTheSystemFontStandsIn() throws {
    // A name neither the library nor the fonts iOS ships (IOSFonts) have: as before, the system
    // font (the library's only family, the synthetic font) stands in, with a warning.
    var library = FontLibrary()
    library.add(bytes: SyntheticFont().build(), path: "synthetic.ttf")
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "l", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "NoSuchFont-Heavy"}]},
         "constraints": ["l.leading == root.leading", "l.top == root.top"]}
        """))
    let result = LayoutEngine(document: document, typesetter: Typesetter(fonts: library)).layout(
      in: environment(400, 400))
    assertRect(result, "l", 0, 0, 15, 11)
    XCTAssertEqual(result.diagnostics.map(\.code), ["font-not-found"])
    XCTAssertEqual(result.diagnostics.first?.location?.line, 2)
  }

  func testAFontIOSShipsIsMeasuredFromItsMetricsWithANoteWhenApproximate() throws {
    // Avenir-Heavy, which the library lacks, is measured from IOSFonts: line height (1000 + 366)
    // / 1000 × 10 = 13.66, baseline 10 below the top; widths Inter Heavy's (800) a b c, 1649 +
    // 1802 + 1681 units, scaled so English text averages Avenir Heavy's 472 / 1000 em (Inter
    // Heavy averages 1385.0152 units): 5132 × 0.472 / 1385.0152 × 10 = 17.489. Rounded up at
    // @2x: 17.5 × 14 (13.66 → 27.32 px → 28).
    // With the fixed metric and no library at all, the same: the table needs no font file.
    // A note (not a warning) names the font once, at its first view.
    var library = FontLibrary()
    library.add(bytes: SyntheticFont().build(), path: "synthetic.ttf")
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "l", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "Avenir-Heavy"},
          {"id": "m", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "Avenir-Heavy"},
          {"id": "mark", "intrinsicSize": {"width": 1, "height": 1}}]},
         "constraints": ["l.leading == root.leading", "l.top == root.top", "m.leading == root.leading",
                         "m.top == l.bottom", "mark.leading == root.leading", "mark.top == l.firstBaseline"]}
        """))
    for typesetter in [Typesetter(fonts: library), Typesetter()] {
      let result = LayoutEngine(document: document, typesetter: typesetter).layout(in: environment(400, 400, scale: 2))
      assertRect(result, "l", 0, 0, 17.5, 14)
      assertRect(result, "m", 0, 14, 17.5, 14)
      assertRect(result, "mark", 0, 10, 1, 1)
      XCTAssertEqual(result.diagnostics.map(\.code), ["text-approximate-font"])
      XCTAssertEqual(result.diagnostics.first?.severity, .note)
      XCTAssertEqual(result.diagnostics.first?.location?.line, 2)
    }
    // A file of a family UIKit adjusts, given as a font, is measured with the adjustment: the
    // synthetic font named Helvetica Neue (hhea 800 / −200 / 100 of 1000) is 8 + 2 = 10 tall at
    // 10 pt, not 11, its widths its own ("abc" 15); nothing is approximated.
    var neue = SyntheticFont()
    neue.family = "Helvetica Neue"
    neue.postScriptName = "HelveticaNeue"
    var neueLibrary = FontLibrary()
    neueLibrary.add(bytes: neue.build(), path: "HelveticaNeue.ttf")
    let named = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "l", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "HelveticaNeue"}]},
         "constraints": ["l.leading == root.leading", "l.top == root.top"]}
        """))
    let neueResult = LayoutEngine(document: named, typesetter: Typesetter(fonts: neueLibrary))
      .layout(in: environment(400, 400))
    assertRect(neueResult, "l", 0, 0, 15, 10)
    XCTAssertEqual(neueResult.diagnostics, [])
    // Menlo is monospaced: its one advance is exact, so there is nothing to note.
    let menlo = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "l", "kind": "label", "text": "abc", "fontSize": 10, "fontName": "Menlo-Regular"}]},
         "constraints": ["l.leading == root.leading", "l.top == root.top"]}
        """))
    XCTAssertEqual(LayoutEngine(document: menlo).layout(in: environment(400, 400)).diagnostics, [])
  }

  func testTextIsCentredVerticallyInATallerLabelAndItsBaselineMovesWithIt() throws {
    // "abc" at 10 pt (fixed metric): 15 × 12, first baseline 9.5. Made 40 tall, the text is
    // centred: its top at (40 − 12) / 2 = 14, its baseline at 14 + 9.5 = 23.5.
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "l", "kind": "label", "text": "abc", "fontSize": 10},
          {"id": "mark", "intrinsicSize": {"width": 1, "height": 1}}]},
         "constraints": ["l.leading == root.leading", "l.top == root.top", "l.height == 40",
                         "mark.leading == root.leading", "mark.top == l.firstBaseline",
                         "mark.width == 1"]}
        """))
    let result = LayoutEngine(document: document).layout(in: environment(400, 400))
    assertRect(result, "l", 0, 0, 15, 40)
    assertRect(result, "mark", 0, 23.5, 1, 1)
  }
}

extension TextPropertyTests {
  func testTheBuiltInMetricMeasuresLikeItsMeasurerAndFontsWinOverIt() throws {
    // "Flips: 0" at 40 pt, which IB stored 123.667 wide (docs/text-fidelity.md); the fixed metric
    // says 8 × 20 = 160. The built-in metric's own measure, rounded up at @3x, is what the label gets.
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "flips", "kind": "label", "text": "Flips: 0", "fontSize": 40}]},
         "constraints": ["flips.leading == root.leading", "flips.top == root.top"]}
        """))
    let measurer = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 40))
    let expected = TextLayout("Flips: 0", measurer: measurer, rounding: .up(scale: 3))
    let inter = LayoutEngine(document: document, typesetter: Typesetter(metric: .builtin("inter")))
      .layout(in: environment(375, 812, scale: 3))
    assertRect(inter, "flips", 0, 0, expected.width, expected.height)
    XCTAssertLessThan(abs(expected.width - 123.667), abs(160 - 123.667))
    // Fonts, when given, measure instead.
    var library = FontLibrary()
    library.add(bytes: SyntheticFont().build(), path: "synthetic.ttf")
    let fonts = LayoutEngine(document: document, typesetter: Typesetter(fonts: library, metric: .builtin("inter")))
      .layout(in: environment(375, 812, scale: 3))
    // The synthetic font has no F, l, i, p, s, :, 0: each takes .notdef's 600 units, the space 250:
    // 7 × 600 + 250 = 4450 units = 178 pt at 40 pt; lines 1.1 × 40 = 44.
    assertRect(fonts, "flips", 0, 0, 178, 44)
  }
}
