import Foundation
import TrellisJSON
import TrellisModel
import XCTest

/// The layout reader: how each key fills the Model types, and the semantic checks.
final class LayoutReaderTests: XCTestCase {
  private let wChC = TraitCollection(horizontal: .compact, vertical: .compact)
  private let wChR = TraitCollection(horizontal: .compact, vertical: .regular)
  private let wRhC = TraitCollection(horizontal: .regular, vertical: .compact)
  private let wRhR = TraitCollection(horizontal: .regular, vertical: .regular)

  private func read(_ text: String, limits: ReaderLimits = ReaderLimits()) -> LayoutReadResult {
    LayoutReader.parse(text, file: "r.json", limits: limits)
  }

  /// `line:column: severity: message` per diagnostic.
  private func summary(_ result: LayoutReadResult) -> [String] {
    result.diagnostics.map { d in
      "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message)"
    }
  }

  /// A layout with views a, b (in root) and the given constraints (one JSON value per line 2+).
  private func withConstraints(_ constraints: String) -> LayoutReadResult {
    read(
      "{\"root\": {\"children\": [{\"id\": \"a\"}, {\"id\": \"b\", \"kind\": \"label\"}]},\n\"constraints\": [\(constraints)]}"
    )
  }

  private func messages(_ result: LayoutReadResult) -> [String] {
    result.diagnostics.map(\.message)
  }

  // MARK: Views

  func testMinimalDocument() throws {
    let result = read("{\"root\": {}}")
    XCTAssertEqual(result.diagnostics, [])
    let document = try XCTUnwrap(result.document)
    XCTAssertEqual(document.file, "r.json")
    XCTAssertEqual(document.root.id, "root")
    XCTAssertEqual(document.root.kind, .view)
    XCTAssertEqual(document.root.path, "$.root")
    XCTAssertEqual(document.root.location?.column, 10)
    XCTAssertEqual(document.constraints.count, 0)
  }

  func testTitleDescriptionAndSchema() throws {
    let result = read("{\"$schema\": \"layout.schema.json\", \"title\": \"T\", \"description\": \"D\", \"root\": {}}")
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.document?.title, "T")
    XCTAssertEqual(result.document?.summary, "D")
  }

  func testEveryViewKeyFillsTheModel() throws {
    let text = """
      {"root": {"id": "main", "layoutMargins": {"top": 1, "left": 2}, "children": [
        {"id": "title", "kind": "label", "text": {"any": "Flips: 0", "hC": "Flips\\n0"}, "fontSize": 20,
         "numberOfLines": 0, "hidden": {"wR hR": true}, "hugging": {"vertical": 700},
         "compressionResistance": 740, "intrinsicSize": {"height": 30}},
        {"id": "go", "kind": "button", "text": "Go", "contentInsets": 4},
        {"id": "pic", "kind": "image", "intrinsicSize": {"width": 40, "height": 20}},
        {"id": "gap", "kind": "guide"},
        {"id": "row", "kind": "stack", "axis": {"any": "horizontal", "hC": "vertical"}, "distribution": "fillEqually",
         "alignment": "top", "spacing": "system", "layoutMarginsRelativeArrangement": true,
         "baselineRelativeArrangement": true, "children": [{"id": "x"}]}
      ]}}
      """
    let result = read(text)
    XCTAssertEqual(result.diagnostics, [])
    let document = try XCTUnwrap(result.document)
    XCTAssertEqual(document.allViews.map(\.id), ["main", "title", "go", "pic", "gap", "row", "x"])
    let root = document.root
    // Missing inset keys keep the default: 0 for the root (its margins are the system
    // minimum's, added at resolution), 8 for other views (checked below on `row`).
    XCTAssertEqual(root.layoutMargins, EdgeInsets(top: 1, left: 2, bottom: 0, right: 0))

    let title = root.children[0]
    XCTAssertEqual(title.kind, .label)
    XCTAssertEqual(title.text?.resolved(for: wChR), "Flips: 0")
    XCTAssertEqual(title.text?.resolved(for: wChC), "Flips\n0")
    XCTAssertEqual(title.fontSize.base, 20)
    XCTAssertEqual(title.numberOfLines, 0)
    XCTAssertEqual(title.hidden.base, false)
    XCTAssertEqual(title.hidden.resolved(for: wRhR), true)
    // Labels hug at 251 by default; only the vertical value was given.
    XCTAssertEqual(title.hugging, AxisValues(horizontal: 251, vertical: 700))
    XCTAssertEqual(title.compressionResistance, AxisValues(horizontal: 740, vertical: 740))
    XCTAssertNil(title.intrinsicWidth)
    XCTAssertEqual(title.intrinsicHeight, 30)
    XCTAssertEqual(title.path, "$.root.children[0]")

    let go = root.children[1]
    XCTAssertEqual(go.contentInsets, .uniform(4))
    XCTAssertEqual(go.text?.base, "Go")

    XCTAssertEqual(root.children[2].intrinsicWidth, 40)
    XCTAssertEqual(root.children[2].hugging, AxisValues(horizontal: 251, vertical: 251))
    XCTAssertEqual(root.children[3].kind, .guide)

    let row = try XCTUnwrap(root.children[4].stack)
    XCTAssertEqual(row.axis.resolved(for: wChR), .horizontal)
    XCTAssertEqual(row.axis.resolved(for: wRhC), .vertical)
    XCTAssertEqual(row.distribution.base, .fillEqually)
    // "top" is UIKit's other name for leading; "system" spacing is 8.
    XCTAssertEqual(row.alignment.base, .leading)
    XCTAssertEqual(row.spacing.base, 8)
    XCTAssertTrue(row.isLayoutMarginsRelativeArrangement)
    XCTAssertTrue(row.isBaselineRelativeArrangement)
    XCTAssertEqual(root.children[4].layoutMargins, .uniform(8))
    XCTAssertNil(root.children[0].stack)
  }

  func testDefaults() throws {
    let result = read(
      "{\"root\": {\"children\": [{\"id\": \"s\", \"kind\": \"stack\"}, {\"id\": \"b\", \"kind\": \"button\"}]}}")
    let document = try XCTUnwrap(result.document)
    let stack = try XCTUnwrap(document.root.children[0].stack)
    XCTAssertEqual(stack.axis.base, .horizontal)
    XCTAssertEqual(stack.distribution.base, .fill)
    XCTAssertEqual(stack.alignment.base, .fill)
    XCTAssertEqual(stack.spacing.base, 0)
    let button = document.root.children[1]
    XCTAssertEqual(button.contentInsets, EdgeInsets(top: 6, left: 8, bottom: 6, right: 8))
    XCTAssertEqual(button.fontSize.base, 17)
    XCTAssertNil(button.text)
    XCTAssertEqual(button.hugging, AxisValues(horizontal: 250, vertical: 250))
    XCTAssertEqual(button.layoutMargins, .uniform(8))
  }

  func testVaryingPatternsAndPrecedence() throws {
    let text = """
      {"root": {"hidden": {"hC": true, "wR hR": true, "wAny hAny": false, "wC": false, "wC hC": false}}}
      """
    let result = read(text)
    XCTAssertEqual(result.diagnostics, [])
    let hidden = try XCTUnwrap(result.document?.root.hidden)
    // `wAny hAny` is `any`, so it sets the base.
    XCTAssertEqual(hidden.base, false)
    XCTAssertEqual(hidden.variations.map(\.pattern.description), ["hC", "wR hR", "wC", "wC hC"])
    XCTAssertEqual(hidden.resolved(for: wRhC), true)  // hC
    XCTAssertEqual(hidden.resolved(for: wChC), false)  // wC hC beats hC and wC
    XCTAssertEqual(hidden.resolved(for: wRhR), true)
    // Variations keep where their key was written: `"hC"` is at column 22.
    XCTAssertEqual(hidden.variations[0].location?.column, 22)
  }

  func testWidthAndHeightOnlyOverlapWarns() {
    let result = read("{\"root\": {\"hidden\": {\"wC\": true, \"hC\": false}}}")
    XCTAssertEqual(
      summary(result),
      [
        "1:34: warning: 'wC' and 'hC' both match wC hC with different values; 'wC' wins there (add a \"wC hC\" entry to choose)"
      ])
    XCTAssertNotNil(result.document)
    // Same values, or an explicit pair, is fine.
    XCTAssertEqual(read("{\"root\": {\"hidden\": {\"wC\": true, \"hC\": true}}}").diagnostics, [])
    XCTAssertEqual(read("{\"root\": {\"hidden\": {\"wC\": true, \"hC\": false, \"wC hC\": true}}}").diagnostics, [])
  }

  func testPatternErrors() {
    XCTAssertEqual(
      messages(read("{\"root\": {\"hidden\": {\"hX\": true}}}")),
      ["unknown size class 'hX' in pattern 'hX'; did you mean 'hC'?"])
    XCTAssertEqual(
      messages(read("{\"root\": {\"hidden\": {\"wC wR\": true}}}")),
      ["pattern 'wC wR' names the width twice ('wC' and 'wR'); use at most one width and one height token"])
    XCTAssertEqual(
      messages(read("{\"root\": {\"hidden\": {\"any wC\": true}}}")),
      ["'any' cannot be combined with other tokens in pattern 'any wC'"])
    XCTAssertEqual(
      messages(read("{\"root\": {\"hidden\": {\" \": true}}}")),
      ["empty size-class pattern; use any, wC, wR, hC, hR or a pair such as 'wC hR'"])
    XCTAssertEqual(
      messages(read("{\"root\": {\"hidden\": {\"wc\": true}}}")),
      ["unknown size class 'wc' in pattern 'wc'; did you mean 'wC'?"])
    // Two spellings of one pattern.
    let duplicate = read("{\"root\": {\"hidden\": {\"hC\": true, \"wAny hC\": false}}}")
    XCTAssertEqual(
      summary(duplicate),
      ["1:34: error: pattern 'wAny hC' is the same as an earlier one ('hC'); give each size class once"])
    XCTAssertEqual(
      duplicate.diagnostics.first?.notes.map(\.description), ["r.json:1:22: note: the earlier pattern is here"])
    // The column points at the bad token inside the key: `"wR hQ"` starts at 22, hQ is offset 3 → 22 + 1 + 3 = 26.
    XCTAssertEqual(summary(read("{\"root\": {\"hidden\": {\"wR hQ\": true}}}")).first?.prefix(5), "1:26:")
  }

  func testIds() {
    XCTAssertEqual(
      summary(read("{\"root\": {\"children\": [{\"kind\": \"view\"}]}}")),
      ["1:24: error: this view has no \"id\"; every view except the root needs a unique id"])
    // `{"id": "a-b"}`: the '-' is offset 1 inside the string at column 31 → 31 + 1 + 1 = 33.
    XCTAssertEqual(
      summary(read("{\"root\": {\"children\": [{\"id\": \"a-b\"}]}}")),
      ["1:33: error: invalid view id 'a-b': ids are letters, digits and '_', and do not start with a digit"])
    XCTAssertEqual(
      messages(read("{\"root\": {\"children\": [{\"id\": \"safeArea\"}, {\"id\": \"margins\"}, {\"id\": \"root\"}]}}")),
      [
        "'safeArea' is reserved for the root's safe-area guide; choose another id",
        "'margins' is reserved for the root's margins guide; choose another id",
        "'root' always names the root view; choose another id",
      ])
    let duplicate = read(
      "{\"root\": {\"children\": [{\"id\": \"a\"}, {\"id\": \"b\", \"children\": [{\"id\": \"a\"}]}]}}")
    XCTAssertEqual(summary(duplicate), ["1:69: error: duplicate view id 'a'; each view needs its own id"])
    XCTAssertEqual(duplicate.diagnostics.first?.notes.map(\.description), ["r.json:1:31: note: 'a' is first used here"])
    XCTAssertNil(duplicate.document)
  }

  func testKindMismatchesWarnAndKeepTheDocument() throws {
    let text = """
      {"root": {"children": [
        {"id": "l", "kind": "label", "axis": "vertical", "contentInsets": 2},
        {"id": "v", "text": "x", "fontSize": 3, "numberOfLines": 2},
        {"id": "g", "kind": "guide", "hugging": 1, "layoutMargins": 0}
      ]}}
      """
    let result = read(text)
    XCTAssertEqual(
      messages(result),
      [
        "\"axis\" applies only to stack views; it has no effect on a label",
        "\"contentInsets\" applies only to buttons; it has no effect on a label",
        "\"text\" applies only to labels and buttons; it has no effect on a view",
        "\"fontSize\" applies only to labels and buttons; it has no effect on a view",
        "\"numberOfLines\" applies only to labels and buttons; it has no effect on a view",
        "\"hugging\" does not apply to layout guides; it has no effect on a guide",
        "\"layoutMargins\" does not apply to layout guides; it has no effect on a guide",
      ])
    XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
    let document = try XCTUnwrap(result.document)
    // Ignored values stay at their defaults.
    XCTAssertNil(document.root.children[1].text)
    XCTAssertEqual(document.root.children[2].hugging.horizontal, 250)
  }

  func testGuideCannotHaveChildren() {
    XCTAssertEqual(
      messages(
        read("{\"root\": {\"children\": [{\"id\": \"g\", \"kind\": \"guide\", \"children\": [{\"id\": \"x\"}]}]}}")),
      ["a layout guide cannot have children; make it a \"view\" or move the children to its parent"])
  }

  func testWrongTypesAndRanges() {
    let text = """
      {"root": {"hidden": 1, "children": {}, "kind": "stack", "spacing": -1e7, "axis": 3,
        "distribution": "fillEqualy", "alignment": "middle", "hugging": 1200, "intrinsicSize": {"width": -4}}}
      """
    XCTAssertEqual(
      messages(read(text)),
      [
        "expected true or false for \"hidden\", found a number",
        "expected an array of views for \"children\", found an object",
        "-10000000 is out of range for \"spacing\"; point values must be within ±1000000, the reader's limit",
        "expected a string for axis, found a number",
        "unknown distribution 'fillEqualy'; did you mean 'fillEqually'?",
        "unknown alignment 'middle'; use one of: fill, leading, center, trailing, firstBaseline, lastBaseline, top, bottom",
        "priority 1200 is out of range; use 1…1000 (1000 = required)",
        "the intrinsic width must not be negative (found -4)",
      ])
    XCTAssertEqual(
      messages(read("{\"root\": {\"kind\": \"label\", \"fontSize\": 0, \"numberOfLines\": 1.5}}")),
      [
        "\"fontSize\" must be greater than 0 (found 0)",
        "expected a whole number from 0 to 1000000 for \"numberOfLines\", found 1.5",
      ])
  }

  func testTopLevelProblems() {
    XCTAssertEqual(
      summary(read("{\"title\": \"x\"}")),
      [
        "1:1: error: missing \"root\": a layout file needs a root view, e.g. \"root\": {\"id\": \"root\", \"children\": []}"
      ])
    XCTAssertEqual(
      summary(read("\"hello\"")),
      ["1:1: error: a layout file must be a JSON object with a \"root\" view; this file holds a string"])
    XCTAssertEqual(
      summary(read("")), ["1:1: error: the file is empty; a layout file is one JSON object with a \"root\" view"])
    XCTAssertEqual(
      summary(read("{\"root\": {}, \"constraint\": []}")),
      ["1:14: warning: unknown key \"constraint\" in the layout file; did you mean \"constraints\"?"])
    XCTAssertEqual(
      messages(read("{\"root\": {}, \"constraints\": {}}")),
      ["expected an array of constraints for \"constraints\", found an object"])
  }

  // MARK: Constraint forms

  func testAllConstraintForms() throws {
    let result = withConstraints(
      """
      "a.top == root.top + 8",
      {"id": "below", "constraint": "b.top == a.bottom + 8 @750", "priority": {"any": 500, "hC": 250}, "constant": {"any": 8, "wR": 16}},
      {"first": "a.width", "relation": ">=", "second": "b.width", "multiplier": 2, "constant": 4, "priority": "low"},
      {"first": "b.height", "relation": "<=", "constant": 44},
      {"vfl": "V:[a]-[b]"}
      """)
    XCTAssertEqual(result.diagnostics, [])
    let constraints = try XCTUnwrap(result.document?.constraints)
    XCTAssertEqual(constraints.map(\.id), ["constraint#1", "below", "constraint#3", "constraint#4", "constraint#5"])

    XCTAssertEqual(constraints[0].first, AnchorReference(item: "a", attribute: .top))
    XCTAssertEqual(constraints[0].second, AnchorReference(item: "root", attribute: .top))
    XCTAssertEqual(constraints[0].constant.base, 8)
    XCTAssertEqual(constraints[0].source, "a.top == root.top + 8")
    XCTAssertEqual(constraints[0].path, "$.constraints[0]")

    // The object's priority and constant override the text's.
    XCTAssertEqual(constraints[1].priority.base, 500)
    XCTAssertEqual(constraints[1].priority.resolved(for: wChC), 250)
    XCTAssertEqual(constraints[1].constant.resolved(for: wRhR), 16)
    XCTAssertEqual(constraints[1].location?.line, 3)
    XCTAssertEqual(constraints[1].location?.column, 1)

    XCTAssertEqual(constraints[2].relation, .greaterThanOrEqual)
    XCTAssertEqual(constraints[2].multiplier, 2)
    XCTAssertEqual(constraints[2].constant.base, 4)
    XCTAssertEqual(constraints[2].priority.base, 250)
    XCTAssertEqual(constraints[2].source, "a.width >= 2 * b.width + 4 @250")

    XCTAssertNil(constraints[3].second)
    XCTAssertEqual(constraints[3].constant.base, 44)
    XCTAssertEqual(constraints[3].source, "b.height <= 44")

    XCTAssertEqual(constraints[4].first, AnchorReference(item: "b", attribute: .top))
    XCTAssertEqual(constraints[4].second, AnchorReference(item: "a", attribute: .bottom))
    // Visual Format's `-` is the symbolic standard spacing, decided at resolution (8 here).
    XCTAssertEqual(constraints[4].constant.base, 0)
    XCTAssertEqual(constraints[4].standardSpacing.base, 1)
    XCTAssertTrue(constraints.allSatisfy { $0.installed.base && !$0.installed.varies })
  }

  func testWhenGroupsInstallOnlyWhereThePatternMatches() throws {
    let result = withConstraints(
      """
      {"when": "hC", "constraints": ["a.top == root.top", {"when": "wR", "constraints": ["a.left == root.left"]},
        {"constraint": "b.top == root.top", "installed": false}]}
      """)
    XCTAssertEqual(result.diagnostics, [])
    let constraints = try XCTUnwrap(result.document?.constraints)
    XCTAssertEqual(constraints.count, 3)
    // Varying(false, [hC: true]).
    XCTAssertEqual(constraints[0].installed.base, false)
    XCTAssertEqual(constraints[0].installed.variations.map(\.pattern), [TraitPattern(vertical: .compact)])
    XCTAssertEqual(constraints[0].installed.variations.map(\.value), [true])
    XCTAssertEqual(TraitCollection.all.map { constraints[0].installed.resolved(for: $0) }, [true, false, true, false])
    // Nested groups intersect: hC inside, wR → wR hC.
    XCTAssertEqual(
      constraints[1].installed.variations.map(\.pattern), [TraitPattern(horizontal: .regular, vertical: .compact)])
    XCTAssertEqual(TraitCollection.all.map { constraints[1].installed.resolved(for: $0) }, [false, false, true, false])
    // `installed: false` inside a group is never installed.
    XCTAssertEqual(
      TraitCollection.all.map { constraints[2].installed.resolved(for: $0) }, [false, false, false, false])
    XCTAssertEqual(constraints[1].path, "$.constraints[0].constraints[1].constraints[0]")
  }

  func testWhenProblems() {
    XCTAssertEqual(
      messages(withConstraints("{\"when\": \"any\", \"constraints\": [\"a.top == root.top\"]}")),
      ["\"when\": \"any\" matches every size class, so these constraints are always installed"])
    XCTAssertEqual(
      messages(withConstraints("{\"when\": \"hC\", \"constraints\": [{\"when\": \"hR\", \"constraints\": []}]}")),
      ["this \"when\" ('hR') never matches inside the enclosing \"when\" ('hC'); nested groups must be compatible"])
    XCTAssertEqual(
      messages(
        withConstraints(
          "{\"when\": \"hC\", \"constraints\": [{\"constraint\": \"a.top == root.top\", \"installed\": {\"wC\": false}}]}"
        )),
      [
        "\"installed\" cannot vary inside a \"when\" group; move the constraint out of the group, or use only \"installed\""
      ])
    XCTAssertEqual(messages(withConstraints("{\"when\": \"hC\"}")), ["a \"when\" group needs a \"constraints\" array"])
  }

  func testRootIsAnAliasForTheRootsId() throws {
    let result = read(
      "{\"root\": {\"id\": \"main\", \"children\": [{\"id\": \"a\"}]}, \"constraints\": [\"a.top == root.top\", \"H:|[a]|\"]}"
    )
    XCTAssertEqual(result.diagnostics, [])
    let constraints = try XCTUnwrap(result.document?.constraints)
    XCTAssertEqual(constraints[0].second?.item, "main")
    XCTAssertEqual(constraints[1].second?.item, "main")
  }

  func testConstraintIds() {
    let duplicate = withConstraints(
      "{\"id\": \"x\", \"constraint\": \"a.top == b.top\"},\n{\"id\": \"x\", \"constraint\": \"b.top == a.top\"}")
    XCTAssertEqual(summary(duplicate), ["3:8: error: duplicate constraint id 'x'"])
    XCTAssertEqual(duplicate.diagnostics.first?.notes.map(\.description), ["r.json:2:24: note: 'x' is first used here"])
    XCTAssertEqual(
      messages(withConstraints("{\"id\": \"x#1\", \"constraint\": \"a.top == b.top\"}")),
      ["invalid constraint id 'x#1': ids are letters, digits, '_' and '-', and start with a letter or '_'"])
    XCTAssertEqual(
      messages(withConstraints("{\"id\": \"constraint\", \"vfl\": \"[a][b]\"}")),
      ["'constraint' is reserved for generated ids; choose another id"])
    XCTAssertNotNil(withConstraints("{\"id\": \"pin-top_1\", \"constraint\": \"a.top == b.top\"}").document)
  }

  func testConstraintObjectShapes() {
    XCTAssertEqual(
      messages(withConstraints("{\"frist\": \"a.top\"}")),
      [
        "a constraint object needs one of \"constraint\", \"first\", \"vfl\" or \"when\"",
        "unknown key \"frist\" in a constraint; did you mean \"first\"?",
      ])
    XCTAssertEqual(
      messages(withConstraints("{\"vfl\": \"[a][b]\", \"first\": \"a.top\"}")),
      [
        "a constraint object can have only one of \"constraint\", \"first\", \"vfl\" and \"when\"; this one has \"vfl\" and \"first\""
      ])
    XCTAssertEqual(
      messages(withConstraints("{\"first\": \"a.top\", \"second\": \"b.top\"}")),
      ["missing \"relation\" (==, <= or >=)"])
    XCTAssertEqual(
      messages(withConstraints("{\"relation\": \"==\", \"second\": \"b.top\", \"first\": 3}")),
      ["expected a string for \"first\", found a number"])
    XCTAssertEqual(
      messages(withConstraints("{\"constraint\": \"H:[a][b]\"}")),
      ["this is a Visual Format string; write it as {\"vfl\": …} (or as a plain string) instead of {\"constraint\": …}"]
    )
    XCTAssertEqual(
      messages(withConstraints("42")),
      ["expected a constraint (a string or an object) for this constraint, found a number"])
    XCTAssertEqual(
      messages(withConstraints("{\"first\": \"a.width\", \"relation\": \"==\", \"constant\": 3, \"multiplier\": 2}")),
      ["\"multiplier\" has no effect without \"second\""])
    XCTAssertEqual(
      messages(withConstraints("{\"vfl\": \"[a]-m-[b]\", \"metrics\": {\"m\": \"8\", \"2x\": 3}}")),
      [
        "unknown metric 'm'",
        "expected a number for metric \"m\", found a string",
        "invalid metric name \"2x\"; metric names are letters, digits and '_', not starting with a digit",
      ])
  }

  // MARK: Constraint rules

  func testAttributeRules() {
    let cases: [(String, String)] = [
      ("a.width == b.top", "cannot constrain a size attribute ('a.width') to a location attribute ('b.top')"),
      ("a.top == b.height", "cannot constrain a size attribute ('b.height') to a location attribute ('a.top')"),
      ("a.leading == b.top", "cannot constrain a horizontal attribute ('a.leading') to a vertical attribute ('b.top')"),
      (
        "a.lastBaseline == b.centerX",
        "cannot constrain a horizontal attribute ('b.centerX') to a vertical attribute ('a.lastBaseline')"
      ),
      (
        "a.leading == b.left",
        "cannot constrain leading/trailing ('a.leading') to left/right ('b.left'); use leading/trailing on both sides, or left/right on both"
      ),
      (
        "a.rightMargin == b.trailingMargin",
        "cannot constrain leading/trailing ('b.trailingMargin') to left/right ('a.rightMargin'); use leading/trailing on both sides, or left/right on both"
      ),
      (
        "a.top == 8",
        "cannot set location attribute 'a.top' to a constant; relate it to another anchor, e.g. 'a.top == root.top + 8'"
      ),
      ("a.width == a.width", "'a.width' is constrained to itself; relate it to another anchor"),
      ("a.width == -1", "a width cannot be negative (-1); use 0 or more"),
      ("a.width == 0 * b.width", "the multiplier must be a finite number other than 0 (found 0)"),
      (
        "a.width == 2000000",
        "constant 2000000 is out of range; point values must be within ±1000000, the reader's limit"
      ),
      ("a.width == b.width @0", "priority 0 is out of range; use 1…1000 (1000 = required)"),
      // No band below 1000 is reserved: the container's size is required.
      ("a.width == b.width @999.999", ""),
      ("safeArea.width == b.width @999.99", ""),
      (
        "a.firstBaseline == safeArea.lastBaseline",
        "layout guide 'safeArea' has no lastBaseline attribute; guides have edges, centers, width and height"
      ),
      (
        "margins.leadingMargin == a.leading",
        "layout guide 'margins' has no leadingMargin attribute; guides have edges, centers, width and height"
      ),
    ]
    for (constraint, message) in cases {
      let result = withConstraints("\"\(constraint)\"")
      XCTAssertEqual(messages(result), message.isEmpty ? [] : [message], constraint)
    }
    // Allowed: cross-axis sizes (aspect ratios), baselines with tops, centers with edges.
    for constraint in [
      "a.width == b.height * 5:8", "b.firstBaseline == a.top", "a.centerX == b.leading", "a.left == b.centerX",
    ] {
      XCTAssertEqual(messages(withConstraints("\"\(constraint)\"")), [], constraint)
    }
  }

  func testMultiplierOnLocationIsAWarning() throws {
    let result = withConstraints("\"a.centerX == 0.5 * root.centerX\"")
    // `"constraints": [` is 16 characters on line 2, so the quote is column 17 and 0.5 (offset 13) is 17 + 1 + 13 = 31.
    XCTAssertEqual(
      summary(result),
      [
        "2:31: warning: multiplier 0.5 on location attribute 'a.centerX': the result depends on where each view's coordinates start; Auto Layout's guide allows only 1 on locations"
      ])
    XCTAssertNotNil(result.document)
  }

  func testUnknownViewsSuggestViewsAndGuides() {
    XCTAssertEqual(
      messages(withConstraints("\"safeAre.top == a.top\"")), ["unknown view 'safeAre'; did you mean 'safeArea'?"])
    XCTAssertEqual(messages(withConstraints("\"A.top == b.top\"")), ["unknown view 'A'; did you mean 'a'?"])
    XCTAssertEqual(messages(withConstraints("\"zzz.top == b.top\"")), ["unknown view 'zzz'"])
  }

  func testVaryingConstantsAndPrioritiesAreCheckedPerVariation() {
    let result = withConstraints(
      "{\"constraint\": \"a.width == 10\", \"constant\": {\"any\": 10, \"hC\": -2}, \"priority\": {\"any\": 750, \"wR\": 1001}}"
    )
    XCTAssertEqual(
      summary(result),
      [
        "2:79: error: a width cannot be negative (-2); use 0 or more",
        "2:115: error: priority 1001 is out of range; use 1…1000 (1000 = required)",
      ])
  }

  // MARK: Limits

  func testViewLimit() {
    let children = (1...5).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    let result = read("{\"root\": {\"children\": [\(children)]}}", limits: ReaderLimits(maxViews: 3))
    XCTAssertEqual(
      summary(result),
      ["1:52: error: the layout has more than 3 views, the reader's limit; split it"])
  }

  func testViewDepthLimit() {
    // root (1) ⊃ a (2) ⊃ b (3): with a limit of 2, b is too deep.
    let result = read(
      "{\"root\": {\"children\": [{\"id\": \"a\", \"children\": [{\"id\": \"b\"}]}]}}",
      limits: ReaderLimits(maxViewDepth: 2))
    XCTAssertEqual(
      messages(result),
      ["views are nested deeper than 2 levels, the reader's limit; flatten the hierarchy"])
  }

  func testConstraintLimitCountsVisualFormatExpansions() {
    // "H:|[a][b]|" gives 3 constraints; with a limit of 2 the third is one too many.
    let result = withConstraints("\"H:|[a][b]|\", \"a.top == b.top\"")
    XCTAssertEqual(result.document?.constraints.count, 4)
    let limited = LayoutReader.parse(
      "{\"root\": {\"children\": [{\"id\": \"a\"}, {\"id\": \"b\"}]}, \"constraints\": [\"H:|[a][b]|\", \"a.top == b.top\"]}",
      file: "r.json", limits: ReaderLimits(maxConstraints: 2))
    XCTAssertEqual(
      messages(limited),
      ["the layout has more than 2 constraints, the reader's limit; split it"])
  }

  func testFileSizeLimit() {
    let result = LayoutReader.parse("{\"root\": {}}   ", file: "big.json", limits: ReaderLimits(maxFileSize: 10))
    XCTAssertEqual(
      summary(result),
      ["1:1: error: the file is larger than 10 bytes, the reader's limit; split it"])
  }

  // MARK: Files

  func testReadContentsOfFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-reader-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("ok.json").path
    try Data("{\"root\": {\"id\": \"root\"}}".utf8).write(to: URL(fileURLWithPath: path))
    let result = LayoutReader.read(contentsOf: path)
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.document?.file, path)

    let tooLarge = LayoutReader.read(contentsOf: path, limits: ReaderLimits(maxFileSize: 5))
    XCTAssertEqual(
      tooLarge.diagnostics.first?.message,
      "the file is larger than 5 bytes, the reader's limit; split it")

    let missing = LayoutReader.read(contentsOf: directory.appendingPathComponent("none.json").path)
    XCTAssertEqual(missing.diagnostics.map(\.message), ["cannot read '\(directory.path)/none.json': no such file"])
    XCTAssertNil(missing.document)
  }

  func testWarningsKeepTheDocumentErrorsDoNot() {
    XCTAssertNotNil(read("{\"root\": {\"colour\": 1}}").document)
    XCTAssertNil(read("{\"root\": {\"hidden\": 1}}").document)
    XCTAssertTrue(read("{\"root\": {\"hidden\": 1}}").hasErrors)
  }

  func testDiagnosticsAreSortedByPosition() {
    // Constraints are read after views, but a constraint written first still sorts first.
    let result = read("{\"constraints\": [\"x.top == root.top\"], \"root\": {\"colour\": 1}}")
    XCTAssertEqual(
      summary(result), ["1:19: error: unknown view 'x'", "1:49: warning: unknown key \"colour\" in a view"])
  }
}
