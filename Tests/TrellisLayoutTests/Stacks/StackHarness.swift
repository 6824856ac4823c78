import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisTestSupport
import XCTest

/// A deliberately small stand-in for the resolver, for testing stack constraints on their own:
/// each view and guide gets x, y, width, height in root coordinates; the root is fixed at
/// (0, 0, size); intrinsic sizes add hugging and compression resistance; every stack adds
/// `StackLayout.constraints`. Leading/trailing are `x`/`x + width` left-to-right and
/// `−(x + width)`/`−x` right-to-left (values grow toward the trailing edge, as in UIKit), so
/// `b.leading == a.trailing + 8` puts b 8 pt past a in either direction. Baselines: top +
/// offset when known, else the bottom edge.
struct StackHarness {
  struct Solved {
    var frames: [String: Rect]
    var ambiguous: [String]
    subscript(_ id: String) -> Rect {
      frames[id] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }
  }

  var size: Size
  /// All views, root first; `parent` links them, `children` give stack order.
  var views: [ResolvedView]
  var constraints: [LayoutConstraint] = []
  var direction: LayoutDirection = .leftToRight

  init(
    size: Size, views: [ResolvedView], constraints: [LayoutConstraint] = [], direction: LayoutDirection = .leftToRight
  ) {
    self.size = size
    self.views = views
    self.constraints = constraints
    self.direction = direction
  }

  /// The views and installed file constraints of `document` (built with `Layout`), resolved
  /// in a `size` environment with `traits`; the harness then adds only the stacks' constraints.
  init(
    _ document: LayoutDocument, size: Size, traits: TraitCollection = wChR, direction: LayoutDirection = .leftToRight
  ) {
    let resolved = document.resolved(
      for: Environment(containerSize: size, traits: traits, layoutDirection: direction))
    self.init(size: size, views: resolved.views, constraints: resolved.constraints, direction: direction)
  }

  private struct Box {
    let x, y, w, h: Variable
  }

  /// Solves; throws the solver's error for a required conflict.
  func solve() throws -> Solved {
    let solver = Solver()
    var boxes: [String: Box] = [:]
    var order: [String] = []
    func box(_ id: String) -> Box {
      if let existing = boxes[id] { return existing }
      let made = Box(
        x: solver.makeVariable("\(id).x"), y: solver.makeVariable("\(id).y"), w: solver.makeVariable("\(id).w"),
        h: solver.makeVariable("\(id).h"))
      boxes[id] = made
      order.append(id)
      return made
    }
    let byID = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0) })
    var all = constraints
    for view in views {
      _ = box(view.id)
      if let properties = view.stack, properties.axis == .horizontal || properties.axis == .vertical {
        let arranged = view.children.compactMap { byID[$0] }
        let generated = StackLayout.constraints(for: view, arranged: arranged)
        generated.guides.forEach { _ = box($0.description) }
        all += generated.constraints
      }
    }
    guard let root = views.first else { return Solved(frames: [:], ambiguous: []) }
    let rootBox = box(root.id)
    try solver.add(rootBox.x == 0)
    try solver.add(rootBox.y == 0)
    try solver.add(rootBox.w == size.width)
    try solver.add(rootBox.h == size.height)
    for view in views {
      let b = box(view.id)
      try solver.add(b.w >= 0)
      try solver.add(b.h >= 0)
      if let width = view.intrinsicWidth {
        try solver.add((b.w <= width).priority(Priority(view.hugging.horizontal)))
        try solver.add((b.w >= width).priority(Priority(view.compressionResistance.horizontal)))
      }
      if let height = view.intrinsicHeight {
        try solver.add((b.h <= height).priority(Priority(view.hugging.vertical)))
        try solver.add((b.h >= height).priority(Priority(view.compressionResistance.vertical)))
      }
    }
    func expression(_ anchor: AnchorReference) -> LinearExpression {
      let b = box(anchor.item.description)
      let view = byID[anchor.item.description]
      let margins = view?.layoutMargins ?? .zero
      let rtl = direction == .rightToLeft
      let leading = rtl ? -(b.x + b.w) : LinearExpression(b.x)
      let trailing = rtl ? -LinearExpression(b.x) : b.x + b.w
      switch anchor.attribute {
      case .left: return LinearExpression(b.x)
      case .right: return b.x + b.w
      case .top: return LinearExpression(b.y)
      case .bottom: return b.y + b.h
      case .leading: return leading
      case .trailing: return trailing
      case .width: return LinearExpression(b.w)
      case .height: return LinearExpression(b.h)
      case .centerX: return b.x + b.w * 0.5
      case .centerY: return b.y + b.h * 0.5
      case .firstBaseline: return view?.firstBaselineOffset.map { b.y + $0 } ?? b.y + b.h
      case .lastBaseline: return view?.lastBaselineOffset.map { b.y + $0 } ?? b.y + b.h
      case .leftMargin: return b.x + margins.left
      case .rightMargin: return b.x + b.w - margins.right
      case .topMargin: return b.y + margins.top
      case .bottomMargin: return b.y + b.h - margins.bottom
      case .leadingMargin: return leading + (rtl ? margins.right : margins.left)
      case .trailingMargin: return trailing - (rtl ? margins.left : margins.right)
      case .centerXWithinMargins: return b.x + margins.left + (b.w - margins.left - margins.right) * 0.5
      case .centerYWithinMargins: return b.y + margins.top + (b.h - margins.top - margins.bottom) * 0.5
      }
    }
    for constraint in all {
      let lhs = expression(constraint.first)
      let rhs =
        (constraint.second.map { expression($0) * constraint.multiplier } ?? LinearExpression())
        + constraint.constant
      let relation: Relation =
        switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
      try solver.add(Constraint(lhs, relation, rhs, priority: Priority(constraint.priority), label: constraint.id))
    }
    var frames: [String: Rect] = [:]
    var ambiguous: [String] = []
    for id in order {
      guard let b = boxes[id] else { continue }
      frames[id] = Rect(
        x: solver.value(of: b.x), y: solver.value(of: b.y), width: solver.value(of: b.w), height: solver.value(of: b.h))
      if !solver.ambiguousVariables(among: [b.x, b.y, b.w, b.h]).isEmpty { ambiguous.append(id) }
    }
    return Solved(frames: frames, ambiguous: ambiguous)
  }
}
