import TrellisModel
import TrellisSupport

/// Prints a layout file's JSON the way people write them (docs/layout-format.md's examples):
/// a small object or array on one line when it fits, otherwise one member per line.
///
/// `JSONValue.prettyPrinted()` puts every member on its own line, which turns a plain view
/// (`{"id": "a", "kind": "label", "text": "A"}`) into five lines and an imported file into
/// thousands; this printer keeps the same escaping and number forms and only decides where
/// lines break. `package` so that tests check its line rule on values directly.
package enum LayoutFilePrinter {
  /// The widest line an inline value may make, indentation and key included: the project's
  /// line length for code (.swift-format), which keeps a view with a few keys on one line even
  /// a few stack levels deep.
  static let lineWidth = 120

  /// Keys whose value is always broken, one member or element per line, even when it would
  /// fit on one: the root view, a view's children and the constraints read best (and diff
  /// best) one to a line.
  static let brokenKeys: Set<String> = ["root", "children", "constraints"]

  /// The text of `value`, ending with a newline. The top-level object is always broken.
  package static func print(_ value: JSONValue) -> String {
    var out = ""
    write(value, to: &out, indent: 0, column: 0, forceBreak: true)
    out += "\n"
    return out
  }

  /// Writes `value` starting at `column` (what the line already holds) with members of a
  /// broken object or array at `indent + 1` levels.
  private static func write(_ value: JSONValue, to out: inout String, indent: Int, column: Int, forceBreak: Bool) {
    // One more column for the comma that may follow.
    let fits = fitsInline(value, budget: lineWidth - column - 1)
    switch value {
    case .object(let members) where !members.isEmpty && (forceBreak || !fits):
      out += "{\n"
      let pad = String(repeating: "  ", count: indent + 1)
      for (index, member) in members.enumerated() {
        let key = JSONText.quoted(member.key) + ": "
        out += pad + key
        write(
          member.value, to: &out, indent: indent + 1, column: pad.count + key.count,
          forceBreak: brokenKeys.contains(member.key))
        out += index == members.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    case .array(let items) where !items.isEmpty && (forceBreak || !fits):
      out += "[\n"
      let pad = String(repeating: "  ", count: indent + 1)
      for (index, item) in items.enumerated() {
        out += pad
        write(item, to: &out, indent: indent + 1, column: pad.count, forceBreak: false)
        out += index == items.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    default:
      out += inlineText(value)
    }
  }

  /// Whether `value` written inline takes at most `budget` characters and holds no key that is
  /// always broken. Stops counting as soon as the budget is spent, so deciding for a large
  /// subtree costs no more than a line.
  static func fitsInline(_ value: JSONValue, budget: Int) -> Bool {
    var remaining = budget
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .array(let items):
        remaining -= 2 + max(0, items.count - 1) * 2
        pending.append(contentsOf: items)
      case .object(let members):
        remaining -= 2 + max(0, members.count - 1) * 2
        for member in members {
          // Its value is broken, so the object is too.
          if brokenKeys.contains(member.key) { return false }
          remaining -= JSONText.quoted(member.key).count + 2
          pending.append(member.value)
        }
      default:
        remaining -= inlineText(next).count
      }
      if remaining < 0 { return false }
    }
    return true
  }

  /// `value` on one line: `{"id": "a", "hidden": true}`, `[1, 2]`.
  static func inlineText(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return NumberFormat.json(number)
    case .string(let text): return JSONText.quoted(text)
    case .array(let items): return "[" + items.map(inlineText).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { JSONText.quoted($0.key) + ": " + inlineText($0.value) }.joined(separator: ", ") + "}"
    }
  }
}
