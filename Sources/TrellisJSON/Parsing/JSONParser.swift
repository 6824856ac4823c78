import TrellisModel
import TrellisSupport

/// A strict JSON (RFC 8259) parser that keeps the position of every value and key and
/// reports what people commonly paste into JSON files (comments, trailing commas, single
/// quotes, unquoted keys, `True`, `NaN`, …) as errors, recovering to find more.
///
/// It does not recurse: open objects and arrays live on an explicit stack, and values nested
/// deeper than ``JSONLimits/maxDepth`` are reported once and skipped by a scan. It never
/// traps on any input.
package struct JSONParser {
  private enum PathPart {
    case key(String)
    case index(Int)
  }

  private let bytes: [UInt8]
  private let file: String
  private let limits: JSONLimits
  private let sink: DiagnosticSink
  private var index = 0
  private var line = 1
  private var column = 1
  /// Just after the last complete token: where "expected …" at the end of input points.
  private var lastTokenEnd: SourceLocation
  private var path: [PathPart] = []
  private var reportedDepth = false
  /// Set once the end of input was reported inside a value, so enclosing containers stay quiet.
  private var reportedEnd = false

  /// Parses one JSON value filling the whole text; `nil` when there is no value at all.
  package static func parse(bytes: [UInt8], file: String, limits: JSONLimits, sink: DiagnosticSink) -> JSONNode? {
    var parser = JSONParser(bytes: bytes, file: file, limits: limits, sink: sink)
    return parser.parseDocument()
  }

  private init(bytes: [UInt8], file: String, limits: JSONLimits, sink: DiagnosticSink) {
    self.bytes = bytes
    self.file = file
    self.limits = limits
    self.sink = sink
    self.lastTokenEnd = SourceLocation(file: file, line: 1, column: 1, offset: 0)
  }

  // MARK: Problems

  /// Reports a malformed document (code `json-syntax` unless given).
  private func error(
    _ message: String, at location: SourceLocation, path: String? = nil,
    notes: [Diagnostic.Note] = [], code: Diagnostic.Code = "json-syntax"
  ) {
    sink.error(code, message, at: location, path: path, notes: notes)
  }

  private func warning(_ message: String, at location: SourceLocation, code: Diagnostic.Code) {
    sink.warning(code, message, at: location)
  }

  // MARK: Document

  private mutating func parseDocument() -> JSONNode? {
    if let encoding = ForeignEncoding.name(of: bytes) {
      error("the file is encoded as \(encoding); save it as UTF-8", at: here(), code: "file-encoding")
      return nil
    }
    if bytes.starts(with: UTF8Decoding.byteOrderMark) {
      warning(
        "the file starts with a UTF-8 byte order mark (BOM); it is ignored, but JSON files should not have one",
        at: here(), code: "byte-order-mark")
      index = 3
      lastTokenEnd = here()
    }
    skipTrivia()
    guard index < bytes.count else {
      error("expected a JSON value, but the file is empty", at: here())
      return nil
    }
    let value = parseValue(depth: 1)
    skipTrivia()
    if index < bytes.count, !sink.isFull, !reportedEnd {
      error("unexpected text after the end of the JSON value; a file holds exactly one value", at: here())
    }
    return value
  }

  // MARK: Positions

  private func here() -> SourceLocation {
    SourceLocation(file: file, line: line, column: column, offset: index)
  }

  private var currentPath: String {
    var text = JSONPath.root
    for part in path {
      switch part {
      case .key(let key): text = JSONPath.member(text, key)
      case .index(let position): text = JSONPath.element(text, position)
      }
    }
    return text
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Moves over one ASCII byte that is not a line break.
  private mutating func advanceByte() {
    index += 1
    column += 1
  }

  /// Moves over one scalar (or one invalid byte) that is not a line break.
  @discardableResult
  private mutating func advanceScalar() -> Unicode.Scalar? {
    let (scalar, length) = UTF8Decoding.decode(bytes, at: index)
    index += length
    column += 1
    return scalar
  }

  /// Moves over `\n`, `\r\n` or a lone `\r`.
  private mutating func advanceLineBreak() {
    if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
      index += 2
    } else {
      index += 1
    }
    line += 1
    column = 1
  }

  private mutating func markTokenEnd() {
    lastTokenEnd = here()
  }

  private func isLineBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  private func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
  }

  private func isWordByte(_ byte: UInt8) -> Bool {
    isWordStart(byte) || isDigit(byte)
  }

  /// A character for messages: `'x'`, or `U+00A0` for invisible ones.
  private func describe(_ scalar: Unicode.Scalar?) -> String {
    guard let scalar else { return "an invalid UTF-8 byte" }
    if scalar.value < 0x21 || (scalar.value >= 0x7F && scalar.value <= 0xA0) || scalar.properties.isWhitespace
      || scalar.value == 0xFEFF || scalar.properties.generalCategory == .format
    {
      return unicodeName(scalar)
    }
    return "'\(scalar)'"
  }

  private func unicodeName(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  // MARK: Whitespace and comments

  private mutating func skipTrivia() {
    while index < bytes.count, !sink.isFull {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        advanceByte()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advanceLineBreak()
      case UInt8(ascii: "/"):
        guard index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        else { return }
        skipComment()
      case 0x80...:
        let start = here()
        let (scalar, _) = UTF8Decoding.decode(bytes, at: index)
        guard let scalar, scalar.properties.isWhitespace || scalar.value == 0xFEFF else { return }
        error(
          "unexpected \(unicodeName(scalar)) (invisible space); JSON allows only spaces, tabs and line breaks between values",
          at: start, path: currentPath)
        advanceScalar()
      default:
        return
      }
    }
  }

  private mutating func skipComment() {
    let start = here()
    let isBlock = bytes[index + 1] == UInt8(ascii: "*")
    advanceByte()
    advanceByte()
    let advice = "JSON does not allow comments; remove it, or put the text in a \"description\""
    if !isBlock {
      error(advice, at: start, path: currentPath)
      while index < bytes.count, !isLineBreak(bytes[index]) { advanceScalar() }
      return
    }
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        advanceByte()
        advanceByte()
        error(advice, at: start, path: currentPath)
        return
      }
      if isLineBreak(bytes[index]) { advanceLineBreak() } else { advanceScalar() }
    }
    error("JSON does not allow comments, and this '/*' comment is never closed", at: start, path: currentPath)
    reportedEnd = true
  }

  // MARK: Values

  /// An object or array being read, kept on an explicit stack instead of the call stack (a
  /// debug build spends 10–20 KiB of stack per recursive level, too much for small threads).
  private enum Container {
    case object(ObjectFrame)
    case array(ArrayFrame)
  }

  /// Frames are classes so that the arrays they collect stay uniquely referenced while the
  /// frame moves on and off the stack (a struct in an enum payload was copied on every append).
  private final class ObjectFrame {
    let start: SourceLocation
    var members: [JSONMember] = []
    var firstKeyLocation: [String: SourceLocation] = [:]
    var pendingComma: SourceLocation?
    var key = ""
    var keyNode: JSONNode?
    /// Whether `key` is on `path` (from reading the key until the next member starts).
    var keyOnPath = false
    var opened: String { "the object that starts at \(start.line):\(start.column)" }
    init(start: SourceLocation) { self.start = start }
  }

  private final class ArrayFrame {
    let start: SourceLocation
    var elements: [JSONNode] = []
    var pendingComma: SourceLocation?
    var opened: String { "the array that starts at \(start.line):\(start.column)" }
    init(start: SourceLocation) { self.start = start }
  }

  /// What a container needs next.
  private enum Step {
    /// A member or element value starts at the current position.
    case needsValue
    /// The container is complete.
    case closed(JSONNode)
  }

  /// Reads one value at `depth` (the top-level value is depth 1) without recursion.
  private mutating func parseValue(depth: Int) -> JSONNode {
    var stack: [Container] = []
    var completed = beginValue(depth: depth, stack: &stack)
    while true {
      if let value = completed {
        switch stack.last {
        case .object(let frame): finishMember(frame, value: value)
        case .array(let frame): finishElement(frame, value: value)
        case nil: return value
        }
        completed = nil
      }
      let step: Step
      switch stack.last {
      case .object(let frame): step = advanceObject(frame)
      case .array(let frame): step = advanceArray(frame)
      case nil: return JSONNode(.invalid, at: here())
      }
      if case .closed = step { stack.removeLast() }
      switch step {
      case .closed(let node): completed = node
      case .needsValue: completed = beginValue(depth: depth + stack.count, stack: &stack)
      }
    }
  }

  /// Starts the value at the current position: a complete scalar, or `nil` after pushing a
  /// new container onto `stack`.
  private mutating func beginValue(depth: Int, stack: inout [Container]) -> JSONNode? {
    let start = here()
    guard let byte = peek(), !sink.isFull else {
      reportEnd("expected a value")
      return JSONNode(.invalid, at: start)
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      if depth > limits.maxDepth {
        if !reportedDepth {
          error(
            "nesting is deeper than \(limits.maxDepth) levels, the reader's limit; flatten the file",
            at: start, path: currentPath, code: "limit-exceeded")
          reportedDepth = true
        }
        skipNestedValue()
        return JSONNode(.invalid, at: start)
      }
      advanceByte()
      markTokenEnd()
      stack.append(byte == UInt8(ascii: "{") ? .object(ObjectFrame(start: start)) : .array(ArrayFrame(start: start)))
      return nil
    case UInt8(ascii: "\""):
      return parseString(quote: UInt8(ascii: "\""))
    case UInt8(ascii: "'"):
      return parseString(quote: UInt8(ascii: "'"))
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return parseNumber()
    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"):
      error("expected a value before '\(Unicode.Scalar(byte))'", at: start, path: currentPath)
      return JSONNode(.invalid, at: start)
    default:
      if isWordStart(byte) { return parseWord() }
      if let scalar = advanceScalar() {
        error("unexpected \(describe(scalar)); expected a JSON value", at: start, path: currentPath)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        error("invalid UTF-8 byte 0x\(hex); save the file as UTF-8", at: start, path: currentPath)
      }
      markTokenEnd()
      return JSONNode(.invalid, at: start)
    }
  }

  /// Reports the end of input once (the innermost open value says what was expected).
  private mutating func reportEnd(_ expectation: String) {
    guard !reportedEnd else { return }
    reportedEnd = true
    error("unexpected end of file; \(expectation)", at: lastTokenEnd, path: currentPath)
  }

  /// Reads up to the next member's value (its key and colon), or to the end of the object.
  private mutating func advanceObject(_ frame: ObjectFrame) -> Step {
    if frame.keyOnPath {
      path.removeLast()
      frame.keyOnPath = false
    }
    while !sink.isFull {
      skipTrivia()
      guard let byte = peek() else {
        reportEnd("expected '}' to close \(frame.opened)")
        break
      }
      if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        close(byte, expecting: "}", opened: frame.opened, pendingComma: frame.pendingComma)
        break
      }
      if byte == UInt8(ascii: ",") {
        error("unexpected ','; expected a key in double quotes", at: here(), path: currentPath)
        advanceByte()
        continue
      }
      frame.pendingComma = nil

      // The key.
      let keyLocation = here()
      let keyNode: JSONNode
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        keyNode = parseString(quote: byte)
      } else if isWordStart(byte) {
        let word = readWord()
        // An unquoted key has no quote before it: positions start at the key itself.
        let positions = (0...word.utf8.count).map {
          SourcePosition(column: keyLocation.column + $0, offset: keyLocation.offset + $0)
        }
        keyNode = JSONNode(.string(word), at: keyLocation, stringPositions: positions)
        markTokenEnd()
        error(
          "object keys must be strings in double quotes; write \"\(word)\"", at: keyLocation, path: currentPath)
      } else {
        let scalar = UTF8Decoding.decode(bytes, at: index).scalar
        error("expected a key in double quotes, found \(describe(scalar))", at: keyLocation, path: currentPath)
        skipToSeparator()
        if peek() == UInt8(ascii: ",") { advanceByte() }
        continue
      }
      let key = keyNode.stringValue ?? ""
      path.append(.key(key))

      // The colon.
      skipTrivia()
      if peek() == UInt8(ascii: ":") {
        advanceByte()
        markTokenEnd()
      } else if peek() == UInt8(ascii: "=") {
        error("use ':' between a key and its value, not '='", at: here(), path: currentPath)
        advanceByte()
        markTokenEnd()
      } else if let next = peek(), next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]") {
        error("expected ':' after the key \"\(key)\"", at: lastTokenEnd, path: currentPath)
      } else if peek() != nil {
        error("expected ':' and a value after the key \"\(key)\"", at: lastTokenEnd, path: currentPath)
        if peek() == UInt8(ascii: ",") {
          frame.pendingComma = here()
          advanceByte()
        }
        path.removeLast()
        continue
      }
      frame.key = key
      frame.keyNode = keyNode
      frame.keyOnPath = true
      skipTrivia()
      return .needsValue
    }
    return .closed(JSONNode(.object(frame.members), at: frame.start))
  }

  /// Files a member's value and reads the separator after it.
  private mutating func finishMember(_ frame: ObjectFrame, value: JSONNode) {
    let key = frame.key
    let keyNode = frame.keyNode ?? JSONNode(.string(key), at: here())
    if let first = frame.firstKeyLocation[key] {
      error(
        "duplicate key \"\(key)\"; a JSON object must not repeat a key", at: keyNode.location, path: currentPath,
        notes: [Diagnostic.Note("the first \"\(key)\" is here", at: first)])
    } else {
      frame.firstKeyLocation[key] = keyNode.location
      frame.members.append(JSONMember(key: key, keyNode: keyNode, value: value))
    }

    skipTrivia()
    guard let next = peek() else { return }
    switch next {
    case UInt8(ascii: ","):
      frame.pendingComma = here()
      advanceByte()
      markTokenEnd()
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      return
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      error("expected ',' before the next key", at: lastTokenEnd, path: currentPath)
    default:
      if isWordStart(next) {
        error("expected ',' before the next key", at: lastTokenEnd, path: currentPath)
      } else {
        let scalar = UTF8Decoding.decode(bytes, at: index).scalar
        error(
          "expected ',' or '}' after the value of \"\(key)\", found \(describe(scalar))", at: here(), path: currentPath)
        skipToSeparator()
      }
    }
  }

  /// Consumes a closing bracket of either kind for a container that expects `closer`,
  /// reporting a trailing comma before it and a bracket of the wrong kind.
  private mutating func close(
    _ byte: UInt8, expecting closer: Unicode.Scalar, opened: String, pendingComma: SourceLocation?
  ) {
    if let comma = pendingComma {
      error("JSON does not allow a trailing comma; remove this ','", at: comma, path: currentPath)
    }
    if byte != UInt8(ascii: closer) {
      let found = Character(Unicode.Scalar(byte))
      error("expected '\(closer)' to close \(opened), found '\(found)'", at: here(), path: currentPath)
    }
    advanceByte()
    markTokenEnd()
  }

  /// Reads up to the next element, or to the end of the array.
  private mutating func advanceArray(_ frame: ArrayFrame) -> Step {
    while !sink.isFull {
      skipTrivia()
      guard let byte = peek() else {
        reportEnd("expected ']' to close \(frame.opened)")
        break
      }
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        close(byte, expecting: "]", opened: frame.opened, pendingComma: frame.pendingComma)
        break
      }
      if byte == UInt8(ascii: ",") {
        error("unexpected ','; expected a value", at: here(), path: currentPath)
        advanceByte()
        continue
      }
      frame.pendingComma = nil
      path.append(.index(frame.elements.count))
      return .needsValue
    }
    return .closed(JSONNode(.array(frame.elements), at: frame.start))
  }

  /// Files an element and reads the separator after it.
  private mutating func finishElement(_ frame: ArrayFrame, value: JSONNode) {
    path.removeLast()
    frame.elements.append(value)
    skipTrivia()
    guard let next = peek() else { return }
    switch next {
    case UInt8(ascii: ","):
      frame.pendingComma = here()
      advanceByte()
      markTokenEnd()
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      return
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      error("expected ',' between array elements", at: lastTokenEnd, path: currentPath)
    default:
      if isWordStart(next) {
        error("expected ',' between array elements", at: lastTokenEnd, path: currentPath)
      } else {
        let scalar = UTF8Decoding.decode(bytes, at: index).scalar
        error(
          "expected ',' or ']' after an array element, found \(describe(scalar))", at: here(), path: currentPath)
        skipToSeparator()
      }
    }
  }

  /// Strings in double quotes; a single-quoted string is reported once and read the same way
  /// (so the rest of the file can still be checked).
  ///
  /// Runs of characters written as themselves are copied as bytes; the table of source
  /// positions per scalar is only built once an escape or an invalid byte makes positions
  /// differ from the text.
  private mutating func parseString(quote: UInt8) -> JSONNode {
    let start = here()
    if quote == UInt8(ascii: "'") {
      error("JSON strings use double quotes, not single quotes", at: start, path: currentPath)
    }
    advanceByte()
    var buffer: [UInt8] = []
    var length = 0
    var positions: [SourcePosition]?
    var reportedLength = false
    var reportedEncoding = false

    func reportLength() {
      guard !reportedLength else { return }
      reportedLength = true
      error(
        "string is longer than \(limits.maxStringLength) characters, the reader's limit; shorten it",
        at: start, path: currentPath, code: "limit-exceeded")
    }
    /// Keeps one scalar written at `position`.
    func keep(_ scalar: Unicode.Scalar, at position: SourcePosition) {
      guard length < limits.maxStringLength else { return reportLength() }
      length += 1
      buffer.append(contentsOf: scalar.utf8)
      positions?.append(position)
    }
    /// Starts the position table: every scalar so far was written as itself.
    func startPositions() {
      guard positions == nil else { return }
      var table: [SourcePosition] = []
      var offset = 0
      while offset < buffer.count {
        table.append(SourcePosition(column: start.column + 1 + table.count, offset: start.offset + 1 + offset))
        offset += UTF8Decoding.decode(buffer, at: offset).length
      }
      positions = table
    }

    while true {
      guard index < bytes.count else {
        if !reportedEnd {
          error("unterminated string; add the closing '\(Unicode.Scalar(quote))'", at: start, path: currentPath)
          reportedEnd = true
        }
        markTokenEnd()
        break
      }
      let byte = bytes[index]
      let position = SourcePosition(column: column, offset: index)
      if byte == quote {
        positions?.append(position)
        advanceByte()
        markTokenEnd()
        break
      }
      if isLineBreak(byte) {
        error(
          "unterminated string; add the closing '\(Unicode.Scalar(quote))' before the end of the line", at: start,
          path: currentPath)
        positions?.append(position)
        markTokenEnd()
        break
      }
      if byte == UInt8(ascii: "\\") {
        startPositions()
        advanceByte()
        guard let escaped = peek(), !isLineBreak(escaped) else { continue }
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
          keep(Unicode.Scalar(escaped), at: position)
          advanceByte()
        case UInt8(ascii: "b"):
          keep("\u{08}", at: position)
          advanceByte()
        case UInt8(ascii: "f"):
          keep("\u{0C}", at: position)
          advanceByte()
        case UInt8(ascii: "n"):
          keep("\n", at: position)
          advanceByte()
        case UInt8(ascii: "r"):
          keep("\r", at: position)
          advanceByte()
        case UInt8(ascii: "t"):
          keep("\t", at: position)
          advanceByte()
        case UInt8(ascii: "u"):
          advanceByte()
          keep(
            readUnicodeEscape(
              startingAt: SourceLocation(file: file, line: line, column: position.column, offset: position.offset)),
            at: position)
        case UInt8(ascii: "'") where quote == UInt8(ascii: "'"):
          keep("'", at: position)
          advanceByte()
        default:
          let scalar = advanceScalar()
          let shown = scalar.map { "\\\($0)" } ?? "\\"
          error(
            "invalid escape '\(shown)' in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
            at: SourceLocation(file: file, line: line, column: position.column, offset: position.offset),
            path: currentPath)
          keep(scalar ?? UTF8Decoding.replacement, at: position)
        }
        continue
      }
      if byte < 0x20 {
        let name = byte == 0x09 ? "\\t" : "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        error(
          "control character \(unicodeName(Unicode.Scalar(byte))) must be escaped in a JSON string; write \(name)",
          at: here(), path: currentPath)
        keep(Unicode.Scalar(byte), at: position)
        advanceByte()
        continue
      }

      // A run of characters written as themselves (valid UTF-8, no quote, backslash or control).
      let runStart = index
      var runScalars = 0
      while index < bytes.count {
        let next = bytes[index]
        if next == quote || next == UInt8(ascii: "\\") || next < 0x20 { break }
        if next < 0x80 {
          index += 1
        } else {
          let (scalar, width) = UTF8Decoding.decode(bytes, at: index)
          if scalar == nil { break }
          index += width
        }
        column += 1
        runScalars += 1
      }
      if runScalars > 0 {
        if length + runScalars <= limits.maxStringLength, positions == nil {
          buffer.append(contentsOf: bytes[runStart..<index])
          length += runScalars
        } else {
          // Near the length limit, or positions are being kept: one scalar at a time.
          var offset = runStart
          var runColumn = position.column
          while offset < index {
            let (scalar, width) = UTF8Decoding.decode(bytes, at: offset)
            keep(scalar ?? UTF8Decoding.replacement, at: SourcePosition(column: runColumn, offset: offset))
            offset += width
            runColumn += 1
          }
        }
        continue
      }

      // An invalid UTF-8 byte.
      startPositions()
      if !reportedEncoding {
        reportedEncoding = true
        let hex = String(byte, radix: 16, uppercase: true)
        error("invalid UTF-8 byte 0x\(hex) in a string; save the file as UTF-8", at: here(), path: currentPath)
      }
      keep(UTF8Decoding.replacement, at: position)
      index += 1
      column += 1
    }
    return JSONNode(.string(String(decoding: buffer, as: UTF8.self)), at: start, stringPositions: positions)
  }

  /// Reads the four hex digits after `\u` (the `u` already consumed), joining a surrogate pair.
  private mutating func readUnicodeEscape(startingAt escapeStart: SourceLocation) -> Unicode.Scalar {
    guard let high = readHex4() else {
      error("'\\u' must be followed by four hexadecimal digits", at: escapeStart, path: currentPath)
      return UTF8Decoding.replacement
    }
    if (0xD800...0xDBFF).contains(high) {
      // A low surrogate must follow as another \uXXXX.
      if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
        let low = hexValue(bytes[(index + 2)..<(index + 6)]), (0xDC00...0xDFFF).contains(low)
      {
        for _ in 0..<6 { advanceByte() }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(combined) ?? UTF8Decoding.replacement
      }
    }
    if (0xD800...0xDFFF).contains(high) {
      let hex = String(high, radix: 16, uppercase: true)
      error(
        "unpaired UTF-16 surrogate '\\u\(hex)' in a string; write the character itself or a complete surrogate pair",
        at: escapeStart, path: currentPath)
      return UTF8Decoding.replacement
    }
    return Unicode.Scalar(high) ?? UTF8Decoding.replacement
  }

  private mutating func readHex4() -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = hexDigit(byte) else { return nil }
      value = value << 4 | digit
      advanceByte()
    }
    return value
  }

  private func hexValue(_ slice: ArraySlice<UInt8>) -> UInt32? {
    var value: UInt32 = 0
    for byte in slice {
      guard let digit = hexDigit(byte) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func parseNumber() -> JSONNode {
    let start = here()
    let begin = index
    var wellFormed = true
    func fail(_ message: String, at location: SourceLocation) {
      if wellFormed { error(message, at: location, path: currentPath) }
      wellFormed = false
    }

    if peek() == UInt8(ascii: "+") {
      fail("JSON numbers cannot start with '+'; remove it", at: start)
      advanceByte()
    }
    if peek() == UInt8(ascii: "-") { advanceByte() }
    if peek() == UInt8(ascii: "0") {
      advanceByte()
      if isDigit(peek()) {
        fail("JSON numbers cannot have leading zeros", at: start)
        while isDigit(peek()) { advanceByte() }
      }
    } else if isDigit(peek()) {
      while isDigit(peek()) { advanceByte() }
    } else if peek() == UInt8(ascii: ".") {
      fail("JSON numbers need a digit before the '.'; write 0.\u{2026}", at: start)
    } else {
      fail("expected a digit after '-'", at: here())
    }
    if peek() == UInt8(ascii: ".") {
      advanceByte()
      if !isDigit(peek()) { fail("expected a digit after the '.'", at: here()) }
      while isDigit(peek()) { advanceByte() }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      advanceByte()
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advanceByte() }
      if !isDigit(peek()) { fail("expected a digit in the exponent", at: here()) }
      while isDigit(peek()) { advanceByte() }
    }
    if let next = peek(), isWordByte(next) || next == UInt8(ascii: ".") {
      while let next = peek(), isWordByte(next) || next == UInt8(ascii: ".") { advanceByte() }
      let written = String(decoding: bytes[begin..<index], as: UTF8.self)
      fail("'\(written)' is not a JSON number", at: start)
    }
    markTokenEnd()
    guard wellFormed else { return JSONNode(.invalid, at: start) }
    let written = String(decoding: bytes[begin..<index], as: UTF8.self)
    guard let value = Double(written), value.isFinite else {
      error(
        "'\(written)' is not a finite number; it is too large for a 64-bit floating-point value", at: start,
        path: currentPath)
      return JSONNode(.invalid, at: start)
    }
    // -0 reads as 0 so it never prints as "-0" or changes a sign test.
    return JSONNode(.number(value == 0 ? 0 : value), at: start)
  }

  /// `true`, `false`, `null`, or a word that is not JSON (reported with a hint).
  private mutating func parseWord() -> JSONNode {
    let start = here()
    let word = readWord()
    markTokenEnd()
    switch word {
    case "true": return JSONNode(.bool(true), at: start)
    case "false": return JSONNode(.bool(false), at: start)
    case "null": return JSONNode(.null, at: start)
    default: break
    }
    let message: String
    switch word.lowercased() {
    case "true", "false", "null":
      message = "'\(word)' is not a JSON value; did you mean '\(word.lowercased())'?"
    case "none", "nil":
      message = "'\(word)' is not a JSON value; did you mean 'null'?"
    case "nan", "infinity", "undefined":
      message = "'\(word)' is not a JSON value; JSON has no NaN, Infinity or undefined"
    default:
      message = "'\(word)' is not a JSON value; strings must be in double quotes: \"\(word)\""
    }
    error(message, at: start, path: currentPath)
    return JSONNode(.invalid, at: start)
  }

  private mutating func readWord() -> String {
    let begin = index
    while let byte = peek(), isWordByte(byte) { advanceByte() }
    return String(decoding: bytes[begin..<index], as: UTF8.self)
  }

  // MARK: Recovery

  /// Skips to the next `,`, `}` or `]` at this nesting level (not consumed), over strings and
  /// nested brackets, without recursion.
  private mutating func skipToSeparator() {
    var depth = 0
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        advanceByte()
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return }
        depth -= 1
        advanceByte()
      case UInt8(ascii: ","):
        if depth == 0 { return }
        advanceByte()
      case UInt8(ascii: "\""):
        skipRawString()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advanceLineBreak()
      default:
        advanceScalar()
      }
    }
  }

  /// Skips one object or array (the opening bracket is current) without recursion.
  private mutating func skipNestedValue() {
    var depth = 0
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        advanceByte()
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        advanceByte()
        if depth <= 0 {
          markTokenEnd()
          return
        }
      case UInt8(ascii: "\""):
        skipRawString()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advanceLineBreak()
      default:
        advanceScalar()
      }
    }
    markTokenEnd()
    reportEnd("the file ends inside a value that is nested too deeply")
  }

  /// Skips a double-quoted string without decoding it (used only while recovering).
  private mutating func skipRawString() {
    advanceByte()
    while let byte = peek(), !isLineBreak(byte) {
      if byte == UInt8(ascii: "\"") {
        advanceByte()
        return
      }
      if byte == UInt8(ascii: "\\") {
        advanceByte()
        if let next = peek(), !isLineBreak(next) { advanceScalar() }
        continue
      }
      advanceScalar()
    }
  }
}

/// Bounds on what the JSON parser accepts (the layout reader's `ReaderLimits` give them).
package struct JSONLimits: Sendable {
  /// Deepest nesting of arrays and objects; the top level is 1.
  package var maxDepth: Int
  /// Longest string, in Unicode scalars.
  package var maxStringLength: Int

  package init(maxDepth: Int, maxStringLength: Int) {
    self.maxDepth = maxDepth
    self.maxStringLength = maxStringLength
  }
}
