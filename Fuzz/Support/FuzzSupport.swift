// Shared by the layout harnesses (FuzzJSON, FuzzConstraintText, FuzzVisualFormat,
// FuzzLayout). Compiled into the TrellisJSON module together with one harness, so internal
// types (JSONParser, ConstraintTextParser, …) are visible.
//
// The position checks here do not use the reader's own decoding: `FuzzSource` splits lines
// and decodes UTF-8 with the well-formed byte sequences of the Unicode standard (Table 3-7),
// so a location the reader computes is compared with one worked out independently.

import TrellisSupport
import Foundation
import TrellisLayout
import TrellisModel

/// Stops the run: libFuzzer saves the input as a crash reproducer.
func fuzzFail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(message)")
}

/// The fuzzer's input as bytes (libFuzzer may pass a null pointer for an empty input).
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// A file's bytes with an independent idea of lines, columns and offsets.
struct FuzzSource {
  let file: String
  let bytes: [UInt8]
  /// Per line (index 0 = line 1): byte offsets where each column starts, then the offset just
  /// past the line's last unit (where its line break, or the end of the file, is).
  let columnOffsets: [[Int]]

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
    var lines: [[Int]] = []
    var current: [Int] = []
    var index = 0
    // A UTF-8 byte order mark at the very start is not a column.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        current.append(index)
        lines.append(current)
        current = []
        index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
        continue
      }
      current.append(index)
      index += Self.unitLength(bytes, at: index)
    }
    current.append(bytes.count)
    lines.append(current)
    columnOffsets = lines
  }

  var lineCount: Int { columnOffsets.count }

  /// Length of the well-formed UTF-8 sequence at `index`, or 1 for a byte that starts none.
  static func unitLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + k < bytes.count && range.contains(bytes[index + k])
    }
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(1) ? 2 : 1
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 1
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 1
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 1
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 1
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 1
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 1
    default: return 1
    }
  }

  /// The location of a byte offset that starts a column (or ends a line).
  func location(atOffset offset: Int) -> SourceLocation? {
    for (lineIndex, offsets) in columnOffsets.enumerated() {
      guard let first = offsets.first, let last = offsets.last, offset >= first, offset <= last else { continue }
      // Binary search would do; lines are short in fuzz inputs.
      if let column = offsets.firstIndex(of: offset) {
        return SourceLocation(file: file, line: lineIndex + 1, column: column + 1, offset: offset)
      }
    }
    return nil
  }

  /// Why `location` is not a place in this file, or `nil` when it is one: the line exists, the
  /// column is on it (one past the last column allowed), and the byte offset is where that
  /// column starts.
  func problem(with location: SourceLocation) -> String? {
    guard location.file == file else { return nil }
    guard location.line >= 1, location.line <= lineCount else {
      return "line \(location.line) outside 1…\(lineCount)"
    }
    // The byte order mark has no column of its own: a warning about it points at 1:1, byte 0.
    if location.line == 1, location.column == 1, location.offset == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return nil
    }
    let offsets = columnOffsets[location.line - 1]
    guard location.column >= 1, location.column <= offsets.count else {
      return "column \(location.column) outside 1…\(offsets.count) on line \(location.line)"
    }
    let expected = offsets[location.column - 1]
    guard location.offset == expected else {
      return "offset \(location.offset) but column \(location.column) of line \(location.line) starts at byte \(expected)"
    }
    return nil
  }

  /// Checks `file:line:col: note:` lines that point into this file.
  func problem(withNote note: Diagnostic.Note) -> String? {
    guard let location = note.location, location.file == file else { return nil }
    let (line, column) = (location.line, location.column)
    guard line >= 1, line <= lineCount, column >= 1, column <= columnOffsets[line - 1].count else {
      return "note points outside the file: '\(note)'"
    }
    return nil
  }
}

/// Checks what must hold for any list of reader diagnostics: every location and note inside
/// the file, paths in `$…` form, messages non-empty, and (when `sorted`) the order of
/// `DiagnosticRenderer.sortedByPosition`.
func checkDiagnostics(_ diagnostics: [Diagnostic], in source: FuzzSource, sorted: Bool, context: String) {
  var previous: SourceLocation?
  var seenUnlocated = false
  for diagnostic in diagnostics {
    if diagnostic.message.isEmpty { fuzzFail("\(context): empty message in \(diagnostic)") }
    if let path = diagnostic.path, !path.hasPrefix("$") {
      fuzzFail("\(context): path '\(path)' does not start with '$' in \(diagnostic)")
    }
    if let location = diagnostic.location {
      if let problem = source.problem(with: location) {
        fuzzFail("\(context): \(problem) in \(diagnostic) (offset \(location.offset))")
      }
      if sorted {
        if seenUnlocated { fuzzFail("\(context): located diagnostic after an unlocated one: \(diagnostic)") }
        if let previous, location < previous { fuzzFail("\(context): not sorted: \(diagnostic) after \(previous)") }
      }
      previous = location
    } else {
      seenUnlocated = true
    }
    for note in diagnostic.notes {
      if let problem = source.problem(withNote: note) { fuzzFail("\(context): \(problem) in \(diagnostic)") }
    }
  }
}

/// The rendered forms never trap, and the JSON form is JSON with one record per diagnostic.
func checkRendering(_ diagnostics: [Diagnostic], source: SourceText, context: String) {
  let text = DiagnosticRenderer.gnu(diagnostics, sources: [source])
  if !diagnostics.isEmpty && text.isEmpty { fuzzFail("\(context): gnu rendering is empty") }
  let json = DiagnosticRenderer.json(diagnostics)
  guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else {
    fuzzFail("\(context): DiagnosticRenderer.json is not a JSON array:\n\(json)")
  }
  if parsed.count != diagnostics.count {
    fuzzFail("\(context): DiagnosticRenderer.json has \(parsed.count) records for \(diagnostics.count) diagnostics")
  }
}

// MARK: - Embedding a string in a layout file

/// A layout file with a fixed set of views and one constraint string, and where each scalar of
/// that string was written (so a reader location can be compared with the expected one).
struct EmbeddedConstraint {
  /// How the string is escaped in the file.
  enum Escaping: CaseIterable {
    /// Only what JSON requires (`"`, `\`, control characters).
    case minimal
    /// Also every non-ASCII scalar as `\uXXXX` (astral ones as surrogate pairs).
    case nonASCII
    /// Every scalar as `\uXXXX`.
    case everything
  }

  /// Views of the file, in document order: root { a, b, g (vertical stack) { c, d }, l (label), h (guide) }.
  static let viewIDs = ["root", "a", "b", "g", "c", "d", "l", "h"]
  static let parents: [String: String] = ["a": "root", "b": "root", "g": "root", "c": "g", "d": "g", "l": "root", "h": "root"]
  /// Metrics given in the `{"vfl": …}` form, in file order.
  static let metrics: [(name: String, value: Double)] = [("pad", 20), ("half", 0.5), ("big", 1_000_000), ("neg", -8)]

  let text: String
  let bytes: [UInt8]
  /// Byte offset of each scalar of `text` in the file, then of the closing quote.
  let scalarOffsets: [Int]
  /// Byte offset of the opening quote.
  let openingQuote: Int

  /// - Parameter form: `"string"` (a bare element of `constraints`), `"constraint"` or `"vfl"`
  ///   (the object forms).
  init(_ text: String, escaping: Escaping, form: String) {
    self.text = text
    var out = Array(
      """
      {
        "root": {"id": "root", "children": [
          {"id": "a"}, {"id": "b"},
          {"id": "g", "kind": "stack", "axis": "vertical", "children": [{"id": "c"}, {"id": "d"}]},
          {"id": "l", "kind": "label", "text": "Hi"}, {"id": "h", "kind": "guide"}
        ]},
        "constraints": [

      """.utf8)
    switch form {
    case "constraint": out += Array("    {\"id\": \"it\", \"constraint\": ".utf8)
    case "vfl":
      let metrics = Self.metrics.map { "\"\($0.name)\": \($0.value)" }.joined(separator: ", ")
      out += Array("    {\"metrics\": {\(metrics)}, \"vfl\": ".utf8)
    default: out += Array("    ".utf8)
    }
    openingQuote = out.count
    out.append(UInt8(ascii: "\""))
    var offsets: [Int] = []
    for scalar in text.unicodeScalars {
      offsets.append(out.count)
      out += Self.escaped(scalar, escaping)
    }
    offsets.append(out.count)
    out.append(UInt8(ascii: "\""))
    out += Array((form == "string" ? "\n  ]\n}\n" : "}\n  ]\n}\n").utf8)
    bytes = out
    scalarOffsets = offsets
  }

  static func escaped(_ scalar: Unicode.Scalar, _ escaping: Escaping) -> [UInt8] {
    func hex(_ unit: UInt32) -> [UInt8] {
      let digits = String(unit, radix: 16)
      return Array(("\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits).utf8)
    }
    func units() -> [UInt8] {
      if scalar.value >= 0x10000 {
        let v = scalar.value - 0x10000
        return hex(0xD800 + (v >> 10)) + hex(0xDC00 + (v & 0x3FF))
      }
      return hex(scalar.value)
    }
    if escaping == .everything { return units() }
    switch scalar {
    case "\"": return Array("\\\"".utf8)
    case "\\": return Array("\\\\".utf8)
    case "\n": return Array("\\n".utf8)
    case "\t": return Array("\\t".utf8)
    default: break
    }
    if scalar.value < 0x20 || (escaping == .nonASCII && scalar.value >= 0x80) { return units() }
    return Array(String(scalar).utf8)
  }

  /// Where the reader must point for the scalar at `offset` (the closing quote past the end).
  func expectedLocation(ofScalar offset: Int, in source: FuzzSource) -> SourceLocation {
    let index = min(max(offset, 0), scalarOffsets.count - 1)
    guard let location = source.location(atOffset: scalarOffsets[index]) else {
      fuzzFail("harness: no location for byte \(scalarOffsets[index])")
    }
    return location
  }

  /// Whether a location lies on the string literal, quotes included.
  func contains(_ location: SourceLocation) -> Bool {
    location.offset >= openingQuote && location.offset <= (scalarOffsets.last ?? openingQuote)
  }

  /// Reads the file and checks what holds for any embedded string: positions in the file and
  /// sorted, each problem inside the string literal, and `expected` problems reported at their
  /// exact places. Returns the read result.
  func read(expecting expected: [TextProblem], context: String) -> LayoutReadResult {
    let source = FuzzSource(file: "fuzz.json", bytes: bytes)
    let result = LayoutReader.parse(bytes: bytes, file: "fuzz.json")
    checkDiagnostics(result.diagnostics, in: source, sorted: true, context: context)
    for diagnostic in result.diagnostics {
      guard let location = diagnostic.location else { fuzzFail("\(context): diagnostic without location: \(diagnostic)") }
      // Only the string can be wrong (object forms point at their `{` for some problems).
      if !contains(location), diagnostic.path?.hasPrefix("$.constraints[0]") != true {
        fuzzFail("\(context): diagnostic outside the constraint string: \(diagnostic)")
      }
    }
    for problem in expected {
      let place = expectedLocation(ofScalar: problem.offset, in: source)
      let found = result.diagnostics.contains {
        $0.message == problem.message && $0.location?.line == place.line && $0.location?.column == place.column
          && $0.location?.offset == place.offset
      }
      if !found {
        fuzzFail(
          "\(context): problem '\(problem.message)' at scalar \(problem.offset) expected at \(place) (byte \(place.offset)); got \(result.diagnostics)"
        )
      }
    }
    if (result.document == nil) != result.hasErrors {
      fuzzFail("\(context): document is \(result.document == nil ? "nil" : "present") with hasErrors = \(result.hasErrors)")
    }
    return result
  }
}

// MARK: - Document invariants

/// What the reader promises about every document it returns (docs/layout-format.md, Rules and
/// Limits): ids unique and well-formed, limits respected, numbers finite and in range,
/// constraints naming existing items, locations inside the file.
func checkDocument(_ document: LayoutDocument, source: FuzzSource, limits: ReaderLimits = ReaderLimits(), context: String) {
  func checkLocation(_ location: SourceLocation?, _ what: String) {
    guard let location else { return }
    if let problem = source.problem(with: location) { fuzzFail("\(context): \(what): \(problem)") }
  }
  let views = document.allViews
  if views.count > limits.maxViews { fuzzFail("\(context): \(views.count) views > maxViews") }
  var ids = Set<String>()
  for view in views {
    if !ids.insert(view.id).inserted { fuzzFail("\(context): duplicate view id '\(view.id)'") }
    let scalars = Array(view.id.unicodeScalars)
    let wellFormed =
      !scalars.isEmpty && scalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
      && !("0"..."9").contains(scalars[0])
    if !wellFormed { fuzzFail("\(context): malformed view id '\(view.id)'") }
    if ["safeArea", "margins"].contains(view.id) { fuzzFail("\(context): reserved view id '\(view.id)'") }
    checkLocation(view.location, "view \(view.id)")
    for value in [view.fontSize.base] + view.fontSize.variations.map(\.value) where !(value > 0 && value.isFinite) {
      fuzzFail("\(context): fontSize \(value) of \(view.id)")
    }
    for value in [view.intrinsicWidth, view.intrinsicHeight].compactMap({ $0 }) where !(value >= 0 && value.isFinite) {
      fuzzFail("\(context): intrinsic size \(value) of \(view.id)")
    }
    for value in [view.hugging.horizontal, view.hugging.vertical, view.compressionResistance.horizontal,
      view.compressionResistance.vertical] where !(value >= 1 && value <= 1000)
    {
      fuzzFail("\(context): content priority \(value) of \(view.id)")
    }
    if (view.kind == .stack) != (view.stack != nil) { fuzzFail("\(context): stack properties on \(view.kind) \(view.id)") }
    if view.kind == .guide && !view.children.isEmpty { fuzzFail("\(context): guide \(view.id) has children") }
    for variation in view.hidden.variations { checkLocation(variation.location, "variation of \(view.id).hidden") }
  }
  if document.constraints.count > limits.maxConstraints {
    fuzzFail("\(context): \(document.constraints.count) constraints > maxConstraints")
  }
  var constraintIDs = Set<String>()
  let items = Set(ids.map { LayoutItem.view($0) }).union([.safeArea, .margins])
  let guides = Set(views.filter { $0.kind == .guide }.map { LayoutItem.view($0.id) }).union([.safeArea, .margins])
  for spec in document.constraints {
    if !constraintIDs.insert(spec.id).inserted { fuzzFail("\(context): duplicate constraint id '\(spec.id)'") }
    checkLocation(spec.location, "constraint \(spec.id)")
    checkLocation(spec.first.location, "first anchor of \(spec.id)")
    checkLocation(spec.second?.location, "second anchor of \(spec.id)")
    for anchor in [spec.first] + (spec.second.map { [$0] } ?? []) where !items.contains(anchor.item) {
      fuzzFail("\(context): constraint \(spec.id) names unknown item '\(anchor.item)'")
    }
    for anchor in [spec.first] + (spec.second.map { [$0] } ?? []) where guides.contains(anchor.item) {
      if !guideHas(anchor.attribute) { fuzzFail("\(context): guide attribute \(anchor) in \(spec.id)") }
    }
    let first = spec.first.attribute
    if let second = spec.second {
      let other = second.attribute
      if second == spec.first { fuzzFail("\(context): anchor related to itself in \(spec.id)") }
      if first.isSize != other.isSize { fuzzFail("\(context): size related to location in \(spec.id)") }
      if !first.isSize, first.axis != other.axis { fuzzFail("\(context): axes mixed in \(spec.id)") }
      if (first.isDirectional && other.isAbsoluteHorizontal) || (first.isAbsoluteHorizontal && other.isDirectional) {
        fuzzFail("\(context): leading/trailing related to left/right in \(spec.id)")
      }
    } else {
      if !first.isSize { fuzzFail("\(context): location attribute set to a constant in \(spec.id)") }
      for value in [spec.constant.base] + spec.constant.variations.map(\.value) where value < 0 {
        fuzzFail("\(context): negative size constant \(value) in \(spec.id)")
      }
    }
    if !(spec.multiplier.isFinite && spec.multiplier != 0 && abs(spec.multiplier) <= limits.maxMagnitude) {
      fuzzFail("\(context): multiplier \(spec.multiplier) in \(spec.id)")
    }
    for value in [spec.constant.base] + spec.constant.variations.map(\.value)
    where !(value.isFinite && abs(value) <= limits.maxMagnitude) {
      fuzzFail("\(context): constant \(value) in \(spec.id)")
    }
    for value in [spec.priority.base] + spec.priority.variations.map(\.value)
    where !(value >= 1 && value <= 1000) {
      fuzzFail("\(context): priority \(value) in \(spec.id)")
    }
  }
}

/// Attributes a layout guide has: edges, centers and size (no baselines, no margins); the
/// validator's rule, written out again so the harness checks it independently.
func guideHas(_ attribute: LayoutAttribute) -> Bool {
  switch attribute {
  case .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY: return true
  default: return false
  }
}
