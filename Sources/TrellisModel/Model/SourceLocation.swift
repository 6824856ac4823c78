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

/// One problem found in a layout file or while solving it: data, not text.
///
/// A diagnostic has a stable ``code`` per kind of problem (`unknown-view`, `unsatisfiable`,
/// `ambiguous-width`, `outside-safe-area`, …; the full list is in docs/diagnostics.md), a
/// severity, one sentence of ``message`` (never naming the environment: that is
/// ``environments``), a primary location, and notes with locations of their own. Renderers
/// (``DiagnosticRenderer``) turn it into GNU text or JSON; commands decide what fails from the
/// severity and the code, never from the message.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning, note
    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// The stable name of a kind of problem: kebab-case, never reworded once released.
  public struct Code: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
  {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Code, rhs: Code) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// What a diagnostic is about, coarser than its code, so that tools can group and filter.
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
    /// A solved layout that breaks a design check: a view outside the safe area, overlapping siblings.
    case check
    /// A solved frame that is no rectangle: a negative width or height.
    case frame
    /// Text that does not fit its view (truncated, or compressed below its size), or wrapping
    /// that did not settle.
    case text
  }

  /// A further line about the problem, pointing where it can: an earlier definition, a
  /// constraint taking part in a conflict.
  public struct Note: Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
    /// `file:3:5: note: message`, or `note: message` without a location.
    public var description: String { (location.map { "\($0): " } ?? "") + "note: " + message }
  }

  public var severity: Severity
  public var code: Code
  public var kind: Kind
  /// One sentence saying what is wrong and, where possible, what to do.
  public var message: String
  /// Where it was written; `nil` for problems of the whole layout.
  public var location: SourceLocation?
  /// The JSON path of the value, e.g. `$.views[2].constraints[0]`.
  public var path: String?
  public var notes: [Note]
  /// The environments the problem was found in (empty for problems of the file itself). The
  /// engine names one; `trellis validate` merges a problem found in several.
  public var environments: [Environment]
  /// The view the problem is about, when it is about one: text checks (for suppressions) and
  /// design checks (for the pictures that mark it).
  public var subject: String?
  /// The environments in one phrase (`35 iPhone landscapes`), printed instead of the list
  /// when set: `trellis validate` sets it for a problem found in many.
  public var environmentsSummary: String?
  /// Edits that remove the problem, each checked by solving the edited layout (``FixChecker``);
  /// filled by the commands that look for them.
  public var fixes: [CheckedFix] = []

  public init(
    _ severity: Severity, _ message: String, code: Code, at location: SourceLocation? = nil, path: String? = nil,
    notes: [Note] = [], kind: Kind = .file, environment: Environment? = nil
  ) {
    self.severity = severity
    self.code = code
    self.kind = kind
    self.message = message
    self.location = location
    self.path = path
    self.notes = notes
    self.environments = environment.map { [$0] } ?? []
  }

  /// The one environment the engine found this in (the first, when merged).
  public var environment: Environment? { environments.first }

  /// `file:line:col: error: message [code]`.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message) [\(code)]"
  }

  /// The same problem, ignoring where it was found: for merging findings across environments.
  public func isSameProblem(as other: Diagnostic) -> Bool {
    severity == other.severity && code == other.code && message == other.message && location == other.location
      && path == other.path && notes == other.notes
  }
}
