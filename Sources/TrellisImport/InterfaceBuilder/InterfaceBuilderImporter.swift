import Foundation
import TrellisModel
import TrellisSupport

/// One scene of an Interface Builder document as a layout: a storyboard view controller's view,
/// or a xib's top-level view.
package struct ImportedScene: Sendable {
  /// IB's id for the scene (a storyboard's `sceneID`; a xib's top-level view's id).
  package var sceneID: String
  /// A name for files: the view controller's storyboard identifier, custom class or title, else
  /// the scene id, made safe as a file name.
  package var name: String
  package var document: LayoutDocument
  /// The environment Interface Builder laid the scene out in: its device, orientation, the root's
  /// stored size, the device's size classes and scale, and the safe area (see ``safeAreaSource``).
  package var environment: Environment
  /// How the environment's device was found (`retina4_7`, or matched by the root's size).
  package var deviceSource: String
  /// How the safe-area insets were found: from the device and simulated bars, or from stored frames.
  package var safeAreaSource: String
  /// Every imported view's frame as IB stored it, in root coordinates, by Trellis id.
  package var storedFrames: [String: Rect]
  /// Views whose stored frame IB itself marks stale, by Trellis id: `misplaced` (the constraints
  /// put it elsewhere) or `ambiguous` (they do not decide it), or inside a view so marked.
  package var staleFrames: [String: String] = [:]
  /// Views whose file stores no frame (`<rect key="frame">` absent, which IB writes for a frame
  /// that is all zero): views IB never laid out, whose zero in ``storedFrames`` is no layout's.
  /// A view that keeps its frame through its autoresizing mask is not one of them (UIKit keeps
  /// that zero frame); a view inside one is.
  package var unstoredFrames: Set<String> = []
  /// Whether the scene is a component (a xib's card, banner or header smaller than a screen)
  /// rather than a screen: laid out at its stored size, with no screen's safe area.
  package var isComponent = false
  /// Whether the scene is a table or collection view cell's content view (or a reusable view),
  /// laid out at the size IB stored it.
  package var isCell = false
  /// IB id → Trellis id, for views, guides and constraints, in document order.
  package var ids: [(ib: String, trellis: String)]
  /// The diagnostics about this scene (its views, constraints and environment).
  package var diagnostics: [Diagnostic] = []
}

/// How `import` measures text and controls.
package enum IntrinsicSizeSource: String, Sendable, CaseIterable {
  /// The stored frame's size on the axes UIKit measures: exact on the stored device.
  case stored
  /// Trellis measures text (fonts, or its metric); controls and images keep their stored size.
  case fonts
}

/// Reads Interface Builder documents (`.storyboard`, `.xib`) into layouts.
///
/// What is imported, and what is not, is in docs/import.md. Everything not imported is a
/// located warning with a stable code (`ib-unsupported`, `ib-approximate`); a view
/// dropped drops the constraints that name it, and the warning counts them.
package enum InterfaceBuilderImporter {
  /// Reads `path` and imports its scenes (all, or the one whose scene or view id, name or
  /// view-controller class is `scene`).
  package static func read(
    contentsOf path: String, scene: String? = nil, intrinsic: IntrinsicSizeSource = .stored,
    limits: XMLLimits = XMLLimits()
  ) -> (scenes: [ImportedScene], diagnostics: [Diagnostic]) {
    let location = SourceLocation(file: path, line: 1, column: 1)
    // The same opener as a layout file's: never blocks on a FIFO or a device, reads at most
    // one byte past the limit (the XML reader then reports the size).
    switch InputFile.read(path, limit: limits.maxBytes, kind: "a .storyboard or .xib file") {
    case .failure(let failure):
      return ([], [Diagnostic(.error, failure.message, code: "unreadable-file", at: location)])
    case .success(let bytes):
      return parse(bytes, file: path, scene: scene, intrinsic: intrinsic, limits: limits)
    }
  }

  /// Imports the document in `bytes`, named `file` in locations.
  package static func parse(
    _ bytes: [UInt8], file: String, scene: String? = nil, intrinsic: IntrinsicSizeSource = .stored,
    limits: XMLLimits = XMLLimits()
  ) -> (scenes: [ImportedScene], diagnostics: [Diagnostic]) {
    var xmlLimits = XMLReadLimits()
    xmlLimits.maxBytes = limits.maxBytes
    xmlLimits.maxDepth = limits.maxDepth
    xmlLimits.maxElements = limits.maxElements
    let (root, problems) = XMLTreeReader.read(bytes, file: file, limits: xmlLimits)
    guard let root else { return ([], problems) }
    var sink = ImportSink()
    let document = IBDocument(root: root, file: file, sink: &sink)
    guard let document else { return ([], sink.diagnostics) }
    var scenes: [ImportedScene] = []
    let candidates = document.sceneRoots(sink: &sink)
    let chosen = scene.map { wanted in candidates.filter { $0.matches(wanted) } } ?? candidates
    if let scene, chosen.isEmpty {
      let names = candidates.map(\.displayName).joined(separator: ", ")
      sink.error(
        "ib-no-scene", "no scene '\(scene)' in this file; its scenes are: \(names.isEmpty ? "none" : names)",
        at: root.location)
    }
    var usedNames = UniqueNames()
    for candidate in chosen {
      let errorsBefore = sink.diagnostics.filter { $0.severity == .error }.count
      var importer = SceneImporter(document: document, candidate: candidate, intrinsic: intrinsic)
      let diagnosticsBefore = sink.diagnostics.count
      var imported = importer.run(sink: &sink)
      imported.name = usedNames.claim(imported.name, separator: "-")
      // What a layout file's reader would refuse (priorities out of range, magnitudes beyond
      // ±1e6, …) is refused here too, at the XML's lines.
      // (Not `location-multiplier`: IB allows a multiplier on a location, `centerX = 0.5 ×
      // superview.centerX`, and UIKit's own autoresizing constraints use one.)
      sink.diagnostics += LayoutValidator(warnsOfLocationMultipliers: false).validate(imported.document)
      imported.diagnostics = Array(sink.diagnostics[diagnosticsBefore...])
      // A scene with an error is not imported, as a layout file with one is not read.
      if sink.diagnostics.filter({ $0.severity == .error }).count == errorsBefore { scenes.append(imported) }
    }
    let ordered = sink.diagnostics.enumerated().sorted { a, b in
      let l = a.element.location, r = b.element.location
      if let l, let r, (l.line, l.column) != (r.line, r.column) { return (l.line, l.column) < (r.line, r.column) }
      return a.offset < b.offset
    }
    return (scenes, ordered.map(\.element))
  }
}

/// Bounds on the XML read (see the XML layer's limits).
package struct XMLLimits: Sendable {
  package var maxBytes = 32 << 20
  package var maxDepth = 256
  package var maxElements = 500_000
  package init() {}
}

/// Diagnostics collected while importing.
struct ImportSink {
  var diagnostics: [Diagnostic] = []

  mutating func error(_ code: Diagnostic.Code, _ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.error, message, code: code, at: location))
  }

  mutating func warning(_ code: Diagnostic.Code, _ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.warning, message, code: code, at: location))
  }

  mutating func note(_ code: Diagnostic.Code, _ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.note, message, code: code, at: location))
  }
}
