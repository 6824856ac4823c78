import TrellisModel
import TrellisSupport
import TrellisText

/// Writes fixes (``LayoutEdit``s) into a JSON layout file's text, changing only the spans they
/// are about: every other byte (order, spacing, line breaks, escapes) stays as written.
///
/// The file is parsed again for the places (the parser keeps where each value starts; a value's
/// end is found by scanning the strict JSON from there), and each edit becomes one splice:
/// - an added constraint is a string after the last element of the top-level `"constraints"`,
///   separated as the last two elements are (one for some size classes only, in a
///   `{"when": "hR", "constraints": [...]}` group there);
/// - a priority is written after `@` in constraint text, or as the `"priority"` member of a
///   constraint object;
/// - a removed constraint takes its element and one separating comma out of its array;
/// - `numberOfLines` and `compressionResistance` replace the member's value, or are a new
///   member after `text` (else `kind`, else `id`), separated as the object's members are;
/// - a pin rebased on the safe area has `root.` (or the root's id) replaced by `safeArea.` in
///   its text; one that named a view's own guide has `v.safeAreaLayoutGuide.` replaced by
///   `safeArea.` or `v.`;
/// - a font size replaces the `fontSize` member's value, or is a new member after `text`; a
///   text style is a new `textStyle` member after `fontSize`.
package enum FixWriter {
  /// Why an edit could not be written: the file is not as the document says.
  package struct Failure: Error, Equatable {
    package var message: String
    init(_ message: String) { self.message = message }
  }

  private struct Splice {
    var start: Int
    var end: Int
    var text: String
  }

  /// `bytes` (the file `document` was read from) with `edits` written in.
  package static func apply(_ edits: [LayoutEdit], to bytes: [UInt8], document: LayoutDocument) throws(Failure)
    -> [UInt8]
  {
    let sink = DiagnosticSink(limit: 10)
    let limits = ReaderLimits()
    guard let top = JSONParser.parse(bytes: bytes, file: document.file, limits: limits.json, sink: sink),
      !sink.diagnostics.contains(where: { $0.severity == .error })
    else { throw Failure("the file no longer parses") }
    let scanner = Scanner(bytes: bytes)
    var splices: [Splice] = []
    var added: [String] = []
    // Constraints for some size classes only, as one `"when"` group per pattern.
    var scoped: [(pattern: TraitPattern, texts: [String])] = []
    for edit in edits {
      switch edit.change {
      case .addConstraint(let first, let relation, let second, let constant):
        let text = JSONText.quoted(
          LayoutEdit.constraintText(first: first, relation: relation, second: second, constant: constant))
        if edit.when == .any {
          added.append(text)
        } else if let index = scoped.firstIndex(where: { $0.pattern == edit.when }) {
          scoped[index].texts.append(text)
        } else {
          scoped.append((edit.when, [text]))
        }
      case .setPriority(let id, let priority):
        let node = try constraintNode(id, top, document)
        if let text = node.stringValue {
          var body = Substring(text)
          if let at = text.lastIndex(of: "@") {
            body = text[..<at]
            while body.last == " " { body.removeLast() }
          }
          splices.append(
            Splice(
              start: node.location.offset, end: scanner.end(of: node.location.offset),
              text: JSONText.quoted(body + " @" + fmt(priority))))
        } else if let members = node.members, !members.contains(where: { $0.key == "vfl" }) {
          splices.append(try member("priority", fmt(priority), in: node, members, scanner, after: []))
        } else {
          throw Failure("constraint '\(id)' is not one constraint the file writes")
        }
      case .removeConstraint(let id):
        let spec = try spec(id, document)
        guard let path = spec.path, let (arrayPath, index) = parent(of: path), let array = node(at: arrayPath, top),
          let elements = array.elements, elements.indices.contains(index)
        else { throw Failure("constraint '\(id)' is not where the file had it") }
        let here = elements[index].location.offset
        if index > 0 {
          splices.append(
            Splice(start: scanner.end(of: elements[index - 1].location.offset), end: scanner.end(of: here), text: ""))
        } else if elements.count > 1 {
          splices.append(Splice(start: here, end: elements[1].location.offset, text: ""))
        } else {
          splices.append(Splice(start: here, end: scanner.end(of: here), text: ""))
        }
      case .setNumberOfLines(let view, let lines):
        let node = try viewNode(view, top, document)
        splices.append(
          try member(
            "numberOfLines", String(lines), in: node, node.members ?? [], scanner, after: ["text", "kind", "id"]))
      case .setCompressionResistance(let view, let axis, let priority):
        guard let current = document.allViews.first(where: { $0.id == view }) else {
          throw Failure("no view '\(view)'")
        }
        var values = current.compressionResistance
        if axis == .horizontal { values.horizontal = priority } else { values.vertical = priority }
        let node = try viewNode(view, top, document)
        splices.append(
          try member(
            "compressionResistance",
            "{\"horizontal\": \(fmt(values.horizontal)), \"vertical\": \(fmt(values.vertical))}",
            in: node, node.members ?? [], scanner, after: ["text", "kind", "id"]))
      case .rebaseOnSafeArea(let id, let root):
        let rebased = try rewriting(id, top, document, scanner, everyString: false) { rebase($0, root: root) }
        if rebased.isEmpty { throw Failure("constraint '\(id)' does not name the root view's edge once") }
        splices += rebased
      case .setFont(let view, let size, let style):
        let node = try viewNode(view, top, document)
        let members = node.members ?? []
        var splice = try member("fontSize", fmt(size), in: node, members, scanner, after: ["text", "kind", "id"])
        if let style {
          let value = JSONText.quoted(style.rawValue)
          if members.contains(where: { $0.key == "fontSize" }) {
            splices.append(try member("textStyle", value, in: node, members, scanner, after: ["fontSize"]))
          } else {
            // Both are new: one splice, `textStyle` after `fontSize` with the same separator.
            let separator = String(splice.text.dropLast((JSONText.quoted("fontSize") + ": " + fmt(size)).count))
            splice.text += (separator.isEmpty ? ", " : separator) + JSONText.quoted("textStyle") + ": " + value
          }
        }
        splices.append(splice)
      case .rebaseGuide(let id, let owner, let onSafeArea):
        let rebased = try rewriting(id, top, document, scanner, everyString: true) {
          rebaseGuide($0, owner: owner, onSafeArea: onSafeArea)
        }
        if rebased.isEmpty { throw Failure("constraint '\(id)' does not name '\(owner).\(ViewSafeArea.fileName)'") }
        splices += rebased
      }
    }
    added += scoped.map { pattern, texts in
      "{\"when\": \(JSONText.quoted(pattern.description)), \"constraints\": [\(texts.joined(separator: ", "))]}"
    }
    if !added.isEmpty { splices.append(try appended(added, top, scanner)) }
    return try splice(bytes, splices)
  }

  /// `text` with its one `root.edge` (or `ROOTID.edge`) as `safeArea.edge`; `nil` unless there
  /// is exactly one.
  static func rebase(_ text: String, root: String) -> String? {
    let characters = Array(text)
    var found: [(start: Int, count: Int)] = []
    for name in Set(["root", root]) {
      let prefix = Array(name + ".")
      var index = 0
      while index + prefix.count <= characters.count {
        defer { index += 1 }
        guard Array(characters[index..<index + prefix.count]) == prefix else { continue }
        // A whole name: not the end of a longer identifier.
        if index > 0 {
          let before = characters[index - 1]
          if before.isLetter || before.isNumber || before == "_" || before == "#" { continue }
        }
        let rest = String(characters[(index + prefix.count)...].prefix { $0.isLetter })
        if LayoutEdit.rebasable.contains(where: { $0.rawValue == rest }) { found.append((index, prefix.count)) }
      }
    }
    guard found.count == 1, let place = found.first else { return nil }
    return String(characters[..<place.start]) + "safeArea." + String(characters[(place.start + place.count)...])
  }

  /// `text` with every `owner.safeAreaLayoutGuide.` as `safeArea.` (or `owner.`); `nil` when
  /// it has none.
  static func rebaseGuide(_ text: String, owner: String, onSafeArea: Bool) -> String? {
    let characters = Array(text)
    let prefix = Array(owner + "." + ViewSafeArea.fileName + ".")
    let replacement = Array(onSafeArea ? "safeArea." : owner + ".")
    var out: [Character] = []
    var index = 0
    var found = false
    while index < characters.count {
      // A whole name: not the end of a longer identifier.
      let starts =
        index == 0
        || !(characters[index - 1].isLetter || characters[index - 1].isNumber
          || characters[index - 1] == "_" || characters[index - 1] == "#")
      if starts, index + prefix.count <= characters.count, Array(characters[index..<index + prefix.count]) == prefix {
        out += replacement
        index += prefix.count
        found = true
      } else {
        out.append(characters[index])
        index += 1
      }
    }
    return found ? String(out) : nil
  }

  private static func spec(_ id: String, _ document: LayoutDocument) throws(Failure) -> ConstraintSpec {
    guard let spec = document.constraints.first(where: { $0.id == id }) else { throw Failure("no constraint '\(id)'") }
    return spec
  }

  private static func constraintNode(_ id: String, _ top: JSONNode, _ document: LayoutDocument) throws(Failure)
    -> JSONNode
  {
    let spec = try spec(id, document)
    guard let path = spec.path, let found = node(at: path, top) else {
      throw Failure("constraint '\(id)' is not where the file had it")
    }
    return found
  }

  /// Splices that give the constraint `id`'s text (a string, or an object's `constraint`, `first`
  /// and `second`) what `rewrite` makes of it, where it makes something: only the first such
  /// string unless `everyString`; none when `rewrite` makes nothing of any.
  private static func rewriting(
    _ id: String, _ top: JSONNode, _ document: LayoutDocument, _ scanner: Scanner, everyString: Bool,
    _ rewrite: (String) -> String?
  ) throws(Failure) -> [Splice] {
    let node = try constraintNode(id, top, document)
    let strings: [JSONNode] =
      node.stringValue != nil
      ? [node] : (node.members ?? []).filter { ["constraint", "first", "second"].contains($0.key) }.map(\.value)
    var out: [Splice] = []
    for string in strings {
      guard let text = string.stringValue, let rewritten = rewrite(text) else { continue }
      out.append(
        Splice(
          start: string.location.offset, end: scanner.end(of: string.location.offset), text: JSONText.quoted(rewritten))
      )
      if !everyString { break }
    }
    return out
  }

  private static func viewNode(_ id: String, _ top: JSONNode, _ document: LayoutDocument) throws(Failure) -> JSONNode {
    guard let view = document.allViews.first(where: { $0.id == id }), let path = view.path,
      let found = node(at: path, top), found.members != nil
    else { throw Failure("view '\(id)' is not where the file had it") }
    return found
  }

  /// The node at a JSON path of the reader's (`$.root.children[1]`, `$.constraints[3]`).
  static func node(at path: String, _ top: JSONNode) -> JSONNode? {
    guard let steps = steps(path) else { return nil }
    var current = top
    for step in steps {
      switch step {
      case .key(let key):
        guard let next = current.members?.first(where: { $0.key == key }) else { return nil }
        current = next.value
      case .index(let index):
        guard let elements = current.elements, elements.indices.contains(index) else { return nil }
        current = elements[index]
      }
    }
    return current
  }

  private enum Step: Equatable {
    case key(String)
    case index(Int)
  }

  /// `$.a.b[2]` as steps; `nil` for a form the reader does not write for views and constraints.
  private static func steps(_ path: String) -> [Step]? {
    var scalars = Substring(path)
    guard scalars.first == "$" else { return nil }
    scalars = scalars.dropFirst()
    var out: [Step] = []
    while let first = scalars.first {
      if first == "." {
        let name = scalars.dropFirst().prefix { $0 != "." && $0 != "[" }
        guard !name.isEmpty else { return nil }
        out.append(.key(String(name)))
        scalars = scalars.dropFirst(1 + name.count)
      } else if first == "[" {
        let digits = scalars.dropFirst().prefix { $0.isNumber }
        guard let index = Int(digits), scalars.dropFirst(1 + digits.count).first == "]" else { return nil }
        out.append(.index(index))
        scalars = scalars.dropFirst(2 + digits.count)
      } else {
        return nil
      }
    }
    return out
  }

  /// The array path and element index of an element's path (`$.constraints[3]` → `$.constraints`, 3).
  private static func parent(of path: String) -> (String, Int)? {
    guard path.hasSuffix("]"), let open = path.lastIndex(of: "["),
      let index = Int(path[path.index(after: open)..<path.index(before: path.endIndex)])
    else { return nil }
    return (String(path[..<open]), index)
  }

  /// A member's value replaced, or the member added after the first of `after` the object has
  /// (else after its last member), separated as the object's members are.
  private static func member(
    _ key: String, _ value: String, in node: JSONNode, _ members: [JSONMember], _ scanner: Scanner,
    after preferred: [String]
  ) throws(Failure) -> Splice {
    if let existing = members.first(where: { $0.key == key }) {
      return Splice(
        start: existing.value.location.offset, end: scanner.end(of: existing.value.location.offset), text: value)
    }
    let text = JSONText.quoted(key) + ": " + value
    guard let last = members.indices.last else {
      let open = node.location.offset + 1
      return Splice(start: open, end: open, text: text)
    }
    let index = preferred.lazy.compactMap { key in members.firstIndex { $0.key == key } }.first ?? last
    let separator: String
    if members.count >= 2 {
      // The separator after the member, else the one before it.
      let (a, b) = index < last ? (index, index + 1) : (index - 1, index)
      separator = scanner.text(scanner.end(of: members[a].value.location.offset), members[b].keyLocation.offset)
    } else {
      let space = scanner.text(node.location.offset + 1, members[0].keyLocation.offset)
      separator = space.contains("\n") ? "," + space : ", "
    }
    let end = scanner.end(of: members[index].value.location.offset)
    return Splice(start: end, end: end, text: separator + text)
  }

  /// The new constraints after the last element of the top-level `"constraints"` array.
  private static func appended(_ texts: [String], _ top: JSONNode, _ scanner: Scanner) throws(Failure) -> Splice {
    guard let list = top.members?.first(where: { $0.key == "constraints" })?.value, let elements = list.elements else {
      throw Failure("the file has no \"constraints\" array")
    }
    guard let last = elements.last else {
      let open = list.location.offset + 1
      return Splice(start: open, end: open, text: texts.joined(separator: ", "))
    }
    let separator: String
    if elements.count >= 2 {
      separator = scanner.text(
        scanner.end(of: elements[elements.count - 2].location.offset), elements[elements.count - 1].location.offset)
    } else {
      let space = scanner.text(list.location.offset + 1, elements[0].location.offset)
      separator = space.contains("\n") ? "," + space : ", "
    }
    let end = scanner.end(of: last.location.offset)
    return Splice(start: end, end: end, text: texts.map { separator + $0 }.joined())
  }

  private static func splice(_ bytes: [UInt8], _ splices: [Splice]) throws(Failure) -> [UInt8] {
    let ordered = splices.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    for (a, b) in zip(ordered, ordered.dropFirst()) where b.start < a.end {
      throw Failure("two fixes change the same text")
    }
    var out = bytes
    for splice in ordered.reversed() {
      out.replaceSubrange(splice.start..<splice.end, with: Array(splice.text.utf8))
    }
    return out
  }

  /// Finds where values end in strict JSON text (the parser has accepted it).
  struct Scanner {
    let bytes: [UInt8]

    /// The offset just past the value starting at `start`.
    func end(of start: Int) -> Int {
      guard start < bytes.count else { return bytes.count }
      var index = start
      switch bytes[index] {
      case UInt8(ascii: "\""):
        return stringEnd(index)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "\""):
            index = stringEnd(index)
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return index + 1 }
          default: break
          }
          index += 1
        }
        return bytes.count
      default:
        let stops: Set<UInt8> = [
          UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"),
          UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        ]
        while index < bytes.count, !stops.contains(bytes[index]) { index += 1 }
        return index
      }
    }

    /// Past the closing quote of the string whose opening quote is at `start`.
    private func stringEnd(_ start: Int) -> Int {
      var index = start + 1
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if bytes[index] == UInt8(ascii: "\"") { return index + 1 }
        index += 1
      }
      return bytes.count
    }

    /// The text between two offsets.
    func text(_ start: Int, _ end: Int) -> String {
      guard start < end, end <= bytes.count else { return "" }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
  }
}
