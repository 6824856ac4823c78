import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// `.storyboard` and `.xib` files where a layout file is accepted: imported on the fly.
enum InterfaceBuilderFiles {
  static func isInterfaceBuilder(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "storyboard" || ext == "xib"
  }

  /// The file's scenes (all, or `scene`), read once through the opener every front end uses
  /// (`InputFile`), with its text for quoting source lines in messages.
  static func importing(_ path: String, scene: String? = nil, intrinsic: IntrinsicSizeSource = .stored) -> (
    scenes: [ImportedScene], diagnostics: [Diagnostic], source: SourceText?
  ) {
    switch InputFile.read(path, limit: XMLLimits().maxBytes, kind: "a .storyboard or .xib file") {
    case .failure(let failure):
      let location = SourceLocation(file: path, line: 1, column: 1)
      return ([], [Diagnostic(.error, failure.message, code: "unreadable-file", at: location)], nil)
    case .success(let bytes):
      let (scenes, diagnostics) = InterfaceBuilderImporter.parse(bytes, file: path, scene: scene, intrinsic: intrinsic)
      return (scenes, diagnostics, SourceText(file: path, bytes: bytes))
    }
  }

  /// The scene `scene` (or the file's only scene) as a read layout, with the environment IB used.
  static func read(_ path: String, scene: String?, intrinsic: IntrinsicSizeSource = .stored) -> ReadOutcome {
    let (scenes, diagnostics, source) = importing(path, scene: scene, intrinsic: intrinsic)
    var all = diagnostics
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return ReadOutcome(document: nil, diagnostics: all, source: source)
    }
    guard scenes.count == 1, let only = scenes.first else {
      let names = scenes.map { "'\($0.name)' (\($0.sceneID))" }.joined(separator: ", ")
      all.append(
        Diagnostic(
          .error,
          scenes.isEmpty
            ? "the file has no scene to lay out"
            : "the file has \(scenes.count) scenes: \(names); choose one with --scene",
          code: "ib-no-scene", at: SourceLocation(file: path, line: 1, column: 1)))
      return ReadOutcome(document: nil, diagnostics: all, source: source)
    }
    return outcome(only, diagnostics: all, source: source)
  }

  /// Every scene of the file as a read layout (`trellis validate` checks each): the diagnostics
  /// of the file itself (and of scenes that could not be built) once, then per scene its own.
  static func readAll(_ path: String, intrinsic: IntrinsicSizeSource = .stored) -> (
    file: ReadOutcome, scenes: [(scene: ImportedScene, outcome: ReadOutcome)]
  ) {
    let (scenes, diagnostics, source) = importing(path, intrinsic: intrinsic)
    let own = Set(scenes.flatMap(\.diagnostics))
    let file = ReadOutcome(document: nil, diagnostics: diagnostics.filter { !own.contains($0) }, source: source)
    return (file, scenes.map { ($0, outcome($0, diagnostics: $0.diagnostics, source: source)) })
  }

  /// One scene as a read layout; a component is placed at its stored size (``ReadOutcome/placed(_:)``).
  private static func outcome(_ scene: ImportedScene, diagnostics: [Diagnostic], source: SourceText?) -> ReadOutcome {
    var outcome = ReadOutcome(
      document: scene.document, diagnostics: diagnostics, source: source, designEnvironment: scene.environment)
    if scene.isComponent {
      let design = scene.environment
      let screen = design.deviceName.flatMap { DeviceTable.device(named: $0) }?.size(design.orientation ?? .portrait)
      let spansWidth = screen.map { abs($0.width - design.containerSize.width) < CLITolerance.screenWidth } ?? false
      outcome.component = (design.containerSize, spansWidth)
    }
    return outcome
  }
}
