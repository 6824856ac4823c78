/// Text made safe for SVG and HTML, in element content and in quoted attribute values: one
/// escaper for every picture and page TrellisRender writes.
enum MarkupText {
  /// `&`, `<`, `>`, `"` and `'` as character references (`&#39;`, which XML and HTML both
  /// read); the control characters XML 1.0 forbids even as references (and U+FFFE, U+FFFF) as
  /// spaces.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += " "
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
