import TrellisJSON
import TrellisModel
import XCTest

/// Compares two documents in every property a layout file carries, naming each difference.
///
/// Left out on purpose: the file name, source locations, JSON paths and value origins (where a
/// document was read from), and a constraint's `source` (the text it was written as: a Visual
/// Format string before writing, the expanded constraint after). A constraint's standard spacing is
/// compared per size class: a file gives it inside `constant`, whose patterns the reader gives it.
/// ``testComparisonCoversEveryProperty``
/// fails when a model type gains a stored property this comparison does not know, so a new
/// property cannot slip past the round trip unnoticed.
package enum DocumentComparison {
  /// Stored properties deliberately not compared (see above).
  package static let ignored: Set<String> = ["file", "location", "path", "origins", "source"]

  /// The stored properties each model type has, as this comparison covers them.
  package static let covered: [String: Set<String>] = [
    "LayoutDocument": ["title", "summary", "fontsDirectory", "root", "constraints", "cell"],
    "ViewNode": [
      "id", "kind", "children", "hidden", "text", "fontSize", "numberOfLines", "fontName", "fontWeight", "textStyle",
      "scalesFontSizeWithTextStyle", "lineBreakMode", "contentInsetsByClass", "intrinsicSizeByClass", "huggingByClass",
      "compressionResistanceByClass", "layoutMarginsByClass", "installed", "preservesSuperviewLayoutMargins",
      "insetsLayoutMarginsFromSafeArea", "respectsSystemMinimumLayoutMargins", "stack", "scroll", "suppressions",
      "alignmentRectInsets",
    ],
    "StackProperties": [
      "axis", "distribution", "alignment", "spacing", "isLayoutMarginsRelativeArrangement",
      "isBaselineRelativeArrangement",
    ],
    "ScrollProperties": [
      "contentInset", "contentInsetAdjustmentBehavior", "contentOffset", "zoomScale", "minimumZoomScale",
      "maximumZoomScale", "zoomView", "alwaysBounceHorizontal", "alwaysBounceVertical",
    ],
    "ConstraintSpec": [
      "id", "first", "relation", "second", "multiplier", "constant", "standardSpacing", "priority", "installed",
      "kind",
    ],
  ]

  /// Every difference between `a` and `b`, as `path: a-value ≠ b-value`; empty when equal.
  ///
  /// - Parameter sameID: whether two constraint ids, at a 0-based index, count as equal; by
  ///   default they must be equal (see ``writtenIDAgrees``).
  package static func differences(
    _ a: LayoutDocument, _ b: LayoutDocument, sameID: (Int, String, String) -> Bool = { $1 == $2 }
  ) -> [String] {
    var collector = Collector()
    collector.check("title", a.title, b.title)
    collector.check("description", a.summary, b.summary)
    collector.check("fonts", a.fontsDirectory, b.fontsDirectory)
    collector.check("cell", a.cell, b.cell)

    var pending = [(a.root, b.root, "root")]
    while let (x, y, name) = pending.popLast() {
      collector.check("\(name).id", x.id, y.id)
      collector.check("\(name).kind", x.kind, y.kind)
      collector.check("\(name).hidden", x.hidden, y.hidden)
      collector.check("\(name).text", x.text, y.text)
      collector.check("\(name).fontSize", x.fontSize, y.fontSize)
      collector.check("\(name).numberOfLines", x.numberOfLines, y.numberOfLines)
      collector.check("\(name).fontName", x.fontName, y.fontName)
      collector.check("\(name).fontWeight", x.fontWeight, y.fontWeight)
      collector.check("\(name).textStyle", x.textStyle, y.textStyle)
      collector.check(
        "\(name).scalesFontSizeWithTextStyle", x.scalesFontSizeWithTextStyle, y.scalesFontSizeWithTextStyle)
      collector.check("\(name).lineBreakMode", x.lineBreakMode, y.lineBreakMode)
      collector.check("\(name).contentInsets", x.contentInsetsByClass, y.contentInsetsByClass)
      collector.check("\(name).intrinsicSize", x.intrinsicSizeByClass, y.intrinsicSizeByClass)
      collector.check("\(name).hugging", x.huggingByClass, y.huggingByClass)
      collector.check("\(name).compressionResistance", x.compressionResistanceByClass, y.compressionResistanceByClass)
      collector.check("\(name).layoutMargins", x.layoutMarginsByClass, y.layoutMarginsByClass)
      collector.check("\(name).installed", x.installed, y.installed)
      collector.check("\(name).alignmentRectInsets", x.alignmentRectInsets, y.alignmentRectInsets)
      collector.check(
        "\(name).preservesSuperviewLayoutMargins", x.preservesSuperviewLayoutMargins, y.preservesSuperviewLayoutMargins)
      collector.check(
        "\(name).insetsLayoutMarginsFromSafeArea", x.insetsLayoutMarginsFromSafeArea, y.insetsLayoutMarginsFromSafeArea)
      collector.check(
        "\(name).respectsSystemMinimumLayoutMargins", x.respectsSystemMinimumLayoutMargins,
        y.respectsSystemMinimumLayoutMargins)
      collector.check(
        "\(name).suppressions", x.suppressions.map { "\($0.code):\($0.view ?? ""):\($0.other ?? "")" },
        y.suppressions.map { "\($0.code):\($0.view ?? ""):\($0.other ?? "")" })
      collector.check("\(name).stack present", x.stack == nil, y.stack == nil)
      if let s = x.stack, let t = y.stack {
        collector.check("\(name).axis", s.axis, t.axis)
        collector.check("\(name).distribution", s.distribution, t.distribution)
        collector.check("\(name).alignment", s.alignment, t.alignment)
        collector.check("\(name).spacing", s.spacing, t.spacing)
        collector.check(
          "\(name).layoutMarginsRelativeArrangement", s.isLayoutMarginsRelativeArrangement,
          t.isLayoutMarginsRelativeArrangement)
        collector.check(
          "\(name).baselineRelativeArrangement", s.isBaselineRelativeArrangement, t.isBaselineRelativeArrangement)
      }
      collector.check("\(name).scroll present", x.scroll == nil, y.scroll == nil)
      if let s = x.scroll, let t = y.scroll {
        collector.check("\(name).contentInset", s.contentInset, t.contentInset)
        collector.check(
          "\(name).contentInsetAdjustmentBehavior", s.contentInsetAdjustmentBehavior, t.contentInsetAdjustmentBehavior)
        collector.check("\(name).contentOffset", s.contentOffset, t.contentOffset)
        collector.check("\(name).zoomScale", s.zoomScale, t.zoomScale)
        collector.check("\(name).minimumZoomScale", s.minimumZoomScale, t.minimumZoomScale)
        collector.check("\(name).maximumZoomScale", s.maximumZoomScale, t.maximumZoomScale)
        collector.check("\(name).zoomView", s.zoomView, t.zoomView)
        collector.check("\(name).alwaysBounceHorizontal", s.alwaysBounceHorizontal, t.alwaysBounceHorizontal)
        collector.check("\(name).alwaysBounceVertical", s.alwaysBounceVertical, t.alwaysBounceVertical)
      }
      collector.check("\(name).children.count", x.children.count, y.children.count)
      for (index, pair) in zip(x.children, y.children).enumerated().reversed() {
        pending.append((pair.0, pair.1, "\(name).children[\(index)](\(pair.0.id))"))
      }
    }

    collector.check("constraints.count", a.constraints.count, b.constraints.count)
    for (index, (x, y)) in zip(a.constraints, b.constraints).enumerated() {
      let name = "constraints[\(index)](\(x.id))"
      if !sameID(index, x.id, y.id) { collector.out.append("\(name).id: \(x.id) ≠ \(y.id)") }
      collector.check("\(name).first", x.first, y.first)
      collector.check("\(name).relation", x.relation, y.relation)
      collector.check("\(name).second", x.second, y.second)
      collector.check("\(name).multiplier", x.multiplier, y.multiplier)
      collector.check("\(name).constant", x.constant, y.constant)
      // A file has no key of its own for standard spacing: the reader gives it the patterns
      // of `constant`, so only its value in each size class can be compared.
      for traits in TraitCollection.all {
        collector.check(
          "\(name).standardSpacing in \(traits)", x.standardSpacing.resolved(for: traits),
          y.standardSpacing.resolved(for: traits))
      }
      collector.check("\(name).priority", x.priority, y.priority)
      collector.check("\(name).installed", x.installed, y.installed)
      collector.check("\(name).kind", x.kind, y.kind)
    }
    return collector.out
  }

  /// Collects differences, writing varying values as `{any: 8, hC: 20}`.
  struct Collector {
    var out: [String] = []
    mutating func check<T: Equatable>(_ name: String, _ x: T, _ y: T) {
      if x != y { out.append("\(name): \(x) ≠ \(y)") }
    }
    mutating func check<T: Equatable>(_ name: String, _ x: Varying<T>, _ y: Varying<T>) {
      if x != y { out.append("\(name): \(Self.text(x)) ≠ \(Self.text(y))") }
    }
    mutating func check<T: Equatable>(_ name: String, _ x: Varying<T>?, _ y: Varying<T>?) {
      if x != y { out.append("\(name): \(x.map(Self.text) ?? "nil") ≠ \(y.map(Self.text) ?? "nil")") }
    }
    static func text<T>(_ value: Varying<T>) -> String {
      value.variations.isEmpty
        ? "\(value.base)"
        : "{any: \(value.base), " + value.variations.map { "\($0.pattern): \($0.value)" }.joined(separator: ", ") + "}"
    }
  }

  /// Whether the id read back for the constraint at `index` is right: the same where a file can
  /// give it (a valid id, or the generated `constraint#N` at its own position N), otherwise a
  /// valid id (the writer's renaming has its own test, ``LayoutWriterTests/testConstraintIDs``).
  package static func writtenIDAgrees(_ index: Int, _ original: String, _ written: String) -> Bool {
    ConstraintWriter.isUserID(original) || original == "constraint#\(index + 1)"
      ? original == written : ConstraintWriter.isUserID(written)
  }

  /// The stored property names of `value`'s type, by reflection.
  package static func storedProperties(of value: Any) -> Set<String> {
    Set(Mirror(reflecting: value).children.compactMap(\.label))
  }
}
