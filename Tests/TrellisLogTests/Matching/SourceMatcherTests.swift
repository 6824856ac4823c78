import TrellisLog
import TrellisModel
import XCTest

// Blocks matched against small documents written here by hand; every expected match is read off
// the document and the log by the rules of docs/logs.md, "Matching a log to its source", as each
// test's comment works it out. Addresses are invented.
final class SourceMatcherTests: XCTestCase {
  func block(_ entries: [String]) throws -> ConflictBlock {
    let list = entries.map { "    \"\($0)\"" }.joined(separator: ",\n")
    let log = ConflictLogReader.read(
      text: "Unable to simultaneously satisfy constraints.\n(\n\(list)\n)\n", file: "m.log")
    XCTAssertEqual(log.diagnostics, [])
    return try XCTUnwrap(log.blocks.first)
  }

  /// A view at line `line` of the imagined file `s.json`.
  func view(_ id: String, _ kind: ViewKind, text: String? = nil, line: Int, children: [ViewNode] = []) -> ViewNode {
    var node = ViewNode(
      id: id, kind: kind, location: SourceLocation(file: "s.json", line: line, column: 7), children: children)
    if let text { node.text = Varying(text) }
    return node
  }

  /// `first.a relation second.b * m + c @p`, written at line `line` of `s.json`.
  func spec(
    _ id: String, _ first: String, _ a: LayoutAttribute, _ relation: LayoutRelation = .equal, _ second: String? = nil,
    _ b: LayoutAttribute? = nil, m: Double = 1, c: Double = 0, p: Double = 1000, line: Int
  ) -> ConstraintSpec {
    ConstraintSpec(
      id: id, first: AnchorReference(item: LayoutItem(name: first), attribute: a), relation: relation,
      second: second.map { AnchorReference(item: LayoutItem(name: $0), attribute: b ?? a) }, multiplier: m,
      constant: Varying(c), priority: Varying(p), source: id,
      location: SourceLocation(file: "s.json", line: line, column: 5))
  }

  func document(_ children: [ViewNode], _ constraints: [ConstraintSpec]) -> LayoutDocument {
    LayoutDocument(file: "s.json", root: view("root", .view, line: 2, children: children), constraints: constraints)
  }

  func at(_ line: Int, _ column: Int = 5) -> SourceLocation {
    SourceLocation(file: "s.json", line: line, column: column)
  }

  /// 'Sub' and 'Title' are the only labels with those texts; the UIView is the only plain view,
  /// the root. The first constraint is `subtitleTop` as written; the second (100 from the root's
  /// top) is in no constraint of the source.
  func testAUniqueMatchByText() throws {
    let block = try block([
      "<NSLayoutConstraint:0x61 UILabel:0x7e01'Sub'.top == UILabel:0x7e02'Title'.bottom + 8   (active)>",
      "<NSLayoutConstraint:0x62 UILabel:0x7e01'Sub'.top == UIView:0x7e03.top + 100   (active)>",
    ])
    let source = document(
      [view("title", .label, text: "Title", line: 3), view("subtitle", .label, text: "Sub", line: 4)],
      [
        spec("titleTop", "title", .top, .equal, "root", c: 20, line: 10),
        spec("subtitleTop", "subtitle", .top, .equal, "title", .bottom, c: 8, line: 11),
      ])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(
      match.items.map(\.outcome), [.matched(.view("subtitle")), .matched(.view("title")), .matched(.view("root"))])
    XCTAssertEqual(match.items[0].location, at(4, 7))
    XCTAssertTrue(match.items[0].evidence.contains("text 'Sub'"), "\(match.items[0].evidence)")
    XCTAssertEqual(
      match.constraints[0].outcome, .matched(SourceConstraintReference(id: "subtitleTop", location: at(11))))
    guard case .unmatched(let why) = match.constraints[1].outcome else {
      return XCTFail("\(match.constraints[1].outcome)")
    }
    XCTAssertTrue(why.contains("no constraint on these anchors"), why)
    XCTAssertFalse(match.searchWasCut)
  }

  /// Two labels 'Name': only `left` is 16 from the root's leading edge, and `right` follows it by
  /// 8. The log's first label (…a1) is pinned 16 from the root, so it is `left`; the second
  /// (…a2) follows the first by 8, so it is `right`. Text alone ties them.
  func testTwoEqualLabelsMadeUniqueByStructure() throws {
    let block = try block([
      "<NSLayoutConstraint:0x71 H:|-(16)-[UILabel:0x7ea1'Name']   (active, names: '|':UIView:0x7e00 )>",
      "<NSLayoutConstraint:0x72 H:[UILabel:0x7ea1'Name']-(8)-[UILabel:0x7ea2'Name']   (active)>",
    ])
    let source = document(
      [view("left", .label, text: "Name", line: 3), view("right", .label, text: "Name", line: 4)],
      [
        spec("leftLeading", "left", .leading, .equal, "root", c: 16, line: 10),
        spec("rightLeading", "right", .leading, .equal, "left", .trailing, c: 8, line: 11),
      ])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(
      match.items.map(\.outcome), [.matched(.view("left")), .matched(.view("root")), .matched(.view("right"))])
    XCTAssertEqual(
      match.constraints.map(\.outcome),
      [
        .matched(SourceConstraintReference(id: "leftLeading", location: at(10))),
        .matched(SourceConstraintReference(id: "rightLeading", location: at(11))),
      ])
  }

  /// Two labels 'Name', each 100 wide, nothing else: the log's one label fits both equally, and
  /// so does its width.
  func testATrulyAmbiguousPair() throws {
    let block = try block(["<NSLayoutConstraint:0x81 UILabel:0x7eb1'Name'.width == 100   (active)>"])
    let source = document(
      [view("a", .label, text: "Name", line: 3), view("b", .label, text: "Name", line: 4)],
      [spec("aWidth", "a", .width, c: 100, line: 10), spec("bWidth", "b", .width, c: 100, line: 11)])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(match.items[0].outcome, .ambiguous([.view("a"), .view("b")]))
    XCTAssertEqual(
      match.constraints[0].outcome,
      .ambiguous([
        SourceConstraintReference(id: "aWidth", location: at(10)),
        SourceConstraintReference(id: "bWidth", location: at(11)),
      ]))
  }

  /// 'Two' is a hidden arranged view of stack `rows`: UIKit's `UISV-hiding` and `UISV-spacing`
  /// are the stack's (its location, line 3); the app's height 44 is `twoHeight`.
  func testStackConstraintsAreMadeByTheirStack() throws {
    let block = try block([
      "<NSLayoutConstraint:0x91 'UISV-hiding' UILabel:0x7ec2'Two'.height == 0   (active)>",
      "<NSLayoutConstraint:0x92 'UISV-spacing' V:[UILabel:0x7ec1'One']-(8)-[UILabel:0x7ec2'Two']   (active)>",
      "<NSLayoutConstraint:0x93 UILabel:0x7ec2'Two'.height == 44   (active)>",
    ])
    var two = view("two", .label, text: "Two", line: 5)
    two.hidden = Varying(true)
    var rows = view("rows", .stack, line: 3, children: [view("one", .label, text: "One", line: 4), two])
    rows.stack?.axis = Varying(.vertical)
    rows.stack?.spacing = Varying(8)
    let source = document([rows], [spec("twoHeight", "two", .height, c: 44, line: 10)])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(match.items.map(\.outcome), [.matched(.view("two")), .matched(.view("one"))])
    XCTAssertEqual(
      match.constraints.map(\.outcome),
      [
        .madeBy("stack 'rows'", at(3, 7)), .madeBy("stack 'rows'", at(3, 7)),
        .matched(SourceConstraintReference(id: "twoHeight", location: at(10))),
      ])
  }

  /// Two plain views in a horizontal stack `bar`: a canvas connection at the stack's leading
  /// edge ties its first arranged view (`first`, written first), one at its trailing edge its
  /// last (`last`). Nothing else tells the two apart.
  func testCanvasConnectionsTellTheFirstArrangedViewFromTheLast() throws {
    let block = try block([
      "<NSLayoutConstraint:0xd1 'UISV-canvas-connection' UIStackView:0x7e50.leading == UIView:0x7e51.leading   (active)>",
      "<NSLayoutConstraint:0xd2 'UISV-canvas-connection' H:[UIView:0x7e52]-(0)-|   (active, names: '|':UIStackView:0x7e50 )>",
    ])
    let bar = view("bar", .stack, line: 3, children: [view("first", .view, line: 4), view("last", .view, line: 5)])
    let match = SourceMatcher.match(block, to: document([bar], []))
    XCTAssertEqual(
      match.items.map(\.outcome), [.matched(.view("bar")), .matched(.view("first")), .matched(.view("last"))])
    XCTAssertEqual(
      match.constraints.map(\.outcome), [.madeBy("stack 'bar'", at(3, 7)), .madeBy("stack 'bar'", at(3, 7))])
  }

  /// A row stack `row` holds 'Field' then `edit`; the app appended a label 'Optional' in code.
  /// The log's plain view is `edit` (the source pins its trailing edge to the row's) and its stack
  /// `row`. 'Optional' is no match: the only label, 'Field', has another text (−4, class +1), comes
  /// before `edit` where the spacing needs one right after it, and is not the row's last view
  /// where the canvas connection needs it (both count nothing then). Both stack constraints are
  /// still the row's.
  func testAViewArrangedInCodeIsNoMatch() throws {
    let block = try block([
      "<NSLayoutConstraint:0xe1 H:[UIView:0x7e61]-(0)-|   (active, names: '|':UIStackView:0x7e60 )>",
      "<NSLayoutConstraint:0xe2 'UISV-spacing' H:[UIView:0x7e61]-(10)-[UILabel:0x7e62'Optional']   (active)>",
      "<NSLayoutConstraint:0xe3 'UISV-canvas-connection' H:[UILabel:0x7e62'Optional']-(0)-|   (active, names: '|':UIStackView:0x7e60 )>",
    ])
    var row = view(
      "row", .stack, line: 3, children: [view("field", .label, text: "Field", line: 4), view("edit", .view, line: 5)])
    row.stack?.spacing = Varying(10)
    let source = document([row], [spec("editTrailing", "row", .trailing, .equal, "edit", line: 10)])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(match.items.map(\.outcome), [.matched(.view("edit")), .matched(.view("row")), .unmatched])
    XCTAssertEqual(
      match.constraints.map(\.outcome),
      [
        .matched(SourceConstraintReference(id: "editTrailing", location: at(10))),
        .madeBy("stack 'row'", at(3, 7)), .madeBy("stack 'row'", at(3, 7)),
      ])
  }

  /// The log pins 'Title' 16 below the root's top; the source's `titleTop` says 20: no match,
  /// and the difference is named. The label itself still matches, by its text.
  func testAConstantThatDiffersIsNoMatch() throws {
    let block = try block([
      "<NSLayoutConstraint:0xa1 V:|-(16)-[UILabel:0x7ed1'Title']   (active, names: '|':UIView:0x7e00 )>"
    ])
    let source = document(
      [view("title", .label, text: "Title", line: 3)],
      [spec("titleTop", "title", .top, .equal, "root", c: 20, line: 10)])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(match.items[0].outcome, .matched(.view("title")))
    XCTAssertEqual(
      match.constraints[0].outcome,
      .unmatched("the source's 'titleTop' (s.json:10:5) relates the same anchors with constant 20 (the log has 16)"))
  }

  /// IB writes `root.bottom == title.bottom + 20`; UIKit prints the same constraint as
  /// `title.bottom == root.bottom - 20` when the nib stored it that way round: the same.
  /// The margins guide's constraint is made by the root's margins, and the title's leading to
  /// the guide is `titleLeading` (`title.leading == root.leadingMargin`).
  func testEitherOrderAndTheMarginsGuide() throws {
    let block = try block([
      "<NSLayoutConstraint:0xb1 UILabel:0x7ee1'Title'.bottom == UIView:0x7e00.bottom - 20   (active)>",
      "<NSLayoutConstraint:0xb2 'UIView-leftMargin-guide-constraint' H:|-(16)-[UILayoutGuide:0x7e09'UIViewLayoutMarginsGuide'](LTR)   (active, names: '|':UIView:0x7e00 )>",
      "<NSLayoutConstraint:0xb3 UILabel:0x7ee1'Title'.leading == UILayoutGuide:0x7e09'UIViewLayoutMarginsGuide'.leading   (active)>",
      "<NSLayoutConstraint:0xb4 'UIView-Encapsulated-Layout-Height' UIView:0x7e00.height == 44   (active)>",
    ])
    let source = document(
      [view("title", .label, text: "Title", line: 3)],
      [
        spec("titleBottom", "root", .bottom, .equal, "title", c: 20, line: 10),
        spec("titleLeading", "title", .leading, .equal, "root", .leadingMargin, line: 11),
      ])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertEqual(
      match.items.map(\.outcome), [.matched(.view("title")), .matched(.view("root")), .matched(.margins(of: "root"))])
    XCTAssertEqual(
      match.constraints.map(\.outcome),
      [
        .matched(SourceConstraintReference(id: "titleBottom", location: at(10))),
        .madeBy("the layout margins of 'root'", at(2, 7)),
        .matched(SourceConstraintReference(id: "titleLeading", location: at(11))),
        .madeBy("the container of the root 'root'", at(2, 7)),
      ])
    XCTAssertEqual(match.constraints[0].evidence, ["written the other way round in the source"])
  }

  /// Ten plain views of the log with nothing to tell them from the source's 200: each is
  /// ambiguous, found in a bounded search; with a limit of 5 steps the search says it was cut.
  func testTheSearchIsBoundedAndSaysWhenItIsCut() throws {
    var entries: [String] = []
    for index in 0..<10 {
      entries.append("<NSLayoutConstraint:0xc\(index) UIView:0x7f\(index)0.width == 10   (active)>")
    }
    let block = try block(entries)
    let source = document((0..<200).map { view("v\($0)", .view, line: 3 + $0) }, [])
    let match = SourceMatcher.match(block, to: source)
    XCTAssertFalse(match.searchWasCut)
    XCTAssertTrue(
      match.items.allSatisfy { if case .ambiguous(let list) = $0.outcome { list.count == 201 } else { false } })
    let cut = SourceMatcher.match(block, to: source, stepLimit: 5)
    XCTAssertTrue(cut.searchWasCut)
    XCTAssertEqual(cut.steps, 5)
  }
}
