import TrellisModel
import TrellisSupport

/// A constraint written as text, before its views are checked: each piece with the offset
/// (0-based, in Unicode scalars of the decoded string) where it was written. `package`, as are
/// the parser, `TextProblem` and the members read outside, for TrellisTestSupport's layout
/// builder, which parses constraint text as layout files do, and for the parser's tests (the
/// offsets every problem is located by).
package struct ConstraintText: Sendable {
  /// `item.attribute`.
  package struct Anchor: Sendable {
    package var item: String
    package var attribute: LayoutAttribute
    package var itemOffset: Int
    package var attributeOffset: Int
  }

  package var first: Anchor
  package var relation: LayoutRelation
  package var relationOffset: Int
  package var second: Anchor?
  package var multiplier: Double = 1
  package var multiplierOffset: Int?
  package var constant: Double = 0
  package var constantOffset: Int?
  /// Standard spacings added to the constant: `+ standard` is 1, `- standard` is −1.
  var standardSpacing: Double = 0
  /// `nil` when no `@priority` was written.
  package var priority: Double?
  package var priorityOffset: Int?
}

/// A problem in a constraint or Visual Format string, at an offset in its scalars.
package struct TextProblem: Error, Sendable, Equatable {
  package var message: String
  package var offset: Int

  package init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// Parses constraint text:
/// `item.attr (==|<=|>=) [m *] item.attr [* m | * a:b | / d] [(+|-) c] [@priority]` or
/// `item.attr (==|<=|>=) c [@priority]`.
package enum ConstraintTextParser {
  /// Priority names accepted after `@` (UILayoutPriority's required, defaultHigh, defaultLow).
  static let namedPriorities: [(name: String, value: Double)] = [("required", 1000), ("high", 750), ("low", 250)]

  package static func parse(_ text: String) -> Result<ConstraintText, TextProblem> {
    var parser = Parser(text)
    do {
      return .success(try parser.constraint())
    } catch let problem as TextProblem {
      return .failure(problem)
    } catch {
      return .failure(TextProblem(message: "\(error)", offset: 0))
    }
  }

  /// Parses a lone `item.attribute` (the `first` and `second` of structured constraints).
  package static func parseAnchor(_ text: String) -> Result<ConstraintText.Anchor, TextProblem> {
    var parser = Parser(text)
    do {
      let anchor = try parser.anchor(context: "")
      if let token = parser.current, token.kind != .end {
        throw TextProblem(
          message: "unexpected \(token.quoted) after '\(anchor.item).\(anchor.attribute.rawValue)'",
          offset: token.offset)
      }
      return .success(anchor)
    } catch let problem as TextProblem {
      return .failure(problem)
    } catch {
      return .failure(TextProblem(message: "\(error)", offset: 0))
    }
  }

  // MARK: Tokens

  struct Token: Equatable {
    enum Kind: Equatable {
      case identifier(String)
      case number(Double)
      case symbol(String)
      case end
    }
    var kind: Kind
    var offset: Int
    var text: String

    var quoted: String {
      kind == .end ? "end of text" : Printable.quoted(text)
    }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }
  }

  /// Splits text into identifiers, unsigned decimal numbers and symbols.
  static func tokenize(_ text: String) -> [Token] {
    let scalars = Array(text.unicodeScalars)
    var tokens: [Token] = []
    var index = 0
    func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    // Words are ASCII nearly always; building them through `String.UnicodeScalarView` was a
    // tenth of reading a large file.
    func spelled(_ range: Range<Int>) -> String {
      guard scalars[range].allSatisfy({ $0.isASCII }) else {
        return String(String.UnicodeScalarView(scalars[range]))
      }
      return String(unsafeUninitializedCapacity: range.count) { buffer in
        for (i, scalar) in scalars[range].enumerated() { buffer[i] = UInt8(truncatingIfNeeded: scalar.value) }
        return range.count
      }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      // Spaces first: the Unicode property lookup is slow.
      if scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
        || (scalar.value >= 0x80 && scalar.properties.isWhitespace)
      {
        index += 1
        continue
      }
      let start = index
      if JSONPath.isIdentifierStart(scalar) && scalar != "$" {
        while index < scalars.count, JSONPath.isIdentifierContinue(scalars[index]), scalars[index] != "$" { index += 1 }
        let word = spelled(start..<index)
        tokens.append(Token(kind: .identifier(word), offset: start, text: word))
        continue
      }
      if isDigit(scalar) {
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index + 1 < scalars.count, scalars[index] == ".", isDigit(scalars[index + 1]) {
          index += 1
          while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        }
        // An exponent, as JSON writes it: `1e3`, `2.5E-2`. Its size is checked where the value
        // is used (the reader's limit on point values), not here.
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
          var end = index + 1
          if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
          if end < scalars.count, isDigit(scalars[end]) {
            index = end
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
          }
        }
        let written = spelled(start..<index)
        tokens.append(Token(kind: .number(Double(written) ?? .nan), offset: start, text: written))
        continue
      }
      // The relations: `==`, `<=`, `>=`, `!=`, and the reversed `=>` and `=<` (reported later).
      let isRelation: Bool
      if index + 1 < scalars.count {
        let second = scalars[index + 1]
        switch scalar {
        case "=": isRelation = second == "=" || second == "<" || second == ">"
        case "<", ">", "!": isRelation = second == "="
        default: isRelation = false
        }
      } else {
        isRelation = false
      }
      if isRelation {
        let pair = spelled(index..<(index + 2))
        tokens.append(Token(kind: .symbol(pair), offset: start, text: pair))
        index += 2
        continue
      }
      let single = String(scalar)
      tokens.append(Token(kind: .symbol(single), offset: start, text: single))
      index += 1
    }
    tokens.append(Token(kind: .end, offset: scalars.count, text: ""))
    return tokens
  }

  // MARK: Grammar

  struct Parser {
    let tokens: [Token]
    var position = 0

    init(_ text: String) {
      tokens = ConstraintTextParser.tokenize(text)
    }

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    /// The current token (the final `.end` token repeats forever).
    var token: Token { tokens[min(position, tokens.count - 1)] }

    mutating func next() { position = min(position + 1, tokens.count - 1) }

    mutating func constraint() throws -> ConstraintText {
      if case .end = token.kind {
        throw TextProblem(message: "empty constraint; write e.g. 'a.top == b.bottom + 8'", offset: 0)
      }
      guard case .identifier = token.kind else {
        throw TextProblem(
          message: "a constraint must start with 'item.attribute', e.g. 'a.top == b.bottom + 8'", offset: token.offset)
      }
      let first = try anchor(context: "")
      // Only messages spell the first anchor, so it is built only for them, not for every constraint.
      func firstText() -> String { "\(first.item).\(first.attribute.rawValue)" }
      let (relation, relationOffset) = try relationToken(after: first)
      var result = ConstraintText(first: first, relation: relation, relationOffset: relationOffset)

      // Right-hand side: an anchor with an optional multiplier, or a constant alone.
      var sign = 1.0
      var signOffset: Int?
      if token.isSymbol("-") {
        sign = -1
        signOffset = token.offset
        next()
      }
      switch token.kind {
      case .number(let value):
        let numberOffset = signOffset ?? token.offset
        next()
        if token.isSymbol("*") {
          next()
          guard case .identifier = token.kind else {
            throw TextProblem(message: "expected 'item.attribute' after '*'", offset: token.offset)
          }
          result.multiplier = sign * value
          result.multiplierOffset = numberOffset
          result.second = try anchor(context: "")
        } else if token.isSymbol("+") || token.isSymbol("-") {
          throw TextProblem(
            message:
              "write the constant after the anchor, e.g. '\(firstText()) \(relation.rawValue) b.bottom + \(fmt(value))'",
            offset: numberOffset)
        } else if token.isSymbol(":") {
          throw TextProblem(
            message:
              "a ratio multiplies an anchor; write e.g. '\(firstText()) \(relation.rawValue) b.height * \(fmt(value)):…'",
            offset: numberOffset)
        } else {
          result.constant = sign * value
          result.constantOffset = numberOffset
        }
      case .identifier:
        if let signOffset {
          throw TextProblem(
            message: "a negative multiplier must be written as a number: '-1 * item.attribute'", offset: signOffset)
        }
        result.second = try anchor(context: "")
      default:
        throw TextProblem(
          message: "expected 'item.attribute' or a number after '\(relation.rawValue)'", offset: token.offset)
      }

      // Trailing multiplier: `* m`, `* a:b`, `/ d`.
      if result.second != nil, token.isSymbol("*") || token.isSymbol("/") {
        let operatorToken = token
        next()
        guard case .number(let value) = token.kind else {
          throw TextProblem(message: "expected a number after '\(operatorToken.text)'", offset: token.offset)
        }
        if result.multiplierOffset != nil {
          throw TextProblem(message: "the multiplier is given twice; write it once", offset: operatorToken.offset)
        }
        let valueOffset = token.offset
        next()
        if operatorToken.text == "/" {
          guard value != 0 else { throw TextProblem(message: "cannot divide by 0", offset: valueOffset) }
          result.multiplier = 1 / value
        } else if token.isSymbol(":") {
          next()
          guard case .number(let denominator) = token.kind else {
            throw TextProblem(message: "expected a number after ':' in the ratio", offset: token.offset)
          }
          guard denominator != 0 else {
            throw TextProblem(message: "the second number of a ratio must not be 0", offset: token.offset)
          }
          next()
          result.multiplier = value / denominator
        } else {
          result.multiplier = value
        }
        result.multiplierOffset = valueOffset
      }

      // Constant.
      if result.second != nil, token.isSymbol("+") || token.isSymbol("-") {
        let operatorToken = token
        next()
        if case .identifier("standard") = token.kind {
          // UIKit's standard spacing, decided when the constraint is resolved (StandardSpacing).
          result.standardSpacing = operatorToken.text == "-" ? -1 : 1
          result.constantOffset = operatorToken.offset
          next()
        } else {
          guard case .number(let value) = token.kind else {
            throw TextProblem(
              message: "expected a number after '\(operatorToken.text)'", offset: token.offset)
          }
          result.constant = operatorToken.text == "-" ? -value : value
          result.constantOffset = operatorToken.offset
          next()
        }
      }

      // Priority.
      if token.isSymbol("@") {
        let atOffset = token.offset
        next()
        result.priorityOffset = atOffset
        switch token.kind {
        case .number(let value):
          result.priority = value
          next()
        case .identifier(let name):
          guard let named = ConstraintTextParser.namedPriorities.first(where: { $0.name == name }) else {
            let hint = DidYouMean.hint(for: name, among: ConstraintTextParser.namedPriorities.map(\.name))
            throw TextProblem(
              message:
                "unknown priority '\(name)'\(hint == "" ? "; use a number 1…1000, required, high or low" : hint)",
              offset: token.offset)
          }
          result.priority = named.value
          next()
        default:
          throw TextProblem(
            message: "expected a priority after '@': a number 1…1000, required, high or low", offset: token.offset)
        }
      }

      if case .end = token.kind { return result }
      let expected: String
      if result.priorityOffset != nil {
        expected = "the end of the constraint"
      } else if result.constantOffset != nil || result.second == nil {
        expected = "'@' or the end of the constraint"
      } else {
        expected = "'+', '-', '@' or the end of the constraint"
      }
      throw TextProblem(message: "unexpected \(token.quoted); expected \(expected)", offset: token.offset)
    }

    /// `item.attribute`.
    mutating func anchor(context: String) throws -> ConstraintText.Anchor {
      guard case .identifier(let item) = token.kind else {
        throw TextProblem(message: "expected 'item.attribute', e.g. 'a.top'", offset: token.offset)
      }
      let itemOffset = token.offset
      next()
      guard token.isSymbol(".") else {
        throw TextProblem(
          message: "expected '.' and an attribute after '\(item)', e.g. '\(item).top'", offset: token.offset)
      }
      next()
      guard case .identifier(var name) = token.kind else {
        throw TextProblem(message: "expected an attribute after '\(item).'", offset: token.offset)
      }
      // `scroll.contentLayoutGuide.top`: a scroll view's guide is the item `scroll#content`;
      // `v.safeAreaLayoutGuide.top` a view's own safe-area guide, `v#safeArea`.
      var named = item
      if LayoutAttribute(rawValue: name) == nil, ViewSafeArea.viewGuideNames[name] == nil,
        position + 1 < tokens.count, tokens[position + 1].isSymbol(".")
      {
        // `v.safeArea.top`, `v.readableContentGuide.top`: a guide name Trellis does not know.
        let hint = DidYouMean.hint(for: name, among: ViewSafeArea.viewGuideNames.keys.sorted())
        throw TextProblem(
          message: "unknown layout guide '\(name)' after '\(item)'\(hint); a view's guides are "
            + ViewSafeArea.viewGuideNames.keys.sorted().map { "'\($0)'" }.joined(separator: ", "),
          offset: token.offset)
      }
      if let guide = ViewSafeArea.viewGuideNames[name] {
        next()
        guard token.isSymbol(".") else {
          throw TextProblem(
            message: "expected '.' and an attribute after '\(item).\(name)', e.g. '\(item).\(name).top'",
            offset: token.offset)
        }
        next()
        guard case .identifier(let attributeName) = token.kind else {
          throw TextProblem(message: "expected an attribute after '\(item).\(name).'", offset: token.offset)
        }
        named += "#" + guide
        name = attributeName
      }
      guard let attribute = LayoutAttribute(rawValue: name) else {
        // Say what may follow `item.`: an attribute, or one of the view's guides and then an attribute.
        let guides = ViewSafeArea.viewGuideNames.keys.sorted()
        let hint = DidYouMean.hint(for: name, among: LayoutAttribute.allCases.map(\.rawValue) + guides)
        let example = guides.first { $0.lowercased().hasPrefix("safearea") } ?? guides.first ?? "safeAreaLayoutGuide"
        // A near miss gets the suggestion alone; anything else the whole list.
        let allowed =
          hint.isEmpty
          ? "; an attribute is one of " + LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", ")
            + ", or a guide and its attribute ('\(item).\(example).top'; guides: " + guides.joined(separator: ", ")
            + ")"
          : hint
        throw TextProblem(
          message: "unknown attribute \(Printable.quoted(name)) after '\(item).'\(allowed)", offset: token.offset)
      }
      let attributeOffset = token.offset
      next()
      return ConstraintText.Anchor(
        item: named, attribute: attribute, itemOffset: itemOffset, attributeOffset: attributeOffset)
    }

    mutating func relationToken(after anchor: ConstraintText.Anchor) throws -> (LayoutRelation, Int) {
      let offset = token.offset
      if case .symbol(let symbol) = token.kind {
        if let relation = LayoutRelation(rawValue: symbol) {
          next()
          return (relation, offset)
        }
        let advice: String?
        switch symbol {
        case "=": advice = "use '==' for equality, not '='"
        case "=>": advice = "write '>=' instead of '=>'"
        case "=<": advice = "write '<=' instead of '=<'"
        case "<", ">":
          advice = "'\(symbol)' is not a relation; use '\(symbol)=' (Auto Layout has no strict inequalities)"
        case "!=": advice = "'!=' is not a relation; use ==, <= or >="
        default: advice = nil
        }
        if let advice { throw TextProblem(message: advice, offset: offset) }
      }
      throw TextProblem(
        message: "expected a relation (==, <= or >=) after '\(anchor.item).\(anchor.attribute.rawValue)'",
        offset: offset)
    }
  }
}
