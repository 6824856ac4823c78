/// Names handed out once each: a wanted name, or the first of `wanted_2`, `wanted_3`, … (with
/// the separator given) that is still free. Shared by every writer that must not give two
/// things one name (imported ids, written constraint ids, scene names).
package struct UniqueNames: Sendable {
  private var taken: Set<String>

  /// Names already taken before the first claim.
  package init(taken: Set<String> = []) { self.taken = taken }

  /// Whether `name` is taken.
  package func contains(_ name: String) -> Bool { taken.contains(name) }

  /// `wanted` if free, else `wanted` + `separator` + 2, 3, …; taken from then on.
  package mutating func claim(_ wanted: String, separator: String = "_") -> String {
    var name = wanted
    var suffix = 2
    while taken.contains(name) {
      name = "\(wanted)\(separator)\(suffix)"
      suffix += 1
    }
    taken.insert(name)
    return name
  }

  /// Takes `name` as it is (a name kept from the input).
  package mutating func insert(_ name: String) { taken.insert(name) }
}
