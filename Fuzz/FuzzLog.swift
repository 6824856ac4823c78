// libFuzzer harness: the conflict-log reader (Sources/TrellisLog) on arbitrary bytes, read as
// UTF-8 text (invalid bytes replaced, as a terminal would show them), then every block made a
// layout document and validated. Built by scripts/fuzz.sh: the TrellisLog sources and this file
// as one module, over instrumented TrellisSupport, TrellisText and TrellisModel modules.
//
// Whatever the input: no trap, no hang; every diagnostic has a code, a message and a location
// in this file (line 1 up to one past the last line, column 1 or more, offset within the
// text); every block's indices are in range (items, the broken constraint, no more constraints
// read than listed), every constraint's text is a description from '<' to '>'; every document
// has each view id once and maps each of the block's constraints to its ids, and the validator
// finds in it no error of the builder's making (an unknown view, an invalid or duplicate id).

import Foundation
import TrellisModel

private let file = "fuzz.log"

private func fail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(message)")
}

/// Errors the validator may rightly find in a log's document: what the log itself says
/// (a negative size, an item related to itself, a size with a position, a zero multiplier).
private let errorsOfTheLog: Set<Diagnostic.Code> = [
  "negative-size", "self-constraint", "incompatible-attributes", "invalid-multiplier", "location-constant",
  "out-of-range",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  // FUZZ_SHOW_INPUT=1 prints the input (to read a reproducer).
  if ProcessInfo.processInfo.environment["FUZZ_SHOW_INPUT"] != nil {
    FileHandle.standardError.write(Data(bytes + [0x0A]))
  }
  let text = String(decoding: bytes, as: UTF8.self)
  // One line per LF and per CR is an upper bound on the reader's lines.
  let breaks = text.unicodeScalars.reduce(0) { $0 + ($1 == "\n" || $1 == "\r" ? 1 : 0) }
  let log = ConflictLogReader.read(text: text, file: file)

  for diagnostic in log.diagnostics {
    if diagnostic.code.rawValue.isEmpty { fail("a diagnostic without a code: \(diagnostic)") }
    if diagnostic.message.isEmpty { fail("a diagnostic without a message: \(diagnostic)") }
    guard let location = diagnostic.location else {
      if diagnostic.code == "too-many-problems" { continue }
      fail("a diagnostic without a location: \(diagnostic)")
    }
    if location.file != file || !(1...(breaks + 2)).contains(location.line) || location.column < 1
      || location.offset < 0 || location.offset > text.utf8.count
    {
      fail("diagnostic '\(diagnostic.message)' at \(location), outside the \(breaks + 1) lines of the input")
    }
  }
  for (number, block) in log.blocks.enumerated() {
    if block.constraints.count > block.listedCount {
      fail("block \(number): \(block.constraints.count) constraints read of \(block.listedCount) listed")
    }
    if let broken = block.broken, !block.constraints.indices.contains(broken) {
      fail("block \(number): broken index \(broken) of \(block.constraints.count)")
    }
    for constraint in block.constraints + (block.breakingLine.map { [$0] } ?? []) {
      let anchors = [constraint.first] + (constraint.second.map { [$0] } ?? [])
      for anchor in anchors where !block.items.indices.contains(anchor.item) {
        fail("block \(number): item \(anchor.item) of \(block.items.count)")
      }
      if !constraint.text.hasPrefix("<") || !constraint.text.hasSuffix(">") {
        fail("block \(number): constraint text '\(constraint.text)'")
      }
    }
    let made = ConflictDocumentBuilder.document(for: block, file: file)
    let views = made.document.allViews.map(\.id)
    if Set(views).count != views.count { fail("block \(number): a view id twice in \(views)") }
    if made.constraintIDs.count != block.constraints.count {
      fail("block \(number): \(made.constraintIDs.count) id lists for \(block.constraints.count) constraints")
    }
    for (id, index) in made.constraintSources where !block.constraints.indices.contains(index) {
      fail("block \(number): constraint '\(id)' from index \(index)")
    }
    let errors = LayoutValidator().validate(made.document).filter {
      $0.severity == .error && !errorsOfTheLog.contains($0.code)
    }
    if !errors.isEmpty { fail("block \(number): the document has errors \(errors.map(\.description))") }
  }
  return 0
}
