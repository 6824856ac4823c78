import TrellisModel
import XCTest

/// Structural invariants over every axis × distribution × alignment × hidden pattern ×
/// margins combination (2 × 5 × 6 × 7 × 2 = 840 stacks of four views).
final class StackConstraintMatrixTests: XCTestCase {
  typealias F = StackFixtures

  /// Which of four views are hidden.
  static let hiddenPatterns: [(name: String, hidden: [Bool])] = [
    ("none", [false, false, false, false]), ("first", [true, false, false, false]),
    ("middle", [false, true, false, false]), ("last", [false, false, false, true]),
    ("first and last", [true, false, false, true]), ("two in a row", [false, true, true, false]),
    ("all", [true, true, true, true]),
  ]

  /// Reasons that work along the axis / across it (canvas connections and guide pins do both).
  static let alongReasons: Set = [
    "UISV-spacing", "UISV-spacing-hidden", "UISV-hiding", "UISV-fill-equally", "UISV-fill-proportionally",
    "UISV-distributing-edge",
  ]
  static let acrossReasons: Set = ["UISV-alignment", "UISV-ambiguity-suppression"]

  func testInvariantsForEveryCombination() {
    var combinations = 0
    for axis in StackAxis.allCases {
      for distribution in StackDistribution.allCases {
        for alignment in StackAlignment.allCases {
          for pattern in Self.hiddenPatterns {
            for margins in [false, true] {
              combinations += 1
              let names = ["a", "b", "c", "d"]
              let items = zip(names, pattern.hidden).enumerated().map { index, pair in
                F.item(pair.0, hidden: pair.1, width: Double(10 * (index + 1)), height: Double(5 * (index + 1)))
              }
              let stack = F.stack(
                axis: axis, distribution: distribution, alignment: alignment, spacing: 6, margins: margins,
                children: names)
              let result = F.generate(stack, items)
              let context = "\(axis) \(distribution) \(alignment) hidden \(pattern.name) margins \(margins)"
              check(result, stack: stack, items: items, context: context)
            }
          }
        }
      }
    }
    XCTAssertEqual(combinations, 840)
  }

  private func check(_ result: StackConstraints, stack: ResolvedView, items: [ResolvedView], context: String) {
    guard let properties = stack.stack else { return XCTFail("no stack properties") }
    let along: LayoutAttribute.Axis = properties.axis == .horizontal ? .horizontal : .vertical
    let known = Set([stack.item] + items.map(\.item) + result.guides)
    let visible = items.filter { !$0.hidden }

    // Ids: unique, `stack#reason#n`; guides `stack#name`, each used.
    XCTAssertEqual(Set(result.constraints.map(\.id)).count, result.constraints.count, context)
    XCTAssertEqual(Set(result.guides).count, result.guides.count, context)
    for guide in result.guides {
      XCTAssertEqual(guide.owner, stack.id, context)
      XCTAssertTrue(result.constraints.contains { $0.first.item == guide || $0.second?.item == guide }, context)
    }

    for constraint in result.constraints {
      let what = "\(context): \(constraint.line)"
      XCTAssertTrue(constraint.id.hasPrefix("\(stack.id)#\(constraint.reason)#"), what)
      // Items exist; attributes agree in axis and kind; never left/right.
      XCTAssertTrue(known.contains(constraint.first.item), what)
      XCTAssertFalse(constraint.first.attribute.isAbsoluteHorizontal, what)
      if let second = constraint.second {
        XCTAssertTrue(known.contains(second.item), what)
        XCTAssertEqual(constraint.first.attribute.axis, second.attribute.axis, what)
        XCTAssertEqual(constraint.first.attribute.isSize, second.attribute.isSize, what)
        XCTAssertFalse(second.attribute.isAbsoluteHorizontal, what)
      } else {
        XCTAssertTrue(constraint.first.attribute.isSize, what)
        XCTAssertEqual(constraint.constant, 0, what)
      }
      // Margin attributes only on the stack's side, and only when arranging within margins.
      let usesMargin = [constraint.first, constraint.second].compactMap { $0 }.contains {
        $0.attribute.rawValue.hasSuffix("Margin") || $0.attribute.rawValue.hasSuffix("Margins")
      }
      if usesMargin {
        XCTAssertTrue(properties.isLayoutMarginsRelativeArrangement, what)
        XCTAssertEqual(constraint.first.item, stack.item, what)
        XCTAssertEqual(constraint.reason, "UISV-canvas-connection", what)
      }
      // Axis by reason.
      if Self.alongReasons.contains(constraint.reason) { XCTAssertEqual(constraint.first.attribute.axis, along, what) }
      if Self.acrossReasons.contains(constraint.reason) {
        XCTAssertNotEqual(constraint.first.attribute.axis, along, what)
      }
      // Priorities UIKit uses (plus 20 for our baseline pull, 990…999 for proportions).
      let allowed: Set<Double> = [1000, 999.999, 999.5, 149, 51, 50, 49, 25, 20]
      if constraint.reason == "UISV-fill-proportionally" {
        XCTAssertTrue(constraint.priority == 1000 || (996...999).contains(constraint.priority), what)
      } else {
        XCTAssertTrue(allowed.contains(constraint.priority), what)
      }
      XCTAssertTrue(constraint.multiplier.isFinite && constraint.multiplier > 0, what)
    }

    // Spacing (UIKit's `_UIOrderedLayoutArrangement`): one required `UISV-spacing` of 6 per
    // consecutive pair of visible views (`>=` for equal spacing/centering), and one
    // `UISV-spacing-hidden` at 50 per consecutive pair with a hidden view, `>=` only under equal
    // spacing/centering into a visible view that follows another visible one. With no visible
    // view the pairs are required `UISV-spacing`s.
    let weak = properties.distribution == .equalSpacing || properties.distribution == .equalCentering
    let visibleSpacing = result.constraints.filter { $0.reason == "UISV-spacing" }
    let hiddenSpacing = result.constraints.filter { $0.reason == "UISV-spacing-hidden" }
    let pairs = visible.isEmpty ? Array(zip(items, items.dropFirst())) : Array(zip(visible, visible.dropFirst()))
    XCTAssertEqual(visibleSpacing.count, pairs.count, context)
    for (constraint, (previous, current)) in zip(visibleSpacing, pairs) {
      XCTAssertEqual(constraint.first.item, current.item, context)
      XCTAssertEqual(constraint.second?.item, previous.item, context)
      XCTAssertEqual(constraint.priority, 1000, context)
      if !visible.isEmpty {
        XCTAssertEqual(constraint.relation, weak ? .greaterThanOrEqual : .equal, "\(context): \(constraint.line)")
        XCTAssertEqual(constraint.constant, 6, accuracy: 1e-12, context)
      }
    }
    let hiddenPairs =
      visible.isEmpty ? [] : items.indices.dropFirst().filter { items[$0 - 1].hidden || items[$0].hidden }
    XCTAssertEqual(hiddenSpacing.count, hiddenPairs.count, context)
    for (constraint, index) in zip(hiddenSpacing, hiddenPairs) {
      XCTAssertEqual(constraint.first.item, items[index].item, context)
      XCTAssertEqual(constraint.second?.item, items[index - 1].item, context)
      XCTAssertEqual(constraint.priority, 50, context)
      let current = items[index]
      let followsVisible = items[..<index].contains { !$0.hidden }
      let expected: LayoutRelation = weak && !current.hidden && followsVisible ? .greaterThanOrEqual : .equal
      XCTAssertEqual(constraint.relation, expected, "\(context): \(constraint.line)")
    }
    // Every pair with a hidden view is 6 less 3 per hidden view of the pair, at the ends too
    // (UIKit puts a hidden view half a spacing from its visible neighbour), so the pairs from
    // one visible view to the next through hidden ones add up to one `spacing` (6).
    let pairSpacing = Dictionary(
      uniqueKeysWithValues: (visible.isEmpty ? visibleSpacing : hiddenSpacing).map { ($0.first.item, $0.constant) })
    for index in (visible.isEmpty ? Array(items.indices.dropFirst()) : hiddenPairs) {
      let hiddenInPair = Double([items[index - 1], items[index]].filter(\.hidden).count)
      XCTAssertEqual(pairSpacing[items[index].item] ?? .nan, 6 - 3 * hiddenInPair, accuracy: 1e-12, context)
    }
    for (left, right) in zip(visible, visible.dropFirst()) {
      guard let from = items.firstIndex(where: { $0.id == left.id }),
        let to = items.firstIndex(where: { $0.id == right.id }), to > from + 1
      else { continue }
      let total = items[(from + 1)...to].reduce(0.0) { $0 + (pairSpacing[$1.item] ?? .nan) }
      XCTAssertEqual(total, 6, accuracy: 1e-12, context)
    }

    // Hiding: exactly the hidden views, size along the axis == 0, at UIKit's 999.999 (iOS 11 on:
    // iOS 26.1's UIKitCore, decompiled, stores the float with bits 1148846064; docs/stacks.md).
    let hiding = result.constraints.filter { $0.reason == "UISV-hiding" }
    XCTAssertEqual(hiding.map(\.first.item), items.filter(\.hidden).map(\.item), context)
    for constraint in hiding {
      XCTAssertTrue(constraint.first.attribute.isSize && constraint.first.attribute.axis == along, context)
      XCTAssertEqual(constraint.priority, 999.999, context)
      XCTAssertEqual(Float(constraint.priority).bitPattern, 1_148_846_064, context)
      XCTAssertNil(constraint.second, context)
    }

    // Canvas connections along the axis go to the first and last visible views.
    let alongConnections = result.constraints.filter {
      $0.reason == "UISV-canvas-connection" && $0.first.item == stack.item && $0.first.attribute.axis == along
    }
    if let first = visible.first, let last = visible.last {
      XCTAssertEqual(alongConnections.compactMap(\.second?.item), [first.item, last.item], context)
      XCTAssertTrue(alongConnections.allSatisfy { $0.relation == .equal && $0.priority == 1000 }, context)
    } else {
      XCTAssertEqual(alongConnections.compactMap(\.second?.item), ["s#axis-spanner", "s#axis-spanner"], context)
    }

    // Every arranged view takes part on both axes (a necessary condition for a determined frame).
    for item in items {
      for axis in [LayoutAttribute.Axis.horizontal, .vertical] {
        let positioned = result.constraints.contains { constraint in
          [constraint.first, constraint.second].compactMap { $0 }.contains {
            $0.item == item.item && $0.attribute.axis == axis && !$0.attribute.isSize
          }
        }
        XCTAssertTrue(positioned, "\(context): \(item.id) has no \(axis) position")
      }
    }

    // Deterministic: the same input gives the same output.
    XCTAssertEqual(F.generate(stack, items).lines, result.lines, context)
  }
}
