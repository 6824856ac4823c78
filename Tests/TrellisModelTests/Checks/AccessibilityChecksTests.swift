import TrellisModel
import XCTest

/// The tap-target checks on frames written by hand (the text-size check needs a resolved layout:
/// TrellisCLITests/GateTests solve real files for it). Expected values are worked out in the
/// comments from the rule: a drawn button's tap target is its frame, cut by its ancestors' frames
/// up to a scroll view, and must be at least 44 x 44 pt (docs/diagnostics.md).
final class AccessibilityChecksTests: XCTestCase {
  private func view(
    _ id: String, kind: ViewKind = .button, parent: String? = "root", _ x: Double, _ y: Double, _ w: Double,
    _ h: Double, hidden: Bool = false
  ) -> LayoutResult.ViewFrame {
    let frame = Rect(x: x, y: y, width: w, height: h)
    return LayoutResult.ViewFrame(
      id: id, kind: kind, parent: parent, frame: frame, frameInParent: frame, hidden: hidden,
      isEffectivelyHidden: hidden, text: nil)
  }

  /// A 300 x 600 screen whose safe area is all of it, holding `views` under the root.
  private func result(_ views: [LayoutResult.ViewFrame]) -> LayoutResult {
    let screen = Rect(x: 0, y: 0, width: 300, height: 600)
    return LayoutResult(
      environment: Environment(containerSize: Size(width: 300, height: 600), traits: TraitCollection.all[1]),
      views: [view("root", kind: .view, parent: nil, 0, 0, 300, 600)] + views, safeArea: screen, margins: screen,
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
  }

  private func findings(_ views: [LayoutResult.ViewFrame], _ suppressions: [Suppression] = []) -> [Diagnostic] {
    var used = Suppressions(suppressions)
    return DesignChecks.diagnostics(for: result(views), suppressions: &used).filter {
      $0.code.rawValue.hasPrefix("tap-target")
    }
  }

  /// 30 x 30 is short of 44 both ways: one finding, naming the 44x44 minimum and both sides.
  func testA30By30ButtonIsOneFindingNaming44By44() {
    let found = findings([view("close", 100, 100, 30, 30)])
    XCTAssertEqual(found.map(\.code), ["tap-target-small"])
    XCTAssertEqual(
      found.first?.message,
      "Button 'close' is 30x30 pt, smaller than the 44x44 pt tap target Apple's Human Interface Guidelines ask for: "
        + "make it at least 44 pt wide and tall.")
    XCTAssertEqual(found.first?.subject, "close")
    XCTAssertEqual(found.first?.kind, .check)
  }

  /// Exactly 44 x 44 passes; 200 x 43 is short in height only, and the message says only that.
  func testTheMinimumIsInclusiveAndOnlyTheShortSideIsNamed() {
    XCTAssertEqual(findings([view("ok", 0, 0, 44, 44)]).count, 0)
    XCTAssertEqual(
      findings([view("wide", 0, 0, 200, 43)]).first?.message,
      "Button 'wide' is 43 pt tall, smaller than the 44x44 pt tap target Apple's Human Interface Guidelines ask for: "
        + "make it at least 44 pt tall.")
  }

  /// Two 44 x 44 buttons, a at (10, 10) and b at (30, 20): they share x 30…54 (24) and y
  /// 20…54 (34). b comes later in the document, so it is drawn on top and takes the taps.
  func testTwoOverlapping44By44Buttons() {
    let found = findings([view("a", 10, 10, 44, 44), view("b", 30, 20, 44, 44)])
    XCTAssertEqual(found.map(\.code), ["tap-target-overlap"])
    XCTAssertEqual(
      found.first?.message,
      "Tap targets 'a' and 'b' overlap by 24x34 pt: a tap there reaches only 'b', drawn on top; move them apart.")
    // Touching edges (b at x 54) is no overlap.
    XCTAssertEqual(findings([view("a", 10, 10, 44, 44), view("b", 54, 10, 44, 44)]).count, 0)
  }

  /// Not tap targets: a hidden button, a button wholly off the screen, a plain view.
  func testHiddenOffScreenAndNonButtonViewsAreNotTapTargets() {
    XCTAssertEqual(findings([view("hidden", 0, 0, 20, 20, hidden: true)]).count, 0)
    XCTAssertEqual(findings([view("away", 400, 0, 20, 20)]).count, 0)
    XCTAssertEqual(findings([view("plain", kind: .view, 0, 0, 20, 20)]).count, 0)
  }

  /// A 60 x 44 button in a 100 x 20 bar at the top: only its top 20 pt are inside the bar, and
  /// UIKit's hit-testing never looks inside a view for a point outside it: 20 of 44 pt tall.
  func testAnAncestorCutsTheTapTarget() {
    let found = findings([view("bar", kind: .view, 0, 0, 100, 20), view("menu", parent: "bar", 0, 0, 60, 44)])
    XCTAssertEqual(
      found.first?.message,
      "Button 'menu' can be tapped on 20 pt of its 44 pt height (cut by 'bar'), smaller than the 44x44 pt tap "
        + "target Apple's Human Interface Guidelines ask for: make it at least 44 pt tall.")
  }

  /// A scroll view's viewport does not cut its content: a 50 x 50 button 500 pt down in a
  /// 100 x 100 scroll view scrolls into reach, and is a full target.
  func testAScrollViewDoesNotCutItsContent() {
    XCTAssertEqual(
      findings([view("scroll", kind: .scroll, 0, 0, 100, 100), view("more", parent: "scroll", 0, 500, 50, 50)]).count, 0
    )
  }

  /// A pair suppressed by either view, naming the other, is left out, and the suppression is used.
  func testSuppressingAnOverlappingPair() {
    let views = [view("a", 10, 10, 44, 44), view("b", 30, 20, 44, 44)]
    var used = Suppressions([Suppression(code: "tap-target-overlap", view: "b", other: "a")])
    let found = DesignChecks.diagnostics(for: result(views), suppressions: &used)
    XCTAssertEqual(found.filter { $0.code == "tap-target-overlap" }.count, 0)
    XCTAssertEqual(used.used, [0])
    // Naming a third view does not cover the pair.
    XCTAssertEqual(findings(views, [Suppression(code: "tap-target-overlap", view: "b", other: "c")]).count, 1)
  }
}
