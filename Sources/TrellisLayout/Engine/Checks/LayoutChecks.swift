import TrellisModel
import TrellisSolver
import TrellisSupport

/// What the engine checks after each layout: required constraints the solution misses
/// (accuracy), frames beyond any screen, and ambiguity. (The root cannot leave the container
/// size: it is required and added first.)
/// Every finding is a ``Diagnostic`` naming the environment it was found in.
enum LayoutChecks {
  /// Required constraints the solution misses by more than rounding: never a silent wrong
  /// answer. Within the solver's tested range (docs/solver.md, "Numerical limits") this is empty; a
  /// layout that mixes magnitudes far beyond it (a multiplier of 1e6) can get here.
  static func accuracy(_ slot: LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, paths: [String: String])
    -> [Diagnostic]
  {
    var found: [Diagnostic] = []
    let plan = slot.memos.requiredTerms
    plan.update(slot.installed, generation: slot.memos.generation)
    let entries = plan.entries
    let relations = plan.relations
    // With the constants now in the solver, not the expressions'.
    // The buffers are the plan's, taken out while in use so that writing them copies nothing.
    var constants = plan.constants
    plan.constants = []
    defer { plan.constants = constants }
    constants.removeAll(keepingCapacity: true)
    for entry in entries { constants.append(entry.constant) }
    var misses: [(index: Int, miss: Double)] = []
    slot.solver.evaluateSums(
      constants: constants, ends: plan.ends, slots: plan.slots, coefficients: plan.coefficients,
      values: &plan.values, largestTerms: &plan.largestTerms)
    // Read once: each access to the plan's (a class's) arrays is checked for exclusivity.
    let values = plan.values
    let largestTerms = plan.largestTerms
    for index in relations.indices {
      let value = values[index]
      let miss: Double
      switch relations[index] {
      case .equal: miss = abs(value)
      case .lessThanOrEqual: miss = max(0, value)
      case .greaterThanOrEqual: miss = max(0, -value)
      }
      if miss > EngineTolerance.requiredMiss * max(1, largestTerms[index]) { misses.append((index, miss)) }
    }
    for (index, miss) in misses {
      let entry = entries[index]
      found.append(
        Diagnostic(
          .error,
          "Required constraint '\(entry.layout.id)' (\(entry.layout)) is missed by \(fmt(miss)) pt: the layout mixes "
            + "magnitudes beyond what the solver keeps exact (multipliers far from 1, values beyond 1e6); bring them "
            + "closer to ordinary screen sizes.",
          code: "required-constraint-missed", at: ConstraintMessages.location(of: entry.layout, resolved),
          path: paths[entry.layout.id], kind: .accuracy, environment: resolved.environment))
    }
    return found
  }

  /// One warning naming the view with the largest frame value, if it is beyond
  /// ``LayoutEngine/largestAccurateFrameValue``.
  static func magnitude(_ frames: [Rect], _ resolved: ResolvedLayout) -> Diagnostic? {
    var largest = 0.0
    var index = -1
    for (i, frame) in frames.enumerated() {
      let size = max(abs(frame.x), abs(frame.y), abs(frame.width), abs(frame.height))
      if size > largest {
        largest = size
        index = i
      }
    }
    guard largest > LayoutEngine.largestAccurateFrameValue, resolved.views.indices.contains(index) else { return nil }
    let view = resolved.views[index]
    return Diagnostic(
      .warning,
      "View '\(view.id)' reaches \(fmt(largest)) pt, far beyond any screen: constraints among such values hold only "
        + "to about \(fmt(largest * 1e-10)) pt; bring the multipliers and constants closer to screen sizes.",
      code: "frame-magnitude", at: view.location, kind: .accuracy, environment: resolved.environment)
  }

  /// Ambiguous views (and stacks whose generated guides are ambiguous), in document order, and
  /// their warnings (at most ``LayoutEngine/maxAmbiguityDiagnostics``, then one counting the rest).
  static func ambiguity(_ slot: LayoutEngine.SolverSlot, _ resolved: ResolvedLayout, _ set: ConstraintSet)
    -> (ambiguous: [(id: String, attributes: [LayoutAttribute])], diagnostics: [Diagnostic])
  {
    let items = slot.items
    let environment = resolved.environment
    guard let root = resolved.views.first else { return ([], []) }
    var candidates: [Variable] = []
    var ids: [LayoutItem] = resolved.views.filter { $0.id != root.id }.map(\.item)
    var seen = Set(ids)
    for guide in set.guides where !seen.contains(guide) {
      seen.insert(guide)
      ids.append(guide)
    }
    for id in ids { if let vars = items[id] { candidates += vars.all } }
    let ambiguousIDs = Set(slot.solver.ambiguousVariables(among: candidates).map(\.id))
    func attributes(_ id: LayoutItem) -> [LayoutAttribute] {
      guard let vars = items[id] else { return [] }
      var out: [LayoutAttribute] = []
      if let x = vars.x, ambiguousIDs.contains(x.id) { out.append(.left) }
      if let y = vars.y, ambiguousIDs.contains(y.id) { out.append(.top) }
      if ambiguousIDs.contains(vars.width.id) { out.append(.width) }
      if ambiguousIDs.contains(vars.height.id) { out.append(.height) }
      return out
    }
    // Guides are reported on the stack that made them (`grid#gap1` → `grid`).
    var guideProblems: [String: [(guide: LayoutItem, attributes: [LayoutAttribute])]] = [:]
    for guide in set.guides {
      let found = attributes(guide)
      guard !found.isEmpty, let owner = guide.owner else { continue }
      // A scroll view's guides are reported as its content size (below), not as a stack's.
      if ScrollLayout.isScrollGuide(guide) { continue }
      if guideProblems[owner]?.contains(where: { $0.guide == guide }) == true { continue }
      guideProblems[owner, default: []].append((guide, found))
    }

    var diagnostics: [Diagnostic] = []
    var out: [(id: String, attributes: [LayoutAttribute])] = []
    var reported = Set<String>()
    var warnings = 0
    // Worded only when listed: past the limit a warning is only counted.
    func warn(_ diagnostic: @autoclosure () -> Diagnostic) {
      warnings += 1
      if warnings <= LayoutEngine.maxAmbiguityDiagnostics { diagnostics.append(diagnostic()) }
    }
    for view in resolved.views where view.id != root.id && !reported.contains(view.id) {
      reported.insert(view.id)
      let own = attributes(view.item)
      let fromGuides = guideProblems[view.id] ?? []
      if !own.isEmpty {
        var diagnostic = Diagnostic(
          .warning, "View '\(view.id)' has an ambiguous \(describe(own)).", code: ambiguityCode(own),
          at: view.location, kind: .ambiguity, environment: environment)
        // The view it is about, as data (fixes pin it).
        diagnostic.subject = view.id
        warn(diagnostic)
      }
      // A guide of an ambiguous stack is ambiguous the same way; only say what is new.
      let newFromGuides = fromGuides.filter { !$0.attributes.allSatisfy(own.contains) }
      if !newFromGuides.isEmpty {
        warn(
          Diagnostic(
            .warning,
            "Stack '\(view.id)' has ambiguous layout guides: "
              + newFromGuides.map { "'\($0.guide)' (\(describe($0.attributes)))" }.joined(separator: ", ") + ".",
            code: "ambiguous-stack-guides", at: view.location, kind: .ambiguity, environment: environment))
      }
      if view.scroll != nil,
        let found = ScrollLayout.contentSizeAmbiguity(
          view, attributes(ScrollLayout.contentGuide(of: view.id)), environment)
      {
        warn(found)
      }
      var merged = own
      for problem in fromGuides {
        for attribute in problem.attributes where !merged.contains(attribute) { merged.append(attribute) }
      }
      let order: [LayoutAttribute] = [.left, .top, .width, .height]
      merged.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
      if !merged.isEmpty { out.append((view.id, merged)) }
    }
    if warnings > LayoutEngine.maxAmbiguityDiagnostics {
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(warnings - LayoutEngine.maxAmbiguityDiagnostics) more ambiguity warnings were left out (\(warnings) in "
            + "all; the first \(LayoutEngine.maxAmbiguityDiagnostics) are listed, and the result's ambiguous views "
            + "name every view): constrain those and solve again.",
          code: "too-many-problems", kind: .ambiguity, environment: environment))
    }
    return (out, diagnostics)
  }

  /// `ambiguous-width`, `ambiguous-height`, `ambiguous-size`, `ambiguous-position` or
  /// `ambiguous-frame` for a mix of position and size.
  static func ambiguityCode(_ attributes: [LayoutAttribute]) -> Diagnostic.Code {
    let sizes = attributes.filter(\.isSize)
    if sizes.count == attributes.count {
      if sizes == [.width] { return "ambiguous-width" }
      if sizes == [.height] { return "ambiguous-height" }
      return "ambiguous-size"
    }
    return sizes.isEmpty ? "ambiguous-position" : "ambiguous-frame"
  }

  /// `horizontal position, vertical position and height`.
  static func describe(_ attributes: [LayoutAttribute]) -> String {
    let words = attributes.map { attribute -> String in
      switch attribute {
      case .left: return "horizontal position"
      case .top: return "vertical position"
      default: return attribute.rawValue
      }
    }
    guard let last = words.last else { return "" }
    if words.count == 1 { return last }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }
}

/// How messages name constraints: in the documented order, with where each was written.
enum ConstraintMessages {
  /// Conflicting constraints sorted by their place in the documented order (unknown ones
  /// last, in the solver's order).
  static func inInstallationOrder(
    _ conflicts: [Constraint], _ layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)]
  ) -> [Constraint] {
    conflicts.enumerated().sorted { a, b in
      let pa = layoutOf[a.element]?.position ?? Int.max
      let pb = layoutOf[b.element]?.position ?? Int.max
      return pa != pb ? pa < pb : a.offset < b.offset
    }.map(\.element)
  }

  /// One line naming a constraint: `'id' text from "source"` for the file's, `'id' text
  /// (UISV-spacing of grid)` for generated ones.
  static func describe(_ c: LayoutConstraint) -> String {
    switch c.origin {
    case .file:
      var line = "'\(c.id)' \(c)"
      if !c.source.isEmpty, c.source != c.description { line += " from \"\(c.source)\"" }
      return line
    case .stack(let id, let reason), .scroll(let id, let reason):
      return "'\(c.id)' \(c) (\(reason) of \(id))"
    case .intrinsic:
      return "'\(c.id)' \(c) (\(c.source))"
    case .container(let reason):
      return "'\(c.id)' \(c) (\(reason))"
    }
  }

  /// UIKit's console report of a conflict (`Unable to simultaneously satisfy constraints.`, the
  /// constraints involved, `Will attempt to recover by breaking constraint …`) as one error at
  /// the broken constraint: one note per constraint of the minimal conflicting set in
  /// installation order, the broken one last (it was being added), then the recovery.
  static func unsatisfiable(
    broken: LayoutConstraint, conflicts: [Constraint],
    _ layoutOf: [Constraint: (layout: LayoutConstraint, position: Int)], _ resolved: ResolvedLayout, path: String?
  ) -> Diagnostic {
    var notes = inInstallationOrder(conflicts, layoutOf).map { conflict in
      layoutOf[conflict].map { note($0.layout, resolved) } ?? Diagnostic.Note("\(conflict)")
    }
    if conflicts.isEmpty {
      // The solver searches for the set only among at most 1,000 required constraints
      // (`Engine.explanationLimit`): beyond, the search would take minutes per conflict.
      notes.append(
        Diagnostic.Note(
          "The constraints it conflicts with are not listed: the layout has too many required constraints to search "
            + "for them; remove this one to find them by elimination."))
    }
    notes.append(note(broken, resolved))
    notes.append(
      Diagnostic.Note(
        "Will attempt to recover by breaking constraint \(describe(broken)).", at: location(of: broken, resolved)))
    if !conflicts.isEmpty {
      let others = conflicts.compactMap { layoutOf[$0]?.layout }.filter { $0.id != broken.id }
      let steps = BreakingRule.basis(
        broken: (broken.kind, broken.first, broken.second), others: others.map { ($0.kind, $0.first, $0.second) })
      if !steps.isEmpty {
        let text = steps.map { "\($0.reason) (\($0.basis.rawValue))" }.joined(separator: ", and ")
        notes.append(Diagnostic.Note("UIKit breaks \(text); docs/semantics.md, \"Which constraint UIKit breaks\"."))
      }
      if let cell = resolved.environment.cell, !cell.fitsHeight,
        conflicts.contains(where: { layoutOf[$0]?.layout.id == "UIView-Encapsulated-Layout-Height" })
      {
        notes.append(
          Diagnostic.Note(
            "The cell's height is fixed (\(cell.isTableCell ? "its row height" : "its item height")) "
              + "and its content needs another: with \(cell.isTableCell ? "\"rowHeight\"" : "\"itemHeight\""): "
              + "\"automatic\" the cell takes its content's height (UITableView.automaticDimension); or lower one "
              + "vertical constraint of the content to priority 999 so that it gives way without a conflict."))
      }
    }
    return Diagnostic(
      .error, "Unable to simultaneously satisfy constraints.", code: "unsatisfiable",
      at: location(of: broken, resolved), path: path, notes: notes, kind: .conflict,
      environment: resolved.environment)
  }

  /// A note naming a constraint taking part in a problem, at its location.
  static func note(_ c: LayoutConstraint, _ resolved: ResolvedLayout?) -> Diagnostic.Note {
    Diagnostic.Note(describe(c), at: resolved.flatMap { location(of: c, $0) } ?? c.location)
  }

  /// Where to point a message about a constraint: its own location, else its view's.
  static func location(of c: LayoutConstraint, _ resolved: ResolvedLayout) -> SourceLocation? {
    if let location = c.location { return location }
    switch c.origin {
    case .stack(let id, _), .intrinsic(let id, _), .scroll(let id, _):
      return resolved.views.first { $0.id == id }?.location ?? c.first.location
    case .file:
      return c.first.location
    case .container:
      return nil
    }
  }
}
