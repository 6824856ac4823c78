import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The last baseline of text whose intrinsic size the file gives (IB's stored frame under
/// `--intrinsic stored`) and that wraps in it is its last line's, one line's descent above the
/// bottom of that box (docs/semantics.md, "Intrinsic content size"; the shape of VLC's
/// VLCDonationSEPAViewController.xib, videolan/vlc-ios @ 12cd503e: a 300 × 78 description whose
/// `baseline` a field's label hangs 50 below).
///
/// Every expected value is worked out by hand from the fixed metric (each character 0.5 em, a
/// line 1.2 em, ascender 0.95 em): at 15 pt a character is 7.5 wide, a line 18 tall, its baseline
/// 14.25 below the line's top, so its descent (to the line's bottom) is 3.75.
final class StoredTextBoxBaselineTests: XCTestCase {
  /// `long`: eight 9-letter words, 597.5 pt on one line; at 300 four words (292.5) fit a line, so
  /// two lines, in a box the file says is 78 tall. `short`: "Hi", one line at any width, in the
  /// same box. `one`: the long text limited to one line.
  static let json = """
    {"root": {"id": "root", "children": [
      {"id": "long", "kind": "label", "fontSize": 15, "numberOfLines": 0,
       "text": "abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi",
       "intrinsicSize": {"width": 300, "height": 78}},
      {"id": "belowLong", "kind": "label", "fontSize": 15, "text": "IBAN"},
      {"id": "besideLong", "kind": "label", "fontSize": 15, "text": "IBAN"},
      {"id": "short", "kind": "label", "fontSize": 15, "numberOfLines": 0, "text": "Hi",
       "intrinsicSize": {"width": 300, "height": 78}},
      {"id": "belowShort", "kind": "label", "fontSize": 15, "text": "IBAN"},
      {"id": "one", "kind": "label", "fontSize": 15,
       "text": "abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi",
       "intrinsicSize": {"width": 300, "height": 78}},
      {"id": "belowOne", "kind": "label", "fontSize": 15, "text": "IBAN"}]},
     "constraints": [
       "long.leading == root.leading", "long.top == root.top + 100",
       "belowLong.leading == root.leading", "belowLong.firstBaseline == long.lastBaseline + 50",
       "besideLong.leading == root.leading + 310", "besideLong.firstBaseline == long.firstBaseline",
       "short.leading == root.leading", "short.top == root.top + 300",
       "belowShort.leading == root.leading", "belowShort.firstBaseline == short.lastBaseline + 50",
       "one.leading == root.leading", "one.top == root.top + 500",
       "belowOne.leading == root.leading", "belowOne.firstBaseline == one.lastBaseline + 50"]}
    """

  func testWrappedTextInAGivenBoxHasItsLastBaselineAtTheBoxsBottom() throws {
    let result = try XCTUnwrap(layout(Self.json, environment(400, 700)))
    XCTAssertEqual(result.diagnostics.map(\.code), [])
    // long: 100 to 178; its last baseline is 3.75 above 178, at 174.25; belowLong's first
    // baseline is 50 lower, 224.25, and 14.25 below its top: 210. "IBAN" is 4 × 7.5 = 30 wide.
    assertRect(result, "long", 0, 100, 300, 78)
    assertRect(result, "belowLong", 0, 210, 30, 18)
    // The first baseline is still the first line's: 100 + 14.25, besideLong's top 100.
    assertRect(result, "besideLong", 310, 100, 30, 18)
  }

  func testTextOnOneLineKeepsItsOnlyBaseline() throws {
    let result = try XCTUnwrap(layout(Self.json, environment(400, 700)))
    // short: one line, its last baseline the first, 14.25 below its top (300): belowShort's
    // first baseline 364.25, its top 350.
    assertRect(result, "belowShort", 0, 350, 30, 18)
    // one: numberOfLines 1, so one line however long: 500 + 14.25 + 50 − 14.25 = 550.
    assertRect(result, "belowOne", 0, 550, 30, 18)
  }
}
