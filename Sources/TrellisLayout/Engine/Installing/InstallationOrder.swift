import TrellisModel
import TrellisSolver

// The documented order in which constraints are added, and the order that keeps a build's
// rows sparse.

extension ConstraintInstaller {
  /// The order in which a build that stops at the first conflict adds required constraints:
  /// identities (`a == b`: two terms, +1 and −1, no constant; equal sizes, alignments) first,
  /// then the rest, each group in the documented order, except that inequalities on the same
  /// terms (`a.width >= 1`, `a.width >= 2`, …) go together, at the first one's place, tightest
  /// first (`tightestBoundsFirst`).
  ///
  /// The solver's cost depends on the order. Added before the identities, a chain such as a
  /// stack's spacing (`v[i].top == v[i-1].bottom`) expresses each position as the sum of every
  /// height before it, and each `UISV-fill-equally` then rewrites all those sums: O(n³) for a
  /// stack of n views. With the identities first every height
  /// is already the first one's, and each row keeps a few cells. The order cannot change which
  /// constraint is broken, because nothing is: whether the required constraints can all hold
  /// does not depend on their order, and at the first conflict the caller builds again in the
  /// documented order.
  static func sparseOrder(_ positions: [Int], _ wanted: [Compiled]) -> [Int] {
    func isIdentity(_ expression: LinearExpression) -> Bool {
      let terms = expression.terms
      return expression.constant == 0 && terms.count == 2 && terms[0].coefficient == -terms[1].coefficient
        && abs(terms[0].coefficient) == 1 && terms[0].variable.id != terms[1].variable.id
    }
    let identities = positions.filter { wanted[$0].layout.relation == .equal && isIdentity(wanted[$0].expression) }
    if identities.isEmpty { return tightestBoundsFirst(positions, wanted) }
    let chosen = Set(identities)
    return identities + tightestBoundsFirst(positions.filter { !chosen.contains($0) }, wanted)
  }

  /// `positions` with the inequalities on the same terms brought together at the first one's
  /// place, tightest first (stable among equals); everything else in place.
  ///
  /// Each bound tighter than those before it moves the solution, and the slack of every earlier
  /// bound on the same terms is rewritten in terms of the new one: a file of n ascending
  /// `a.width >= k` cost O(n²). Added tightest
  /// first, each later one is a new row of two cells that nothing else holds. (Bounds on the
  /// same terms never conflict with each other, so in a build that breaks nothing the order
  /// decides nothing.)
  static func tightestBoundsFirst(_ positions: [Int], _ wanted: [Compiled]) -> [Int] {
    struct Terms: Hashable {
      var relation: Relation
      var variables: [Variable.ID]
      var coefficients: [Double]
    }
    enum Place {
      case single(Int)
      case group(Int)
    }
    var groupOf: [Terms: Int] = [:]
    var groups: [[Int]] = []
    var places: [Place] = []
    places.reserveCapacity(positions.count)
    for position in positions {
      let entry = wanted[position]
      let relation = entry.layout.relation.solverRelation
      guard relation != .equal else {
        places.append(.single(position))
        continue
      }
      let terms = entry.expression.terms
      let key = Terms(relation: relation, variables: terms.map(\.variable.id), coefficients: terms.map(\.coefficient))
      if let group = groupOf[key] {
        groups[group].append(position)
      } else {
        groupOf[key] = groups.count
        places.append(.group(groups.count))
        groups.append([position])
      }
    }
    guard groups.contains(where: { $0.count > 1 }) else { return positions }
    var ordered: [Int] = []
    ordered.reserveCapacity(positions.count)
    for place in places {
      switch place {
      case .single(let position): ordered.append(position)
      case .group(let group):
        // `terms + c >= 0` is tightest with the least c, `terms + c <= 0` with the greatest.
        let members = groups[group]
        let greater = wanted[members[0]].layout.relation.solverRelation == .greaterThanOrEqual
        ordered += members.enumerated().sorted { a, b in
          let ca = wanted[a.element].expression.constant, cb = wanted[b.element].expression.constant
          if ca != cb { return greater ? ca < cb : ca > cb }
          return a.offset < b.offset
        }.map(\.element)
      }
    }
    return ordered
  }

  /// The documented order in which a constraint set is added (docs/semantics.md §2): by
  /// ``BreakingRule/key(_:_:_:)`` (who made it, then its shape), least breakable first, so that
  /// of a conflicting set the one added last, which the solver rejects, is the one UIKit
  /// breaks; within a key,
  /// the file's constraints in file order (a nib's constraints are active as its views load),
  /// the stacks' with a stack after the stacks nested in it (UIKit makes `UISV-*` constraints
  /// in the update-constraints pass, which runs bottom-up; siblings in document order), then
  /// the rest as the set lists them. Positions in `constraints`, not copies: a constraint holds
  /// a dozen references, and copying a large grid's constraints was a visible part of its layout.
  ///
  /// - Parameter views: the resolved views in document order (depth first), for the stack order.
  static func installationOrder(_ constraints: [LayoutConstraint], views: [ResolvedView]) -> [Int] {
    // Already in order, with no stack to order (most files): the positions as they are.
    var keys: [Int] = []
    keys.reserveCapacity(constraints.count)
    var inOrder = true
    for position in constraints.indices {
      let key = constraints[position].breakingKey
      if inOrder, case .stack = constraints[position].origin { inOrder = false }
      if inOrder, let last = keys.last, key < last { inOrder = false }
      keys.append(key)
    }
    if inOrder { return Array(constraints.indices) }
    var file: [Int] = []
    var byStack: [String: [Int]] = [:]
    var otherGenerated: [Int] = []
    for position in constraints.indices {
      switch constraints[position].origin {
      case .file: file.append(position)
      case .stack(let id, _): byStack[id, default: []].append(position)
      default: otherGenerated.append(position)
      }
    }
    var order = file
    order.reserveCapacity(constraints.count)
    for id in postOrder(views) { if let group = byStack[id] { order += group } }
    order += otherGenerated
    // Stable: within a key, the order above. Keys are small integers, not negative, so a
    // counting sort: one pass counts each key, one places each position after those of smaller
    // keys, no comparison at all.
    guard let largest = keys.max(), keys.allSatisfy({ $0 >= 0 }) else {
      return order.enumerated().sorted { a, b in
        let ka = keys[a.element], kb = keys[b.element]
        return ka != kb ? ka < kb : a.offset < b.offset
      }.map(\.element)
    }
    var next = Array(repeating: 0, count: largest + 2)
    for position in order { next[keys[position] + 1] += 1 }
    for key in 0...largest { next[key + 1] += next[key] }
    var sorted = Array(repeating: 0, count: order.count)
    for position in order {
      sorted[next[keys[position]]] = position
      next[keys[position]] += 1
    }
    return sorted
  }

  /// View ids in post-order (every view after its descendants; siblings in document order),
  /// from the document order (pre-order): a view's subtree ends at its last descendant, and a
  /// view comes after every view whose subtree ends before its own, and after its descendants.
  static func postOrder(_ views: [ResolvedView]) -> [String] {
    // By index: iterating copies each 550-byte view (see `ResolvedLayout.constraintSet`).
    var indexOf: [String: Int] = [:]
    for index in views.indices where indexOf[views[index].id] == nil { indexOf[views[index].id] = index }
    var end = Array(views.indices)
    var depth = Array(repeating: 0, count: views.count)
    for index in views.indices {
      if let parent = views[index].parent.flatMap({ indexOf[$0] }), parent < index { depth[index] = depth[parent] + 1 }
    }
    for index in views.indices.reversed() {
      if let parent = views[index].parent.flatMap({ indexOf[$0] }), parent < index {
        end[parent] = max(end[parent], end[index])
      }
    }
    return views.indices.sorted { a, b in
      end[a] != end[b] ? end[a] < end[b] : (depth[a] != depth[b] ? depth[a] > depth[b] : a < b)
    }.map { views[$0].id }
  }
}
