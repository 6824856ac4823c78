/// Where something was written: a file, a 1-based line and a 1-based column
/// (columns count Unicode scalars, as compilers do).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  /// The byte offset in the file, for quoting the source line.
  public var offset: Int

  public init(file: String, line: Int, column: Int, offset: Int = 0) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}

/// One problem found in a layout file or while solving it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning, note
    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  public var severity: Severity
  /// One sentence saying what is wrong and, where possible, what to do.
  public var message: String
  /// Where it was written; `nil` for problems of the whole layout.
  public var location: SourceLocation?
  /// The JSON path of the value, e.g. `$.views[2].constraints[0]`.
  public var path: String?
  /// Further lines (e.g. the constraints taking part in a conflict).
  public var notes: [String]

  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil, path: String? = nil,
    notes: [String] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.path = path
    self.notes = notes
  }

  /// `file:line:col: error: message`.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message)"
  }
}
