import TrellisJSON
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// Random documents, built in memory with every property a file can spell, written and read
/// back: no diagnostic, every property equal. The files in the repository use few of the
/// combinations (varying insets per class, standard spacing per class, odd numbers and
/// strings, ids a file cannot hold); these cover them. Seeded: a failure names its seed.
final class RandomDocumentTests: XCTestCase {
  func testRandomDocumentsRoundTrip() throws {
    for seed in UInt64(1)...150 {
      var generator = DocumentGenerator(seed: seed)
      let document = generator.document()
      let text = LayoutWriter.json(document)
      let result = LayoutReader.parse(text, file: "seed\(seed).json")
      XCTAssertEqual(result.diagnostics.map { "\($0)" }, [], "seed \(seed)\n\(text)")
      guard let reread = result.document else { continue }
      let differences = DocumentComparison.differences(
        document, reread, sameID: DocumentComparison.writtenIDAgrees)
      XCTAssertEqual(differences, [], "seed \(seed)\n\(text)")
      if !differences.isEmpty { return }
    }
  }

  /// The generator makes what it should: every kind, variations, each constraint form.
  func testGeneratorCoversTheForms() {
    var texts = ""
    var kinds = Set<ViewKind>()
    for seed in UInt64(1)...150 {
      var generator = DocumentGenerator(seed: seed)
      let document = generator.document()
      kinds.formUnion(document.allViews.map(\.kind))
      texts += LayoutWriter.json(document)
    }
    XCTAssertEqual(kinds, Set(ViewKind.allCases))
    for needle in [
      "\"when\"", "\"standard\"", "+ standard", "- standard", "\"installed\": false", "\"wC hR\"", "\"hC\"",
      "contentLayoutGuide", "\"zoomView\"", "\"fontWeight\"", "\"textStyle\"", "\"scroll\"", "\\u0001", "_7",
    ] {
      XCTAssertTrue(texts.contains(needle), needle)
    }
  }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// the same sequence on every platform, so a seed reproduces a document.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random documents that a layout file can spell exactly (docs/layout-format.md, "Writing
/// layout files": nothing from its table of what has no spelling) and that the reader accepts
/// without a warning.
private struct DocumentGenerator {
  var random: SplitMix64
  var nextView = 0
  /// Every view made so far, with its kind.
  var views: [(id: String, kind: ViewKind)] = []

  init(seed: UInt64) { random = SplitMix64(state: seed) }

  mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

  /// Points of every shape: whole, halves, thirds, tiny, the limit.
  mutating func points(nonNegative: Bool = false) -> Double {
    let value = pick([0, 8, 16, 0.5, 20.25, 1.0 / 3, 123.456, 1e-7, 1_000_000, 44])
    return nonNegative || chance(0.7) ? value : -value
  }

  mutating func priority() -> Double { pick([1, 250, 251, 500, 749.5, 750, 999, 1000]) }

  /// Patterns of one family (width-only or height-only, never both: the reader warns when
  /// both match with different values) plus whole-class ones.
  mutating func patterns() -> [TraitPattern] {
    let family: [TraitPattern] =
      chance(0.5)
      ? [.init(horizontal: .compact), .init(horizontal: .regular)]
      : [.init(vertical: .compact), .init(vertical: .regular)]
    let full = TraitCollection.all.map { TraitPattern(horizontal: $0.horizontal, vertical: $0.vertical) }
    let pool = (family + full).shuffled(using: &random)
    return Array(pool.prefix(Int.random(in: 0...3, using: &random)))
  }

  mutating func varying<T>(_ make: (inout DocumentGenerator) -> T) -> Varying<T> {
    let base = make(&self)
    let variations = patterns().map { Varying<T>.Variation(pattern: $0, value: make(&self)) }
    return Varying(base, variations: variations)
  }

  mutating func insets() -> EdgeInsets {
    chance(0.4)
      ? .uniform(points(nonNegative: true))
      : EdgeInsets(top: points(), left: points(), bottom: points(), right: points())
  }

  mutating func axis() -> AxisValues<Double> {
    let horizontal = priority()
    return .init(horizontal: horizontal, vertical: chance(0.5) ? priority() : horizontal)
  }

  mutating func string() -> String {
    pick(["", "Go", "Flips: 0", "two\nlines", "quote \" and \\ back", "tab\tbell\u{07}\u{01}", "é 🎉 中文", "\u{2028}"])
  }

  // MARK: Views

  mutating func document() -> LayoutDocument {
    var root = view(depth: 0, isRoot: true)
    root.id = chance(0.5) ? "root" : "main"
    views[0].id = root.id
    var specs: [ConstraintSpec] = []
    for _ in 0..<Int.random(in: 0...24, using: &random) {
      var spec = constraint(position: specs.count + 1)
      // Runs that share `installed` make `when` groups.
      if let previous = specs.last, chance(0.3) { spec.installed = previous.installed }
      specs.append(spec)
    }
    var document = LayoutDocument(file: "random", root: root, constraints: specs)
    if chance(0.5) { document.title = string() }
    if chance(0.3) { document.summary = string() }
    if chance(0.2) { document.fontsDirectory = "fonts" }
    return document
  }

  mutating func view(depth: Int, isRoot: Bool) -> ViewNode {
    let kind: ViewKind = isRoot ? .view : pick(ViewKind.allCases)
    nextView += 1
    let id = "v\(nextView)"
    views.append((id, kind))
    var node = ViewNode(id: id, kind: kind)
    if chance(0.3) { node.hidden = varying { $0.chance(0.5) } }
    if !isRoot, chance(0.3) { node.installed = varying { $0.chance(0.5) } }
    if kind == .label || kind == .button {
      if chance(0.8) { node.text = varying { $0.string() } }
      if chance(0.3) { node.textStyle = varying { $0.pick([.largeTitle, .body, .headline, .caption2]) } }
      // With a text style, a size is written only to be scaled (and then it must be).
      node.scalesFontSizeWithTextStyle = node.textStyle != nil && chance(0.5)
      if node.textStyle == nil || node.scalesFontSizeWithTextStyle, chance(0.5) {
        node.fontSize = varying { $0.pick([17, 12.5, 40, 1.0 / 3]) }
      }
      if chance(0.3) { node.numberOfLines = pick([0, 2, 1_000_000]) }
      if chance(0.3) { node.fontName = varying { $0.pick(["", "Inter", "Helvetica Neue"]) } }
      if chance(0.3) { node.fontWeight = varying { $0.pick([100, 400, 600, 900, 1, 350, 1000]) } }
      if chance(0.3) {
        node.lineBreakMode = pick([
          .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle,
        ])
      }
      if kind == .button, chance(0.4) { node.contentInsetsByClass = varying { $0.insets() } }
    }
    if kind != .guide {
      if chance(0.3) { node.intrinsicSizeByClass = intrinsicSize() }
      if chance(0.3) { node.huggingByClass = varying { $0.axis() } }
      if chance(0.3) { node.compressionResistanceByClass = varying { $0.axis() } }
      if isRoot { node.layoutMargins = .zero }
      if chance(0.3) { node.layoutMarginsByClass = varying { $0.insets() } }
      node.preservesSuperviewLayoutMargins = chance(0.2)
      node.insetsLayoutMarginsFromSafeArea = chance(0.8)
      if !isRoot, chance(0.2) { node.alignmentRectInsets = EdgeInsets(top: 0, left: 1, bottom: 0.5, right: 2) }
    }
    if isRoot { node.respectsSystemMinimumLayoutMargins = chance(0.7) }
    if kind != .guide, depth < 3 {
      for _ in 0..<Int.random(in: 0...(isRoot ? 6 : 3), using: &random) {
        node.children.append(view(depth: depth + 1, isRoot: false))
      }
    }
    if kind == .stack, chance(0.7) {
      node.stack = StackProperties(
        axis: varying { $0.pick(StackAxis.allCases) }, distribution: varying { $0.pick(StackDistribution.allCases) },
        alignment: varying { $0.pick(StackAlignment.allCases) }, spacing: varying { $0.points() },
        isLayoutMarginsRelativeArrangement: chance(0.3), isBaselineRelativeArrangement: chance(0.3))
    }
    if kind == .scroll, chance(0.8) {
      // A zoom scale needs the view that zooms (the reader warns otherwise): a direct subview.
      let zoomView = node.children.isEmpty || chance(0.3) ? nil : pick(node.children).id
      node.scroll = ScrollProperties(
        contentInset: varying { $0.insets() },
        contentInsetAdjustmentBehavior: varying { $0.pick(ContentInsetAdjustmentBehavior.allCases) },
        contentOffset: varying { Point(x: $0.points(), y: $0.points()) },
        zoomScale: zoomView == nil ? Varying(1) : varying { $0.pick([0.5, 1, 2.5]) },
        minimumZoomScale: pick([0.25, 1]), maximumZoomScale: pick([1, 4]), zoomView: zoomView,
        alwaysBounceHorizontal: chance(0.3), alwaysBounceVertical: chance(0.3))
    }
    return node
  }

  /// Intrinsic sizes whose variations never unset a size the base sets (that has no spelling).
  mutating func intrinsicSize() -> Varying<SizeOverride> {
    let base = SizeOverride(
      width: chance(0.6) ? points(nonNegative: true) : nil, height: chance(0.6) ? points(nonNegative: true) : nil)
    let variations = patterns().map { pattern in
      var size = base
      if size.width == nil || chance(0.5) { size.width = chance(0.7) ? points(nonNegative: true) : size.width }
      if size.height == nil || chance(0.5) { size.height = chance(0.7) ? points(nonNegative: true) : size.height }
      return Varying<SizeOverride>.Variation(pattern: pattern, value: size)
    }
    return Varying(base, variations: variations)
  }

  // MARK: Constraints

  static let edges: [LayoutAttribute] = [.top, .bottom, .centerY, .leading, .trailing, .centerX, .left, .right]

  /// A view, a root guide or a scroll view's guide, and one of `attributes` it has.
  mutating func anchor(from attributes: [LayoutAttribute]) -> AnchorReference {
    let choice = Int.random(in: 0..<10, using: &random)
    let scrolls = views.filter { $0.kind == .scroll }
    let item: LayoutItem
    var isGuide = false
    if choice == 0 {
      item = pick([.safeArea, .margins])
      isGuide = true
    } else if choice == 1, !scrolls.isEmpty {
      item = .generated(owner: pick(scrolls).id, name: pick(["content", "frame"]))
      isGuide = true
    } else {
      let view = pick(views)
      item = .view(view.id)
      isGuide = view.kind == .guide
    }
    // Guides have edges, centers and sizes only.
    let usable = isGuide ? attributes.filter { Self.edges.contains($0) || $0.isSize } : attributes
    return AnchorReference(item: item, attribute: pick(usable.isEmpty ? attributes : usable))
  }

  mutating func constraint(position: Int) -> ConstraintSpec {
    let family: [LayoutAttribute] = pick([
      [.width, .height],
      [.top, .bottom, .centerY, .topMargin, .bottomMargin, .firstBaseline, .lastBaseline, .centerYWithinMargins],
      [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin, .centerXWithinMargins],
      [.left, .right, .centerX, .leftMargin, .rightMargin],
    ])
    let isSize = family[0] == .width
    var first = anchor(from: family)
    if !family.contains(first.attribute) || (first.item.isRootGuide && !Self.edges.contains(first.attribute)) {
      first.attribute = family[0]
    }
    let constantOnly = isSize && chance(0.3)
    var second: AnchorReference?
    if !constantOnly {
      var other = anchor(from: family)
      while other == first { other = anchor(from: family) }
      second = other
    }
    let relation = pick(LayoutRelation.allCases)
    let multiplier = isSize && second != nil && chance(0.5) ? pick([0.625, -1, 2, 1.0 / 3, 1e-7]) : 1

    var constant = Varying<Double>(0)
    var standard = Varying<Double>(0)
    switch (constantOnly, Int.random(in: 0..<4, using: &random)) {
    case (true, _):
      constant = varying { $0.points(nonNegative: true) }
    case (false, 0):
      constant = Varying(points())
    case (false, 1):
      standard = Varying(pick([1, -1]))
    case (false, 2):
      constant = varying { $0.points() }
    default:
      // "standard" in some classes, points in the others: one pattern list for both.
      let patterns = patterns()
      let values = (0...patterns.count).map { _ in chance(0.5) ? (0.0, 1.0) : (points(), 0.0) }
      constant = Varying(
        values[0].0, variations: zip(patterns, values.dropFirst()).map { .init(pattern: $0, value: $1.0) })
      standard = Varying(
        values[0].1, variations: zip(patterns, values.dropFirst()).map { .init(pattern: $0, value: $1.1) })
    }
    let priority: Varying<Double> =
      chance(0.5) ? Varying(1000) : chance(0.5) ? Varying(self.priority()) : varying { $0.priority() }
    var installed = Varying(true)
    switch Int.random(in: 0..<5, using: &random) {
    case 0: installed = Varying(false)
    case 1: installed = varying { $0.chance(0.5) }
    case 2:
      installed = Varying(
        false, variations: [.init(pattern: pick(patterns() + [.init(vertical: .compact)]), value: true)])
    default: break
    }
    let id = pick(["constraint#\(position)", "c\(position)", "x#\(position)", "7", "constraint#\(position + 1)"])
    return ConstraintSpec(
      id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
      priority: priority, installed: installed, source: "", standardSpacing: standard)
  }
}
