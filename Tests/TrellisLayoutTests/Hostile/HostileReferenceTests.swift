import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Constraints that name themselves, hidden views, missing views, and the same constraint
/// more than once.
final class HostileReferenceTests: XCTestCase {
  func testAnAnchorRelatedToItselfIsAnErrorInEveryForm() {
    let text = hostileLayout(
      "\"a.width == a.width\", \"a.width == 0.5 * a.width + 10\", \"root.height >= root.height\",\n"
        + "{\"first\": \"b.top\", \"relation\": \"<=\", \"second\": \"b.top\"}, \"H:[a(==a)]\"")
    let result = hostileRead(text)
    XCTAssertNil(result.document)
    // Each is reported at the second anchor (for Visual Format: at the predicate's view name).
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "a.width\"", in: text)): error: 'a.width' is constrained to itself; relate it to another anchor",
        "\(hostilePosition(of: "a.width + 10", in: text)): error: 'a.width' is constrained to itself; relate it to another anchor",
        "\(hostilePosition(of: "root.height\"", in: text)): error: 'root.height' is constrained to itself; relate it to another anchor",
        "\(hostilePosition(of: "b.top\"}", in: text)): error: 'b.top' is constrained to itself; relate it to another anchor",
        "\(hostilePosition(of: "a)]", in: text)): error: 'a.width' is constrained to itself; relate it to another anchor",
      ])
  }

  func testTwoAnchorsOfOneViewMayBeRelated() throws {
    // a.leading == a.trailing is legal: it makes a zero wide (x = x + width).
    let text = hostileLayout(
      "\"a.leading == a.trailing\", \"a.leading == root.leading + 5\", \"a.top == a.bottom - 10\", \"a.top == root.top\""
    )
    let document = try XCTUnwrap(hostileRead(text).document)
    let result = solve(LayoutEngine(document: document), hostilePhone)
    XCTAssertFalse(result.hasConflicts, "\(result.diagnostics)")
    assertRect(result, "a", 5, 0, 0, 10)
  }

  func testHiddenViewsOutsideStacksStillLayOut() throws {
    // UIKit: hiding a view does not remove its constraints. b hangs off hidden a:
    // a = (10, 20, 30, 40), so b.x = 10 + 30 + 5 = 45 and b.y = 20 + 40 = 60.
    let text = hostileLayout(
      views: "{\"id\": \"a\", \"hidden\": true}, {\"id\": \"b\"}",
      "\"a.leading == root.leading + 10\", \"a.top == root.top + 20\", \"a.width == 30\", \"a.height == 40\",\n"
        + "\"b.leading == a.trailing + 5\", \"b.top == a.bottom\", \"b.width == 10\", \"b.height == 10\"")
    let document = try XCTUnwrap(hostileRead(text).document)
    let result = solve(LayoutEngine(document: document), hostilePhone)
    XCTAssertEqual(result.diagnostics.count, 0, "\(result.diagnostics)")
    assertRect(result, "a", 10, 20, 30, 40)
    assertRect(result, "b", 45, 60, 10, 10)
    XCTAssertEqual(result.view("a")?.isEffectivelyHidden, true)
    XCTAssertEqual(result.view("b")?.isEffectivelyHidden, false)
  }

  func testARequiredSizeOnAHiddenArrangedViewWinsOverTheStackCollapsingIt() throws {
    // Since iOS 11 UISV-hiding (x.width == 0) is 999.999 (docs/stacks.md), so the app's required
    // `x.width == 50` wins without a conflict. Worked by hand (horizontal fill stack, spacing 0):
    // y, the only visible view, meets both of the stack's edges and the stack fills the root:
    // (0, 0, 375, 667); x, hidden before it, ends half a spacing (0) before y's leading edge
    // (UISV-spacing-hidden @50): x = −50, 50 wide; as the first item it meets the stack's top and
    // bottom (fill alignment).
    let text = hostileLayout(
      views: "{\"id\": \"s\", \"kind\": \"stack\", \"children\": [{\"id\": \"x\", \"hidden\": true}, {\"id\": \"y\"}]}",
      "\"H:|[s]|\", \"V:|[s]|\", \"x.width == 50\"")
    let document = try XCTUnwrap(hostileRead(text).document)
    let engine = LayoutEngine(document: document)
    let result = solve(engine, hostilePhone)
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), [])
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    assertRect(result, "x", -50, 0, 50, 667)
    assertRect(result, "y", 0, 0, 375, 667)
  }

  func testMissingViewsAreReportedWhereTheyAreNamed() {
    let text = hostileLayout(
      "\"a.top == ghost.bottom\", \"bb.top == a.top\", \"H:|[a]-[nobody]|\", {\"first\": \"a.top\", \"relation\": \"==\", \"second\": \"phantom.top\"}"
    )
    let result = hostileRead(text)
    XCTAssertNil(result.document)
    XCTAssertEqual(
      hostileSummary(result.diagnostics),
      [
        "\(hostilePosition(of: "ghost", in: text)): error: unknown view 'ghost'",
        "\(hostilePosition(of: "bb", in: text)): error: unknown view 'bb'; did you mean 'b'?",
        "\(hostilePosition(of: "nobody", in: text)): error: unknown view 'nobody'",
        "\(hostilePosition(of: "phantom", in: text)): error: unknown view 'phantom'",
      ])
  }

  func testTheEngineIgnoresConstraintsNamingItemsThatDoNotExist() throws {
    // A document built in code can name anything; the engine reports it and lays out the rest.
    let document = Layout(validated: false) {
      View("a")
    } constraints: {
      ["a.top == ghost.bottom", "a.leading == root.leading", "a.top == root.top", "a.width == 4", "a.height == 2"]
    }
    let engine = LayoutEngine(document: document)
    let result = solve(engine, hostilePhone)
    XCTAssertEqual(
      result.diagnostics.map(\.message),
      ["Constraint 'constraint#1' (a.top == ghost.bottom) names 'ghost', which is not a view or guide; it was ignored."]
    )
    assertRect(result, "a", 0, 0, 4, 2)
  }

  func testIdenticalDuplicatesAreRedundantNotConflicting() throws {
    // 500 copies of the same required constraint: one holds them all.
    let copies = Array(repeating: "\"a.width == 10\"", count: 500).joined(separator: ", ")
    let text = hostileLayout(
      views: "{\"id\": \"a\"}", "\(copies), \"a.leading == root.leading\", \"a.top == root.top\", \"a.height == 10\"")
    let document = try XCTUnwrap(hostileRead(text).document)
    XCTAssertEqual(document.constraints.count, 503)
    let engine = LayoutEngine(document: document)
    let result = solve(engine, hostilePhone)
    XCTAssertFalse(result.hasConflicts, "\(result.diagnostics.prefix(3))")
    XCTAssertEqual(result.diagnostics.count, 0)
    assertRect(result, "a", 0, 0, 10, 10)
    XCTAssertEqual(engine.installedConstraints.filter { $0.source == "a.width == 10" }.count, 500)
  }

  func testConflictingDuplicatesBreakTheLaterOne() throws {
    let text = hostileLayout(
      "\"a.width == 10\", \"a.width == 20\", \"a.leading == root.leading\", \"a.top == root.top\", \"a.height == 10\"")
    let document = try XCTUnwrap(hostileRead(text).document)
    let engine = LayoutEngine(document: document)
    let result = solve(engine, hostilePhone)
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), ["constraint#2"])
    let first = hostilePosition(of: "\"a.width == 10\"", in: text)
    let notes = result.diagnostics.filter { $0.severity == .error }.map(\.notes)
    XCTAssertEqual(
      notes.map { $0.map(\.message) },
      [
        [
          "'constraint#1' a.width == 10", "'constraint#2' a.width == 20",
          "Will attempt to recover by breaking constraint 'constraint#2' a.width == 20.",
          "UIKit breaks the later-added of equal shapes (a guess); docs/semantics.md, \"Which constraint UIKit breaks\".",
        ]
      ])
    XCTAssertEqual(notes.first?.first?.location.map { "\($0.file):\($0.line):\($0.column)" }, "hostile.json:\(first)")
    assertRect(result, "a", 0, 0, 10, 10)
  }

  func testDuplicateIdsAreAnErrorWithANoteAtTheFirst() {
    let text = hostileLayout(
      "{\"id\": \"w\", \"constraint\": \"a.width == 1\"},\n{\"id\": \"w\", \"constraint\": \"a.width == 2\"}")
    let result = hostileRead(text)
    XCTAssertNil(result.document)
    XCTAssertEqual(result.diagnostics.count, 1, "\(result.diagnostics)")
    let duplicate = result.diagnostics.first
    XCTAssertEqual(
      duplicate?.location.map { "\($0.line):\($0.column)" }, hostilePosition(of: "\"w\"", in: text, occurrence: 2))
    XCTAssertEqual(duplicate?.notes.count, 1)
    let note = duplicate?.notes.first
    XCTAssertEqual(
      note?.location.map { "\($0.file):\($0.line):\($0.column)" },
      "hostile.json:\(hostilePosition(of: "\"w\"", in: text))", "\(duplicate?.notes ?? [])")
  }
}
