import TrellisModel
import TrellisSupport

/// A conflict block as a layout document the engine can solve, with the maps back to the log
/// (docs/logs.md, "The document").
///
/// Every item is a flat child of a synthetic root: Auto Layout relates all its items in one
/// coordinate space, so nesting changes nothing for a conflict, except for the positions an
/// autoresizing mask gives in the superview's coordinates (`minX == 0`), which are written
/// against the superview when `names:` says which it is, else against the root's origin.
package struct ConflictDocument: Sendable {
  package var document: LayoutDocument
  /// The view id of each item of the block (by index in ``ConflictBlock/items``).
  package var viewIDs: [String]
  /// For each document constraint id made from the log: the index in
  /// ``ConflictBlock/constraints`` it came from. Ids of constraints the builder added (sizes
  /// ≥ 0, baselines, content areas) are absent.
  package var constraintSources: [String: Int]
  /// For each constraint of the block (by index), the ids of the document constraints made
  /// from it: one, or two for a content-size constraint (hugging and compression resistance).
  package var constraintIDs: [[String]]
  /// The kind of every document constraint, by id (also each spec's ``ConstraintSpec/kind``).
  package var kinds: [String: ConstraintKind]
  /// Views the builder added: a scroll view's content area, a text view's baselines.
  package var addedViews: [String]

  /// The block's item that a view id stands for (`nil` for the root and added views).
  package func item(forView id: String) -> Int? { viewIDs.firstIndex(of: id) }
}

package enum ConflictDocumentBuilder {
  /// The root's id; items never take it.
  package static let rootID = "root"
  /// The kind of the sizes ≥ 0 the builder adds for every item.
  package static let sizeKind = ConstraintKind.nonnegativeSize
  /// The kind of the constraints that place an added baseline or content area.
  package static let addedKind = ConstraintKind.system("log reading assumption")

  /// Classes whose baselines follow their text (UIKit's and AppKit's text views and
  /// controls); any other view's baseline is its bottom edge.
  static func hasTextBaseline(_ className: String) -> Bool {
    ["Label", "Text", "Button", "SegmentedControl", "SearchBar"].contains { className.contains($0) }
  }

  package static func document(for block: ConflictBlock, file: String) -> ConflictDocument {
    var names = UniqueNames(taken: [rootID])
    let viewIDs = block.items.indices.map { index in names.claim(viewID(of: index, in: block)) }
    var builder = Builder(block: block, viewIDs: viewIDs, names: names)
    builder.build()
    let root = ViewNode(id: rootID, kind: .view, children: builder.children)
    let document = LayoutDocument(
      file: file, title: "Conflict at \(block.location)", root: root, constraints: builder.specs)
    return ConflictDocument(
      document: document, viewIDs: viewIDs, constraintSources: builder.sources, constraintIDs: builder.idsByConstraint,
      kinds: builder.kinds, addedViews: builder.added)
  }

  /// `UILabel_6050`, `_UILayoutGuide_6020`, `superview_6050` (the superview of item …6050).
  static func viewID(of index: Int, in block: ConflictBlock) -> String {
    let item = block.items[index]
    if item.isUnnamedSuperview {
      let of = item.superviewOf.map { "_" + block.items[$0].shortAddress } ?? ""
      return "superview" + of
    }
    var name = String.UnicodeScalarView()
    for scalar in item.className.unicodeScalars {
      name.append(scalar.isIdentifierPart && scalar != "$" ? scalar : "_")
      if name.count >= 40 { break }
    }
    var id = String(name)
    if let first = id.unicodeScalars.first, first.isDigit { id = "_" + id }
    if let key = item.key {
      // Masonry's key instead of an address: `UILabel_blueView`.
      let safe = String(
        String.UnicodeScalarView(key.unicodeScalars.prefix(40).map { $0.isIdentifierPart && $0 != "$" ? $0 : "_" }))
      return id + "_" + safe
    }
    // Two items of one class with the same last four digits: more digits tell them apart.
    var digits = 4
    let others = block.items.enumerated().filter { $0.offset != index && $0.element.className == item.className }
    while digits < item.address.count - 2,
      others.contains(where: { $0.element.address.suffix(digits) == item.address.suffix(digits) })
    {
      digits += 2
    }
    return id + "_" + String(item.address.dropFirst(2).suffix(digits))
  }

  private struct Builder {
    let block: ConflictBlock
    let viewIDs: [String]
    var names: UniqueNames
    var children: [ViewNode] = []
    var specs: [ConstraintSpec] = []
    var sources: [String: Int] = [:]
    var idsByConstraint: [[String]] = []
    var kinds: [String: ConstraintKind] = [:]
    var added: [String] = []
    /// The margins guide of a view, when a `UIView-*Margin-guide-constraint` relates them.
    var marginsGuide: [Int: Int] = [:]
    /// Added views by (item, role): `content`, `firstBaseline`, `lastBaseline`.
    var addedByRole: [String: String] = [:]
    var addedSpecs: [ConstraintSpec] = []

    /// The superview most items of the block have (ties: the first named).
    let commonSuperview: Int?

    init(block: ConflictBlock, viewIDs: [String], names: UniqueNames) {
      self.block = block
      self.viewIDs = viewIDs
      self.names = names
      var counts: [Int: Int] = [:]
      for item in block.items { if let superview = item.superview { counts[superview, default: 0] += 1 } }
      commonSuperview = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
    }

    mutating func build() {
      for constraint in block.constraints {
        guard case .marginsGuide = constraint.kind, let second = constraint.second else { continue }
        let pair = [constraint.first.item, second.item]
        if let guide = pair.first(where: { block.items[$0].guideName == "UIViewLayoutMarginsGuide" }),
          let view = pair.first(where: { $0 != guide })
        {
          marginsGuide[view] = guide
        }
      }
      for (index, item) in block.items.enumerated() {
        var node = ViewNode(id: viewIDs[index], kind: .view, location: item.location)
        // A flat child flush with the root must not take the safe area into its margins.
        node.insetsLayoutMarginsFromSafeArea = false
        children.append(node)
      }
      for (index, constraint) in block.constraints.enumerated() {
        idsByConstraint.append(add(constraint, index: index))
      }
      // UIKit's engine keeps every width and height ≥ 0 (docs/logs.md, "Sizes are never negative").
      for index in block.items.indices {
        addSizes(viewIDs[index])
      }
      for node in added { addSizes(node) }
      for spec in addedSpecs { append(spec, kind: ConflictDocumentBuilder.addedKind, source: nil) }
    }

    mutating func append(_ spec: ConstraintSpec, kind: ConstraintKind, source: Int?) {
      var spec = spec
      spec.kind = kind
      specs.append(spec)
      kinds[spec.id] = kind
      if let source { sources[spec.id] = source }
    }

    mutating func addSizes(_ view: String) {
      for attribute in [LayoutAttribute.width, .height] {
        let spec = ConstraintSpec(
          id: names.claim("size-\(view)-\(attribute == .width ? "w" : "h")"),
          first: AnchorReference(item: .view(view), attribute: attribute), relation: .greaterThanOrEqual,
          source: "UIKit keeps \(view).\(attribute.rawValue) >= 0")
        append(spec, kind: ConflictDocumentBuilder.sizeKind, source: nil)
      }
    }

    /// An added view, once per item and role.
    mutating func addedView(_ role: String, of item: Int) -> String {
      let key = "\(item)/\(role)"
      if let existing = addedByRole[key] { return existing }
      let id = names.claim("\(viewIDs[item])_\(role)")
      addedByRole[key] = id
      added.append(id)
      var node = ViewNode(id: id, kind: .view)
      node.insetsLayoutMarginsFromSafeArea = false
      children.append(node)
      let owner = LayoutItem.view(viewIDs[item])
      let me = LayoutItem.view(id)
      func pin(_ name: String, _ a: LayoutAttribute, _ relation: LayoutRelation, _ b: LayoutAttribute) -> ConstraintSpec
      {
        ConstraintSpec(
          id: names.claim("\(id)-\(name)"), first: AnchorReference(item: me, attribute: a), relation: relation,
          second: AnchorReference(item: owner, attribute: b),
          source: "\(id).\(a.rawValue) \(relation.rawValue) \(viewIDs[item]).\(b.rawValue)")
      }
      if role == "content" {
        // A scroll view's content area: its size is the content size; it starts at the
        // scroll view's origin (only its size takes part in a conflict).
        addedSpecs.append(pin("left", .left, .equal, .left))
        addedSpecs.append(pin("top", .top, .equal, .top))
      } else {
        // A baseline: a line of no height anywhere from the top to the bottom of its view
        // (the log prints no font, so the offset is free).
        addedSpecs.append(pin("left", .left, .equal, .left))
        addedSpecs.append(pin("width", .width, .equal, .width))
        addedSpecs.append(pin("min", .top, .greaterThanOrEqual, .top))
        addedSpecs.append(pin("max", .top, .lessThanOrEqual, .bottom))
        addedSpecs.append(
          ConstraintSpec(
            id: names.claim("\(id)-height"), first: AnchorReference(item: me, attribute: .height), relation: .equal,
            source: "\(id).height == 0"))
      }
      return id
    }

    /// The document's anchor for an item's printed attribute.
    mutating func anchor(_ anchor: LogAnchor) -> AnchorReference {
      let view = viewIDs[anchor.item]
      let location = anchor.location
      switch anchor.attribute {
      case .contentWidth:
        return AnchorReference(
          item: .view(addedView("content", of: anchor.item)), attribute: .width, location: location)
      case .contentHeight:
        return AnchorReference(
          item: .view(addedView("content", of: anchor.item)), attribute: .height, location: location)
      case .firstBaseline, .lastBaseline:
        if ConflictDocumentBuilder.hasTextBaseline(block.items[anchor.item].className) {
          let role = anchor.attribute.rawValue
          return AnchorReference(item: .view(addedView(role, of: anchor.item)), attribute: .top, location: location)
        }
        return AnchorReference(item: .view(view), attribute: .bottom, location: location)
      default:
        // `layoutAttribute` is non-nil for every other case.
        let attribute = anchor.attribute.layoutAttribute ?? .width
        if attribute.readsMargins, let guide = marginsGuide[anchor.item] {
          return AnchorReference(item: .view(viewIDs[guide]), attribute: attribute.unmargined, location: location)
        }
        return AnchorReference(item: .view(view), attribute: attribute, location: location)
      }
    }

    mutating func add(_ constraint: LogConstraint, index: Int) -> [String] {
      let base = "c\(constraint.listIndex + 1)"
      let first = anchor(constraint.first)
      var second = constraint.second.map { anchor($0) }
      if second == nil && !first.attribute.isSize {
        // A position printed without a superview (`midX == + 14.5`) is in its superview's
        // coordinates: the superview another description names for the item through `|`, else
        // the one the block's `|` names most, else the root's origin.
        let origin = block.items[constraint.first.item].superview ?? commonSuperview
        let item: LayoutItem =
          origin.flatMap { $0 == constraint.first.item ? nil : LayoutItem.view(viewIDs[$0]) }
          ?? .view(ConflictDocumentBuilder.rootID)
        second = AnchorReference(item: item, attribute: first.attribute.axis == .horizontal ? .left : .top)
      }
      func spec(_ id: String, _ relation: LayoutRelation, priority: Double) -> ConstraintSpec {
        ConstraintSpec(
          id: id, first: first, relation: relation, second: second, multiplier: constraint.multiplier,
          constant: Varying(constraint.constant), priority: Varying(min(1000, max(1, priority))),
          source: constraint.text, location: constraint.location)
      }
      if constraint.kind == .contentSize && (constraint.hugging != nil || constraint.compressionResistance != nil) {
        // Content hugging keeps the size at most the content's; compression resistance at least.
        var ids: [String] = []
        if let hugging = constraint.hugging {
          let id = names.claim(base + "-hug")
          append(spec(id, .lessThanOrEqual, priority: hugging), kind: constraint.kind, source: index)
          ids.append(id)
        }
        if let resistance = constraint.compressionResistance {
          let id = names.claim(base + "-cr")
          append(spec(id, .greaterThanOrEqual, priority: resistance), kind: constraint.kind, source: index)
          ids.append(id)
        }
        return ids
      }
      let id = names.claim(base)
      append(spec(id, constraint.relation, priority: constraint.priority), kind: constraint.kind, source: index)
      return [id]
    }
  }
}

extension LayoutAttribute {
  /// The edge or center a margin attribute is read from on a margins guide.
  var unmargined: LayoutAttribute {
    switch self {
    case .leftMargin: return .left
    case .rightMargin: return .right
    case .topMargin: return .top
    case .bottomMargin: return .bottom
    case .leadingMargin: return .leading
    case .trailingMargin: return .trailing
    case .centerXWithinMargins: return .centerX
    case .centerYWithinMargins: return .centerY
    default: return self
    }
  }
}
