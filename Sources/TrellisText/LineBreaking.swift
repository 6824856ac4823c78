/// Line break opportunities between grapheme clusters: a subset of UAX #14, "Unicode Line
/// Breaking Algorithm" (https://www.unicode.org/reports/tr14/), enough for UI text.
///
/// The subset, by the UAX #14 rule it follows (classes are approximated from a few code
/// point ranges, not the full LineBreak.txt):
/// - LB4/LB5: a break is mandatory after a newline (LF, CR, CR LF, NEL, VT, FF, U+2028, U+2029).
/// - LB6/LB7: never before a newline or a space.
/// - LB8: after a zero-width space (U+200B).
/// - LB11/LB12/LB12a: never next to glue (NBSP U+00A0, U+202F, U+2007, word joiner U+2060, U+FEFF).
/// - LB13: never before closing punctuation `) ] } . , ; : ! ?` and their CJK forms (、。」』）…),
///   nor before a CJK non-starter (ー, 々, ・, ゝ, ヽ, …; LB21).
/// - LB14: never after opening punctuation `( [ {` and CJK forms (「『（【…), even across spaces.
/// - LB18: after spaces and tabs (the break comes after the whole run of spaces).
/// - LB21: after a hyphen (U+002D, U+2010, en dash U+2013) — but LB25 `HY × NU` keeps "-5"
///   together and LB20a keeps a word-initial hyphen with its word.
/// - LB31 for ideographs: before and after each CJK ideograph, kana, Hangul syllable,
///   full-width form and emoji (ID), except where the rules above forbid it. Small kana count
///   as ID (UAX #14's "normal", not "strict", treatment of class CJ).
/// - Everything else (letters, digits, other punctuation) stays together (LB28 and friends).
/// Not covered: soft hyphens, quotation marks' special rules, numeric prefixes and postfixes,
/// Southeast Asian dictionary breaking, Hangul jamo sequences.
///
/// `package` so that tests check the rules on opportunities directly, not only through wrapped
/// lines.
package enum LineBreaking {
  package enum Kind: Equatable {
    case none, allowed, mandatory
  }

  enum BreakClass: Equatable {
    case newline, space, zeroWidthSpace, glue, hyphen, breakAfter, opening, closing, nonStarter, ideographic, digit,
      other
  }

  /// Opportunities before each cluster: `result[i]` is the break between `clusters[i - 1]` and
  /// `clusters[i]` (`result[0]` is always `.none`); `result.count == clusters.count`.
  package static func opportunities(_ clusters: [Character]) -> [Kind] {
    let classes = clusters.map(breakClass)
    var result = [Kind](repeating: .none, count: clusters.count)
    for index in clusters.indices.dropFirst() {
      result[index] = between(classes, index, clusters)
    }
    return result
  }

  private static func between(_ classes: [BreakClass], _ index: Int, _ clusters: [Character]) -> Kind {
    let before = classes[index - 1], after = classes[index]
    if before == .newline { return .mandatory }
    if after == .newline || after == .space { return .none }
    if before == .zeroWidthSpace { return .allowed }
    if before == .glue || after == .glue { return .none }
    if after == .closing || after == .nonStarter { return .none }
    if before == .space {
      // The class before the run of spaces: an opening bracket keeps its spaces (LB14).
      var look = index - 1
      while look > 0, classes[look] == .space { look -= 1 }
      return classes[look] == .opening ? .none : .allowed
    }
    if before == .opening { return .none }
    if before == .hyphen {
      if after == .digit { return .none }
      let previous = index >= 2 ? classes[index - 2] : nil
      if previous == nil || previous == .space || previous == .newline || previous == .zeroWidthSpace
        || previous == .glue
      {
        return .none  // LB20a: a word-initial hyphen
      }
      return .allowed
    }
    if before == .breakAfter { return .allowed }
    if isWide(clusters[index - 1]) || isWide(clusters[index]) || before == .ideographic || after == .ideographic {
      return .allowed
    }
    return .none
  }

  static func breakClass(_ cluster: Character) -> BreakClass {
    if cluster.isNewline { return .newline }
    guard let scalar = cluster.unicodeScalars.first else { return .other }
    switch scalar.value {
    case 0x20, 0x09: return .space
    case 0x200B: return .zeroWidthSpace
    case 0xA0, 0x202F, 0x2007, 0x2060, 0xFEFF: return .glue
    case 0x2D: return .hyphen
    case 0x2010, 0x2013, 0x3000: return .breakAfter
    case 0x28, 0x5B, 0x7B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF08, 0xFF3B,
      0xFF5B, 0xFF62:
      return .opening
    case 0x29, 0x5D, 0x7D, 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011,
      0x3015, 0x3017, 0x3019, 0x301B, 0xFF09, 0xFF3D, 0xFF5D, 0xFF63, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F,
      0x2026:
      return .closing
    case 0x30FC, 0x3005, 0x30FB, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x303B, 0xFF70:
      return .nonStarter
    case 0x30...0x39: return .digit
    case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return .ideographic
    default: return .other
    }
  }

  /// CJK punctuation, which (unlike ASCII brackets) may break before or after by LB31.
  private static func isWide(_ cluster: Character) -> Bool {
    guard let scalar = cluster.unicodeScalars.first else { return false }
    return (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFF65).contains(scalar.value)
  }

  static func isSpace(_ cluster: Character) -> Bool {
    cluster == " " || cluster == "\t"
  }
}
