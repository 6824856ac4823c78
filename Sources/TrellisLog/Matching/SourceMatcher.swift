import TrellisModel
import TrellisSupport

/// Matches a conflict block's views and constraints to a layout document, whatever front end
/// made it (docs/logs.md, "Matching a log to its source").
///
/// Each item gets a score per candidate target from what the log prints of it (its text, its
/// class); each constraint of the log adds to the score of the pairs of targets that the
/// document relates the same way (a document constraint with the same anchors and values, the
/// superview that a Visual Format `|` names, the stack that a `UISV-` constraint implies, the
/// view whose margins or safe area a guide constraint ties). The best assignment, one target per
/// item at most once, is found by branch and bound over each group of items the log's
/// constraints connect; an item is ambiguous when another of its targets reaches the same best
/// total. The search is bounded by ``defaultStepLimit`` steps and says when it was cut.
package enum SourceMatcher {
  /// The most assignments tried per block: far beyond what a block of a dozen items over a
  /// scene of a hundred views needs when its items have evidence.
  package static let defaultStepLimit = 200_000

  /// The block matched against `document`.
  package static func match(
    _ block: ConflictBlock, to document: LayoutDocument, stepLimit: Int = defaultStepLimit
  ) -> SourceMatch {
    var context = MatchContext(block: block, document: document, stepLimit: stepLimit)
    return context.run()
  }
}

/// Scores of the evidence; only their order matters (docs/logs.md gives it).
enum MatchScore {
  /// The printed text is the view's text (any size class).
  static let text = 10.0
  /// The printed text, cut by UIKit with `...`, starts the view's text.
  static let truncatedText = 8.0
  /// A guide's printed identifier is the document guide's id.
  static let guideName = 10.0
  /// The printed text differs from the view's text (the app may set it at run time): with the
  /// class it takes an app's constraint found in the source, or two of a stack's, to outweigh.
  static let textDiffers = -4.0
  /// The class is the one the view's kind stands for.
  static let kind = 1.0
  /// The root's safe-area guide, the one constraints name unless they say otherwise.
  static let rootSafeArea = 0.5
  /// A document constraint with the same anchors, relation, multiplier, constant and priority.
  static let sameConstraint = 6.0
  /// A document constraint with the same anchors and other values.
  static let sameAnchors = 3.0
  /// …whose id is the log's identifier.
  static let sameIdentifier = 4.0
  /// A Visual Format `|`, an autoresizing mask's superview or an unnamed `|` is the view's superview.
  static let superview = 2.0
  /// A stack's `UISV-` constraint between a stack and its arranged views, or arranged siblings.
  static let stack = 3.0
  /// A hidden arranged view for `UISV-hiding`.
  static let hidden = 1.0
  /// The first or last visible arranged view for a `UISV-canvas-connection` along the
  /// stack's axis (another arranged view there scores nothing: UIKit ties only those two; so does
  /// a `UISV-spacing` between views that are not consecutive in that order).
  static let canvasEnd = 2.0
  /// A margins or safe-area guide constraint between a view and its own guide.
  static let guideOwner = 4.0
  /// An encapsulated size on the root (the container sizes the root).
  static let encapsulatedRoot = 2.0
  static let epsilon = 1e-6
}

/// A document anchor with leading/trailing read as left/right (left to right), the root's
/// `margins` guide as the root's margin attributes.
struct NormalAnchor: Hashable {
  var item: LayoutItem
  var attribute: LayoutAttribute
}

struct TargetPair: Hashable {
  var first: Int
  var second: Int
}

/// The document constraints that fit one log constraint for one pair of targets.
struct SpecCell {
  var full: [(spec: Int, swapped: Bool)] = []
  var partial: [(spec: Int, swapped: Bool)] = []
  var score = 0.0
}

/// A term of the total score that depends on one or two items' targets.
struct Factor {
  enum Kind {
    /// The log's constraint against the document's: its table by pair of targets.
    case spec([TargetPair: SpecCell])
    /// `parent` is the superview of `child` (indices into `items`: 1 is the superview).
    case superview
    /// A stack's constraint, with its identifier and its anchors' attributes (which side of a
    /// `UISV-canvas-connection` or `UISV-spacing` each item is on).
    case stack(identifier: String, attributes: [LogAttribute])
    /// items[0] is the guide, items[1] the view that owns it.
    case marginsOwner, safeAreaOwner
    /// items[0] is `_UILayoutGuide`, items[1] the root.
    case legacyGuide
    case encapsulated
  }
  var kind: Kind
  var items: [Int]
  var constraint: Int?
  var maxScore: Double
}

struct MatchContext {
  let block: ConflictBlock
  let document: LayoutDocument
  let stepLimit: Int
  var steps = 0
  var cut = false

  var nodes: [ViewNode] = []
  var viewIndex: [String: Int] = [:]
  var parentOf: [Int?] = []
  var rootID: String { document.root.id }

  var targets: [SourceTarget] = []
  var targetIndex: [SourceTarget: Int] = [:]
  /// Per item: its candidate targets with their score and evidence.
  var candidates: [[(target: Int, score: Double, evidence: [String])]] = []
  var noCandidateReason: [String?] = []
  var factors: [Factor] = []
  /// The best assignment found (-1: no match), per item.
  var finalAssignment: [Int] = []
  /// Items the search was cut before it settled (no assignment found, or ties not all checked).
  var unsettled: Set<Int> = []

  init(block: ConflictBlock, document: LayoutDocument, stepLimit: Int) {
    self.block = block
    self.document = document
    self.stepLimit = stepLimit
    document.forEachView { node, parent in
      viewIndex[node.id] = nodes.count
      parentOf.append(parent.flatMap { viewIndex[$0] })
      var flat = node
      flat.children = []
      nodes.append(flat)
      return true
    }
    for node in nodes {
      add(.view(node.id))
      add(.safeArea(of: node.id))
      add(.margins(of: node.id))
      if node.kind == .stack { add(.stackGuide(of: node.id)) }
    }
    add(.topLayoutGuide)
    add(.bottomLayoutGuide)
  }

  mutating func add(_ target: SourceTarget) {
    targetIndex[target] = targets.count
    targets.append(target)
  }

  func node(_ target: Int) -> ViewNode? { targets[target].view.flatMap { viewIndex[$0] }.map { nodes[$0] } }

  func viewOf(_ target: Int) -> Int? {
    guard target >= 0, case .view(let id) = targets[target] else { return nil }
    return viewIndex[id]
  }

  mutating func run() -> SourceMatch {
    for item in block.items.indices {
      let (list, reason) = itemCandidates(item)
      candidates.append(list)
      noCandidateReason.append(reason)
    }
    buildFactors()
    let (assignment, ties) = solve()
    finalAssignment = assignment
    var items = block.items.indices.map { describeItem($0, assignment[$0], ties[$0]) }
    // Two groups of items solved apart may claim one view: neither can be trusted.
    var claimed: [SourceTarget: [Int]] = [:]
    for item in items { if let target = item.target { claimed[target, default: []].append(item.item) } }
    for (target, owners) in claimed where owners.count > 1 {
      for owner in owners {
        items[owner].outcome = .ambiguous([target])
        items[owner].evidence.append(
          "the log names \(owners.count) objects that all fit '\(target)' best: the source has one")
      }
    }
    let constraints = block.constraints.indices.map { describeConstraint($0, items) }
    return SourceMatch(items: items, constraints: constraints, steps: steps, searchWasCut: cut)
  }
}

// MARK: Candidates

extension MatchContext {
  /// The kinds a UIKit or AppKit class can be in a document; `nil` for a custom class, which
  /// documents do not keep (any kind but a guide).
  static func kinds(forClass name: String) -> Set<ViewKind>? {
    switch name {
    case "UILabel", "NSTextField": return [.label]
    case "UIButton", "NSButton": return [.button]
    case "UIStackView", "NSStackView": return [.stack]
    case "UIImageView", "NSImageView": return [.image]
    case "UIScrollView", "NSScrollView": return [.scroll]
    // Tables, collections and text views: scroll views, which the Interface Builder importer
    // keeps as plain views.
    case "UITableView", "UICollectionView", "UITextView": return [.scroll, .view]
    case "UILayoutGuide", "NSLayoutGuide": return [.guide]
    default:
      // Every other class of UIKit's or AppKit's (controls, cells' content views, bars) is a
      // plain view in a document.
      if name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("_") { return [.view] }
      return nil
    }
  }

  static func texts(_ node: ViewNode) -> [String] {
    guard let text = node.text else { return [] }
    return [text.base] + text.variations.map(\.value)
  }

  mutating func itemCandidates(_ index: Int) -> ([(target: Int, score: Double, evidence: [String])], String?) {
    let item = block.items[index]
    var out: [(target: Int, score: Double, evidence: [String])] = []
    func all(_ make: (String) -> SourceTarget, score: (ViewNode) -> Double = { _ in 0 }, _ filter: (ViewNode) -> Bool) {
      for node in nodes where filter(node) {
        if let target = targetIndex[make(node.id)] {
          let value = score(node)
          out.append((target, value, value > 0 ? ["the root's guide"] : []))
        }
      }
    }
    if item.isUnnamedSuperview {
      all({ .view($0) }) { _ in true }
      return (out, nil)
    }
    if item.guideName == "UIViewSafeAreaLayoutGuide" {
      let root = rootID
      all({ .safeArea(of: $0) }, score: { $0.id == root ? MatchScore.rootSafeArea : 0 }) { _ in true }
      return (out, nil)
    }
    if item.guideName == "UIViewLayoutMarginsGuide" {
      all({ .margins(of: $0) }) { _ in true }
      return (out, nil)
    }
    if item.isLayoutGuide && item.guideName == nil && item.className == "_UILayoutGuide" {
      out = [SourceTarget.topLayoutGuide, .bottomLayoutGuide].compactMap { targetIndex[$0] }.map { ($0, 0, []) }
      return (out, nil)
    }
    if item.className == "_UILayoutSpacer" || item.className == "_UIOLAGapGuide"
      || item.guideName?.hasPrefix("UISV-") == true
    {
      all({ .stackGuide(of: $0) }) { $0.kind == .stack }
      return (out, out.isEmpty ? "the source has no stack view" : nil)
    }
    if item.isLayoutGuide {
      for node in nodes where node.kind == .guide {
        guard let target = targetIndex[.view(node.id)] else { continue }
        if let name = item.guideName, name == node.id {
          out.append((target, MatchScore.guideName, ["identifier '\(name)'"]))
        } else {
          out.append((target, MatchScore.kind, ["a guide"]))
        }
      }
      return (out, out.isEmpty ? "the source has no layout guide" : nil)
    }
    let allowed = Self.kinds(forClass: item.className)
    for node in nodes {
      guard allowed?.contains(node.kind) ?? (node.kind != .guide), let target = targetIndex[.view(node.id)] else {
        continue
      }
      var score = 0.0
      var evidence: [String] = []
      if let text = item.text, !text.isEmpty {
        let texts = Self.texts(node)
        if texts.contains(text) {
          score += MatchScore.text
          evidence.append("text '\(text)'")
        } else if item.isTextTruncated, texts.contains(where: { $0.hasPrefix(text) }) {
          score += MatchScore.truncatedText
          evidence.append("text '\(text)…'")
        } else if let other = texts.first {
          score += MatchScore.textDiffers
          evidence.append("text differs ('\(other)' in the source)")
        }
      }
      if allowed != nil {
        score += MatchScore.kind
        evidence.append("class \(item.className) ↔ \(node.kind.rawValue)")
      } else {
        evidence.append("class \(item.qualifiedClassName) not in the source (class only)")
      }
      out.append((target, score, evidence))
    }
    let reason =
      out.isEmpty
      ? "the source has no view that a \(item.className) can be (\((allowed ?? []).map(\.rawValue).sorted().joined(separator: ", ")))"
      : nil
    return (out, reason)
  }
}

// MARK: Anchors and constraints

extension MatchContext {
  static func marginForm(_ attribute: LayoutAttribute) -> LayoutAttribute? {
    switch attribute {
    case .leading: return .leadingMargin
    case .trailing: return .trailingMargin
    case .left: return .leftMargin
    case .right: return .rightMargin
    case .top: return .topMargin
    case .bottom: return .bottomMargin
    case .centerX: return .centerXWithinMargins
    case .centerY: return .centerYWithinMargins
    default: return nil
    }
  }

  /// Left to right: leading is left, trailing right.
  static func absolute(_ attribute: LayoutAttribute) -> LayoutAttribute {
    switch attribute {
    case .leading: return .left
    case .trailing: return .right
    case .leadingMargin: return .leftMargin
    case .trailingMargin: return .rightMargin
    default: return attribute
    }
  }

  func normal(_ anchor: AnchorReference) -> NormalAnchor {
    if anchor.item == .margins, let form = Self.marginForm(anchor.attribute) {
      return NormalAnchor(item: .view(rootID), attribute: Self.absolute(form))
    }
    return NormalAnchor(item: anchor.item, attribute: Self.absolute(anchor.attribute))
  }

  /// The document anchor a log attribute of a target stands for.
  func documentAnchor(_ target: Int, _ attribute: LogAttribute) -> NormalAnchor? {
    guard let layout = attribute.layoutAttribute else { return nil }
    switch targets[target] {
    case .view(let id):
      return NormalAnchor(item: .view(id), attribute: Self.absolute(layout))
    case .margins(of: let id):
      guard let form = Self.marginForm(layout) else { return nil }
      return NormalAnchor(item: .view(id), attribute: Self.absolute(form))
    case .safeArea(of: let id):
      guard !layout.readsMargins, layout != .firstBaseline, layout != .lastBaseline else { return nil }
      return NormalAnchor(
        item: id == rootID ? .safeArea : ViewSafeArea.guide(of: id), attribute: Self.absolute(layout))
    case .topLayoutGuide:
      // The old top layout guide runs from the root's top to the safe area's (as imported).
      if layout == .bottom { return NormalAnchor(item: .safeArea, attribute: .top) }
      if layout == .top { return NormalAnchor(item: .view(rootID), attribute: .top) }
      return nil
    case .bottomLayoutGuide:
      if layout == .top { return NormalAnchor(item: .safeArea, attribute: .bottom) }
      if layout == .bottom { return NormalAnchor(item: .view(rootID), attribute: .bottom) }
      return nil
    case .stackGuide:
      return nil
    }
  }

  /// Whether a constraint of the log is the app's, so that the document should hold it.
  static func isApps(_ constraint: LogConstraint) -> Bool {
    constraint.kind == .app && [.appCode, .snapKit, .masonry].contains(constraint.madeBy)
  }

  mutating func buildFactors() {
    for (index, constraint) in block.constraints.enumerated() {
      let first = constraint.first.item
      let second = constraint.second?.item
      switch constraint.kind {
      case .app where Self.isApps(constraint):
        let table = specTable(constraint)
        let best = table.values.map(\.score).max() ?? 0
        factors.append(
          Factor(kind: .spec(table), items: [first] + (second.map { [$0] } ?? []), constraint: index, maxScore: best))
        // `H:|-(8)-[v]`, `[v]-(8)-|`: the bar is v's superview.
        if constraint.notation == .visualFormat, let second, second != first,
          constraint.second?.attribute == constraint.first.attribute
        {
          factors.append(
            Factor(kind: .superview, items: [first, second], constraint: index, maxScore: MatchScore.superview))
        }
      case .stack(let identifier):
        let items = [first] + (second.map { [$0] } ?? [])
        let hiding = identifier == "UISV-hiding"
        let canvas = identifier == "UISV-canvas-connection" && items.count == 2
        let attributes = [constraint.first.attribute] + (constraint.second.map { [$0.attribute] } ?? [])
        factors.append(
          Factor(
            kind: .stack(identifier: identifier, attributes: attributes), items: items, constraint: index,
            maxScore: MatchScore.stack + (hiding ? MatchScore.hidden : 0) + (canvas ? MatchScore.canvasEnd : 0)))
      case .marginsGuide, .safeArea:
        guard let second else { continue }
        let isMargins: Bool
        if case .marginsGuide = constraint.kind { isMargins = true } else { isMargins = false }
        let items = [first, second]
        guard let guide = items.first(where: { block.items[$0].isLayoutGuide }),
          let owner = items.first(where: { !block.items[$0].isLayoutGuide })
        else { continue }
        if block.items[guide].guideName == nil && block.items[guide].className == "_UILayoutGuide" {
          factors.append(
            Factor(kind: .legacyGuide, items: [guide, owner], constraint: index, maxScore: MatchScore.guideOwner))
        } else {
          factors.append(
            Factor(
              kind: isMargins ? .marginsOwner : .safeAreaOwner, items: [guide, owner], constraint: index,
              maxScore: MatchScore.guideOwner))
        }
      case .encapsulated:
        factors.append(
          Factor(kind: .encapsulated, items: [first], constraint: index, maxScore: MatchScore.encapsulatedRoot))
      case .autoresizingMask:
        if let second, second != first {
          factors.append(
            Factor(kind: .superview, items: [first, second], constraint: index, maxScore: MatchScore.superview))
        }
      default:
        continue
      }
    }
    for (index, item) in block.items.enumerated() where item.isUnnamedSuperview {
      guard let child = item.superviewOf else { continue }
      factors.append(Factor(kind: .superview, items: [child, index], constraint: nil, maxScore: MatchScore.superview))
    }
  }

  /// For every pair of targets, the document constraints that fit `constraint` with them.
  func specTable(_ constraint: LogConstraint) -> [TargetPair: SpecCell] {
    var reverse: [LogAttribute: [NormalAnchor: [Int]]] = [:]
    for attribute in [constraint.first.attribute] + (constraint.second.map { [$0.attribute] } ?? []) {
      var map: [NormalAnchor: [Int]] = [:]
      for target in targets.indices {
        if let anchor = documentAnchor(target, attribute) { map[anchor, default: []].append(target) }
      }
      reverse[attribute] = map
    }
    let firstMap = reverse[constraint.first.attribute] ?? [:]
    let secondMap = constraint.second.map { reverse[$0.attribute] ?? [:] } ?? [:]
    let sameItem = constraint.second?.item == constraint.first.item
    var table: [TargetPair: SpecCell] = [:]
    for (specIndex, spec) in document.constraints.enumerated() {
      guard (spec.second == nil) == (constraint.second == nil) else { continue }
      for swapped in spec.second == nil ? [false] : [false, true] {
        let specFirst = swapped ? spec.second ?? spec.first : spec.first
        let specSecond = swapped ? spec.first : spec.second
        guard let firsts = firstMap[normal(specFirst)] else { continue }
        let seconds = specSecond.map { secondMap[normal($0)] ?? [] } ?? [-1]
        guard let comparison = compare(constraint, spec, swapped: swapped) else { continue }
        let identifier = constraint.identifier.map { $0 == spec.id } ?? false
        let score =
          (comparison.isEmpty ? MatchScore.sameConstraint : MatchScore.sameAnchors)
          + (identifier ? MatchScore.sameIdentifier : 0)
        for a in firsts {
          for b in seconds where (b == a) == (sameItem && b >= 0) {
            var cell = table[TargetPair(first: a, second: b)] ?? SpecCell()
            if comparison.isEmpty {
              cell.full.append((specIndex, swapped))
            } else {
              cell.partial.append((specIndex, swapped))
            }
            cell.score = max(cell.score, score)
            table[TargetPair(first: a, second: b)] = cell
          }
        }
      }
    }
    return table
  }

  /// How `spec` differs from the log's `constraint` (empty: it fits); `nil` when it cannot be
  /// written the other way round (a zero multiplier).
  func compare(_ constraint: LogConstraint, _ spec: ConstraintSpec, swapped: Bool) -> [String]? {
    var multiplier = spec.multiplier
    var relation = spec.relation
    var scale = 1.0
    if swapped {
      guard multiplier != 0 else { return nil }
      // a ≤ m·b + c ⇔ b ≥ (a − c)/m for m > 0.
      multiplier = 1 / spec.multiplier
      scale = -1 / spec.multiplier
      if spec.multiplier > 0, relation != .equal {
        relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
      }
    }
    var differences: [String] = []
    if relation != constraint.relation {
      differences.append("relation \(relation.rawValue) (the log has \(constraint.relation.rawValue))")
    }
    if constraint.second != nil, abs(multiplier - constraint.multiplier) > 0.005 * max(1, abs(multiplier)) {
      differences.append(
        "multiplier \(NumberFormat.short(multiplier)) (the log has \(NumberFormat.short(constraint.multiplier)))")
    }
    // The values in every size class where the constraint is installed.
    var values: [(constant: Double, priority: Double)] = []
    for traits in TraitCollection.all where spec.installed.resolved(for: traits) {
      let standard = spec.standardSpacing.resolved(for: traits) * StandardSpacing.sibling
      values.append((scale * (spec.constant.resolved(for: traits) + standard), spec.priority.resolved(for: traits)))
    }
    if values.isEmpty {
      differences.append("installed in no size class")
      return differences
    }
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.001 + 1e-6 * abs(b) }
    if !values.contains(where: { close($0.constant, constraint.constant) }) {
      let written = Array(Set(values.map { NumberFormat.short($0.constant) })).sorted()
      differences.append(
        "constant \(written.joined(separator: " or ")) (the log has \(NumberFormat.short(constraint.constant)))")
    } else if !values.contains(where: {
      close($0.constant, constraint.constant) && abs($0.priority - constraint.priority) < 0.5
    }) {
      let written = Array(Set(values.map { NumberFormat.short($0.priority) })).sorted()
      differences.append(
        "priority \(written.joined(separator: " or ")) (the log has \(NumberFormat.short(constraint.priority)))")
    }
    return differences
  }
}

// MARK: Scores

extension MatchContext {
  func isParent(_ parentTarget: Int, of childTarget: Int) -> Bool {
    guard let parent = viewOf(parentTarget), childTarget >= 0, let childView = targets[childTarget].view,
      let child = viewIndex[childView]
    else { return false }
    // A view's guide (margins, safe area) lies inside the view itself.
    if case .view = targets[childTarget] { return parentOf[child] == parent }
    return child == parent
  }

  /// The stack view a `UISV-` constraint with these targets belongs to, if one fits them all.
  func stack(of assigned: [Int]) -> Int? {
    // One view alone (`UISV-hiding`, `UISV-ambiguity-suppression`): its arranged view's stack.
    if assigned.count == 1, let view = viewOf(assigned[0]) {
      guard let parent = parentOf[view], nodes[parent].kind == .stack else { return nil }
      return parent
    }
    var options: Set<Int>?
    for target in assigned {
      guard target >= 0 else { return nil }
      var here: Set<Int> = []
      switch targets[target] {
      case .view(let id):
        guard let view = viewIndex[id] else { return nil }
        if nodes[view].kind == .stack { here.insert(view) }
        if let parent = parentOf[view], nodes[parent].kind == .stack { here.insert(parent) }
      case .stackGuide(of: let id):
        if let view = viewIndex[id] { here.insert(view) }
      default:
        return nil
      }
      options = options.map { $0.intersection(here) } ?? here
    }
    guard let options, options.count >= 1 else { return nil }
    // Views are numbered depth first: the innermost stack that fits.
    return options.sorted().last
  }

  /// For a `UISV-canvas-connection` along the stack's axis, whether its arranged view is the
  /// stack's first visible (at its top or leading edge) or last visible (bottom, trailing)
  /// arranged view, as UIStackView ties them (docs/stacks.md); `nil` across the axis.
  func isCanvasEnd(stack: Int, _ assigned: [Int], _ attributes: [LogAttribute]) -> Bool? {
    guard let side = assigned.firstIndex(where: { viewOf($0) == stack }),
      let view = viewOf(assigned[1 - side]), parentOf[view] == stack
    else { return nil }
    // The first and last *visible* arranged views (docs/stacks.md): visible in some size class.
    let all = nodes.indices.filter { parentOf[$0] == stack }
    let visible = all.filter { !nodes[$0].hidden.base || nodes[$0].hidden.variations.contains { !$0.value } }
    let arranged = visible.isEmpty ? all : visible
    guard let properties = nodes[stack].stack else { return nil }
    let axes = Set([properties.axis.base] + properties.axis.variations.map(\.value))
    switch attributes[side] {
    case .top where axes.contains(.vertical): return arranged.first == view
    case .bottom where axes.contains(.vertical): return arranged.last == view
    case .leading where axes.contains(.horizontal), .left where axes.contains(.horizontal):
      return arranged.first == view
    case .trailing where axes.contains(.horizontal), .right where axes.contains(.horizontal):
      return arranged.last == view
    default: return nil
    }
  }

  /// For a `UISV-spacing` (`next.start == previous.end + s`), whether its two views follow each
  /// other in that order among the stack's arranged views, hidden ones included (docs/stacks.md);
  /// `nil` when the attributes do not say which is which.
  func isConsecutive(_ assigned: [Int], _ attributes: [LogAttribute]) -> Bool? {
    guard assigned.count == 2, attributes.count == 2, let a = viewOf(assigned[0]), let b = viewOf(assigned[1]) else {
      return nil
    }
    let starts: Set<LogAttribute> = [.leading, .left, .top]
    let ends: Set<LogAttribute> = [.trailing, .right, .bottom]
    let next: Int
    let previous: Int
    if starts.contains(attributes[0]) && ends.contains(attributes[1]) {
      (next, previous) = (a, b)
    } else if starts.contains(attributes[1]) && ends.contains(attributes[0]) {
      (next, previous) = (b, a)
    } else {
      return nil
    }
    guard let parent = parentOf[next], parentOf[previous] == parent else { return false }
    let arranged = nodes.indices.filter { parentOf[$0] == parent }
    guard let position = arranged.firstIndex(of: previous) else { return false }
    return position + 1 < arranged.count && arranged[position + 1] == next
  }

  func score(_ factor: Factor, _ assigned: [Int]) -> Double {
    switch factor.kind {
    case .spec(let table):
      let key = TargetPair(first: assigned[0], second: assigned.count > 1 ? assigned[1] : -1)
      return table[key]?.score ?? 0
    case .superview:
      return isParent(assigned[1], of: assigned[0]) ? MatchScore.superview : 0
    case .stack(let identifier, let attributes):
      guard let stack = stack(of: assigned) else { return 0 }
      var value = MatchScore.stack
      switch identifier {
      case "UISV-hiding":
        if let view = viewOf(assigned[0]) {
          let hidden = nodes[view].hidden
          if hidden.base || hidden.variations.contains(where: \.value) { value += MatchScore.hidden }
        }
      case "UISV-canvas-connection" where attributes.count == 2:
        // The stack itself and one of its arranged views (not two views of an outer stack);
        // along the axis only the first and last visible views are tied: any other contradicts.
        guard assigned.contains(where: { viewOf($0) == stack }) else { return 0 }
        switch isCanvasEnd(stack: stack, assigned, attributes) {
        case true?: value += MatchScore.canvasEnd
        case false?: return 0
        case nil: break
        }
      case "UISV-spacing":
        if isConsecutive(assigned, attributes) == false { return 0 }
      default: break
      }
      return value
    case .marginsOwner, .safeAreaOwner:
      guard assigned[0] >= 0, let owner = viewOf(assigned[1]) else { return 0 }
      let id = nodes[owner].id
      let expected: SourceTarget = {
        if case .marginsOwner = factor.kind { return .margins(of: id) }
        return .safeArea(of: id)
      }()
      return targets[assigned[0]] == expected ? MatchScore.guideOwner : 0
    case .legacyGuide:
      guard assigned[0] >= 0, let owner = viewOf(assigned[1]) else { return 0 }
      return nodes[owner].id == rootID ? MatchScore.guideOwner : 0
    case .encapsulated:
      guard let view = viewOf(assigned[0]) else { return 0 }
      return nodes[view].id == rootID ? MatchScore.encapsulatedRoot : 0
    }
  }
}
