import Foundation
import TrellisModel
import TrellisSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an XML document into a tree of ``XMLElementNode``s with Foundation's `XMLParser`.
///
/// A document type declaration is refused before parsing: Interface Builder never writes one,
/// and it is how entity-expansion attacks ("billion laughs") and external entities get in.
/// Past a limit the parse stops with an error; malformed XML is an error at the parser's line
/// and column. Never throws, never traps: problems are diagnostics (codes `xml-malformed`,
/// `xml-doctype`, `xml-limit`).
package enum XMLTreeReader {
  package static func read(_ bytes: [UInt8], file: String, limits: XMLReadLimits = XMLReadLimits()) -> (
    root: XMLElementNode?, diagnostics: [Diagnostic]
  ) {
    func error(_ code: Diagnostic.Code, _ message: String, line: Int = 1, column: Int = 1) -> Diagnostic {
      Diagnostic(.error, message, code: code, at: SourceLocation(file: file, line: line, column: column))
    }
    if bytes.count > limits.maxBytes {
      return (
        nil,
        [
          error(
            "xml-limit",
            "the file has more than the \(limits.maxBytes) bytes an Interface Builder document is read up to"
          )
        ]
      )
    }
    // Foundation's XMLParser traps on some malformed UTF-8 (a name that is not UTF-8): check
    // first. IB writes UTF-8 only.
    if let (line, column) = firstInvalidUTF8(bytes) {
      return (
        nil,
        [
          error(
            "xml-malformed",
            "malformed XML: the file is not valid UTF-8 here (Interface Builder writes UTF-8); re-save it as UTF-8",
            line: line, column: column)
        ]
      )
    }
    // Not XML at all (a JSON file with a storyboard's name): say so rather than "empty".
    if let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
      bytes[first] != UInt8(ascii: "<")
    {
      let (line, column) = position(of: first, in: bytes)
      return (
        nil,
        [
          error(
            "xml-malformed", "this is not XML: an Interface Builder file starts with '<' (an XML declaration)",
            line: line, column: column)
        ]
      )
    }
    // A processing instruction other than the declaration crashes XMLParser when it has no
    // data (`<?x?>`); IB never writes one.
    if let offset = processingInstruction(bytes) {
      let (line, column) = position(of: offset, in: bytes)
      return (
        nil,
        [
          error(
            "xml-malformed",
            "malformed XML: a processing instruction ('<?…?>') other than the XML declaration; Interface Builder never "
              + "writes one", line: line, column: column)
        ]
      )
    }
    if let (line, column) = doctypePosition(bytes) {
      return (
        nil,
        [
          error(
            "xml-doctype",
            "the file declares a document type (<!DOCTYPE>); Interface Builder files never do, and entities are not "
              + "expanded: remove it", line: line, column: column)
        ]
      )
    }
    let builder = TreeBuilder(file: file, limits: limits, bytes: bytes)
    let parser = XMLParser(data: Data(bytes))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    parser.delegate = builder
    builder.parser = parser
    let ok = parser.parse()
    if let problem = builder.problem { return (nil, [problem]) }
    guard ok, let root = builder.root else {
      let message = parser.parserError.map { describe($0) } ?? "the XML could not be read"
      return (
        nil,
        [
          error(
            "xml-malformed", "malformed XML: \(message)", line: max(1, parser.lineNumber),
            column: max(1, parser.columnNumber))
        ]
      )
    }
    return (root, [])
  }

  /// The offset of a `<?` that is not the XML declaration at the start, if any.
  static func processingInstruction(_ bytes: [UInt8]) -> Int? {
    var index = 0
    var first = true
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
        let isDeclaration =
          first && index + 5 <= bytes.count && Array(bytes[(index + 2)..<(index + 5)]) == Array("xml".utf8)
        if !isDeclaration { return index }
      }
      if bytes[index] == UInt8(ascii: "<") { first = false }
      index += 1
    }
    return nil
  }

  /// The line and column (in Unicode scalars) of a byte offset.
  static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The line and column of the first byte that does not start well-formed UTF-8, if any.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int)? {
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        if bytes[index] == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
        index += 1
        continue
      }
      let (scalar, length) = UTF8Decoding.decode(bytes, at: index)
      if scalar == nil { return (line, column) }
      column += 1
      index += length
    }
    return nil
  }

  /// Where `<!DOCTYPE` (or `<!ENTITY`) first appears, as a line and column, if it does.
  static func doctypePosition(_ bytes: [UInt8]) -> (Int, Int)? {
    let markers = [Array("<!DOCTYPE".utf8), Array("<!ENTITY".utf8)]
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"),
        markers.contains(where: { marker in
          index + marker.count <= bytes.count && zip(marker, bytes[index...]).allSatisfy { $0 == $1 }
        })
      {
        return (line, column)
      }
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return nil
  }

  /// The parser's error in words (its localized description is often just a number).
  static func describe(_ error: Error) -> String {
    let code = (error as NSError).code
    let known: [Int: String] = [
      4: "the document is empty", 5: "the document ends too early", 9: "an invalid character",
      23: "an element or attribute name is malformed", 38: "an attribute is malformed",
      39: "an attribute has no value", 41: "an attribute value is not quoted",
      73: "a tag is not closed (expected '>')", 76: "a closing tag does not match its opening tag",
      77: "a tag is not finished", 80: "a comment contains '--'", 111: "an attribute is repeated",
    ]
    return known[code] ?? "XMLParser error \(code)"
  }

  /// Builds the tree from the parser's events, with an explicit stack (no recursion).
  final class TreeBuilder: NSObject, XMLParserDelegate {
    let file: String
    let limits: XMLReadLimits
    let bytes: [UInt8]
    /// Byte offset where each line starts (index 0 is line 1).
    let lineStarts: [Int]
    weak var parser: XMLParser?
    /// The last position located, to count columns from there on the same line (a file on one
    /// line would otherwise cost a scan of the line per element).
    var lastLine = -1
    var lastOffset = 0
    var lastColumn = 1
    var stack: [XMLElementNode] = []
    var root: XMLElementNode?
    var elements = 0
    var problem: Diagnostic?

    init(file: String, limits: XMLReadLimits, bytes: [UInt8]) {
      self.file = file
      self.limits = limits
      self.bytes = bytes
      var starts = [0]
      for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
      lineStarts = starts
    }

    private func here() -> SourceLocation {
      SourceLocation(file: file, line: max(1, parser?.lineNumber ?? 1), column: max(1, parser?.columnNumber ?? 1))
    }

    /// Where the element whose start tag the parser has just read begins: the parser reports
    /// the end of the tag (libxml2 counts bytes), so step back to its `<` (a `<` cannot occur
    /// inside an attribute value). Columns count Unicode scalars, as everywhere in Trellis.
    private func startOfTag() -> SourceLocation {
      let line = max(1, parser?.lineNumber ?? 1)
      guard line <= lineStarts.count, !bytes.isEmpty else { return here() }
      var offset = min(bytes.count - 1, lineStarts[line - 1] + max(0, (parser?.columnNumber ?? 1) - 1))
      while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
      // The line holding `offset`: the last start at or before it.
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      var from = lineStarts[low]
      var column = 1
      if low == lastLine, lastOffset <= offset {
        from = lastOffset
        column = lastColumn
      }
      column = bytes[from..<offset].reduce(column) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
      (lastLine, lastOffset, lastColumn) = (low, offset, column)
      return SourceLocation(file: file, line: low + 1, column: column, offset: offset)
    }

    private func stop(_ message: String) {
      guard problem == nil else { return }
      problem = Diagnostic(.error, message, code: "xml-limit", at: here())
      parser?.abortParsing()
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      guard problem == nil else { return }
      elements += 1
      if elements > limits.maxElements {
        return stop("more than \(limits.maxElements) elements; the file was not read further")
      }
      if stack.count >= limits.maxDepth {
        return stop("elements nested more than \(limits.maxDepth) deep; the file was not read further")
      }
      if let long = attributes.first(where: { $0.value.utf8.count > limits.maxValueLength }) {
        return stop("attribute '\(long.key)' is longer than \(limits.maxValueLength) bytes")
      }
      stack.append(XMLElementNode(name: elementName, attributes: attributes, location: startOfTag()))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      guard problem == nil, let finished = stack.popLast() else { return }
      if stack.isEmpty {
        root = finished
      } else {
        stack[stack.count - 1].children.append(finished)
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard problem == nil, !stack.isEmpty else { return }
      stack[stack.count - 1].text += string
      if stack[stack.count - 1].text.utf8.count > limits.maxValueLength {
        stop("text longer than \(limits.maxValueLength) bytes")
      }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
      self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }
  }
}
