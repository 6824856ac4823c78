import TrellisModel
import TrellisSupport

/// Typed reading of JSON values, with one clear diagnostic for each value of the wrong type
/// or out of range. Values the parser already reported (`.invalid`) are skipped silently.
struct ValueReader {
  let limits: ReaderLimits
  let sink: DiagnosticSink

  // MARK: Plain values

  func typeError(_ node: JSONNode, expected: String, for name: String, path: String) {
    guard !node.isInvalid else { return }
    sink.error(
      "wrong-type", "expected \(expected) for \(name), found \(node.typeDescription)", at: node.location, path: path)
  }

  func string(_ node: JSONNode, for name: String, path: String) -> String? {
    if case .string(let text) = node.value { return text }
    typeError(node, expected: "a string", for: name, path: path)
    return nil
  }

  func bool(_ node: JSONNode, for name: String, path: String) -> Bool? {
    if case .bool(let flag) = node.value { return flag }
    typeError(node, expected: "true or false", for: name, path: path)
    return nil
  }

  func number(_ node: JSONNode, for name: String, path: String) -> Double? {
    if case .number(let value) = node.value { return value }
    typeError(node, expected: "a number", for: name, path: path)
    return nil
  }

  /// A number of points within ±``ReaderLimits/maxMagnitude``, optionally not negative.
  func points(_ node: JSONNode, for name: String, path: String, allowNegative: Bool = true) -> Double? {
    guard let value = number(node, for: name, path: path) else { return nil }
    return checkPoints(value, for: name, at: node.location, path: path, allowNegative: allowNegative) ? value : nil
  }

  func checkPoints(_ value: Double, for name: String, at location: SourceLocation?, path: String, allowNegative: Bool)
    -> Bool
  {
    if abs(value) > limits.maxMagnitude {
      sink.error(
        "out-of-range",
        "\(fmtExact(value)) is out of range for \(name); point values must be within ±\(fmt(limits.maxMagnitude)), the reader's limit",
        at: location, path: path)
      return false
    }
    if !allowNegative, value < 0 {
      sink.error("out-of-range", "\(name) must not be negative (found \(fmt(value)))", at: location, path: path)
      return false
    }
    return true
  }

  /// A whole number in `range`.
  func integer(_ node: JSONNode, for name: String, path: String, in range: ClosedRange<Int>) -> Int? {
    guard let value = number(node, for: name, path: path) else { return nil }
    guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
      sink.error(
        "out-of-range",
        "expected a whole number from \(range.lowerBound) to \(range.upperBound) for \(name), found \(fmtExact(value))",
        at: node.location, path: path)
      return nil
    }
    return Int(value)
  }

  /// A priority: a number, or `required`, `high`, `low` (its range is the validator's rule).
  func priority(_ node: JSONNode, for name: String, path: String) -> Double? {
    switch node.value {
    case .number(let value):
      return value
    case .string(let text):
      if let named = ConstraintTextParser.namedPriorities.first(where: { $0.name == text }) { return named.value }
      let hint = DidYouMean.hint(for: text, among: ConstraintTextParser.namedPriorities.map(\.name))
      sink.error(
        "invalid-value",
        "unknown priority '\(text)'\(hint == "" ? "; use a number 1…1000, required, high or low" : hint)",
        at: node.location, path: path)
      return nil
    default:
      typeError(node, expected: "a priority (a number 1…1000, required, high or low)", for: name, path: path)
      return nil
    }
  }

  /// Reports a priority outside 1…1000.
  @discardableResult
  func checkPriority(_ value: Double, at location: SourceLocation?, path: String?) -> Bool {
    if !(value >= 1 && value <= 1000) {
      sink.error(
        "out-of-range", "priority \(fmtExact(value)) is out of range; use 1…1000 (1000 = required)", at: location,
        path: path)
      return false
    }
    return true
  }

  /// A value of a `String`-backed enum, with a suggestion when it is misspelt.
  func enumeration<E: RawRepresentable & CaseIterable>(
    _ node: JSONNode, for name: String, path: String, aliases: [(String, E)] = []
  ) -> E? where E.RawValue == String {
    guard let text = string(node, for: name, path: path) else { return nil }
    if let value = E(rawValue: text) { return value }
    if let alias = aliases.first(where: { $0.0 == text }) { return alias.1 }
    let choices = E.allCases.map(\.rawValue) + aliases.map(\.0)
    let hint = DidYouMean.hint(for: text, among: choices)
    sink.error(
      "invalid-value",
      "unknown \(name) '\(text)'\(hint == "" ? "; use one of: \(choices.joined(separator: ", "))" : hint)",
      at: node.location, path: path)
    return nil
  }

  // MARK: Object keys

  /// Warns about keys not in `known`, suggesting the closest known key.
  func reportUnknownKeys(_ members: [JSONMember], known: [String], in owner: String, path: String) {
    for member in members where !known.contains(member.key) {
      let suggestion = DidYouMean.suggestion(for: member.key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
      sink.warning(
        "unknown-key",
        "unknown key \"\(member.key)\" in \(owner)\(suggestion)", at: member.keyLocation,
        path: JSONPath.member(path, member.key))
    }
  }

  // MARK: Size-class patterns and varying values

  /// The tokens a size-class pattern is made of.
  static let patternTokens = ["any", "wC", "wR", "wAny", "hC", "hR", "hAny"]

  /// Parses `any`, `wC`, `hR`, `wC hR`, `wAny hC`, … from a string value (a JSON key or a
  /// `when` value), pointing at the offending token on error.
  func pattern(_ node: JSONNode, path: String) -> TraitPattern? {
    guard let text = node.stringValue else { return nil }
    let scalars = Array(text.unicodeScalars)
    var tokens: [(text: String, offset: Int)] = []
    var index = 0
    while index < scalars.count {
      if scalars[index] == " " {
        index += 1
        continue
      }
      let start = index
      while index < scalars.count, scalars[index] != " " { index += 1 }
      tokens.append((String(String.UnicodeScalarView(scalars[start..<index])), start))
    }
    guard !tokens.isEmpty else {
      sink.error(
        "size-class-pattern",
        "empty size-class pattern; use any, wC, wR, hC, hR or a pair such as 'wC hR'", at: node.location, path: path)
      return nil
    }
    var result = TraitPattern.any
    var width: (text: String, offset: Int)?
    var height: (text: String, offset: Int)?
    for token in tokens {
      let location = node.location(ofScalar: token.offset)
      switch token.text {
      case "any":
        if tokens.count > 1 {
          sink.error(
            "size-class-pattern", "'any' cannot be combined with other tokens in pattern '\(text)'", at: location,
            path: path)
          return nil
        }
      case "wC", "wR", "wAny":
        if let width {
          sink.error(
            "size-class-pattern",
            "pattern '\(text)' names the width twice ('\(width.text)' and '\(token.text)'); use at most one width and one height token",
            at: location, path: path)
          return nil
        }
        width = token
        result.horizontal = token.text == "wC" ? .compact : token.text == "wR" ? .regular : nil
      case "hC", "hR", "hAny":
        if let height {
          sink.error(
            "size-class-pattern",
            "pattern '\(text)' names the height twice ('\(height.text)' and '\(token.text)'); use at most one width and one height token",
            at: location, path: path)
          return nil
        }
        height = token
        result.vertical = token.text == "hC" ? .compact : token.text == "hR" ? .regular : nil
      default:
        let hint = DidYouMean.hint(for: token.text, among: Self.patternTokens)
        sink.error(
          "size-class-pattern",
          "unknown size class '\(token.text)' in pattern '\(text)'\(hint == "" ? "; use any, wC, wR, wAny, hC, hR or hAny" : hint)",
          at: location, path: path)
        return nil
      }
    }
    return result
  }

  /// A value that may vary per size class: the plain value, or an object of patterns.
  ///
  /// - Returns: the value (base = `any`, or `defaultValue` when `any` is absent) and where each
  ///   part's value was written (for messages about the values), or `nil` when nothing usable
  ///   was read.
  func varying<T: Equatable & Sendable>(
    _ node: JSONNode, for name: String, path: String, default defaultValue: T,
    read: (JSONNode, String) -> T?
  ) -> (value: Varying<T>, locations: VaryingLocations)? {
    guard case .object(let members) = node.value else {
      guard let plain = read(node, path) else { return nil }
      return (Varying(plain), VaryingLocations(base: node.location, variations: [], basePath: path))
    }
    if members.isEmpty {
      sink.warning("no-effect", "\(name) has no size-class values; the default is used", at: node.location, path: path)
    }
    var base = defaultValue
    var locations = VaryingLocations(base: node.location, variations: [], basePath: path)
    var variations: [Varying<T>.Variation] = []
    var seen: [(pattern: TraitPattern, location: SourceLocation, key: String)] = []
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      guard let pattern = pattern(member.keyNode, path: memberPath) else { continue }
      if let first = seen.first(where: { $0.pattern == pattern }) {
        sink.error(
          "duplicate-pattern",
          "pattern '\(member.key)' is the same as an earlier one ('\(pattern)'); give each size class once",
          at: member.keyLocation, path: memberPath,
          notes: [Diagnostic.Note("the earlier pattern is here", at: first.location)])
        continue
      }
      seen.append((pattern, member.keyLocation, member.key))
      guard let value = read(member.value, memberPath) else { continue }
      if pattern == .any {
        base = value
        locations.base = member.value.location
        locations.basePath = memberPath
      } else {
        variations.append(.init(pattern: pattern, value: value, location: member.keyLocation))
        locations.variations.append(member.value.location)
        locations.variationPaths.append(memberPath)
      }
    }
    return (Varying(base, variations: variations), locations)
  }
}

/// Where the values of a varying value were written: the base (the `any` value, the plain
/// value, or the object when `any` is absent) and each variation's value, in order.
struct VaryingLocations: Sendable {
  var base: SourceLocation
  var variations: [SourceLocation]
  /// The JSON paths of the same values.
  var basePath: String? = nil
  var variationPaths: [String] = []

  /// As origins for ``ValueOrigins/record(_:_:)``: the base, then each variation.
  var origins: [ValueOrigins.Origin] {
    [ValueOrigins.Origin(location: base, path: basePath)]
      + variations.enumerated().map {
        ValueOrigins.Origin(
          location: $0.element, path: $0.offset < variationPaths.count ? variationPaths[$0.offset] : nil)
      }
  }

  /// The location of the value at `index` among `[base] + variations`.
  func location(_ index: Int) -> SourceLocation {
    index == 0 ? base : (index - 1 < variations.count ? variations[index - 1] : base)
  }
}
