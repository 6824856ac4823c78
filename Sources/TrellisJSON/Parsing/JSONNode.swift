import TrellisModel
import TrellisSupport

/// A JSON value with the place it was written; object members keep the place of their key.
package struct JSONNode: Sendable {
  package enum Value: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order (a repeated key is reported and only its first value kept).
    case object([JSONMember])
    /// A value the parser already reported as malformed; readers skip it silently.
    case invalid
  }

  package var value: Value
  /// Where the value starts (for a string: its opening quote).
  package var location: SourceLocation
  /// For strings written with escapes or invalid bytes: the source column and byte offset of
  /// each decoded scalar, plus one entry for the closing quote. `nil` when every scalar was
  /// written as itself, so positions follow from the text.
  package var stringPositions: [SourcePosition]?

  package init(_ value: Value, at location: SourceLocation, stringPositions: [SourcePosition]? = nil) {
    self.value = value
    self.location = location
    self.stringPositions = stringPositions
  }

  /// `a string`, `an object`, … for messages.
  package var typeDescription: String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    case .invalid: return "an invalid value"
    }
  }

  package var isInvalid: Bool {
    if case .invalid = value { return true }
    return false
  }

  package var stringValue: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  package var members: [JSONMember]? {
    if case .object(let members) = value { return members }
    return nil
  }

  package var elements: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// Where the `index`-th scalar (0-based) of a string value was written; clamps to the
  /// closing quote. For other values, the value's own location.
  package func location(ofScalar index: Int) -> SourceLocation {
    guard case .string(let text) = value else { return location }
    if let positions = stringPositions, let last = positions.last {
      let position = index >= 0 && index < positions.count ? positions[index] : last
      return SourceLocation(file: location.file, line: location.line, column: position.column, offset: position.offset)
    }
    let scalars = text.unicodeScalars
    let clamped = min(max(index, 0), scalars.count)
    var bytes = 0
    for scalar in scalars.prefix(clamped) { bytes += UTF8.width(scalar) }
    return SourceLocation(
      file: location.file, line: location.line, column: location.column + 1 + clamped,
      offset: location.offset + 1 + bytes)
  }
}

/// A column (1-based, in scalars) and byte offset on a known line.
package struct SourcePosition: Sendable, Hashable {
  package var column: Int
  package var offset: Int
}

/// One `"key": value` pair of an object.
package struct JSONMember: Sendable {
  package var key: String
  /// The key as a string value (with positions, for pointing inside it).
  package var keyNode: JSONNode
  package var value: JSONNode

  /// Where the key's opening quote is.
  package var keyLocation: SourceLocation { keyNode.location }
}

/// JSON paths in the `$.root.children[1]` notation used by diagnostics.
package enum JSONPath {
  package static let root = "$"

  /// `base.key`, or `base["key with spaces"]` when the key is not an identifier.
  package static func member(_ base: String, _ key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    let isIdentifier =
      !scalars.isEmpty && (scalars.first.map(isIdentifierStart) ?? false) && scalars.allSatisfy(isIdentifierContinue)
    return isIdentifier ? "\(base).\(key)" : "\(base)[\(JSONText.quoted(key))]"
  }

  /// `base[index]`.
  package static func element(_ base: String, _ index: Int) -> String {
    // Appended, not interpolated: a large file makes one for every constraint.
    var path = base
    path.reserveCapacity(base.utf8.count + 22)
    path.append("[")
    path.append(String(index))
    path.append("]")
    return path
  }

  package static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_" || scalar == "$"
  }

  package static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || (scalar >= "0" && scalar <= "9")
  }
}
