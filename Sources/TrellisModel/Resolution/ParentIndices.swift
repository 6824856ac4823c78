// Where each view's superview is in a list of views, found without hashing ids.

extension ResolvedView {
  /// Per view, the index of its superview, or −1 when there is none before it. In document
  /// order a view's superview is one of the views whose subtrees are still open, so a walk
  /// keeping those finds each by comparing ids, hashing none (of an id used twice, which the
  /// validator reports as `duplicate-id`, the nearest); views out of that order are looked up
  /// instead (the first view with the parent's id).
  package static func parentIndices(_ views: [ResolvedView]) -> [Int] {
    var parent = Array(repeating: -1, count: views.count)
    var open: [Int] = []
    var walked = true
    for index in views.indices {
      guard let id = views[index].parent else {
        open.removeAll(keepingCapacity: true)
        open.append(index)
        continue
      }
      while let last = open.last, views[last].id != id { open.removeLast() }
      guard let found = open.last else {
        walked = false
        break
      }
      parent[index] = found
      open.append(index)
    }
    if walked { return parent }
    var indexOf: [String: Int] = [:]
    indexOf.reserveCapacity(views.count)
    for index in views.indices where indexOf[views[index].id] == nil { indexOf[views[index].id] = index }
    for index in views.indices {
      if let found = views[index].parent.flatMap({ indexOf[$0] }), found < index {
        parent[index] = found
      } else {
        parent[index] = -1
      }
    }
    return parent
  }
}
