import TrellisModel
import XCTest

/// Builders for stack tests: resolved views with only what stacks read.
enum StackFixtures {
  /// An arranged view (a plain view unless sizes or a kind are given).
  static func item(
    _ id: String, hidden: Bool = false, width: Double? = nil, height: Double? = nil, kind: ViewKind = .view,
    parent: String = "s"
  ) -> ResolvedView {
    ResolvedView(
      id: id, kind: kind, parent: parent, children: [], hidden: hidden, text: nil, fontSize: 17, numberOfLines: 1,
      intrinsicWidth: width, intrinsicHeight: height, firstBaselineOffset: nil, lastBaselineOffset: nil,
      hugging: .init(horizontal: 250, vertical: 250), compressionResistance: .init(horizontal: 750, vertical: 750),
      layoutMargins: .uniform(8), stack: nil, location: nil)
  }

  /// A stack view `id` with the given properties and children ids.
  static func stack(
    _ id: String = "s", axis: StackAxis = .horizontal, distribution: StackDistribution = .fill,
    alignment: StackAlignment = .fill, spacing: Double = 0, margins: Bool = false, baseline: Bool = false,
    children: [String] = [], location: SourceLocation? = nil
  ) -> ResolvedView {
    ResolvedView(
      id: id, kind: .stack, parent: "root", children: children, hidden: false, text: nil, fontSize: 17,
      numberOfLines: 1, intrinsicWidth: nil, intrinsicHeight: nil, firstBaselineOffset: nil, lastBaselineOffset: nil,
      hugging: .init(horizontal: 250, vertical: 250), compressionResistance: .init(horizontal: 750, vertical: 750),
      layoutMargins: .uniform(8),
      stack: ResolvedStack(
        axis: axis, distribution: distribution, alignment: alignment, spacing: spacing,
        isLayoutMarginsRelativeArrangement: margins, isBaselineRelativeArrangement: baseline),
      location: location)
  }

  /// Generates a stack's constraints for these items.
  static func generate(_ stack: ResolvedView, _ items: [ResolvedView]) -> StackConstraints {
    StackLayout.constraints(for: stack, arranged: items)
  }
}

extension LayoutConstraint {
  /// The generating reason (`UISV-spacing`), or `?` for constraints of another origin.
  var reason: String {
    if case .stack(_, let reason) = origin { return reason }
    return "?"
  }
  /// `'UISV-spacing' b.leading == a.trailing + 8`: the reason and the equation, as UIKit prints them.
  var line: String { "'\(reason)' \(self)" }
}

extension StackConstraints {
  /// Every constraint as a line, in generation order.
  var lines: [String] { constraints.map(\.line) }
  /// Lines without Trellis' own guide pins (which UIKit has no counterpart for).
  var uikitLines: [String] { constraints.filter { $0.reason != "guide-pin" }.map(\.line) }
  func with(reason: String) -> [LayoutConstraint] { constraints.filter { $0.reason == reason } }
}

/// Asserts two line lists are equal as multisets, printing what is missing and what is extra.
func assertSameLines(
  _ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line
) {
  var missing: [String] = []
  var extra = actual
  for wanted in expected {
    if let index = extra.firstIndex(of: wanted) {
      extra.remove(at: index)
    } else {
      missing.append(wanted)
    }
  }
  if !missing.isEmpty || !extra.isEmpty {
    XCTFail(
      "missing:\n  \(missing.joined(separator: "\n  "))\nunexpected:\n  \(extra.joined(separator: "\n  "))",
      file: file, line: line)
  }
}
