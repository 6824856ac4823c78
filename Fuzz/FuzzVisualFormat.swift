// libFuzzer harness: the Visual Format Language parser and expander
// (Sources/TrellisJSON/Notation/VisualFormatParser.swift) on arbitrary text, alone and inside
// a layout file read by LayoutReader. Built by scripts/fuzz.sh together with the TrellisLayout
// sources and Fuzz/Support/.
//
// The input is the format string (UTF-8, invalid bytes replaced). The escaping in the file
// follows from its scalar count, the form from its byte count: a bare string (Visual Format
// only when it looks like it: H:, V:, | or [), or {"metrics": {pad, half, big, neg}, "vfl": …}.
//
// Whatever the input: no trap; every offset of the parse and of the expansion lies inside the
// text, views in order; without problems the expansion has exactly one constraint per
// connection, edge and predicate (counted here from the parse); the reader reports every
// parse and expansion problem with the same message at exactly the place its offset names in
// the file; every diagnostic is in the file, sorted, on the string; and a document is
// produced exactly when there is no error, keeps every rule of docs/layout-format.md, and
// holds the expanded constraints in order, each anchor located where it was written.

import TrellisSupport
import Foundation
import TrellisLayout
import TrellisModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let text = String(decoding: bytes, as: UTF8.self)
  let count = text.unicodeScalars.count
  let escaping = EmbeddedConstraint.Escaping.allCases[count % 3]
  let form = (bytes.count / 3) % 2 == 0 ? "vfl" : "string"
  let embedded = EmbeddedConstraint(text, escaping: escaping, form: form)
  let context = "visual format \(JSONText.quoted(text)) as \(form), \(escaping)"

  let isVisualFormat = form == "vfl" || VisualFormatParser.looksLikeVisualFormat(text)
  let parsed = VisualFormatParser.parse(text)
  var expected: [TextProblem] = []
  var expansion: [VisualFormatConstraint]?
  switch parsed {
  case .failure(let problem):
    if problem.message.isEmpty || !(0...count).contains(problem.offset) {
      fuzzFail("\(context): problem '\(problem.message)' at \(problem.offset) outside 0…\(count)")
    }
    expected = [problem]
  case .success(let format):
    checkOffsets(format, count: count, context: context)
    let metrics = form == "vfl" ? EmbeddedConstraint.metrics : []
    var values: [String: Double] = [:]
    for metric in metrics { values[metric.name] = metric.value }
    let expander = VisualFormatExpander(
      viewIDs: EmbeddedConstraint.viewIDs, isView: { EmbeddedConstraint.viewIDs.contains($0) },
      parent: { EmbeddedConstraint.parents[$0] }, metrics: values,
      metricNames: metrics.map(\.name))
    let (constraints, problems) = expander.expand(format)
    for problem in problems where problem.message.isEmpty || !(0...count).contains(problem.offset) {
      fuzzFail("\(context): expansion problem '\(problem.message)' at \(problem.offset) outside 0…\(count)")
    }
    for constraint in constraints {
      let offsets = [constraint.first.offset, constraint.constantOffset] + [constraint.second?.offset, constraint.priorityOffset].compactMap { $0 }
      if offsets.contains(where: { $0 < 0 || $0 >= count }) { fuzzFail("\(context): expansion offset outside the text") }
    }
    if problems.isEmpty {
      let wanted = expectedCount(format)
      if constraints.count != wanted { fuzzFail("\(context): \(constraints.count) constraints, expected \(wanted)") }
      expansion = constraints
    } else if !constraints.isEmpty {
      fuzzFail("\(context): constraints returned along with problems")
    }
    expected = problems
  }
  guard isVisualFormat else { return 0 }  // Read as constraint text: FuzzConstraintText's business.

  let result = embedded.read(expecting: expected, context: context)
  guard let document = result.document else { return 0 }
  let source = FuzzSource(file: "fuzz.json", bytes: embedded.bytes)
  checkDocument(document, source: source, context: context)
  guard let expansion, document.constraints.count == expansion.count else {
    fuzzFail("\(context): document has \(document.constraints.count) constraints, the expansion \(expansion?.count ?? -1)")
  }
  for (spec, constraint) in zip(document.constraints, expansion) {
    func same(_ anchor: AnchorReference?, _ side: VisualFormatConstraint.Side?) -> Bool {
      guard let anchor, let side else { return anchor == nil && side == nil }
      return anchor.item == LayoutItem(name: side.item) && anchor.attribute == side.attribute
        && anchor.location == embedded.expectedLocation(ofScalar: side.offset, in: source)
    }
    if !same(spec.first, constraint.first) || !same(spec.second, constraint.second) || spec.relation != constraint.relation
      || spec.multiplier != 1 || spec.constant.base != constraint.constant || spec.priority.base != (constraint.priority ?? 1000)
    {
      fuzzFail("\(context): the document's constraint \(spec) differs from the expansion's \(constraint)")
    }
  }
  return 0
}

/// Offsets inside the text; views, edges and predicates in the order written.
private func checkOffsets(_ format: VisualFormat, count: Int, context: String) {
  var offsets: [Int] = []
  func add(_ predicates: [VisualFormat.Predicate]) {
    for predicate in predicates {
      offsets.append(predicate.objectOffset)
      if let priority = predicate.priorityOffset { offsets.append(priority) }
    }
  }
  func add(_ connection: VisualFormat.Connection) {
    if case .predicates(let predicates) = connection { add(predicates) }
  }
  if let edge = format.leadingEdge {
    offsets.append(edge.offset)
    add(edge.connection)
  }
  for (index, view) in format.views.enumerated() {
    offsets.append(view.nameOffset)
    add(view.predicates)
    if index < format.connections.count { add(format.connections[index]) }
  }
  if let edge = format.trailingEdge {
    add(edge.connection)
    offsets.append(edge.offset)
  }
  if format.views.isEmpty { fuzzFail("\(context): a format without views") }
  if format.connections.count != format.views.count - 1 {
    fuzzFail("\(context): \(format.connections.count) connections for \(format.views.count) views")
  }
  if offsets != offsets.sorted() || Set(offsets).count != offsets.count || offsets.contains(where: { $0 < 0 || $0 >= count }) {
    fuzzFail("\(context): offsets \(offsets) out of order or outside 0..<\(count)")
  }
}

/// One constraint per flush or standard connection, one per predicate of the others, one per
/// predicate of a view.
private func expectedCount(_ format: VisualFormat) -> Int {
  func count(_ connection: VisualFormat.Connection) -> Int {
    if case .predicates(let predicates) = connection { return predicates.count }
    return 1
  }
  let edges = [format.leadingEdge, format.trailingEdge].compactMap { $0 }.map { count($0.connection) }
  return format.views.map(\.predicates.count).reduce(0, +) + format.connections.map(count).reduce(0, +)
    + edges.reduce(0, +)
}
