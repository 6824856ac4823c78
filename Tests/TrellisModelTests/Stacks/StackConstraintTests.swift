import TrellisModel
import XCTest

/// Exact constraint sets for chosen configurations. Expected lines are UIKit's constraints
/// (platform-facts §3; the first case is UIStackView's own printout quoted in kean/Arranged's
/// README) written in our notation: `H:[a]-(10)-[b]` is `b.leading == a.trailing + 10`,
/// `V:[x]-(0)-|` is `s.bottom == x.bottom`, `V:[x(0@25)]` is `x.height == 0 @25`.
final class StackConstraintTests: XCTestCase {
  typealias F = StackFixtures

  /// UIStackView, alignment .leading, distribution .fillEqually, spacing 10, two views:
  /// the set UIKit prints, plus our two guide pins for the spanner's horizontal extent.
  func testLeadingFillEquallyMatchesUIKitPrintout() {
    let result = F.generate(
      F.stack(distribution: .fillEqually, alignment: .leading, spacing: 10), [F.item("v1"), F.item("v2")])
    assertSameLines(
      result.uikitLines,
      [
        "'UISV-alignment' v1.top == v2.top",
        "'UISV-canvas-connection' s.leading == v1.leading",
        "'UISV-canvas-connection' s.trailing == v2.trailing",
        "'UISV-canvas-connection' s.top == v1.top",
        "'UISV-canvas-connection' s.bottom == s#spanner.bottom",
        "'UISV-fill-equally' v2.width == v1.width",
        "'UISV-spacing' v2.leading == v1.trailing + 10",
        "'UISV-spanning-boundary' s#spanner.top == v1.top @999.5",
        "'UISV-spanning-boundary' s#spanner.bottom >= v1.bottom",
        "'UISV-spanning-boundary' s#spanner.top == v2.top @999.5",
        "'UISV-spanning-boundary' s#spanner.bottom >= v2.bottom",
        "'UISV-spanning-fit' s#spanner.height == 0 @51",
        "'UISV-ambiguity-suppression' v1.height == 0 @25",
        "'UISV-ambiguity-suppression' v2.height == 0 @25",
      ])
    XCTAssertEqual(result.guides, ["s#spanner"])
    assertSameLines(
      result.with(reason: "guide-pin").map(\.line),
      ["'guide-pin' s#spanner.leading == s.leading", "'guide-pin' s#spanner.trailing == s.trailing"])
  }

  /// Vertical fill/fill, spacing 8, middle view hidden: canvas to a and c, a required 8 from a
  /// to c (the visible pair), 8 − 8/2 = 4 on each side of b at 50 (`UISV-spacing-hidden`,
  /// 4 + 0 + 4 = one spacing), b collapses (`UISV-hiding` at UIKit's 999.999), all share leading and
  /// trailing.
  func testVerticalFillWithHiddenMiddle() {
    let result = F.generate(
      F.stack(axis: .vertical, spacing: 8), [F.item("a"), F.item("b", hidden: true), F.item("c")])
    XCTAssertEqual(
      result.lines,
      [
        "'UISV-canvas-connection' s.top == a.top",
        "'UISV-canvas-connection' s.bottom == c.bottom",
        "'UISV-spacing' c.top == a.bottom + 8",
        "'UISV-spacing-hidden' b.top == a.bottom + 4 @50",
        "'UISV-spacing-hidden' c.top == b.bottom + 4 @50",
        "'UISV-hiding' b.height == 0 @999.999",
        "'UISV-canvas-connection' s.leading == a.leading",
        "'UISV-canvas-connection' s.trailing == a.trailing",
        "'UISV-alignment' a.leading == b.leading",
        "'UISV-alignment' a.leading == c.leading",
        "'UISV-alignment' a.trailing == b.trailing",
        "'UISV-alignment' a.trailing == c.trailing",
      ])
    XCTAssertEqual(result.guides, [])
  }

  /// Hidden last: spacing after the last visible view is 0, so the hidden view sits flush
  /// against it with no width; the canvas ends at the last *visible* view.
  /// A hidden view after the last visible one starts half a spacing past it (10/2, at 50), as in
  /// UIKit's stored frames (docs/uikit-research.md §5); the stack still ends at the last visible.
  func testHiddenLastIsHalfASpacingPastTheLastVisible() {
    let result = F.generate(F.stack(spacing: 10), [F.item("a"), F.item("b"), F.item("c", hidden: true)])
    assertSameLines(
      result.with(reason: "UISV-spacing").map(\.line) + result.with(reason: "UISV-spacing-hidden").map(\.line)
        + result.with(reason: "UISV-canvas-connection").map(\.line),
      [
        "'UISV-spacing' b.leading == a.trailing + 10",
        "'UISV-spacing-hidden' c.leading == b.trailing + 5 @50",
        "'UISV-canvas-connection' s.leading == a.leading",
        "'UISV-canvas-connection' s.trailing == b.trailing",
        "'UISV-canvas-connection' s.top == a.top",
        "'UISV-canvas-connection' s.bottom == a.bottom",
      ])
  }

  /// Two hidden views in a row between visible ones: a required 10 from a to d, and at 50
  /// 10/2 + (10 − 10) + 10/2 = 10 in total through the hidden ones.
  func testTwoHiddenInARowAddUpToOneSpacing() {
    let result = F.generate(
      F.stack(spacing: 10), [F.item("a"), F.item("b", hidden: true), F.item("c", hidden: true), F.item("d")])
    XCTAssertEqual(
      result.with(reason: "UISV-spacing").map(\.line) + result.with(reason: "UISV-spacing-hidden").map(\.line),
      [
        "'UISV-spacing' d.leading == a.trailing + 10",
        "'UISV-spacing-hidden' b.leading == a.trailing + 5 @50",
        "'UISV-spacing-hidden' c.leading == b.trailing @50",
        "'UISV-spacing-hidden' d.leading == c.trailing + 5 @50",
      ])
    XCTAssertEqual(
      result.with(reason: "UISV-hiding").map(\.line),
      ["'UISV-hiding' b.width == 0 @999.999", "'UISV-hiding' c.width == 0 @999.999"])
  }

  /// Equal spacing, center alignment, first view hidden. Along: canvas to a and b; a→b is
  /// `>= 10`; the hidden h ends half a spacing before a (`==`, 10/2, at 50); one gap guide
  /// from a's trailing to b's leading; the stack hugs at 49. Across: a spanner encloses the
  /// visible views (`<=` top, `>=` bottom), meets both stack edges, hugs at 51; centers align
  /// with the first item (UIKit uses the first arranged view, hidden or not).
  func testEqualSpacingCenterHiddenFirst() {
    let result = F.generate(
      F.stack(distribution: .equalSpacing, alignment: .center, spacing: 10),
      [F.item("h", hidden: true), F.item("a"), F.item("b")])
    XCTAssertEqual(result.guides, ["s#gap1", "s#spanner"])
    XCTAssertEqual(
      result.lines,
      [
        "'UISV-canvas-connection' s.leading == a.leading",
        "'UISV-canvas-connection' s.trailing == b.trailing",
        "'UISV-spacing' b.leading >= a.trailing + 10",
        "'UISV-spacing-hidden' a.leading == h.trailing + 5 @50",
        "'UISV-distributing-edge' s#gap1.leading == a.trailing",
        "'UISV-distributing-edge' s#gap1.trailing == b.leading",
        "'guide-pin' s#gap1.top == s.top",
        "'guide-pin' s#gap1.bottom == s.bottom",
        "'UISV-hiding' h.width == 0 @999.999",
        "'UISV-canvas-fit' s.width == 0 @49",
        "'UISV-spanning-fit' s#spanner.height == 0 @51",
        "'UISV-spanning-boundary' s#spanner.top <= a.top",
        "'UISV-spanning-boundary' s#spanner.bottom >= a.bottom",
        "'UISV-spanning-boundary' s#spanner.top <= b.top",
        "'UISV-spanning-boundary' s#spanner.bottom >= b.bottom",
        "'UISV-canvas-connection' s.top == s#spanner.top",
        "'UISV-canvas-connection' s.bottom == s#spanner.bottom",
        "'guide-pin' s#spanner.leading == s.leading",
        "'guide-pin' s#spanner.trailing == s.trailing",
        "'UISV-canvas-connection' s.centerY == h.centerY",
        "'UISV-alignment' h.centerY == a.centerY",
        "'UISV-alignment' h.centerY == b.centerY",
        "'UISV-ambiguity-suppression' h.height == 0 @25",
        "'UISV-ambiguity-suppression' a.height == 0 @25",
        "'UISV-ambiguity-suppression' b.height == 0 @25",
      ])
  }

  /// Equal spacing with a hidden middle view: a→b is `>= 10`, required; at 50 a→h is `== 5`
  /// (places h) and h→b `>= 5`; the gap guide runs from a to b.
  func testEqualSpacingHiddenMiddleKeepsGapBetweenVisible() {
    let result = F.generate(
      F.stack(distribution: .equalSpacing, spacing: 10), [F.item("a"), F.item("h", hidden: true), F.item("b")])
    XCTAssertEqual(
      result.with(reason: "UISV-spacing").map(\.line) + result.with(reason: "UISV-spacing-hidden").map(\.line),
      [
        "'UISV-spacing' b.leading >= a.trailing + 10", "'UISV-spacing-hidden' h.leading == a.trailing + 5 @50",
        "'UISV-spacing-hidden' b.leading >= h.trailing + 5 @50",
      ])
    XCTAssertEqual(
      result.with(reason: "UISV-distributing-edge").map(\.line),
      [
        "'UISV-distributing-edge' s#gap1.leading == a.trailing",
        "'UISV-distributing-edge' s#gap1.trailing == b.leading",
      ])
  }

  /// Equal centering, vertical, three views: gaps run center to center and are equal at 149.
  func testEqualCenteringGapsAreCenterToCenterAt149() {
    let result = F.generate(
      F.stack(axis: .vertical, distribution: .equalCentering, spacing: 4), [F.item("a"), F.item("b"), F.item("c")])
    XCTAssertEqual(result.guides, ["s#gap1", "s#gap2"])
    XCTAssertEqual(
      result.with(reason: "UISV-distributing-edge").map(\.line) + result.with(reason: "UISV-fill-equally").map(\.line),
      [
        "'UISV-distributing-edge' s#gap1.top == a.centerY",
        "'UISV-distributing-edge' s#gap1.bottom == b.centerY",
        "'UISV-distributing-edge' s#gap2.top == b.centerY",
        "'UISV-distributing-edge' s#gap2.bottom == c.centerY",
        "'UISV-fill-equally' s#gap2.height == s#gap1.height @149",
      ])
    XCTAssertEqual(
      result.with(reason: "UISV-spacing").map(\.line),
      ["'UISV-spacing' b.top >= a.bottom + 4", "'UISV-spacing' c.top >= b.bottom + 4"])
    XCTAssertEqual(result.with(reason: "UISV-canvas-fit").map(\.line), ["'UISV-canvas-fit' s.height == 0 @49"])
  }

  /// Fill proportionally, widths 10 and 20 and one without intrinsic width, spacing 5:
  /// denominator 10 + 20 + 2 × 5 = 40, so multipliers 10/40 = 0.25 and 20/40 = 0.5; the third
  /// gets width 0; priorities 999, 998, 997 in order.
  func testFillProportionally() {
    let result = F.generate(
      F.stack(distribution: .fillProportionally, spacing: 5),
      [F.item("a", width: 10), F.item("b", width: 20), F.item("c")])
    XCTAssertEqual(
      result.with(reason: "UISV-fill-proportionally").map(\.line),
      [
        "'UISV-fill-proportionally' a.width == 0.25 * s.width @999",
        "'UISV-fill-proportionally' b.width == 0.5 * s.width @998",
        "'UISV-fill-proportionally' c.width == 0 @997",
      ])
  }

  /// Hidden views take no share: widths 30 (hidden), 10, 30, spacing 0 → 10/40 and 30/40,
  /// priorities counted over visible views only.
  func testFillProportionallySkipsHidden() {
    let result = F.generate(
      F.stack(distribution: .fillProportionally),
      [F.item("h", hidden: true, width: 30), F.item("a", width: 10), F.item("b", width: 30)])
    XCTAssertEqual(
      result.with(reason: "UISV-fill-proportionally").map(\.line),
      [
        "'UISV-fill-proportionally' a.width == 0.25 * s.width @999",
        "'UISV-fill-proportionally' b.width == 0.75 * s.width @998",
      ])
  }

  /// One view with an intrinsic size and no spacing to share: required, multiplier 20/20 = 1.
  func testFillProportionallySingleSizedIsRequired() {
    let result = F.generate(
      F.stack(axis: .vertical, distribution: .fillProportionally), [F.item("a", height: 20), F.item("b")])
    XCTAssertEqual(
      result.with(reason: "UISV-fill-proportionally").map(\.line),
      ["'UISV-fill-proportionally' a.height == s.height", "'UISV-fill-proportionally' b.height == 0"])
  }

  /// No intrinsic sizes at all: UIKit falls back to equal sizes.
  func testFillProportionallyWithoutIntrinsicSizesFillsEqually() {
    let result = F.generate(F.stack(distribution: .fillProportionally), [F.item("a"), F.item("b"), F.item("c")])
    XCTAssertEqual(result.with(reason: "UISV-fill-proportionally").count, 0)
    XCTAssertEqual(
      result.with(reason: "UISV-fill-equally").map(\.line),
      ["'UISV-fill-equally' b.width == a.width", "'UISV-fill-equally' c.width == a.width"])
  }

  /// Fill equally counts visible views only: the hidden one gets `UISV-hiding` instead.
  func testFillEquallyOverVisibleOnly() {
    let result = F.generate(
      F.stack(distribution: .fillEqually), [F.item("h", hidden: true), F.item("a"), F.item("b"), F.item("c")])
    XCTAssertEqual(
      result.with(reason: "UISV-fill-equally").map(\.line),
      ["'UISV-fill-equally' b.width == a.width", "'UISV-fill-equally' c.width == a.width"])
    XCTAssertEqual(result.with(reason: "UISV-hiding").map(\.line), ["'UISV-hiding' h.width == 0 @999.999"])
  }

  /// Vertical, trailing: trailing edges strong (== @999.5, stack trailing to the first view),
  /// leading edges weak (spanner `<=`), the spanner's leading is the stack's leading.
  func testVerticalTrailing() {
    let result = F.generate(F.stack(axis: .vertical, alignment: .trailing), [F.item("a"), F.item("b")])
    assertSameLines(
      result.uikitLines.filter {
        !$0.contains("UISV-spacing") && !$0.hasPrefix("'UISV-canvas-connection' s.top")
          && !$0.hasPrefix("'UISV-canvas-connection' s.bottom")
      },
      [
        "'UISV-spanning-fit' s#spanner.width == 0 @51",
        "'UISV-spanning-boundary' s#spanner.leading <= a.leading",
        "'UISV-spanning-boundary' s#spanner.trailing == a.trailing @999.5",
        "'UISV-spanning-boundary' s#spanner.leading <= b.leading",
        "'UISV-spanning-boundary' s#spanner.trailing == b.trailing @999.5",
        "'UISV-canvas-connection' s.leading == s#spanner.leading",
        "'UISV-canvas-connection' s.trailing == a.trailing",
        "'UISV-alignment' a.trailing == b.trailing",
        "'UISV-ambiguity-suppression' a.width == 0 @25",
        "'UISV-ambiguity-suppression' b.width == 0 @25",
      ])
    assertSameLines(
      result.with(reason: "guide-pin").map(\.line),
      ["'guide-pin' s#spanner.top == s.top", "'guide-pin' s#spanner.bottom == s.bottom"])
  }

  /// A single view with a weak edge needs no spanner: the stack's own edges are `<=`/`>=`
  /// and the stack hugs across the axis at 49.
  func testSingleViewTopAlignmentUsesCanvasDirectly() {
    let result = F.generate(F.stack(alignment: .leading), [F.item("a")])
    XCTAssertEqual(result.guides, [])
    XCTAssertEqual(
      result.lines,
      [
        "'UISV-canvas-connection' s.leading == a.leading",
        "'UISV-canvas-connection' s.trailing == a.trailing",
        "'UISV-canvas-connection' s.top == a.top",
        "'UISV-canvas-connection' s.bottom >= a.bottom",
        "'UISV-ambiguity-suppression' a.height == 0 @25",
        "'UISV-canvas-fit' s.height == 0 @49",
      ])
  }

  /// A single centered view: `<=` and `>=` edges plus equal centers.
  func testSingleViewCenter() {
    let result = F.generate(F.stack(axis: .vertical, alignment: .center), [F.item("a")])
    XCTAssertEqual(
      result.lines,
      [
        "'UISV-canvas-connection' s.top == a.top",
        "'UISV-canvas-connection' s.bottom == a.bottom",
        "'UISV-canvas-connection' s.leading <= a.leading",
        "'UISV-canvas-connection' s.trailing >= a.trailing",
        "'UISV-canvas-connection' s.centerX == a.centerX",
        "'UISV-ambiguity-suppression' a.width == 0 @25",
        "'UISV-canvas-fit' s.width == 0 @49",
      ])
  }

  /// Margins-relative arrangement: every connection to the stack uses its margin attributes;
  /// connections between items and guides do not.
  func testLayoutMarginsRelativeArrangement() {
    let result = F.generate(
      F.stack(alignment: .center, spacing: 8, margins: true), [F.item("a"), F.item("b")])
    assertSameLines(
      result.with(reason: "UISV-canvas-connection").map(\.line),
      [
        "'UISV-canvas-connection' s.leadingMargin == a.leading",
        "'UISV-canvas-connection' s.trailingMargin == b.trailing",
        "'UISV-canvas-connection' s.topMargin == s#spanner.top",
        "'UISV-canvas-connection' s.bottomMargin == s#spanner.bottom",
        "'UISV-canvas-connection' s.centerYWithinMargins == a.centerY",
      ])
    XCTAssertEqual(result.with(reason: "UISV-spacing").map(\.line), ["'UISV-spacing' b.leading == a.trailing + 8"])
  }

  /// Baseline-relative arrangement on a vertical stack spaces baselines; on a horizontal one
  /// it changes nothing (UIKit applies it to vertical stacks only).
  func testBaselineRelativeArrangement() {
    let vertical = F.generate(F.stack(axis: .vertical, spacing: 8, baseline: true), [F.item("a"), F.item("b")])
    XCTAssertEqual(
      vertical.with(reason: "UISV-spacing").map(\.line), ["'UISV-spacing' b.firstBaseline == a.lastBaseline + 8"])
    let horizontal = F.generate(F.stack(spacing: 8, baseline: true), [F.item("a"), F.item("b")])
    XCTAssertEqual(
      horizontal.with(reason: "UISV-spacing").map(\.line), ["'UISV-spacing' b.leading == a.trailing + 8"])
  }

  /// First-baseline alignment, horizontal: baselines equal the first view's, the spanner
  /// encloses both edges weakly, and the group is pulled to the top at 20.
  func testFirstBaselineAlignment() {
    let result = F.generate(F.stack(alignment: .firstBaseline), [F.item("a"), F.item("b")])
    assertSameLines(
      result.with(reason: "UISV-alignment").map(\.line) + result.with(reason: "UISV-spanning-boundary").map(\.line),
      [
        "'UISV-alignment' a.firstBaseline == b.firstBaseline",
        "'UISV-spanning-boundary' s#spanner.top <= a.top",
        "'UISV-spanning-boundary' s#spanner.bottom >= a.bottom",
        "'UISV-spanning-boundary' s#spanner.top <= b.top",
        "'UISV-spanning-boundary' s#spanner.bottom >= b.bottom",
        "'UISV-spanning-boundary' s#spanner.top == a.top @20",
        "'UISV-spanning-boundary' s#spanner.top == b.top @20",
      ])
    let last = F.generate(F.stack(alignment: .lastBaseline), [F.item("a"), F.item("b")])
    XCTAssertEqual(
      last.with(reason: "UISV-alignment").map(\.line), ["'UISV-alignment' a.lastBaseline == b.lastBaseline"])
    XCTAssertTrue(last.lines.contains("'UISV-spanning-boundary' s#spanner.bottom == b.bottom @20"))
  }

  /// Baseline alignment on a vertical stack acts as leading.
  func testBaselineAlignmentOnVerticalStackActsAsLeading() {
    let items = [F.item("a"), F.item("b")]
    let baseline = F.generate(F.stack(axis: .vertical, alignment: .firstBaseline), items)
    let leading = F.generate(F.stack(axis: .vertical, alignment: .leading), items)
    XCTAssertEqual(baseline.lines, leading.lines)
  }

  /// All hidden: the stack collapses on both axes. Along, an axis spanner stands in for the
  /// first and last visible view and shrinks to 0 at 51; the hidden views line up at its
  /// start with no size. Across, a spanner takes the stack's edges and shrinks at 51; the
  /// hidden views start at its start, align with each other, and are suppressed at 25.
  func testAllHidden() {
    let result = F.generate(
      F.stack(spacing: 10), [F.item("a", hidden: true), F.item("b", hidden: true)])
    XCTAssertEqual(result.guides, ["s#axis-spanner", "s#spanner"])
    XCTAssertEqual(
      result.lines,
      [
        "'UISV-canvas-connection' s.leading == s#axis-spanner.leading",
        "'UISV-canvas-connection' s.trailing == s#axis-spanner.trailing",
        "'UISV-spanning-fit' s#axis-spanner.width == 0 @51",
        "'UISV-canvas-connection' s#axis-spanner.leading == a.leading",
        "'guide-pin' s#axis-spanner.top == s.top",
        "'guide-pin' s#axis-spanner.bottom == s.bottom",
        "'UISV-spacing' b.leading == a.trailing",
        "'UISV-hiding' a.width == 0 @999.999",
        "'UISV-hiding' b.width == 0 @999.999",
        "'UISV-spanning-fit' s#spanner.height == 0 @51",
        "'UISV-canvas-connection' s.top == s#spanner.top",
        "'UISV-canvas-connection' s.bottom == s#spanner.bottom",
        "'guide-pin' s#spanner.leading == s.leading",
        "'guide-pin' s#spanner.trailing == s.trailing",
        "'UISV-canvas-connection' s#spanner.top == a.top",
        "'UISV-alignment' a.top == b.top",
        "'UISV-alignment' a.bottom == b.bottom",
        "'UISV-ambiguity-suppression' a.height == 0 @25",
        "'UISV-ambiguity-suppression' b.height == 0 @25",
      ])
  }

  /// Nothing arranged: the stack only hugs (49) on both axes.
  func testEmptyStack() {
    let result = F.generate(F.stack(), [])
    XCTAssertEqual(result.lines, ["'UISV-canvas-fit' s.width == 0 @49", "'UISV-canvas-fit' s.height == 0 @49"])
    XCTAssertEqual(result.guides, [])
  }

  /// A view without stack properties generates nothing.
  func testNonStackGeneratesNothing() {
    let result = F.generate(F.item("x"), [F.item("a")])
    XCTAssertTrue(result.constraints.isEmpty)
    XCTAssertTrue(result.guides.isEmpty)
  }

  /// Ids count per reason from 1; origin and location are the stack's; source names the reason.
  func testIdsOriginsAndLocations() {
    let location = SourceLocation(file: "grid.json", line: 4, column: 7)
    let result = F.generate(
      F.stack("grid", spacing: 8, location: location), [F.item("a"), F.item("b"), F.item("c")])
    let spacing = result.with(reason: "UISV-spacing")
    XCTAssertEqual(spacing.map(\.id), ["grid#UISV-spacing#1", "grid#UISV-spacing#2"])
    XCTAssertEqual(Set(result.constraints.map(\.id)).count, result.constraints.count)
    for constraint in result.constraints {
      guard case .stack(let id, let reason) = constraint.origin else {
        XCTFail("origin \(constraint.origin)")
        continue
      }
      XCTAssertEqual(id, "grid")
      XCTAssertTrue(constraint.id.hasPrefix("grid#\(reason)#"))
      XCTAssertEqual(constraint.location, location)
      XCTAssertEqual(constraint.first.location, location)
      XCTAssertTrue(constraint.source.hasPrefix("'\(reason)' "))
    }
    XCTAssertEqual(spacing.first?.source, "'UISV-spacing' b.leading == a.trailing + 8")
  }
}
