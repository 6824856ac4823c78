import TrellisLog
import TrellisModel
import XCTest

// Blocks made into documents; each expected constraint is written by hand from the block's
// text and the rules of docs/logs.md, "The document" (solving them is the engine's business).
final class ConflictDocumentTests: XCTestCase {
  func block(_ entries: [String]) throws -> ConflictBlock {
    let list = entries.map { "    \"\($0)\"" }.joined(separator: ",\n")
    let log = ConflictLogReader.read(
      text: "Unable to simultaneously satisfy constraints.\n(\n\(list)\n)\n", file: "d.log")
    XCTAssertEqual(log.diagnostics, [])
    return try XCTUnwrap(log.blocks.first)
  }

  /// `first relation second * m + c @p` as the tests write it.
  func describe(_ spec: ConstraintSpec) -> String {
    var out = "\(spec.first) \(spec.relation.rawValue)"
    if let second = spec.second {
      out += " \(second)"
      if spec.multiplier != 1 { out += " * \(spec.multiplier)" }
      if spec.constant.base != 0 { out += " \(spec.constant.base < 0 ? "-" : "+") \(abs(spec.constant.base))" }
    } else {
      out += " \(spec.constant.base)"
    }
    if spec.priority.base != 1000 { out += " @\(spec.priority.base)" }
    return out
  }

  func testAHiddenStackViewBlock() throws {
    let block = try block([
      "<NSLayoutConstraint:0x61 UILabel:0x7e6050'Title'.bottom == App.CardView:0x7e5bb0.bottom - 16   (active)>",
      "<NSLayoutConstraint:0x62 V:|-(16)-[UILabel:0x7e6050'Title']   (active, names: '|':App.CardView:0x7e5bb0 )>",
      "<NSLayoutConstraint:0x63 'UISV-hiding' App.CardView:0x7e5bb0.height == 0   (active)>",
    ])
    let made = ConflictDocumentBuilder.document(for: block, file: "d.log")
    XCTAssertEqual(made.viewIDs, ["UILabel_6050", "CardView_5bb0"])
    XCTAssertEqual(made.document.root.id, "root")
    XCTAssertEqual(made.document.root.children.map(\.id), ["UILabel_6050", "CardView_5bb0"])
    XCTAssertEqual(made.document.root.children.map(\.kind), [.view, .view])
    XCTAssertEqual(
      made.document.constraints.map { describe($0) },
      [
        "UILabel_6050.bottom == CardView_5bb0.bottom - 16.0",
        // V:|-(16)-[label]: label.top == superview.top + 16.
        "UILabel_6050.top == CardView_5bb0.top + 16.0",
        "CardView_5bb0.height == 0.0",
        // UIKit's sizes ≥ 0, after the log's own.
        "UILabel_6050.width >= 0.0", "UILabel_6050.height >= 0.0", "CardView_5bb0.width >= 0.0",
        "CardView_5bb0.height >= 0.0",
      ])
    XCTAssertEqual(made.document.constraints.prefix(3).map(\.id), ["c1", "c2", "c3"])
    XCTAssertEqual(made.constraintIDs, [["c1"], ["c2"], ["c3"]])
    XCTAssertEqual(made.constraintSources, ["c1": 0, "c2": 1, "c3": 2])
    XCTAssertEqual(made.kinds["c3"], .stack("UISV-hiding"))
    // Read as printed: a listed constraint without a priority is required, UISV-hiding too (the
    // logs that list it are iOS 9/10's), not the 999.999 the engine's stacks give it since iOS 11.
    XCTAssertEqual(made.document.constraints[2].priority.base, 1000)
    XCTAssertEqual(made.kinds["c1"], .app)
    XCTAssertEqual(made.kinds["size-CardView_5bb0-h"], .nonnegativeSize)
    XCTAssertEqual(
      made.document.constraints.map(\.kind),
      [.app, .app, .stack("UISV-hiding")] + Array(repeating: .nonnegativeSize, count: 4))
    XCTAssertEqual(made.document.constraints[1].source, block.constraints[1].text)
    XCTAssertEqual(made.document.constraints[1].location, block.constraints[1].location)
    XCTAssertEqual(made.item(forView: "CardView_5bb0"), 1)
    XCTAssertEqual(LayoutValidator().validate(made.document).filter { $0.severity == .error }, [])
  }

  func testBaselinesContentSizesMarginsAndAutoresizingPositions() throws {
    let block = try block([
      "<NSLayoutConstraint:0x71 UILabel:0x7f0001'Name'.firstBaseline == UIView:0x7f0002.topMargin + 20   (active)>",
      "<NSContentSizeLayoutConstraint:0x72 UILabel:0x7f0001'Name'.height == 21 Hug:750 CompressionResistance:1000   (active)>",
      "<NSAutoresizingMaskLayoutConstraint:0x73 h=--& v=--& UIView:0x7f0002.minY == 0   (active)>",
      "<_UIScrollViewAutomaticContentSizeConstraint:0x74 UITableView:0x7f0003.contentHeight{id: 1} == -5.000000>",
      "<NSLayoutConstraint:0x75 UIView:0x7f0002.lastBaseline == UITableView:0x7f0003.top>",
    ])
    let made = ConflictDocumentBuilder.document(for: block, file: "d.log")
    XCTAssertEqual(made.viewIDs, ["UILabel_0001", "UIView_0002", "UITableView_0003"])
    XCTAssertEqual(made.addedViews, ["UILabel_0001_firstBaseline", "UITableView_0003_content"])
    let specs = made.document.constraints.map { describe($0) }
    XCTAssertEqual(
      Array(specs.prefix(6)),
      [
        // A label's baseline is an added line inside it; the margin of a view with no margins
        // guide in the block is read on the view (UIKit's default 8).
        "UILabel_0001_firstBaseline.top == UIView_0002.topMargin + 20.0",
        // Hugging and compression resistance as two inequalities at their priorities.
        "UILabel_0001.height <= 21.0 @750.0", "UILabel_0001.height >= 21.0",
        // minY == 0 with no names: from the root's origin.
        "UIView_0002.top == root.top",
        "UITableView_0003_content.height == -5.0",
        // A plain view's baseline is its bottom.
        "UIView_0002.bottom == UITableView_0003.top",
      ])
    XCTAssertEqual(made.constraintIDs[1], ["c2-hug", "c2-cr"])
    // Five items get sizes ≥ 0: three of the block's, then the two added views.
    XCTAssertEqual(specs.filter { $0.hasSuffix(">= 0.0") }.count, 10)
    XCTAssertEqual(
      Array(specs.suffix(7)),
      [
        "UILabel_0001_firstBaseline.left == UILabel_0001.left",
        "UILabel_0001_firstBaseline.width == UILabel_0001.width",
        "UILabel_0001_firstBaseline.top >= UILabel_0001.top",
        "UILabel_0001_firstBaseline.top <= UILabel_0001.bottom",
        "UILabel_0001_firstBaseline.height == 0.0",
        "UITableView_0003_content.left == UITableView_0003.left",
        "UITableView_0003_content.top == UITableView_0003.top",
      ])
    let view = try XCTUnwrap(made.document.root.children.first { $0.id == "UIView_0002" })
    XCTAssertEqual(view.layoutMargins, .uniform(8))
    XCTAssertFalse(view.insetsLayoutMarginsFromSafeArea)
    // The validator refuses a negative size written in a layout file; a log's is a fact (the
    // conflict itself), so the one error is that rule, at the constraint's line.
    let errors = LayoutValidator().validate(made.document).filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code), ["negative-size"])
    XCTAssertEqual(errors.first?.location?.line, 6)
  }

  func testAPositionWithoutSuperviewIsInTheSuperviewTheBlockNames() throws {
    // The icon's superview is the cell (`|` of the third entry); the background's is not
    // printed, so it is the one the block's `|` names most: the cell too.
    let block = try block([
      "<NSAutoresizingMaskLayoutConstraint:0xa1 h=--& v=--& UIImageView:0x7f00a1.midX == + 14.5>",
      "<NSAutoresizingMaskLayoutConstraint:0xa2 h=--& v=--& UIView:0x7f00a2.minY == 0>",
      "<NSLayoutConstraint:0xa3 H:|-(8)-[UIImageView:0x7f00a1](LTR)   (Names: '|':App.Cell:0x7f00a3 )>",
    ])
    XCTAssertEqual(block.items.map(\.superview), [2, nil, nil])
    let made = ConflictDocumentBuilder.document(for: block, file: "d.log")
    XCTAssertEqual(
      made.document.constraints.prefix(3).map { describe($0) },
      [
        "UIImageView_00a1.centerX == Cell_00a3.left + 14.5",
        "UIView_00a2.top == Cell_00a3.top",
        "UIImageView_00a1.left == Cell_00a3.left + 8.0",
      ])
  }

  func testAMarginAttributeReadsTheBlocksMarginsGuide() throws {
    let block = try block([
      "<NSLayoutConstraint:0x81 'UIView-leftMargin-guide-constraint' H:|-(8)-[UILayoutGuide:0x7f0010'UIViewLayoutMarginsGuide'](LTR)   (active, names: '|':UIView:0x7f0011 )>",
      "<NSLayoutConstraint:0x82 UIButton:0x7f0012.left == UIView:0x7f0011.leftMargin   (active)>",
      "<NSLayoutConstraint:0x83 H:|-(0)-[UIButton:0x7f0012]   (names: '|':UIView:0x7f0011 )>",
    ])
    let made = ConflictDocumentBuilder.document(for: block, file: "d.log")
    XCTAssertEqual(
      made.document.constraints.prefix(3).map { describe($0) },
      [
        "UILayoutGuide_0010.left == UIView_0011.left + 8.0",
        "UIButton_0012.left == UILayoutGuide_0010.left",
        "UIButton_0012.leading == UIView_0011.leading",
      ])
  }

  func testViewIDsStayUniqueWhenAddressesEndAlike() throws {
    let block = try block([
      "<NSLayoutConstraint:0x91 UIView:0x7f001234.width == UIView:0x7f991234.width + 1>",
      "<NSLayoutConstraint:0x92 H:[UIView:0x7f991234(0)]>",
    ])
    let made = ConflictDocumentBuilder.document(for: block, file: "d.log")
    // The last four digits are the same, so six are used.
    XCTAssertEqual(made.viewIDs, ["UIView_001234", "UIView_991234"])
  }
}
