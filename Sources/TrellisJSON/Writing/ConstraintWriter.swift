import TrellisModel
import TrellisSupport

/// Writes a document's constraints, in order: each as constraint text
/// (`"a.top == b.bottom + 8 @750"`) when that says everything, else as the
/// `{"id", "constraint", "constant", "priority", "installed"}` object; runs installed in one
/// size-class pattern only inside a `when` group.
///
/// Every constraint keeps its position in the reader's expanded list (a group's constraints are
/// numbered in place), so the reader's generated ids (`constraint#N`, N the position) come back
/// by themselves and are left out.
package struct ConstraintWriter {
  let specs: [ConstraintSpec]

  init(_ specs: [ConstraintSpec]) { self.specs = specs }

  /// The elements of `constraints`. A run of two or more constraints installed in exactly one
  /// size-class pattern becomes one `{"when": pattern, "constraints": […]}` group, as people
  /// write them (and as Interface Builder's per-class constraints come); a group keeps its
  /// constraints' positions, so it changes no id.
  func values() -> [JSONValue] {
    let ids = Self.writtenIDs(specs.map(\.id))
    let patterns = specs.map { Self.onlyPattern(of: $0.installed) }
    var out: [JSONValue] = []
    var start = 0
    while start < specs.count {
      var end = start + 1
      if let pattern = patterns[start] {
        while end < specs.count, patterns[end] == pattern { end += 1 }
        if end - start >= 2 {
          let members = (start..<end).map { Self.value(specs[$0], id: ids[$0], inGroup: true) }
          out.append(.object([.init("when", .string(pattern.description)), .init("constraints", .array(members))]))
          start = end
          continue
        }
        end = start + 1
      }
      out.append(Self.value(specs[start], id: ids[start], inGroup: false))
      start = end
    }
    return out
  }

  /// The pattern a constraint is installed in when it is installed there and nowhere else
  /// (`Varying(false, [pattern: true])`, what a `when` group gives its constraints).
  static func onlyPattern(of installed: Varying<Bool>) -> TraitPattern? {
    let value = VaryingWriter.normalized(installed)
    guard !value.base, value.variations.count == 1, let only = value.variations.first, only.value else { return nil }
    return only.pattern
  }

  // MARK: Ids

  /// Whether a file may give `id` as a constraint's id: `[A-Za-z_][A-Za-z0-9_-]*`.
  package static func isUserID(_ id: String) -> Bool {
    let scalars = Array(id.unicodeScalars)
    guard let first = scalars.first, isIDStart(first) else { return false }
    return scalars.dropFirst().allSatisfy { isIDStart($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" }
  }

  private static func isIDStart(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
  }

  /// The id to write for each constraint: `nil` where the reader generates the same one
  /// (`constraint#N` at position N), the id itself where a file may write it, else a valid id
  /// made from it (each other character `_`, `_` first when it starts with a digit or `-`,
  /// `_2`, `_3`… until unique): `logo#1`, from a Visual Format object with id `logo`, is
  /// `logo_1`. The reader rejects `#` in written ids so that they never collide with
  /// generated ones.
  package static func writtenIDs(_ ids: [String]) -> [String?] {
    // Every id that will be written as it is: a renamed one must not take it, even later.
    var kept = Set<String>()
    var keeps = [Bool](repeating: false, count: ids.count)
    for (index, id) in ids.enumerated() where id != "constraint#\(index + 1)" && isUserID(id) && !kept.contains(id) {
      kept.insert(id)
      keeps[index] = true
    }
    var taken = UniqueNames(taken: kept)
    return ids.enumerated().map { index, id in
      if id == "constraint#\(index + 1)" { return nil }
      if keeps[index] { return id }
      var base = String(
        String.UnicodeScalarView(
          id.unicodeScalars.map { isIDStart($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" ? $0 : "_" }))
      if base.unicodeScalars.first.map(isIDStart) != true { base = "_" + base }
      return taken.claim(base)
    }
  }

  // MARK: Constraints

  /// A constant and how many standard spacings it adds, as one value per size class: the
  /// reader reads both from one `"constant"` key (a number, or `"standard"`).
  struct Constant: Equatable {
    var points: Double
    var standard: Double

    var json: JSONValue {
      // "standard" means one standard spacing and nothing else; anything more has no spelling
      // in the object form and keeps only its points (docs: "Writing layout files").
      standard == 1 && points == 0 ? .string("standard") : .number(points)
    }
  }

  /// One constraint; `inGroup` leaves out `installed`, which its `when` group gives.
  static func value(_ spec: ConstraintSpec, id: String?, inGroup: Bool) -> JSONValue {
    let constant = VaryingWriter.normalized(spec.constant)
    let standard = VaryingWriter.normalized(spec.standardSpacing)
    let priority = VaryingWriter.normalized(spec.priority)
    let installed = VaryingWriter.normalized(spec.installed)

    // Constraint text holds one constant, one standard spacing (± and nothing else, and only
    // after a second anchor) and one priority.
    let constantInText =
      !constant.varies && !standard.varies
      && (standard.base == 0 || (spec.second != nil && constant.base == 0 && abs(standard.base) == 1))
    let priorityInText = !priority.varies

    var text = anchorText(spec.first) + " " + spec.relation.rawValue + " "
    if let second = spec.second {
      if spec.multiplier != 1 { text += number(spec.multiplier) + " * " }
      text += anchorText(second)
      if constantInText {
        if standard.base != 0 {
          text += standard.base < 0 ? " - standard" : " + standard"
        } else if constant.base != 0 {
          text += constant.base < 0 ? " - " + number(-constant.base) : " + " + number(constant.base)
        }
      }
    } else {
      // A size set to a constant: the text needs the number even when "constant" overrides it.
      text += number(constant.base)
    }
    if priorityInText, priority.base != 1000 { text += " @" + number(priority.base) }

    let installedValue =
      inGroup
      ? nil
      : VaryingWriter.varying(
        installed, default: true, always: false, plain: { .bool($0) }, variation: { value, _ in .bool(value) })
    if id == nil, constantInText, priorityInText, installedValue == nil { return .string(text) }

    var members: [JSONValue.Member] = []
    if let id { members.append(.init("id", .string(id))) }
    members.append(.init("constraint", .string(text)))
    if !constantInText {
      let combined = combine(constant, standard)
      if let written = VaryingWriter.varying(
        combined, default: Constant(points: 0, standard: 0), always: true, plain: \.json,
        variation: { value, _ in value.json })
      {
        members.append(.init("constant", written))
      }
    }
    if !priorityInText,
      let written = VaryingWriter.varying(
        priority, default: 1000, always: true, plain: { .number($0) }, variation: { value, _ in .number(value) })
    {
      members.append(.init("priority", written))
    }
    if let installedValue { members.append(.init("installed", installedValue)) }
    return .object(members)
  }

  /// The constant and standard spacing as one varying value. The reader makes both from one
  /// key, so they vary by the same patterns; a document built in memory may vary them
  /// differently, and then each of the four size-class combinations gets its own entry.
  static func combine(_ constant: Varying<Double>, _ standard: Varying<Double>) -> Varying<Constant> {
    if !standard.varies { return constant.map { Constant(points: $0, standard: standard.base) } }
    if !constant.varies { return standard.map { Constant(points: constant.base, standard: $0) } }
    if constant.variations.map(\.pattern) == standard.variations.map(\.pattern) {
      return Varying(
        Constant(points: constant.base, standard: standard.base),
        variations: zip(constant.variations, standard.variations).map {
          .init(pattern: $0.pattern, value: Constant(points: $0.value, standard: $1.value))
        })
    }
    let base = Constant(points: constant.base, standard: standard.base)
    let variations: [Varying<Constant>.Variation] = TraitCollection.all.compactMap { traits in
      let value = Constant(points: constant.resolved(for: traits), standard: standard.resolved(for: traits))
      return value == base
        ? nil : .init(pattern: TraitPattern(horizontal: traits.horizontal, vertical: traits.vertical), value: value)
    }
    return Varying(base, variations: variations)
  }

  /// `item.attribute`, a view's guides as `s.contentLayoutGuide.top`, `v.safeAreaLayoutGuide.top`.
  static func anchorText(_ anchor: AnchorReference) -> String {
    if case .generated(let owner, let name) = anchor.item,
      let guide = ViewSafeArea.viewGuideNames.first(where: { $0.value == name })?.key
    {
      return "\(owner).\(guide).\(anchor.attribute.rawValue)"
    }
    return "\(anchor.item).\(anchor.attribute.rawValue)"
  }

  /// A number as constraint text writes it: the shortest digits that read back as the same
  /// `Double`, without an exponent (the text's numbers are `digits [. digits]`): `0.625`,
  /// `8`, `0.0000001` for 1e-7, `-2`.
  package static func number(_ value: Double) -> String {
    let magnitude = abs(value)
    var text = NumberFormat.json(magnitude)
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) {
      let mantissa = text[..<e]
      let point = mantissa.firstIndex(of: ".")
      let digits = mantissa.filter { $0 != "." }
      // Where the decimal point goes, counted in digits from the left.
      let position = (point.map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
      if position <= 0 {
        text = "0." + String(repeating: "0", count: -position) + digits
      } else if position >= digits.count {
        text = digits + String(repeating: "0", count: position - digits.count)
      } else {
        let split = digits.index(digits.startIndex, offsetBy: position)
        text = digits[..<split] + "." + digits[split...]
      }
      // Trailing zeros after the point add nothing.
      if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
    }
    return (value < 0 ? "-" : "") + text
  }
}
