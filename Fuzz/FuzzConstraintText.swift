// libFuzzer harness: the constraint-text parser (Sources/TrellisJSON/Notation/ConstraintTextParser.swift)
// on arbitrary text, alone and inside a layout file read by LayoutReader. Built by
// scripts/fuzz.sh together with the TrellisJSON sources and Fuzz/Support/.
//
// The input is the constraint text (UTF-8, invalid bytes replaced). How it is written into
// the file follows from its length, so seeds stay plain text: the escaping (as is, non-ASCII
// as \uXXXX, everything as \uXXXX) from the scalar count, the form (a bare string, or
// {"id": "it", "constraint": …}) from the byte count.
//
// Whatever the input: no trap; tokens and every offset lie inside the text, in order; the
// reader reports a parse problem with the parser's message at exactly the place the
// offset names in the file (worked out from how the harness escaped each scalar); every
// diagnostic is in the file, sorted, and on the string; a document is produced exactly when
// there is no error, keeps every rule of docs/layout-format.md, and holds the constraint the
// parser read, each anchor located where it was written.

import TrellisSupport
import Foundation
import TrellisLayout
import TrellisModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConstraintText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let text = String(decoding: bytes, as: UTF8.self)
  let count = text.unicodeScalars.count

  // Tokens: in order, inside the text, ending with one end token at the end.
  let tokens = ConstraintTextParser.tokenize(text)
  guard let last = tokens.last, last.kind == .end, last.offset == count else { fuzzFail("tokens do not end at \(count)") }
  var previous = -1
  for token in tokens.dropLast() {
    if token.offset <= previous || token.offset >= count { fuzzFail("token \(token) out of order or outside the text") }
    if token.kind == .end { fuzzFail("an end token before the end") }
    previous = token.offset
  }

  if case .failure(let problem) = ConstraintTextParser.parseAnchor(text), !(0...count).contains(problem.offset) {
    fuzzFail("parseAnchor problem offset \(problem.offset) outside 0…\(count)")
  }

  let parsed = ConstraintTextParser.parse(text)
  switch parsed {
  case .failure(let problem):
    if problem.message.isEmpty || !(0...count).contains(problem.offset) {
      fuzzFail("problem '\(problem.message)' at \(problem.offset) outside 0…\(count)")
    }
  case .success(let constraint):
    var offsets = [constraint.first.itemOffset, constraint.first.attributeOffset, constraint.relationOffset]
    if let second = constraint.second {
      // `m * b.x`: the multiplier comes before the second anchor.
      if let m = constraint.multiplierOffset, m < second.itemOffset { offsets.append(m) }
      offsets += [second.itemOffset, second.attributeOffset]
      if let m = constraint.multiplierOffset, m > second.itemOffset { offsets.append(m) }
    }
    offsets += [constraint.constantOffset, constraint.priorityOffset].compactMap { $0 }
    if offsets != offsets.sorted() || Set(offsets).count != offsets.count || offsets.contains(where: { $0 < 0 || $0 >= count }) {
      fuzzFail("offsets \(offsets) out of order or outside 0..<\(count) for \(constraint)")
    }
  }

  let escaping = EmbeddedConstraint.Escaping.allCases[count % 3]
  let form = (bytes.count / 3) % 2 == 0 ? "string" : "constraint"
  let embedded = EmbeddedConstraint(text, escaping: escaping, form: form)
  let context = "constraint text \(JSONText.quoted(text)) as \(form), \(escaping)"

  if VisualFormatParser.looksLikeVisualFormat(text) {
    // Visual Format: its own harness checks the details; here only the general rules.
    let result = embedded.read(expecting: [], context: context)
    if form == "constraint", !result.hasErrors { fuzzFail("\(context): Visual Format in {\"constraint\": …} accepted") }
    if let document = result.document {
      checkDocument(document, source: FuzzSource(file: "fuzz.json", bytes: embedded.bytes), context: context)
    }
    return 0
  }

  var expected: [TextProblem] = []
  if case .failure(let problem) = parsed { expected.append(problem) }
  let result = embedded.read(expecting: expected, context: context)
  guard let document = result.document else { return 0 }
  let source = FuzzSource(file: "fuzz.json", bytes: embedded.bytes)
  checkDocument(document, source: source, context: context)
  guard case .success(let constraint) = parsed, document.constraints.count == 1, let spec = document.constraints.first else {
    fuzzFail("\(context): document with \(document.constraints.count) constraints for text that did not parse as one")
  }
  func same(_ anchor: AnchorReference?, _ written: ConstraintText.Anchor?) -> Bool {
    guard let anchor, let written else { return anchor == nil && written == nil }
    return anchor.item == LayoutItem(name: written.item) && anchor.attribute == written.attribute
      && anchor.location == embedded.expectedLocation(ofScalar: written.itemOffset, in: source)
  }
  let priority = constraint.priority ?? 1000
  if !same(spec.first, constraint.first) || !same(spec.second, constraint.second) || spec.relation != constraint.relation
    || spec.multiplier != constraint.multiplier || spec.constant.base != constraint.constant || spec.constant.varies
    || spec.priority.base != priority || spec.priority.varies || spec.source != text
    || spec.id != (form == "string" ? "constraint#1" : "it")
  {
    fuzzFail("\(context): the document's constraint \(spec) differs from the parsed \(constraint)")
  }
  return 0
}
