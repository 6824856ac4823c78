import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// Frames of a three-view stack for every distribution × alignment × axis × direction, with
/// no view, the first, the middle or the last hidden — each case solved twice: with the test
/// harness (stack constraints alone) and through the resolver and `LayoutEngine`.
///
/// Setup (horizontal; the vertical case is its transpose, right-to-left its mirror image):
/// root 400 × 300; stack `s` at leading 20, top 30, 300 × 100, spacing 10. Arranged labels
/// a, b, c at 20, 30 and 10 pt (one line, so first and last baselines are 0.95 × font size
/// below the top: 19, 28.5, 9.5) with intrinsic sizes overridden to widths 40, 60, 20 and
/// heights 20, 30, 10; hugging a 251, b 249, c 250 (so `fill` stretches b, or c when b is
/// hidden). Along the axis a frame depends only on the distribution and the hidden
/// view; across it only on the alignment (and, for first baseline, the visible views), so
/// each expected frame is (along table, across table) below.
final class StackFrameTests: XCTestCase {
  /// (x, width) per view, stack from x 20 to 320.
  typealias Along = [String: (Double, Double)]
  /// (y, height) per view, stack from y 30 to 130.
  typealias Across = [String: (Double, Double)]

  static let hiddenCases: [(name: String, hidden: String?)] = [
    ("none", nil), ("first", "a"), ("middle", "b"), ("last", "c"),
  ]

  /// Along the axis. Spacing 10; halves (5) on each side of a hidden view: in the middle, and
  /// at the ends, where a hidden first view ends at 20 − 5 = 15 and a hidden last one starts
  /// at 320 + 5 = 325 (UIKit's stored frames, docs/uikit-research.md §5).
  static func along(_ distribution: StackDistribution, hidden: String?) -> Along {
    switch (distribution, hidden) {
    // fill: the lowest hugging view takes 300 − Σ others − spacing.
    case (.fill, nil): return ["a": (20, 40), "b": (70, 220), "c": (300, 20)]  // b = 300 − 40 − 20 − 20
    case (.fill, "a"): return ["a": (15, 0), "b": (20, 270), "c": (300, 20)]  // b = 300 − 20 − 10
    case (.fill, "b"): return ["a": (20, 40), "b": (65, 0), "c": (70, 250)]  // c = 300 − 40 − 10
    case (.fill, "c"): return ["a": (20, 40), "b": (70, 250), "c": (325, 0)]  // b = 300 − 40 − 10
    // fillEqually: (300 − spacing) / visible count.
    case (.fillEqually, nil):
      let w = 280.0 / 3  // (300 − 20) / 3
      return ["a": (20, w), "b": (30 + w, w), "c": (40 + 2 * w, w)]
    case (.fillEqually, "a"): return ["a": (15, 0), "b": (20, 145), "c": (175, 145)]  // (300 − 10) / 2
    case (.fillEqually, "b"): return ["a": (20, 145), "b": (170, 0), "c": (175, 145)]
    case (.fillEqually, "c"): return ["a": (20, 145), "b": (175, 145), "c": (325, 0)]
    // fillProportionally: size = 300 × I / (ΣI visible + Σspacing) at 999, 998; the last
    // visible view takes what the required sum leaves.
    case (.fillProportionally, nil):
      // a = 300·40/140 = 600/7, b = 300·60/140 = 900/7, c = 280 − 1500/7 = 460/7.
      return ["a": (20, 600.0 / 7), "b": (30 + 600.0 / 7, 900.0 / 7), "c": (40 + 1500.0 / 7, 460.0 / 7)]
    case (.fillProportionally, "a"):
      // b = 300·60/90 = 200, c = 300 − 200 − 10 = 90.
      return ["a": (15, 0), "b": (20, 200), "c": (230, 90)]
    case (.fillProportionally, "b"):
      // a = 300·40/70 = 1200/7, c = 290 − 1200/7 = 830/7.
      return ["a": (20, 1200.0 / 7), "b": (25 + 1200.0 / 7, 0), "c": (30 + 1200.0 / 7, 830.0 / 7)]
    case (.fillProportionally, "c"):
      // a = 300·40/110 = 1200/11, b = 290 − 1200/11 = 1990/11.
      return ["a": (20, 1200.0 / 11), "b": (30 + 1200.0 / 11, 1990.0 / 11), "c": (325, 0)]
    // equalSpacing: intrinsic sizes; equal gaps take the rest.
    case (.equalSpacing, nil): return ["a": (20, 40), "b": (150, 60), "c": (300, 20)]  // gaps (300 − 120) / 2 = 90
    // equalCentering: a's center 40 and c's 310 are fixed by the edges; b's center 175.
    case (.equalCentering, nil): return ["a": (20, 40), "b": (145, 60), "c": (300, 20)]
    // Two visible views: one gap, the same for both.
    case (.equalSpacing, "a"), (.equalCentering, "a"): return ["a": (15, 0), "b": (20, 60), "c": (300, 20)]
    case (.equalSpacing, "b"), (.equalCentering, "b"): return ["a": (20, 40), "b": (65, 0), "c": (300, 20)]
    case (.equalSpacing, "c"), (.equalCentering, "c"): return ["a": (20, 40), "b": (260, 60), "c": (325, 0)]
    default: return [:]
    }
  }

  /// Across the axis, stack from 30 to 130 (height 100, center 80).
  static func across(_ alignment: StackAlignment, hidden: String?) -> Across {
    switch alignment {
    case .fill: return ["a": (30, 100), "b": (30, 100), "c": (30, 100)]
    case .leading: return ["a": (30, 20), "b": (30, 30), "c": (30, 10)]
    case .center: return ["a": (70, 20), "b": (65, 30), "c": (75, 10)]  // 80 − h/2
    case .trailing: return ["a": (110, 20), "b": (100, 30), "c": (120, 10)]  // 130 − h
    case .firstBaseline:
      // Baseline B = 30 + the largest offset among visible views; top = B − offset.
      if hidden == "b" { return ["a": (30, 20), "b": (20.5, 30), "c": (39.5, 10)] }  // B = 30 + 19 = 49
      return ["a": (39.5, 20), "b": (30, 30), "c": (49, 10)]  // B = 30 + 28.5 = 58.5
    case .lastBaseline:
      // Bottom = B − offset + height: a B + 1, b B + 1.5, c B + 0.5; the lowest visible is at 130.
      if hidden == "b" { return ["a": (110, 20), "b": (100.5, 30), "c": (119.5, 10)] }  // B + 1 = 130
      return ["a": (109.5, 20), "b": (100, 30), "c": (119, 10)]  // B + 1.5 = 130
    }
  }

  func testEveryDistributionAlignmentAxisDirectionAndHiddenPosition() throws {
    var solved = 0
    for axis in StackAxis.allCases {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        for distribution in StackDistribution.allCases {
          for alignment in StackAlignment.allCases {
            for hiddenCase in Self.hiddenCases {
              let context = "\(axis) \(direction) \(distribution) \(alignment) hidden \(hiddenCase.name)"
              let harness = try solve(axis, direction, distribution, alignment, hidden: hiddenCase.hidden)
              let engine = solveWithEngine(axis, direction, distribution, alignment, hidden: hiddenCase.hidden)
              solved += 1
              XCTAssertEqual(harness.ambiguous, [], context)
              XCTAssertFalse(engine.hasConflicts, context)
              XCTAssertEqual(engine.ambiguousViews.map(\.id), [], context)
              // A vertical stack has no baseline alignment: it acts as leading.
              let effective: StackAlignment =
                axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) ? .leading : alignment
              let alongTable = Self.along(distribution, hidden: hiddenCase.hidden)
              let acrossTable = Self.across(effective, hidden: hiddenCase.hidden)
              for id in ["a", "b", "c"] {
                guard let (x, w) = alongTable[id], let (y, h) = acrossTable[id] else {
                  XCTFail("no expectation for \(id): \(context)")
                  continue
                }
                var expected =
                  axis == .horizontal
                  ? Rect(x: x, y: y, width: w, height: h) : Rect(x: y, y: x, width: h, height: w)
                if direction == .rightToLeft { expected.x = 400 - expected.x - expected.width }
                assertFrame(harness[id], expected.x, expected.y, expected.width, expected.height, "\(context) \(id)")
                let solved = engine.view(id)?.frame ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
                assertFrame(solved, expected.x, expected.y, expected.width, expected.height, "engine: \(context) \(id)")
              }
            }
          }
        }
      }
    }
    XCTAssertEqual(solved, 2 * 2 * 5 * 6 * 4)
  }

  /// id, length along the axis, thickness across it, hugging, font size.
  static let specs: [(String, Double, Double, Double, Double)] = [
    ("a", 40, 20, 251, 20), ("b", 60, 30, 249, 30), ("c", 20, 10, 250, 10),
  ]

  /// The setup described on the class as a document: one-line labels "x" (baselines 0.95 ×
  /// font size below their tops) with intrinsic sizes overridden.
  private func document(
    _ axis: StackAxis, _ distribution: StackDistribution, _ alignment: StackAlignment, hidden: String?
  ) -> LayoutDocument {
    let horizontal = axis == .horizontal
    return Layout {
      Stack("s", axis: Varying(axis), distribution: Varying(distribution), alignment: Varying(alignment), spacing: 10) {
        for (id, length, thickness, hugging, fontSize) in Self.specs {
          View(
            id, kind: .label, text: "x", fontSize: Varying(fontSize), hidden: Varying(id == hidden),
            intrinsicSize: horizontal ? (width: length, height: thickness) : (width: thickness, height: length),
            hugging: .both(hugging))
        }
      }
    } constraints: {
      horizontal
        ? ["s.leading == root.leading + 20", "s.top == root.top + 30", "s.width == 300", "s.height == 100"]
        : ["s.leading == root.leading + 30", "s.top == root.top + 20", "s.width == 100", "s.height == 300"]
    }
  }

  /// Through resolution and the engine.
  private func solveWithEngine(
    _ axis: StackAxis, _ direction: LayoutDirection, _ distribution: StackDistribution, _ alignment: StackAlignment,
    hidden: String?
  ) -> LayoutResult {
    let environment = Environment(
      containerSize: Size(width: 400, height: 300), traits: TraitCollection(horizontal: .compact, vertical: .regular),
      scale: 1, layoutDirection: direction)
    return LayoutEngine(document: document(axis, distribution, alignment, hidden: hidden)).layout(in: environment)
  }

  /// With the harness: the same resolved views and constraints, stack constraints alone.
  private func solve(
    _ axis: StackAxis, _ direction: LayoutDirection, _ distribution: StackDistribution, _ alignment: StackAlignment,
    hidden: String?
  ) throws -> StackHarness.Solved {
    try StackHarness(
      document(axis, distribution, alignment, hidden: hidden), size: Size(width: 400, height: 300),
      direction: direction
    ).solve()
  }
}
