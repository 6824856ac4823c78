import TrellisModel

/// Numbers a block's items (one per address, in order of first mention) and turns read
/// descriptions into ``LogConstraint``s, resolving `names:` and classifying each.
struct BlockBuilder {
  let file: String
  let sink: DiagnosticSink
  private(set) var items: [LogItem] = []
  private var index: [String: Int] = [:]
  /// Set when a description was read but named something it did not define.
  private(set) var hadProblem = false

  init(file: String, sink: DiagnosticSink) {
    self.file = file
    self.sink = sink
  }

  /// The item's index, adding it on first mention; a later mention fills a text the first lacked.
  mutating func register(_ item: ParsedItem) -> Int {
    let identity = item.key.map { "key:\(item.className):\($0)" } ?? item.address
    if let existing = index[identity] {
      if items[existing].text == nil && items[existing].guideName == nil, let text = item.text {
        Self.setText(text, of: &items[existing])
      }
      return existing
    }
    var (module, className) = Self.split(item.className)
    if className.isEmpty { (module, className) = (nil, item.className) }
    var logItem = LogItem(address: item.address, className: className, module: module)
    logItem.location = item.position.location(in: file)
    logItem.key = item.key
    if let text = item.text { Self.setText(text, of: &logItem) }
    items.append(logItem)
    index[identity] = items.count - 1
    return items.count - 1
  }

  private static func setText(_ text: String, of item: inout LogItem) {
    if item.isLayoutGuide {
      item.guideName = text
    } else if text.hasSuffix("...") {
      item.text = String(text.dropLast(3))
      item.isTextTruncated = true
    } else {
      item.text = text
    }
  }

  /// `Prox.PlaceDetailsEventView` → (`Prox`, `PlaceDetailsEventView`): the module is what comes
  /// before the first dot outside generic arguments.
  static func split(_ name: String) -> (String?, String) {
    var depth = 0
    for index in name.indices {
      switch name[index] {
      case "<": depth += 1
      case ">": depth -= 1
      case "." where depth == 0:
        return (String(name[..<index]), String(name[name.index(after: index)...]))
      default: break
      }
    }
    return (nil, name)
  }

  private mutating func superviewPlaceholder(of other: Int?) -> Int {
    let key = "|" + (other.map { items[$0].address } ?? "")
    if let existing = index[key] { return existing }
    var item = LogItem(address: "", className: "superview", isUnnamedSuperview: true)
    item.superviewOf = other
    items.append(item)
    index[key] = items.count - 1
    return items.count - 1
  }

  private mutating func resolve(
    _ reference: ParsedReference, names: [String: ParsedItem], other: Int?, warned: inout Bool
  ) -> Int? {
    switch reference {
    case .item(let item):
      return register(item)
    case .name(let name, let position):
      if let item = names[name] { return register(item) }
      if name == "|" {
        if !warned {
          sink.warning(
            "log-unnamed-superview",
            "'|' stands for a superview that the description does not name (no 'names:'); it is read as a view of its own",
            at: position.location(in: file))
          warned = true
        }
        return superviewPlaceholder(of: other)
      }
      sink.error(
        "log-unreadable-constraint",
        "the description names '\(name)' without saying which view it is (no 'names: \(name):…' entry); the block is read without this constraint",
        at: position.location(in: file))
      return nil
    }
  }

  mutating func constraint(_ parsed: ParsedDescription, entry: LocatedText, listIndex: Int) -> LogConstraint? {
    guard let parsedFirst = parsed.first else { return nil }
    var warned = false
    // Items in the order the text names them (a Visual Format description names its second
    // item first), then the names `names:` resolves.
    let printed = [parsed.first, parsed.second].compactMap { anchor -> ParsedItem? in
      if case .item(let item)? = anchor?.reference { return item }
      return nil
    }
    for item in printed.sorted(by: { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) })
    {
      _ = register(item)
    }
    var firstIndex: Int?
    var secondIndex: Int?
    if case .item(let item) = parsedFirst.reference { firstIndex = register(item) }
    if case .item(let item)? = parsed.second?.reference { secondIndex = register(item) }
    if firstIndex == nil {
      firstIndex = resolve(parsedFirst.reference, names: parsed.names, other: secondIndex, warned: &warned)
    }
    if let parsedSecond = parsed.second, secondIndex == nil {
      secondIndex = resolve(parsedSecond.reference, names: parsed.names, other: firstIndex, warned: &warned)
      if secondIndex == nil {
        hadProblem = true
        return nil
      }
    }
    guard let firstIndex else {
      hadProblem = true
      return nil
    }
    // `|` is the other item's superview: kept, for positions printed without one.
    if case .name("|", _) = parsedFirst.reference, let secondIndex, items[secondIndex].superview == nil {
      items[secondIndex].superview = firstIndex
    }
    if case .name("|", _)? = parsed.second?.reference, let secondIndex, items[firstIndex].superview == nil {
      items[firstIndex].superview = secondIndex
    }
    let location = entry.position(0).location(in: file)
    var first = LogAnchor(item: firstIndex, attribute: parsedFirst.attribute, location: location)
    if case .item(let item) = parsedFirst.reference { first.location = item.position.location(in: file) }
    var second: LogAnchor?
    if let parsedSecond = parsed.second, let secondIndex {
      second = LogAnchor(item: secondIndex, attribute: parsedSecond.attribute)
      if case .item(let item) = parsedSecond.reference { second?.location = item.position.location(in: file) }
    } else if parsed.isConstantLocation, let superview = parsed.names["|"] {
      // An autoresizing position (`minX == 0`) is in the superview's coordinates.
      let index = register(superview)
      if items[firstIndex].superview == nil { items[firstIndex].superview = index }
      second = LogAnchor(
        item: index, attribute: parsedFirst.attribute.isHorizontal ? .left : .top,
        location: superview.position.location(in: file))
    }
    var constraint = LogConstraint(
      address: parsed.address, className: parsed.className, notation: parsed.notation, first: first,
      relation: parsed.relation, second: second, multiplier: parsed.multiplier, constant: parsed.constant,
      priority: parsed.priority ?? 1000, text: entry.string(0..<(parsed.end > 0 ? parsed.end : entry.count)),
      location: location,
      listIndex: listIndex)
    constraint.identifier = parsed.identifier
    constraint.snapKitFile = parsed.snapKitFile
    constraint.snapKitLine = parsed.snapKitLine
    constraint.horizontalMask = parsed.horizontalMask
    constraint.verticalMask = parsed.verticalMask
    constraint.hugging = parsed.hugging
    constraint.compressionResistance = parsed.compressionResistance
    constraint.isActive = parsed.isActive
    let classification = ConstraintClassifier.classify(constraint, items: items)
    constraint.kind = classification.kind
    constraint.madeBy = classification.madeBy
    return constraint
  }
}
