import TrellisModel

extension MatchContext {
  /// The most candidates an ambiguous result lists.
  static let listed = 6

  func describeItem(_ item: Int, _ target: Int, _ ties: [Int]) -> ItemSourceMatch {
    let cutNote = unsettled.contains(item) ? ["the search was cut before it settled this item"] : []
    if ties.count > 1 {
      return ItemSourceMatch(
        item: item, outcome: .ambiguous(ties.map { targets[$0] }),
        evidence: ["\(ties.count) candidates fit equally well"] + cutNote)
    }
    if target < 0, !cutNote.isEmpty { return ItemSourceMatch(item: item, outcome: .unmatched, evidence: cutNote) }
    guard target >= 0 else {
      var evidence: [String] = []
      if let reason = noCandidateReason[item] {
        evidence.append(reason)
      } else if let best = candidates[item].max(by: { $0.score < $1.score }) {
        evidence.append(
          "nothing in the source fits it (the nearest, '\(targets[best.target])': "
            + best.evidence.joined(separator: ", ") + ")")
      } else {
        evidence.append("the source has nothing it can be")
      }
      return ItemSourceMatch(item: item, outcome: .unmatched, evidence: evidence)
    }
    var evidence = candidates[item].first { $0.target == target }?.evidence ?? []
    let assignment = assignedTargets()
    let agreeing = factors.filter { factor in
      factor.items.contains(item) && score(factor, factor.items.map { assignment[$0] }) > 0
    }
    let constraints = Set(agreeing.compactMap(\.constraint)).count
    if constraints > 0 {
      evidence.append("\(constraints) of the log's constraints on it agree with the source's structure")
    } else if agreeing.contains(where: { $0.constraint == nil }) {
      evidence.append("its superview fits")
    }
    return ItemSourceMatch(
      item: item, outcome: .matched(targets[target]), location: node(target)?.location, evidence: evidence + cutNote)
  }

  /// The final targets, kept by ``run()`` for the descriptions.
  func assignedTargets() -> [Int] { finalAssignment }

  func describeConstraint(_ index: Int, _ items: [ItemSourceMatch]) -> ConstraintSourceMatch {
    let constraint = block.constraints[index]
    let anchors = [constraint.first.item] + (constraint.second.map { [$0.item] } ?? [])
    // Each item's targets: the matched one, or every tied one.
    func options(_ item: Int) -> [Int] {
      switch items[item].outcome {
      case .matched(let target): return targetIndex[target].map { [$0] } ?? []
      case .ambiguous(let list): return list.compactMap { targetIndex[$0] }
      case .unmatched: return []
      }
    }
    let unmatched = anchors.filter { options($0).isEmpty }
    if Self.isApps(constraint) {
      guard unmatched.isEmpty else {
        let names = unmatched.map { block.items[$0].displayName }.joined(separator: " and ")
        return ConstraintSourceMatch(index: index, outcome: .unmatched("\(names) has no match in the source"))
      }
      guard let factor = factors.first(where: { $0.constraint == index }), case .spec(let table) = factor.kind else {
        return ConstraintSourceMatch(index: index, outcome: .unmatched("no document constraint fits"))
      }
      var full: [(spec: Int, swapped: Bool)] = []
      var partial: [(spec: Int, swapped: Bool)] = []
      for a in options(anchors[0]) {
        for b in anchors.count > 1 ? options(anchors[1]) : [-1] {
          guard let cell = table[TargetPair(first: a, second: b)] else { continue }
          full += cell.full.filter { entry in !full.contains { $0.spec == entry.spec } }
          partial += cell.partial.filter { entry in !partial.contains { $0.spec == entry.spec } }
        }
      }
      if full.count == 1 {
        let spec = document.constraints[full[0].spec]
        var evidence: [String] = []
        if let identifier = constraint.identifier, identifier == spec.id { evidence.append("identifier '\(spec.id)'") }
        if full[0].swapped { evidence.append("written the other way round in the source") }
        if spec.standardSpacing.base != 0 || spec.standardSpacing.variations.contains(where: { $0.value != 0 }) {
          evidence.append("standard spacing (\(Int(StandardSpacing.sibling)))")
        }
        return ConstraintSourceMatch(index: index, outcome: .matched(reference(full[0].spec)), evidence: evidence)
      }
      if full.count > 1 {
        return ConstraintSourceMatch(
          index: index, outcome: .ambiguous(full.sorted { $0.spec < $1.spec }.map { reference($0.spec) }))
      }
      if let nearest = partial.min(by: { $0.spec < $1.spec }) {
        let spec = document.constraints[nearest.spec]
        let differences = compare(constraint, spec, swapped: nearest.swapped) ?? []
        return ConstraintSourceMatch(
          index: index,
          outcome: .unmatched(
            "the source's \(reference(nearest.spec)) relates the same anchors with "
              + differences.joined(separator: ", ")))
      }
      let views = anchors.map { items[$0].target.map { "'\($0)'" } ?? block.items[$0].displayName }
      return ConstraintSourceMatch(
        index: index,
        outcome: .unmatched(
          "the source has no constraint on these anchors of \(views.joined(separator: " and ")) "
            + "(made in code?)"))
    }
    // UIKit's own constraints: what in the document made them.
    let unique = anchors.map { items[$0].target.flatMap { targetIndex[$0] } ?? -1 }
    func viewTarget(_ position: Int) -> (id: String, location: SourceLocation?)? {
      guard unique[position] >= 0, let id = targets[unique[position]].view, let view = viewIndex[id] else {
        return nil
      }
      return (id, nodes[view].location)
    }
    func made(_ what: String, _ location: SourceLocation?) -> ConstraintSourceMatch {
      ConstraintSourceMatch(index: index, outcome: .madeBy(what, location))
    }
    func notFound(_ what: String) -> ConstraintSourceMatch {
      let names = anchors.indices.filter { unique[$0] < 0 }.map { block.items[anchors[$0]].displayName }
      return ConstraintSourceMatch(
        index: index,
        outcome: .unmatched(
          "made by \(what); \(names.joined(separator: " and ")) \(names.count == 1 ? "has" : "have") no unique match "
            + "in the source"))
    }
    switch constraint.madeBy {
    case .appleViews: return made("Apple's own views (not in the source)", nil)
    case .interfaceBuilder:
      guard let view = viewTarget(0) else { return notFound("Interface Builder at build time") }
      return made("Interface Builder at build time, for '\(view.id)', which has no constraints", view.location)
    default: break
    }
    switch constraint.kind {
    case .stack:
      if let stack = stack(of: unique) { return made("stack '\(nodes[stack].id)'", nodes[stack].location) }
      // An ambiguous view whose candidates all lie in one stack still names the stack.
      let choices = anchors.map(options)
      if unique.contains(where: { $0 < 0 }), choices.allSatisfy({ !$0.isEmpty }),
        choices.map(\.count).reduce(1, *) <= 256
      {
        var stacks: Set<Int> = []
        var combinations: [[Int]] = [[]]
        for list in choices { combinations = combinations.flatMap { prefix in list.map { prefix + [$0] } } }
        for combination in combinations { stacks.insert(stack(of: combination) ?? -1) }
        if stacks.count == 1, let only = stacks.first, only >= 0 {
          return ConstraintSourceMatch(
            index: index, outcome: .madeBy("stack '\(nodes[only].id)'", nodes[only].location),
            evidence: ["whichever of its views' candidates it is"])
        }
      }
      // A view the source does not hold (arranged in code): the stack that is named, or the
      // stack of the arranged view that matched.
      let known = unique.compactMap { viewOf($0) }
      if unique.contains(where: { $0 < 0 }),
        let stack = known.first(where: { nodes[$0].kind == .stack })
          ?? known.compactMap({ parentOf[$0] }).first(where: { nodes[$0].kind == .stack })
      {
        return ConstraintSourceMatch(
          index: index, outcome: .madeBy("stack '\(nodes[stack].id)'", nodes[stack].location),
          evidence: ["its other view is not in the source (arranged in code?)"])
      }
      if unique.contains(where: { $0 < 0 }) { return notFound("a stack view") }
      return ConstraintSourceMatch(
        index: index, outcome: .unmatched("made by a stack view, and no stack of the source holds these views"))
    case .encapsulated:
      guard let view = viewTarget(0) else { return notFound("the container that sizes the view") }
      return made(
        view.id == rootID ? "the container of the root '\(view.id)'" : "the container that sizes '\(view.id)'",
        view.location)
    case .autoresizingMask:
      guard let view = viewTarget(0) else { return notFound("an autoresizing mask") }
      let spec = document.constraints.first { $0.id.hasPrefix(view.id + "_autoresizing_") }
      return made("the autoresizing mask of '\(view.id)'", spec?.location ?? view.location)
    case .marginsGuide, .safeArea:
      let isMargins: Bool
      if case .marginsGuide = constraint.kind { isMargins = true } else { isMargins = false }
      for position in anchors.indices where unique[position] >= 0 {
        switch targets[unique[position]] {
        case .margins(of: let id) where isMargins:
          return made("the layout margins of '\(id)'", viewIndex[id].map { nodes[$0].location } ?? nil)
        case .safeArea(of: let id) where !isMargins:
          return made("the safe area of '\(id)'", viewIndex[id].map { nodes[$0].location } ?? nil)
        case .topLayoutGuide, .bottomLayoutGuide:
          return made("the view controller's \(targets[unique[position]]) of '\(rootID)'", document.root.location)
        default: continue
        }
      }
      return notFound(isMargins ? "a view's layout margins" : "a view's safe area")
    case .contentSize:
      guard let view = viewTarget(0) else { return notFound("a view's content size") }
      return made("the content size of '\(view.id)' (its hugging and compression resistance)", view.location)
    case .scrollView:
      guard let view = viewTarget(0) else { return notFound("a scroll view") }
      return made("scroll view '\(view.id)'", view.location)
    case .keyboard: return made("the keyboard (not in the source)", nil)
    case .temporarySize:
      guard let view = viewTarget(0) else { return notFound("UIKit's layout pass") }
      return made("UIKit's layout pass, a size it gives '\(view.id)' for one pass", view.location)
    case .system(let name): return made("UIKit (\(name))", nil)
    case .app, .nonnegativeSize: return made("UIKit", nil)
    }
  }

  func reference(_ spec: Int) -> SourceConstraintReference {
    SourceConstraintReference(id: document.constraints[spec].id, location: document.constraints[spec].location)
  }
}
