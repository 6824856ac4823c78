// Collects the constraints and guides one stack generates, naming each as UIKit would.

/// Accumulates a stack's generated constraints with ids `stack#reason#n` (n counts per reason,
/// 1-based, in generation order) and its guides `stack#name`.
struct StackConstraintBuilder {
  let stackID: String
  let location: SourceLocation?
  private(set) var guides: [LayoutItem] = []
  private(set) var constraints: [LayoutConstraint] = []
  /// Used only for lookups, never iterated: output order is the order of `add` calls.
  private var countByReason: [String: Int] = [:]

  init(stackID: String, location: SourceLocation?) {
    self.stackID = stackID
    self.location = location
  }

  /// Registers a guide the solver must create and returns it (`stack#name`).
  mutating func makeGuide(_ name: String) -> LayoutItem {
    let guide = LayoutItem.generated(owner: stackID, name: name)
    guides.append(guide)
    return guide
  }

  /// Adds `item1.attribute1 relation multiplier × item2.attribute2 + constant @priority`.
  mutating func add(
    _ reason: String, _ item1: LayoutItem, _ attribute1: LayoutAttribute, _ relation: LayoutRelation,
    _ item2: LayoutItem? = nil, _ attribute2: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
    priority: Double = 1000
  ) {
    let count = (countByReason[reason] ?? 0) + 1
    countByReason[reason] = count
    let second = item2.map { AnchorReference(item: $0, attribute: attribute2 ?? attribute1, location: location) }
    var constraint = LayoutConstraint(
      id: "\(stackID)#\(reason)#\(count)",
      first: AnchorReference(item: item1, attribute: attribute1, location: location),
      relation: relation, second: second, multiplier: multiplier, constant: constant, priority: priority,
      origin: .stack(id: stackID, reason: reason), source: "", location: location)
    constraint.describeAsGenerated(reason: reason)
    constraints.append(constraint)
  }
}
