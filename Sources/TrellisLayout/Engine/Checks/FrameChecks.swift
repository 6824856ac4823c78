import TrellisModel
import TrellisSupport

extension LayoutChecks {
  /// One error per view whose solved width or height is negative: constraints that ask a view
  /// to end before it starts (UIKit lays such a frame out too, and draws nothing sensible), or,
  /// when `ambiguous` says the constraints leave that size undecided, a pick of the solve among
  /// the many sizes they allow, which the message says instead of blaming a squeeze.
  /// Checked on the frames as reported (snapped or not), at the view's location.
  static func negativeFrames(
    _ frames: [Rect], _ resolved: ResolvedLayout, ambiguous: [(id: String, attributes: [LayoutAttribute])] = []
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    // Frames first: the views (large values, copied with their references) only for a hit.
    for (index, frame) in frames.enumerated()
    where index < resolved.views.count
      && (frame.width < -EngineTolerance.negativeSize || frame.height < -EngineTolerance.negativeSize)
    {
      let view = resolved.views[index]
      var parts: [String] = []
      var sizes: [LayoutAttribute] = []
      if frame.width < -EngineTolerance.negativeSize {
        parts.append("\(fmt(frame.width)) pt wide")
        sizes.append(.width)
      }
      if frame.height < -EngineTolerance.negativeSize {
        parts.append("\(fmt(frame.height)) pt tall")
        sizes.append(.height)
      }
      guard !parts.isEmpty else { continue }
      let undecided = ambiguous.first { $0.id == view.id }?.attributes ?? []
      let words = sizes.map { $0 == .width ? "width" : "height" }.joined(separator: " and ")
      let why =
        sizes.allSatisfy(undecided.contains)
        ? "its constraints do not decide its \(words) (ambiguous), and the solve picked a negative one among those "
          + "they allow; constrain its \(words) (or give it an intrinsic size)."
        : "its constraints put its end before its start; lower a priority or relax a constant so that it fits."
      var diagnostic = Diagnostic(
        .error, "View '\(view.id)' is \(parts.joined(separator: " and ")): " + why,
        code: "negative-frame", at: view.location, kind: .frame, environment: resolved.environment)
      // The view it is about, as data (fixes lower a constraint of it).
      diagnostic.subject = view.id
      found.append(diagnostic)
    }
    return found
  }
}

extension LayoutChecks {
  /// One warning per view whose own safe-area guide a constraint names and whose solved frame
  /// overlaps the root's safe-area insets otherwise than the guide assumed: UIKit insets the
  /// guide by the overlap, which only the solved frames tell, while Trellis decides before
  /// solving (``ViewSafeArea``). Views inside a scroll view are left out: UIKit subtracts the
  /// scroll view's adjusted content inset from what they inherit.
  static func viewSafeAreaGuides(_ frames: [Rect], _ resolved: ResolvedLayout, _ safeArea: Rect) -> [Diagnostic] {
    var owners: [String] = []
    for c in resolved.constraints {
      for item in [c.first.item, c.second?.item] {
        if let item, case .generated(let owner, ViewSafeArea.name) = item, !owners.contains(owner) {
          owners.append(owner)
        }
      }
    }
    guard !owners.isEmpty else { return [] }
    var found: [Diagnostic] = []
    let views = resolved.views
    var indexByID: [String: Int] = [:]
    for index in views.indices where indexByID[views[index].id] == nil { indexByID[views[index].id] = index }
    func inScrollView(_ index: Int) -> Bool {
      var next = views[index].parent
      var steps = 0
      while let id = next, let up = indexByID[id], steps <= views.count {
        if views[up].scroll != nil { return true }
        next = views[up].parent
        steps += 1
      }
      return false
    }
    for owner in owners {
      guard let index = indexByID[owner], index < frames.count, views[index].parent != nil, !inScrollView(index)
      else { continue }
      let assumed = ViewSafeArea.insets(resolved.environment.safeAreaInsets, edges: views[index].safeAreaEdges)
      let actual = ScrollLayout.safeAreaInsets(of: frames[index], in: safeArea)
      let pairs = [
        ("top", assumed.top, actual.top), ("left", assumed.left, actual.left),
        ("bottom", assumed.bottom, actual.bottom), ("right", assumed.right, actual.right),
      ]
      let off = pairs.filter { abs($0.1 - $0.2) > Tolerance.guideInset }
      guard !off.isEmpty else { continue }
      let text = off.map { "\($0.0) \(fmt($0.2)) (Trellis used \(fmt($0.1)))" }.joined(separator: ", ")
      var diagnostic = Diagnostic(
        .warning,
        "The safe-area guide of '\(owner)' is inset by \(text) in UIKit, which insets it by the part of the safe area "
          + "its solved frame overlaps; Trellis insets a view's guide only on edges pinned to the screen's. Pin '\(owner)' "
          + "to its superview's edges, or keep it inside the safe area, for an exact layout.",
        code: "guide-approximate", at: views[index].location, kind: .frame, environment: resolved.environment)
      // The view whose guide it is, as data (a fix renames the guide in its constraints).
      diagnostic.subject = owner
      found.append(diagnostic)
    }
    return found
  }
}
