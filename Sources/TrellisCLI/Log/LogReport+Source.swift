import TrellisJSON
import TrellisLog
import TrellisModel
import TrellisSupport

/// `trellis log --with SOURCE`: the layout a log's app was built from, read through the usual
/// front ends.
enum SourceMatching {
  struct Source {
    /// The path as given.
    var path: String
    var document: LayoutDocument
  }

  /// Reads `path` (its `scene`); its diagnostics go to standard error, and one with an error
  /// fails the command (exit 1) before any block is matched.
  static func read(_ path: String, scene: String?, _ context: inout CommandContext) throws(RuntimeError) -> Source {
    let outcome = context.read(path, scene: scene)
    if !outcome.diagnostics.isEmpty { context.stderr += context.format(outcome.diagnostics, source: outcome) }
    guard let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error }) else {
      throw RuntimeError("'\(RawPath.display(path))' has errors; the log was not matched to it.")
    }
    return Source(path: path, document: document)
  }
}

extension LogReport {
  /// `report` (the text or JSON report of `analyses`) with each block's match to the source:
  /// in text, a `source:` section after each block; in JSON, a `source` member in each block.
  static func withSource(
    _ report: String, _ log: ConflictLog, _ analyses: [BlockAnalysis], _ source: SourceMatching.Source, json: Bool
  ) -> String {
    let matches = analyses.map { SourceMatcher.match($0.block, to: source.document) }
    return json
      ? jsonWithSource(report, analyses, matches, source) : textWithSource(report, analyses, matches, source)
  }

  /// Each block's text is cut where the next block's header line starts (`conflict N of M at`).
  static func textWithSource(
    _ report: String, _ analyses: [BlockAnalysis], _ matches: [SourceMatch], _ source: SourceMatching.Source
  ) -> String {
    var chunks: [String] = [""]
    for line in report.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if chunks.count <= analyses.count, line.hasPrefix("conflict \(chunks.count) of \(analyses.count) at ") {
        chunks.append("")
      }
      chunks[chunks.count - 1] += line + "\n"
    }
    let sections = analyses.indices.map { sourceText(analyses[$0].block, matches[$0], source) }
    guard chunks.count == analyses.count + 1 else {
      // The report's layout changed: the sections follow it, each naming its block.
      return report
        + analyses.indices.map { "conflict \($0 + 1) of \(analyses.count):\n" + sections[$0] }.joined()
    }
    return chunks[0] + zip(chunks.dropFirst(), sections).map { $0 + $1 }.joined()
  }

  /// `  source: FILE`, then per view and per constraint where it is in the source.
  static func sourceText(_ block: ConflictBlock, _ match: SourceMatch, _ source: SourceMatching.Source) -> String {
    var out = "  source: \(RawPath.display(source.path))"
    if match.searchWasCut {
      out += " (the search stopped after \(match.steps) steps: what it had not settled is said)"
    }
    out += "\n    views:\n"
    for item in match.items {
      out += "      \(block.items[item.item].displayName) → \(itemText(item))\n"
    }
    out += "    constraints:\n"
    for constraint in match.constraints {
      let listed = block.constraints[constraint.index]
      let at = "\(listed.location.line):\(listed.location.column)"
      out += "      \(constraint.index + 1). (line \(at)) → \(constraintText(constraint))\n"
    }
    return out
  }

  static func itemText(_ item: ItemSourceMatch) -> String {
    let why = item.evidence.isEmpty ? "" : ": " + item.evidence.joined(separator: "; ")
    switch item.outcome {
    case .matched(let target):
      return "'\(target)'" + (item.location.map { " (\($0))" } ?? "") + why
    case .ambiguous(let list):
      return "ambiguous: \(list.count) candidates (\(listed(list.map { "'\($0)'" })))"
        + (item.evidence.count > 1 ? ": " + item.evidence.dropFirst().joined(separator: "; ") : "")
    case .unmatched:
      return "no match" + why
    }
  }

  static func constraintText(_ constraint: ConstraintSourceMatch) -> String {
    let why = constraint.evidence.isEmpty ? "" : " (" + constraint.evidence.joined(separator: "; ") + ")"
    switch constraint.outcome {
    case .matched(let reference): return "\(reference)" + why
    case .madeBy(let what, let location): return "made by \(what)" + (location.map { " (\($0))" } ?? "")
    case .ambiguous(let list): return "ambiguous: \(list.count) candidates (\(listed(list.map(\.description))))"
    case .unmatched(let reason): return "no match: \(reason)"
    }
  }

  /// The first few of a list, then how many more.
  static func listed(_ names: [String], limit: Int = 6) -> String {
    names.count <= limit
      ? names.joined(separator: ", ")
      : names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
  }

  static func sourceJSON(_ block: ConflictBlock, _ match: SourceMatch, _ source: SourceMatching.Source) -> JSONValue {
    func location(_ value: SourceLocation?) -> JSONValue { value.map { .string("\($0)") } ?? .null }
    func reference(_ value: SourceConstraintReference) -> JSONValue {
      .object(["id": .string(value.id), "location": location(value.location)])
    }
    let views = match.items.map { item -> JSONValue in
      var members: [JSONValue.Member] = [.init("view", .string(block.items[item.item].displayName))]
      switch item.outcome {
      case .matched(let target):
        members += [
          .init("match", .string("matched")), .init("target", .string(target.description)),
          .init("location", location(item.location)),
        ]
      case .ambiguous(let list):
        members += [
          .init("match", .string("ambiguous")), .init("candidates", .array(list.map { .string($0.description) })),
        ]
      case .unmatched:
        members.append(.init("match", .string("none")))
      }
      members.append(.init("evidence", .array(item.evidence.map(JSONValue.string))))
      return .object(members)
    }
    let constraints = match.constraints.map { constraint -> JSONValue in
      var members: [JSONValue.Member] = [.init("number", .number(Double(constraint.index + 1)))]
      switch constraint.outcome {
      case .matched(let value):
        members += [.init("match", .string("matched")), .init("constraint", reference(value))]
      case .madeBy(let what, let at):
        members += [.init("match", .string("madeBy")), .init("madeBy", .string(what)), .init("location", location(at))]
      case .ambiguous(let list):
        members += [.init("match", .string("ambiguous")), .init("candidates", .array(list.map(reference)))]
      case .unmatched(let reason):
        members += [.init("match", .string("none")), .init("reason", .string(reason))]
      }
      members.append(.init("evidence", .array(constraint.evidence.map(JSONValue.string))))
      return .object(members)
    }
    return .object([
      "file": .string(source.path), "searchSteps": .number(Double(match.steps)),
      "searchWasCut": .bool(match.searchWasCut), "views": .array(views), "constraints": .array(constraints),
    ])
  }

  /// The JSON report read back (its key order kept) with a `source` member added to each block.
  static func jsonWithSource(
    _ report: String, _ analyses: [BlockAnalysis], _ matches: [SourceMatch], _ source: SourceMatching.Source
  ) -> String {
    let sources = analyses.indices.map { sourceJSON(analyses[$0].block, matches[$0], source) }
    let sink = DiagnosticSink(limit: 10)
    guard
      let node = JSONParser.parse(
        bytes: Array(report.utf8), file: "report", limits: JSONLimits(maxDepth: 512, maxStringLength: 1 << 24),
        sink: sink),
      case .object(var members) = value(node)
    else {
      return JSONValue.object(["report": .string(report), "sources": .array(sources)]).prettyPrinted()
    }
    for index in members.indices where members[index].key == "blocks" {
      guard case .array(let blocks) = members[index].value, blocks.count == sources.count else { continue }
      members[index].value = .array(
        zip(blocks, sources).map { block, source in
          guard case .object(let fields) = block else { return block }
          return .object(fields + [.init("source", source)])
        })
    }
    return JSONValue.object(members).prettyPrinted()
  }

  /// A parsed node as a value to print again.
  static func value(_ node: JSONNode) -> JSONValue {
    switch node.value {
    case .null, .invalid: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(value))
    case .object(let members): return .object(members.map { JSONValue.Member($0.key, value($0.value)) })
    }
  }
}
