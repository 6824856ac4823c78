import TrellisJSON
import TrellisModel
import TrellisSupport
import XCTest

/// Visual Format Language: parsing, expansion into constraints, and errors with offsets.
final class VisualFormatTests: XCTestCase {
  /// root ⊃ {a, b, grid ⊃ {c}}.
  private let parents: [String: String] = ["a": "root", "b": "root", "grid": "root", "c": "grid"]

  private func expand(_ text: String, metrics: [String: Double] = [:]) -> ([String], [TextProblem]) {
    let format: VisualFormat
    switch VisualFormatParser.parse(text) {
    case .success(let value): format = value
    case .failure(let problem): return ([], [problem])
    }
    let parents = self.parents
    let expander = VisualFormatExpander(
      viewIDs: ["root", "a", "b", "grid", "c"], isView: { $0 == "root" || parents[$0] != nil }, parent: { parents[$0] },
      metrics: metrics,
      metricNames: metrics.keys.sorted())
    let (constraints, problems) = expander.expand(format)
    return (constraints.map(describe), problems)
  }

  /// `b.leading >= a.trailing + 8 @750` (multiplier is always 1 in VFL).
  private func describe(_ c: VisualFormatConstraint) -> String {
    var text = "\(c.first.item).\(c.first.attribute.rawValue) \(c.relation.rawValue) "
    if let second = c.second {
      text += "\(second.item).\(second.attribute.rawValue) + \(c.isStandard ? "standard" : fmt(c.constant))"
    } else {
      text += fmt(c.constant)
    }
    if let priority = c.priority { text += " @\(fmt(priority))" }
    return text
  }

  private func problem(_ text: String, metrics: [String: Double] = [:]) -> TextProblem? {
    expand(text, metrics: metrics).1.first
  }

  // MARK: Expansion

  func testStandardSpacingAndSizeEquality() {
    // '-' is the symbolic standard spacing (the pair decides its value at resolution: see
    // StandardSpacingTests); `|` is a's and b's parent, root.
    let (constraints, problems) = expand("H:|-[a]-8-[b(==a)]-|")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(
      constraints,
      [
        "a.leading == root.leading + standard",
        "b.leading == a.trailing + 8",
        "b.width == a.width + 0",
        "root.trailing == b.trailing + standard",
      ])
  }

  func testVerticalWithMetric() {
    XCTAssertEqual(expand("V:|-pad-[a]", metrics: ["pad": 20]).0, ["a.top == root.top + 20"])
  }

  func testOrientationDefaultsToHorizontal() {
    XCTAssertEqual(expand("[a]-[b]").0, ["b.leading == a.trailing + standard"])
  }

  func testViewPredicatesWithPriority() {
    XCTAssertEqual(expand("H:[a(>=50,<=100@20)]").0, ["a.width >= 50", "a.width <= 100 @20"])
    XCTAssertEqual(expand("V:[a(100)]").0, ["a.height == 100"])
    XCTAssertEqual(expand("V:[a(h@p)]", metrics: ["h": 30, "p": 500]).0, ["a.height == 30 @500"])
  }

  func testConnectionPredicates() {
    XCTAssertEqual(expand("H:[a]-(>=8@750)-[b]").0, ["b.leading >= a.trailing + 8 @750"])
    XCTAssertEqual(expand("[a]-(>=8,<=20)-[b]").0, ["b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20"])
    XCTAssertEqual(expand("[a]-(-8)-[b]").0, ["b.leading == a.trailing + -8"])
    // To the trailing edge the superview comes first: root.trailing >= b.trailing + 8.
    XCTAssertEqual(expand("[b]-(>=8)-|").0, ["root.trailing >= b.trailing + 8"])
  }

  func testFlushViews() {
    XCTAssertEqual(expand("[a][b]").0, ["b.leading == a.trailing + 0"])
    XCTAssertEqual(expand("V:|[a]|").0, ["a.top == root.top + 0", "root.bottom == a.bottom + 0"])
  }

  func testSuperviewIsTheCommonParent() {
    XCTAssertEqual(
      expand("|-[c]-|").0, ["c.leading == grid.leading + standard", "grid.trailing == c.trailing + standard"])
  }

  func testWhitespaceIsAllowedBetweenTokens() {
    XCTAssertEqual(
      expand("H: | - [a] - 8 - [b] ").0, ["a.leading == root.leading + standard", "b.leading == a.trailing + 8"])
  }

  // MARK: Syntax errors (message and offset)

  func testSyntaxErrors() {
    let cases: [(String, String, Int)] = [
      ("", "empty visual format string; write e.g. 'H:|-[a]-[b]-|'", 0),
      ("V|[a]", "expected ':' after 'V' to specify vertical arrangement", 1),
      ("H[a]", "expected ':' after 'H' to specify horizontal arrangement", 1),
      ("H:", "expected a view ('[name]') at the end of the format", 2),
      ("H:[a", "expected ']' after view name 'a'", 4),
      ("H:[]", "expected a view name after '['", 3),
      ("H:[a(>=50]", "a predicate on a view's thickness must end with ')' and the view must end with ']'", 9),
      ("H:[a(=50)]", "unknown relation; must be ==, >= or <=", 5),
      ("H:[a(>=)]", "expected a number, a metric name or a view name in the predicate, found ')'", 7),
      ("H:[a(50@)]", "expected a priority (a number or a metric name) after '@'", 8),
      ("H:|-|", "expected a view ('[name]') after the leading '|'", 4),
      ("H:[a]-|-[b]", "unexpected '-' after the closing '|'", 7),
      ("H:[a]|[b]", "unexpected '[' after the closing '|'", 6),
      ("H:[a]x[b]", "expected '-', '[' or '|' after view 'a', found 'x'", 5),
      ("H:[a]-8[b]", "expected '-' after the spacing, found '['", 7),
      ("H:[a]-8-x", "expected a view or '|' after the spacing, found 'x'", 8),
      ("H:[a]-%-[b]", "expected a number, a metric name or '(' after '-', found '%'", 6),
      ("H:[a]-(8 9)-[b]", "expected ',' or ')' after a spacing predicate", 9),
      ("H:a", "expected '[' to start a view, found 'a'", 2),
      ("H:[a]-", "expected a number, a metric name or '(' after '-', found the end of the format", 6),
    ]
    for (text, message, offset) in cases {
      XCTAssertEqual(problem(text), TextProblem(message: message, offset: offset), text)
    }
  }

  // MARK: Name errors

  func testNameErrors() {
    XCTAssertEqual(
      problem("H:|-[blackBox]-|"), TextProblem(message: "unknown view 'blackBox'", offset: 5))
    XCTAssertEqual(
      problem("[safeArea]"),
      TextProblem(
        message: "'safeArea' is a layout guide; a visual format string can only name views (use '|' for the superview)",
        offset: 1))
    XCTAssertEqual(
      problem("|[root]"),
      TextProblem(message: "'|' stands for the superview, but 'root' is the root view and has none", offset: 0))
    XCTAssertEqual(
      problem("[a]-[c]-|"),
      TextProblem(message: "'|' stands for the common superview, but 'a' is in 'root' and 'c' is in 'grid'", offset: 8))
    XCTAssertEqual(
      problem("[a]-pda-[b]", metrics: ["pad": 20]),
      TextProblem(message: "unknown metric 'pda'; did you mean 'pad'?", offset: 4))
    XCTAssertEqual(
      problem("[a]-b-[b]"), TextProblem(message: "'b' is a view; a spacing takes a number or a metric name", offset: 4))
    XCTAssertEqual(problem("[a(x)]"), TextProblem(message: "unknown metric or view 'x'", offset: 3))
    XCTAssertEqual(
      problem("[a(50@hihg)]", metrics: ["high": 750]),
      TextProblem(message: "unknown metric 'hihg'; did you mean 'high'?", offset: 6))
  }

  func testBlueBoxSuggestion() {
    // The example from Apple's guide: blackBox → blueBox (distance 3, allowed for 8 letters: (8 + 2) / 3 = 3).
    let expander = VisualFormatExpander(
      viewIDs: ["root", "blueBox", "redBox"], isView: { ["root", "blueBox", "redBox"].contains($0) },
      parent: { $0 == "root" ? nil : "root" }, metrics: [:], metricNames: [])
    guard case .success(let format) = VisualFormatParser.parse("[blackBox]-[redBox]") else { return XCTFail() }
    XCTAssertEqual(
      expander.expand(format).problems,
      [TextProblem(message: "unknown view 'blackBox'; did you mean 'blueBox'?", offset: 1)])
  }

  func testLooksLikeVisualFormat() {
    for text in ["H:|[a]|", "V:[a]", " |-[a]", "[a][b]", "V|[a]", "H [a]"] {
      XCTAssertTrue(VisualFormatParser.looksLikeVisualFormat(text), text)
    }
    for text in ["a.top == b.top", "Header.top == b.top", "Vx.top == b.top", ""] {
      XCTAssertFalse(VisualFormatParser.looksLikeVisualFormat(text), text)
    }
  }

  // MARK: Through the reader

  func testReaderGivesEachExpansionAnIdLocationAndSource() throws {
    let text = """
      {"root": {"children": [{"id": "a"}, {"id": "b"}]},
       "constraints": ["a.top == root.top", "H:|-[a]-[b]-|"]}
      """
    let result = LayoutReader.parse(text, file: "v.json")
    XCTAssertEqual(result.diagnostics, [])
    let constraints = try XCTUnwrap(result.document?.constraints)
    // Ids are positions in the expanded list: the text constraint is #1, the VFL string gives #2–#4.
    XCTAssertEqual(constraints.map(\.id), ["constraint#1", "constraint#2", "constraint#3", "constraint#4"])
    XCTAssertEqual(constraints[1].source, "H:|-[a]-[b]-|")
    // The VFL string's quote is at line 2, column 39: ` "constraints": [` is 17 characters and
    // `"a.top == root.top", ` 21 more, so 38 characters come before it.
    XCTAssertEqual(constraints[1].location?.line, 2)
    XCTAssertEqual(constraints[1].location?.column, 39)
    XCTAssertEqual(constraints[1].path, "$.constraints[1]")
    // a is scalar offset 5 inside the string → column 39 + 1 + 5 = 45; '|' (offset 2) → 42.
    XCTAssertEqual(constraints[1].first.location?.column, 45)
    XCTAssertEqual(constraints[1].second?.location?.column, 42)
  }

  func testReaderVisualFormatObjectWithIdPriorityAndInstalled() throws {
    let text = """
      {"root": {"children": [{"id": "a"}, {"id": "b"}]},
       "constraints": [{"vfl": "[a]-gap-[b(>=10@300)]", "metrics": {"gap": 12}, "id": "row", "priority": 600,
                        "installed": {"any": true, "hC": false}}]}
      """
    let result = LayoutReader.parse(text, file: "v.json")
    XCTAssertEqual(result.diagnostics, [])
    let constraints = try XCTUnwrap(result.document?.constraints)
    XCTAssertEqual(constraints.map(\.id), ["row#1", "row#2"])
    XCTAssertEqual(constraints[0].constant.base, 12)
    // The object's priority applies where the string gives none; the predicate's own wins.
    XCTAssertEqual(constraints[0].priority.base, 600)
    XCTAssertEqual(constraints[1].priority.base, 300)
    XCTAssertEqual(constraints[1].installed.resolved(for: .init(horizontal: .compact, vertical: .compact)), false)
    XCTAssertEqual(constraints[1].installed.resolved(for: .init(horizontal: .compact, vertical: .regular)), true)
  }
}
