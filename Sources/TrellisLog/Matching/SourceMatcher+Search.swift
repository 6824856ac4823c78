import TrellisModel

/// One group of items the log's constraints connect, in the order the search assigns them.
struct ComponentSearch {
  var order: [Int]
  /// Per position: "no match" (-1, 0), then the candidates (target, score), best first.
  var domains: [[(target: Int, score: Double)]]
  /// Per position: the factors whose items are all assigned once this position is.
  var factorsAt: [[Int]]
  /// Per position: the most the positions from it to the end can still add.
  var bound: [Double]
}

extension MatchContext {
  /// The best assignment of every item (-1: no match), and per item every target that reaches
  /// the same best total (the assigned one included).
  mutating func solve() -> (assignment: [Int], ties: [[Int]]) {
    var assignment = [Int](repeating: -1, count: block.items.count)
    var ties = [[Int]](repeating: [], count: block.items.count)
    for component in components() {
      let search = makeSearch(component, first: nil)
      var best: (score: Double, assignment: [Int])?
      var scratch = assignment
      var used: Set<Int> = []
      _ = branch(search, 0, &scratch, &used, 0, reaching: nil, fixed: nil, best: &best)
      guard let best else {
        unsettled.formUnion(component)
        continue
      }
      for item in component { assignment[item] = best.assignment[item] }
      // Every other target of each item that reaches the same total is a tie.
      for item in component {
        var found = assignment[item] >= 0 ? [assignment[item]] : []
        let reordered = makeSearch(component, first: item)
        for candidate in candidates[item] where candidate.target != assignment[item] {
          var trial = assignment
          var trialUsed: Set<Int> = []
          var none: (score: Double, assignment: [Int])?
          if branch(
            reordered, 0, &trial, &trialUsed, 0, reaching: best.score, fixed: (item, candidate.target), best: &none)
          {
            found.append(candidate.target)
          }
        }
        ties[item] = found.sorted()
        if cut { unsettled.insert(item) }
      }
    }
    return (assignment, ties)
  }

  /// Items grouped by the factors that relate them, each group in item order.
  func components() -> [[Int]] {
    var parent = Array(block.items.indices)
    func find(_ x: Int) -> Int {
      var x = x
      while parent[x] != x { x = parent[x] }
      return x
    }
    for factor in factors where factor.items.count == 2 {
      let a = find(factor.items[0])
      let b = find(factor.items[1])
      if a != b { parent[max(a, b)] = min(a, b) }
    }
    var groups: [Int: [Int]] = [:]
    for item in block.items.indices { groups[find(item), default: []].append(item) }
    return groups.keys.sorted().compactMap { groups[$0] }
  }

  /// The search order: `first` (or the item with the strongest evidence and most factors),
  /// then breadth first along the factors, so that factors are scored early.
  func makeSearch(_ component: [Int], first: Int?) -> ComponentSearch {
    let members = Set(component)
    let related = factors.indices.filter { factors[$0].items.allSatisfy { members.contains($0) } }
    func strength(_ item: Int) -> Double {
      (candidates[item].map(\.score).max() ?? 0) + Double(related.filter { factors[$0].items.contains(item) }.count)
    }
    let strongest = component.max { strength($0) < strength($1) || (strength($0) == strength($1) && $0 > $1) }
    let start = first ?? strongest ?? component[0]
    var order = [start]
    var seen: Set<Int> = [start]
    var next = 0
    while order.count < component.count {
      if next < order.count {
        let item = order[next]
        next += 1
        let neighbours = related.flatMap { factors[$0].items.contains(item) ? factors[$0].items : [] }
        for other in neighbours.sorted() where !seen.contains(other) {
          seen.insert(other)
          order.append(other)
        }
      } else if let other = component.first(where: { !seen.contains($0) }) {
        seen.insert(other)
        order.append(other)
      }
    }
    var position: [Int: Int] = [:]
    for (index, item) in order.enumerated() { position[item] = index }
    var factorsAt = [[Int]](repeating: [], count: order.count)
    var factorBound = [Double](repeating: 0, count: order.count)
    for index in related {
      let last = factors[index].items.compactMap { position[$0] }.max() ?? 0
      factorsAt[last].append(index)
      factorBound[last] += factors[index].maxScore
    }
    var domains: [[(target: Int, score: Double)]] = []
    for item in order {
      var list: [(target: Int, score: Double)] = candidates[item].map { ($0.target, $0.score) }
      list.sort { a, b in a.score > b.score || (a.score == b.score && a.target < b.target) }
      // "No match" first: of equal totals the search keeps the first found, so a candidate
      // must gain something over leaving the item unmatched.
      list.insert((-1, 0), at: 0)
      domains.append(list)
    }
    var bound = [Double](repeating: 0, count: order.count + 1)
    for position in order.indices.reversed() {
      let unary: Double = domains[position].map { $0.score }.max() ?? 0
      bound[position] = bound[position + 1] + max(0, unary) + factorBound[position]
    }
    return ComponentSearch(order: order, domains: domains, factorsAt: factorsAt, bound: bound)
  }

  /// Branch and bound from `position`. Without `reaching`: keeps the best total in `best`.
  /// With it: returns whether some assignment reaches that total (stopping at the first).
  mutating func branch(
    _ search: ComponentSearch, _ position: Int, _ assignment: inout [Int], _ used: inout Set<Int>, _ current: Double,
    reaching level: Double?, fixed: (item: Int, target: Int)?, best: inout (score: Double, assignment: [Int])?
  ) -> Bool {
    if position == search.order.count {
      if let level { return current >= level - MatchScore.epsilon }
      if current > (best?.score ?? -Double.infinity) + MatchScore.epsilon { best = (current, assignment) }
      return false
    }
    if let level, current + search.bound[position] < level - MatchScore.epsilon { return false }
    if level == nil, let best, current + search.bound[position] <= best.score + MatchScore.epsilon { return false }
    if steps >= stepLimit {
      cut = true
      return false
    }
    steps += 1
    let item = search.order[position]
    // Several spacer guides of one stack, and a `|` that is another item's superview, may
    // share a target; two views of the log are two objects.
    let shared = block.items[item].isUnnamedSuperview
    for candidate in search.domains[position] {
      if let fixed, fixed.item == item, candidate.target != fixed.target { continue }
      let target = candidate.target
      let exclusive = target >= 0 && !shared && !isStackGuide(target)
      if exclusive && used.contains(target) { continue }
      assignment[item] = target
      var gain = candidate.score
      for index in search.factorsAt[position] {
        gain += score(factors[index], factors[index].items.map { assignment[$0] })
      }
      if exclusive { used.insert(target) }
      let found = branch(
        search, position + 1, &assignment, &used, current + gain, reaching: level, fixed: fixed, best: &best)
      if exclusive { used.remove(target) }
      if found { return true }
      if cut { return false }
    }
    assignment[item] = -1
    return false
  }

  func isStackGuide(_ target: Int) -> Bool {
    if case .stackGuide = targets[target] { return true }
    return false
  }
}
