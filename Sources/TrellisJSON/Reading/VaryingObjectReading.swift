import TrellisModel
import TrellisSupport

extension ValueReader {
  /// A value whose plain form may itself be an object (insets `{top, left, …}`, sizes
  /// `{width, height}`, priorities `{horizontal, vertical}`), varying per size class.
  ///
  /// An object is read as size-class patterns when it has keys and none of them is one of
  /// `ownKeys`; otherwise it is the plain value. In a pattern object the `any` value is read
  /// first, and every other variation's missing parts default to it (so
  /// `{"any": {"top": 4}, "wR": {"left": 20}}` keeps top 4 in regular width).
  ///
  /// - Parameter read: reads one plain value, its missing parts taken from the given default.
  func varyingObject<T: Equatable & Sendable>(
    _ node: JSONNode, ownKeys: [String], for name: String, path: String, default base: T,
    read: (JSONNode, String, T) -> T?
  ) -> (value: Varying<T>, locations: VaryingLocations)? {
    guard case .object(let members) = node.value, !members.isEmpty,
      !members.contains(where: { ownKeys.contains($0.key) })
    else {
      return read(node, path, base).map {
        (Varying($0), VaryingLocations(base: node.location, variations: [], basePath: path))
      }
    }
    let anyPath = JSONPath.member(path, "any")
    var anyValue: T?
    if let anyMember = members.first(where: { $0.key == "any" }) {
      anyValue = read(anyMember.value, anyPath, base)
    }
    let fallback = anyValue ?? base
    return varying(
      node, for: name, path: path, default: base,
      read: { value, valuePath in
        // The `any` value was read above: do not read (and report) it twice.
        valuePath == anyPath ? anyValue : read(value, valuePath, fallback)
      })
  }
}

extension DocumentReader {
  /// `installed` (varying; never on the root), the margin behaviour flags, and the root-only
  /// `viewRespectsSystemMinimumLayoutMargins`.
  func readMarginFlags(
    _ member: (String) -> JSONMember?, path: String, isRoot: Bool, kind: ViewKind, into view: inout ViewNode
  ) {
    func memberPath(_ key: String) -> String { JSONPath.member(path, key) }
    if let installed = member("installed") {
      if isRoot {
        sink.warning(
          "not-applicable", "\"installed\" does not apply to the root view, which is always installed",
          at: installed.keyLocation, path: memberPath("installed"))
      } else if let value = values.varying(
        installed.value, for: "\"installed\"", path: memberPath("installed"), default: true,
        read: { values.bool($0, for: "\"installed\"", path: $1) })
      {
        view.installed = value.value
      }
    }
    if kind != .guide, let flag = member("preservesSuperviewLayoutMargins") {
      view.preservesSuperviewLayoutMargins =
        values.bool(flag.value, for: "\"preservesSuperviewLayoutMargins\"", path: memberPath(flag.key)) ?? false
    }
    if kind != .guide, let flag = member("insetsLayoutMarginsFromSafeArea") {
      view.insetsLayoutMarginsFromSafeArea =
        values.bool(flag.value, for: "\"insetsLayoutMarginsFromSafeArea\"", path: memberPath(flag.key)) ?? true
    }
    if let flag = member("viewRespectsSystemMinimumLayoutMargins") {
      if !isRoot {
        sink.warning(
          "not-applicable",
          "\"viewRespectsSystemMinimumLayoutMargins\" applies only to the root view (the view controller's view); it has no effect here",
          at: flag.keyLocation, path: memberPath(flag.key))
      } else {
        view.respectsSystemMinimumLayoutMargins =
          values.bool(flag.value, for: "\"viewRespectsSystemMinimumLayoutMargins\"", path: memberPath(flag.key))
          ?? true
      }
    }
  }
}

extension Varying {
  /// The same patterns with each value transformed.
  func map<T: Sendable>(_ transform: (Value) -> T) -> Varying<T> {
    Varying<T>(
      transform(base),
      variations: variations.map { .init(pattern: $0.pattern, value: transform($0.value), location: $0.location) })
  }
}
