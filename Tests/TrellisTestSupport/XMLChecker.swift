import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parses XML with Foundation's parser and collects what the tests look at.
package final class XMLChecker: NSObject, XMLParserDelegate {
  private let data: Data
  package var rootElement: String?
  package var ids: Set<String> = []
  package var texts: [String] = []
  package var failure = ""
  private var currentText = ""

  package init(_ text: String) { data = Data(text.utf8) }

  package func parse() -> Bool {
    let parser = XMLParser(data: data)
    parser.delegate = self
    let ok = parser.parse()
    if !ok { failure = "XML error: \(parser.parserError.map { "\($0)" } ?? "unknown") at line \(parser.lineNumber)" }
    return ok
  }

  package func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if rootElement == nil { rootElement = elementName }
    if let id = attributes["id"] { ids.insert(id) }
    // A text's lines are tspans inside it: their characters are the text's.
    if elementName != "tspan" { currentText = "" }
  }

  package func parser(_ parser: XMLParser, foundCharacters string: String) { currentText += string }

  package func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if elementName == "text" { texts.append(currentText) }
    if elementName != "tspan" { currentText = "" }
  }
}
