import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Views installed per size class; intrinsic size, content insets, hugging and compression
/// resistance per size class; the empty-title button (docs/semantics.md §1).
final class SizeClassValuesTests: XCTestCase {
  private let installedJSON = """
    {"root": {"id": "root", "children": [
      {"id": "a"},
      {"id": "extra", "installed": {"any": true, "hC": false}, "children": [{"id": "sub"}]},
      {"id": "row", "kind": "stack", "spacing": 10, "children": [
        {"id": "p", "intrinsicSize": {"width": 30, "height": 10}},
        {"id": "q", "installed": {"hR": false}, "intrinsicSize": {"width": 50, "height": 10}},
        {"id": "r", "intrinsicSize": {"width": 40, "height": 10}}]}]},
     "constraints": ["a.leading == root.leading", "a.top == root.top", "a.width == 10", "a.height == 10",
                     "extra.leading == a.trailing", "extra.top == root.top", "extra.width == 20", "extra.height == 20",
                     "sub.leading == extra.leading", "sub.top == extra.top", "sub.width == 5", "sub.height == 5",
                     "a.height == sub.height + 5",
                     "row.leading == root.leading", "row.top == root.top + 50"]}
    """

  func testUninstalledViewsLeaveWithTheirSubviewsAndConstraints() throws {
    // Compact height: extra and sub are gone, with the four constraints naming them and
    // `a.height == sub.height + 5`; q is installed (hR only uninstalls it).
    let compact = try XCTUnwrap(layout(installedJSON, environment(600, 300, wChC)))
    XCTAssertNil(compact.view("extra"))
    XCTAssertNil(compact.view("sub"))
    XCTAssertEqual(compact.diagnostics, [])
    XCTAssertEqual(compact.resolution?.views.first?.children, ["a", "row"])
    XCTAssertFalse(compact.resolution?.constraints.contains { $0.source.contains("sub") } ?? true)
    // The stack arranges p, q, r: 0, 40, 100.
    assertRect(compact, "q", 40, 50, 50, 10)
    assertRect(compact, "r", 100, 50, 40, 10)

    // Regular height: extra and sub are there (a.height == 5 + 5 agrees with a.height == 10);
    // q is not, and the stack arranges p and r only: r at 30 + 10.
    let regular = try XCTUnwrap(layout(installedJSON, environment(300, 600, wChR)))
    assertRect(regular, "extra", 10, 0, 20, 20)
    assertRect(regular, "sub", 10, 0, 5, 5)
    XCTAssertNil(regular.view("q"))
    assertRect(regular, "r", 40, 50, 40, 10)
    XCTAssertEqual(regular.diagnostics, [])
  }

  func testRotationReportsInstalledAndUninstalledViews() throws {
    let document = try XCTUnwrap(readLayout(installedJSON))
    let before = LayoutEngine(document: document).layout(in: environment(300, 600, wChR))
    let after = LayoutEngine(document: document).layout(in: environment(600, 300, wChC))
    let diff = LayoutDiff(
      from: try XCTUnwrap(before.resolution), to: try XCTUnwrap(after.resolution), solvedBefore: before,
      solvedAfter: after)
    XCTAssertEqual(diff.uninstalledViews, ["extra", "sub"])
    XCTAssertEqual(diff.installedViews, ["q"])
  }

  func testTheRootIsAlwaysInstalled() {
    let result = LayoutReader.parse(#"{"root": {"id": "root", "installed": false}}"#, file: "t.json")
    XCTAssertEqual(result.diagnostics.map(\.code), ["not-applicable"])
    XCTAssertTrue(result.document?.root.installed.base ?? false)
  }

  func testIntrinsicSizeContentInsetsAndPrioritiesVary() throws {
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "img", "kind": "image", "intrinsicSize": {"any": {"width": 40, "height": 30}, "wR": {"width": 80}},
           "hugging": {"any": 251, "hC": {"vertical": 700}}, "compressionResistance": {"wR": 900}},
          {"id": "ok", "kind": "button", "text": "OK", "contentInsets": {"any": 6, "wR": {"left": 20, "right": 20}}}]}}
        """))
    let compact = document.resolved(for: environment(300, 600, wChR))
    let img = try XCTUnwrap(compact.views.first { $0.id == "img" })
    XCTAssertEqual(img.intrinsicWidth, 40)
    XCTAssertEqual(img.intrinsicHeight, 30)
    XCTAssertEqual(img.hugging, AxisValues(horizontal: 251, vertical: 251))
    XCTAssertEqual(img.compressionResistance, AxisValues(horizontal: 750, vertical: 750))
    // "OK" at 17 pt @1x: 2 × 8.5 = 17 wide, 1.2 × 17 = 20.4 → 21 tall; insets 6 all round:
    // 29 wide, which a button's 30-pt minimum raises to 30.
    let ok = try XCTUnwrap(compact.views.first { $0.id == "ok" })
    XCTAssertEqual(ok.intrinsicWidth, 30)
    XCTAssertEqual(ok.intrinsicHeight, 33)

    let regular = document.resolved(for: environment(600, 300, wRhC))
    let wide = try XCTUnwrap(regular.views.first { $0.id == "img" })
    XCTAssertEqual(wide.intrinsicWidth, 80)  // wR
    XCTAssertEqual(wide.intrinsicHeight, 30)  // kept from any
    XCTAssertEqual(wide.hugging, AxisValues(horizontal: 251, vertical: 700))  // hC, horizontal from any
    XCTAssertEqual(wide.compressionResistance, AxisValues(horizontal: 900, vertical: 900))
    let wideOK = try XCTUnwrap(regular.views.first { $0.id == "ok" })
    XCTAssertEqual(wideOK.intrinsicWidth, 57)  // 17 + 20 + 20
    XCTAssertEqual(wideOK.intrinsicHeight, 33)  // top and bottom kept from any
  }

  func testEmptyTitleButtonIsOneLineTallAndThirtyWide() throws {
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [
          {"id": "card", "kind": "button", "fontSize": 40},
          {"id": "small", "kind": "button", "fontSize": 15},
          {"id": "plain", "kind": "button", "fontSize": 17, "contentInsets": 20}]}}
        """))
    let views = document.resolved(for: environment(375, 812, scale: 3)).views
    func view(_ id: String) throws -> ResolvedView { try XCTUnwrap(views.first { $0.id == id }) }
    // 40 pt: one line 1.2 × 40 = 48, + 6 + 6 = 60 (the stored height of the lecture's
    // title-less 40-pt cards); width the 30-pt minimum (8 + 8 = 16 is less).
    XCTAssertEqual(try view("card").intrinsicHeight, 60)
    XCTAssertEqual(try view("card").intrinsicWidth, 30)
    // 15 pt: 18 + 12 = 30, UIKit's familiar 30-pt system button.
    XCTAssertEqual(try view("small").intrinsicHeight, 30)
    // 17 pt @3x: 20.4 → 61.2 px → 62 px = 20.667; + 20 + 20 = 60.667, which UIButton rounds up
    // to whole points: 61. Width 40 > 30.
    XCTAssertEqual(try view("plain").intrinsicHeight, 61)
    XCTAssertEqual(try view("plain").intrinsicWidth, 40)
  }
}
