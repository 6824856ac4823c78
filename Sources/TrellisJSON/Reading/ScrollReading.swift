import TrellisModel
import TrellisSupport

/// The scroll view keys of a layout file (docs/layout-format.md, "Scroll views").
extension DocumentReader {
  static let scrollKeys = [
    "contentInset", "contentInsetAdjustmentBehavior", "contentOffset", "zoomScale", "minimumZoomScale",
    "maximumZoomScale", "zoomView", "alwaysBounceHorizontal", "alwaysBounceVertical",
  ]

  private func readPoint(_ node: JSONNode, path: String) -> Point? {
    guard case .object(let members) = node.value else {
      values.typeError(node, expected: "an object {x, y}", for: "\"contentOffset\"", path: path)
      return nil
    }
    values.reportUnknownKeys(members, known: ["x", "y"], in: "\"contentOffset\"", path: path)
    var point = Point.zero
    for member in members where member.key == "x" || member.key == "y" {
      guard let value = values.points(member.value, for: "\"\(member.key)\"", path: JSONPath.member(path, member.key))
      else { return nil }
      if member.key == "x" { point.x = value } else { point.y = value }
    }
    return point
  }

  private func readZoom(_ node: JSONNode, for name: String, path: String) -> Double? {
    guard let value = values.number(node, for: name, path: path) else { return nil }
    guard value.isFinite, value > 0, value <= 1000 else {
      sink.error(
        "out-of-range", "\(name) must be greater than 0 and at most 1000 (found \(fmt(value)))",
        at: node.location, path: path)
      return nil
    }
    return value
  }

  func readScroll(_ members: [JSONMember], path: String) -> ScrollProperties {
    var scroll = ScrollProperties()
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    func memberPath(_ key: String) -> String { JSONPath.member(path, key) }
    if let found = member("contentInset"),
      let value = values.varyingObject(
        found.value, ownKeys: Self.insetKeys, for: "\"contentInset\"", path: memberPath("contentInset"),
        default: EdgeInsets.zero, read: { readInsets($0, for: "\"contentInset\"", path: $1, default: $2) })
    {
      scroll.contentInset = value.value
    }
    if let found = member("contentInsetAdjustmentBehavior"),
      let value = values.varying(
        found.value, for: "\"contentInsetAdjustmentBehavior\"", path: memberPath("contentInsetAdjustmentBehavior"),
        default: ContentInsetAdjustmentBehavior.automatic,
        read: { values.enumeration($0, for: "content inset adjustment behavior", path: $1) })
    {
      scroll.contentInsetAdjustmentBehavior = value.value
    }
    if let found = member("contentOffset"),
      let value = values.varyingObject(
        found.value, ownKeys: ["x", "y"], for: "\"contentOffset\"", path: memberPath("contentOffset"),
        default: Point.zero, read: { node, path, _ in readPoint(node, path: path) })
    {
      scroll.contentOffset = value.value
    }
    if let found = member("zoomScale"),
      let value = values.varying(
        found.value, for: "\"zoomScale\"", path: memberPath("zoomScale"), default: 1.0,
        read: { readZoom($0, for: "\"zoomScale\"", path: $1) })
    {
      scroll.zoomScale = value.value
    }
    for key in ["minimumZoomScale", "maximumZoomScale"] {
      guard let found = member(key), let value = readZoom(found.value, for: "\"\(key)\"", path: memberPath(key)) else {
        continue
      }
      if key == "minimumZoomScale" { scroll.minimumZoomScale = value } else { scroll.maximumZoomScale = value }
    }
    if scroll.minimumZoomScale > scroll.maximumZoomScale, let found = member("minimumZoomScale") {
      sink.error(
        "out-of-range",
        "\"minimumZoomScale\" (\(fmt(scroll.minimumZoomScale))) is above \"maximumZoomScale\" (\(fmt(scroll.maximumZoomScale)))",
        at: found.value.location, path: memberPath("minimumZoomScale"))
    }
    if let found = member("zoomView"),
      let id = values.string(found.value, for: "\"zoomView\"", path: memberPath("zoomView"))
    {
      // The zooming view is a direct subview (children are read after their parent).
      let childIDs = (member("children")?.value.elements ?? []).compactMap { child -> String? in
        guard case .object(let fields) = child.value else { return nil }
        return fields.first { $0.key == "id" }?.value.stringValue
      }
      if childIDs.contains(id) {
        scroll.zoomView = id
      } else {
        sink.error(
          "unknown-view",
          "\"zoomView\" '\(id)' is not a subview of this scroll view\(DidYouMean.hint(for: id, among: childIDs))",
          at: found.value.location, path: memberPath("zoomView"))
      }
    }
    let zoomVaries = scroll.zoomScale.base != 1 || scroll.zoomScale.variations.contains { $0.value != 1 }
    if zoomVaries, scroll.zoomView == nil, member("zoomView") == nil, let found = member("zoomScale") {
      sink.warning(
        "no-effect", "\"zoomScale\" has no effect without \"zoomView\", the subview that zooms",
        at: found.keyLocation, path: memberPath("zoomScale"))
    }
    for key in ["alwaysBounceHorizontal", "alwaysBounceVertical"] {
      guard let found = member(key), let value = values.bool(found.value, for: "\"\(key)\"", path: memberPath(key))
      else {
        continue
      }
      if key == "alwaysBounceHorizontal" {
        scroll.alwaysBounceHorizontal = value
      } else {
        scroll.alwaysBounceVertical = value
      }
    }
    return scroll
  }
}
