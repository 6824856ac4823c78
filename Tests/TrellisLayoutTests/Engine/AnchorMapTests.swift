import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Anchor → linear expression, checked by evaluating the expressions at chosen variable values.
final class AnchorMapTests: XCTestCase {
  /// root 375 × 812; view `a` at (10, 20, 100, 50) with margins top 1, left 2, bottom 3,
  /// right 4; label `t` at (0, 100, 80, 48) with baselines 19 and 43; root margins 8;
  /// safe area 44, 0, 34, 0.
  private var values: [String: Double] = [
    "root.width": 375, "root.height": 812,
    "a.x": 10, "a.y": 20, "a.width": 100, "a.height": 50,
    "t.x": 0, "t.y": 100, "t.width": 80, "t.height": 48,
  ]

  private func makeMap(_ direction: LayoutDirection) -> AnchorMap {
    let solver = Solver()
    func vars(_ id: String, root: Bool = false) -> ItemVariables {
      ItemVariables(
        x: root ? nil : solver.makeVariable("\(id).x"), y: root ? nil : solver.makeVariable("\(id).y"),
        width: solver.makeVariable("\(id).width"), height: solver.makeVariable("\(id).height"))
    }
    func resolvedView(_ id: String, margins: EdgeInsets, first: Double? = nil, last: Double? = nil) -> ResolvedView {
      ResolvedView(
        id: id, kind: first == nil ? .view : .label, parent: id == "root" ? nil : "root", children: [],
        hidden: false, text: nil, fontSize: 17, numberOfLines: 1, intrinsicWidth: nil, intrinsicHeight: nil,
        firstBaselineOffset: first, lastBaselineOffset: last, hugging: AxisValues(horizontal: 250, vertical: 250),
        compressionResistance: AxisValues(horizontal: 750, vertical: 750), layoutMargins: margins, stack: nil,
        location: nil,
        // As resolution gives the root: its margins are measured from the safe area.
        safeAreaMarginFloor: id == "root"
          ? MarginFloor(top: margins.top, left: margins.left, bottom: margins.bottom, right: margins.right)
          : MarginFloor())
    }
    return AnchorMap(
      items: ["root": vars("root", root: true), "a": vars("a"), "t": vars("t")],
      views: [
        "root": resolvedView("root", margins: .uniform(8)),
        "a": resolvedView("a", margins: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
        "t": resolvedView("t", margins: .uniform(8), first: 19, last: 43),
      ],
      rootID: "root", safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0), direction: direction)
  }

  private func evaluate(_ e: LinearExpression) -> Double {
    e.terms.reduce(e.constant) { sum, term in
      guard let value = values[term.variable.name] else {
        XCTFail("no value for \(term.variable.name)")
        return sum
      }
      return sum + term.coefficient * value
    }
  }

  private func value(
    _ map: AnchorMap, _ item: String, _ attribute: LayoutAttribute, mirrored: Bool = false
  ) -> Double? {
    guard
      let e = try? map.expression(
        for: AnchorReference(item: LayoutItem(name: item), attribute: attribute), mirrored: mirrored)
    else { return nil }
    return evaluate(e)
  }

  func testAbsoluteAttributesOfAView() {
    let map = makeMap(.leftToRight)
    let expected: [(LayoutAttribute, Double)] = [
      (.left, 10), (.right, 110),  // 10 + 100
      (.top, 20), (.bottom, 70),  // 20 + 50
      (.width, 100), (.height, 50),
      (.centerX, 60), (.centerY, 45),  // 10 + 100/2, 20 + 50/2
      (.leftMargin, 12), (.rightMargin, 106),  // 10 + 2, 110 − 4
      (.topMargin, 21), (.bottomMargin, 67),  // 20 + 1, 70 − 3
      (.centerXWithinMargins, 59), (.centerYWithinMargins, 44),  // (12 + 106)/2, (21 + 67)/2
      (.leading, 10), (.trailing, 110), (.leadingMargin, 12), (.trailingMargin, 106),
      (.firstBaseline, 20), (.lastBaseline, 70),  // no text: top and bottom
    ]
    for (attribute, v) in expected {
      XCTAssertEqual(value(map, "a", attribute) ?? .nan, v, accuracy: 1e-12, "a.\(attribute)")
    }
  }

  func testBaselinesOfText() {
    let map = makeMap(.leftToRight)
    XCTAssertEqual(value(map, "t", .firstBaseline), 119)  // 100 + 19
    XCTAssertEqual(value(map, "t", .lastBaseline), 143)  // 100 + 43
  }

  func testRightToLeftFlipsLeadingAndTrailingOnly() {
    let map = makeMap(.rightToLeft)
    let expected: [(LayoutAttribute, Double)] = [
      (.leading, 110), (.trailing, 10),  // leading is the right edge
      (.leadingMargin, 106), (.trailingMargin, 12),  // leading margin uses the right inset (4)
      (.left, 10), (.right, 110), (.leftMargin, 12), (.rightMargin, 106), (.centerX, 60),
    ]
    for (attribute, v) in expected {
      XCTAssertEqual(value(map, "a", attribute) ?? .nan, v, accuracy: 1e-12, "a.\(attribute)")
    }
    // Mirrored (a constraint with leading/trailing in RTL): measured from the root's right
    // edge, 375 − x.
    XCTAssertEqual(value(map, "a", .leading, mirrored: true), 265)  // 375 − 110
    XCTAssertEqual(value(map, "a", .trailing, mirrored: true), 365)  // 375 − 10
    XCTAssertEqual(value(map, "a", .centerX, mirrored: true), 315)  // 375 − 60
    XCTAssertEqual(value(map, "a", .width, mirrored: true), 100)  // sizes do not mirror
    XCTAssertEqual(value(map, "a", .top, mirrored: true), 20)
  }

  func testRootAndGuides() {
    let map = makeMap(.leftToRight)
    let expected: [(String, LayoutAttribute, Double)] = [
      ("root", .left, 0), ("root", .right, 375), ("root", .width, 375), ("root", .bottom, 812),
      ("safeArea", .top, 44), ("safeArea", .bottom, 778),  // 812 − 34
      ("safeArea", .height, 734), ("safeArea", .centerY, 411),  // 44 + 734/2
      ("safeArea", .leading, 0), ("safeArea", .trailing, 375),
      ("margins", .left, 8), ("margins", .right, 367),  // 375 − 8
      ("margins", .top, 52), ("margins", .bottom, 770),  // 44 + 8, 778 − 8
      ("margins", .width, 359),  // 375 − 16
      // The root's own margin attributes are the margins guide.
      ("root", .leftMargin, 8), ("root", .topMargin, 52), ("root", .bottomMargin, 770),
      ("root", .centerYWithinMargins, 411),  // (52 + 770)/2
    ]
    for (item, attribute, v) in expected {
      XCTAssertEqual(value(map, item, attribute) ?? .nan, v, accuracy: 1e-12, "\(item).\(attribute)")
    }
  }

  func testUnknownItemThrows() {
    let map = makeMap(.leftToRight)
    XCTAssertThrowsError(try map.expression(for: AnchorReference(item: "nope", attribute: .left), mirrored: false)) {
      XCTAssertEqual($0 as? AnchorMapError, .unknownItem("nope"))
    }
  }

  func testConstraintExpressions() throws {
    let ltr = makeMap(.leftToRight)
    func c(_ text: String) -> LayoutConstraint {
      // Parsed as files are, by the builder's real constraint text parser.
      let document = Layout(validated: false) {
      } constraints: {
        TrellisTestSupport.Constraint(text)
      }
      let s = document.constraints[0]
      return LayoutConstraint(
        id: s.id, first: s.first, relation: s.relation, second: s.second, multiplier: s.multiplier,
        constant: s.constant.base, priority: s.priority.base, origin: .file(id: s.id), source: text)
    }
    // first − (multiplier × second + constant); 0 when the constraint holds.
    // a.width == 2 * a.height holds at 100 == 2 × 50.
    XCTAssertEqual(evaluate(try ltr.expression(for: c("a.width == 2 * a.height"))), 0)
    // a.width − 0.625 × 50 = 100 − 31.25 = 68.75.
    XCTAssertEqual(evaluate(try ltr.expression(for: c("a.width == 0.625 * a.height"))), 68.75)
    // a.leading − (t.trailing + 8) = 10 − (80 + 8) = −78.
    XCTAssertEqual(evaluate(try ltr.expression(for: c("a.leading == t.trailing + 8"))), -78)
    // Terms merged and sorted by variable: a.left − a.right = −a.width.
    let merged = try ltr.expression(for: c("a.left == a.right"))
    XCTAssertEqual(merged.terms.map(\.variable.name), ["a.width"])
    XCTAssertEqual(merged.terms.first?.coefficient, -1)
    // Constant only: a.width − 44.
    XCTAssertEqual(evaluate(try ltr.expression(for: c("a.width == 44"))), 56)

    let rtl = makeMap(.rightToLeft)
    // Mirrored: (375 − a.right) − ((375 − t.left) + 8) = 265 − 383 = −118; holds when
    // a.right = t.left − 8 (a sits 8 pt to the left of t).
    let mirrored = try rtl.expression(for: c("a.leading == t.trailing + 8"))
    XCTAssertEqual(evaluate(mirrored), -118)
    XCTAssertFalse(mirrored.terms.contains { $0.variable.name == "root.width" })  // 375 cancels
    // Absolute attributes never mirror: a.left − (t.right + 8) = 10 − 88.
    XCTAssertEqual(evaluate(try rtl.expression(for: c("a.left == t.right + 8"))), -78)
    // With a multiplier the root width stays: (375 − 110) − 0.5 × (375 − 0) = 77.5; holds when
    // a.right = 375 − 187.5, the mirror image of a.left = 187.5 in left-to-right.
    XCTAssertEqual(evaluate(try rtl.expression(for: c("a.leading == 0.5 * root.trailing"))), 77.5)
  }
}
