import Foundation
import TrellisJSON
import TrellisModel

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

/// Reads workload files with the layout reader's JSON parser (positions on every value);
/// the first problem it reports stops the read.
enum JSONReader {
  /// Workload files are a few hundred kilobytes; the limits only stop hostile input.
  static let limits = JSONLimits(maxDepth: 256, maxStringLength: 1 << 20)

  /// Reads the whole file at `path`.
  static func read(path: String) throws(BenchInputError) -> JSONValueNode {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchInputError(
        message:
          "cannot read the workload file '\(path)'; check that it exists and is readable, or pass --bench-dir PATH")
    }
    // The first problem stops the read; it is the one reported.
    let sink = DiagnosticSink(limit: 1)
    let root = JSONParser.parse(bytes: [UInt8](data), file: path, limits: limits, sink: sink)
    if let problem = sink.diagnostics.first(where: { $0.severity == .error }) {
      throw BenchInputError(location: problem.location, path: problem.path, message: problem.message)
    }
    guard let root else { throw BenchInputError(message: "'\(path)' holds no JSON value") }
    return root
  }
}

/// The support parser's node, named apart from this file's path-carrying ``JSONNode``.
typealias JSONValueNode = TrellisJSON.JSONNode

/// A JSON value together with its path from the document root, for typed reading with
/// located errors (`file:line:col: error: expected a number (at $.constraints[3].constant)`).
struct JSONNode {
  var value: JSONValueNode
  var path: String

  init(root: JSONValueNode) {
    self.value = root
    self.path = "$"
  }

  init(value: JSONValueNode, path: String) {
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
    guard case .object(let members) = value.value else {
      throw error("expected an object, found \(value.typeDescription)")
    }
    for member in members where member.key == key {
      return JSONNode(value: member.value, path: "\(path).\(key)")
    }
    return nil
  }

  /// The members of this object, in the order written.
  func members() throws(BenchInputError) -> [(key: String, node: JSONNode)] {
    guard case .object(let members) = value.value else {
      throw error("expected an object, found \(value.typeDescription)")
    }
    return members.map { (key: $0.key, node: JSONNode(value: $0.value, path: "\(path).\($0.key)")) }
  }

  /// The elements of this array.
  func elements() throws(BenchInputError) -> [JSONNode] {
    guard case .array(let elements) = value.value else {
      throw error("expected an array, found \(value.typeDescription)")
    }
    return elements.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]") }
  }

  /// The elements of this array, which must number exactly `count`.
  func elements(count: Int) throws(BenchInputError) -> [JSONNode] {
    let all = try elements()
    guard all.count == count else { throw error("expected an array of \(count) elements, found \(all.count)") }
    return all
  }

  func number() throws(BenchInputError) -> Double {
    guard case .number(let number) = value.value else {
      throw error("expected a number, found \(value.typeDescription)")
    }
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
    guard case .string(let string) = value.value else {
      throw error("expected a string, found \(value.typeDescription)")
    }
    return string
  }
}
