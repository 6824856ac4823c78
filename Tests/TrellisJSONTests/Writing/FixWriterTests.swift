import TrellisJSON
import TrellisModel
import TrellisText
import XCTest

/// Fixes written into a file's text (`FixWriter`): only the spans the edits are about change.
/// Every expected text below is the input with the edit made by hand.
final class FixWriterTests: XCTestCase {
  /// Odd spacing on purpose (a tab, a one-line object, two blank-separated styles): the writer
  /// must keep it.
  private let source = """
    {
      "title":   "Login",
      "root": { "children": [
        {"id": "email", "kind": "label", "text": "Email"},
        { "id": "note",
          "kind": "label" }
      ] },
      "constraints": [
        "email.leading == margins.leading",
        "email.width == 100 @750",
    \t{ "constraint": "email.top == root.top + 20", "id": "top" },
        { "first": "note.width", "relation": "==", "constant": 30, "priority": 1000, "id": "narrow" }
      ]
    }

    """

  private func document(_ text: String) throws -> LayoutDocument {
    let read = LayoutReader.parse(text, file: "login.json")
    XCTAssertFalse(read.hasErrors, read.renderedDiagnostics)
    return try XCTUnwrap(read.document)
  }

  private func write(_ edits: [LayoutEdit], _ text: String? = nil) throws -> String {
    let text = text ?? source
    let bytes = try FixWriter.apply(edits, to: Array(text.utf8), document: try document(text))
    let written = String(decoding: bytes, as: UTF8.self)
    // What is written reads back.
    XCTAssertFalse(LayoutReader.parse(written, file: "login.json").hasErrors, written)
    return written
  }

  private func replacing(_ old: String, _ new: String) -> String {
    XCTAssertEqual(source.components(separatedBy: old).count, 2, old)
    return source.replacingOccurrences(of: old, with: new)
  }

  func testAnAddedConstraintFollowsTheLastOneAsTheLastTwoAreSeparated() throws {
    let edit = LayoutEdit(
      .addConstraint(
        first: AnchorReference(item: "note", attribute: .leading), relation: .equal,
        second: AnchorReference(item: "email", attribute: .leading), constant: 0))
    XCTAssertEqual(
      try write([edit]),
      replacing(
        #""priority": 1000, "id": "narrow" }"#,
        "\"priority\": 1000, \"id\": \"narrow\" },\n    \"note.leading == email.leading\""))
  }

  func testAConstraintForOneSizeClassIsAWhenGroup() throws {
    let edit = LayoutEdit(
      .addConstraint(
        first: AnchorReference(item: "note", attribute: .leading), relation: .equal,
        second: AnchorReference(item: "email", attribute: .leading), constant: 8),
      when: TraitPattern(vertical: .regular))
    XCTAssertEqual(
      try write([edit]),
      replacing(
        #""priority": 1000, "id": "narrow" }"#,
        "\"priority\": 1000, \"id\": \"narrow\" },\n    {\"when\": \"hR\", \"constraints\": [\"note.leading == email.leading + 8\"]}"
      ))
  }

  func testPrioritiesInTextObjectsAndStructuredObjects() throws {
    let document = try document(source)
    func id(_ index: Int) -> String { document.constraints[index].id }
    // Text with a priority: the priority replaced; text without one: ` @999` appended inside
    // the string; an object without "priority": the member added after its last; a
    // structured object with one: the value replaced.
    XCTAssertEqual(
      try write([LayoutEdit(.setPriority(constraint: id(1), priority: 999))]),
      replacing(#""email.width == 100 @750""#, #""email.width == 100 @999""#))
    XCTAssertEqual(
      try write([LayoutEdit(.setPriority(constraint: id(0), priority: 999))]),
      replacing(#""email.leading == margins.leading""#, #""email.leading == margins.leading @999""#))
    XCTAssertEqual(
      try write([LayoutEdit(.setPriority(constraint: "top", priority: 999))]),
      replacing(#""id": "top" }"#, #""id": "top", "priority": 999 }"#))
    XCTAssertEqual(
      try write([LayoutEdit(.setPriority(constraint: "narrow", priority: 999))]),
      replacing(#""priority": 1000"#, #""priority": 999"#))
  }

  func testARemovedConstraintTakesOneCommaWithIt() throws {
    XCTAssertEqual(
      try write([LayoutEdit(.removeConstraint("top"))]),
      replacing(
        "\"email.width == 100 @750\",\n\t{ \"constraint\": \"email.top == root.top + 20\", \"id\": \"top\" },",
        "\"email.width == 100 @750\","))
    let document = try document(source)
    XCTAssertEqual(
      try write([LayoutEdit(.removeConstraint(document.constraints[0].id))]),
      replacing("\"email.leading == margins.leading\",\n    \"email.width", "\"email.width"))
  }

  func testNumberOfLinesGoesAfterTheTextOrKindSeparatedAsTheMembersAre() throws {
    XCTAssertEqual(
      try write([LayoutEdit(.setNumberOfLines(view: "email", lines: 0))]),
      replacing(#""text": "Email"}"#, #""text": "Email", "numberOfLines": 0}"#))
    // One line per member: the new one on a line of its own, indented as 'kind'.
    XCTAssertEqual(
      try write([LayoutEdit(.setNumberOfLines(view: "note", lines: 0))]),
      replacing("\"kind\": \"label\" }", "\"kind\": \"label\",\n      \"numberOfLines\": 0 }"))
  }

  func testAPinRebasedOnTheSafeAreaAndSeveralEditsAtOnce() throws {
    let edits = [
      LayoutEdit(.rebaseOnSafeArea(constraint: "top", root: "root")),
      LayoutEdit(.setNumberOfLines(view: "email", lines: 0)),
      LayoutEdit(.removeConstraint("narrow")),
    ]
    var expected = replacing(#""email.top == root.top + 20""#, #""email.top == safeArea.top + 20""#)
    expected = expected.replacingOccurrences(of: #""text": "Email"}"#, with: #""text": "Email", "numberOfLines": 0}"#)
    expected = expected.replacingOccurrences(
      of:
        "\"id\": \"top\" },\n    { \"first\": \"note.width\", \"relation\": \"==\", \"constant\": 30, \"priority\": 1000, \"id\": \"narrow\" }",
      with: "\"id\": \"top\" }")
    XCTAssertEqual(try write(edits), expected)
  }

  func testAFontSizeReplacesTheMemberOrComesAfterTheTextWithItsStyle() throws {
    // 'email' writes no fontSize: the size is a new member after 'text', and with a style both
    // come in that order, separated as the object's members are.
    XCTAssertEqual(
      try write([LayoutEdit(.setFont(view: "email", size: 11, textStyle: nil))]),
      replacing(#""text": "Email"}"#, #""text": "Email", "fontSize": 11}"#))
    XCTAssertEqual(
      try write([LayoutEdit(.setFont(view: "email", size: 11, textStyle: .caption2))]),
      replacing(#""text": "Email"}"#, #""text": "Email", "fontSize": 11, "textStyle": "caption2"}"#))
    // A size written already is replaced in place; the style follows it.
    let sized =
      #"{"root": {"children": [{"id": "a", "kind": "label", "fontSize": 9, "text": "A"}]}, "constraints": []}"#
    XCTAssertEqual(
      try write([LayoutEdit(.setFont(view: "a", size: 11, textStyle: .caption2))], sized),
      sized.replacingOccurrences(of: #""fontSize": 9,"#, with: #""fontSize": 11, "textStyle": "caption2","#))
  }

  func testAViewGuideIsRenamedInTextAndInObjectsAndOnlyAsAWholeName() throws {
    let text = """
      {"root": {"children": [{"id": "card", "children": [{"id": "dot"}, {"id": "mycard"}]}]},
       "constraints": ["dot.top == card.safeAreaLayoutGuide.top + 4",
         {"first": "dot.leading", "relation": "==", "second": "card.safeAreaLayoutGuide.leading", "id": "lead"},
         "dot.bottom == mycard.safeAreaLayoutGuide.top + 2"]}
      """
    XCTAssertEqual(
      try write(
        [
          LayoutEdit(.rebaseGuide(constraint: "constraint#1", owner: "card", onSafeArea: true)),
          LayoutEdit(.rebaseGuide(constraint: "lead", owner: "card", onSafeArea: false)),
        ], text),
      text.replacingOccurrences(of: "dot.top == card.safeAreaLayoutGuide.top", with: "dot.top == safeArea.top")
        .replacingOccurrences(of: "\"card.safeAreaLayoutGuide.leading\"", with: "\"card.leading\""))
    // 'mycard.safeAreaLayoutGuide' (the third constraint's) is another view's guide: not card's.
    XCTAssertThrowsError(
      try write([LayoutEdit(.rebaseGuide(constraint: "constraint#3", owner: "card", onSafeArea: true))], text))
  }

  func testAnEditOfWhatTheFileDoesNotHaveIsAFailure() throws {
    XCTAssertThrowsError(try write([LayoutEdit(.removeConstraint("missing"))]))
    XCTAssertThrowsError(try write([LayoutEdit(.rebaseOnSafeArea(constraint: "narrow", root: "root"))]))
  }
}
