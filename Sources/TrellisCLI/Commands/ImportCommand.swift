import Foundation
import TrellisImport
import TrellisLayout
import TrellisSupport

/// `trellis import FILE`: Interface Builder scenes as layout files, and a check of the stored frames.
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", abstract: "Read a .storyboard or .xib into layout files, or check it against its stored frames.",
    discussion: """
      Each scene (a storyboard's view controller's view, a xib's top-level view) becomes one layout \
      file, named after its storyboard identifier, custom class or title. With --output, the layouts \
      and FILE's manifest (FILE-name.manifest.json: per scene the device, orientation, size, traits, \
      scale and safe area IB used, every stored frame, and the map from IB ids to Trellis ids) are \
      written to that directory; without it, the one scene's layout is printed. --check solves each \
      scene in its stored environment with pixel snapping and lists every view whose frame is more \
      than 1/scale pt from the stored one; the exit status is 1 if there are any. What is not \
      imported is a warning with a location (docs/import.md).
      """,
    arguments: [ArgumentSpec(name: "file", help: "The .storyboard or .xib file.")],
    options: [
      .value("output", valueName: "dir", help: "Write the layouts and the manifest into this directory."),
      .value("scene", valueName: "id", help: "Only this scene: its scene or view id, storyboard identifier, class or title.", default: "all"),
      .flag("check", help: "Solve each scene where IB laid it out and compare with the stored frames."),
      .value(
        "intrinsic", valueName: "source", allowed: IntrinsicSizeSource.allCases.map(\.rawValue),
        help: "Text and control sizes: stored (the frames IB stored; exact on its device) or fonts (measured).",
        default: "stored"),
    ] + TextOptions.specs)

  var file: String
  var output: String?
  var scene: String?
  var check: Bool
  var intrinsic: IntrinsicSizeSource
  var text: TextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    output = arguments.value("output")
    let scene = arguments.value("scene")
    self.scene = scene == "all" ? nil : scene
    check = arguments.flag("check")
    intrinsic = arguments.value("intrinsic").flatMap(IntrinsicSizeSource.init(rawValue:)) ?? .stored
    text = try TextOptions(arguments)
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let (scenes, diagnostics) = InterfaceBuilderImporter.read(contentsOf: file, scene: scene, intrinsic: intrinsic)
    let source = FileManager.default.contents(atPath: file).map { SourceText(file: file, bytes: Array($0)) }
    if !diagnostics.isEmpty {
      context.stderr += context.pipeline.formatDiagnostics(diagnostics, source.map { [$0] } ?? [])
    }
    if diagnostics.contains(where: { $0.severity == .error }) {
      throw RuntimeError("'\(RawPath.display(file))' could not be imported.")
    }
    if scenes.isEmpty { throw RuntimeError("'\(RawPath.display(file))' has no scene to import.") }
    if check { return try checkScenes(scenes, &context) }
    if let output {
      try write(scenes, to: output, &context)
      return 0
    }
    guard scenes.count == 1, let only = scenes.first else {
      throw RuntimeError(
        "'\(RawPath.display(file))' has \(scenes.count) scenes (\(scenes.map(\.name).joined(separator: ", "))); "
          + "give --output DIR to write them all, or --scene to choose one.")
    }
    context.stdout += LayoutWriter.json(only.document)
    return 0
  }

  /// The layouts, then the manifest, into `directory` (made if missing).
  func write(_ scenes: [ImportedScene], to directory: String, _ context: inout CommandContext) throws(RuntimeError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw RuntimeError("--output '\(RawPath.display(directory))' is a file; give a directory.")
      }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw RuntimeError("the directory '\(RawPath.display(directory))' could not be made.")
      }
    }
    var entries: [JSONValue] = []
    for scene in scenes {
      let name = scene.name + ".json"
      try OutputFile.write(
        LayoutWriter.json(scene.document), to: (directory as NSString).appendingPathComponent(name), inputs: [file])
      entries.append(Self.manifestEntry(scene, layout: name))
      context.stderr += "wrote \((directory as NSString).appendingPathComponent(name))\n"
    }
    let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    let manifestPath = (directory as NSString).appendingPathComponent(base + ".manifest.json")
    let manifest = JSONValue.object([
      "source": .string(file), "scenes": .array(entries),
    ])
    try OutputFile.write(manifest.prettyPrinted(), to: manifestPath, inputs: [file])
    context.stderr += "wrote \(manifestPath)\n"
  }

  static func manifestEntry(_ scene: ImportedScene, layout: String) -> JSONValue {
    let environment = scene.environment
    let insets = environment.safeAreaInsets
    // In document order, as the layout lists the views.
    var frames: [JSONValue.Member] = []
    for view in scene.document.allViews {
      guard let rect = scene.storedFrames[view.id] else { continue }
      frames.append(
        JSONValue.Member(view.id, .array([.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)])))
    }
    return .object([
      "sceneID": .string(scene.sceneID),
      "layout": .string(layout),
      "device": environment.deviceName.map(JSONValue.string) ?? .null,
      "deviceSource": .string(scene.deviceSource),
      "orientation": .string((environment.orientation ?? .portrait).rawValue),
      "size": .object(["width": .number(environment.containerSize.width), "height": .number(environment.containerSize.height)]),
      "traits": .object([
        "horizontal": .string(environment.traits.horizontal.rawValue),
        "vertical": .string(environment.traits.vertical.rawValue),
      ]),
      "scale": .number(environment.scale),
      "safeArea": .object([
        "top": .number(insets.top), "left": .number(insets.left), "bottom": .number(insets.bottom),
        "right": .number(insets.right),
      ]),
      "safeAreaSource": .string(scene.safeAreaSource),
      "storedFrames": .object(frames),
      "ids": .array(scene.ids.map { .object(["ib": .string($0.ib), "trellis": .string($0.trellis)]) }),
    ])
  }

  /// Solves every scene in its stored environment, snapped, and lists the frames that differ.
  func checkScenes(_ scenes: [ImportedScene], _ context: inout CommandContext) throws -> Int32 {
    var failing = 0
    for scene in scenes {
      let settings = try text.settings(for: scene.document, &context)
      guard let result = context.pipeline.makeSolver(scene.document, settings)(scene.environment, true) else {
        throw RuntimeError.noEngine
      }
      let tolerance = 1 / max(1, scene.environment.scale) + 1e-6
      var differences: [String] = []
      for view in result.views {
        guard let stored = scene.storedFrames[view.id] else { continue }
        let frame = view.frame
        let worst = max(
          abs(frame.x - stored.x), abs(frame.y - stored.y), abs(frame.width - stored.width),
          abs(frame.height - stored.height))
        if worst > tolerance { differences.append("  \(view.id): stored \(stored), solved \(frame)") }
      }
      let errors = result.diagnostics.filter { $0.severity == .error }
      let header = "\(scene.name) (\(scene.sceneID)) in \(scene.environment)"
      if differences.isEmpty && errors.isEmpty {
        context.stdout += "\(header): all \(result.views.count) frames as stored\n"
      } else {
        failing += 1
        context.stdout +=
          "\(header): \(differences.count) of \(result.views.count) frames differ by more than 1/\(fmt(scene.environment.scale)) pt\n"
        context.stdout += differences.map { $0 + "\n" }.joined()
        if !result.ambiguousViews.isEmpty {
          // An ambiguous view's frame is any of many: the stored one need not be the one solved.
          context.stdout +=
            "  ambiguous in this layout, so not comparable: \(result.ambiguousViews.map(\.id).joined(separator: ", "))\n"
        }
        if !errors.isEmpty { context.stderr += context.pipeline.formatDiagnostics(errors, []) }
      }
    }
    if failing > 0 { context.stderr += "\(failing) of \(scenes.count) scenes differ from their stored frames.\n" }
    return failing > 0 ? 1 : 0
  }
}
