import Foundation
import TrellisJSON
import TrellisModel
import TrellisSupport
import TrellisTestSupport
import TrellisText
import XCTest

/// Documents built in Swift, written: the expected files are worked out by hand from
/// docs/layout-format.md (key order, defaults) and the printer's rule (a value stays on one
/// line when that line, with a comma, is at most 120 columns), never copied from output.
final class LayoutWriterTests: XCTestCase {
  /// Reads `text` back and checks it gives `document` with no diagnostic at all.
  private func assertReadsBack(
    _ text: String, as document: LayoutDocument, file: StaticString = #filePath, line: UInt = #line
  ) {
    let result = LayoutReader.parse(text, file: "written.json")
    XCTAssertEqual(result.diagnostics.map { "\($0)" }, [], file: file, line: line)
    guard let reread = result.document else { return XCTFail("the written file did not read", file: file, line: line) }
    XCTAssertEqual(DocumentComparison.differences(document, reread), [], file: file, line: line)
  }

  func testSmallDocumentExactly() {
    let document = Layout(rootMargins: .zero) {
      View.label("title", "Hi \"you\"\n", fontSize: Varying(17, ["hC": 20]))
      View("box", intrinsicSize: (44, nil))
    } constraints: {
      "title.top == safeArea.top + 8"
      Constraint("box.width == 0.5 * title.width @750", id: "half")
      Constraint("box.top == title.bottom", when: "hC")
    }
    // The root's id (root), margins (0) and every label/view default are left out; fontSize's
    // `any` is the default 17, so only the variation is written; the `when` constraint is
    // installed nowhere but hC. The title line is 80 columns from column 6: one line.
    let expected = """
      {
        "root": {
          "children": [
            {"id": "title", "kind": "label", "text": "Hi \\"you\\"\\n", "fontSize": {"hC": 20}},
            {"id": "box", "intrinsicSize": {"width": 44}}
          ]
        },
        "constraints": [
          "title.top == safeArea.top + 8",
          {"id": "half", "constraint": "box.width == 0.5 * title.width @750"},
          {"constraint": "box.top == title.bottom", "installed": {"any": false, "hC": true}}
        ]
      }

      """
    let text = LayoutWriter.json(document)
    XCTAssertEqual(text, expected)
    assertReadsBack(text, as: document)
  }

  /// A stack, a scroll view, text properties, per-class variations of every form, a root
  /// with its own id, and constraints in each of the forms the writer chooses.
  func testStackScrollAndTextPropertiesExactly() {
    var name = View.label("name", "Name", numberOfLines: 0).node
    name.fontName = Varying("Inter")
    name.fontWeight = Varying(600, ["hR": 700])
    name.textStyle = Varying(.headline)
    // A text style with a size to scale: the file must give the size even though it is 17.
    name.scalesFontSizeWithTextStyle = true
    name.lineBreakMode = .byWordWrapping
    let content = View("content", kind: .image, intrinsicSize: (300, 900), hugging: .both(250))
    let scroll = ViewNode(
      id: "scroll", kind: .scroll, children: [content.node], installed: Varying(true, ["wC hC": false]),
      scroll: ScrollProperties(
        contentInset: Varying(.zero, ["wR": EdgeInsets(left: 20, right: 20)]),
        contentInsetAdjustmentBehavior: Varying(.never), contentOffset: Varying(.zero, ["hC": Point(x: 0, y: 120)]),
        zoomScale: Varying(2), minimumZoomScale: 0.5, maximumZoomScale: 4, zoomView: "content",
        alwaysBounceVertical: true))
    var document = Layout(title: "Form", rootID: "main", rootMargins: .zero) {
      Stack("row", axis: Varying(.horizontal, ["hC": .vertical]), distribution: .fillEqually, spacing: 8) {
        name
        View("go", kind: .button, text: "Go", contentInsets: EdgeInsets(top: 6, left: 12, bottom: 6, right: 12))
      }
      scroll
    } constraints: {
      "content.top == scroll.contentLayoutGuide.top"
      "content.width == scroll.frameLayoutGuide.width"
      Constraint("row.top == main.top + 8", constant: Varying(8, ["hC": 0]))
      "row.leading == main.leading"
      Constraint("go.width == 0.5 * row.width", id: "half", priority: Varying(750, ["wR": 1000]))
      Constraint("go.leading == name.trailing", constant: Varying(0, ["hC": 8]))
    }
    document.root.respectsSystemMinimumLayoutMargins = false
    // `+ standard`, and standard spacing in every class but hC (where the constant is 8).
    document.constraints[3].standardSpacing = Varying(1)
    document.constraints[5].standardSpacing = Varying(1, ["hC": 0])

    // By hand: "content" is 98 columns from column 10 (budget 120 - 10 - 1 = 109): one line;
    // "half" is 97 from column 4 (budget 115): one line; "name" and "scroll" are longer than
    // their budgets: broken.
    let expected = """
      {
        "title": "Form",
        "root": {
          "id": "main",
          "viewRespectsSystemMinimumLayoutMargins": false,
          "children": [
            {
              "id": "row",
              "kind": "stack",
              "axis": {"hC": "vertical"},
              "distribution": "fillEqually",
              "spacing": 8,
              "children": [
                {
                  "id": "name",
                  "kind": "label",
                  "text": "Name",
                  "fontSize": 17,
                  "numberOfLines": 0,
                  "fontName": "Inter",
                  "fontWeight": {"any": "semibold", "hR": "bold"},
                  "textStyle": "headline",
                  "lineBreakMode": "byWordWrapping"
                },
                {"id": "go", "kind": "button", "text": "Go", "contentInsets": {"left": 12, "right": 12}}
              ]
            },
            {
              "id": "scroll",
              "kind": "scroll",
              "installed": {"wC hC": false},
              "contentInset": {"wR": {"left": 20, "right": 20}},
              "contentInsetAdjustmentBehavior": "never",
              "contentOffset": {"hC": {"x": 0, "y": 120}},
              "zoomScale": 2,
              "minimumZoomScale": 0.5,
              "maximumZoomScale": 4,
              "zoomView": "content",
              "alwaysBounceVertical": true,
              "children": [
                {"id": "content", "kind": "image", "intrinsicSize": {"width": 300, "height": 900}, "hugging": 250}
              ]
            }
          ]
        },
        "constraints": [
          "content.top == scroll.contentLayoutGuide.top",
          "content.width == scroll.frameLayoutGuide.width",
          {"constraint": "row.top == main.top", "constant": {"any": 8, "hC": 0}},
          "row.leading == main.leading + standard",
          {"id": "half", "constraint": "go.width == 0.5 * row.width", "priority": {"any": 750, "wR": 1000}},
          {"constraint": "go.leading == name.trailing", "constant": {"any": "standard", "hC": 8}}
        ]
      }

      """
    let text = LayoutWriter.json(document)
    XCTAssertEqual(text, expected)
    assertReadsBack(text, as: document)
  }

  /// Each kind's own defaults: 251 hugging is a label's default but not a view's; 8 margins
  /// are a view's default but not the root's; a text style without a size to scale writes none.
  func testDefaultsPerKind() {
    var label = View.label("l", "L", hugging: .both(251)).node
    label.textStyle = Varying(.body)
    label.fontSize = Varying(30)  // ignored with a text style that does not scale it
    let document = Layout(rootMargins: .uniform(8)) {
      label
      View("v", hugging: .both(251), layoutMargins: .uniform(8))
      View("g", kind: .guide)
      View("b", kind: .button, text: "B")
    }
    let expected = """
      {
        "root": {
          "layoutMargins": 8,
          "children": [
            {"id": "l", "kind": "label", "text": "L", "textStyle": "body"},
            {"id": "v", "hugging": 251},
            {"id": "g", "kind": "guide"},
            {"id": "b", "kind": "button", "text": "B"}
          ]
        }
      }

      """
    XCTAssertEqual(LayoutWriter.json(document), expected)
    var reread = LayoutReader.parse(expected).document
    // The size a text style does not scale has no effect and is not written: only it differs.
    reread?.root.children[0].fontSize = Varying(30)
    if let reread { XCTAssertEqual(DocumentComparison.differences(document, reread), []) }
  }

  /// docs/layout-format.md's example of varying object values, read and written: in each
  /// variation only what differs from `any`; `installed`'s `any` is the default, left out.
  func testObjectVariationsFromTheDocs() {
    let file = """
      {"root": {"children": [
        { "id": "card", "layoutMargins": { "any": 16, "wR": { "left": 40, "right": 40 } },
          "installed": { "any": true, "hC": false }, "hugging": { "any": 251, "hC": { "vertical": 750 } } }
      ]}}
      """
    guard let document = LayoutReader.parse(file).document else { return XCTFail("the docs' example does not read") }
    let expected = """
      {
        "root": {
          "children": [
            {
              "id": "card",
              "installed": {"hC": false},
              "hugging": {"any": 251, "hC": {"vertical": 750}},
              "layoutMargins": {"any": 16, "wR": {"left": 40, "right": 40}}
            }
          ]
        }
      }

      """
    let text = LayoutWriter.json(document)
    XCTAssertEqual(text, expected)
    assertReadsBack(text, as: document)
  }

  /// Two or more constraints in a row installed in one pattern only are a `when` group; one
  /// alone keeps its `installed`. Every id stays what it was.
  func testWhenGroups() {
    let document = Layout {
      View("a")
      Stack("s") { View("b") }
    } constraints: {
      When("hC") {
        "a.width == 100"
        Constraint("a.height == 50 @750", id: "aHeight")
      }
      "b.width == a.width"
      Constraint("b.height == 20", when: "wR")
    }
    // The stack holds `children`, so it is broken even though it would fit on one line.
    let expected = """
      {
        "root": {
          "layoutMargins": 8,
          "children": [
            {"id": "a"},
            {
              "id": "s",
              "kind": "stack",
              "children": [
                {"id": "b"}
              ]
            }
          ]
        },
        "constraints": [
          {
            "when": "hC",
            "constraints": [
              "a.width == 100",
              {"id": "aHeight", "constraint": "a.height == 50 @750"}
            ]
          },
          "b.width == a.width",
          {"constraint": "b.height == 20", "installed": {"any": false, "wR": true}}
        ]
      }

      """
    let text = LayoutWriter.json(document)
    XCTAssertEqual(text, expected)
    assertReadsBack(text, as: document)
    XCTAssertEqual(
      LayoutReader.parse(text).document?.constraints.map(\.id),
      ["constraint#1", "aHeight", "constraint#3", "constraint#4"])
  }

  /// docs/layout-format.md's table of what has no spelling in a file: each entry, written, reads
  /// back without a diagnostic, differing from the document in exactly that property.
  func testWhatHasNoSpelling() throws {
    let hC = TraitPattern(vertical: .compact)
    var plain = View("plain").node
    plain.text = Varying("ignored")  // only labels and buttons have text
    var guide = View("g", kind: .guide).node
    guide.hugging = .both(1)  // a layout guide has no content
    var sized = View("sized", intrinsicSize: (44, 10)).node
    sized.intrinsicSizeByClass.variations = [.init(pattern: hC, value: SizeOverride(width: nil, height: 20))]
    var twice = View("twice").node
    twice.hidden = Varying(
      false,
      variations: [
        .init(pattern: .any, value: true), .init(pattern: hC, value: false), .init(pattern: hC, value: true),
      ])
    var document = Layout {
      plain
      guide
      sized
      twice
    } constraints: {
      "plain.width == 10"
    }
    document.constraints[0].multiplier = 3  // no second anchor: no effect

    let text = LayoutWriter.json(document)
    let result = LayoutReader.parse(text)
    XCTAssertEqual(result.diagnostics.map { "\($0)" }, [], text)
    let reread = try XCTUnwrap(result.document)
    XCTAssertEqual(
      DocumentComparison.differences(document, reread).map { String($0.prefix { $0 != ":" }) },
      [
        "root.children[0](plain).text", "root.children[1](g).hugging", "root.children[2](sized).intrinsicSize",
        "root.children[3](twice).hidden", "constraints[0](constraint#1).multiplier",
      ], text)
    // The unset width keeps `any`'s 44 in hC; the folded variations resolve as before.
    XCTAssertEqual(
      reread.root.children[2].intrinsicSizeByClass.resolved(for: .init(horizontal: .compact, vertical: .compact)),
      SizeOverride(width: 44, height: 20))
    for traits in TraitCollection.all {
      XCTAssertEqual(
        reread.root.children[3].hidden.resolved(for: traits), twice.hidden.resolved(for: traits), "\(traits)")
    }
  }

  /// A document of 5,101 views and 10,100 constraints: written and read back equal (the
  /// writer walks views with a stack and decides line breaks in bounded work).
  func testLargeDocument() throws {
    var stacks: [ViewNode] = []
    var specs: [ConstraintSpec] = []
    func spec(_ first: String, _ attribute: LayoutAttribute, _ second: String, constant: Double) -> ConstraintSpec {
      ConstraintSpec(
        id: "constraint#\(specs.count + 1)",
        first: AnchorReference(item: LayoutItem(name: first), attribute: attribute),
        relation: .equal, second: AnchorReference(item: LayoutItem(name: second), attribute: attribute),
        constant: Varying(
          constant, variations: [.init(pattern: TraitPattern(vertical: .compact), value: constant / 2)]),
        source: "")
    }
    for row in 0..<100 {
      var labels: [ViewNode] = []
      for column in 0..<50 {
        labels.append(ViewNode(id: "l\(row)_\(column)", kind: .label, text: Varying("cell \(row), \(column)")))
      }
      stacks.append(ViewNode(id: "s\(row)", kind: .stack, children: labels))
      specs.append(spec("s\(row)", .leading, "root", constant: Double(row)))
      specs.append(spec("s\(row)", .top, "root", constant: Double(row) * 20.5))
    }
    for index in 0..<10_000 - 100 {
      specs.append(spec("l\(index / 50 % 100)_\(index % 50)", .width, "s0", constant: 0.25))
    }
    let document = LayoutDocument(
      file: "large", root: ViewNode(id: "root", kind: .view, children: stacks), constraints: specs)
    let text = LayoutWriter.json(document)
    let result = LayoutReader.parse(text, file: "large.json")
    XCTAssertEqual(result.diagnostics.count, 0)
    let reread = try XCTUnwrap(result.document)
    XCTAssertEqual(reread.allViews.count, 5_101)
    XCTAssertEqual(DocumentComparison.differences(document, reread), [])
  }

  /// The printer's line rule at its edge: an array member at column 7 (two spaces, `"k": `)
  /// has 120 - 7 - 1 = 112 columns; `["…"]` with 108 characters takes 112, with 109 one more.
  func testPrinterLineWidth() {
    let fits = String(repeating: "a", count: 108)
    XCTAssertEqual(
      LayoutFilePrinter.print(.object(["k": .array([.string(fits)])])), "{\n  \"k\": [\"\(fits)\"]\n}\n")
    let over = fits + "a"
    XCTAssertEqual(
      LayoutFilePrinter.print(.object(["k": .array([.string(over)])])), "{\n  \"k\": [\n    \"\(over)\"\n  ]\n}\n")
  }

  /// Strings: quotes, backslashes and control characters escaped (RFC 8259 §7), everything
  /// else, non-ASCII included, kept as UTF-8.
  func testStringsAreEscaped() {
    var document = Layout(rootMargins: .zero) { View.label("l", "é 🎉\u{2028}") }
    document.title = "Tab\there \\ \"q\" \u{01}\u{1F}\r"
    let expected = """
      {
        "title": "Tab\\there \\\\ \\"q\\" \\u0001\\u001F\\r",
        "root": {
          "children": [
            {"id": "l", "kind": "label", "text": "é 🎉\u{2028}"}
          ]
        }
      }

      """
    let text = LayoutWriter.json(document)
    XCTAssertEqual(text, expected)
    assertReadsBack(text, as: document)
  }

  /// Numbers in the shortest form that reads back as the same Double: in JSON with an exponent
  /// when Swift's shortest form has one, in constraint text (digits only) written out.
  func testNumbers() {
    XCTAssertEqual(ConstraintWriter.number(8), "8")
    XCTAssertEqual(ConstraintWriter.number(-2), "-2")
    XCTAssertEqual(ConstraintWriter.number(0.625), "0.625")
    XCTAssertEqual(ConstraintWriter.number(1.0 / 3), "0.3333333333333333")
    XCTAssertEqual(ConstraintWriter.number(1e-7), "0.0000001")
    XCTAssertEqual(ConstraintWriter.number(1.5e-5), "0.000015")
    XCTAssertEqual(ConstraintWriter.number(-2.5e-9), "-0.0000000025")
    XCTAssertEqual(ConstraintWriter.number(2.5e16), "25000000000000000")
    XCTAssertEqual(ConstraintWriter.number(1e20), "100000000000000000000")
    XCTAssertEqual(ConstraintWriter.number(123456.75), "123456.75")
    // Whatever the value, the digits read back exactly (Double's parser rounds correctly).
    for _ in 0..<2000 {
      let sign: Double = Bool.random() ? 1 : -1
      let sample = sign * Double.random(in: 0.5..<1) * pow(10, Double(Int.random(in: -12...12)))
      let text = ConstraintWriter.number(sample)
      XCTAssertFalse(text.contains("e"), text)
      XCTAssertEqual(Double(text), sample, text)
    }

    var document = Layout {
      View("a")
    } constraints: {
      Constraint("a.width == 0.1 * root.width", constant: Varying(0.1, ["hC": 1e-7]))
      "a.height == 0.0000001 * root.height + 1000000 @999.5"
    }
    document.root.children[0].intrinsicSizeByClass = Varying(SizeOverride(width: 1e-7, height: 1.0 / 3))
    let text = LayoutWriter.json(document)
    XCTAssertTrue(text.contains(#""intrinsicSize": {"width": 1e-07, "height": 0.3333333333333333}"#), text)
    XCTAssertTrue(text.contains(#""constant": {"any": 0.1, "hC": 1e-07}"#), text)
    XCTAssertTrue(text.contains(#""a.height == 0.0000001 * root.height + 1000000 @999.5""#), text)
    assertReadsBack(text, as: document)
  }

  /// Ids the reader gives back are kept; generated ones at their own position are left out;
  /// the rest are renamed to valid, unique ids (worked out by hand from the rule).
  func testConstraintIDs() {
    let ids = ["constraint#1", "x", "constraint#2", "logo#1", "logo_1", "9lives", "x", "-a", "é"]
    XCTAssertEqual(
      ConstraintWriter.writtenIDs(ids),
      [nil, "x", "constraint_2", "logo_1_2", "logo_1", "_9lives", "x_2", "_-a", "_"])

    // A Visual Format object's ids (`logo#1`, `logo#2`) have no spelling in a file.
    let read = LayoutReader.parse(
      """
      {"root": {"children": [{"id": "logo"}]},
       "constraints": ["logo.top == root.top", {"vfl": "H:|[logo(20)]", "id": "logo"}]}
      """)
    guard let document = read.document else { return XCTFail("\(read.diagnostics)") }
    XCTAssertEqual(document.constraints.map(\.id), ["constraint#1", "logo#1", "logo#2"])
    let text = LayoutWriter.json(document)
    let reread = LayoutReader.parse(text)
    XCTAssertEqual(reread.diagnostics.map { "\($0)" }, [])
    XCTAssertEqual(reread.document?.constraints.map(\.id), ["constraint#1", "logo_1", "logo_2"])
  }

  /// Standard spacing: `+ standard` and `- standard` in text; `"standard"` per size class in
  /// the object form; and a constant and a standard spacing varying by different patterns
  /// (only a document built in memory has that) written per size-class combination, giving
  /// the same values in each of the four.
  func testStandardSpacing() {
    var document = Layout {
      View("a")
      View("b")
    } constraints: {
      "b.leading == a.trailing"
      "a.top == b.bottom"
      "b.top == a.bottom"
    }
    document.constraints[0].standardSpacing = Varying(1)
    document.constraints[1].standardSpacing = Varying(-1)
    document.constraints[2].constant = Varying(4, ["hC": 10])
    document.constraints[2].standardSpacing = Varying(0, ["wR": 1])
    let text = LayoutWriter.json(document)
    XCTAssertTrue(text.contains(#""b.leading == a.trailing + standard""#), text)
    XCTAssertTrue(text.contains(#""a.top == b.bottom - standard""#), text)
    // By hand, per class (constant {any 4, hC 10}, standard {any 0, wR 1}): wC hC 10 points;
    // wC hR 4, the base; wR hC 10 + standard; wR hR 4 + standard. A constant with a standard
    // spacing added has no spelling in the object form: the points are kept.
    XCTAssertTrue(text.contains(#""constant": {"any": 4, "wC hC": 10, "wR hC": 10, "wR hR": 4}"#), text)
    let reread = LayoutReader.parse(text).document
    XCTAssertEqual(reread?.constraints[0].standardSpacing, Varying(1))
    XCTAssertEqual(reread?.constraints[1].standardSpacing, Varying(-1))
  }

  /// Constant and standard spacing varying by different patterns: every class gets what the
  /// document gives it, but for the one class whose 4 points plus a standard spacing has no spelling.
  func testConstantAndStandardVaryingByDifferentPatterns() {
    var document = Layout {
      View("a")
      View("b")
    } constraints: {
      "b.top == a.bottom"
    }
    document.constraints[0].constant = Varying(0, ["hC": 4])
    document.constraints[0].standardSpacing = Varying(1, ["wR": 0])
    let text = LayoutWriter.json(document)
    guard let reread = LayoutReader.parse(text).document else { return XCTFail(text) }
    // Per size class, the constant and the standard spacing are as in the document.
    for traits in TraitCollection.all {
      XCTAssertEqual(
        reread.constraints[0].constant.resolved(for: traits), document.constraints[0].constant.resolved(for: traits),
        "\(traits)\n\(text)")
      let standard = reread.constraints[0].standardSpacing.resolved(for: traits)
      let expected = document.constraints[0].standardSpacing.resolved(for: traits)
      // hC with standard: 4 points and a standard spacing has no spelling; the points stay.
      if traits == TraitCollection(horizontal: .compact, vertical: .compact) {
        XCTAssertEqual(standard, 0, text)
      } else {
        XCTAssertEqual(standard, expected, "\(traits)\n\(text)")
      }
    }
  }
}

/// The `cell` object read and written back (docs/layout-format.md, "Cells").
final class CellObjectTests: XCTestCase {
  func testACellReadsAndWritesBack() throws {
    let text = """
      {"cell": {"in": "collection", "itemWidth": 150, "itemHeight": 80},
       "root": {"id": "content", "children": []}}
      """
    let read = LayoutReader.parse(text, file: "cell.json")
    XCTAssertEqual(read.renderedDiagnostics, "")
    let document = try XCTUnwrap(read.document)
    XCTAssertEqual(document.cell, CellSpec(host: .collection, itemWidth: 150, itemHeight: 80))
    let again = try XCTUnwrap(LayoutReader.parse(LayoutWriter.json(document), file: "again.json").document)
    XCTAssertEqual(again.cell, document.cell)
  }

  func testDefaultsAreAPlainTableWithAnAutomaticHeight() throws {
    let read = LayoutReader.parse(#"{"cell": {}, "root": {"id": "c"}}"#, file: "cell.json")
    let cell = try XCTUnwrap(read.document?.cell)
    XCTAssertEqual(cell, CellSpec())
    XCTAssertTrue(cell.fitsHeight)
    XCTAssertTrue(LayoutWriter.json(try XCTUnwrap(read.document)).contains(#""rowHeight": "automatic""#))
  }

  func testBadCellValuesAreLocatedErrors() {
    let read = LayoutReader.parse(
      #"{"cell": {"in": "plain", "rowHeight": "auto", "itemWidth": 0}, "root": {"id": "c"}}"#, file: "cell.json")
    XCTAssertNil(read.document)
    XCTAssertEqual(
      read.diagnostics.map { "\($0.code) \($0.path ?? "")" },
      ["invalid-value $.cell.in", "invalid-value $.cell.rowHeight", "out-of-range $.cell.itemWidth"])
  }
}
