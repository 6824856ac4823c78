import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis preview FILE...`: one self-contained HTML page showing the layouts in every
/// environment of the matrix, for a browser.
struct PreviewCommand: Command {
  static let spec = CommandSpec(
    name: "preview", abstract: "Write an HTML page that shows a layout on every device, for a browser.",
    discussion: """
      The page covers every environment of the matrix (each device in portrait and landscape, \
      and the iPads' Split View windows): pick a device, an orientation and a Split View width; \
      the page shows the size classes, draws the frames (hidden views dashed, the safe area in \
      blue), lists the diagnostics 'matrix' checks, and on hover shows a view's frame and the \
      constraints that place it, with the arithmetic behind its x, y, width and height (as 'trellis \
      why' explains them). A .storyboard or .xib with several scenes (its prototype cells \
      included), or several files, make one page with a scene picker that lists the screens, \
      then the cells; a cell is laid out in each environment's table and fitted to its content \
      (--scene picks one scene of a file). The page is one file with inline style and script \
      and loads nothing. It opens on the iPhone 17 and keeps the environment picked in its \
      address: open one directly with page.html#device=iPad&orientation=landscape&window=1/2 \
      (and scene=NAME). The exit status is 0 when the page is written, whatever the \
      environments' statuses; a scene with errors is left out of the page, with its errors.
      """,
    arguments: [
      ArgumentSpec(
        name: "file", help: "Layout files (JSON), .storyboard or .xib files; several make one page.", isVariadic: true)
    ],
    options: [
      MatrixCommand.devicesSpec,
      .value("output", valueName: "path", help: "The page to write (else standard output)."),
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var files: [String]
  var output: String?
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.arguments("file")
    if files.isEmpty { files = [""] }
    output = arguments.value("output")
    options = try MatrixOptions(arguments)
    if files.count > 1, options.scene != nil {
      throw UsageError("--scene picks a scene of one file; give one file with it, or leave it out to show every scene")
    }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    var scenes: [PreviewPage.Scene] = []
    var left: [String] = []
    var failing = 0
    for (name, read) in try layouts(&context) {
      guard let read else {
        left.append(name)
        continue
      }
      let (solved, policy) = try options.solveExplaining(read, &context)
      let environments = solved.map { entry, result, explanations in
        let check = LayoutCheck(result, policy: policy)
        if check.status.isFailure { failing += 1 }
        var environment = PreviewPage.Environment(
          device: entry.device.name, orientation: entry.orientation.rawValue, window: entry.window,
          status: check.status.rawValue, problem: check.problem,
          diagnostics: policy.diagnostics(for: result, designChecks: true), result: result)
        environment.explanations = explanations
        return environment
      }
      scenes.append(
        PreviewPage.Scene(name: name, kind: read.0.cell == nil ? .screen : .cell, environments: environments))
    }
    guard !scenes.isEmpty else {
      throw RuntimeError(
        "no scene could be laid out (\(left.joined(separator: ", ")) \(left.count == 1 ? "has" : "have") errors); nothing was written."
      )
    }
    let title = files.count == 1 ? RawPath.display(files[0]) : "\(files.count) files"
    let page = PreviewPage.render(scenes: scenes, title: title, defaultDevice: EnvironmentOptions.defaultDeviceName)
    try context.emit(page, to: output, inputs: files)
    if let output, output != "-", OutputFile.stream(output) == nil {
      var what = "\(scenes.map(\.environments.count).reduce(0, +)) environments, \(failing) with problems"
      if scenes.count > 1 {
        let cells = scenes.filter { $0.kind == .cell }.count
        let screens = scenes.count - cells
        what =
          "\(scenes.count) scenes (\(screens) screen\(screens == 1 ? "" : "s"), \(cells) cell\(cells == 1 ? "" : "s")), "
          + what
      }
      if !left.isEmpty { what += "; left out for errors: \(left.joined(separator: ", "))" }
      context.stderr += "wrote \(RawPath.display(output)): \(what).\n"
    }
    return 0
  }

  /// The layouts of the page, in the files' order, each named as the scene picker lists it: a
  /// file, or `FILE: SCENE` for each scene of an Interface Builder file with several (unless
  /// --scene picks one). A scene that cannot be laid out comes with no document, its errors
  /// printed; a single layout with errors fails the command as `solve` does.
  private func layouts(_ context: inout CommandContext) throws -> [(name: String, read: (LayoutDocument, ReadOutcome)?)]
  {
    var out: [(name: String, read: (LayoutDocument, ReadOutcome)?)] = []
    for file in files {
      let display = RawPath.display(file)
      if options.scene == nil, InterfaceBuilderFiles.isInterfaceBuilder(file) {
        let all = InterfaceBuilderFiles.readAll(file, intrinsic: options.intrinsic)
        if all.scenes.count > 1 {
          if !all.file.diagnostics.isEmpty { context.stderr += context.format(all.file.diagnostics, source: all.file) }
          // The importer builds no scene that has an error: its errors are the file's.
          if all.file.diagnostics.contains(where: { $0.severity == .error }) {
            out.append(("the scenes of \(display) with the errors above", nil))
          }
          for (scene, outcome) in all.scenes {
            let name = files.count == 1 ? scene.name : "\(display): \(scene.name)"
            if !outcome.diagnostics.isEmpty { context.stderr += context.format(outcome.diagnostics, source: outcome) }
            guard let document = outcome.document, !outcome.diagnostics.contains(where: { $0.severity == .error })
            else {
              out.append((name, nil))
              continue
            }
            out.append((name, (options.text.apply(to: document), outcome)))
          }
          continue
        }
      }
      out.append((display, try options.read(file, &context)))
    }
    return out
  }
}
