import TrellisModel

/// One element of an XML document: its name, attributes, child elements and where its start
/// tag ends (the position Foundation's XMLParser reports for it).
package struct XMLElementNode: Sendable {
  package var name: String
  package var attributes: [String: String]
  package var children: [XMLElementNode]
  /// The element's own character data (IB keeps text in attributes; this is for `<string>`).
  package var text: String
  package var location: SourceLocation

  package init(
    name: String, attributes: [String: String] = [:], children: [XMLElementNode] = [], text: String = "",
    location: SourceLocation
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
    self.location = location
  }

  /// The attribute's value, or nil.
  package subscript(_ attribute: String) -> String? { attributes[attribute] }

  /// The child elements named `name`, in order.
  package func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

  /// The first child element named `name`.
  package func child(named name: String) -> XMLElementNode? { children.first { $0.name == name } }

  /// The first child element named `name` whose `key` attribute is `key` (IB's `<rect key="frame">`).
  package func child(named name: String, key: String) -> XMLElementNode? {
    children.first { $0.name == name && $0.attributes["key"] == key }
  }
}

/// Bounds on what is read, so that a hostile file cannot exhaust memory or the stack.
package struct XMLReadLimits: Sendable {
  /// The largest file read (a large storyboard is a few MB).
  package var maxBytes = 32 << 20
  /// The deepest nesting of elements.
  package var maxDepth = 256
  /// The most elements in the document.
  package var maxElements = 500_000
  /// The longest attribute value or text run.
  package var maxValueLength = 1 << 20

  package init() {}
}
