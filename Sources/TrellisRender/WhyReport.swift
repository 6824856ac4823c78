import TrellisModel
import TrellisSupport

/// A ``FrameExplanation`` in words (`trellis why`), as JSON, and as the short form the preview
/// page's hover panel shows: the arithmetic over a common denominator
/// (`card1.width = (root.width − 2 × 8 − 3 × 8) / 4`), then the constraints with their sources,
/// the rates per point of the container, the optional constraints that lost, and for an
/// ambiguous value its range and what leaves it free.
package enum WhyReport {
  /// The whole explanation of each value, for a terminal.
  package static func text(_ explanations: [FrameExplanation], environment: Environment) -> String {
    explanations.map { text($0, environment: environment) }.joined(separator: "\n")
  }

  package static func text(_ explanation: FrameExplanation, environment: Environment) -> String {
    let e = explanation
    var out = "\(e.name) = \(fmt(e.value)) in \(environment)\n"
    if let range = e.range {
      out +=
        "  It is ambiguous: \(describe(range)) keeps every constraint as well satisfied (the solver chose \(fmt(e.value))).\n"
      for (end, limits) in [(range.lower, range.lowerLimits), (range.upper, range.upperLimits)] where !limits.isEmpty {
        out +=
          "  At \(fmt(end)) it is stopped by \(limits.map { "'\($0.description)' (\(source(of: $0)))" }.joined(separator: ", ")).\n"
      }
      if !e.freeValues.isEmpty {
        out += "  No constraint fixes \(e.freeValues.map { "'\($0)'" }.joined(separator: ", ")).\n"
      }
      if !e.freeConstraints.isEmpty {
        out += "  These leave it free (they can give without any priority getting worse):\n"
        out += table(e.freeConstraints.map { ("", $0.description, source(of: $0)) })
      }
      let held = e.steps.filter { step in !e.freeConstraints.contains(step.constraint) }
      if !held.isEmpty {
        out += "  At the value the solver chose it also rests on:\n"
        out += table(held.map { (shareText($0.weight), $0.constraint.description, source(of: $0.constraint)) })
      }
      return out
    }
    let formula = arithmetic(e)
    out += "  \(e.name) = \(formula.symbolic)\n"
    if formula.numeric != formula.symbolic {
      out += "  \(String(repeating: " ", count: e.name.count)) = \(formula.numeric)\n"
    }
    if formula.numeric != fmt(e.value) { out += "  \(String(repeating: " ", count: e.name.count)) = \(fmt(e.value))\n" }
    if e.unattributed != 0 {
      out += "  \(fmt(e.unattributed)) of it comes from required equalities not listed: the layout has too "
      out += "many to list them (docs/semantics.md, \"Why a value is what it is\").\n"
    }
    if e.steps.isEmpty {
      out += "  No constraint moves it: it is the view's own offset.\n"
    } else {
      out += "  It rests on \(e.steps.count) constraint\(e.steps.count == 1 ? "" : "s"), from the container inward "
      out += "(share: what one more point on a constraint's right-hand side adds):\n"
      out += table(
        e.steps.map { step in
          var text = step.constraint.description
          if step.guideOffset != 0 { text += "  (guides add \(fmt(step.guideOffset)))" }
          return (shareText(step.weight), text, source(of: step.constraint))
        })
    }
    out += "  It moves \(rateText(e.perWidth)) per point of the container's width and \(rateText(e.perHeight)) "
    out += "per point of its height, while these constraints bind.\n"
    if e.lost.isEmpty {
      out += "  No optional constraint on these views lost in this axis.\n"
    } else {
      out += "  Optional constraints that lost to make it so:\n"
      out += table(
        e.lost.map {
          (
            "@\(fmt($0.constraint.priority))", "\($0.constraint.description), missed by \(fmt($0.violation))",
            source(of: $0.constraint)
          )
        })
    }
    return out
  }

  /// `{view, quantity, name, value, environment, formula, arithmetic, steps: [...], perWidth,
  /// perHeight, lost: [...], ambiguous, range, freeConstraints, freeValues}` per value; an
  /// unbounded side of a range is `null`.
  package static func json(_ explanations: [FrameExplanation], environment: Environment, layout: String) -> JSONValue {
    .object([
      "layout": .string(layout), "environment": .string(environment.description),
      "values": .array(explanations.map(json)),
    ])
  }

  package static func json(_ e: FrameExplanation) -> JSONValue {
    let formula = arithmetic(e)
    return .object([
      "view": .string(e.view), "quantity": .string(e.quantity.description), "name": .string(e.name),
      "value": .number(e.value), "formula": .string(formula.symbolic), "arithmetic": .string(formula.numeric),
      "steps": .array(
        e.steps.map { step in
          var members = constraintMembers(step.constraint)
          members += [
            .init("weight", .number(step.weight)), .init("guideOffset", .number(step.guideOffset)),
            .init("constant", .number(step.constant)),
          ]
          return .object(members)
        }),
      "adjustment": .number(e.adjustment), "unattributed": .number(e.unattributed), "perWidth": .number(e.perWidth),
      "perHeight": .number(e.perHeight),
      "lost": .array(
        e.lost.map { .object(constraintMembers($0.constraint) + [.init("violation", .number($0.violation))]) }),
      "ambiguous": .bool(e.range != nil),
      "range": e.range.map { .object(["lower": .number($0.lower), "upper": .number($0.upper)]) } ?? .null,
      "freeConstraints": .array(e.freeConstraints.map { .object(constraintMembers($0)) }),
      "freeValues": .array(e.freeValues.map(JSONValue.string)),
    ])
  }

  /// The hover panel's short form of an explanation: the same for every environment where the
  /// reasons are the same (the container's sizes by name, the container's constraints without
  /// their values), so that a page stores it once.
  package struct Brief: Hashable {
    /// The symbolic arithmetic (`(root.width − 2 × 8 − 3 × 8) / 4`); empty when ambiguous.
    package var formula: String
    /// Share, constraint, source.
    package var steps: [[String]]
    /// How far it moves per point of the container's width and height.
    package var rates: [Double]
    /// The first few optional constraints that lost, and how many more.
    package var lost: [String]
    /// For an ambiguous value: its range and what leaves it free; `nil` otherwise.
    package var ambiguity: String?
  }

  /// At most this many lost constraints are listed on hover (`trellis why` lists them all).
  static let briefLostLimit = 3

  package static func brief(_ e: FrameExplanation) -> Brief {
    if let range = e.range {
      var free = e.freeValues.map { "'\($0)'" } + e.freeConstraints.map(\.description)
      if free.count > 3 { free = Array(free.prefix(3)) + ["…"] }
      return Brief(
        formula: "", steps: [], rates: [], lost: [],
        ambiguity: "ambiguous: \(describe(range)); free: \(free.joined(separator: "; "))")
    }
    var lost = e.lost.prefix(briefLostLimit).map {
      "\($0.constraint.description) missed by \(fmt($0.violation))"
    }
    if e.lost.count > briefLostLimit { lost.append("and \(e.lost.count - briefLostLimit) more") }
    return Brief(
      formula: arithmetic(e).symbolic,
      steps: e.steps.map { step in
        let text: String
        if case .container = step.constraint.origin {
          text = "\(step.constraint.first) == the container's \(step.constraint.first.attribute.rawValue)"
        } else {
          text = step.constraint.description
        }
        return [shareText(step.weight), text, source(of: step.constraint)]
      },
      rates: [e.perWidth, e.perHeight], lost: lost,
      ambiguity: nil)
  }

  // MARK: Pieces

  /// Where a constraint comes from: `file:line:col` for one the file wrote, else what made it
  /// (`UISV-spacing of row1`, `content size of 'title' (hugging 250)`, `container: …`).
  package static func source(of constraint: LayoutConstraint) -> String {
    switch constraint.origin {
    case .file(let id, _):
      if let location = constraint.location { return "\(location.file):\(location.line):\(location.column)" }
      return "file constraint '\(id)'"
    case .stack(let id, let reason): return "\(reason) of \(id)"
    case .intrinsic(let id, let reason): return "content size of '\(id)' (\(reason) \(fmt(constraint.priority)))"
    case .container(let reason): return "container: \(reason)"
    case .scroll(let id, let reason): return "\(reason) of scroll view \(id)"
    }
  }

  private static func constraintMembers(_ constraint: LayoutConstraint) -> [JSONValue.Member] {
    [
      .init("constraint", .string(constraint.description)), .init("source", .string(source(of: constraint))),
      .init("priority", .number(constraint.priority)), .init("file", .optional(constraint.location?.file)),
      .init("line", .optional(constraint.location?.line)), .init("column", .optional(constraint.location?.column)),
    ]
  }

  private static func describe(_ range: FrameExplanation.Range) -> String {
    "any value from \(fmt(range.lower)) to \(fmt(range.upper))"
  }

  private static func rateText(_ rate: Double) -> String {
    rate == 0 ? "0 pt" : "\(shareText(rate)) pt"
  }

  /// `1/4`, `−1`, `0.3`: a weight as a small fraction when it is one.
  package static func shareText(_ weight: Double) -> String {
    if weight == 0 { return "0" }
    let d = denominator([weight])
    if d == 0 { return fmt(weight) }
    let n = Int((weight * Double(d)).rounded())
    let g = gcd(abs(n), d)
    let text = d / g == 1 ? "\(abs(n) / g)" : "\(abs(n) / g)/\(d / g)"
    return (n < 0 ? "−" : "") + text
  }

  /// The value's sum written out: symbolic (the container's sizes by name) and numeric, over
  /// the smallest common denominator up to 64 of the weights (none when there is no such one).
  package static func arithmetic(_ e: FrameExplanation) -> (symbolic: String, numeric: String) {
    // (weight, quantity, its name in the symbolic form, what groups it)
    var parts: [(weight: Double, value: Double, name: String?, group: String)] = []
    for step in e.steps {
      let group: String
      switch step.constraint.origin {
      case .file: group = "file"
      case .stack(_, let reason): group = "stack " + reason
      case .intrinsic(let id, _): group = "content " + id
      case .container: group = "container"
      case .scroll(_, let reason): group = "scroll " + reason
      }
      if step.guideOffset != 0 { parts.append((step.weight, step.guideOffset, nil, "guide")) }
      if step.constant != 0 {
        var name: String?
        if case .container = step.constraint.origin { name = step.constraint.first.description }
        parts.append((step.weight, step.constant, name, group))
      }
    }
    if e.adjustment != 0 { parts.append((1, e.adjustment, nil, "adjustment")) }
    if e.unattributed != 0 { parts.append((1, e.unattributed, nil, "unattributed")) }
    parts.removeAll { $0.weight == 0 }
    if parts.isEmpty { return ("0", "0") }
    let d = denominator(parts.map(\.weight))
    // Grouped: same numerator, same quantity, same kind of constraint.
    var groups: [(numerator: Double, value: Double, name: String?, group: String, count: Int)] = []
    for part in parts {
      var numerator = d == 0 ? part.weight : (part.weight * Double(d)).rounded()
      var value = part.value
      if value < 0 && part.name == nil {
        value = -value
        numerator = -numerator
      }
      // The same quantity of the same kind of constraint: one term, its numerators summed.
      if let at = groups.firstIndex(where: { $0.value == value && $0.name == part.name && $0.group == part.group }) {
        groups[at].numerator += numerator
      } else {
        groups.append((numerator, value, part.name, part.group, 1))
      }
    }
    groups.removeAll { $0.numerator == 0 }
    if groups.isEmpty { return ("0", "0") }
    func sum(symbolic: Bool) -> String {
      var out = ""
      for (index, group) in groups.enumerated() {
        let factor = abs(group.numerator) * Double(group.count)
        let quantity = symbolic ? (group.name ?? fmt(group.value)) : fmt(group.value)
        let term = factor == 1 ? quantity : "\(fmt(factor)) × \(quantity)"
        if index == 0 {
          out += (group.numerator < 0 ? "−" : "") + term
        } else {
          out += (group.numerator < 0 ? " − " : " + ") + term
        }
      }
      guard d > 1 else { return out }
      return groups.count == 1 && abs(groups[0].numerator) * Double(groups[0].count) == 1 && groups[0].numerator > 0
        ? "\(out) / \(d)" : "(\(out)) / \(d)"
    }
    return (sum(symbolic: true), sum(symbolic: false))
  }

  /// The least `d` in 1…64 making every weight a whole number of `1/d`, or 0 when none does.
  private static func denominator(_ weights: [Double]) -> Int {
    for d in 1...64 {
      if weights.allSatisfy({ w in
        let scaled = w * Double(d)
        return abs(scaled - scaled.rounded()) <= 1e-9 * max(1, abs(scaled))
      }) {
        return d
      }
    }
    return 0
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }

  /// Rows of three columns, the first two padded, indented under a heading.
  private static func table(_ rows: [(String, String, String)]) -> String {
    let first = rows.map(\.0.count).max() ?? 0
    let second = min(rows.map(\.1.count).max() ?? 0, 60)
    var out = ""
    for row in rows {
      var line = "    "
      if first > 0 { line += String(repeating: " ", count: first - row.0.count) + row.0 + "  " }
      line += row.1.padded(to: second) + "  " + row.2
      out += line + "\n"
    }
    return out
  }
}
