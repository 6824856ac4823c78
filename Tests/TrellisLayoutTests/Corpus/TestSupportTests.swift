import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The test support's own behaviour: a checker or differ that cannot fail would make the tests
/// built on it pass vacuously.
final class TestSupportTests: XCTestCase {
  // MARK: Builder

  func testBuilderParsesWithTheRealGrammarAndNumbersLikeTheReader() {
    let line = #line + 4
    let doc = Layout(rootID: "main") {
      View("a"); View("b")
    } constraints: {
      "a.width == b.height * 5:8 @high"
      Constraint("b.top == root.top + 8", id: "top", when: "wR hC")
      When("hC") { "a.leading == safeArea.leading - 4" }
    }
    XCTAssertEqual(doc.file, "test.swift")
    XCTAssertEqual(doc.root.id, "main")
    XCTAssertEqual(doc.root.children.map(\.path), ["$.root.children[0]", "$.root.children[1]"])
    XCTAssertEqual(doc.constraints.map(\.id), ["constraint#1", "top", "constraint#3"])
    XCTAssertEqual(doc.constraints.map(\.path), ["$.constraints[0]", "$.constraints[1]", "$.constraints[2]"])
    // Each constraint is located at the Swift line that wrote it.
    XCTAssertEqual(doc.constraints.map { $0.location?.line }, [line, line + 1, line + 2])
    let aspect = doc.constraints[0]
    XCTAssertEqual(aspect.multiplier, 0.625)
    XCTAssertEqual(aspect.priority.base, 750)
    XCTAssertEqual(aspect.second?.item, .view("b"))
    XCTAssertEqual(aspect.second?.attribute, .height)
    // `root` names the root whatever its id; guides become their items.
    XCTAssertEqual(doc.constraints[1].second?.item, .view("main"))
    XCTAssertEqual(doc.constraints[2].second?.item, .safeArea)
    XCTAssertEqual(doc.constraints[2].constant.base, -4)
    // `when` installs only where the pattern matches.
    XCTAssertEqual(doc.constraints[1].installed.resolved(for: wRhC), true)
    XCTAssertEqual(doc.constraints[1].installed.resolved(for: wChC), false)
    XCTAssertEqual(doc.constraints[2].installed.resolved(for: wChC), true)
    XCTAssertEqual(doc.constraints[2].installed.resolved(for: wRhR), false)
  }

  func testBuilderViewsAndStacks() {
    let doc = Layout {
      Stack("s", axis: .vertical, distribution: .fillEqually, spacing: 8, layoutMarginsRelative: true) {
        View.label("l", Varying("Hi", ["hC": "Hello"]), fontSize: 20)
        View("i", kind: .image, intrinsicSize: (width: 40, height: nil), hugging: .both(700))
      }
    }
    let stack = doc.root.children[0]
    XCTAssertEqual(stack.kind, .stack)
    XCTAssertEqual(stack.stack?.axis.base, .vertical)
    XCTAssertEqual(stack.stack?.distribution.base, .fillEqually)
    XCTAssertEqual(stack.stack?.spacing.base, 8)
    XCTAssertEqual(stack.stack?.isLayoutMarginsRelativeArrangement, true)
    XCTAssertEqual(stack.children.map(\.id), ["l", "i"])
    XCTAssertEqual(stack.children[0].text?.resolved(for: wChC), "Hello")
    XCTAssertEqual(stack.children[0].hugging, .both(251))  // a label's default
    XCTAssertEqual(stack.children[1].intrinsicWidth, 40)
    XCTAssertNil(stack.children[1].intrinsicHeight)
    XCTAssertEqual(stack.children[1].hugging, .both(700))
    XCTAssertEqual(stack.children[1].path, "$.root.children[0].children[1]")
  }

  func testPatternParsing() {
    XCTAssertEqual(TraitPattern(parsing: "any"), .any)
    XCTAssertEqual(TraitPattern(parsing: "hC wR"), TraitPattern(horizontal: .regular, vertical: .compact))
    XCTAssertEqual(TraitPattern(parsing: "wAny hR"), TraitPattern(vertical: .regular))
    XCTAssertNil(TraitPattern(parsing: "wC wR"))
    XCTAssertNil(TraitPattern(parsing: "hX"))
    XCTAssertNil(TraitPattern(parsing: ""))
  }

  // MARK: Constraint check

  /// A result made by hand, so the check is tested without the engine.
  private func result(a: Rect, direction: LayoutDirection = .leftToRight) -> LayoutResult {
    let env = environment(400, 300, safeArea: EdgeInsets(top: 20), direction: direction)
    func frame(_ id: String, _ rect: Rect, parent: String?) -> LayoutResult.ViewFrame {
      LayoutResult.ViewFrame(
        id: id, kind: .view, parent: parent, frame: rect, frameInParent: rect, hidden: false,
        isEffectivelyHidden: false, text: nil)
    }
    return LayoutResult(
      environment: env,
      views: [frame("root", Rect(x: 0, y: 0, width: 400, height: 300), parent: nil), frame("a", a, parent: "root")],
      safeArea: Rect(x: 0, y: 20, width: 400, height: 280), margins: Rect(x: 8, y: 28, width: 384, height: 264),
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
  }

  private func constraints(_ doc: LayoutDocument, _ env: Environment) -> [LayoutConstraint] {
    doc.resolved(for: env).constraints
  }

  func testCheckMeasuresViolationsOfEveryRelation() {
    let doc = Layout {
      View("a")
    } constraints: {
      "a.leading == margins.leading + 2"  // 8 + 2 = 10
      "a.top == root.topMargin"  // the root's margins include the safe area: 28
      "a.width <= 50"
      "a.centerX >= root.centerX"
      "a.bottom == safeArea.bottom - 100 @500"
    }
    let r = result(a: Rect(x: 10, y: 28, width: 60, height: 100))
    let check = ConstraintCheck(document: doc, result: r)
    let violations = constraints(doc, r.environment).map { check.violation(of: $0) }
    // 10 − 10; 28 − 28; 60 − 50; centre 40 short of 200 by 160; bottom 128 vs 300 − 100 = 200.
    XCTAssertEqual(violations, [0, 0, 10, 160, 72])
  }

  func testCheckReadsDirectionalConstraintsMirroredInRightToLeft() {
    let doc = Layout {
      View("a")
    } constraints: {
      "a.leading == root.leading + 10"
      "a.left == root.left + 10"
    }
    // Right-to-left: leading is the right edge, 10 from the root's right edge.
    let r = result(a: Rect(x: 340, y: 0, width: 50, height: 10), direction: .rightToLeft)
    let check = ConstraintCheck(document: doc, result: r)
    XCTAssertEqual(constraints(doc, r.environment).map { check.violation(of: $0) }, [0, 330])
  }

  // MARK: Fixture files

  func testArithmetic() {
    XCTAssertEqual(Arithmetic.evaluate("(359 - 3*8)/4"), 83.75)
    XCTAssertEqual(Arithmetic.evaluate("-2 + 3 * -(1 + 1)"), -8)
    XCTAssertEqual(Arithmetic.evaluate("277/3"), 277.0 / 3)
    XCTAssertNil(Arithmetic.evaluate("2 +"))
    XCTAssertNil(Arithmetic.evaluate("(1"))
    XCTAssertNil(Arithmetic.evaluate("x"))
  }

  func testRepositoryPaths() {
    XCTAssertNotNil(FixturePaths.require(FixturePaths.repositoryRoot.appendingPathComponent("Package.swift")))
    XCTAssertNotNil(FixturePaths.require(FixturePaths.layouts.appendingPathComponent("concentration.json")))
    XCTAssertNotNil(FixturePaths.require(FixturePaths.layoutCorpus))
  }

  // MARK: Snapshots

  func testUnifiedDiffShowsEveryChangeWithContext() {
    let expected = (1...20).map { "line \($0)" }.joined(separator: "\n")
    var lines = (1...20).map { "line \($0)" }
    lines[1] = "changed 2"
    lines.remove(at: 14)  // line 15
    lines.append("added")
    let diff = Snapshot.unifiedDiff(expected: expected, actual: lines.joined(separator: "\n"), context: 1)
    XCTAssertEqual(
      diff.components(separatedBy: "\n"),
      [
        "@@ -1,3 +1,3 @@", " line 1", "-line 2", "+changed 2", " line 3",
        "@@ -14,3 +14,2 @@", " line 14", "-line 15", " line 16",
        "@@ -20,1 +19,2 @@", " line 20", "+added",
      ])
    XCTAssertEqual(Snapshot.unifiedDiff(expected: expected, actual: expected), "")
  }
}
