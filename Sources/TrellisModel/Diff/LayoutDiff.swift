/// What changes between two environments of one document: the diff of two resolutions (installed
/// constraints, hidden flags, texts, stack properties) plus the diff of two solved results (frames).
///
/// Everything is matched by id and listed in document or file order, never in hash order. It
/// reads only model values, so any client that shows a rotation can use it (the `rotate` command
/// prints it).
public struct LayoutDiff: Sendable {
  /// A property of one view that differs.
  public struct Change<Value: Sendable & Equatable>: Sendable, Equatable {
    public var id: String
    public var before: Value
    public var after: Value
  }

  /// A constraint installed on both sides whose constant, priority or terms differ.
  public struct ConstraintChange: Sendable, Equatable {
    public var before: LayoutConstraint
    public var after: LayoutConstraint
  }

  public var before: Environment
  public var after: Environment
  /// Constraints installed before and not after, in the first layout's order.
  public var uninstalled: [LayoutConstraint]
  /// Constraints installed after and not before, in the second layout's order.
  public var installed: [LayoutConstraint]
  public var changedConstraints: [ConstraintChange]
  public var hidden: [Change<Bool>]
  public var texts: [Change<String?>]
  public var fontSizes: [Change<Double>]
  public var stacks: [Change<ResolvedStack?>]
  /// Views whose frame (in root coordinates) differs, in the second result's order.
  public var moved: [Change<Rect>]
  /// Views the second environment uninstalls (IB's per-size-class "installed" box), with their
  /// subviews, in the first resolution's document order.
  public var uninstalledViews: [String]
  /// Views the second environment installs, in its document order.
  public var installedViews: [String]
  /// Views present in only one result (the views installed or uninstalled per size class).
  public var appeared: [String]
  public var disappeared: [String]

  /// Whether a size class differs (UIKit then sends a trait transition as well as a size transition).
  public var sizeClassChanged: Bool { before.traits != after.traits }
  public var sizeChanged: Bool { before.containerSize != after.containerSize }

  /// Diffs two resolutions and their solved results.
  ///
  /// - Parameters:
  ///   - old: the resolution before.
  ///   - new: the resolution after.
  ///   - solvedBefore: the layout of `old`.
  ///   - solvedAfter: the layout of `new`.
  ///   - tolerance: frames closer than this in every coordinate count as unmoved.
  public init(
    from old: ResolvedLayout, to new: ResolvedLayout, solvedBefore: LayoutResult, solvedAfter: LayoutResult,
    tolerance: Double = Tolerance.sameFrame
  ) {
    before = solvedBefore.environment
    after = solvedAfter.environment
    let oldIDs = Set(old.constraints.map(\.id))
    let newIDs = Set(new.constraints.map(\.id))
    uninstalled = old.constraints.filter { !newIDs.contains($0.id) }
    installed = new.constraints.filter { !oldIDs.contains($0.id) }
    changedConstraints = []
    var newByID: [String: LayoutConstraint] = [:]
    for constraint in new.constraints where newByID[constraint.id] == nil { newByID[constraint.id] = constraint }
    for constraint in old.constraints {
      guard let other = newByID[constraint.id], !Self.sameEquation(constraint, other) else { continue }
      changedConstraints.append(ConstraintChange(before: constraint, after: other))
    }

    var oldViews: [String: ResolvedView] = [:]
    for view in old.views where oldViews[view.id] == nil { oldViews[view.id] = view }
    let newViewIDs = Set(new.views.map(\.id))
    uninstalledViews = old.views.map(\.id).filter { !newViewIDs.contains($0) }
    installedViews = new.views.map(\.id).filter { oldViews[$0] == nil }
    hidden = []
    texts = []
    fontSizes = []
    stacks = []
    for view in new.views {
      guard let previous = oldViews[view.id] else { continue }
      if previous.hidden != view.hidden {
        hidden.append(Change(id: view.id, before: previous.hidden, after: view.hidden))
      }
      if previous.text != view.text { texts.append(Change(id: view.id, before: previous.text, after: view.text)) }
      if previous.fontSize != view.fontSize {
        fontSizes.append(Change(id: view.id, before: previous.fontSize, after: view.fontSize))
      }
      if previous.stack != view.stack { stacks.append(Change(id: view.id, before: previous.stack, after: view.stack)) }
    }

    var oldFrames: [String: Rect] = [:]
    for view in solvedBefore.views where oldFrames[view.id] == nil { oldFrames[view.id] = view.frame }
    let newFrameIDs = Set(solvedAfter.views.map(\.id))
    moved = []
    appeared = []
    for view in solvedAfter.views {
      guard let frame = oldFrames[view.id] else {
        appeared.append(view.id)
        continue
      }
      if !Self.close(frame, view.frame, tolerance) {
        moved.append(Change(id: view.id, before: frame, after: view.frame))
      }
    }
    disappeared = solvedBefore.views.map(\.id).filter { !newFrameIDs.contains($0) }
  }

  static func sameEquation(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
    a.first == b.first && a.relation == b.relation && a.second == b.second && a.multiplier == b.multiplier
      && a.constant == b.constant && a.priority == b.priority
  }

  static func close(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
      && abs(a.height - b.height) <= tolerance
  }
}
