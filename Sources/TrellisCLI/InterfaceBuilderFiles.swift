import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel

/// `.storyboard` and `.xib` files where a layout file is accepted: imported on the fly.
enum InterfaceBuilderFiles {
  static func isInterfaceBuilder(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "storyboard" || ext == "xib"
  }

  /// The scene `scene` (or the file's only scene) as a read layout, with the environment IB used.
  static func read(_ path: String, scene: String?, intrinsic: IntrinsicSizeSource = .stored) -> ReadOutcome {
    let (scenes, diagnostics) = InterfaceBuilderImporter.read(contentsOf: path, scene: scene, intrinsic: intrinsic)
    let source = FileManager.default.contents(atPath: path).map { SourceText(file: path, bytes: Array($0)) }
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
    var outcome = ReadOutcome(
      document: only.document, diagnostics: all, source: source, designEnvironment: only.environment)
    if only.isComponent {
      let design = only.environment
      let screen = design.deviceName.flatMap { DeviceTable.device(named: $0) }?.size(design.orientation ?? .portrait)
      let spansWidth = screen.map { abs($0.width - design.containerSize.width) < CLITolerance.screenWidth } ?? false
      outcome.component = (design.containerSize, spansWidth)
    }
    return outcome
  }
}
