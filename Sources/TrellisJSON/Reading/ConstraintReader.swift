import TrellisModel
import TrellisSupport

/// A constraint read from the file, with where its parts were written (for the checks that
/// run once every constraint form has become a `ConstraintSpec`).
struct ConstraintDraft {
  var spec: ConstraintSpec
  var multiplierLocation: SourceLocation?
  /// Where the constant's and priority's values were written (base, then each variation).
  var constantLocations: VaryingLocations?
  var priorityLocations: VaryingLocations?
  /// Where a user-given id was written.
  var idOrigin: ValueOrigins.Origin?

  /// The spec with where its values were written, for the validator.
  var specWithOrigins: ConstraintSpec {
    var spec = self.spec
    if let multiplierLocation { spec.origins.record("multiplier", at: multiplierLocation) }
    if let constantLocations { spec.origins.record("constant", constantLocations.origins) }
    if let priorityLocations { spec.origins.record("priority", priorityLocations.origins) }
    if let idOrigin { spec.origins.record("id", [idOrigin]) }
    return spec
  }
}

/// The enclosing `when` group of a constraint.
struct WhenScope {
  var pattern: TraitPattern
  var location: SourceLocation
}

extension DocumentReader {
  static let formKeys = ["constraint", "first", "vfl", "when"]
  static let textFormKeys = ["constraint", "id", "priority", "constant", "installed"]
  static let structuredFormKeys = [
    "first", "relation", "second", "multiplier", "constant", "priority", "id", "installed",
  ]
  static let visualFormatFormKeys = ["vfl", "metrics", "priority", "installed", "id"]
  static let whenFormKeys = ["when", "constraints"]

  /// The overrides an object form may give: id, priority, constant and installed.
  struct Overrides {
    var id: String?
    var idOrigin: ValueOrigins.Origin?
    var priority: (value: Varying<Double>, locations: VaryingLocations)?
    var constant: (value: Varying<Double>, locations: VaryingLocations)?
    /// Standard spacings per size class (`"constant": "standard"` is 1), when a constant is given.
    var standardSpacing: Varying<Double>?
    var installed: (value: Varying<Bool>, location: SourceLocation)?
  }

  /// Reads a `constraints` array and the groups nested in it, in file order (depth first),
  /// from an explicit stack rather than by recursion.
  mutating func readConstraintList(_ node: JSONNode, path: String, when: WhenScope?) {
    var work: [(node: JSONNode, path: String, when: WhenScope?)] = []
    func push(list: JSONNode, path: String, when: WhenScope?) {
      guard let elements = list.elements else {
        values.typeError(list, expected: "an array of constraints", for: "\"constraints\"", path: path)
        return
      }
      for (position, element) in elements.enumerated().reversed() {
        work.append((element, JSONPath.element(path, position), when))
      }
    }
    push(list: node, path: path, when: when)
    while let item = work.popLast() {
      if sink.isFull || reportedConstraintLimit { return }
      if let members = item.node.members, members.contains(where: { $0.key == "when" }),
        !members.contains(where: { Self.formKeys.contains($0.key) && $0.key != "when" })
      {
        if let inner = readWhen(item.node, members: members, path: item.path, when: item.when) {
          push(list: inner.list, path: inner.path, when: inner.scope)
        }
      } else {
        readConstraint(item.node, path: item.path, when: item.when)
      }
    }
  }

  /// Reads one constraint that is not a `when` group.
  mutating func readConstraint(_ node: JSONNode, path: String, when: WhenScope?) {
    switch node.value {
    case .string(let text):
      if VisualFormatParser.looksLikeVisualFormat(text) {
        addVisualFormat(node, path: path, owner: node, metrics: [], overrides: Overrides(), when: when)
      } else {
        addConstraintText(node, path: path, owner: node, overrides: Overrides(), when: when)
      }
    case .object(let members):
      let forms = members.filter { Self.formKeys.contains($0.key) }
      guard let form = forms.first else {
        let everyKey = Self.formKeys + Self.structuredFormKeys + Self.visualFormatFormKeys + Self.whenFormKeys
        values.reportUnknownKeys(members, known: everyKey, in: "a constraint", path: path)
        sink.error(
          "missing-key",
          "a constraint object needs one of \"constraint\", \"first\", \"vfl\" or \"when\"", at: node.location,
          path: path)
        return
      }
      if forms.count > 1 {
        sink.error(
          "conflicting-keys",
          "a constraint object can have only one of \"constraint\", \"first\", \"vfl\" and \"when\"; this one has \"\(form.key)\" and \"\(forms[1].key)\"",
          at: forms[1].keyLocation, path: JSONPath.member(path, forms[1].key))
        return
      }
      switch form.key {
      case "when": break  // groups are read by readConstraintList
      case "vfl": readVisualFormatObject(node, members: members, path: path, when: when)
      case "constraint": readTextObject(node, members: members, path: path, when: when)
      default: readStructured(node, members: members, path: path, when: when)
      }
    case .invalid:
      return
    default:
      values.typeError(node, expected: "a constraint (a string or an object)", for: "this constraint", path: path)
    }
  }

  // MARK: Forms

  /// Checks a `when` group's header; returns its constraint list and the scope they get.
  private mutating func readWhen(
    _ node: JSONNode, members: [JSONMember], path: String, when outer: WhenScope?
  ) -> (list: JSONNode, path: String, scope: WhenScope?)? {
    values.reportUnknownKeys(members, known: Self.whenFormKeys, in: "a \"when\" group", path: path)
    guard let whenMember = members.first(where: { $0.key == "when" }) else { return nil }
    let whenPath = JSONPath.member(path, "when")
    var scope = outer
    if values.string(whenMember.value, for: "\"when\"", path: whenPath) != nil,
      let pattern = values.pattern(whenMember.value, path: whenPath)
    {
      if pattern == .any {
        sink.warning(
          "when-any",
          "\"when\": \"any\" matches every size class, so these constraints are always installed",
          at: whenMember.value.location,
          path: whenPath)
      }
      if let outer {
        // Nested groups intersect; a size class named differently on one axis never matches.
        var combined = outer.pattern
        var conflict = false
        if let horizontal = pattern.horizontal {
          if let existing = combined.horizontal, existing != horizontal { conflict = true }
          combined.horizontal = horizontal
        }
        if let vertical = pattern.vertical {
          if let existing = combined.vertical, existing != vertical { conflict = true }
          combined.vertical = vertical
        }
        if conflict {
          sink.error(
            "incompatible-when",
            "this \"when\" ('\(pattern)') never matches inside the enclosing \"when\" ('\(outer.pattern)'); nested groups must be compatible",
            at: whenMember.value.location, path: whenPath)
        } else {
          scope = WhenScope(pattern: combined, location: whenMember.value.location)
        }
      } else {
        scope = WhenScope(pattern: pattern, location: whenMember.value.location)
      }
    }
    guard let list = members.first(where: { $0.key == "constraints" }) else {
      sink.error("missing-key", "a \"when\" group needs a \"constraints\" array", at: node.location, path: path)
      return nil
    }
    return (list.value, JSONPath.member(path, "constraints"), scope)
  }

  private mutating func readTextObject(_ node: JSONNode, members: [JSONMember], path: String, when: WhenScope?) {
    values.reportUnknownKeys(members, known: Self.textFormKeys, in: "a \"constraint\" object", path: path)
    guard let textMember = members.first(where: { $0.key == "constraint" }) else { return }
    let textPath = JSONPath.member(path, "constraint")
    let overrides = readOverrides(members, path: path, allowConstant: true)
    guard let text = values.string(textMember.value, for: "\"constraint\"", path: textPath) else { return }
    if VisualFormatParser.looksLikeVisualFormat(text) {
      sink.error(
        "wrong-form",
        "this is a Visual Format string; write it as {\"vfl\": …} (or as a plain string) instead of {\"constraint\": …}",
        at: textMember.value.location, path: textPath)
      return
    }
    addConstraintText(textMember.value, path: path, owner: node, overrides: overrides, when: when)
  }

  private mutating func readVisualFormatObject(_ node: JSONNode, members: [JSONMember], path: String, when: WhenScope?)
  {
    values.reportUnknownKeys(members, known: Self.visualFormatFormKeys, in: "a \"vfl\" object", path: path)
    guard let formatMember = members.first(where: { $0.key == "vfl" }) else { return }
    let overrides = readOverrides(members, path: path, allowConstant: false)
    var metrics: [(name: String, value: Double)] = []
    if let metricsMember = members.first(where: { $0.key == "metrics" }) {
      let metricsPath = JSONPath.member(path, "metrics")
      if let entries = metricsMember.value.members {
        for entry in entries {
          let entryPath = JSONPath.member(metricsPath, entry.key)
          let scalars = Array(entry.key.unicodeScalars)
          let isName =
            !scalars.isEmpty && JSONPath.isIdentifierStart(scalars[0]) && scalars[0] != "$"
            && scalars.allSatisfy { JSONPath.isIdentifierContinue($0) && $0 != "$" }
          if !isName {
            sink.error(
              "invalid-name",
              "invalid metric name \"\(entry.key)\"; metric names are letters, digits and '_', not starting with a digit",
              at: entry.keyLocation, path: entryPath)
            continue
          }
          if let value = values.points(entry.value, for: "metric \"\(entry.key)\"", path: entryPath) {
            metrics.append((entry.key, value))
          }
        }
      } else {
        values.typeError(metricsMember.value, expected: "an object of numbers", for: "\"metrics\"", path: metricsPath)
      }
    }
    guard values.string(formatMember.value, for: "\"vfl\"", path: JSONPath.member(path, "vfl")) != nil else { return }
    addVisualFormat(formatMember.value, path: path, owner: node, metrics: metrics, overrides: overrides, when: when)
  }

  private mutating func readStructured(_ node: JSONNode, members: [JSONMember], path: String, when: WhenScope?) {
    values.reportUnknownKeys(members, known: Self.structuredFormKeys, in: "a constraint", path: path)
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    let overrides = readOverrides(members, path: path, allowConstant: true)
    var complete = true

    func anchor(_ key: String) -> AnchorReference? {
      guard let found = member(key) else { return nil }
      let anchorPath = JSONPath.member(path, key)
      guard let text = values.string(found.value, for: "\"\(key)\"", path: anchorPath) else {
        complete = false
        return nil
      }
      switch ConstraintTextParser.parseAnchor(text) {
      case .success(let parsed):
        return AnchorReference(
          item: LayoutItem(name: parsed.item, rootID: rootID), attribute: parsed.attribute,
          location: found.value.location(ofScalar: parsed.itemOffset))
      case .failure(let problem):
        sink.error(
          "constraint-syntax", problem.message, at: found.value.location(ofScalar: problem.offset), path: anchorPath)
        complete = false
        return nil
      }
    }

    let first = anchor("first")
    let second = anchor("second")
    var relation: LayoutRelation?
    if let relationMember = member("relation") {
      let relationPath = JSONPath.member(path, "relation")
      if let text = values.string(relationMember.value, for: "\"relation\"", path: relationPath) {
        relation = LayoutRelation(rawValue: text)
        if relation == nil {
          sink.error(
            "invalid-value",
            "unknown relation '\(text)'; use ==, <= or >=", at: relationMember.value.location, path: relationPath)
        }
      }
    } else {
      sink.error("missing-key", "missing \"relation\" (==, <= or >=)", at: node.location, path: path)
    }
    var multiplier = 1.0
    var multiplierLocation: SourceLocation?
    if let multiplierMember = member("multiplier") {
      multiplierLocation = multiplierMember.value.location
      if let value = values.number(
        multiplierMember.value, for: "\"multiplier\"", path: JSONPath.member(path, "multiplier"))
      {
        multiplier = value
        if second == nil, complete {
          sink.warning(
            "no-effect",
            "\"multiplier\" has no effect without \"second\"", at: multiplierMember.keyLocation,
            path: JSONPath.member(path, "multiplier"))
        }
      } else {
        complete = false
      }
    }
    guard let first, let relation, complete else {
      if member("first") == nil {
        sink.error("missing-key", "missing \"first\" (e.g. \"a.top\")", at: node.location, path: path)
      }
      return
    }

    var source = "\(first) \(relation.rawValue) "
    if let second {
      source += multiplier == 1 ? "\(second)" : "\(fmt(multiplier)) * \(second)"
      let constant = overrides.constant?.value.base ?? 0
      if constant != 0 { source += constant < 0 ? " - \(fmt(-constant))" : " + \(fmt(constant))" }
    } else {
      source += fmt(overrides.constant?.value.base ?? 0)
    }
    if let priority = overrides.priority?.value.base, priority != 1000 { source += " @\(fmt(priority))" }

    let spec = ConstraintSpec(
      id: overrides.id ?? generatedID(), first: first, relation: relation, second: second, multiplier: multiplier,
      constant: overrides.constant?.value ?? Varying(0), priority: overrides.priority?.value ?? Varying(1000),
      installed: installed(overrides.installed, when: when, path: path), source: source, location: node.location,
      path: path, standardSpacing: overrides.standardSpacing ?? Varying(0))
    append(
      ConstraintDraft(
        spec: spec, multiplierLocation: multiplierLocation, constantLocations: overrides.constant?.locations,
        priorityLocations: overrides.priority?.locations, idOrigin: overrides.idOrigin))
  }

  // MARK: Text and Visual Format

  /// Adds a constraint written as text. `owner` is the JSON value the constraint is located
  /// at (the string itself, or its `{"constraint": …}` object).
  private mutating func addConstraintText(
    _ textNode: JSONNode, path: String, owner: JSONNode, overrides: Overrides, when: WhenScope?
  ) {
    guard let text = textNode.stringValue else { return }
    let parsed: ConstraintText
    switch ConstraintTextParser.parse(text) {
    case .success(let value): parsed = value
    case .failure(let problem):
      sink.error("constraint-syntax", problem.message, at: textNode.location(ofScalar: problem.offset), path: path)
      return
    }
    func reference(_ anchor: ConstraintText.Anchor) -> AnchorReference {
      AnchorReference(
        item: LayoutItem(name: anchor.item, rootID: rootID), attribute: anchor.attribute,
        location: textNode.location(ofScalar: anchor.itemOffset))
    }
    let priorityLocation = parsed.priorityOffset.map { textNode.location(ofScalar: $0) }
    let spec = ConstraintSpec(
      id: overrides.id ?? generatedID(), first: reference(parsed.first), relation: parsed.relation,
      second: parsed.second.map(reference), multiplier: parsed.multiplier,
      constant: overrides.constant?.value ?? Varying(parsed.constant),
      priority: overrides.priority?.value ?? Varying(parsed.priority ?? 1000),
      installed: installed(overrides.installed, when: when, path: path), source: text, location: owner.location,
      path: path,
      standardSpacing: overrides.constant != nil
        ? (overrides.standardSpacing ?? Varying(0)) : Varying(parsed.standardSpacing))
    if overrides.priority != nil, let textPriority = parsed.priority {
      // The object's priority wins, but the text's must still make sense.
      values.checkPriority(textPriority, at: priorityLocation, path: path)
    }
    func inText(_ offset: Int?) -> VaryingLocations? {
      offset.map { VaryingLocations(base: textNode.location(ofScalar: $0), variations: []) }
    }
    append(
      ConstraintDraft(
        spec: spec, multiplierLocation: parsed.multiplierOffset.map { textNode.location(ofScalar: $0) },
        constantLocations: overrides.constant?.locations ?? inText(parsed.constantOffset),
        priorityLocations: overrides.priority?.locations ?? inText(parsed.priorityOffset), idOrigin: overrides.idOrigin)
    )
  }

  private mutating func addVisualFormat(
    _ textNode: JSONNode, path: String, owner: JSONNode, metrics: [(name: String, value: Double)], overrides: Overrides,
    when: WhenScope?
  ) {
    guard let text = textNode.stringValue else { return }
    let format: VisualFormat
    switch VisualFormatParser.parse(text) {
    case .success(let value): format = value
    case .failure(let problem):
      sink.error("visual-format-syntax", problem.message, at: textNode.location(ofScalar: problem.offset), path: path)
      return
    }
    // `root` names the root view here too.
    var resolved = format
    for position in resolved.views.indices where resolved.views[position].name == LayoutItem.rootName {
      resolved.views[position].name = rootID
    }
    var metricValues: [String: Double] = [:]
    for metric in metrics { metricValues[metric.name] = metric.value }
    let views = self.views
    let expander = VisualFormatExpander(
      viewIDs: viewOrder, isView: { views[$0] != nil }, parent: { views[$0]?.parent }, metrics: metricValues,
      metricNames: metrics.map(\.name))
    let (expanded, problems) = expander.expand(resolved)
    for problem in problems {
      sink.error("visual-format", problem.message, at: textNode.location(ofScalar: problem.offset), path: path)
    }
    guard problems.isEmpty else { return }
    if let userID = overrides.id, userID == "constraint" {
      sink.error(
        "reserved-id", "'constraint' is reserved for generated ids; choose another id", at: owner.location, path: path)
      return
    }
    let installedValue = installed(overrides.installed, when: when, path: path)
    for (position, constraint) in expanded.enumerated() {
      func reference(_ side: VisualFormatConstraint.Side) -> AnchorReference {
        AnchorReference(
          item: LayoutItem(name: side.item), attribute: side.attribute,
          location: textNode.location(ofScalar: side.offset))
      }
      let priorityLocation = constraint.priorityOffset.map { textNode.location(ofScalar: $0) }
      let priority: Varying<Double>
      if let own = constraint.priority {
        priority = Varying(own)
      } else {
        priority = overrides.priority?.value ?? Varying(1000)
      }
      let spec = ConstraintSpec(
        id: overrides.id.map { "\($0)#\(position + 1)" } ?? generatedID(), first: reference(constraint.first),
        relation: constraint.relation, second: constraint.second.map(reference), multiplier: 1,
        constant: Varying(constraint.constant), priority: priority, installed: installedValue,
        source: text, location: textNode.location, path: path,
        standardSpacing: Varying(constraint.isStandard ? 1 : 0))
      append(
        ConstraintDraft(
          spec: spec,
          constantLocations: VaryingLocations(
            base: textNode.location(ofScalar: constraint.constantOffset), variations: []),
          priorityLocations: constraint.priority != nil
            ? priorityLocation.map { VaryingLocations(base: $0, variations: []) } : overrides.priority?.locations,
          idOrigin: overrides.idOrigin))
      if reportedConstraintLimit { return }
    }
  }

  // MARK: Shared pieces

  private mutating func readOverrides(_ members: [JSONMember], path: String, allowConstant: Bool) -> Overrides {
    var overrides = Overrides()
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      switch member.key {
      case "id":
        if let (id, origin) = readConstraintID(member.value, path: memberPath) {
          overrides.id = id
          overrides.idOrigin = origin
        }
      case "priority":
        if let value = values.varying(
          member.value, for: "\"priority\"", path: memberPath, default: 1000.0,
          read: {
            values.priority($0, for: "\"priority\"", path: $1)
          })
        {
          overrides.priority = (value.value, value.locations)
        }
      case "constant" where allowConstant:
        if let value = values.varying(
          member.value, for: "\"constant\"", path: memberPath, default: 0.0,
          read: { node, path in
            // "standard" is read as +∞ here (no constant can be infinite), then split off.
            node.stringValue == "standard" ? Double.infinity : values.number(node, for: "\"constant\"", path: path)
          })
        {
          overrides.constant = (value.value.map { $0.isInfinite ? 0 : $0 }, value.locations)
          overrides.standardSpacing = value.value.map { $0.isInfinite ? 1 : 0 }
        }
      case "installed":
        if let value = values.varying(
          member.value, for: "\"installed\"", path: memberPath, default: true,
          read: {
            values.bool($0, for: "\"installed\"", path: $1)
          })
        {
          overrides.installed = (value.value, value.locations.base)
        }
      default:
        break
      }
    }
    return overrides
  }

  /// A user-given constraint id and where it was written; the rules for ids are the validator's.
  private func readConstraintID(_ node: JSONNode, path: String) -> (String, ValueOrigins.Origin)? {
    guard let id = values.string(node, for: "\"id\"", path: path) else { return nil }
    let scalars = node.stringPositions.map { positions in
      positions.map {
        SourceLocation(file: node.location.file, line: node.location.line, column: $0.column, offset: $0.offset)
      }
    }
    return (id, ValueOrigins.Origin(location: node.location, path: path, scalarLocations: scalars, writtenText: id))
  }

  /// `constraint#N`: N is the 1-based position of the constraint in the expanded list.
  private func generatedID() -> String {
    "constraint#\(constraints.count + 1)"
  }

  /// `installed` for a constraint, given its own value and the enclosing `when` group:
  /// `Varying(false, [pattern: true])` inside a group.
  private func installed(
    _ own: (value: Varying<Bool>, location: SourceLocation)?, when: WhenScope?, path: String
  ) -> Varying<Bool> {
    guard let when else { return own?.value ?? Varying(true) }
    if let own {
      if own.value.varies {
        sink.error(
          "incompatible-when",
          "\"installed\" cannot vary inside a \"when\" group; move the constraint out of the group, or use only \"installed\"",
          at: own.location, path: JSONPath.member(path, "installed"))
      } else if own.value.base == false {
        return Varying(false)
      }
    }
    return Varying(false, variations: [.init(pattern: when.pattern, value: true, location: when.location)])
  }

  private mutating func append(_ draft: ConstraintDraft) {
    guard constraints.count < limits.maxConstraints else {
      if !reportedConstraintLimit {
        reportedConstraintLimit = true
        sink.error(
          "limit-exceeded",
          "the layout has more than \(limits.maxConstraints) constraints, the reader's limit; split it",
          at: draft.spec.location, path: draft.spec.path)
      }
      return
    }
    constraints.append(draft.specWithOrigins)
  }
}
