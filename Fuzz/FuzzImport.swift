// libFuzzer harness: the Interface Builder importer (Sources/TrellisImport) on arbitrary bytes,
// as a `.storyboard`, then every scene it imports without an error laid out once by
// LayoutEngine in the environment the import worked out (device, size, size classes, safe
// area, scale), snapped to pixels as `trellis import --check` does. Built by scripts/fuzz.sh:
// the TrellisImport sources and this file as one module, over instrumented TrellisSolver,
// TrellisSupport, TrellisText, TrellisModel and TrellisLayout modules.
//
// Whatever the input: no trap, no hang; every diagnostic has a code and a location in this
// file (line 1 up to one past the last line, column 1 or more); a scene is imported only when
// it has no error itself (validated as a layout file is; a file's other scenes may have
// errors); every scene's environment has a finite, non-negative size and a scale of 1
// or more; its stored frames are finite and name imported views, and its IB → Trellis id map
// has no Trellis view id twice; laid out, every frame is finite, or the layout reports an
// error (a rejected constraint, a frame past the accurate range, a negative frame), for every
// scene whose multipliers and constants are within the layout reader's ±1e6.
//
// The crashes it found (a name that is not UTF-8, a processing instruction without data, both
// inside Foundation's XMLParser) are refused by the XML reader before it parses; they are seeds
// now (Fuzz/corpus/import/found-*), with the xib whose first top-level view has an error and
// whose second is imported (found-one-scene-of-two), which the rule above once refused.

import Foundation
import TrellisLayout
import TrellisModel

private let file = "fuzz.storyboard"
/// The validator's bound on multipliers and constants (the default of ReaderLimits.maxMagnitude).
private let limit = LayoutValidator().maxMagnitude

private func fail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(message)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  // FUZZ_SHOW_INPUT=1 prints the input (to read a reproducer).
  if ProcessInfo.processInfo.environment["FUZZ_SHOW_INPUT"] != nil {
    FileHandle.standardError.write(Data(bytes + [0x0A]))
  }
  // XMLParser counts a line per LF, CR or CR LF; allowing one line per CR and per LF is an
  // upper bound, and one past it is where an error at the very end is reported.
  let breaks = bytes.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
  let (scenes, diagnostics) = InterfaceBuilderImporter.parse(bytes, file: file)

  for diagnostic in diagnostics {
    if diagnostic.code.rawValue.isEmpty { fail("a diagnostic without a code: \(diagnostic)") }
    if diagnostic.message.isEmpty { fail("a diagnostic without a message: \(diagnostic)") }
    guard let location = diagnostic.location else { fail("a diagnostic without a location: \(diagnostic)") }
    if location.file != file || !(1...(breaks + 2)).contains(location.line) || location.column < 1 {
      fail("diagnostic '\(diagnostic.message)' at \(location), outside the \(breaks + 1) lines of the input")
    }
  }
  // A scene with an error is not imported, but the others of its file are (a xib's top-level
  // views, a storyboard's scenes): every scene returned must read as a layout file would.
  for scene in scenes {
    let problems = LayoutValidator().validate(scene.document).filter {
      $0.severity == .error && $0.code != "location-multiplier"
    }
    if !problems.isEmpty { fail("scene \(scene.sceneID) imported with errors: \(problems.map(\.message))") }
  }

  for scene in scenes {
    let environment = scene.environment
    let container = environment.containerSize
    if !container.width.isFinite || !container.height.isFinite || container.width < 0 || container.height < 0 {
      fail("scene \(scene.sceneID): container \(container)")
    }
    if !(environment.scale >= 1) || !environment.scale.isFinite {
      fail("scene \(scene.sceneID): scale \(environment.scale)")
    }
    let insets = environment.safeAreaInsets
    if ![insets.top, insets.left, insets.bottom, insets.right].allSatisfy({ $0.isFinite && $0 >= 0 }) {
      fail("scene \(scene.sceneID): safe area \(insets)")
    }
    let views = scene.document.allViews.map(\.id)
    let viewSet = Set(views)
    if viewSet.count != views.count { fail("scene \(scene.sceneID): a view id twice in \(views)") }
    for (id, rect) in scene.storedFrames {
      if !viewSet.contains(id) { fail("scene \(scene.sceneID): a stored frame for '\(id)', which is not a view") }
      if ![rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) {
        fail("scene \(scene.sceneID): stored frame of '\(id)' is \(rect)")
      }
    }
    // A cell's own IB id names its content view too (constraints IB keeps on a table cell are
    // read as to its content view, docs/import.md "Cells"): the root may be mapped twice there.
    var mapped = scene.ids.map(\.trellis).filter { viewSet.contains($0) }
    if scene.isCell, mapped.count(where: { $0 == scene.document.root.id }) == 2 {
      mapped.removeAll { $0 == scene.document.root.id }
    }
    if Set(mapped).count != mapped.count {
      fail("scene \(scene.sceneID): a Trellis view id mapped twice: \(scene.ids)")
    }

    // Multipliers and constants beyond the layout reader's ±1e6 are errors of the import (its
    // validator); such scenes are still laid out (no trap), but their frames are checked only
    // within the reader's range.
    let inReaderRange = scene.document.constraints.allSatisfy { spec in
      abs(spec.multiplier) <= limit
        && ([spec.constant.base] + spec.constant.variations.map(\.value)).allSatisfy { abs($0) <= limit }
    }
    let result = LayoutEngine(document: scene.document).layout(in: environment, snapToPixels: true)
    let reported = result.diagnostics.contains { $0.severity == .error }
    for view in result.views
    where ![view.frame.x, view.frame.y, view.frame.width, view.frame.height].allSatisfy(\.isFinite) {
      if !reported && inReaderRange {
        fail("scene \(scene.sceneID): view '\(view.id)' at \(view.frame) with no error reported")
      }
    }
  }
  return 0
}
