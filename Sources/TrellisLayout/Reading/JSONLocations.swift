import TrellisSupport

// The JSON tree keeps package-level positions; the layout reader speaks in `SourceLocation`s.

extension SourceLocation {
  /// The same place, from a position the support readers report.
  init(_ location: TextLocation) {
    self.init(file: location.file, line: location.line, column: location.column, offset: location.offset)
  }
}

extension JSONNode {
  /// Where the value starts (for a string: its opening quote).
  var location: SourceLocation { SourceLocation(position) }

  /// Where the `index`-th scalar (0-based) of a string value was written; clamps to the
  /// closing quote. For other values, the value's own location.
  func location(ofScalar index: Int) -> SourceLocation { SourceLocation(position(ofScalar: index)) }
}

extension JSONMember {
  /// Where the key's opening quote is.
  var keyLocation: SourceLocation { SourceLocation(keyPosition) }
}
