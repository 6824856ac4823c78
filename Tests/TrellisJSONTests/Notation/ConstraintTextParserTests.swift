import TrellisJSON
import TrellisModel
import XCTest

/// Constraint text: each form gives the expected pieces; each mistake its message and the
/// 0-based offset of the offending token.
final class ConstraintTextParserTests: XCTestCase {
  private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConstraintText? {
    switch ConstraintTextParser.parse(text) {
    case .success(let value): return value
    case .failure(let problem):
      XCTFail("unexpected problem: \(problem.message) at \(problem.offset)", file: file, line: line)
      return nil
    }
  }

  private func problem(_ text: String) -> TextProblem? {
    if case .failure(let problem) = ConstraintTextParser.parse(text) { return problem }
    return nil
  }

  func testAnchorPlusConstant() throws {
    let c = try XCTUnwrap(parse("a.top == b.bottom + 8"))
    XCTAssertEqual(c.first.item, "a")
    XCTAssertEqual(c.first.attribute, .top)
    XCTAssertEqual(c.relation, .equal)
    XCTAssertEqual(c.second?.item, "b")
    XCTAssertEqual(c.second?.attribute, .bottom)
    XCTAssertEqual(c.multiplier, 1)
    XCTAssertEqual(c.constant, 8)
    XCTAssertNil(c.priority)
    // Offsets: a 0, top 2, == 6, b 9, bottom 11, + 18.
    XCTAssertEqual([c.first.itemOffset, c.first.attributeOffset, c.relationOffset], [0, 2, 6])
    XCTAssertEqual([c.second?.itemOffset, c.second?.attributeOffset, c.constantOffset], [9, 11, 18])
  }

  func testMinusConstant() throws {
    let c = try XCTUnwrap(parse("flips.trailing == safeArea.trailing - 8"))
    XCTAssertEqual(c.constant, -8)
    XCTAssertEqual(c.second?.item, "safeArea")
  }

  func testLeadingMultiplierAndNumericPriority() throws {
    let c = try XCTUnwrap(parse("a.width == 0.625 * b.height @750"))
    XCTAssertEqual(c.multiplier, 0.625)
    XCTAssertEqual(c.second?.attribute, .height)
    XCTAssertEqual(c.priority, 750)
    // "0.625" starts at offset 11, "@" at 28.
    XCTAssertEqual(c.multiplierOffset, 11)
    XCTAssertEqual(c.priorityOffset, 28)
  }

  func testRatioBecomesMultiplier() throws {
    // 5:8 → 5 / 8 = 0.625.
    let c = try XCTUnwrap(parse("a.width == b.height * 5:8"))
    XCTAssertEqual(c.multiplier, 0.625)
    XCTAssertEqual(c.constant, 0)
  }

  func testTrailingMultiplierAndDivision() throws {
    XCTAssertEqual(parse("a.width == b.width * 2 + 8")?.multiplier, 2)
    XCTAssertEqual(parse("a.width == b.width * 2 + 8")?.constant, 8)
    // / 2 → 1 / 2 = 0.5.
    XCTAssertEqual(parse("a.width == b.width / 2")?.multiplier, 0.5)
  }

  func testConstantOnlyAndRelations() throws {
    let c = try XCTUnwrap(parse("a.width >= 44"))
    XCTAssertNil(c.second)
    XCTAssertEqual(c.relation, .greaterThanOrEqual)
    XCTAssertEqual(c.constant, 44)
    XCTAssertEqual(parse("a.height <= 10.5")?.relation, .lessThanOrEqual)
    XCTAssertEqual(parse("a.height <= 10.5")?.constant, 10.5)
    XCTAssertEqual(parse("a.width == -5")?.constant, -5)
  }

  func testNamedPriorities() {
    XCTAssertEqual(parse("a.centerX == root.centerX @required")?.priority, 1000)
    XCTAssertEqual(parse("a.centerX == root.centerX @high")?.priority, 750)
    XCTAssertEqual(parse("a.centerX == root.centerX @low")?.priority, 250)
    XCTAssertEqual(parse("a.centerX == root.centerX + 4 @ 300")?.priority, 300)
  }

  func testWhitespaceIsFlexible() {
    let c = parse("  a.top==b.bottom+8@750 ")
    XCTAssertEqual(c?.constant, 8)
    XCTAssertEqual(c?.priority, 750)
  }

  func testEveryAttributeName() {
    for attribute in LayoutAttribute.allCases {
      XCTAssertEqual(parse("a.\(attribute.rawValue) == b.\(attribute.rawValue)")?.first.attribute, attribute)
    }
  }

  func testAnchorOnly() throws {
    guard case .success(let anchor) = ConstraintTextParser.parseAnchor("card.width") else { return XCTFail() }
    XCTAssertEqual(anchor.item, "card")
    XCTAssertEqual(anchor.attribute, .width)
    guard case .failure(let problem) = ConstraintTextParser.parseAnchor("card.width + 2") else { return XCTFail() }
    XCTAssertEqual(problem, TextProblem(message: "unexpected '+' after 'card.width'", offset: 11))
  }

  // MARK: Errors

  func testErrors() {
    let cases: [(String, String, Int)] = [
      ("", "empty constraint; write e.g. 'a.top == b.bottom + 8'", 0),
      ("8 + b.bottom == a.top", "a constraint must start with 'item.attribute', e.g. 'a.top == b.bottom + 8'", 0),
      ("a == b.top", "expected '.' and an attribute after 'a', e.g. 'a.top'", 2),
      ("a. == b.top", "expected an attribute after 'a.'", 3),
      ("a.tpo == b.top", "unknown attribute 'tpo' after 'a.'; did you mean 'top'?", 2),
      ("a.top = b.top", "use '==' for equality, not '='", 6),
      ("a.top => b.top", "write '>=' instead of '=>'", 6),
      ("a.top =< b.top", "write '<=' instead of '=<'", 6),
      ("a.width < 4", "'<' is not a relation; use '<=' (Auto Layout has no strict inequalities)", 8),
      ("a.width != 4", "'!=' is not a relation; use ==, <= or >=", 8),
      ("a.top b.top", "expected a relation (==, <= or >=) after 'a.top'", 6),
      ("a.top ==", "expected 'item.attribute' or a number after '=='", 8),
      ("a.top == 8 + b.top", "write the constant after the anchor, e.g. 'a.top == b.bottom + 8'", 9),
      ("a.width == 5:8", "a ratio multiplies an anchor; write e.g. 'a.width == b.height * 5:…'", 11),
      ("a.width == 2 * b.width * 3", "the multiplier is given twice; write it once", 23),
      ("a.width == b.width / 0", "cannot divide by 0", 21),
      ("a.width == b.width * 5:0", "the second number of a ratio must not be 0", 23),
      ("a.width == b.width * x", "expected a number after '*'", 21),
      ("a.top == b.top +", "expected a number after '+'", 16),
      ("a.top == b.top @", "expected a priority after '@': a number 1…1000, required, high or low", 16),
      ("a.top == b.top @hihg", "unknown priority 'hihg'; did you mean 'high'?", 16),
      ("a.top == b.top @urgent", "unknown priority 'urgent'; use a number 1…1000, required, high or low", 16),
      ("a.top == b.top 8", "unexpected '8'; expected '+', '-', '@' or the end of the constraint", 15),
      ("a.top == b.top @750 x", "unexpected 'x'; expected the end of the constraint", 20),
      ("a.top == b.top + 8 + 2", "unexpected '+'; expected '@' or the end of the constraint", 19),
      ("a.width == 8 9", "unexpected '9'; expected '@' or the end of the constraint", 13),
      ("a.top == -b.top", "a negative multiplier must be written as a number: '-1 * item.attribute'", 9),
      ("a.top == 2 * 3", "expected 'item.attribute' after '*'", 13),
    ]
    for (text, message, offset) in cases {
      XCTAssertEqual(problem(text), TextProblem(message: message, offset: offset), text)
    }
  }

  // MARK: Columns inside a file

  /// A one-constraint layout whose constraint string starts at column 22 of line 2.
  private func readConstraint(_ literal: String) -> LayoutReadResult {
    // Line 2 is `"constraints": [` + literal: `"constraints": [` is 16 characters after 2 spaces of
    // indent, so the literal's opening quote is column 2 + 16 + 1 = 19.
    let text = """
      {"root": {"children": [{"id": "blueBox"}, {"id": "redBox"}]},
        "constraints": [\(literal)]}
      """
    return LayoutReader.parse(text, file: "c.json")
  }

  func testUnknownViewColumnAccountsForTheQuote() throws {
    // The quote is column 19; "blackBox" starts at offset 0 inside, so column 19 + 0 + 1 = 20.
    let result = readConstraint("\"blackBox.top == redBox.bottom\"")
    let diagnostic = try XCTUnwrap(result.diagnostics.first)
    XCTAssertEqual(diagnostic.message, "unknown view 'blackBox'; did you mean 'blueBox'?")
    XCTAssertEqual(diagnostic.location?.line, 2)
    XCTAssertEqual(diagnostic.location?.column, 20)
    XCTAssertEqual(diagnostic.path, "$.constraints[0]")
  }

  func testColumnsAfterEscapesInsideTheString() throws {
    // "\u0062lueBox.top == redBox.tpo" decodes to "blueBox.top == redBox.tpo", where "tpo" is
    // scalar offset 22; the escape \u0062 ('b') takes 6 columns for 1 scalar (5 extra), so the
    // column is 19 + 1 + 22 + 5 = 47.
    let result = readConstraint("\"\\u0062lueBox.top == redBox.tpo\"")
    let diagnostic = try XCTUnwrap(result.diagnostics.first)
    XCTAssertEqual(diagnostic.message, "unknown attribute 'tpo' after 'redBox.'; did you mean 'top'?")
    XCTAssertEqual(diagnostic.location?.column, 47)
  }

  func testColumnsAfterMultiByteCharacters() throws {
    // 'é' is one column (two bytes) and not a relation: in "blueBox.top é redBox.top" it is
    // scalar offset 12, so column 19 + 1 + 12.
    let result = readConstraint("\"blueBox.top é redBox.top\"")
    let diagnostic = try XCTUnwrap(result.diagnostics.first)
    XCTAssertEqual(diagnostic.message, "expected a relation (==, <= or >=) after 'blueBox.top'")
    XCTAssertEqual(diagnostic.location?.column, 19 + 1 + 12)
  }
}
