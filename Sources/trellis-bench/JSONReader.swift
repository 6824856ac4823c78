import Foundation
import TrellisLayout

/// A problem with a workload file, located at `file:line:column` where possible.
struct BenchInputError: Error, CustomStringConvertible {
  var location: SourceLocation?
  var path: String?
  var message: String

  var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    let suffix = path.map { " (at \($0))" } ?? ""
    return "\(prefix)error: \(message)\(suffix)"
  }
}

/// A parsed JSON value with the position it was written at.
///
/// Foundation's decoders give positions only for syntax errors; keeping them on every
/// value lets a wrong field in a workload file point at its line.
struct JSONValue {
  enum Kind {
    /// Members in the order written (an array, so no hashing order leaks out).
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
  }

  var kind: Kind
  var location: SourceLocation

  /// What the value is, for messages ("a number", "an object", …).
  var kindName: String {
    switch kind {
    case .object: return "an object"
    case .array: return "an array"
    case .number: return "a number"
    case .string: return "a string"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }
}

/// Reads a JSON text into ``JSONValue``s, tracking line and column (columns count Unicode scalars).
struct JSONReader {
  private let bytes: [UInt8]
  private let file: String
  private var offset = 0
  private var line = 1
  private var column = 1
  /// Nesting limit, so a hostile file cannot exhaust the stack.
  private let maximumDepth = 256

  /// Reads the whole file at `path`.
  static func read(path: String) throws(BenchInputError) -> JSONValue {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchInputError(
        message:
          "cannot read the workload file '\(path)'; check that it exists and is readable, or pass --bench-dir PATH")
    }
    var reader = JSONReader(bytes: [UInt8](data), file: path)
    return try reader.parseDocument()
  }

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  private var here: SourceLocation { SourceLocation(file: file, line: line, column: column, offset: offset) }

  private func fail(_ message: String, at location: SourceLocation? = nil) -> BenchInputError {
    BenchInputError(location: location ?? here, message: message)
  }

  mutating func parseDocument() throws(BenchInputError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if offset < bytes.count {
      throw fail("unexpected text after the JSON value; the file must hold exactly one value")
    }
    return value
  }

  private mutating func advance() {
    let byte = bytes[offset]
    offset += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      // Count a column per Unicode scalar: skip UTF-8 continuation bytes.
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): advance()
      default: return
      }
    }
  }

  private mutating func expect(_ literal: String, kind: JSONValue.Kind, at start: SourceLocation)
    throws(BenchInputError) -> JSONValue
  {
    for scalar in literal.utf8 {
      guard offset < bytes.count, bytes[offset] == scalar else {
        throw fail("invalid literal; expected '\(literal)'", at: start)
      }
      advance()
    }
    return JSONValue(kind: kind, location: start)
  }

  private mutating func parseValue(depth: Int) throws(BenchInputError) -> JSONValue {
    guard depth < maximumDepth else { throw fail("values nested deeper than \(maximumDepth) levels") }
    guard offset < bytes.count else { throw fail("unexpected end of file; a value was expected") }
    let start = here
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
    case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
    case UInt8(ascii: "t"): return try expect("true", kind: .bool(true), at: start)
    case UInt8(ascii: "f"): return try expect("false", kind: .bool(false), at: start)
    case UInt8(ascii: "n"): return try expect("null", kind: .null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(start: start)
    default: throw fail("unexpected character; a JSON value was expected")
    }
  }

  private mutating func parseObject(depth: Int, start: SourceLocation) throws(BenchInputError) -> JSONValue {
    advance()  // {
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      advance()
      return JSONValue(kind: .object(members), location: start)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw fail("expected a quoted key in the object")
      }
      let key = try parseString()
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key '\(key)'")
      }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      members.append((key, value))
      skipWhitespace()
      guard offset < bytes.count else { throw fail("unexpected end of file inside an object") }
      if bytes[offset] == UInt8(ascii: ",") {
        advance()
      } else if bytes[offset] == UInt8(ascii: "}") {
        advance()
        return JSONValue(kind: .object(members), location: start)
      } else {
        throw fail("expected ',' or '}' in the object")
      }
    }
  }

  private mutating func parseArray(depth: Int, start: SourceLocation) throws(BenchInputError) -> JSONValue {
    advance()  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      advance()
      return JSONValue(kind: .array(elements), location: start)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard offset < bytes.count else { throw fail("unexpected end of file inside an array") }
      if bytes[offset] == UInt8(ascii: ",") {
        advance()
      } else if bytes[offset] == UInt8(ascii: "]") {
        advance()
        return JSONValue(kind: .array(elements), location: start)
      } else {
        throw fail("expected ',' or ']' in the array")
      }
    }
  }

  private mutating func parseNumber(start: SourceLocation) throws(BenchInputError) -> JSONValue {
    let first = offset
    while offset < bytes.count, Self.isNumberByte(bytes[offset]) { advance() }
    let text = String(decoding: bytes[first..<offset], as: UTF8.self)
    // The byte filter limits the text to digits, signs, '.' and exponents (no "inf" or hex);
    // Double(String) rounds correctly, so golden values keep every bit.
    guard let value = Double(text), value.isFinite else {
      throw fail("'\(text)' is not a valid finite number", at: start)
    }
    return JSONValue(kind: .number(value), location: start)
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }

  private mutating func parseString() throws(BenchInputError) -> String {
    let start = here
    advance()  // opening quote
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      if !raw.isEmpty {
        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
        raw.removeAll(keepingCapacity: true)
      }
    }
    while true {
      guard offset < bytes.count else { throw fail("unterminated string", at: start) }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        advance()
        flush()
        return String(scalars)
      }
      if byte < 0x20 { throw fail("control character inside a string; escape it") }
      if byte != UInt8(ascii: "\\") {
        raw.append(byte)
        advance()
        continue
      }
      flush()
      advance()  // backslash
      guard offset < bytes.count else { throw fail("unterminated escape in a string", at: start) }
      let escape = bytes[offset]
      advance()
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
          // A high surrogate must be followed by \u and a low surrogate.
          guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
          else {
            throw fail("unpaired surrogate in a \\u escape")
          }
          advance()
          advance()
          let low = try parseHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
        scalars.append(scalar)
      default:
        throw fail("invalid escape in a string")
      }
    }
  }

  private mutating func parseHex4() throws(BenchInputError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count else { throw fail("unterminated \\u escape") }
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw fail("expected four hex digits in a \\u escape")
      }
      code = code * 16 + digit
      advance()
    }
    return code
  }
}

/// A JSON value together with its path from the document root, for typed reading with
/// located errors (`file:line:col: error: expected a number (at $.constraints[3].constant)`).
struct JSONNode {
  var value: JSONValue
  var path: String

  init(root: JSONValue) {
    self.value = root
    self.path = "$"
  }

  init(value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  func error(_ message: String) -> BenchInputError {
    BenchInputError(location: value.location, path: path, message: message)
  }

  /// The member `key` of this object.
  func member(_ key: String) throws(BenchInputError) -> JSONNode {
    guard let found = try optionalMember(key) else {
      throw error("missing key '\(key)'; the workload file is incomplete (regenerate it or check --bench-dir)")
    }
    return found
  }

  /// The member `key` of this object, or `nil` when absent.
  func optionalMember(_ key: String) throws(BenchInputError) -> JSONNode? {
    guard case .object(let members) = value.kind else { throw error("expected an object, found \(value.kindName)") }
    for member in members where member.key == key {
      return JSONNode(value: member.value, path: "\(path).\(key)")
    }
    return nil
  }

  /// The members of this object, in the order written.
  func members() throws(BenchInputError) -> [(key: String, node: JSONNode)] {
    guard case .object(let members) = value.kind else { throw error("expected an object, found \(value.kindName)") }
    return members.map { (key: $0.key, node: JSONNode(value: $0.value, path: "\(path).\($0.key)")) }
  }

  /// The elements of this array.
  func elements() throws(BenchInputError) -> [JSONNode] {
    guard case .array(let elements) = value.kind else { throw error("expected an array, found \(value.kindName)") }
    return elements.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]") }
  }

  /// The elements of this array, which must number exactly `count`.
  func elements(count: Int) throws(BenchInputError) -> [JSONNode] {
    let all = try elements()
    guard all.count == count else { throw error("expected an array of \(count) elements, found \(all.count)") }
    return all
  }

  func number() throws(BenchInputError) -> Double {
    guard case .number(let number) = value.kind else { throw error("expected a number, found \(value.kindName)") }
    return number
  }

  /// A whole number in `range`.
  func integer(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(BenchInputError) -> Int {
    let number = try number()
    guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      throw error("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(number)")
    }
    return Int(number)
  }

  func string() throws(BenchInputError) -> String {
    guard case .string(let string) = value.kind else { throw error("expected a string, found \(value.kindName)") }
    return string
  }
}
