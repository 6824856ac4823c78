/// Text from a file as a message may show it: a control character or other invisible scalar
/// is named (`U+001B`), never written to the terminal, where it could move the cursor, change
/// colours or hide the rest of the line.
enum Printable {
  /// `'word'`; a lone invisible scalar as `U+001B`; invisible scalars inside a word as `<U+001B>`.
  static func quoted(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    if scalars.count == 1, isInvisible(scalars[0]) { return name(scalars[0]) }
    var out = "'"
    for scalar in scalars {
      if isInvisible(scalar) {
        out += "<" + name(scalar) + ">"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "'"
  }

  /// Controls (C0, DEL, C1), format characters (bidirectional overrides among them), line and
  /// paragraph separators, unassigned and private-use scalars, and U+FFFD (an invalid byte).
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value == 0xFFFD { return true }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: return true
    default: return false
    }
  }

  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
