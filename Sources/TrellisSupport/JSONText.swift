/// JSON text helpers shared by every writer of JSON in the project (diagnostics, layout
/// results, benchmark reports), so that all of them escape strings the same way.
package enum JSONText {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped
  /// (RFC 8259 §7), everything else kept as it is.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
