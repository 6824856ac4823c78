import TrellisModel
import TrellisText

// How IB writes values: attributes, size-class keys, fonts, line break modes. `package` for the
// readers of single values its tests check by hand; the importer is the only other user.

package enum IBValues {
  /// `widthClass=compact-heightClass=regular` (either order), `heightClass=compact`, or
  /// `default` (the any/any value: nil pattern means base).
  static func pattern(_ key: String) -> TraitPattern?? {
    if key == "default" { return .some(nil) }
    var pattern = TraitPattern()
    for part in key.split(separator: "-") {
      let pieces = part.split(separator: "=")
      guard pieces.count == 2, let size = SizeClass(rawValue: String(pieces[1])) else { return nil }
      switch pieces[0] {
      case "widthClass": pattern.horizontal = size
      case "heightClass": pattern.vertical = size
      default: return nil
      }
    }
    return .some(pattern)
  }

  static func attribute(_ name: String) -> LayoutAttribute? {
    if name == "baseline" { return .lastBaseline }
    return LayoutAttribute(rawValue: name)
  }

  /// The margin form of a location attribute (a margins guide's edges are the view's margins);
  /// nil for a size or a baseline, which a margins guide has no margin form of.
  static func marginForm(_ attribute: LayoutAttribute) -> LayoutAttribute? {
    let margin = attribute.withinMargins
    return margin == attribute ? nil : margin
  }

  static func lineBreakMode(_ name: String?) -> LineBreakMode? {
    switch name {
    case "wordWrap": return .byWordWrapping
    case "characterWrap": return .byCharWrapping
    case "clip": return .byClipping
    case "headTruncation": return .byTruncatingHead
    case "tailTruncation": return .byTruncatingTail
    case "middleTruncation": return .byTruncatingMiddle
    default: return nil
    }
  }

  static let weights: [String: Int] = [
    "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
    "heavy": 800, "black": 900,
  ]

  /// `UICTFontTextStyleBody` → body, `UICTFontTextStyleCaption1` → caption1, ….
  static func textStyle(_ name: String) -> TextStyle? {
    guard name.hasPrefix("UICTFontTextStyle") else { return nil }
    var rest = String(name.dropFirst("UICTFontTextStyle".count))
    if rest == "Subhead" { rest = "Subheadline" }
    if rest == "Title0" { rest = "LargeTitle" }
    guard let first = rest.first else { return nil }
    return TextStyle(name: first.lowercased() + rest.dropFirst())
  }

  static func number(_ text: String?) -> Double? {
    guard let text, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// `2`, `0.5`, IB's ratio form `16:9`, or a fraction as typed in IB's inspector, which IB
  /// keeps as written (`2/3`: DuckDuckGo's Onboarding.storyboard; `1/3` in another public file).
  package static func multiplier(_ text: String?) -> Double? {
    guard let text else { return 1 }
    let parts = text.split(separator: text.contains("/") ? "/" : ":")
    if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0, (a / b).isFinite { return a / b }
    return number(text)
  }

  /// A name constraints can use: `[A-Za-z_][A-Za-z0-9_]*`.
  static func identifier(_ raw: String) -> String {
    var out = String(raw.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    if out.first?.isNumber ?? true { out = "_" + out }
    return out
  }

  /// `Content Stack View` → `contentStackView`.
  static func camelCase(_ label: String) -> String {
    let words = label.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    guard let first = words.first else { return "" }
    let joined =
      first.prefix(1).lowercased() + first.dropFirst()
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return identifier(joined)
  }
}

extension Varying {
  /// The value set for `pattern` (nil: the base), replacing an earlier value for the same pattern.
  mutating func set(_ value: Value, for pattern: TraitPattern?, at location: SourceLocation? = nil) {
    guard let pattern, pattern != .any else { return base = value }
    variations.removeAll { $0.pattern == pattern }
    variations.append(Variation(pattern: pattern, value: value, location: location))
  }
}
