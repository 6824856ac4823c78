import Foundation
import TrellisJSON
import TrellisModel
import TrellisSupport
import TrellisText

/// `trellis fix FILE`: the checked fixes of a layout's problems, and `--apply` to write them.
///
/// `package` so that tests check the mismatch message and the verified write.
package struct FixCommand: Command {
  static let spec = CommandSpec(
    name: "fix", abstract: "List checked fixes for a layout's problems, and write them into a JSON layout file.",
    discussion: """
      Solves the layout where 'trellis validate' and 'trellis matrix' do (every device, both \
      orientations, every iPad window; --devices as in matrix), and runs their checks. Under each problem found (ambiguity, a conflict, a \
      negative size, truncated text, a view outside the safe area, an overlap) it lists edits in \
      the file's own notation, each checked: the edited layout was solved in every environment \
      checked, the problem was gone and no new error or warning appeared. With --apply the first \
      fix of each problem is written into the file (a JSON layout; never a storyboard or xib), the \
      fixes checked again together, only the edited spans changing; on a terminal it asks first, \
      elsewhere it needs --yes. The file is written to a temporary file and renamed over the old \
      one, after the new text was read back and solved. The exit status is 1 when problems remain \
      (listed without --apply, or left without a fix).
      """,
    arguments: [
      ArgumentSpec(name: "file", help: "The layout file (JSON), or a .storyboard or .xib to list fixes for.")
    ],
    options: [
      .flag("apply", help: "Write the first fix of each problem into the file."),
      .flag("yes", help: "Write without asking (with --apply)."),
      MatrixCommand.devicesSpec,
      FailurePolicy.suppressSpec, EnvironmentOptions.sceneSpec,
    ] + TextOptions.specs)

  var file: String
  var apply: Bool
  var yes: Bool
  var devices: String?
  var suppressed: [Suppression]
  var scene: String?
  var text: TextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = arguments.argument("file") ?? ""
    apply = arguments.flag("apply")
    yes = arguments.flag("yes")
    devices = arguments.value("devices")
    suppressed = try FailurePolicy.suppressions(from: arguments)
    scene = arguments.value("scene")
    text = try TextOptions(arguments)
    if yes, !apply { throw UsageError("'--yes' confirms '--apply'; give both to write the fixes.") }
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    if apply, InterfaceBuilderFiles.isInterfaceBuilder(file) {
      throw RuntimeError(
        "'\(RawPath.display(file))' is an Interface Builder file: 'trellis fix --apply' writes only JSON layout "
          + "files. Make the edits listed by 'trellis fix' in Interface Builder.")
    }
    let (read, outcome) = try context.readDocument(file, scene: scene)
    let document = text.apply(to: read)
    let settings = try text.settings(for: document, &context)
    let entries = MatrixCommand.entries(
      family: MatrixCommand.family(devices), contentSizes: [.large], placed: outcome.placed,
      rightToLeft: text.rightToLeft)
    let environments = entries.map(\.environment)
    let results = try MatrixCommand.solveAll(document, entries, context.pipeline, text: settings)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions(document.suppressions + suppressed)
    let problems = { (result: LayoutResult) in policy.diagnostics(for: result, designChecks: true) }
    let search = FixSearch(
      document: document, results: results, pipeline: context.pipeline, text: settings, problems: problems)
    let found = search.distinctProblems(problems)
    var shown: [Diagnostic] = []
    for (diagnostic, count) in found {
      var copy = diagnostic
      copy.environments = []
      copy.notes.append(Diagnostic.Note("found in \(count) of the \(environments.count) environments checked"))
      shown.append(copy)
    }
    context.stdout += context.format(shown, source: outcome)
    let fixable = found.filter { !$0.diagnostic.fixes.isEmpty }
    context.stdout +=
      "\(RawPath.display(file)): \(found.count) problem\(found.count == 1 ? "" : "s"), "
      + "\(fixable.count) with a checked fix, in \(environments.count) environments.\n"
    guard apply else { return found.isEmpty ? 0 : 1 }
    guard !fixable.isEmpty else {
      context.stderr += "Nothing to write: no problem has a checked fix.\n"
      return found.isEmpty ? 0 : 1
    }
    // The first fix of each problem, kept only while the fixes taken so far still check together.
    var chosen: [(fix: CheckedFix, target: Diagnostic)] = []
    for (diagnostic, _) in fixable {
      guard let fix = diagnostic.fixes.first else { continue }
      let together = CheckedFix(edits: chosen.flatMap(\.fix.edits) + fix.edits, checkedEnvironments: results.count)
      if search.checker.check(together, removing: chosen.map(\.target) + [diagnostic]) {
        chosen.append((fix, diagnostic))
      }
    }
    let edits = chosen.flatMap(\.fix.edits)
    guard let edited = CheckedFix(edits: edits, checkedEnvironments: results.count).apply(to: document) else {
      throw RuntimeError("the fixes could not be made together; nothing was written")
    }
    let list = chosen.map { "  \($0.fix.edits.map(\.description).joined(separator: " and "))\n" }.joined()
    if !yes {
      let question = "Write \(chosen.count) fix\(chosen.count == 1 ? "" : "es") into \(RawPath.display(file))?\n"
      guard let confirm = context.confirm else {
        throw RuntimeError(
          "'--apply' asks before writing and standard input is not a terminal: give '--yes' to write\n" + question
            + list)
      }
      guard confirm(question + list + "[y/N] ") else {
        context.stderr += "Nothing was written.\n"
        return 1
      }
    }
    let original: [UInt8]
    switch InputFile.read(file, limit: ReaderLimits().maxFileSize) {
    case .success(let bytes): original = bytes
    case .failure(let failure): throw RuntimeError(failure.message)
    }
    let rewritten: [UInt8]
    do {
      rewritten = try FixWriter.apply(edits, to: original, document: read)
    } catch {
      throw RuntimeError(
        "the fixes could not be written into '\(RawPath.display(file))': \(error.message); nothing was written")
    }
    let pipeline = context.pipeline
    try Self.write(rewritten, to: file) { bytes in
      Self.mismatch(
        bytes, file: file, expected: edited, environments: environments, pipeline: pipeline, text: settings,
        prepare: text.apply(to:), problems: problems)
    }
    context.stdout +=
      "Wrote \(chosen.count) fix\(chosen.count == 1 ? "" : "es") into \(RawPath.display(file)):\n" + list
    let left = found.count - chosen.count
    return left == 0 ? 0 : 1
  }

  /// Why the written text is not what was checked, or `nil` when it is: it must read without
  /// an error and solve, everywhere checked, to the same problems as the edited document
  /// (`prepare` makes of the text's document what the command solved: its text options).
  package static func mismatch(
    _ bytes: [UInt8], file: String, expected: LayoutDocument, environments: [Environment], pipeline: Pipeline,
    text settings: TextSettings, prepare: (LayoutDocument) -> LayoutDocument, problems: (LayoutResult) -> [Diagnostic]
  ) -> String? {
    let reread = LayoutReader.parse(bytes: bytes, file: file)
    guard let document = reread.document, !reread.hasErrors else {
      return "the new text does not read: " + (reread.diagnostics.first.map(\.message) ?? "no document")
    }
    let solveWritten = pipeline.makeSolver(prepare(document), settings)
    let solveExpected = pipeline.makeSolver(expected, settings)
    // Locations moved with the edits: compare what each problem is, not where.
    func summary(_ result: LayoutResult?) -> [String] {
      (result.map(problems) ?? []).filter { $0.severity != .note }.map {
        "\($0.code) \($0.subject ?? "") \($0.message)"
      }.sorted()
    }
    for environment in environments {
      let written = solveWritten(environment, false)
      guard written != nil else { return "the new text does not solve" }
      if summary(written) != summary(solveExpected(environment, false)) {
        return "the new text does not solve as the checked fixes do in \(environment)"
      }
    }
    return nil
  }

  /// Writes `bytes` over `path` when `verify` finds nothing wrong with them: to a temporary file
  /// beside it (with the file's permissions), then renamed over it, so that the file is either
  /// as it was or wholly the new text; read back after.
  package static func write(_ bytes: [UInt8], to path: String, verify: ([UInt8]) -> String?) throws(RuntimeError) {
    if let problem = verify(bytes) {
      throw RuntimeError("'\(RawPath.display(path))' was not written: \(problem)")
    }
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).trellis-fix-\(ProcessInfo.processInfo.processIdentifier)")
    do {
      try Data(bytes).write(to: temporary, options: .withoutOverwriting)
      if let permissions = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
      guard rename(temporary.path, path) == 0 else {
        throw RuntimeError("cannot replace '\(RawPath.display(path))': \(String(cString: strerror(errno)))")
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      if let error = error as? RuntimeError { throw error }
      throw RuntimeError("cannot write '\(RawPath.display(path))': \(error.localizedDescription)")
    }
    guard let back = FileManager.default.contents(atPath: path), [UInt8](back) == bytes else {
      throw RuntimeError("'\(RawPath.display(path))' does not read back as written")
    }
  }
}
