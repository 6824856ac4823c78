// libFuzzer harness: a whole layout file, read by LayoutReader, resolved in the four size-class
// combinations and solved by LayoutEngine with its ambiguity check on. Built by
// scripts/fuzz.sh together with the TrellisJSON sources and Fuzz/Support/.
//
// Whatever the input: no trap; the reader's diagnostics are capped, in the file and sorted, a
// document is produced exactly when there is no error, and it keeps every rule of
// docs/layout-format.md. For a document, in each environment (two of them right-to-left):
// every frame, the safe area and the margins are finite; a rejected constraint means
// `hasConflicts`; the engine's diagnostics point into the file. While the layout stays in the
// range the solver is documented to be exact in (multipliers 0.1…10, values within 1e5; see
// `inTestedRange`), also: every installed required constraint holds on the frames (checked
// with this file's own reading of the anchors, within a relative 1e-6), and when a layout has
// no conflict and no ambiguous view its frames equal a fresh engine's (the live engine moved
// through every environment before), and going back to the first environment gives the
// first frames again.
//
// Two kinds of input: text starting with `{` (or whitespace, or a byte order mark) is a layout
// file as written; anything else is a program for `LayoutGenerator` below, which writes a
// layout file that is valid by construction — views of every kind and stacks of every
// distribution, constraints in every form, size-class variations, duplicates — so most runs
// reach the engine. A generated file must read without errors.

import Foundation
import TrellisLayout
import TrellisModel
import TrellisSolver

private let environments: [Environment] = [
  Environment(
    containerSize: Size(width: 667, height: 375), traits: TraitCollection(horizontal: .compact, vertical: .compact),
    safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44), scale: 2),
  Environment(
    containerSize: Size(width: 375, height: 667), traits: TraitCollection(horizontal: .compact, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0), scale: 3, layoutDirection: .rightToLeft),
  Environment(
    containerSize: Size(width: 896, height: 414), traits: TraitCollection(horizontal: .regular, vertical: .compact),
    safeAreaInsets: EdgeInsets(top: 0, left: 48, bottom: 21, right: 48), scale: 3),
  Environment(
    containerSize: Size(width: 1024, height: 1366), traits: TraitCollection(horizontal: .regular, vertical: .regular),
    safeAreaInsets: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), scale: 2, layoutDirection: .rightToLeft),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  let generated = !(input.first.map { [UInt8(ascii: "{"), 0x20, 0x09, 0x0A, 0x0D, 0xEF].contains($0) } ?? true)
  var generator = LayoutGenerator(input)
  let bytes = generated ? Array(generator.file().utf8) : input
  // FUZZ_SHOW_LAYOUT=1 prints the file each input stands for (to read a reproducer).
  if ProcessInfo.processInfo.environment["FUZZ_SHOW_LAYOUT"] != nil {
    FileHandle.standardError.write(Data(bytes + [0x0A]))  // unbuffered: a failed check must not lose it
  }
  let source = FuzzSource(file: "fuzz.json", bytes: bytes)
  let read = LayoutReader.parse(bytes: bytes, file: "fuzz.json")
  checkDiagnostics(read.diagnostics, in: source, sorted: true, context: "LayoutReader")
  if read.diagnostics.count > ReaderLimits().maxDiagnostics + 1 {
    fuzzFail("LayoutReader: \(read.diagnostics.count) diagnostics, more than the limit plus one summary")
  }
  if (read.document == nil) != read.hasErrors {
    fuzzFail("LayoutReader: document \(read.document == nil ? "missing" : "present") with hasErrors = \(read.hasErrors)")
  }
  _ = read.renderedDiagnostics
  if generated, read.hasErrors {
    fuzzFail("a generated layout does not read: \(read.diagnostics)\n\(String(decoding: bytes, as: UTF8.self))")
  }
  guard let document = read.document else { return 0 }
  checkDocument(document, source: source, context: "document")

  let engine = LayoutEngine(document: document)
  var first: LayoutResult?
  var firstExact = false
  for environment in environments {
    let result = engine.layout(in: environment)
    let exact = check(result, engine, source: source)
    if first == nil {
      first = result
      firstExact = exact
    }
    if exact && isUnique(result) {
      let fresh = LayoutEngine(document: document).layout(in: environment)
      compare(result, fresh, "the live engine and a fresh one")
    }
  }
  if let first {
    let again = engine.layout(in: first.environment)
    let exact = check(again, engine, source: source)
    if firstExact && exact && isUnique(first) && isUnique(again) {
      compare(first, again, "the first layout and the same environment again")
    }
  }

  // Weighted mode: only what must hold in any mode.
  let weighted = LayoutEngine(document: document, mode: .weighted)
  if let environment = environments.first { _ = check(weighted.layout(in: environment), weighted, source: source) }
  return 0
}

private func isUnique(_ result: LayoutResult) -> Bool {
  !result.hasConflicts && result.ambiguousViews.isEmpty && !result.diagnostics.contains { $0.severity == .error }
}

private func compare(_ a: LayoutResult, _ b: LayoutResult, _ what: String) {
  for (x, y) in zip(a.views, b.views) {
    let pairs = [(x.frame.x, y.frame.x), (x.frame.y, y.frame.y), (x.frame.width, y.frame.width), (x.frame.height, y.frame.height)]
    for (p, q) in pairs where abs(p - q) > 1e-6 * max(1, abs(p), abs(q)) {
      fuzzFail("\(what) differ in \(a.environment) for view \(x.id): \(x.frame) vs \(y.frame)")
    }
  }
}

/// Checks one layout; returns whether the exact checks (required constraints hold) applied.
@discardableResult
private func check(_ result: LayoutResult, _ engine: LayoutEngine, source: FuzzSource) -> Bool {
  let environment = result.environment
  let context = "layout in \(environment)"
  checkDiagnostics(result.diagnostics, in: source, sorted: false, context: context)
  if !engine.rejectedConstraints.isEmpty && !result.hasConflicts { fuzzFail("\(context): rejected constraints without hasConflicts") }
  func finite(_ rect: Rect) -> Bool { [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) }
  for view in result.views where !finite(view.frame) || !finite(view.frameInParent) {
    fuzzFail("\(context): view \(view.id) has frame \(view.frame)")
  }
  if !finite(result.safeArea) || !finite(result.margins) { fuzzFail("\(context): guides \(result.safeArea) \(result.margins)") }
  if result.views.count != engine.document.allViews.count { fuzzFail("\(context): \(result.views.count) views laid out") }

  // Required constraints, read from the frames independently of the engine's AnchorMap. A
  // miss is a bug unless the engine reported it (beyond the solver's tested range, docs/solver.md,
  // "Numerical limits", it says so rather than answering wrong in silence).
  // The engine's own resolution: wrapping text changes intrinsic heights and baselines after
  // the first pass, which a fresh resolution (text unwrapped) would not know.
  let resolved = result.resolution ?? engine.document.resolved(for: environment)
  var views: [String: ResolvedView] = [:]
  for view in resolved.views where views[view.id] == nil { views[view.id] = view }
  var frames: [String: Rect] = [:]
  for view in result.views where frames[view.id] == nil { frames[view.id] = view.frame }
  let rtl = environment.layoutDirection == .rightToLeft
  let rootID = resolved.views.first?.id ?? "root"
  let rootWidth = frames[rootID]?.width ?? 0
  // The largest frame value an anchor was read from: an anchor is a sum of such values (a
  // trailing margin is x + width − margin), so it carries their rounding, as the engine's own
  // check allows (1e-6 of a constraint's largest term). A view 1.5e8 wide met a miss of 0.04.
  var largestRead = 0.0
  let unsettled = result.diagnostics.contains { $0.code.rawValue == "margins-unsettled" }
  func value(_ anchor: AnchorReference, mirrored: Bool) -> Double? {
    let rect: Rect
    var margins = EdgeInsets.zero
    var firstBaseline: Double?
    var lastBaseline: Double?
    var textCentre: Double?
    switch anchor.item {
    case .safeArea: rect = result.safeArea
    case .margins: rect = result.margins
    case .generated:
      // Stack and scroll guides (`g#gap1`, `s#content`) are not views: not checked here.
      return nil
    case .view(let id):
      guard let frame = frames[id], let view = views[id] else { return nil }
      // Anchors are the alignment rectangle's: the frame less the view's alignment insets.
      let insets = view.alignmentRectInsets
      rect = Rect(
        x: frame.x + insets.left, y: frame.y + insets.top, width: frame.width - insets.left - insets.right,
        height: frame.height - insets.top - insets.bottom)
      margins = view.effectiveMargins(safeAreaInsets: environment.safeAreaInsets)
      if view.frameSafeAreaEdges != 0 {
        // Margins outside the safe area are brought within it, from the frame (docs/semantics.md
        // §1, rule 4). A layout that did not settle keeps the last pass's frames, which that
        // rule need not match: its margins are not checked.
        if unsettled { return nil }
        margins = view.marginsRaised(margins, frame: frame, alignmentRect: rect, safeArea: result.safeArea)
      }
      firstBaseline = view.firstBaselineOffset
      lastBaseline = view.lastBaselineOffset
      // Text is centred vertically in its view (docs/semantics.md, "Text"): a baseline measured
      // at the intrinsic height moves with the view's middle.
      if view.textLayout != nil, view.firstBaselineOffset != nil, let height = view.intrinsicHeight, height.isFinite {
        textCentre = height / 2
      }
      if view.parent == nil {
        // The root's own margins are the margins guide.
        let m = result.margins
        margins = EdgeInsets(top: m.y, left: m.x, bottom: rect.height - m.y - m.height, right: rect.width - m.x - m.width)
      }
    }
    largestRead = max(largestRead, abs(rect.x), abs(rect.y), abs(rect.width), abs(rect.height))
    let left = rect.x
    let right = rect.x + rect.width
    let top = rect.y
    let bottom = rect.y + rect.height
    let horizontal: Double
    switch anchor.attribute {
    case .width: return rect.width
    case .height: return rect.height
    case .top: return top
    case .bottom: return bottom
    case .centerY: return top + rect.height / 2
    case .topMargin: return top + margins.top
    case .bottomMargin: return bottom - margins.bottom
    case .centerYWithinMargins: return (top + margins.top + bottom - margins.bottom) / 2
    case .firstBaseline:
      if let textCentre, let firstBaseline { return top + rect.height / 2 + firstBaseline - textCentre }
      return top + (firstBaseline ?? 0)
    case .lastBaseline:
      if let textCentre, let lastBaseline { return top + rect.height / 2 + lastBaseline - textCentre }
      return lastBaseline.map { top + $0 } ?? bottom
    case .left: horizontal = left
    case .right: horizontal = right
    case .centerX: horizontal = left + rect.width / 2
    case .leftMargin: horizontal = left + margins.left
    case .rightMargin: horizontal = right - margins.right
    case .centerXWithinMargins: horizontal = (left + margins.left + right - margins.right) / 2
    case .leading: horizontal = rtl ? right : left
    case .trailing: horizontal = rtl ? left : right
    case .leadingMargin: horizontal = rtl ? right - margins.right : left + margins.left
    case .trailingMargin: horizontal = rtl ? left + margins.left : right - margins.right
    }
    return mirrored ? rootWidth - horizontal : horizontal
  }
  for constraint in engine.installedConstraints where constraint.priority >= 1000 {
    let mirrored =
      rtl && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
    largestRead = 0
    guard let lhs = value(constraint.first, mirrored: mirrored) else { continue }
    var rhs = constraint.constant
    var scale = max(1, abs(lhs), abs(constraint.constant), rootWidth, largestRead)
    if let second = constraint.second {
      guard let other = value(second, mirrored: mirrored) else { continue }
      rhs += constraint.multiplier * other
      scale = max(scale, abs(constraint.multiplier * other), abs(other), abs(constraint.multiplier) * largestRead)
    }
    let tolerance = 1e-6 * scale
    let holds: Bool
    switch constraint.relation {
    case .equal: holds = abs(lhs - rhs) <= tolerance
    case .lessThanOrEqual: holds = lhs <= rhs + tolerance
    case .greaterThanOrEqual: holds = lhs >= rhs - tolerance
    }
    // Reported: this constraint's own miss, or frames beyond the accurate range.
    let reported = result.diagnostics.contains {
      $0.kind == .accuracy
        && ($0.severity == .warning || $0.message.hasPrefix("Required constraint '\(constraint.id)' "))
    }
    if !holds && !reported {
      fuzzFail("\(context): required constraint '\(constraint.id)' (\(constraint)) does not hold: \(lhs) vs \(rhs)")
    }
  }
  return true
}

// MARK: - Generated layouts

/// Writes a valid layout file from a byte string: every byte picks from a table, 0 past the end.
struct LayoutGenerator {
  private var bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private mutating func next() -> Int {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return Int(bytes[position])
  }

  private mutating func pick<T>(_ table: [T]) -> T { table[next() % table.count] }

  private struct View {
    var id: String
    var kind: String
    var parent: Int?
    var children: [Int] = []
    var properties: [String] = []
  }

  private static let kinds = ["view", "view", "label", "button", "image", "guide", "stack", "stack"]
  // Written into the file as JSON: `\\n` in the source is the two characters of JSON's newline escape.
  private static let texts = ["", "OK", "Flips: 0", "Flips\\n0", "e\\u0301\\u0301", "\\ud83d\\udc68\\u200d\\ud83d\\udc69", "\\u202eabc", "W"]
  private static let sizes = ["0", "1", "8", "20", "44", "100", "0.5", "375", "1000000"]
  private static let constants = ["0", "8", "20", "44", "100", "0.5", "1000", "1000000"]
  private static let signedConstants = constants + ["-8", "-20", "-0.5", "-1000000"]
  private static let multipliers = ["1", "1", "2", "0.5", "0.625", "1.5", "3", "10", "0.1", "1000000", "-1"]
  private static let priorities = ["1000", "1000", "1000", "999", "750", "500", "251", "250", "1", "999.99"]
  private static let patterns = ["wC", "wR", "hC", "hR", "wC hR", "wR hC", "wC hC", "wR hR"]
  private static let locations: [[String]] = [
    ["leading", "trailing", "centerX", "leadingMargin", "trailingMargin", "centerXWithinMargins"],
    ["left", "right", "centerX", "leftMargin", "rightMargin", "centerXWithinMargins"],
    ["top", "bottom", "centerY", "topMargin", "bottomMargin", "centerYWithinMargins", "firstBaseline", "lastBaseline"],
  ]
  private static let guideAttributes: Set<String> = [
    "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
  ]

  /// `{"any": base, pattern: value…}` or the plain base value.
  private mutating func varying(_ base: String, _ values: [String]) -> String {
    guard next() % 4 == 0 else { return base }
    var used: [String] = []
    var entries = ["\"any\": \(base)"]
    for _ in 0..<(1 + next() % 2) {
      let pattern = pick(Self.patterns)
      if used.contains(pattern) { continue }
      used.append(pattern)
      entries.append("\"\(pattern)\": \(pick(values))")
    }
    return "{" + entries.joined(separator: ", ") + "}"
  }

  mutating func file() -> String {
    var views = [View(id: "root", kind: "view", parent: nil)]
    for index in 1...(1 + next() % 10) {
      let kind = pick(Self.kinds)
      // The parent: any earlier view that may have children (not a guide), nested at most 6 deep.
      let candidates = views.indices.filter { views[$0].kind != "guide" }
      var parent = candidates[next() % candidates.count]
      var depth = 1
      var walk: Int? = parent
      while let up = walk { depth += 1; walk = views[up].parent }
      if depth > 6 { parent = 0 }
      var view = View(id: "v\(index)", kind: kind, parent: parent)
      switch kind {
      case "label", "button":
        view.properties.append("\"text\": \(varying("\"\(pick(Self.texts))\"", Self.texts.map { "\"\($0)\"" }))")
        if next() % 2 == 0 { view.properties.append("\"numberOfLines\": \(next() % 3)") }
        if next() % 3 == 0 { view.properties.append("\"fontSize\": \(varying("17", ["9", "20", "0.5"]))") }
      case "image":
        view.properties.append("\"intrinsicSize\": {\"width\": \(pick(Self.sizes)), \"height\": \(pick(Self.sizes))}")
      case "stack":
        view.properties.append("\"axis\": \(varying(pick(["\"horizontal\"", "\"vertical\""]), ["\"horizontal\"", "\"vertical\""]))")
        let distributions = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"].map { "\"\($0)\"" }
        view.properties.append("\"distribution\": \(varying(pick(distributions), distributions))")
        let alignments = ["fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"].map { "\"\($0)\"" }
        view.properties.append("\"alignment\": \(varying(pick(alignments), alignments))")
        view.properties.append("\"spacing\": \(varying(pick(["0", "8", "\"system\"", "-4", "20"]), ["0", "8", "-4"]))")
        if next() % 3 == 0 { view.properties.append("\"layoutMarginsRelativeArrangement\": true") }
        if next() % 4 == 0 { view.properties.append("\"baselineRelativeArrangement\": true") }
      default: break
      }
      if kind != "guide" {
        if next() % 4 == 0 { view.properties.append("\"layoutMargins\": \(pick(["0", "1", "8", "20"]))") }
        if next() % 4 == 0 { view.properties.append("\"hugging\": \(pick(["1", "250", "251", "750", "1000"]))") }
        if next() % 4 == 0 { view.properties.append("\"compressionResistance\": \(pick(["1", "250", "750", "1000"]))") }
        if kind == "view", next() % 5 == 0 { view.properties.append("\"intrinsicSize\": {\"width\": \(pick(Self.sizes))}") }
        // Alignment insets on every sixth view, by position rather than by a draw, so the
        // corpus's seeds keep generating the layouts they were kept for.
        if index % 6 == 5 { view.properties.append("\"alignmentRectInsets\": {\"left\": 1, \"right\": 2, \"top\": -1}") }
      }
      if next() % 4 == 0 { view.properties.append("\"hidden\": \(varying(pick(["true", "false"]), ["true", "false"]))") }
      views.append(view)
      views[parent].children.append(views.count - 1)
    }

    // Items constraints may name: views, the root's guides.
    let items = views.map(\.id) + ["safeArea", "margins"]
    func isGuide(_ item: String) -> Bool {
      item == "safeArea" || item == "margins" || views.first { $0.id == item }?.kind == "guide"
    }
    var constraints: [String] = []
    var ids = 0
    for _ in 0..<(next() % 16) {
      let form = next() % 8
      if form == 7 {
        // Visual Format between siblings of one non-root parent, or of the root without `|`.
        let parents = views.indices.filter { views[$0].children.count >= 1 && views[$0].kind != "stack" }
        guard let parent = parents.isEmpty ? nil : parents[next() % parents.count] else { continue }
        let siblings = views[parent].children.map { views[$0].id }
        let axis = pick(["H:", "V:", ""])
        let edges = parent != 0 && next() % 2 == 0
        var format = axis + (edges ? "|" + pick(["", "-", "-8-", "-(>=0)-"]) : "")
        for (index, sibling) in siblings.prefix(3).enumerated() {
          if index > 0 { format += pick(["", "-", "-20-", "-(>=8@750)-", "-pad-"]) }
          format += "[\(sibling)\(pick(["", "", "(>=20)", "(==44@750)", "(<=pad)"]))]"
        }
        if edges { format += pick(["", "-", "-0-"]) + "|" }
        constraints.append("{\"vfl\": \"\(format)\", \"metrics\": {\"pad\": \(pick(Self.constants))}}")
        continue
      }
      // first and second anchors of one class.
      let first = pick(items)
      let size = next() % 3 == 0
      var attributes: [String]
      if size {
        attributes = ["width", "height"]
      } else {
        attributes = pick(Self.locations)
      }
      if isGuide(first) { attributes = attributes.filter(Self.guideAttributes.contains) }
      guard !attributes.isEmpty else { continue }
      let firstAttribute = pick(attributes)
      var second = pick(items)
      var secondAttributes = size ? ["width", "height"] : attributes
      if isGuide(second) { secondAttributes = secondAttributes.filter(Self.guideAttributes.contains) }
      secondAttributes.removeAll { second == first && $0 == firstAttribute }
      let constantOnly = size && next() % 3 == 0
      if secondAttributes.isEmpty {
        guard size else { continue }
        second = ""
      }
      let relation = pick(["==", "==", "<=", ">="])
      let priority = pick(Self.priorities)
      ids += 1
      let rhs: String
      if constantOnly || second.isEmpty {
        rhs = pick(Self.constants)
      } else {
        let multiplier = size ? pick(Self.multipliers) : "1"
        let constant = pick(Self.signedConstants)
        let anchor = "\(second).\(pick(secondAttributes))"
        rhs = (multiplier == "1" ? anchor : "\(multiplier) * \(anchor)") + (constant.hasPrefix("-") ? " - \(constant.dropFirst())" : " + \(constant)")
      }
      let text = "\(first).\(firstAttribute) \(relation) \(rhs)"
      switch form {
      case 0, 1, 2:
        constraints.append("\"\(text) @\(priority)\"")
      case 3:
        let constant = constantOnly || second.isEmpty ? Self.constants : Self.signedConstants
        var members = ["\"id\": \"c\(ids)\"", "\"constraint\": \"\(text)\""]
        if next() % 2 == 0 { members.append("\"constant\": \(varying(pick(constant), constant))") }
        if next() % 2 == 0 { members.append("\"priority\": \(varying(priority, Self.priorities))") }
        if next() % 2 == 0 { members.append("\"installed\": \(varying("true", ["true", "false"]))") }
        constraints.append("{" + members.joined(separator: ", ") + "}")
      case 4:
        constraints.append("{\"when\": \"\(pick(Self.patterns))\", \"constraints\": [\"\(text) @\(priority)\"]}")
      case 5:
        // The same constraint twice, one copy with a varying constant.
        let constant = constantOnly || second.isEmpty ? Self.constants : Self.signedConstants
        constraints.append("\"\(text)\"")
        constraints.append("{\"id\": \"d\(ids)\", \"constraint\": \"\(text)\", \"constant\": \(varying(pick(constant), constant))}")
      default:
        constraints.append("\"\(text)\"")
      }
    }

    func write(_ index: Int) -> String {
      let view = views[index]
      var members = ["\"id\": \"\(view.id)\""]
      if view.kind != "view" { members.append("\"kind\": \"\(view.kind)\"") }
      members += view.properties
      if !view.children.isEmpty { members.append("\"children\": [" + view.children.map(write).joined(separator: ", ") + "]") }
      return "{" + members.joined(separator: ", ") + "}"
    }
    return "{\"root\": \(write(0)),\n\"constraints\": [\n" + constraints.joined(separator: ",\n") + "\n]}\n"
  }
}
