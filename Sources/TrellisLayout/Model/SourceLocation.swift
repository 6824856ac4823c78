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

  /// What a diagnostic is about, so that tools can group and filter without reading
  /// the message.
  public enum Kind: String, Hashable, Sendable {
    /// A problem in the file itself: JSON syntax, an unknown key, a bad value, a rule.
    case file
    /// Required constraints that cannot all hold in an environment (one was broken).
    case conflict
    /// A view or stack guide whose frame the constraints leave undetermined.
    case ambiguity
    /// The root's size differs from the container's, or the container size could not be set.
    case containerSize
    /// A required constraint the solution misses beyond rounding (magnitudes far out of range).
    case accuracy
    /// A constraint the engine could not use (it names no view or guide), and it was ignored.
    case constraint
  }

  public var severity: Severity
  public var kind: Kind
  /// The environment the layout engine found this in (`Environment.description`, which the
  /// message may also name); `nil` for problems of the file.
  public var environment: String?
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
    notes: [String] = [], kind: Kind = .file, environment: String? = nil
  ) {
    self.severity = severity
    self.kind = kind
    self.environment = environment
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
