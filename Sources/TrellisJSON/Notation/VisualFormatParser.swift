import TrellisModel
import TrellisSupport

/// A parsed Visual Format Language string (Apple's grammar), with the offset (0-based, in
/// Unicode scalars) of every piece so problems point inside the string. `package`, with the
/// parser, the expander and what it makes, so that tests check parsing and expansion directly.
package struct VisualFormat: Sendable {
  /// `(relation)?(object)(@priority)?` inside parentheses, or a bare number/metric.
  struct Predicate: Sendable {
    enum Operand: Sendable, Equatable {
      case number(Double)
      /// A metric name, or (in a view's predicate) another view's name.
      case name(String)
    }
    var relation: LayoutRelation
    var object: Operand
    var objectOffset: Int
    var priority: Operand?
    var priorityOffset: Int?
  }

  /// What joins two views, or a view and the superview.
  enum Connection: Sendable {
    /// `[a][b]`: no space.
    case flush
    /// `-`: the standard space (8 between siblings, the superview's margin to its edge).
    case standard
    /// `-8-`, `-pad-`, `-(>=8@750)-`.
    case predicates([Predicate])
  }

  struct View: Sendable {
    var name: String
    var nameOffset: Int
    var predicates: [Predicate]
  }

  struct Edge: Sendable {
    /// Offset of the `|`.
    var offset: Int
    var connection: Connection
  }

  var axis: LayoutAttribute.Axis
  var leadingEdge: Edge?
  var views: [View]
  /// `connections[i]` joins `views[i]` and `views[i + 1]`.
  var connections: [Connection]
  var trailingEdge: Edge?
}

/// Parses Visual Format strings:
/// ```
/// (H:|V:)? (| connection)? [view] (connection [view])* (connection |)?
/// ```
/// Whitespace between tokens is allowed. Errors are worded after Apple's parser.
package enum VisualFormatParser {
  package static func parse(_ text: String) -> Result<VisualFormat, TextProblem> {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    do {
      return .success(try parser.format())
    } catch let problem as TextProblem {
      return .failure(problem)
    } catch {
      return .failure(TextProblem(message: "\(error)", offset: 0))
    }
  }

  /// Whether a constraint string is Visual Format rather than constraint text: it starts
  /// with `H:`, `V:`, `|` or `[`.
  package static func looksLikeVisualFormat(_ text: String) -> Bool {
    let trimmed = text.unicodeScalars.drop { $0.properties.isWhitespace }
    guard let first = trimmed.first else { return false }
    if first == "|" || first == "[" { return true }
    if first == "H" || first == "V" {
      // `V|…` and `H[…` are Visual Format with the colon forgotten (reported by the parser).
      let next = trimmed.dropFirst().first { !$0.properties.isWhitespace }
      return next == ":" || next == "|" || next == "["
    }
    return false
  }

  struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func describeCurrent() -> String {
      current.map { Printable.quoted(String($0)) } ?? "the end of the format"
    }

    mutating func skipSpaces() {
      while let scalar = current, scalar.properties.isWhitespace { index += 1 }
    }

    func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      return scalar >= "0" && scalar <= "9"
    }

    func isNameStart(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      return JSONPath.isIdentifierStart(scalar) && scalar != "$"
    }

    mutating func format() throws -> VisualFormat {
      skipSpaces()
      guard current != nil else {
        throw TextProblem(message: "empty visual format string; write e.g. 'H:|-[a]-[b]-|'", offset: 0)
      }
      var axis = LayoutAttribute.Axis.horizontal
      if let first = current, first == "H" || first == "V" {
        index += 1
        skipSpaces()
        guard current == ":" else {
          let arrangement = first == "H" ? "horizontal" : "vertical"
          throw TextProblem(
            message: "expected ':' after '\(first)' to specify \(arrangement) arrangement", offset: index)
        }
        axis = first == "V" ? .vertical : .horizontal
        index += 1
        skipSpaces()
      }

      var leadingEdge: VisualFormat.Edge?
      if current == "|" {
        let offset = index
        index += 1
        leadingEdge = VisualFormat.Edge(offset: offset, connection: try connection(after: "'|'"))
      }

      var views: [VisualFormat.View] = []
      var connections: [VisualFormat.Connection] = []
      var trailingEdge: VisualFormat.Edge?
      while true {
        skipSpaces()
        guard current == "[" else {
          if current == nil {
            throw TextProblem(message: "expected a view ('[name]') at the end of the format", offset: index)
          }
          if current == "|" {
            let message =
              views.isEmpty
              ? "expected a view ('[name]') after the leading '|'"
              : "'|' can only be at the start or the end of the format"
            throw TextProblem(message: message, offset: index)
          }
          throw TextProblem(message: "expected '[' to start a view, found \(describeCurrent())", offset: index)
        }
        let view = try self.view()
        views.append(view)
        skipSpaces()
        if current == nil { break }
        let joint = try connection(after: "view '\(view.name)'")
        if current == "|" {
          let offset = index
          index += 1
          trailingEdge = VisualFormat.Edge(offset: offset, connection: joint)
          skipSpaces()
          if current != nil {
            throw TextProblem(message: "unexpected \(describeCurrent()) after the closing '|'", offset: index)
          }
          break
        }
        connections.append(joint)
      }
      return VisualFormat(
        axis: axis, leadingEdge: leadingEdge, views: views, connections: connections, trailingEdge: trailingEdge)
    }

    /// `[name]` or `[name(predicates)]`; the `[` is current.
    mutating func view() throws -> VisualFormat.View {
      index += 1
      skipSpaces()
      guard isNameStart(current) else {
        throw TextProblem(message: "expected a view name after '['", offset: index)
      }
      let nameOffset = index
      let name = identifier()
      skipSpaces()
      var predicates: [VisualFormat.Predicate] = []
      if current == "(" {
        index += 1
        predicates = try predicateList(
          closing: "a predicate on a view's thickness must end with ')' and the view must end with ']'")
        skipSpaces()
      }
      guard current == "]" else {
        throw TextProblem(message: "expected ']' after view name '\(name)'", offset: index)
      }
      index += 1
      return VisualFormat.View(name: name, nameOffset: nameOffset, predicates: predicates)
    }

    /// What follows a view or a leading `|`: nothing (flush), `-`, `-8-`, `-name-` or `-(…)-`.
    /// Leaves the `[` or `|` that must follow as current.
    mutating func connection(after what: String) throws -> VisualFormat.Connection {
      skipSpaces()
      if current == "[" || current == "|" { return .flush }
      guard current == "-" else {
        throw TextProblem(message: "expected '-', '[' or '|' after \(what), found \(describeCurrent())", offset: index)
      }
      index += 1
      skipSpaces()
      if current == "[" || current == "|" { return .standard }
      var predicates: [VisualFormat.Predicate]
      if current == "(" {
        index += 1
        predicates = try predicateList(closing: "expected ',' or ')' after a spacing predicate")
      } else if isDigit(current) {
        let offset = index
        predicates = [
          VisualFormat.Predicate(
            relation: .equal, object: .number(number()), objectOffset: offset, priority: nil, priorityOffset: nil)
        ]
      } else if isNameStart(current) {
        let offset = index
        predicates = [
          VisualFormat.Predicate(
            relation: .equal, object: .name(identifier()), objectOffset: offset, priority: nil, priorityOffset: nil)
        ]
      } else {
        throw TextProblem(
          message: "expected a number, a metric name or '(' after '-', found \(describeCurrent())", offset: index)
      }
      skipSpaces()
      guard current == "-" else {
        throw TextProblem(message: "expected '-' after the spacing, found \(describeCurrent())", offset: index)
      }
      index += 1
      skipSpaces()
      guard current == "[" || current == "|" else {
        throw TextProblem(
          message: "expected a view or '|' after the spacing, found \(describeCurrent())", offset: index)
      }
      return .predicates(predicates)
    }

    /// `predicate (, predicate)* )` (the `(` already consumed).
    mutating func predicateList(closing: String) throws -> [VisualFormat.Predicate] {
      var predicates: [VisualFormat.Predicate] = []
      while true {
        skipSpaces()
        predicates.append(try predicate())
        skipSpaces()
        if current == "," {
          index += 1
          continue
        }
        if current == ")" {
          index += 1
          return predicates
        }
        throw TextProblem(message: closing, offset: index)
      }
    }

    /// `(==|<=|>=)? (number|name) (@(number|name))?`.
    mutating func predicate() throws -> VisualFormat.Predicate {
      var relation = LayoutRelation.equal
      if let scalar = current, scalar == "=" || scalar == "<" || scalar == ">" || scalar == "!" {
        let pair = index + 1 < scalars.count ? String(scalar) + String(scalars[index + 1]) : String(scalar)
        guard let parsed = LayoutRelation(rawValue: pair) else {
          throw TextProblem(message: "unknown relation; must be ==, >= or <=", offset: index)
        }
        relation = parsed
        index += 2
        skipSpaces()
      }
      let objectOffset = index
      let object: VisualFormat.Predicate.Operand
      if isDigit(current)
        || ((current == "-" || current == "+") && isDigit(index + 1 < scalars.count ? scalars[index + 1] : nil))
      {
        object = .number(number())
      } else if isNameStart(current) {
        object = .name(identifier())
      } else {
        throw TextProblem(
          message: "expected a number, a metric name or a view name in the predicate, found \(describeCurrent())",
          offset: index)
      }
      skipSpaces()
      var priority: VisualFormat.Predicate.Operand?
      var priorityOffset: Int?
      if current == "@" {
        priorityOffset = index
        index += 1
        skipSpaces()
        if isDigit(current) {
          priority = .number(number())
        } else if isNameStart(current) {
          priority = .name(identifier())
        } else {
          throw TextProblem(message: "expected a priority (a number or a metric name) after '@'", offset: index)
        }
      }
      return VisualFormat.Predicate(
        relation: relation, object: object, objectOffset: objectOffset, priority: priority,
        priorityOffset: priorityOffset)
    }

    mutating func identifier() -> String {
      let start = index
      while let scalar = current, JSONPath.isIdentifierContinue(scalar), scalar != "$" { index += 1 }
      return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    /// An optionally signed decimal number (digits with an optional fraction).
    mutating func number() -> Double {
      let start = index
      if current == "-" || current == "+" { index += 1 }
      while isDigit(current) { index += 1 }
      if current == ".", isDigit(index + 1 < scalars.count ? scalars[index + 1] : nil) {
        index += 1
        while isDigit(current) { index += 1 }
      }
      return Double(String(String.UnicodeScalarView(scalars[start..<index]))) ?? .nan
    }
  }
}

/// One constraint produced from a Visual Format string, before it becomes a `ConstraintSpec`.
package struct VisualFormatConstraint: Sendable {
  package struct Side: Sendable {
    package var item: String
    package var attribute: LayoutAttribute
    /// Where the view name (or `|`) is in the string.
    var offset: Int
  }
  package var first: Side
  package var relation: LayoutRelation
  package var second: Side?
  package var constant: Double
  var constantOffset: Int
  package var priority: Double?
  var priorityOffset: Int?
  /// A `-` connection: UIKit's standard spacing, decided at resolution (``StandardSpacing``).
  package var isStandard = false
}

/// Turns a parsed Visual Format string into constraints, resolving views, metrics and `|`.
package struct VisualFormatExpander {
  /// Standard spacing between siblings (`"spacing": "system"` of stacks).
  static let siblingSpacing = StandardSpacing.sibling

  /// Ids of the document's views, in document order (for suggestions).
  var viewIDs: [String]
  /// Whether a name is a view id (a constant-time lookup).
  var isView: (String) -> Bool
  /// A view's parent id (`nil` for the root); only asked for ids in `viewIDs`.
  var parent: (String) -> String?
  var metrics: [String: Double]
  /// Metric names in file order (for suggestions).
  var metricNames: [String]

  package init(
    viewIDs: [String], isView: @escaping (String) -> Bool, parent: @escaping (String) -> String?,
    metrics: [String: Double], metricNames: [String]
  ) {
    self.viewIDs = viewIDs
    self.isView = isView
    self.parent = parent
    self.metrics = metrics
    self.metricNames = metricNames
  }

  package func expand(_ format: VisualFormat) -> (constraints: [VisualFormatConstraint], problems: [TextProblem]) {
    var problems: [TextProblem] = []
    var out: [VisualFormatConstraint] = []
    let leadingAttribute: LayoutAttribute = format.axis == .horizontal ? .leading : .top
    let trailingAttribute: LayoutAttribute = format.axis == .horizontal ? .trailing : .bottom
    let sizeAttribute: LayoutAttribute = format.axis == .horizontal ? .width : .height

    // Views must exist; layout guides are not views here.
    var known: [String] = []
    for view in format.views {
      if isView(view.name) {
        known.append(view.name)
      } else if view.name == "safeArea" || view.name == "margins" {
        problems.append(
          TextProblem(
            message:
              "'\(view.name)' is a layout guide; a visual format string can only name views (use '|' for the superview)",
            offset: view.nameOffset))
      } else {
        problems.append(
          TextProblem(
            message: "unknown view '\(view.name)'\(DidYouMean.hint(for: view.name, among: viewIDs))",
            offset: view.nameOffset))
      }
    }

    // `|` is the superview all the named views share.
    var superview: String?
    let edges = [format.leadingEdge, format.trailingEdge].compactMap { $0 }
    if let edge = edges.first, known.count == format.views.count {
      var parents: [(view: String, parent: String?)] = []
      for name in known where !parents.contains(where: { $0.view == name }) { parents.append((name, parent(name))) }
      if let orphan = parents.first(where: { $0.parent == nil }) {
        problems.append(
          TextProblem(
            message: "'|' stands for the superview, but '\(orphan.view)' is the root view and has none",
            offset: edge.offset))
      } else if let first = parents.first, let other = parents.first(where: { $0.parent != first.parent }) {
        problems.append(
          TextProblem(
            message:
              "'|' stands for the common superview, but '\(first.view)' is in '\(first.parent ?? "")' and '\(other.view)' is in '\(other.parent ?? "")'",
            offset: edge.offset))
      } else {
        superview = parents.first?.parent
      }
    }

    func value(of operand: VisualFormat.Predicate.Operand, at offset: Int, allowView: Bool) -> (Double?, String?) {
      switch operand {
      case .number(let number):
        return (number, nil)
      case .name(let name):
        if let metric = metrics[name] { return (metric, nil) }
        if allowView, isView(name) { return (nil, name) }
        if isView(name) {
          problems.append(
            TextProblem(message: "'\(name)' is a view; a spacing takes a number or a metric name", offset: offset))
        } else if allowView {
          let hint = DidYouMean.hint(for: name, among: metricNames + viewIDs)
          problems.append(TextProblem(message: "unknown metric or view '\(name)'\(hint)", offset: offset))
        } else {
          problems.append(
            TextProblem(
              message: "unknown metric '\(name)'\(DidYouMean.hint(for: name, among: metricNames))", offset: offset))
        }
        return (nil, nil)
      }
    }

    func priority(of predicate: VisualFormat.Predicate) -> Double? {
      guard let operand = predicate.priority, let offset = predicate.priorityOffset else { return nil }
      if case .name(let name) = operand, metrics[name] == nil {
        problems.append(
          TextProblem(
            message: "unknown metric '\(name)'\(DidYouMean.hint(for: name, among: metricNames))", offset: offset + 1))
        return nil
      }
      return value(of: operand, at: offset + 1, allowView: false).0
    }

    /// `later.leading rel earlier.trailing + spacing` for each predicate of a connection.
    func connect(
      _ connection: VisualFormat.Connection, earlier: VisualFormatConstraint.Side, later: VisualFormatConstraint.Side,
      at offset: Int
    ) {
      switch connection {
      case .flush:
        out.append(
          VisualFormatConstraint(
            first: later, relation: .equal, second: earlier, constant: 0, constantOffset: offset))
      case .standard:
        // Sibling 8, superview edge its margin: the pair decides, at resolution.
        var spaced = VisualFormatConstraint(
          first: later, relation: .equal, second: earlier, constant: 0, constantOffset: offset)
        spaced.isStandard = true
        out.append(spaced)
      case .predicates(let predicates):
        for predicate in predicates {
          let (spacing, _) = value(of: predicate.object, at: predicate.objectOffset, allowView: false)
          let rank = priority(of: predicate)
          guard let spacing else { continue }
          out.append(
            VisualFormatConstraint(
              first: later, relation: predicate.relation, second: earlier, constant: spacing,
              constantOffset: predicate.objectOffset, priority: rank, priorityOffset: predicate.priorityOffset))
        }
      }
    }

    let superItem = superview ?? ""
    for (position, view) in format.views.enumerated() {
      if position == 0, let edge = format.leadingEdge {
        connect(
          edge.connection, earlier: .init(item: superItem, attribute: leadingAttribute, offset: edge.offset),
          later: .init(item: view.name, attribute: leadingAttribute, offset: view.nameOffset),
          at: edge.offset)
      }
      for predicate in view.predicates {
        let (amount, otherView) = value(of: predicate.object, at: predicate.objectOffset, allowView: true)
        let rank = priority(of: predicate)
        let subject = VisualFormatConstraint.Side(item: view.name, attribute: sizeAttribute, offset: view.nameOffset)
        if let otherView {
          out.append(
            VisualFormatConstraint(
              first: subject, relation: predicate.relation,
              second: .init(item: otherView, attribute: sizeAttribute, offset: predicate.objectOffset), constant: 0,
              constantOffset: predicate.objectOffset, priority: rank, priorityOffset: predicate.priorityOffset))
        } else if let amount {
          out.append(
            VisualFormatConstraint(
              first: subject, relation: predicate.relation, second: nil, constant: amount,
              constantOffset: predicate.objectOffset, priority: rank, priorityOffset: predicate.priorityOffset))
        }
      }
      if position + 1 < format.views.count, position < format.connections.count {
        let next = format.views[position + 1]
        connect(
          format.connections[position],
          earlier: .init(item: view.name, attribute: trailingAttribute, offset: view.nameOffset),
          later: .init(item: next.name, attribute: leadingAttribute, offset: next.nameOffset),
          at: next.nameOffset)
      } else if let edge = format.trailingEdge {
        connect(
          edge.connection, earlier: .init(item: view.name, attribute: trailingAttribute, offset: view.nameOffset),
          later: .init(item: superItem, attribute: trailingAttribute, offset: edge.offset),
          at: edge.offset)
      }
    }
    return (problems.isEmpty ? out : [], problems)
  }
}
