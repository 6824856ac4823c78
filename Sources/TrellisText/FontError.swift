/// Why a font file could not be read.
///
/// Every problem the reader finds in a file is one of these, never a trap: the message names
/// the table (or the file header) and says what is wrong, with the numbers involved, e.g.
/// "table 'hmtx' is truncated: needs 4·numberOfHMetrics = 1200 bytes, has 640".
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, for code that wants to tell them apart.
  public enum Kind: Hashable, Sendable {
    /// The bytes do not start like an OpenType, TrueType or collection file.
    case notAFont
    /// A table or structure ends before the data it must hold.
    case truncated
    /// An offset points outside the file or its table.
    case offsetOutOfRange
    /// A field holds a value the format does not allow (zero unitsPerEm, a bad magic number, …).
    case invalidValue
    /// A table every font needs is absent.
    case missingTable
    /// The file is well formed but uses something this reader does not support.
    case unsupported
    /// A count or size is beyond the reader's limits (see `FontLimits`).
    case limitExceeded
  }

  /// The kind of problem.
  public let kind: Kind
  /// The table at fault (`"head"`, `"cmap"`, …), or nil for the file header and table directory.
  public let table: String?
  /// What is wrong, in words, naming the table and the numbers involved.
  public let message: String

  /// Makes an error; `message` should say what is wrong with the numbers involved.
  public init(_ kind: Kind, table: String?, _ message: String) {
    self.kind = kind
    self.table = table
    self.message = message
  }

  /// The message.
  public var description: String { message }

  static func truncated(_ table: String, _ detail: String) -> FontError {
    FontError(.truncated, table: table, "table '\(table)' is truncated: \(detail)")
  }

  static func invalid(_ table: String, _ detail: String) -> FontError {
    FontError(.invalidValue, table: table, "table '\(table)' is invalid: \(detail)")
  }

  static func outOfRange(_ table: String, _ detail: String) -> FontError {
    FontError(.offsetOutOfRange, table: table, "table '\(table)' has an offset out of range: \(detail)")
  }

  static func limit(_ table: String?, _ detail: String) -> FontError {
    let place = table.map { "table '\($0)'" } ?? "the font file"
    return FontError(.limitExceeded, table: table, "\(place) is beyond the reader's limits: \(detail)")
  }
}

/// Bounds on what the reader accepts, so a hostile file cannot make it allocate much memory
/// or spend long. Real fonts are far inside them: the largest common CJK fonts have about
/// 65 000 glyphs, a few dozen tables and a few thousand kerning lookups' worth of subtables.
public struct FontLimits: Hashable, Sendable {
  /// Most bytes in one file (default 256 MiB).
  public var maxFileSize: Int = 256 << 20
  /// Most fonts in one collection (`.ttc`).
  public var maxFacesInCollection: Int = 256
  /// Most entries in one table directory.
  public var maxTables: Int = 512
  /// Most pair-kerning subtables read, across `kern` and `GPOS` (every subtable of a `GPOS`
  /// 'kern' lookup counts): each kerning query may visit all of them, so this bounds the work
  /// per pair of characters as well as the work of reading.
  public var maxKerningSubtables: Int = 512
  /// Most `name` records read.
  public var maxNameRecords: Int = 4096

  /// The default limits.
  public init() {}
}
