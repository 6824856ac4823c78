import TrellisLayout
import TrellisLog
import TrellisModel

/// What one conflict block of a console log means: whether its constraints really cannot all
/// hold, the smallest set of them that cannot, which one UIKit broke (printed or predicted by
/// ``BreakingRule``), what the views became, and the pattern with its usual fix.
struct BlockAnalysis {
  /// The block as read.
  var block: ConflictBlock
  /// The block as a document (every item a flat view).
  var document: ConflictDocument
  /// Whether the listed required constraints cannot all hold (with UIKit's sizes ≥ 0).
  var unsatisfiable: Bool
  /// Whether the conflict needs UIKit's implicit sizes ≥ 0 (it would hold with negative sizes).
  var needsNonnegativeSizes: Bool
  /// A minimal conflicting subset: indices into the block's constraints, in printed order.
  var minimal: [Int]
  /// The constraint the rule says UIKit breaks (index into the block's constraints).
  var predicted: Int?
  /// Each item's frame once the broken constraint is gone (the printed one, else the
  /// predicted one), and which of its values the remaining constraints leave free.
  var frames: [(item: Int, frame: Rect, free: [LayoutAttribute])]
  /// The views of the minimal set as one solution draws them, in a container cropped to them
  /// (for the ASCII and SVG pictures).
  var picture: LayoutResult?
  /// Whether the others listed all hold once the broken constraint gives way (at 999 it is
  /// optional): `nil` when nothing conflicts.
  var yieldingResolves: Bool?
  /// The pattern recognised, with its explanation and fix.
  var pattern: ConflictPattern

  /// The constraint UIKit broke as the log prints it, when the paste kept that line.
  var printed: Int? { block.broken }
  /// Whether the printed and predicted constraints agree (`nil` when nothing was printed).
  var ruleAgrees: Bool? { printed.map { $0 == predicted } }
}

enum LogAnalysis {
  /// The environment a log's document is solved in: its items are not tied to the root, so
  /// the root's size is irrelevant; one scale, no rounding.
  static let environment = Environment(
    containerSize: Size(width: 1000, height: 1000), traits: TraitCollection(horizontal: .regular, vertical: .regular))

  static func analyse(_ block: ConflictBlock, file: String) -> BlockAnalysis {
    let built = ConflictDocumentBuilder.document(for: block, file: file)
    let required = block.constraints.indices.filter { block.constraints[$0].priority >= 1000 }
    let unsatisfiable = conflicts(built, keeping: Set(required))
    var minimal = required
    if unsatisfiable {
      // Deletion filter: drop each constraint whose absence still leaves a conflict; what
      // remains is minimal (every one is needed).
      for index in required {
        let without = Set(minimal).subtracting([index])
        if conflicts(built, keeping: without) { minimal.removeAll { $0 == index } }
      }
    }
    let needsNonnegative = unsatisfiable && !conflicts(built, keeping: Set(minimal), nonnegative: false)
    // UIKit chooses among the constraints it lists, which need not be a minimal set (a stack's
    // own constraints can conflict without the app's size it also lists).
    let predicted = unsatisfiable ? predict(among: required, in: block, built) : nil
    let broken = block.broken ?? predicted
    let (frames, solved) = solvedFrames(built, without: broken)
    let yielding =
      broken.map { broken in
        unsatisfiable ? !conflicts(built, keeping: Set(required).subtracting([broken])) : nil
      } ?? nil
    let involved = Set(
      (unsatisfiable ? minimal : Array(block.constraints.indices)).flatMap { index -> [Int] in
        let c = block.constraints[index]
        return [c.first.item] + (c.second.map { [$0.item] } ?? [])
      })
    return BlockAnalysis(
      block: block, document: built, unsatisfiable: unsatisfiable, needsNonnegativeSizes: needsNonnegative,
      minimal: minimal, predicted: predicted, frames: frames,
      picture: picture(solved, views: Set(involved.map { built.viewIDs[$0] })), yieldingResolves: yielding,
      pattern: ConflictPattern.recognise(block, minimal: unsatisfiable ? minimal : block.constraints.indices.map { $0 })
    )
  }

  /// The constraint of `candidates` with the greatest ``BreakingRule/key(_:_:_:)``; among
  /// equal keys the first printed (docs/semantics.md, "Which constraint UIKit breaks").
  /// An unlabeled constraint between Apple's own views ranks as UIKit's (`.system`): the app's
  /// are broken before it, a margins guide or a stack's constraint too (keyboard-bar logs).
  static func predict(among candidates: [Int], in block: ConflictBlock, _ built: ConflictDocument) -> Int? {
    var best: (key: Int, index: Int)?
    for index in candidates {
      guard let id = built.constraintIDs[index].first,
        let spec = built.document.constraints.first(where: { $0.id == id })
      else { continue }
      let kind = block.constraints[index].madeBy == .appleViews ? ConstraintKind.system("Apple's own views") : spec.kind
      let key = BreakingRule.key(kind, spec.first, spec.second)
      if key > (best?.key ?? Int.min) { best = (key, index) }
    }
    return best?.index
  }

  /// Whether the block's constraints at `keeping` (indices), with everything the builder
  /// added (sizes ≥ 0 unless `nonnegative` is false), cannot all hold.
  static func conflicts(_ built: ConflictDocument, keeping: Set<Int>, nonnegative: Bool = true) -> Bool {
    var document = built.document
    document.constraints.removeAll { spec in
      if let source = built.constraintSources[spec.id] { return !keeping.contains(source) }
      return !nonnegative && spec.kind == ConflictDocumentBuilder.sizeKind
    }
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    return engine.layout(in: environment).hasConflicts
  }

  /// Every item's frame with the constraint `broken` left out, and the values left free.
  static func solvedFrames(_ built: ConflictDocument, without broken: Int?) -> (
    [(item: Int, frame: Rect, free: [LayoutAttribute])], LayoutResult
  ) {
    var document = built.document
    let removed = Set(broken.map { built.constraintIDs[$0] } ?? [])
    document.constraints.removeAll { removed.contains($0.id) }
    let result = LayoutEngine(document: document).layout(in: environment)
    var free: [String: [LayoutAttribute]] = [:]
    for entry in result.ambiguousViews { free[entry.id] = entry.attributes }
    let frames = built.viewIDs.enumerated().compactMap { item, id in
      result.view(id).map { (item, $0.frame, free[id] ?? []) }
    }
    // The picture: the same required constraints, and for what they leave free the weakest
    // wishes of a nominal 80 × 44 and a staircase of positions, so that free views are seen.
    for (index, id) in built.viewIDs.enumerated() {
      func wish(_ attribute: LayoutAttribute, _ value: Double) -> ConstraintSpec {
        ConstraintSpec(
          id: "picture#\(id).\(attribute.rawValue)", first: AnchorReference(item: .view(id), attribute: attribute),
          relation: .equal, constant: Varying(value), priority: Varying(1), source: "a picture's wish")
      }
      let step = Double(index) * 24
      document.constraints += [wish(.width, 80), wish(.height, 44), wish(.left, step), wish(.top, step)]
    }
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    return (frames, engine.layout(in: environment))
  }

  /// `views` of `result` in a root cropped to them with 8 points around, each a child of that
  /// root; `nil` when none has a finite frame.
  static func picture(_ result: LayoutResult, views: Set<String>) -> LayoutResult? {
    let shown = result.views.filter { views.contains($0.id) && $0.frame.x.isFinite && $0.frame.y.isFinite }
    guard let root = result.view(ConflictDocumentBuilder.rootID),
      let minX = shown.map(\.frame.x).min().map({ $0 - 8 }),
      let minY = shown.map(\.frame.y).min().map({ $0 - 8 }),
      let maxX = shown.map({ $0.frame.x + max(0, $0.frame.width) }).max().map({ $0 + 8 }),
      let maxY = shown.map({ $0.frame.y + max(0, $0.frame.height) }).max().map({ $0 + 8 })
    else { return nil }
    guard maxX - minX < 1e6, maxY - minY < 1e6 else { return nil }
    var container = root
    container.frame = Rect(x: 0, y: 0, width: maxX - minX, height: maxY - minY)
    container.frameInParent = container.frame
    let moved = shown.map { view -> LayoutResult.ViewFrame in
      var view = view
      view.frame.x -= minX
      view.frame.y -= minY
      view.frameInParent = view.frame
      view.parent = container.id
      return view
    }
    let environment = Environment(
      containerSize: Size(width: container.frame.width, height: container.frame.height),
      traits: result.environment.traits)
    return LayoutResult(
      environment: environment, views: [container] + moved, safeArea: container.frame, margins: container.frame,
      diagnostics: [], hasConflicts: false, ambiguousViews: [])
  }
}
