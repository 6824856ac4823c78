import TrellisSupport

/// The edits worth trying for one problem, from the solved layout it was found in: none is
/// offered until ``FixChecker`` has checked it. Each candidate is a list of edits made together.
///
/// - ambiguity (`ambiguous-*`): each free attribute of the view is pinned to the nearest
///   sibling or superview edge it already lines up with in the solved frame, else to the
///   nearest one with the current distance as the constant (the picture stays as solved);
///   a free size to an equal sibling's, else to its current value;
/// - a conflict (`unsatisfiable`): the constraint UIKit breaks gets priority 999, or goes;
/// - a negative size (`negative-frame`): a required constraint of the view on that axis gets
///   priority 999, alone or with `width >= 0` (or `height >= 0`) added, which then wins;
/// - truncated text (`text-truncated`): `numberOfLines: 0`, or a compression resistance above
///   the default 750 on the axis;
/// - a view outside the safe area: a pin of it (or of an ancestor) to the root view's edge
///   on that side, rebased on the safe area; then all its pins to the root's edges at once;
/// - an overlap: a spacing constraint between the pair, along the axis they overlap least on;
/// - a small tap target (`tap-target-small`): `width >= 44` and or `height >= 44` on the sides
///   the button's frame falls short (a target cut by an ancestor gets none: its frame is big
///   enough).
public enum FixCandidates {
  /// How far apart two edges may be and still line up (points).
  static let alignment = 0.5
  /// The spacing an overlap fix asks for first: UIKit's standard spacing between siblings.
  static let spacing = 8.0

  /// The candidates for `diagnostic`, found in `result`, a layout of `document`.
  public static func candidates(for diagnostic: Diagnostic, in result: LayoutResult, document: LayoutDocument)
    -> [[LayoutEdit]]
  {
    let code = diagnostic.code.rawValue
    if code.hasPrefix("ambiguous-"), code != "ambiguous-stack-guides", code != "ambiguous-content-size" {
      return ambiguity(diagnostic, result)
    }
    switch code {
    case "unsatisfiable": return conflict(diagnostic, document)
    case "negative-frame": return negativeSize(diagnostic, result, document)
    case "text-truncated": return truncation(diagnostic, document)
    case "outside-safe-area": return outsideSafeArea(diagnostic, result, document)
    case "overlap": return overlap(diagnostic, result)
    case "tap-target-small": return tapTarget(diagnostic, result)
    default: return []
    }
  }

  // MARK: Ambiguity

  static func ambiguity(_ diagnostic: Diagnostic, _ result: LayoutResult) -> [[LayoutEdit]] {
    guard let id = diagnostic.subject, let entry = result.ambiguousViews.first(where: { $0.id == id }),
      let view = result.view(id), let parentID = view.parent, let parent = result.view(parentID)
    else { return [] }
    let siblings = result.views.filter { $0.parent == parentID && $0.id != id }
    let rightToLeft = result.environment.layoutDirection == .rightToLeft
    var lists: [[LayoutEdit]] = []
    for attribute in entry.attributes {
      let list: [LayoutEdit]
      switch attribute {
      case .left: list = position(view, .horizontal, parent: parent, siblings: siblings, rightToLeft: rightToLeft)
      case .top: list = position(view, .vertical, parent: parent, siblings: siblings, rightToLeft: false)
      case .width, .height: list = size(view, attribute, siblings: siblings)
      default: list = []
      }
      guard !list.isEmpty else { return [] }
      lists.append(list)
    }
    guard let longest = lists.map(\.count).max() else { return [] }
    // The n-th candidate pins every free attribute its n-th best way.
    return (0..<longest).map { n in lists.map { $0[min(n, $0.count - 1)] } }
  }

  /// One edge of a frame along an axis, as a coordinate that grows towards trailing (bottom):
  /// so a constraint's constant is the difference of two of them, in either layout direction.
  private static func edges(_ frame: Rect, _ axis: LayoutAttribute.Axis, rightToLeft: Bool)
    -> [(attribute: LayoutAttribute, value: Double)]
  {
    if axis == .vertical { return [(.top, frame.minY), (.bottom, frame.maxY), (.centerY, frame.midY)] }
    let sign = rightToLeft ? -1.0 : 1.0
    let leading = rightToLeft ? frame.maxX : frame.minX
    let trailing = rightToLeft ? frame.minX : frame.maxX
    return [(.leading, sign * leading), (.trailing, sign * trailing), (.centerX, sign * frame.midX)]
  }

  private static func position(
    _ view: LayoutResult.ViewFrame, _ axis: LayoutAttribute.Axis, parent: LayoutResult.ViewFrame,
    siblings: [LayoutResult.ViewFrame], rightToLeft: Bool
  ) -> [LayoutEdit] {
    let own = edges(view.frame, axis, rightToLeft: rightToLeft)
    // Aligned edges first (the picture stays), nearest view first; then the same edge of the
    // nearest sibling (the view moves to line up with it); then the superview's edges at the
    // current distance (the picture stays), nearest first.
    var aligned: [(Double, LayoutEdit)] = []
    var sameEdge: [(Double, LayoutEdit)] = []
    var offset: [(Double, LayoutEdit)] = []
    func pin(_ mine: LayoutAttribute, _ other: String, _ their: LayoutAttribute, _ constant: Double) -> LayoutEdit {
      LayoutEdit(
        .addConstraint(
          first: AnchorReference(item: .view(view.id), attribute: mine), relation: .equal,
          second: AnchorReference(item: .view(other), attribute: their), constant: constant))
    }
    func consider(_ other: LayoutResult.ViewFrame, pairs: [(LayoutAttribute, LayoutAttribute)], isParent: Bool) {
      let theirs = edges(other.frame, axis, rightToLeft: rightToLeft)
      let dx = view.frame.midX - other.frame.midX
      let dy = view.frame.midY - other.frame.midY
      let distance = isParent ? Double.infinity : (dx * dx + dy * dy).squareRoot()
      for (mine, their) in pairs {
        guard let a = own.first(where: { $0.attribute == mine }), let b = theirs.first(where: { $0.attribute == their })
        else { continue }
        if abs(a.value - b.value) < alignment {
          aligned.append((distance, pin(mine, other.id, their, 0)))
        } else if mine == their, !isParent {
          sameEdge.append((distance, pin(mine, other.id, their, 0)))
        } else if mine == their {
          let constant = ((a.value - b.value) * 2).rounded() / 2
          offset.append((abs(constant), pin(mine, other.id, their, constant)))
        }
      }
    }
    let same: [(LayoutAttribute, LayoutAttribute)] = own.map { ($0.attribute, $0.attribute) }
    let (start, end) = axis == .horizontal ? (LayoutAttribute.leading, LayoutAttribute.trailing) : (.top, .bottom)
    for sibling in siblings { consider(sibling, pairs: same + [(start, end), (end, start)], isParent: false) }
    consider(parent, pairs: same, isParent: true)
    let ordered =
      aligned.sorted { $0.0 < $1.0 } + sameEdge.sorted { $0.0 < $1.0 } + offset.sorted { $0.0 < $1.0 }
    return unique(ordered.map(\.1))
  }

  private static func size(
    _ view: LayoutResult.ViewFrame, _ attribute: LayoutAttribute, siblings: [LayoutResult.ViewFrame]
  )
    -> [LayoutEdit]
  {
    let value = attribute == .width ? view.frame.width : view.frame.height
    var out: [LayoutEdit] = []
    for sibling in siblings {
      let theirs = attribute == .width ? sibling.frame.width : sibling.frame.height
      if abs(theirs - value) < alignment, value > 0 {
        out.append(
          LayoutEdit(
            .addConstraint(
              first: AnchorReference(item: .view(view.id), attribute: attribute), relation: .equal,
              second: AnchorReference(item: .view(sibling.id), attribute: attribute), constant: 0)))
      }
    }
    if value >= 0 {
      out.append(
        LayoutEdit(
          .addConstraint(
            first: AnchorReference(item: .view(view.id), attribute: attribute), relation: .equal, second: nil,
            constant: (value * 2).rounded() / 2)))
    }
    return out
  }

  // MARK: Conflicts and negative sizes

  /// The file's constraint a diagnostic points at: the one written at its location and path,
  /// alone there (a Visual Format string makes several, which no edit of one can change).
  static func constraint(at diagnostic: Diagnostic, _ document: LayoutDocument) -> ConstraintSpec? {
    guard let location = diagnostic.location else { return nil }
    let here = document.constraints.filter { $0.location == location && $0.path == diagnostic.path }
    guard here.count == 1, let spec = here.first,
      document.constraints.filter({ $0.path == spec.path }).count == 1
    else { return nil }
    return spec
  }

  static func conflict(_ diagnostic: Diagnostic, _ document: LayoutDocument) -> [[LayoutEdit]] {
    guard let spec = constraint(at: diagnostic, document), spec.kind == .app else { return [] }
    var out: [[LayoutEdit]] = []
    if !spec.priority.varies, spec.priority.base == 1000 {
      out.append([LayoutEdit(.setPriority(constraint: spec.id, priority: 999), constraintText: spec.source)])
    }
    out.append([LayoutEdit(.removeConstraint(spec.id), constraintText: spec.source)])
    return out
  }

  /// The required, single constraints a file wrote (not one of a Visual Format string's), whose
  /// priority an edit can lower.
  static func editableRequired(_ document: LayoutDocument) -> [ConstraintSpec] {
    var perPath: [String: Int] = [:]
    for spec in document.constraints { if let path = spec.path { perPath[path, default: 0] += 1 } }
    return document.constraints.filter { spec in
      spec.kind == .app && !spec.priority.varies && spec.priority.base == 1000
        && (spec.path.map { perPath[$0] == 1 } ?? false)
    }
  }

  static func negativeSize(_ diagnostic: Diagnostic, _ result: LayoutResult, _ document: LayoutDocument)
    -> [[LayoutEdit]]
  {
    guard let id = diagnostic.subject, let view = result.view(id) else { return [] }
    var out: [[LayoutEdit]] = []
    for (axis, size, negative) in [
      (LayoutAttribute.Axis.horizontal, LayoutAttribute.width, view.frame.width < 0),
      (.vertical, .height, view.frame.height < 0),
    ] where negative {
      let squeezing = editableRequired(document).filter { spec in
        spec.first.attribute.axis == axis && (spec.first.item == .view(id) || spec.second?.item == .view(id))
      }
      let floor = LayoutEdit(
        .addConstraint(
          first: AnchorReference(item: .view(id), attribute: size), relation: .greaterThanOrEqual, second: nil,
          constant: 0))
      for spec in squeezing {
        out.append([floor, LayoutEdit(.setPriority(constraint: spec.id, priority: 999), constraintText: spec.source)])
      }
    }
    return out
  }

  // MARK: Text

  static func truncation(_ diagnostic: Diagnostic, _ document: LayoutDocument) -> [[LayoutEdit]] {
    guard let id = diagnostic.subject, let node = document.allViews.first(where: { $0.id == id }) else { return [] }
    var out: [[LayoutEdit]] = []
    if node.numberOfLines != 0 { out.append([LayoutEdit(.setNumberOfLines(view: id, lines: 0))]) }
    if !node.compressionResistanceByClass.varies, node.compressionResistance.horizontal < 751 {
      out.append([LayoutEdit(.setCompressionResistance(view: id, axis: .horizontal, priority: 751))])
    }
    return out
  }

  // MARK: Design checks

  static func outsideSafeArea(_ diagnostic: Diagnostic, _ result: LayoutResult, _ document: LayoutDocument)
    -> [[LayoutEdit]]
  {
    guard let id = diagnostic.subject, let view = result.view(id), let root = result.views.first else { return [] }
    let safe = result.safeArea
    let rightToLeft = result.environment.layoutDirection == .rightToLeft
    let tolerance = Tolerance.designFinding
    // The root's edges the view passes.
    var passed: Set<LayoutAttribute> = []
    if view.frame.minY < safe.minY - tolerance { passed.insert(.top) }
    if view.frame.maxY > safe.maxY + tolerance { passed.insert(.bottom) }
    if view.frame.minX < safe.minX - tolerance { passed.formUnion([.left, rightToLeft ? .trailing : .leading]) }
    if view.frame.maxX > safe.maxX + tolerance { passed.formUnion([.right, rightToLeft ? .leading : .trailing]) }
    // The view and its ancestors below the root.
    var chain: Set<String> = []
    var current: String? = id
    while let next = current, next != root.id {
      chain.insert(next)
      current = result.view(next)?.parent
    }
    // The pins on the sides it leaves here, one at a time and together; then every pin of it to
    // the root's edges, for the environments where it leaves by another side.
    var pins: [LayoutEdit] = []
    var all: [LayoutEdit] = []
    for spec in document.constraints where spec.kind == .app {
      let rootSide = [spec.first, spec.second].compactMap { $0 }.first { $0.item == .view(root.id) }
      let viewSide = [spec.first, spec.second].compactMap { $0 }.first { $0.item.viewID.map(chain.contains) ?? false }
      guard let rootSide, viewSide != nil, LayoutEdit.rebasable.contains(rootSide.attribute) else { continue }
      let edit = LayoutEdit(.rebaseOnSafeArea(constraint: spec.id, root: root.id), constraintText: spec.source)
      all.append(edit)
      if passed.contains(rootSide.attribute) { pins.append(edit) }
    }
    var out = pins.map { [$0] }
    if pins.count > 1 { out.append(pins) }
    if all.count > pins.count { out.append(all) }
    return out
  }

  static func overlap(_ diagnostic: Diagnostic, _ result: LayoutResult) -> [[LayoutEdit]] {
    guard let id = diagnostic.subject, let view = result.view(id) else { return [] }
    let tolerance = Tolerance.designFinding
    let partner = result.views.first { other in
      other.id != id && other.parent == view.parent && !other.isEffectivelyHidden && other.kind != .guide
        && min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX) > tolerance
        && min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY) > tolerance
        && diagnostic.location.map { location in
          result.resolution?.views.first { $0.id == other.id }?.location == location
        }
          ?? true
    }
    guard let other = partner else { return [] }
    let rightToLeft = result.environment.layoutDirection == .rightToLeft
    let (upper, lower) = view.frame.midY <= other.frame.midY ? (view, other) : (other, view)
    let leftFirst = view.frame.midX <= other.frame.midX
    let (before, after) = leftFirst != rightToLeft ? (view, other) : (other, view)
    func spaced(_ first: String, _ a: LayoutAttribute, _ second: String, _ b: LayoutAttribute, _ gap: Double)
      -> LayoutEdit
    {
      LayoutEdit(
        .addConstraint(
          first: AnchorReference(item: .view(first), attribute: a), relation: .greaterThanOrEqual,
          second: AnchorReference(item: .view(second), attribute: b), constant: gap))
    }
    let vertical = [
      spaced(lower.id, .top, upper.id, .bottom, spacing), spaced(lower.id, .top, upper.id, .bottom, 0),
    ]
    let horizontal = [
      spaced(after.id, .leading, before.id, .trailing, spacing), spaced(after.id, .leading, before.id, .trailing, 0),
    ]
    let overlapWidth = min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX)
    let overlapHeight = min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY)
    let ordered = overlapHeight <= overlapWidth ? vertical + horizontal : horizontal + vertical
    return ordered.map { [$0] }
  }

  static func tapTarget(_ diagnostic: Diagnostic, _ result: LayoutResult) -> [[LayoutEdit]] {
    guard let id = diagnostic.subject, let view = result.view(id) else { return [] }
    let minimum = AccessibilityChecks.minimumTapTarget
    let edits = [(LayoutAttribute.width, view.frame.width), (.height, view.frame.height)]
      .filter { $0.1 < minimum - Tolerance.designFinding }
      .map { attribute, _ in
        LayoutEdit(
          .addConstraint(
            first: AnchorReference(item: .view(id), attribute: attribute), relation: .greaterThanOrEqual,
            second: nil, constant: minimum))
      }
    return edits.isEmpty ? [] : [edits]
  }

  private static func unique(_ edits: [LayoutEdit]) -> [LayoutEdit] {
    var seen = Set<LayoutEdit>()
    return edits.filter { seen.insert($0).inserted }
  }
}
