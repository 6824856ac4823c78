// libFuzzer harness: the layout reader's JSON parser (Sources/TrellisJSON/Parsing/JSONParser.swift)
// on arbitrary bytes, with the default limits and with tiny ones (depth 3, strings of 4
// scalars, 3 diagnostics) so the limit paths run too. Built by scripts/fuzz.sh together with
// the TrellisJSON sources and Fuzz/Support/.
//
// Whatever the input: no trap; every diagnostic, value, key and string-scalar position is a
// real place in the file (line, column and byte offset agreeing, worked out independently);
// diagnostics are capped; sorting them gives file order; both renderers work and the JSON
// rendering is valid JSON. When the parser reports no error: it returned a value, every
// position points at the first byte of what it describes, Foundation's JSONSerialization
// reads the same value, and writing the value back out and parsing it again gives it back.

import TrellisSupport
import Foundation
import TrellisLayout
import TrellisModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let source = FuzzSource(file: "fuzz.json", bytes: bytes)
  let text = SourceText(file: "fuzz.json", bytes: bytes)
  let tight = ReaderLimits(maxJSONDepth: 3, maxStringLength: 4, maxDiagnostics: 3)
  for limits in [ReaderLimits(), tight] {
    let sink = DiagnosticSink(limit: limits.maxDiagnostics)
    let tree = JSONParser.parse(bytes: text.bytes, file: text.file, limits: limits.json, sink: sink)
    let diagnostics = sink.diagnostics
    let context = "JSONParser (maxDiagnostics \(limits.maxDiagnostics))"
    if diagnostics.count > limits.maxDiagnostics + 1 {
      fuzzFail("\(context): \(diagnostics.count) diagnostics, more than the limit plus one summary")
    }
    if sink.errorCount != diagnostics.filter({ $0.severity == .error }).count {
      fuzzFail("\(context): errorCount \(sink.errorCount) disagrees with the diagnostics")
    }
    checkDiagnostics(diagnostics, in: source, sorted: false, context: context)
    let sorted = DiagnosticRenderer.sortedByPosition(diagnostics)
    if sorted.count != diagnostics.count { fuzzFail("\(context): sorting lost diagnostics") }
    checkDiagnostics(sorted, in: source, sorted: true, context: context + " sorted")
    checkRendering(sorted, source: text, context: context)
    if let tree { checkPositions(tree, source: source, exact: sink.errorCount == 0, context: context) }
    guard sink.errorCount == 0, limits == ReaderLimits() else { continue }
    guard let tree else { fuzzFail("\(context): no error but no value") }
    compareWithFoundation(tree, bytes: bytes)
    checkRoundTrip(tree)
  }
  return 0
}

/// Every node, key and string scalar is a place in the file; with `exact` (no errors) each
/// points at the first byte of what it describes.
private func checkPositions(_ tree: JSONNode, source: FuzzSource, exact: Bool, context: String) {
  var pending = [tree]
  func byte(_ offset: Int) -> UInt8? { offset < source.bytes.count ? source.bytes[offset] : nil }
  func checkString(_ node: JSONNode, _ text: String) {
    let quote = byte(node.location.offset)
    if exact && quote != UInt8(ascii: "\"") { fuzzFail("\(context): string at \(node.location) does not start at '\"'") }
    guard let positions = node.stringPositions else { return }
    let count = text.unicodeScalars.count
    if positions.count != count && positions.count != count + 1 {
      fuzzFail("\(context): \(positions.count) positions for \(count) scalars at \(node.location)")
    }
    // An unquoted key's first position is the key's own start.
    var previous = node.location.offset - 1
    for position in positions {
      let location = SourceLocation(
        file: node.location.file, line: node.location.line, column: position.column, offset: position.offset)
      if let problem = source.problem(with: location) { fuzzFail("\(context): string scalar \(problem)") }
      if position.offset <= previous { fuzzFail("\(context): string positions not increasing at \(node.location)") }
      previous = position.offset
    }
    if exact, positions.count != count + 1 || byte(previous) != quote {
      fuzzFail("\(context): the last string position is not the closing quote at \(node.location)")
    }
  }
  while let node = pending.popLast() {
    if let problem = source.problem(with: node.location) { fuzzFail("\(context): value \(problem)") }
    let first = byte(node.location.offset)
    switch node.value {
    case .null: if exact && first != UInt8(ascii: "n") { fuzzFail("\(context): null at \(node.location)") }
    case .bool(let value):
      if exact && first != UInt8(ascii: value ? "t" : "f") { fuzzFail("\(context): bool at \(node.location)") }
    case .number:
      if exact, let first, first != UInt8(ascii: "-"), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
        fuzzFail("\(context): number at \(node.location)")
      }
    case .string(let text): checkString(node, text)
    case .array(let elements):
      if exact && first != UInt8(ascii: "[") { fuzzFail("\(context): array at \(node.location)") }
      pending += elements
    case .object(let members):
      if exact && first != UInt8(ascii: "{") { fuzzFail("\(context): object at \(node.location)") }
      for member in members {
        if member.keyNode.stringValue != member.key { fuzzFail("\(context): key node differs from key '\(member.key)'") }
        if let problem = source.problem(with: member.keyLocation) { fuzzFail("\(context): key \(problem)") }
        checkString(member.keyNode, member.key)
        pending.append(member.value)
      }
    case .invalid:
      if exact { fuzzFail("\(context): invalid value without an error at \(node.location)") }
    }
  }
}

/// Foundation's parser must read an input the reader accepts, as the same value.
private func compareWithFoundation(_ tree: JSONNode, bytes: [UInt8]) {
  let theirs: Any
  do {
    theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  } catch {
    fuzzFail("JSONParser accepted what JSONSerialization rejects (\(error))")
  }
  func same(_ ours: JSONNode, _ theirs: Any, _ path: String) {
    func differ() -> Never { fuzzFail("JSONParser and JSONSerialization differ at \(path): \(ours.value) vs \(theirs)") }
    switch ours.value {
    case .null: if !(theirs is NSNull) { differ() }
    case .bool(let value):
      guard let number = theirs as? NSNumber, String(cString: number.objCType) == "c", number.boolValue == value else {
        differ()
      }
    case .number(let value):
      guard let number = theirs as? NSNumber, String(cString: number.objCType) != "c" else { differ() }
      let other = number.doubleValue
      // Foundation reads long integers as decimals: allow the last bits of rounding.
      if !(value == other || abs(value - other) <= 1e-12 * max(abs(value), abs(other))) { differ() }
    case .string(let text):
      guard let other = theirs as? String, Array(other.unicodeScalars) == Array(text.unicodeScalars) else { differ() }
    case .array(let elements):
      guard let others = theirs as? [Any], others.count == elements.count else { differ() }
      for (index, element) in elements.enumerated() { same(element, others[index], "\(path)[\(index)]") }
    case .object(let members):
      guard let others = theirs as? [String: Any], others.count == members.count else { differ() }
      for member in members {
        guard let other = others[member.key] else { differ() }
        same(member.value, other, "\(path).\(member.key)")
      }
    case .invalid: differ()
    }
  }
  same(tree, theirs, "$")
}

/// Writing the value out as JSON and parsing it again gives the same value, without diagnostics.
private func checkRoundTrip(_ tree: JSONNode) {
  let written = write(tree)
  let sink = DiagnosticSink(limit: 10)
  guard let again = JSONParser.parse(bytes: Array(written.utf8), file: "again.json", limits: ReaderLimits().json, sink: sink),
    sink.diagnostics.isEmpty
  else {
    fuzzFail("the written value does not parse cleanly: \(sink.diagnostics)\n\(written)")
  }
  if write(again) != written { fuzzFail("round trip changed the value:\n\(written)\n\(write(again))") }
}

private func write(_ node: JSONNode) -> String {
  switch node.value {
  case .null: return "null"
  case .bool(let value): return value ? "true" : "false"
  case .number(let value): return "\(value)"
  case .string(let text): return JSONText.quoted(text)
  case .array(let elements): return "[" + elements.map(write).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.map { JSONText.quoted($0.key) + ":" + write($0.value) }.joined(separator: ",") + "}"
  case .invalid: return "?"
  }
}
