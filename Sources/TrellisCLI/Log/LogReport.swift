import TrellisLog
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis log`'s output: per block, the set, the break, the frames and the pattern.
enum LogReport {
  static func text(_ log: ConflictLog, _ analyses: [BlockAnalysis], diagram: ASCIIDiagram.Options) -> String {
    var out = ""
    for (number, analysis) in analyses.enumerated() {
      let block = analysis.block
      out += "conflict \(number + 1) of \(analyses.count) at \(block.location) (\(block.platform.rawValue); "
      out +=
        block.constraints.count == 1 ? "1 constraint listed)\n" : "\(block.constraints.count) constraints listed)\n"
      if analysis.unsatisfiable {
        let sizes = analysis.needsNonnegativeSizes ? " (with UIKit's sizes ≥ 0)" : ""
        out += "  cannot all hold: confirmed\(sizes)\n"
        let all = analysis.minimal.count == block.constraints.count
        out +=
          "  minimal conflicting set: "
          + (all ? "all \(block.constraints.count)" : "the \(analysis.minimal.count) marked *")
        out += " of the \(block.constraints.count) listed:\n"
        for index in block.constraints.indices {
          out += "    " + line(block, index, inSet: !all && analysis.minimal.contains(index)) + "\n"
        }
      } else {
        out += "  cannot all hold: NOT confirmed: the listed required constraints can all hold as printed (the log "
        out += "rounds its constants, or a constraint it needs is not in the list)\n"
        for index in block.constraints.indices { out += "    " + line(block, index, inSet: false) + "\n" }
      }
      out += "  " + verdict(analysis) + "\n"
      if analysis.unsatisfiable, let broken = analysis.printed ?? analysis.predicted, !analysis.minimal.contains(broken)
      {
        out += "  note: \(broken + 1) is not needed for the conflict: without it the others still cannot all hold, so "
        out += "UIKit breaks another one next (a second block in the log often shows it)\n"
      }
      let involved = Set(
        analysis.minimal.flatMap { index -> [Int] in
          let c = block.constraints[index]
          return [c.first.item] + (c.second.map { [$0.item] } ?? [])
        })
      let frames = analysis.frames.filter { involved.contains($0.item) }
      if !frames.isEmpty {
        out += "  after the break:\n"
        for entry in frames { out += "    " + frameLine(block.items[entry.item], entry.frame, entry.free) + "\n" }
      }
      if let picture = analysis.picture {
        out += "  one solution (what the list leaves free drawn 80 × 44, staggered):\n"
        out += ASCIIDiagram.render(picture, options: diagram).split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        if !out.hasSuffix("\n") { out += "\n" }
      }
      out += "  pattern: \(analysis.pattern.name): \(analysis.pattern.explanation)\n"
      out += "  fix: \(analysis.pattern.fix)\n"
      if let resolves = analysis.yieldingResolves, let broken = analysis.printed ?? analysis.predicted {
        out +=
          resolves
          ? "  checked: with \(broken + 1) at priority 999, every other listed constraint holds\n"
          : "  checked: \(broken + 1) at priority 999 is not enough: the others still cannot all hold\n"
      }
    }
    return out
  }

  static func verdict(_ analysis: BlockAnalysis) -> String {
    let block = analysis.block
    let rule = "docs/semantics.md, \"Which constraint UIKit breaks\""
    switch (analysis.printed, analysis.predicted) {
    case (let printed?, let predicted?) where printed == predicted:
      return "UIKit broke \(printed + 1) (\(kindName(block.constraints[printed]))); the rule agrees (\(rule))"
    case (let printed?, let predicted?):
      return "UIKit broke \(printed + 1) (\(kindName(block.constraints[printed]))); the rule would have broken "
        + "\(predicted + 1) (\(kindName(block.constraints[predicted]))) (\(rule))"
    case (let printed?, nil):
      return "UIKit broke \(printed + 1) (\(kindName(block.constraints[printed])))"
    case (nil, let predicted?):
      return "the breaking line is not in the paste: UIKit breaks \(predicted + 1) "
        + "(\(kindName(block.constraints[predicted]))), as predicted by the rule (\(rule))"
    case (nil, nil):
      return "the breaking line is not in the paste, and nothing conflicts to predict it from"
    }
  }

  /// `✗` for the broken one, `*` for a member of the minimal set (when it is not all of them).
  static func line(_ block: ConflictBlock, _ index: Int, inSet: Bool) -> String {
    let constraint = block.constraints[index]
    let mark = index == block.broken ? "✗" : (inSet ? "*" : " ")
    let at = "\(constraint.location.line):\(constraint.location.column)"
    return "\(mark) \(index + 1). [\(kindName(constraint))] \(describe(constraint, block))  (line \(at))"
  }

  /// The constraint with its views named by class, text and short address.
  static func describe(_ constraint: LogConstraint, _ block: ConflictBlock) -> String {
    func anchor(_ a: LogAnchor) -> String { "\(block.items[a.item].displayName).\(a.attribute.rawValue)" }
    var text = anchor(constraint.first) + " " + constraint.relation.rawValue
    if let second = constraint.second {
      text += " " + anchor(second)
      if constraint.multiplier != 1 { text += " × " + NumberFormat.short(constraint.multiplier) }
      if constraint.constant != 0 {
        text += (constraint.constant < 0 ? " − " : " + ") + NumberFormat.short(abs(constraint.constant))
      }
    } else {
      text += " " + NumberFormat.short(constraint.constant)
    }
    if constraint.priority < 1000 { text += " @" + NumberFormat.short(constraint.priority) }
    if let identifier = constraint.identifier { text = "'\(identifier)' " + text }
    return text
  }

  static func kindName(_ constraint: LogConstraint) -> String {
    switch constraint.madeBy {
    case .snapKit:
      return "SnapKit"
        + (constraint.snapKitFile.map { " \($0)" + (constraint.snapKitLine.map { "#\($0)" } ?? "") } ?? "")
    case .masonry: return "Masonry"
    case .appleViews: return "Apple's own views"
    case .interfaceBuilder: return "IB prototyping"
    case .appCode, .system: break
    }
    switch constraint.kind {
    case .app: return "app"
    case .stack(let name): return name
    case .contentSize: return "content size"
    case .encapsulated(let name): return name
    case .temporarySize: return "temporary size"
    case .autoresizingMask: return "autoresizing mask"
    case .marginsGuide: return "margins guide"
    case .safeArea: return "safe area"
    case .scrollView: return "scroll view"
    case .keyboard: return "keyboard"
    case .system(let name): return "UIKit: \(name)"
    case .nonnegativeSize: return "size ≥ 0"
    }
  }

  static func frameLine(_ item: LogItem, _ frame: Rect, _ free: [LayoutAttribute]) -> String {
    func value(_ name: String, _ v: Double, _ attribute: LayoutAttribute) -> String {
      "\(name) " + (free.contains(attribute) ? "free" : NumberFormat.short(v))
    }
    return "\(item.displayName): "
      + [
        value("x", frame.x, .left), value("y", frame.y, .top), value("width", frame.width, .width),
        value("height", frame.height, .height),
      ].joined(separator: ", ")
  }

  /// The views of one block's conflict as an SVG picture.
  static func svg(_ analysis: BlockAnalysis, number: Int) -> String? {
    analysis.picture.map { SVGRenderer.render($0, title: "Conflict \(number) at \(analysis.block.location)") }
  }

  static func json(_ log: ConflictLog, _ analyses: [BlockAnalysis]) -> String {
    let blocks = analyses.map { analysis -> JSONValue in
      let block = analysis.block
      func number(_ index: Int?) -> JSONValue { index.map { .number(Double($0 + 1)) } ?? .null }
      return .object([
        "location": .string("\(block.location)"),
        "platform": .string(block.platform.rawValue),
        "constraints": .array(
          block.constraints.indices.map { index in
            let c = block.constraints[index]
            return .object([
              "number": .number(Double(index + 1)), "kind": .string(kindName(c)), "app": .bool(!c.isSystem),
              "text": .string(describe(c, block)), "location": .string("\(c.location)"),
            ])
          }),
        "unsatisfiable": .bool(analysis.unsatisfiable),
        "needsNonnegativeSizes": .bool(analysis.needsNonnegativeSizes),
        "minimal": .array(analysis.minimal.map { .number(Double($0 + 1)) }),
        "broken": number(analysis.printed),
        "predicted": number(analysis.predicted),
        "ruleAgrees": analysis.ruleAgrees.map(JSONValue.bool) ?? .null,
        "yieldingResolves": analysis.yieldingResolves.map(JSONValue.bool) ?? .null,
        "frames": .array(
          analysis.frames.map { entry in
            .object([
              "view": .string(block.items[entry.item].displayName),
              "frame": .array(
                [entry.frame.x, entry.frame.y, entry.frame.width, entry.frame.height].map(JSONValue.number)),
              "free": .array(entry.free.map { .string($0.rawValue) }),
            ])
          }),
        "pattern": .object([
          "name": .string(analysis.pattern.name), "explanation": .string(analysis.pattern.explanation),
          "fix": .string(analysis.pattern.fix),
        ]),
      ])
    }
    return JSONValue.object(["file": .string(log.file), "blocks": .array(blocks)]).prettyPrinted()
  }
}
