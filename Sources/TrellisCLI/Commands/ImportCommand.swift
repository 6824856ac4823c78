import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
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
      .value(
        "scene", valueName: "id", help: "Only this scene: its scene or view id, storyboard identifier, class or title.",
        default: "all"),
      .flag("check", help: "Solve each scene where IB laid it out and compare with the stored frames."),
      ImportCommand.intrinsicSpec(default: .stored),
      .value(
        "format", valueName: "format", allowed: ["text", "github"],
        help: "With --check: the report as text, or GitHub Actions annotations.", default: "text"),
    ] + TextOptions.specs(metric: TextOptions.interfaceBuilderMetric))

  /// `--intrinsic stored|fonts`: how an Interface Builder file's labels and buttons are measured.
  static func intrinsicSpec(default value: IntrinsicSizeSource) -> OptionSpec {
    .value(
      "intrinsic", valueName: "source", allowed: IntrinsicSizeSource.allCases.map(\.rawValue),
      help: "For a .storyboard or .xib, how text is sized: stored (the frames IB stored; exact on its device only) "
        + "or fonts (measured, so it wraps and grows on every screen).",
      default: value.rawValue)
  }

  /// The `--intrinsic` given, else `fallback`.
  static func intrinsic(_ arguments: ParsedArguments, default fallback: IntrinsicSizeSource) -> IntrinsicSizeSource {
    arguments.value("intrinsic").flatMap(IntrinsicSizeSource.init(rawValue:)) ?? fallback
  }

  var file: String
  var output: String?
  var scene: String?
  var check: Bool
  var intrinsic: IntrinsicSizeSource
  var text: TextOptions
  /// `--format github`: annotations instead of the text report.
  var github: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    output = arguments.value("output")
    let scene = arguments.value("scene")
    self.scene = scene == "all" ? nil : scene
    check = arguments.flag("check")
    intrinsic = arguments.value("intrinsic").flatMap(IntrinsicSizeSource.init(rawValue:)) ?? .stored
    text = try TextOptions(arguments)
    github = arguments.value("format") == "github"
    if github && !check { throw UsageError("'--format github' is for '--check'.") }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
      guard check else {
        throw RuntimeError(
          "'\(RawPath.display(file))' is a directory: give --check to check every file in it, or a file.")
      }
      if output != nil || scene != nil { throw RuntimeError("--check DIR takes neither --output nor --scene.") }
      return try checkDirectory(file.hasSuffix("/") && file.count > 1 ? String(file.dropLast()) : file, &context)
    }
    let (scenes, diagnostics, source) = InterfaceBuilderFiles.importing(file, scene: scene, intrinsic: intrinsic)
    if github {
      context.stdout += GitHubAnnotations.render(diagnostics, file: file)
    } else if !diagnostics.isEmpty {
      context.stderr += context.pipeline.formatDiagnostics(diagnostics, source.map { [$0] } ?? [])
    }
    if diagnostics.contains(where: { $0.severity == .error }) {
      throw RuntimeError("'\(RawPath.display(file))' could not be imported.")
    }
    if scenes.isEmpty { throw RuntimeError("'\(RawPath.display(file))' has no scene to import.") }
    if let output { try write(scenes, to: output, &context) }
    if check { return try checkScenes(scenes, &context) }
    if output != nil { return 0 }
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
    for view in scene.document.allViews where !scene.unstoredFrames.contains(view.id) {
      guard let rect = scene.storedFrames[view.id] else { continue }
      frames.append(
        JSONValue.Member(
          view.id, .array([.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)])))
    }
    return .object([
      "sceneID": .string(scene.sceneID),
      "layout": .string(layout),
      "device": environment.deviceName.map(JSONValue.string) ?? .null,
      "deviceSource": .string(scene.deviceSource),
      "orientation": .string((environment.orientation ?? .portrait).rawValue),
      "size": .object([
        "width": .number(environment.containerSize.width), "height": .number(environment.containerSize.height),
      ]),
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
      // A cell's content view is laid out as in its table: the table's width its margins follow,
      // its accessory, its height not fitted (null for a screen).
      // sideMargin: the content view's side margins where IB's canvas does not take them from
      // a table (null: the table's).
      "cell": environment.cell.map { cell in
        .object([
          "hostWidth": .number(cell.hostWidth), "table": .bool(cell.isTableCell),
          "accessory": .string(cell.accessory.rawValue), "fitsHeight": .bool(cell.fitsHeight),
          "sideMargin": cell.sideMargin.map(JSONValue.number) ?? .null,
        ])
      } ?? .null,
      "storedFrames": .object(frames),
      "ids": .array(scene.ids.map { .object(["ib": .string($0.ib), "trellis": .string($0.trellis)]) }),
    ])
  }

  /// One scene's check: the views whose solved frame is more than 1/scale pt from the stored one.
  struct SceneCheck {
    struct Difference {
      var id: String
      var stored: Rect
      var solved: Rect
      /// `misplaced` or `ambiguous` when IB marks the stored frame stale.
      var mark: String?
    }
    var scene: ImportedScene
    var viewCount: Int
    var differences: [Difference]
    var errors: [Diagnostic]
    var ambiguous: [String]
    /// Hidden arranged views before a stack's first or after its last visible view whose stored
    /// position along the stack differs from the solved one: not compared (IB stores it at no
    /// fixed place; docs/import.md, "Hidden views at a stack's ends").
    var floatingHidden: [Difference] = []
    /// Views laid out whose file stores no frame (``ImportedScene/unstoredFrames``): not compared.
    var unstored: [String] = []

    var passes: Bool { differences.isEmpty && errors.isEmpty }
    /// Whether every stored frame reproduces but the file leaves some view's frame out: such a
    /// scene says nothing about those views, so the summary counts it apart. (A root without a
    /// frame is sized by its screen or its cell, and its views are all compared.)
    var passesWithoutSomeFrames: Bool { passes && unstored.contains { $0 != scene.document.root.id } }
    /// Whether the scene's required constraints cannot all hold.
    var conflicts: Bool { errors.contains { $0.kind == .conflict } }
    /// Whether IB itself marks some stored frame of the scene stale.
    var marksStale: Bool { !scene.staleFrames.isEmpty }
    /// The codes of what the scene's import left out (`ib-unsupported`, `ib-size-from-code`), by count.
    var notImported: [String: Int] {
      scene.diagnostics.filter { ["ib-unsupported", "ib-size-from-code"].contains($0.code.rawValue) }.reduce(into: [:])
      { $0[$1.code.rawValue, default: 0] += 1 }
    }

    /// The scene's findings as GitHub annotations: each differing frame at its view's element
    /// in the file (the scene's file when unknown), and the errors solving found.
    func annotations(file: String) -> [GitHubAnnotations.Annotation] {
      guard !passes else { return [] }
      var out: [GitHubAnnotations.Annotation] = []
      let locations = Dictionary(
        scene.document.allViews.compactMap { view in view.location.map { (view.id, $0) } },
        uniquingKeysWith: { first, _ in first })
      let tolerance = "1/\(fmt(scene.environment.scale)) pt"
      for difference in differences {
        let location = locations[difference.id]
        var message =
          "\(scene.name): '\(difference.id)' is stored at \(difference.stored) and solved at \(difference.solved) "
          + "in \(scene.environment) (more than \(tolerance) apart)"
        if let mark = difference.mark { message += "; IB marks it \(mark)" }
        out.append(
          GitHubAnnotations.Annotation(
            command: "error", file: location?.file ?? file, line: location?.line, column: location?.column,
            title: "trellis frame differs from IB", message: message))
      }
      out += errors.map { GitHubAnnotations.annotation($0, file: file) }
      return out
    }

    /// The scene's header line and its differing frames, each with IB's mark when it has one.
    func report(indent: String) -> String {
      let header = "\(indent)\(scene.name) (\(scene.sceneID)) in \(scene.environment)"
      var floating = ""
      for view in floatingHidden {
        floating +=
          "\(indent)  \(view.id): hidden at a stack's end, its position along the stack not compared "
          + "(stored \(view.stored), solved \(view.solved))\n"
      }
      // Views IB never laid out: the file stores no frame to compare with.
      let unstoredLine =
        unstored.isEmpty
        ? ""
        : "\(indent)  no frame in the file (never laid out in IB), so not compared: \(unstored.joined(separator: ", "))\n"
      if passes {
        let compared = viewCount - unstored.count
        let counted = unstored.isEmpty ? "" : " stored"
        return "\(header): \(compared == 1 ? "the 1\(counted) frame" : "all \(compared)\(counted) frames") as stored\n"
          + unstoredLine + floating
      }
      var text =
        "\(header): \(differences.count) of \(viewCount == 1 ? "the 1 frame" : "\(viewCount) frames") "
        + "\(differences.count == 1 ? "differs" : "differ") by more than 1/\(fmt(scene.environment.scale)) pt"
      let marked = Set(scene.staleFrames.values).sorted()
      if !marked.isEmpty { text += " (IB marks stored frames \(marked.joined(separator: " and ")))" }
      text += "\n"
      for difference in differences {
        text += "\(indent)  \(difference.id): stored \(difference.stored), solved \(difference.solved)"
        if let mark = difference.mark { text += " [\(mark) in IB]" }
        text += "\n"
      }
      if let conflict = errors.first(where: { $0.kind == .conflict }) {
        text += "\(indent)  required constraints conflict: \(conflict.message)\n"
      }
      if !ambiguous.isEmpty {
        // An ambiguous view's frame is any of many: the stored one need not be the one solved.
        text += "\(indent)  ambiguous in this layout, so not comparable: \(ambiguous.joined(separator: ", "))\n"
      }
      return text + unstoredLine + floating
    }
  }

  /// Solves `scene` in its stored environment with pixel snapping and compares with the stored frames.
  func check(_ scene: ImportedScene, _ context: inout CommandContext) throws -> SceneCheck {
    let settings = try text.settings(for: scene.document, &context)
    guard let result = context.pipeline.makeSolver(scene.document, settings)(scene.environment, true) else {
      throw RuntimeError.noEngine
    }
    let tolerance = CLITolerance.storedFrame(scale: scene.environment.scale)
    var differences: [SceneCheck.Difference] = []
    var floatingHidden: [SceneCheck.Difference] = []
    let floating = Self.hiddenAtStackEnds(scene.document.root, traits: scene.environment.traits)
    // How far each floating hidden view (and so everything inside it) is moved along its stack.
    var shift: [String: (dx: Double, dy: Double)] = [:]
    var unstored: [String] = []
    for view in result.views {
      if scene.unstoredFrames.contains(view.id) {
        unstored.append(view.id)
        continue
      }
      guard let stored = scene.storedFrames[view.id] else { continue }
      var frame = view.frame
      if let inherited = view.parent.flatMap({ shift[$0] }) {
        shift[view.id] = inherited
      }
      if let axis = floating[view.id] {
        let offset = shift[view.id] ?? (0, 0)
        let dx = axis == .horizontal ? frame.x - offset.dx - stored.x : 0
        let dy = axis == .vertical ? frame.y - offset.dy - stored.y : 0
        if max(abs(dx), abs(dy)) > tolerance {
          floatingHidden.append(.init(id: view.id, stored: stored, solved: frame, mark: nil))
        }
        shift[view.id] = (offset.dx + dx, offset.dy + dy)
      }
      if let offset = shift[view.id] {
        frame = Rect(x: frame.x - offset.dx, y: frame.y - offset.dy, width: frame.width, height: frame.height)
      }
      let worst = max(
        abs(frame.x - stored.x), abs(frame.y - stored.y), abs(frame.width - stored.width),
        abs(frame.height - stored.height))
      if worst > tolerance {
        differences.append(.init(id: view.id, stored: stored, solved: view.frame, mark: scene.staleFrames[view.id]))
      }
    }
    return SceneCheck(
      scene: scene, viewCount: result.views.count, differences: differences,
      errors: result.diagnostics.filter { $0.severity == .error }, ambiguous: result.ambiguousViews.map(\.id),
      floatingHidden: floatingHidden, unstored: unstored)
  }

  /// The hidden arranged views of every stack under `root` that come before its first or after
  /// its last visible arranged view (all of them when none is visible), with the stack's axis.
  /// UIKit ties no visible frame to where these lie along the stack, and IB's stored frames put
  /// them at no fixed place (docs/import.md, "Hidden views at a stack's ends").
  static func hiddenAtStackEnds(_ root: ViewNode, traits: TraitCollection) -> [String: StackAxis] {
    var found: [String: StackAxis] = [:]
    var pending = [root]
    while let view = pending.popLast() {
      let children = view.children.filter { $0.installed.resolved(for: traits) }
      pending += children
      guard let stack = view.stack else { continue }
      let axis = stack.axis.resolved(for: traits)
      let visible = children.indices.filter { !children[$0].hidden.resolved(for: traits) }
      for (index, child) in children.enumerated() where child.hidden.resolved(for: traits) {
        if let first = visible.first, let last = visible.last, index > first, index < last { continue }
        found[child.id] = axis
      }
    }
    return found
  }

  /// Solves every scene in its stored environment, snapped, and lists the frames that differ.
  func checkScenes(_ scenes: [ImportedScene], _ context: inout CommandContext) throws -> Int32 {
    var failing = 0
    for scene in scenes {
      let result = try check(scene, &context)
      if github {
        context.stdout += GitHubAnnotations.render(result.annotations(file: file))
        if !result.passes { failing += 1 }
        continue
      }
      context.stdout += result.report(indent: "")
      if !result.passes {
        failing += 1
        if !result.errors.isEmpty { context.stderr += context.pipeline.formatDiagnostics(result.errors, []) }
      }
    }
    if failing > 0 {
      context.stderr +=
        scenes.count == 1
        ? "the 1 scene differs from its stored frames.\n"
        : "\(failing) of \(scenes.count) scenes \(failing == 1 ? "differs" : "differ") from their stored frames.\n"
    }
    return failing > 0 ? 1 : 0
  }

  /// `--check DIR`: every `.storyboard` and `.xib` under `directory`, one line per file and
  /// scene, then a summary that sorts the differing scenes by cause.
  func checkDirectory(_ directory: String, _ context: inout CommandContext) throws -> Int32 {
    let files = Self.interfaceBuilderFiles(under: directory)
    if files.isEmpty { throw RuntimeError("'\(RawPath.display(directory))' holds no .storyboard or .xib file.") }
    var summary = DirectorySummary()
    for path in files {
      let shown = path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
      let (scenes, diagnostics, _) = InterfaceBuilderFiles.importing(path, intrinsic: intrinsic)
      if let error = diagnostics.first(where: { $0.severity == .error }) {
        summary.refused[error.code.rawValue, default: 0] += 1
        if github {
          context.stdout += GitHubAnnotations.render([GitHubAnnotations.annotation(error, file: path)])
        } else {
          context.stdout += "\(shown): not imported: \(error.message) [\(error.code.rawValue)]\n"
        }
        continue
      }
      if scenes.isEmpty {
        // Why: the first warning that says what the document holds instead (a cell, a table).
        let reason = diagnostics.first { $0.code == "ib-unsupported" }?.message ?? "no view to lay out"
        let kind = diagnostics.contains { $0.code == "ib-cell" } ? "cells" : "no view"
        summary.noScene[kind, default: 0] += 1
        context.stdout += "\(shown): no scene: \(diagnostics.first { $0.code == "ib-cell" }?.message ?? reason)\n"
        continue
      }
      summary.filesWithScenes += 1
      context.stdout += "\(shown): \(scenes.count) scene\(scenes.count == 1 ? "" : "s")\n"
      for scene in scenes {
        let result = try check(scene, &context)
        if github {
          context.stdout += GitHubAnnotations.render(result.annotations(file: path))
        } else {
          context.stdout += result.report(indent: "  ")
        }
        summary.add(result, file: shown)
      }
    }
    if github {
      context.stderr += summary.text(files: files.count)
    } else {
      context.stdout += summary.text(files: files.count)
    }
    return summary.differing > 0 ? 1 : 0
  }

  /// The counts `--check DIR` ends with.
  struct DirectorySummary {
    var refused: [String: Int] = [:]
    var noScene: [String: Int] = [:]
    var filesWithScenes = 0
    var scenes = 0
    var reproduced = 0
    var reproducedStale = 0
    /// Scenes that reproduce every stored frame but whose file stores none for some view.
    var withoutSomeFrames: [String] = []
    var stale: [String] = []
    var notImported: [String] = []
    var notImportedCodes: [String: Int] = [:]
    var conflicting: [String] = []
    var wrong: [String] = []
    /// Cell scenes (``ImportedScene/isCell``): how many, how many reproduce, how many IB marks
    /// stale (and, of those, how many reproduce all the same).
    var cells = (scenes: 0, reproduced: 0, stale: 0, reproducedStale: 0, withoutSomeFrames: 0)
    var differing: Int { stale.count + notImported.count + conflicting.count + wrong.count }

    mutating func add(_ result: SceneCheck, file: String) {
      scenes += 1
      if result.scene.isCell {
        cells.scenes += 1
        if result.passes { cells.reproduced += 1 }
        if result.marksStale { cells.stale += 1 }
        if result.passes, result.marksStale { cells.reproducedStale += 1 }
        if result.passesWithoutSomeFrames, !result.marksStale { cells.withoutSomeFrames += 1 }
      }
      let name = "\(file) \(result.scene.name)"
      if result.passes {
        reproduced += 1
        if result.marksStale {
          reproducedStale += 1
        } else if result.passesWithoutSomeFrames {
          withoutSomeFrames.append(name)
        }
      } else if result.marksStale {
        stale.append(name)
      } else if !result.notImported.isEmpty {
        notImported.append(name)
        for (code, count) in result.notImported { notImportedCodes[code, default: 0] += count }
      } else {
        if result.conflicts { conflicting.append(name) } else { wrong.append(name) }
      }
    }

    func text(files: Int) -> String {
      func counted(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      }
      var text = "\nSummary: \(files) files"
      let refusedCount = refused.values.reduce(0, +)
      let noSceneCount = noScene.values.reduce(0, +)
      text += "; \(refusedCount) not imported" + (refused.isEmpty ? "" : " (\(counted(refused)))")
      text += "; \(noSceneCount) with no scene to lay out" + (noScene.isEmpty ? "" : " (\(counted(noScene)))")
      text += "; \(filesWithScenes) with \(scenes) scenes.\n"
      // Each cause, then its scenes (file and scene name), so a reader can go to them.
      func cause(_ names: [String], _ line: String) -> String {
        "  \(names.count) \(line)\n" + names.map { "    \($0)\n" }.joined()
      }
      text += "\(reproduced) of \(scenes) scenes reproduce every stored frame"
      if !withoutSomeFrames.isEmpty {
        text +=
          ", \(withoutSomeFrames.count) of them with views whose file stores no frame (never laid out in IB; "
          + "left out of the share below):\n" + withoutSomeFrames.map { "    \($0)\n" }.joined()
      } else {
        text += "; "
      }
      text += "\(differing) differ:\n"
      text += cause(stale, "whose stored frames IB itself marks misplaced or ambiguous")
      text += cause(
        notImported,
        "with features not imported" + (notImportedCodes.isEmpty ? "" : " (\(counted(notImportedCodes)) warnings)"))
      text += cause(conflicting, "whose required constraints conflict (UIKit breaks one; IB stored another way)")
      text += cause(wrong, "whose frames Trellis gets wrong")
      let trusted = scenes - stale.count - reproducedStale - withoutSomeFrames.count
      let trustedReproduced = reproduced - reproducedStale - withoutSomeFrames.count
      let percent = trusted > 0 ? Double(trustedReproduced) / Double(trusted) * 100 : 100
      let which = withoutSomeFrames.isEmpty ? "IB does not mark stale" : "IB neither marks stale nor leaves out"
      text +=
        "Of the \(trusted) scenes whose stored frames \(which), \(trustedReproduced) reproduce "
        + "every frame (\(NumberFormat.fixed(percent, decimals: 1)) %).\n"
      if cells.scenes > 0 {
        let trusted = cells.scenes - cells.stale - cells.withoutSomeFrames
        let reproduced = cells.reproduced - cells.reproducedStale - cells.withoutSomeFrames
        let share = trusted > 0 ? Double(reproduced) / Double(trusted) * 100 : 100
        text +=
          "Of them, \(cells.scenes) are cells: of the \(trusted) whose stored frames \(which), "
          + "\(reproduced) reproduce every frame (\(NumberFormat.fixed(share, decimals: 1)) %).\n"
      }
      return text
    }
  }

  /// The `.storyboard` and `.xib` files under `directory`, recursively, sorted by path.
  static func interfaceBuilderFiles(under directory: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      let path = (directory as NSString).appendingPathComponent(relative)
      if InterfaceBuilderFiles.isInterfaceBuilder(path) { found.append(path) }
    }
    return found.sorted()
  }
}
