import TrellisJSON
import TrellisModel
import TrellisSupport

/// The cause of a change in frames: the constraints and views added, removed or changed
/// between two layouts, each with the file and line that holds it. `diff` compares two files;
/// `snapshot --check` compares the layout with the items the snapshot recorded.
///
/// `package` so that tests compare items and read their lines back directly.
package struct LayoutChanges {
  /// A constraint or a view, as compared: what identifies it and what it says.
  package struct Item: Equatable, Sendable {
    /// `constraint` or `view`.
    var kind: String
    var id: String
    /// A constraint's equation without its constant (`cardGrid.top == safeArea.top`,
    /// `2 * a.width`); empty for a view.
    var shape: String
    /// Its values in order: a constraint's `constant`, `standard`, `priority`, `installed`; a
    /// view's keys as the layout file writes them (`kind`, `spacing`, `hidden`, …), JSON values.
    var attributes: [Attribute]
    /// Where it is written, when known.
    var location: SourceLocation?

    package init(kind: String, id: String, shape: String, attributes: [Attribute], location: SourceLocation?) {
      self.kind = kind
      self.id = id
      self.shape = shape
      self.attributes = attributes
      self.location = location
    }

    package static func == (a: Item, b: Item) -> Bool {
      a.kind == b.kind && a.id == b.id && a.shape == b.shape && a.attributes == b.attributes
    }

    /// `cardGrid.top == safeArea.top constant 8 priority 1000`; a view's `kind: "stack", spacing: 8`.
    package var text: String {
      let values = attributes.map { kind == "view" ? "\($0.key): \($0.value)" : "\($0.key) \($0.value)" }
      return ([shape].filter { !$0.isEmpty } + [values.joined(separator: kind == "view" ? ", " : " ")]).joined(
        separator: " ")
    }
  }

  package struct Attribute: Equatable, Sendable {
    var key: String
    var value: String

    package init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// One difference: `added`, `removed` or `changed`.
  package struct Entry: Sendable {
    var change: String
    var before: Item?
    var after: Item?

    /// The item as it is now (as it was, for a removal).
    var item: Item
    var location: SourceLocation? { item.location }

    init(change: String, before: Item?, after: Item) {
      self.change = change
      self.before = before
      self.after = after
      item = after
    }

    init(removed: Item) {
      change = "removed"
      before = removed
      after = nil
      item = removed
    }

    /// `Layouts/a.json:84: changed constraint 'constraint#1' cardGrid.top == safeArea.top: constant 8 → 12`.
    package var text: String {
      let place = location.map { "\($0.file):\($0.line): " } ?? ""
      let name = "\(item.kind) '\(item.id)'"
      switch change {
      case "added": return "\(place)added \(name): \(item.text)"
      case "removed": return "\(place)removed \(name): \(item.text)"
      default:
        guard let before, let after else { return "\(place)changed \(name)" }
        if before.shape != after.shape { return "\(place)changed \(name): \(before.text) → \(after.text)" }
        var parts: [String] = []
        let keys = Self.union(before.attributes.map(\.key), after.attributes.map(\.key))
        for key in keys {
          let a = before.attributes.first { $0.key == key }?.value
          let b = after.attributes.first { $0.key == key }?.value
          guard a != b else { continue }
          let separator = item.kind == "view" ? ": " : " "
          parts.append("\(key)\(separator)\(a ?? "(not set)") → \(b ?? "(not set)")")
        }
        // `sidebar.width == 320 → 280` for a constraint to a constant alone.
        let toConstant = item.kind == "constraint" && after.shape.split(separator: " ").count == 2
        if toConstant, parts.count == 1, let only = parts.first, only.hasPrefix("constant ") {
          return "\(place)changed \(name) \(after.shape) " + only.dropFirst("constant ".count)
        }
        let shape = after.shape.isEmpty ? "" : " \(after.shape)"
        return "\(place)changed \(name)\(shape): " + parts.joined(separator: ", ")
      }
    }

    static func union(_ a: [String], _ b: [String]) -> [String] { a + b.filter { !a.contains($0) } }

    var json: JSONValue {
      .object([
        "change": .string(change),
        "kind": .string(item.kind),
        "id": .string(item.id),
        "before": before.map { .string($0.text) } ?? .null,
        "after": after.map { .string($0.text) } ?? .null,
        "file": location.map { .string($0.file) } ?? .null,
        "line": location.map { .number(Double($0.line)) } ?? .null,
      ])
    }
  }

  /// The views (document order) and constraints (file order) of a document.
  static func items(_ document: LayoutDocument) -> [Item] {
    let views = document.allViews.map { view in
      Item(
        kind: "view", id: view.id, shape: "",
        attributes: LayoutWriter.viewMembers(view, isRoot: false).filter { $0.key != "id" }.map {
          Attribute(key: $0.key, value: $0.value.compact())
        }, location: view.location)
    }
    let constraints = document.constraints.map { spec in
      var attributes = [Attribute(key: "constant", value: varying(spec.constant, fmt))]
      if spec.standardSpacing.base != 0 || !spec.standardSpacing.variations.isEmpty {
        attributes.append(Attribute(key: "standard", value: varying(spec.standardSpacing, fmt)))
      }
      attributes.append(Attribute(key: "priority", value: varying(spec.priority, fmt)))
      if !spec.installed.variations.isEmpty || !spec.installed.base {
        attributes.append(Attribute(key: "installed", value: varying(spec.installed) { $0 ? "yes" : "no" }))
      }
      var shape = "\(spec.first) \(spec.relation.rawValue)"
      if let second = spec.second {
        shape += " " + (spec.multiplier == 1 ? "" : "\(fmt(spec.multiplier)) * ") + "\(second)"
      }
      return Item(kind: "constraint", id: spec.id, shape: shape, attributes: attributes, location: spec.location)
    }
    return views + constraints
  }

  /// `8`, or `{any 8, hC 20}` for a value that varies.
  static func varying<T>(_ value: Varying<T>, _ show: (T) -> String) -> String {
    guard !value.variations.isEmpty else { return show(value.base) }
    return "{any " + show(value.base) + value.variations.map { ", \($0.pattern) \(show($0.value))" }.joined() + "}"
  }

  /// Whether an id is one the reader made up (`constraint#3`), which moves when a constraint
  /// is inserted before it.
  static func isGenerated(_ id: String) -> Bool {
    guard id.hasPrefix("constraint#") else { return false }
    let number = id.dropFirst("constraint#".count)
    return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
  }

  /// What differs from `old` to `new`: views are paired by id; constraints by id when the file
  /// names them, else by equation (first, relation, second, multiplier), in file order, so that
  /// inserting a constraint does not read as every later one changed. Listed in the new file's
  /// order, removals last.
  package static func compare(_ old: [Item], _ new: [Item]) -> [Entry] {
    var pairedOld = Set<Int>()
    var partner: [Int?] = Array(repeating: nil, count: new.count)
    func pair(_ matches: (Item, Item) -> Bool) {
      for (n, item) in new.enumerated() where partner[n] == nil {
        if let o = old.indices.first(where: { !pairedOld.contains($0) && matches(old[$0], item) }) {
          partner[n] = o
          pairedOld.insert(o)
        }
      }
    }
    pair { a, b in a.kind == b.kind && a.id == b.id && (a.kind == "view" || !isGenerated(a.id)) }
    pair { a, b in a.kind == "constraint" && b.kind == "constraint" && isGenerated(b.id) && a.shape == b.shape }
    pair { a, b in a.kind == "constraint" && a.kind == b.kind && isGenerated(b.id) && a.id == b.id }
    var out: [Entry] = []
    for (n, item) in new.enumerated() {
      guard let o = partner[n] else {
        out.append(Entry(change: "added", before: nil, after: item))
        continue
      }
      // A made-up id that moved with an insertion is no change.
      let same = old[o].kind == item.kind && old[o].shape == item.shape && old[o].attributes == item.attributes
      if !same || (old[o].id != item.id && !isGenerated(item.id)) {
        out.append(Entry(change: "changed", before: old[o], after: item))
      }
    }
    for (o, item) in old.enumerated() where !pairedOld.contains(o) {
      out.append(Entry(removed: item))
    }
    return out
  }

  // MARK: The snapshot's record of a layout

  /// One item as a snapshot line: tab-separated kind, id, shape and `key=value` attributes,
  /// with `\`, tab, line feed and carriage return escaped.
  package static func line(_ item: Item) -> String {
    ([item.kind, item.id, item.shape] + item.attributes.map { "\($0.key)=\($0.value)" }).map(escape).joined(
      separator: "\t")
  }

  /// The item of a snapshot line, or nil when the line is not one.
  package static func item(_ line: String) -> Item? {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
    guard fields.count >= 3, fields[0] == "view" || fields[0] == "constraint" else { return nil }
    var attributes: [Attribute] = []
    for field in fields.dropFirst(3) {
      guard let equals = field.firstIndex(of: "=") else { return nil }
      attributes.append(
        Attribute(key: String(field[..<equals]), value: String(field[field.index(after: equals)...])))
    }
    return Item(kind: fields[0], id: fields[1], shape: fields[2], attributes: attributes, location: nil)
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default: out.append(character)
      }
    }
    return out
  }

  static func unescape(_ text: String) -> String {
    var out = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "t": out += "\t"
        case "n": out += "\n"
        case "r": out += "\r"
        default: out.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }
}
