import TrellisModel
import TrellisSupport
import TrellisText

// Reading the font and line-breaking properties of labels and buttons.

/// `lineBreakMode`'s names in a layout file: NSLineBreakMode's case names.
enum LineBreakModeName: String, CaseIterable {
  case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

  var lineBreakMode: LineBreakMode {
    switch self {
    case .byWordWrapping: return .byWordWrapping
    case .byCharWrapping: return .byCharWrapping
    case .byClipping: return .byClipping
    case .byTruncatingHead: return .byTruncatingHead
    case .byTruncatingTail: return .byTruncatingTail
    case .byTruncatingMiddle: return .byTruncatingMiddle
    }
  }
}

extension DocumentReader {
  /// Interface Builder's names for the line break modes, accepted too.
  static let lineBreakModeAliases: [(String, LineBreakModeName)] = [
    ("wordWrap", .byWordWrapping), ("characterWrap", .byCharWrapping), ("clip", .byClipping),
    ("headTruncation", .byTruncatingHead), ("tailTruncation", .byTruncatingTail),
    ("middleTruncation", .byTruncatingMiddle),
  ]

  /// UIFont.Weight's names as OpenType weight classes.
  static let fontWeightNames: [(String, Int)] = [
    ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500), ("semibold", 600),
    ("bold", 700), ("heavy", 800), ("black", 900),
  ]

  /// A weight: one of UIFont.Weight's names, or a weight class from 1 to 1000.
  func readFontWeight(_ node: JSONNode, path: String) -> Int? {
    if case .string(let name) = node.value {
      if let match = Self.fontWeightNames.first(where: { $0.0 == name }) { return match.1 }
      let names = Self.fontWeightNames.map(\.0)
      let hint = DidYouMean.hint(for: name, among: names)
      values.sink.error(
        "invalid-value",
        "unknown font weight '\(name)'\(hint == "" ? "; use one of: \(names.joined(separator: ", ")), or a number from 1 to 1000" : hint)",
        at: node.location, path: path)
      return nil
    }
    return values.integer(node, for: "\"fontWeight\"", path: path, in: 1...1000)
  }

  /// A Dynamic Type text style by UIFont.TextStyle's name (`body`, `caption1`, …).
  func readTextStyle(_ node: JSONNode, path: String) -> TextStyle? {
    guard let name = values.string(node, for: "\"textStyle\"", path: path) else { return nil }
    if let style = TextStyle(name: name) { return style }
    let names = TextStyle.allCases.map(\.rawValue)
    let hint = DidYouMean.hint(for: name, among: names)
    values.sink.error(
      "invalid-value",
      "unknown text style '\(name)'\(hint == "" ? "; use one of: \(names.joined(separator: ", "))" : hint)",
      at: node.location, path: path)
    return nil
  }

  /// `"suppress": ["overlap", "overlap:badge", "outside-safe-area", "text-truncated"]`.
  func readSuppressions(_ node: JSONNode, view: String, path: String) -> [Suppression] {
    guard case .array(let items) = node.value else {
      values.typeError(
        node, expected: "a list of check codes, e.g. [\"overlap:badge\"]", for: "\"suppress\"", path: path)
      return []
    }
    var out: [Suppression] = []
    for (index, item) in items.enumerated() {
      let itemPath = JSONPath.element(path, index)
      guard let text = values.string(item, for: "a suppression", path: itemPath) else { continue }
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      let code = Diagnostic.Code(rawValue: parts.first ?? "")
      guard Suppression.codes.contains(code) else {
        let names = Suppression.codes.map(\.rawValue)
        values.sink.error(
          "invalid-value",
          "'\(text)' is not a check that can be suppressed\(DidYouMean.hint(for: code.rawValue, among: names)); use one of: "
            + names.joined(separator: ", ") + " (overlap may name the other view: 'overlap:badge')",
          at: item.location, path: itemPath)
        continue
      }
      let other = parts.count == 2 ? parts[1] : nil
      if other != nil, !Suppression.pairCodes.contains(code) {
        values.sink.error(
          "invalid-value", "only 'overlap' and 'tap-target-overlap' name another view ('\(text)')",
          at: item.location, path: itemPath)
        continue
      }
      out.append(Suppression(code: code, view: view, other: other, location: item.location))
    }
    return out
  }
}
