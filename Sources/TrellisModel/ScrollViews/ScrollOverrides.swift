/// Why a scroll view's offset or zoom could not be set from outside the file.
public enum ScrollOverrideError: Error, Equatable, CustomStringConvertible {
  /// No view has this id.
  case unknownView(String)
  /// The view is not a scroll view.
  case notAScrollView(String)
  /// A zoom scale for a scroll view without a `zoomView`.
  case nothingZooms(String)

  public var description: String {
    switch self {
    case .unknownView(let id): return "no view has the id '\(id)'"
    case .notAScrollView(let id): return "'\(id)' is not a scroll view"
    case .nothingZooms(let id): return "scroll view '\(id)' has no \"zoomView\", so nothing zooms"
    }
  }
}

extension LayoutDocument {
  /// The document with scroll view `id`'s content offset and zoom scale (those given) replaced
  /// in every size class: how `trellis solve --scroll-offset` and `--zoom` show another part of
  /// the content. The zoom scale is still clamped to the file's minimum and maximum.
  public func overridingScroll(_ id: String, contentOffset: Point? = nil, zoomScale: Double? = nil)
    throws(ScrollOverrideError) -> LayoutDocument
  {
    var copy = self
    var problem: ScrollOverrideError = .unknownView(id)
    // The path to the view as child indices, found without recursion (files may nest deeply).
    var pending: [(node: ViewNode, path: [Int])] = [(root, [])]
    var found: [Int]?
    while let (node, path) = pending.popLast() {
      if node.id == id {
        found = path
        break
      }
      for (index, child) in node.children.enumerated().reversed() { pending.append((child, path + [index])) }
    }
    guard let path = found else { throw problem }
    func update(_ node: inout ViewNode, _ rest: ArraySlice<Int>) -> Bool {
      if let next = rest.first { return update(&node.children[next], rest.dropFirst()) }
      guard var scroll = node.scroll, node.kind == .scroll else {
        problem = .notAScrollView(id)
        return false
      }
      if let contentOffset { scroll.contentOffset = Varying(contentOffset) }
      if let zoomScale {
        guard scroll.zoomView != nil else {
          problem = .nothingZooms(id)
          return false
        }
        scroll.zoomScale = Varying(zoomScale)
      }
      node.scroll = scroll
      return true
    }
    guard update(&copy.root, path[...]) else { throw problem }
    return copy
  }
}
