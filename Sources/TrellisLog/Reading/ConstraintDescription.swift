import TrellisModel

/// A view or guide as a description writes it, before the block gives it an index.
struct ParsedItem: Sendable {
  /// The class as printed, module included: `Prox.PlaceDetailsEventView`.
  var className: String
  var address: String
  /// The quoted text after the address, escapes already decoded.
  var text: String?
  var position: LogPosition
  /// Masonry's debug key printed instead of the address (`UILabel:blueView`); the address is
  /// then empty.
  var key: String? = nil
}

/// An item reference in a description: an item, or a name that `names:` resolves (`|`, `BackButton`).
enum ParsedReference: Sendable {
  case item(ParsedItem)
  case name(String, LogPosition)
}

struct ParsedAnchor: Sendable {
  var reference: ParsedReference
  var attribute: LogAttribute
}

/// A constraint description read, items not yet numbered.
struct ParsedDescription: Sendable {
  var className = ""
  var address = ""
  var snapKitFile: String?
  var snapKitLine: Int?
  var identifier: String?
  var horizontalMask: String?
  var verticalMask: String?
  var notation = LogNotation.linear
  var first: ParsedAnchor?
  var relation = LayoutRelation.equal
  var second: ParsedAnchor?
  var multiplier = 1.0
  var constant = 0.0
  var priority: Double?
  var hugging: Double?
  var compressionResistance: Double?
  var isActive: Bool?
  /// `names:` entries: `|` → the superview, or a name used instead of an item.
  var names: [String: ParsedItem] = [:]
  /// A constant-only location (`minX == 0`) is relative to the superview when `names:` gives one.
  var isConstantLocation = false
  /// Where the description ends: just past its `>`.
  var end = 0
}

/// Why a description could not be read: the piece not understood and where it starts.
struct DescriptionError: Error, Sendable {
  var message: String
  var index: Int
}

/// Reads one `<Class:0xADDR …>` description (the text from `<` to `>`), strictly: every piece
/// is understood or the whole description is an error naming the first piece that was not.
struct ConstraintDescriptionParser {
  let text: LocatedText
  var i = 0
  /// Whether text may follow the closing `>` (a breaking line in a paste that lost its line breaks).
  var trailingText = false

  init(_ text: LocatedText) { self.text = text }

  private var s: [Unicode.Scalar] { text.scalars }

  static func parse(_ text: LocatedText, trailingText: Bool = false) -> Result<ParsedDescription, DescriptionError> {
    var parser = ConstraintDescriptionParser(text)
    parser.trailingText = trailingText
    do {
      return .success(try parser.description())
    } catch let error as DescriptionError {
      return .failure(error)
    } catch {
      return .failure(DescriptionError(message: "unreadable description", index: 0))
    }
  }

  // MARK: Pieces

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    i + offset < s.count ? s[i + offset] : nil
  }

  private mutating func skipSpaces() {
    while let c = peek(), c.isLogSpaceOrNewline { i += 1 }
  }

  private mutating func eat(_ word: String) -> Bool {
    guard text.hasPrefix(word, at: i) else { return false }
    i += word.unicodeScalars.count
    return true
  }

  /// The next few characters, for messages.
  private func piece(at index: Int) -> String {
    var end = index
    while end < s.count && end - index < 24 && !(s[end].isLogSpaceOrNewline && end > index) { end += 1 }
    let shown = text.string(index..<end)
    return shown.isEmpty ? "the end of the description" : "'\(shown)'"
  }

  private func fail(_ what: String, at index: Int? = nil) -> DescriptionError {
    let at = index ?? i
    return DescriptionError(message: "\(what), found \(piece(at: at))", index: at)
  }

  private mutating func number() throws -> Double {
    let start = i
    var digits = String.UnicodeScalarView()
    if let c = peek(), c == "+" || c == "-" {
      if c == "-" { digits.append("-") }
      i += 1
      skipSpaces()
    }
    var sawDigit = false
    while let c = peek(), c.isDigit || c == "." {
      if c.isDigit { sawDigit = true }
      digits.append(c)
      i += 1
    }
    if sawDigit, let c = peek(), c == "e" || c == "E" {
      var k = i + 1
      var exponent = String.UnicodeScalarView(["e"])
      if k < s.count, s[k] == "+" || s[k] == "-" {
        exponent.append(s[k])
        k += 1
      }
      var any = false
      while k < s.count, s[k].isDigit {
        exponent.append(s[k])
        k += 1
        any = true
      }
      if any {
        digits.append(contentsOf: exponent)
        i = k
      }
    }
    guard sawDigit, let value = Double(String(digits)), value.isFinite else {
      i = start
      throw fail("expected a number", at: start)
    }
    return value
  }

  private func startsNumber(at index: Int) -> Bool {
    var k = index
    if k < s.count, s[k] == "+" || s[k] == "-" {
      k += 1
      while k < s.count, s[k].isLogSpace { k += 1 }
    }
    if k < s.count, s[k] == "." { k += 1 }
    return k < s.count && s[k].isDigit
  }

  /// The class name before `:0x`, when one starts at `i` (generic arguments in `<…>` allowed).
  private func classEnd(from start: Int) -> Int? {
    var k = start
    var depth = 0
    while k < s.count {
      let c = s[k]
      if c == "<" {
        depth += 1
      } else if c == ">" {
        depth -= 1
        if depth < 0 { return nil }
      } else if c == ":" && depth == 0 {
        let hex = k + 3 < s.count && s[k + 1] == "0" && (s[k + 2] == "x" || s[k + 2] == "X") && s[k + 3].isHexDigit
        return hex && k > start ? k : nil
      } else if depth == 0 && !(c.isIdentifierPart || c == "." || c == "*") {
        return nil
      } else if depth > 0 && c == "\n" {
        return nil
      }
      k += 1
    }
    return nil
  }

  private mutating func address() throws -> String {
    guard eat("0x") || eat("0X") else { throw fail("expected an address (0x…)") }
    var out = "0x"
    while let c = peek(), c.isHexDigit {
      out.unicodeScalars.append(c)
      i += 1
    }
    guard out.count > 2 else { throw fail("expected hex digits after 0x") }
    return out.lowercased()
  }

  /// An item: `Class:0xADDR` with an optional `'text'`. `closes` says whether the text may end
  /// at a quote followed by the scalar at that index (the rest of the description decides
  /// where a title that holds quotes ends).
  private mutating func item(textEnds closes: (LocatedText, Int) -> Bool) throws -> ParsedItem {
    let start = i
    guard let end = classEnd(from: i) else { throw fail("expected a view or guide (Class:0x…)") }
    let className = text.string(i..<end)
    i = end + 1
    let address = try address()
    var label: String?
    if peek() == "'" {
      var k = i + 1
      var close: Int?
      while k < s.count {
        if s[k] == "'" && closes(text, k + 1) {
          close = k
          break
        }
        k += 1
      }
      guard let close else { throw fail("the text in quotes after the address is not closed", at: i) }
      label = text.string((i + 1)..<close)
      i = close + 1
    }
    return ParsedItem(className: className, address: address, text: label, position: text.position(start))
  }

  // MARK: The description

  mutating func description() throws -> ParsedDescription {
    var out = ParsedDescription()
    skipSpaces()
    guard eat("<") else { throw fail("a constraint description starts with '<'") }
    if text.hasPrefix("private>", at: i) {
      throw DescriptionError(
        message:
          "the description is redacted ('<private>'): the log came from the unified log; copy the block from Xcode's console instead",
        index: i)
    }
    if let end = classEnd(from: i) {
      out.className = text.string(i..<end)
      i = end + 1
      out.address = try address()
    } else if let (className, keyEnd) = keyedClass(from: i) {
      // Masonry's description of a constraint with a debug key: `<MASLayoutConstraint:width[0] …`.
      out.className = className
      out.identifier = text.string((i + className.unicodeScalars.count + 1)..<keyEnd)
      i = keyEnd
    } else {
      throw fail("expected the constraint's class and address (NSLayoutConstraint:0x…)")
    }
    if eat("@") {
      let fileStart = i
      while let c = peek(), c != "#", !c.isLogSpaceOrNewline { i += 1 }
      out.snapKitFile = text.string(fileStart..<i)
      guard eat("#") else { throw fail("expected '#' and a line after SnapKit's file name") }
      let lineStart = i
      while let c = peek(), c.isDigit { i += 1 }
      guard i > lineStart, let line = Int(text.string(lineStart..<i)) else {
        throw fail("expected a line number after '#'")
      }
      out.snapKitLine = line
    }
    // Identifier and autoresizing masks, in either order.
    var rounds = 0
    while rounds < 4 {
      rounds += 1
      skipSpaces()
      if peek() == "'" {
        let start = i
        var k = i + 1
        // An identifier ends at a quote followed by a space (identifiers hold spaces: IB's
        // 'IB auto generated at build time for view with fixed frame').
        while k < s.count && !(s[k] == "'" && (k + 1 == s.count || s[k + 1].isLogSpaceOrNewline)) { k += 1 }
        guard k < s.count else { throw fail("the identifier in quotes is not closed", at: start) }
        out.identifier = text.string((start + 1)..<k)
        i = k + 1
      } else if let c = peek(), c == "h" || c == "v", peek(1) == "=" {
        let start = i + 2
        var k = start
        while k < s.count && (s[k] == "-" || s[k] == "&") { k += 1 }
        guard k - start == 3 else { throw fail("expected an autoresizing mask such as 'h=--&'", at: i) }
        if c == "h" { out.horizontalMask = text.string(start..<k) } else { out.verticalMask = text.string(start..<k) }
        i = k
      } else {
        break
      }
    }
    skipSpaces()
    if (peek() == "H" || peek() == "V") && peek(1) == ":" {
      try visualFormat(&out)
    } else {
      try linear(&out)
    }
    try tail(&out)
    return out
  }

  // MARK: Linear form

  private mutating func attribute() throws -> LogAttribute {
    guard eat(".") else { throw fail("expected '.' and an attribute after the item") }
    let start = i
    while let c = peek(), c.isLetter { i += 1 }
    let name = text.string(start..<i)
    guard let attribute = LogAttribute(printed: name) else {
      throw fail("expected an attribute (leading, width, centerY, …)", at: start)
    }
    // The engine's variable id: `contentHeight{id: 178}`.
    if peek() == "{" {
      while let c = peek(), c != "}" { i += 1 }
      guard eat("}") else { throw fail("'{id: …}' is not closed") }
    }
    return attribute
  }

  /// Whether `index` starts `.attribute` followed by a space, `{`, `*` or the end: where a
  /// title in a linear description ends.
  private func isAttributeAt(_ index: Int) -> Bool { Self.isAttribute(in: text, at: index) }

  private static func isAttribute(in text: LocatedText, at index: Int) -> Bool {
    let s = text.scalars
    guard index < s.count, s[index] == "." else { return false }
    var k = index + 1
    while k < s.count, s[k].isLetter { k += 1 }
    guard k > index + 1, LogAttribute(printed: text.string((index + 1)..<k)) != nil else { return false }
    return k == s.count || s[k].isLogSpaceOrNewline || s[k] == "{" || s[k] == "*" || s[k] == ">"
  }

  /// `Class:key` as Masonry's debug description prints an object with a `mas_key`: the class
  /// (identifier characters and dots), `:`, then a key that is not an address, up to a space.
  private func keyedClass(from start: Int) -> (String, Int)? {
    var k = start
    while k < s.count && (s[k].isIdentifierPart || s[k] == ".") { k += 1 }
    guard k > start, k + 1 < s.count, s[k] == ":", !s[k + 1].isLogSpaceOrNewline,
      !text.hasPrefix("0x", at: k + 1)
    else { return nil }
    var end = k + 1
    while end < s.count && !s[end].isLogSpaceOrNewline && s[end] != ">" { end += 1 }
    return (text.string(start..<k), end)
  }

  private mutating func linearAnchor() throws -> ParsedAnchor {
    let start = i
    if classEnd(from: i) != nil {
      let item = try item(textEnds: { Self.isAttribute(in: $0, at: $1) })
      return ParsedAnchor(reference: .item(item), attribute: try attribute())
    }
    // Masonry's `UILabel:blueView.left`: the key runs to the attribute.
    if let (className, _) = keyedClass(from: i) {
      var k = i + className.unicodeScalars.count + 1
      while k < s.count && !isAttributeAt(k) && !s[k].isLogSpaceOrNewline { k += 1 }
      if k > i + className.unicodeScalars.count + 1, isAttributeAt(k) {
        let key = text.string((i + className.unicodeScalars.count + 1)..<k)
        i = k
        let item = ParsedItem(className: className, address: "", text: nil, position: text.position(start), key: key)
        return ParsedAnchor(reference: .item(item), attribute: try attribute())
      }
    }
    // A name from `names:` (`BackButton.trailing`): letters up to the attribute.
    var k = i
    while k < s.count && (s[k].isIdentifierPart || s[k] == "|" || (s[k] == "." && !isAttributeAt(k))) { k += 1 }
    guard k > i, isAttributeAt(k) else { throw fail("expected a view or guide (Class:0x…) and an attribute") }
    let name = text.string(i..<k)
    i = k
    return ParsedAnchor(reference: .name(name, text.position(start)), attribute: try attribute())
  }

  private mutating func relation() throws -> LayoutRelation {
    if eat("==") { return .equal }
    if eat(">=") { return .greaterThanOrEqual }
    if eat("<=") { return .lessThanOrEqual }
    throw fail("expected a relation (==, >= or <=)")
  }

  private mutating func linear(_ out: inout ParsedDescription) throws {
    out.notation = .linear
    out.first = try linearAnchor()
    skipSpaces()
    out.relation = try relation()
    skipSpaces()
    if startsNumber(at: i) {
      let value = try number()
      let save = i
      skipSpaces()
      if eat("*") {
        // `0.33*UIView:0x….width + 50`
        skipSpaces()
        out.multiplier = value
        out.second = try linearAnchor()
      } else {
        i = save
        out.constant = value
        out.isConstantLocation = !(out.first?.attribute.isSize ?? true)
        return
      }
    } else {
      guard classEnd(from: i) != nil || (peek()?.isIdentifierPart ?? false) else {
        throw fail("expected a constant or a view or guide (Class:0x…) and an attribute")
      }
      out.second = try linearAnchor()
      let save = i
      skipSpaces()
      if eat("*") {
        skipSpaces()
        out.multiplier = try number()
      } else {
        i = save
      }
    }
    let save = i
    skipSpaces()
    if let c = peek(), c == "+" || c == "-", startsNumber(at: i) {
      out.constant = try number()
    } else if eat("NSLayoutAnchorConstraintSpace(") {
      // System spacing from the anchor API (`…SystemSpacingAfter:`/`Below:`): the first
      // item is after or below the second by the spacing, whatever the relation.
      out.constant = try number()
      guard eat(")") else { throw fail("expected ')' after the system spacing") }
    } else {
      i = save
    }
  }

  // MARK: Visual format

  private enum VFLElement {
    case superview(LogPosition)
    case view(ParsedReference, predicate: (LayoutRelation, Double, Double?)?)
  }

  /// `(8)`, `(>=8)`, `(<=8@750)`, `(NSSpace(8))`, `(-20)`, without the parentheses.
  private mutating func predicate() throws -> (LayoutRelation, Double, Double?) {
    skipSpaces()
    var relation = LayoutRelation.equal
    if text.hasPrefix("==", at: i) || text.hasPrefix(">=", at: i) || text.hasPrefix("<=", at: i) {
      relation = try self.relation()
    }
    skipSpaces()
    let value: Double
    if eat("NSSpace(") {
      value = try number()
      guard eat(")") else { throw fail("expected ')' after NSSpace's value") }
    } else {
      value = try number()
    }
    skipSpaces()
    var priority: Double?
    if eat("@") { priority = try number() }
    skipSpaces()
    return (relation, value, priority)
  }

  private mutating func visualFormat(_ out: inout ParsedDescription) throws {
    out.notation = .visualFormat
    let horizontal = peek() == "H"
    i += 2
    var elements: [VFLElement] = []
    var gaps: [(LayoutRelation, Double, Double?)?] = []
    var pendingGap: (LayoutRelation, Double, Double?)?
    var sawGap = false
    while elements.count < 3 {
      skipSpaces()
      if peek() == "|" {
        elements.append(.superview(text.position(i)))
        i += 1
      } else if peek() == "[" {
        i += 1
        let start = i
        var reference: ParsedReference
        if classEnd(from: i) != nil {
          let item = try item(textEnds: { text, k in
            k < text.count && (text.scalars[k] == "]" || text.scalars[k] == "(")
          })
          reference = .item(item)
        } else {
          var k = i
          while k < s.count && (s[k].isIdentifierPart || s[k] == ".") { k += 1 }
          guard k > i else { throw fail("expected a view or guide (Class:0x…) after '['") }
          reference = .name(text.string(i..<k), text.position(start))
          i = k
        }
        var size: (LayoutRelation, Double, Double?)?
        if eat("(") {
          size = try predicate()
          guard eat(")") else { throw fail("expected ')' after the size") }
        }
        guard eat("]") else { throw fail("expected ']' after the view") }
        elements.append(.view(reference, predicate: size))
      } else {
        break
      }
      if elements.count > 1 {
        gaps.append(pendingGap)
        pendingGap = nil
      }
      // A connection: `-(8)-`, `-8-` or none (views side by side).
      let save = i
      skipSpaces()
      if eat("-") {
        sawGap = true
        skipSpaces()
        if eat("(") {
          pendingGap = try predicate()
          guard eat(")") else { throw fail("expected ')' after the spacing") }
        } else if startsNumber(at: i) {
          pendingGap = (.equal, try number(), nil)
        } else {
          throw fail("expected a spacing such as '(8)' after '-'")
        }
        skipSpaces()
        guard eat("-") else { throw fail("expected '-' after the spacing") }
      } else {
        i = save
        pendingGap = (.equal, 0, nil)
        sawGap = false
      }
    }
    if sawGap { throw fail("expected a view or '|' after the spacing") }
    // `(LTR)` / `(RTL)`: the constraint uses left/right, not leading/trailing.
    var direction: String?
    let save = i
    skipSpaces()
    if eat("(LTR)") {
      direction = "LTR"
    } else if eat("(RTL)") {
      direction = "RTL"
    } else {
      i = save
    }
    func edge(_ leadingSide: Bool) -> LogAttribute {
      if !horizontal { return leadingSide ? .top : .bottom }
      switch direction {
      case "LTR": return leadingSide ? .left : .right
      case "RTL": return leadingSide ? .right : .left
      default: return leadingSide ? .leading : .trailing
      }
    }
    func reference(_ element: VFLElement) -> ParsedReference {
      switch element {
      case .superview(let position): return .name("|", position)
      case .view(let reference, _): return reference
      }
    }
    // RTL reverses the axis: a gap after a view is subtracted.
    let sign: Double = direction == "RTL" ? -1 : 1
    switch elements.count {
    case 1:
      guard case .view(let ref, let size?) = elements[0] else {
        throw fail("expected a size such as '(44)' in a Visual Format description of one view")
      }
      out.first = ParsedAnchor(reference: ref, attribute: horizontal ? .width : .height)
      out.relation = size.0
      out.constant = size.1
      out.priority = size.2
    case 2:
      guard let gap = gaps.first ?? nil else { throw fail("expected a spacing between the two items") }
      for case .view(_, _?) in elements {
        throw fail("a Visual Format description with a spacing cannot also size a view")
      }
      var relation = gap.0
      if sign < 0 && relation != .equal {
        relation = relation == .greaterThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
      }
      // `|-c-[v]`: v.leading == |.leading + c; `[v]-c-|`: |.trailing == v.trailing + c;
      // `[a]-c-[b]`: b.leading == a.trailing + c.
      switch (elements[0], elements[1]) {
      case (.superview, .superview):
        throw fail("a Visual Format description relates a view, not '|' to '|'")
      case (.superview, _):
        out.first = ParsedAnchor(reference: reference(elements[1]), attribute: edge(true))
        out.second = ParsedAnchor(reference: reference(elements[0]), attribute: edge(true))
      case (_, .superview):
        out.first = ParsedAnchor(reference: reference(elements[1]), attribute: edge(false))
        out.second = ParsedAnchor(reference: reference(elements[0]), attribute: edge(false))
      default:
        out.first = ParsedAnchor(reference: reference(elements[1]), attribute: edge(true))
        out.second = ParsedAnchor(reference: reference(elements[0]), attribute: edge(false))
      }
      out.relation = relation
      out.constant = sign * gap.1
      out.priority = gap.2
    default:
      throw fail(
        elements.isEmpty
          ? "expected '|' or '[' after H: or V:"
          : "a printed Visual Format description holds one constraint; this one relates more than two items")
    }
  }

  // MARK: After the constraint

  private mutating func tail(_ out: inout ParsedDescription) throws {
    var rounds = 0
    while rounds < 16 {
      rounds += 1
      skipSpaces()
      if eat(">") {
        out.end = i
        skipSpaces()
        guard i == s.count || trailingText else { throw fail("unexpected text after the closing '>'") }
        return
      }
      if eat("@") {
        out.priority = try number()
      } else if eat("^") {
        out.priority = try masonryPriority()
      } else if eat("priority:") || eat("priority ") {
        skipSpaces()
        out.priority = try number()
      } else if eat("Hug:") {
        out.hugging = try number()
      } else if eat("CompressionResistance:") {
        out.compressionResistance = try number()
      } else if eat("(") {
        try flags(&out)
      } else {
        throw fail("expected '(active)', a priority or the closing '>'")
      }
    }
    throw fail("expected the closing '>'")
  }

  /// Masonry's `^high`, `^low`, `^medium`, `^required`, `^fitting size` (AppKit's named
  /// priorities too), or `^749`.
  private mutating func masonryPriority() throws -> Double {
    if startsNumber(at: i) { return try number() }
    let names: [(String, Double)] = [
      ("required", 1000), ("high", 750), ("medium", 500), ("low", 250), ("fitting size", 50),
      ("drag can resize window", 510), ("window size stay put", 500), ("drag cannot resize window", 490),
    ]
    for (name, value) in names where eat(name) { return value }
    throw fail("expected a priority after '^' (a number, high, medium, low, required)")
  }

  /// `(active)`, `(inactive)`, `(active, names: '|':UIView:0x… )`, `(Names: …)`, `(active, priority 999)`.
  private mutating func flags(_ out: inout ParsedDescription) throws {
    var rounds = 0
    while rounds < 16 {
      rounds += 1
      skipSpaces()
      if eat(")") { return }
      if eat(",") { continue }
      if eat("active") {
        out.isActive = true
      } else if eat("inactive") {
        out.isActive = false
      } else if eat("priority:") || eat("priority") {
        skipSpaces()
        out.priority = try number()
      } else if eat("names:") || eat("Names:") {
        try names(&out)
      } else {
        throw fail("expected 'active', 'inactive', 'names:' or ')'")
      }
    }
    throw fail("expected ')'")
  }

  private mutating func names(_ out: inout ParsedDescription) throws {
    var rounds = 0
    while rounds < 64 {
      rounds += 1
      skipSpaces()
      if eat(",") { continue }
      if peek() == ")" { return }
      let name: String
      if peek() == "'" {
        let start = i + 1
        var k = start
        while k < s.count && s[k] != "'" { k += 1 }
        guard k < s.count else { throw fail("a name in quotes is not closed") }
        name = text.string(start..<k)
        i = k + 1
      } else {
        let start = i
        while let c = peek(), c.isIdentifierPart || c == "." { i += 1 }
        guard i > start else { throw fail("expected a name such as '|' in names:") }
        name = text.string(start..<i)
      }
      guard eat(":") else { throw fail("expected ':' after the name in names:") }
      if text.hasPrefix("0x", at: i) {
        // An object printed as its address alone: the name stands for its class.
        let start = i
        out.names[name] = ParsedItem(className: name, address: try address(), text: nil, position: text.position(start))
        continue
      }
      let item = try item(textEnds: { text, k in
        var j = k
        while j < text.count && text.scalars[j].isLogSpaceOrNewline { j += 1 }
        return j < text.count && (text.scalars[j] == ")" || text.scalars[j] == ",")
      })
      out.names[name] = item
    }
    throw fail("names: is not closed")
  }
}

extension LogAttribute {
  var isSize: Bool { self == .width || self == .height || self == .contentWidth || self == .contentHeight }
}
