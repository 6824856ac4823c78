import TrellisModel
import TrellisSupport

/// Bounds on what the layout reader accepts, so a hostile or broken file gives one clear error
/// instead of exhausting memory, time or the stack.
///
/// The defaults are far beyond any real screen (a busy screen has tens of views and a few
/// hundred constraints) yet within what lays out in seconds (a 50,000-view layout: layout grows
/// near-linearly, docs/benchmarks.md "scaling"), and can be changed per read:
/// `LayoutReader.read(contentsOf: path, limits: ReaderLimits(maxViews: 100_000))`.
public struct ReaderLimits: Sendable, Hashable {
  /// Largest file in bytes (default 16 MiB).
  public var maxFileSize: Int
  /// Deepest nesting of JSON arrays and objects (default 100; the top-level object is level 1).
  /// At most ``depthCeiling`` is honoured: Swift releases a tree recursively, and deeper trees
  /// could exhaust a small thread's stack.
  public var maxJSONDepth: Int
  /// Deepest nesting of views (default 32; the root is level 1).
  public var maxViewDepth: Int
  /// Most views, the root included (default 50 000).
  public var maxViews: Int
  /// Most constraints after Visual Format strings are expanded (default 250 000: five per view).
  public var maxConstraints: Int
  /// Longest string, in Unicode scalars (default 65 536).
  public var maxStringLength: Int
  /// Largest magnitude of a point value, constant or multiplier (default 1 000 000).
  public var maxMagnitude: Double
  /// Most diagnostics reported before the reader stops (default 200).
  public var maxDiagnostics: Int

  /// The largest nesting depth honoured, whatever ``maxJSONDepth`` says (1000).
  public static let depthCeiling = 1000

  /// ``maxJSONDepth`` capped at ``depthCeiling``.
  var effectiveJSONDepth: Int { min(maxJSONDepth, Self.depthCeiling) }

  /// What the JSON parser needs of these limits.
  package var json: JSONLimits { JSONLimits(maxDepth: effectiveJSONDepth, maxStringLength: maxStringLength) }

  /// Limits with the documented defaults, any of which can be overridden.
  public init(
    maxFileSize: Int = 16 * 1024 * 1024, maxJSONDepth: Int = 100, maxViewDepth: Int = 32, maxViews: Int = 50_000,
    maxConstraints: Int = 250_000, maxStringLength: Int = 65_536, maxMagnitude: Double = 1_000_000,
    maxDiagnostics: Int = 200
  ) {
    self.maxFileSize = maxFileSize
    self.maxJSONDepth = maxJSONDepth
    self.maxViewDepth = maxViewDepth
    self.maxViews = maxViews
    self.maxConstraints = maxConstraints
    self.maxStringLength = maxStringLength
    self.maxMagnitude = maxMagnitude
    self.maxDiagnostics = maxDiagnostics
  }
}
