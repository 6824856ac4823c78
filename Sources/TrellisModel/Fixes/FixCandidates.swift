import TrellisSupport
import TrellisText

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
///   then the root-relative constraints the engine says its offending edge rests on (a pin of
///   a sibling it is chained to, a centring), rebased; then `v.top >= safeArea.top` (or the
///   side it leaves), alone or with a required constraint its edge rests on lowered to 999;
/// - an overlap: a spacing constraint between the pair, along the axis they overlap least on;
/// - a small tap target (`tap-target-small`): `width >= 44` and or `height >= 44` on the sides
///   the button's frame falls short (a target cut by an ancestor gets none: its frame is big
///   enough);
/// - overlapping tap targets (`tap-target-overlap`): a spacing constraint between the button
///   and each one drawn over it, as for an overlap; then between their ancestors that are
///   siblings;
/// - text too small (`text-too-small`): the least `fontSize` (to half a point) that is legible
///   in every environment it was found in; then `fontSize: 11` with `textStyle: caption2`, the
///   style whose size never falls below 11 pt, so that it scales;
/// - an approximate view safe-area guide (`guide-approximate`): every constraint naming the
///   view's guide names instead what UIKit's guide edge is in every environment checked: the
///   root's `safeArea` (the view reaches past the safe area on that edge everywhere) or the
///   view's own edge (it is inside everywhere); none when neither holds everywhere.
public enum FixCandidates {
  /// How far apart two edges may be and still line up (points).
  static let alignment = 0.5
  /// The spacing an overlap fix asks for first: UIKit's standard spacing between siblings.
  static let spacing = 8.0

  /// The candidates for `diagnostic`, found in `result`, a layout of `document`.
  ///
  /// - Parameters:
  ///   - diagnostic: the problem to fix, as the engine or a design check reported it.
  ///   - result: a layout it was found in.
  ///   - document: the layout's document, which the candidates edit.
  ///   - found: every layout it was found in (`result` first); `[result]` when not given.
  ///   - all: every layout the command checked; `found` when not given.
  ///   - explain: says which constraints the values of `document`'s layout rest on in an
  ///     environment (the engine's explanations), for a view outside the safe area.
  public static func candidates(
    for diagnostic: Diagnostic, in result: LayoutResult, document: LayoutDocument, found: [LayoutResult] = [],
    all: [LayoutResult] = [], explain: FixChecker.Explain? = nil
  ) -> [[LayoutEdit]] {
    let found = found.isEmpty ? [result] : found
    let all = all.isEmpty ? found : all
    let code = diagnostic.code.rawValue
    if code.hasPrefix("ambiguous-"), code != "ambiguous-stack-guides", code != "ambiguous-content-size" {
      return ambiguity(diagnostic, result)
    }
    switch code {
    case "unsatisfiable": return conflict(diagnostic, document)
    case "negative-frame": return negativeSize(diagnostic, result, document)
    case "text-truncated": return truncation(diagnostic, document)
    case "outside-safe-area": return outsideSafeArea(diagnostic, result, document, explain)
    case "overlap": return overlap(diagnostic, result)
    case "tap-target-small": return tapTarget(diagnostic, result)
    case "tap-target-overlap": return tapTargetOverlap(diagnostic, result)
    case "text-too-small": return smallText(diagnostic, found, document)
    case "guide-approximate": return viewGuide(diagnostic, all, document)
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

  static func outsideSafeArea(
    _ diagnostic: Diagnostic, _ result: LayoutResult, _ document: LayoutDocument, _ explain: FixChecker.Explain?
  ) -> [[LayoutEdit]] {
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
    return out + placing(id, passed: passed, result, document, explain, tried: Set(all))
  }

  /// For a view outside the safe area that its own pins do not place (its top chained through
  /// a sibling, a centring): the root-relative constraints its offending edges rest on in
  /// `result` (the engine's explanation of each edge), rebased on the safe area, one at a time
  /// and together; then a required inequality keeping each offending edge inside the safe area,
  /// alone (it wins over optional constraints) or with a required constraint the edge rests on
  /// at 999 (so that it gives way).
  private static func placing(
    _ id: String, passed: Set<LayoutAttribute>, _ result: LayoutResult, _ document: LayoutDocument,
    _ explain: FixChecker.Explain?, tried: Set<LayoutEdit>
  ) -> [[LayoutEdit]] {
    guard let root = result.views.first else { return [] }
    let physical: [LayoutAttribute] = [.top, .bottom, .left, .right].filter(passed.contains)
    var resting: [String] = []
    if let explain {
      let requests = physical.map { (view: id, quantity: FrameExplanation.Quantity.anchor($0)) }
      for explanation in explain(result.environment, requests) {
        for step in explanation?.steps ?? [] where !resting.contains(step.constraint.id) {
          resting.append(step.constraint.id)
        }
      }
    }
    let specs = resting.compactMap { id in document.constraints.first { $0.id == id && $0.kind == .app } }
    var rebased: [LayoutEdit] = []
    for spec in specs {
      let rootSide = [spec.first, spec.second].compactMap { $0 }.first { $0.item == .view(root.id) }
      guard let rootSide, LayoutEdit.rebasable.contains(rootSide.attribute) else { continue }
      let edit = LayoutEdit(.rebaseOnSafeArea(constraint: spec.id, root: root.id), constraintText: spec.source)
      if !tried.contains(edit) { rebased.append(edit) }
    }
    var out = rebased.map { [$0] }
    if rebased.count > 1 { out.append(rebased) }
    // The side it leaves as the notation names it: leading and trailing, which keep their
    // meaning in either layout direction.
    let inside = physical.map { side -> LayoutEdit in
      let (attribute, relation): (LayoutAttribute, LayoutRelation)
      switch side {
      case .top: (attribute, relation) = (.top, .greaterThanOrEqual)
      case .bottom: (attribute, relation) = (.bottom, .lessThanOrEqual)
      case .left where result.environment.layoutDirection == .rightToLeft:
        (attribute, relation) = (.trailing, .lessThanOrEqual)
      case .left: (attribute, relation) = (.leading, .greaterThanOrEqual)
      case _ where result.environment.layoutDirection == .rightToLeft:
        (attribute, relation) = (.leading, .greaterThanOrEqual)
      default: (attribute, relation) = (.trailing, .lessThanOrEqual)
      }
      return LayoutEdit(
        .addConstraint(
          first: AnchorReference(item: .view(id), attribute: attribute), relation: relation,
          second: AnchorReference(item: .safeArea, attribute: attribute), constant: 0))
    }
    guard !inside.isEmpty else { return out }
    out.append(inside)
    let required = Set(editableRequired(document).map(\.id))
    for spec in specs where required.contains(spec.id) {
      out.append(inside + [LayoutEdit(.setPriority(constraint: spec.id, priority: 999), constraintText: spec.source)])
    }
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
    let overlapWidth = min(view.frame.maxX, other.frame.maxX) - max(view.frame.minX, other.frame.minX)
    let overlapHeight = min(view.frame.maxY, other.frame.maxY) - max(view.frame.minY, other.frame.minY)
    return spacings(view, other, overlap: (overlapWidth, overlapHeight), result).map { [$0] }
  }

  /// Spacing constraints that part two views: `lower.top >= upper.bottom + 8` (then `+ 0`)
  /// and `after.leading >= before.trailing + 8` (then `+ 0`), the axis of the lesser overlap
  /// first.
  private static func spacings(
    _ view: LayoutResult.ViewFrame, _ other: LayoutResult.ViewFrame, overlap: (width: Double, height: Double),
    _ result: LayoutResult
  ) -> [LayoutEdit] {
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
    return overlap.height <= overlap.width ? vertical + horizontal : horizontal + vertical
  }

  /// The buttons whose tap targets overlap the subject's, drawn over it (later in the
  /// document), each parted from it as an overlap is: the n-th candidate parts every pair its
  /// n-th way, the buttons first, then their ancestors that are siblings (a target is cut by
  /// its ancestors, so overlapping targets sit in overlapping siblings up the tree).
  static func tapTargetOverlap(_ diagnostic: Diagnostic, _ result: LayoutResult) -> [[LayoutEdit]] {
    guard let id = diagnostic.subject else { return [] }
    let drawn = result.views.filter { !$0.isEffectivelyHidden && $0.kind != .guide && $0.parent != nil }
    let targets = AccessibilityChecks.tapTargets(result, drawn)
    guard let index = targets.firstIndex(where: { $0.id == id }) else { return [] }
    let below = targets[index]
    let tolerance = DesignChecks.tolerance
    var lists: [[LayoutEdit]] = []
    for above in targets[(index + 1)...] {
      let width = min(below.area.maxX, above.area.maxX) - max(below.area.minX, above.area.minX)
      let height = min(below.area.maxY, above.area.maxY) - max(below.area.minY, above.area.minY)
      guard width > tolerance, height > tolerance, let a = result.view(below.id), let b = result.view(above.id)
      else { continue }
      var list = spacings(a, b, overlap: (width, height), result)
      if let (upA, upB) = siblingAncestors(below.id, above.id, result), upA.id != a.id || upB.id != b.id {
        let overlap = (
          min(upA.frame.maxX, upB.frame.maxX) - max(upA.frame.minX, upB.frame.minX),
          min(upA.frame.maxY, upB.frame.maxY) - max(upA.frame.minY, upB.frame.minY)
        )
        list += spacings(upA, upB, overlap: overlap, result)
      }
      lists.append(list)
    }
    guard let longest = lists.map(\.count).max() else { return [] }
    return (0..<longest).map { n in lists.map { $0[min(n, $0.count - 1)] } }
  }

  /// The ancestors (or the views themselves) of `a` and `b` that are children of their nearest
  /// common ancestor; `nil` when one contains the other.
  private static func siblingAncestors(_ a: String, _ b: String, _ result: LayoutResult)
    -> (LayoutResult.ViewFrame, LayoutResult.ViewFrame)?
  {
    func chain(_ id: String) -> [String] {
      var out: [String] = []
      var next: String? = id
      while let current = next, out.count <= result.views.count {
        out.append(current)
        next = result.view(current)?.parent
      }
      return out.reversed()
    }
    let (up, down) = (chain(a), chain(b))
    var shared = 0
    while shared < up.count, shared < down.count, up[shared] == down[shared] { shared += 1 }
    guard shared < up.count, shared < down.count, let first = result.view(up[shared]),
      let second = result.view(down[shared])
    else { return nil }
    return (first, second)
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

  // MARK: Text size

  /// The least `fontSize`, to half a point up, at which the view's text is set at 11 pt or
  /// more in every layout of `found` (a size scaled with a text style shrinks with the style
  /// below the default content size: 11 × 17 / 14 for Body at xSmall); then, for a view with no
  /// text style, `fontSize: 11` scaled with Caption 2, which is 11 pt at every size up to the
  /// default and grows past it. None for a size that varies per size class (an edit would drop
  /// the variations) or a text style that ignores `fontSize`.
  static func smallText(_ diagnostic: Diagnostic, _ found: [LayoutResult], _ document: LayoutDocument)
    -> [[LayoutEdit]]
  {
    guard let id = diagnostic.subject, let node = document.allViews.first(where: { $0.id == id }),
      node.kind == .label || node.kind == .button, !node.fontSize.varies
    else { return [] }
    let minimum = AccessibilityChecks.minimumTextSize
    var needed = minimum
    if let styles = node.textStyle {
      guard node.scalesFontSizeWithTextStyle else { return [] }
      for result in found {
        let scale = DynamicType.scaledSize(
          1, relativeTo: styles.resolved(for: result.environment.traits), for: result.environment.contentSizeCategory)
        guard scale > 0 else { return [] }
        needed = max(needed, minimum / scale)
      }
    }
    // Up to the next half point, a hair of rounding error below one not counting.
    let size = ((needed - 1e-9) * 2).rounded(.up) / 2
    guard size > node.fontSize.base else { return [] }
    var out = [[LayoutEdit(.setFont(view: id, size: size, textStyle: nil))]]
    if node.textStyle == nil {
      out.append([LayoutEdit(.setFont(view: id, size: minimum, textStyle: .caption2))])
    }
    return out
  }

  // MARK: View safe-area guides

  /// Every constraint naming the view's own safe-area guide, made to name instead the root's
  /// safe area or the view's own edge, whichever UIKit's guide edge is in every layout of
  /// `all`: the guide's top is the lower of the view's top and the safe area's (UIKit insets a
  /// view's guide by the part of the safe area insets its frame overlaps), so it is the safe
  /// area's top wherever the view starts above it and the view's own wherever it starts inside.
  /// None when the view does both in different environments (no linear constraint says both),
  /// or when a constraint names a centre or size of the guide.
  static func viewGuide(_ diagnostic: Diagnostic, _ all: [LayoutResult], _ document: LayoutDocument)
    -> [[LayoutEdit]]
  {
    guard let owner = diagnostic.subject else { return [] }
    let guide = ViewSafeArea.guide(of: owner)
    let tolerance = Tolerance.guideInset
    /// How far the view reaches past the safe area on the side of `attribute` in one layout
    /// (negative: inside); `nil` for an attribute that is no edge, or a view not laid out.
    func beyond(_ attribute: LayoutAttribute, _ result: LayoutResult) -> Double? {
      guard let frame = result.view(owner)?.frame else { return nil }
      let safe = result.safeArea
      let rightToLeft = result.environment.layoutDirection == .rightToLeft
      switch attribute {
      case .top: return safe.minY - frame.minY
      case .bottom: return frame.maxY - safe.maxY
      case .left: return safe.minX - frame.minX
      case .right: return frame.maxX - safe.maxX
      case .leading: return rightToLeft ? frame.maxX - safe.maxX : safe.minX - frame.minX
      case .trailing: return rightToLeft ? safe.minX - frame.minX : frame.maxX - safe.maxX
      default: return nil
      }
    }
    var edits: [LayoutEdit] = []
    for spec in document.constraints {
      let named = [spec.first, spec.second].compactMap { $0 }.filter { $0.item == guide }
      guard !named.isEmpty else { continue }
      guard spec.kind == .app else { return [] }
      // On the safe area's edge, both names say the same.
      var onSafeArea = true
      var onView = true
      for reference in named {
        for result in all {
          guard let distance = beyond(reference.attribute, result) else { return [] }
          if distance > tolerance { onView = false }
          if distance < -tolerance { onSafeArea = false }
        }
      }
      guard onSafeArea || onView else { return [] }
      edits.append(
        LayoutEdit(.rebaseGuide(constraint: spec.id, owner: owner, onSafeArea: onSafeArea), constraintText: spec.source)
      )
    }
    return edits.isEmpty ? [] : [edits]
  }

  private static func unique(_ edits: [LayoutEdit]) -> [LayoutEdit] {
    var seen = Set<LayoutEdit>()
    return edits.filter { seen.insert($0).inserted }
  }
}
