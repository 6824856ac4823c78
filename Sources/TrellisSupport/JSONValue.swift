/// A JSON value whose objects keep their keys in the order written, so output is stable.
package indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in output order.
  case object([Member])

  /// One member of an object.
  package struct Member: Hashable, Sendable {
    package var key: String
    package var value: JSONValue
    package init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// An object from key–value pairs, in the order given.
  package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(pairs.map { Member($0.key, $0.value) })
  }

  /// A string, or `null` when absent.
  package static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
  /// A number, or `null` when absent.
  package static func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
  /// An integer, or `null` when absent.
  package static func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }

  /// Pretty-printed with two-space indents and a trailing newline.
  ///
  /// Whole numbers print without a fraction (`8`); others in Swift's shortest round-trip form
  /// (`92.33333333333333`); NaN and infinities, which JSON cannot hold, print as `null`.
  package func prettyPrinted() -> String {
    var out = ""
    write(to: &out, indent: 0)
    out += "\n"
    return out
  }

  /// On one line with no spaces: for embedding (a page's data), where size matters more
  /// than reading.
  package func compact() -> String {
    var out = ""
    writeCompact(to: &out)
    return out
  }

  private func writeCompact(to out: inout String) {
    switch self {
    case .null, .bool, .number, .string: write(to: &out, indent: 0)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.writeCompact(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        Self.quote(member.key, into: &out)
        out += ":"
        member.value.writeCompact(to: &out)
      }
      out += "}"
    }
  }

  private func write(to out: inout String, indent: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += NumberFormat.json(value)
    case .string(let value): Self.quote(value, into: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "[\n"
      for (index, item) in items.enumerated() {
        out += String(repeating: "  ", count: indent + 1)
        item.write(to: &out, indent: indent + 1)
        out += index == items.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for (index, member) in members.enumerated() {
        out += String(repeating: "  ", count: indent + 1)
        Self.quote(member.key, into: &out)
        out += ": "
        member.value.write(to: &out, indent: indent + 1)
        out += index == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    }
  }

  package static func quote(_ text: String, into out: inout String) { out += JSONText.quoted(text) }
}
