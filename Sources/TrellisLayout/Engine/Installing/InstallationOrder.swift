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
    var smallest = Int.max
    var largest = Int.min
    for position in constraints.indices {
      let key = constraints[position].breakingKey
      if inOrder, case .stack = constraints[position].origin { inOrder = false }
      if inOrder, let last = keys.last, key < last { inOrder = false }
      smallest = min(smallest, key)
      largest = max(largest, key)
      keys.append(key)
    }
    if inOrder { return Array(constraints.indices) }
    var file: [Int] = []
    var otherGenerated: [Int] = []
    // One group per stack, in the order first met. A set lists each stack's constraints
    // together, so the id is looked up once per run, not hashed per constraint.
    var stackIDs: [String] = []
    var groups: [[Int]] = []
    var groupOf: [String: Int] = [:]
    var current = -1
    for position in constraints.indices {
      switch constraints[position].origin {
      case .file: file.append(position)
      case .stack(let id, _):
        if current < 0 || stackIDs[current] != id {
          if let group = groupOf[id] {
            current = group
          } else {
            current = groups.count
            groupOf[id] = current
            stackIDs.append(id)
            groups.append([])
          }
        }
        groups[current].append(position)
      default: otherGenerated.append(position)
      }
    }
    var order = file
    order.reserveCapacity(constraints.count)
    for group in stackOrder(stackIDs, views) { order += groups[group] }
    order += otherGenerated
    // Stable: within a key, the order above. Keys are small integers, so a counting sort from
    // the least: one pass counts each key, one places each position after those of smaller
    // keys, no comparison at all.
    var next = Array(repeating: 0, count: largest - smallest + 2)
    for position in order { next[keys[position] - smallest + 1] += 1 }
    for key in 0..<(largest - smallest + 1) { next[key + 1] += next[key] }
    var sorted = Array(repeating: 0, count: order.count)
    for position in order {
      sorted[next[keys[position] - smallest]] = position
      next[keys[position] - smallest] += 1
    }
    return sorted
  }

  /// The stacks named by `ids` (positions in it) in post-order of their views; a stack that is
  /// not among `views` is left out, with its constraints.
  static func stackOrder(_ ids: [String], _ views: [ResolvedView]) -> [Int] {
    guard !ids.isEmpty else { return [] }
    // Each stack's view (its first with that id). The set lists stacks in document order, so a
    // scan forward from the last one found meets each; a stack out of that order, and every
    // one after it, is looked up instead.
    var viewOf = Array(repeating: -1, count: ids.count)
    var cursor = 0
    var lookup: [String: Int]?
    for group in ids.indices {
      if lookup == nil {
        var index = cursor
        while index < views.count, views[index].id != ids[group] { index += 1 }
        if index < views.count {
          viewOf[group] = index
          cursor = index + 1
          continue
        }
        var first: [String: Int] = [:]
        first.reserveCapacity(views.count)
        for index in views.indices where first[views[index].id] == nil { first[views[index].id] = index }
        lookup = first
      }
      viewOf[group] = lookup?[ids[group]] ?? -1
    }
    let (end, depth) = postOrderKeys(views)
    return ids.indices.filter { viewOf[$0] >= 0 }.sorted { a, b in
      let (x, y) = (viewOf[a], viewOf[b])
      return end[x] != end[y] ? end[x] < end[y] : (depth[x] != depth[y] ? depth[x] > depth[y] : x < y)
    }
  }

  /// View ids in post-order (every view after its descendants; siblings in document order),
  /// from the document order (pre-order): a view's subtree ends at its last descendant, and a
  /// view comes after every view whose subtree ends before its own, and after its descendants.
  static func postOrder(_ views: [ResolvedView]) -> [String] {
    let (end, depth) = postOrderKeys(views)
    return views.indices.sorted { a, b in
      end[a] != end[b] ? end[a] < end[b] : (depth[a] != depth[b] ? depth[a] > depth[b] : a < b)
    }.map { views[$0].id }
  }

  /// Per view, the index of the last view of its subtree and its depth: the keys of
  /// ``postOrder(_:)``.
  static func postOrderKeys(_ views: [ResolvedView]) -> (end: [Int], depth: [Int]) {
    let parent = ResolvedView.parentIndices(views)
    var end = Array(views.indices)
    var depth = Array(repeating: 0, count: views.count)
    for index in views.indices where parent[index] >= 0 { depth[index] = depth[parent[index]] + 1 }
    for index in views.indices.reversed() where parent[index] >= 0 {
      end[parent[index]] = max(end[parent[index]], end[index])
    }
    return (end, depth)
  }
}
