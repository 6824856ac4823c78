/// Where the values of one view or constraint were written, by property name, so that checks
/// of a document (``LayoutValidator``) can point at the value they are about, whatever front
/// end made the document.
///
/// A property that varies per size class has one origin per value: index 0 for the base value,
/// then one per variation in order (``Varying/variations``). A front end records what it knows
/// (the JSON reader: file, line, column and the value's JSON path); a document built in Swift
/// may record nothing, and checks then point at the view or constraint itself.
public struct ValueOrigins: Sendable, Hashable {
  /// Where one value was written.
  public struct Origin: Sendable, Hashable {
    /// Where the value starts (for a string: its opening quote).
    public var location: SourceLocation?
    /// The value's path in the source document (`$.root.children[1].fontSize`), if it has one.
    public var path: String?
    /// For a string written with escapes: where each of its scalars was written (`nil` when
    /// every scalar was written as itself, one column each after the opening quote).
    public var scalarLocations: [SourceLocation]?
    /// The text as written, where the document holds a value derived from it (a Visual Format
    /// string's constraints get ids `id#1`, `id#2`, … from the one `id` written).
    public var writtenText: String?

    public init(
      location: SourceLocation?, path: String? = nil, scalarLocations: [SourceLocation]? = nil,
      writtenText: String? = nil
    ) {
      self.location = location
      self.path = path
      self.scalarLocations = scalarLocations
      self.writtenText = writtenText
    }

    /// Where the `index`-th scalar (0-based) of the string `text` written here is.
    public func location(ofScalar index: Int, in text: String) -> SourceLocation? {
      if let scalars = scalarLocations, !scalars.isEmpty { return scalars[min(max(index, 0), scalars.count - 1)] }
      guard var location else { return nil }
      let clamped = min(max(index, 0), text.unicodeScalars.count)
      var bytes = 0
      for scalar in text.unicodeScalars.prefix(clamped) { bytes += UTF8.width(scalar) }
      location.column += 1 + clamped
      location.offset += 1 + bytes
      return location
    }
  }

  private var entries: [String: [Origin]] = [:]

  public init() {}

  /// Records where `property`'s values were written (the base value first).
  public mutating func record(_ property: String, _ origins: [Origin]) { entries[property] = origins }

  /// Records where `property`'s single value was written.
  public mutating func record(_ property: String, at location: SourceLocation?, path: String? = nil) {
    entries[property] = [Origin(location: location, path: path)]
  }

  /// Where `property`'s value at `index` (0 = base) was written, falling back to the base.
  public func origin(_ property: String, _ index: Int = 0) -> Origin? {
    guard let list = entries[property], !list.isEmpty else { return nil }
    return index < list.count ? list[index] : list[0]
  }

  /// The name under which a front end records a value it found but could not read (and has
  /// reported itself), so that checks of the document say nothing more about it.
  public static func unreadable(_ property: String) -> String { property + ".unreadable" }

  /// Whether anything was recorded for `property`.
  public func has(_ property: String) -> Bool { entries[property] != nil }
}
