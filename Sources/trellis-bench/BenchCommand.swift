import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisSupport

/// The workloads trellis-bench knows, in run order, and the files they come from.
enum WorkloadCatalog {
  /// Where a workload's file lives.
  enum Folder {
    /// The kiwi workload folder (`--bench-dir`, default Benchmarks/Workloads at the package root).
    case bench
    /// The package's example layouts (`--layouts-dir`, default Layouts/ at the package root).
    case layouts
    /// No file: the workload generates its input.
    case generated
  }

  struct Entry {
    var name: String
    var file: String
    var folder: Folder = .bench
    var load: (String) throws(BenchInputError) -> any Workload
  }

  static var entries: [Entry] {
    [
      Entry(name: "enaml-like", file: "enaml-like.json") { path throws(BenchInputError) in
        EnamlWorkload(data: try EnamlData(path: path))
      },
      Entry(name: "adddel-900", file: "adddel-900.json") { path throws(BenchInputError) in
        AddDelWorkload(data: try AddDelData(path: path), fullRepetitions: 5)
      },
      Entry(name: "adddel-300", file: "adddel-300.json") { path throws(BenchInputError) in
        AddDelWorkload(data: try AddDelData(path: path), fullRepetitions: 11)
      },
      Entry(name: "concentration-relayout", file: "concentration.json", folder: .layouts) {
        path throws(BenchInputError) in
        RelayoutWorkload(document: try readLayout(path))
      },
      Entry(name: "floor", file: "concentration.json", folder: .layouts) { path throws(BenchInputError) in
        FloorWorkload(document: try readLayout(path))
      },
      Entry(name: "scaling", file: "", folder: .generated) { _ throws(BenchInputError) in
        try ScalingWorkload()
      },
      Entry(name: "wrapping", file: "", folder: .generated) { _ throws(BenchInputError) in
        try WrappingWorkload()
      },
      Entry(name: "cells", file: "message-cell.json", folder: .layouts) { path throws(BenchInputError) in
        try CellsWorkload(document: try readLayout(path))
      },
    ]
  }

  static var names: [String] { entries.map(\.name) }

  /// A layout file, which must read without errors.
  static func readLayout(_ path: String) throws(BenchInputError) -> LayoutDocument {
    let read = LayoutReader.read(contentsOf: path)
    guard let document = read.document, !read.hasErrors else {
      throw BenchInputError(message: "the layout '\(path)' does not read cleanly:\n\(read.renderedDiagnostics)")
    }
    return document
  }
}

/// The parsed command line.
struct BenchOptions {
  var benchDirectory: String?
  var layoutsDirectory: String?
  var quick = false
  var json = false
  var workloads: [String] = []
  var modes: [Solver.Mode]?
  var only: (workload: String, measurement: String)?
  var iterations: Int?
  var listRegions = false
  var checkData = false
  var verbose = false
  /// Where to write the scaling workload's curves as SVG (strict mode's medians).
  var scalingSVG: String?
}

extension BenchOptions {
  /// The options `BenchCommand.spec` parsed, with the checks that span several of them.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    quick = parsed.flag("quick")
    json = parsed.flag("json")
    verbose = parsed.flag("verbose")
    listRegions = parsed.flag("list-regions")
    checkData = parsed.flag("check-data")
    benchDirectory = parsed.value("bench-dir")
    layoutsDirectory = parsed.value("layouts-dir")
    scalingSVG = parsed.value("scaling-svg")
    workloads = parsed.values("workload")
    switch parsed.value("mode") {
    case "strict"?: modes = [.strict]
    case "weighted"?: modes = [.weighted]
    case "both"?: modes = [.strict, .weighted]
    default: modes = nil
    }
    if let value = parsed.value("only") {
      let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2, WorkloadCatalog.names.contains(parts[0]), !parts[1].isEmpty else {
        throw UsageError(
          "The value '\(value)' is invalid for '--only <region>'. Expected <workload>/<measurement>, e.g. enaml-like/resize (workloads: \(WorkloadCatalog.names.joined(separator: ", "))); see --list-regions."
        )
      }
      only = (parts[0], parts[1])
    }
    iterations = try parsed.integer("iterations", valueName: "n", in: 1...100_000_000)
    if only != nil, let modes, modes.count > 1 {
      throw UsageError("'--only' runs one mode; use --mode strict or --mode weighted.")
    }
    if iterations != nil, only == nil {
      throw UsageError("'--iterations' applies only with '--only'.")
    }
  }
}

/// `trellis-bench`: times the solver on kiwi's workloads and checks kiwi's answers.
enum BenchCommand {
  /// The options and their help, parsed and shown by the CLI's parser (TrellisSupport's
  /// `ArgumentParser` and `HelpFormatter`).
  static let spec: CommandSpec = {
    var spec = CommandSpec(
      name: "trellis-bench",
      abstract: "Times the Trellis solver on kiwi's benchmark workloads and checks kiwi's answers.",
      discussion: """
        Replays enaml-like.json, adddel-900.json and adddel-300.json (Benchmarks/Workloads at the \
        package root) in both solver modes (strict and weighted), checks every golden state, then \
        times each measurement and prints the median, min–max and the ratio to kiwi's median. \
        concentration-relayout lays out Layouts/concentration.json fresh and on a live engine; its \
        golden check is a fresh engine's frames. Exits 1 if any golden check mismatches.

        For valgrind --tool=callgrind, one timed region and nothing else:
          trellis-bench --only <workload>/<measurement> [--iterations <n>] [--mode <mode>]

        MEASUREMENTS:
          enaml-like  build                create the solver and 37 variables, make the 111 constraints, add the
                                           2 edit variables and the 111 constraints, drop it all (per build)
                      resize               suggest width and height, read all 37 values, cycling the 6 sizes
                      forced_pivot_resize  the same, alternating 50×30 and 1000×900 (20–42 pivots each)
          adddel-N    add                  add the accepted constraints to a solver holding the stays, read values
                      resolve              suggest both edit variables (1.001 × last value), read values (per resolve)
                      remove               remove the accepted constraints in order
                      add_all_in_order     add all N constraints in order, unsatisfiable ones rejected and rolled back
                                           (kiwi's figure does not roll back: shown, not compared)
          concentration-relayout           Layouts/concentration.json through LayoutEngine (no ambiguity check);
                                           speed-up = fresh's median / the measurement's
                      fresh                a new engine and its layout in iPhone 8 portrait (per layout)
                      rotate_traits        iPhone 8 portrait <-> landscape on one engine that has seen both (per layout)
                      rotate_size          iPad portrait <-> landscape on one engine that has seen both (per layout)
                      first_visit          the first landscape layout of an engine laid out in portrait
          scaling                          generated layouts through LayoutEngine (no ambiguity check), chains
                                           and stacks of 100 to 2,000 views, grids of 100 to 10,000; frames
                                           checked exactly; fitted growth exponents; the largest must take at
                                           most ScalingWorkload.budgetMilliseconds (200 ms; the grid 1 s)
                      chain_N              a new engine and the layout of N views in a row, each as wide as the last
                      stack_N              the same for a vertical fill-equally stack of N views
                      grid_N               the same for a fill-equally stack of fill-equally rows (about √N × √N)
        """,
      options: [
        .flag("quick", help: "Few repetitions: the whole run takes under 20 s (release build)."),
        .flag("json", help: "Print exactly one JSON object instead of the table (progress goes to stderr)."),
        .flag("verbose", help: "Under the table, also say what each golden check compared."),
        .value(
          "scaling-svg", valueName: "path",
          help: "Also write the scaling workload's curves (strict medians) as an SVG picture."),
        .value(
          "bench-dir", valueName: "path",
          help:
            "The folder holding the workload files (default: Benchmarks/Workloads at the package root: the package trellis-bench was compiled from, else the one above the executable, else the one above the current folder)."
        ),
        .value(
          "layouts-dir", valueName: "path",
          help: "The folder holding concentration.json (default: Layouts/ at the package root, found the same way)."),
        .value(
          "workload", valueName: "name", allowed: WorkloadCatalog.names,
          help: "Run only this workload; repeatable."),
        .value(
          "mode", valueName: "mode", allowed: ["strict", "weighted", "both"],
          help: "The solver modes to run (default: both; with --only: strict)."),
        .value(
          "only", valueName: "region",
          help:
            "Run one timed region and nothing else (no golden checks), for valgrind --tool=callgrind: <workload>/<measurement>, e.g. enaml-like/resize."
        ),
        .value("iterations", valueName: "n", help: "How many operations the --only region runs (default: per region)."),
        .flag("list-regions", help: "List the regions --only accepts, with their operations."),
        .flag(
          "check-data",
          help:
            "Check kiwi's golden values against the files' own golden errors and constraints (tests the checker itself; runs no solver)."
        ),
      ])
    spec.offersVersion = false
    return spec
  }()

  /// Runs the command; returns the process exit status.
  static func main(arguments: [String]) -> Int32 {
    let options: BenchOptions
    do {
      switch try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec) {
      case .help, .version:
        print(HelpFormatter.help(spec), terminator: "")
        return 0
      case .parsed(let parsed):
        options = try BenchOptions(parsed)
      }
    } catch {
      printError(HelpFormatter.usageFailure(error, spec: spec), terminator: "")
      return 64
    }
    do {
      let directory = Folders(bench: options.benchDirectory, layouts: options.layoutsDirectory)
      if options.listRegions { return try listRegions(directory) }
      if options.checkData { return try checkData(options.workloads, directory: directory) }
      if let only = options.only { return try runOnly(only, options: options, directory: directory) }
      return try runAll(options: options, directory: directory)
    } catch {
      printError("\(error)")
      return 1
    }
  }

  // MARK: Running

  private static func load(_ names: [String], directory: Folders) throws(BenchInputError) -> [any Workload] {
    var workloads: [any Workload] = []
    for entry in WorkloadCatalog.entries where names.isEmpty || names.contains(entry.name) {
      if entry.folder == .generated {
        workloads.append(try entry.load(""))
        continue
      }
      let folder = try directory.path(entry.folder)
      let path = (folder as NSString).appendingPathComponent(entry.file)
      guard FileManager.default.fileExists(atPath: path) else {
        let option = entry.folder == .bench ? "--bench-dir" : "--layouts-dir"
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
          throw BenchInputError(
            message:
              "the folder '\(folder)' (\(option)) does not exist; pass \(option) PATH naming the folder with \(entry.file)"
          )
        }
        throw BenchInputError(
          message:
            "the workload file '\(path)' does not exist; pass \(option) PATH naming the folder with \(entry.file)")
      }
      workloads.append(try entry.load(path))
    }
    return workloads
  }

  private static func runAll(options: BenchOptions, directory: Folders) throws(BenchInputError) -> Int32 {
    let workloads = try load(options.workloads, directory: directory)
    let modes = options.modes ?? [.strict, .weighted]
    var results: [WorkloadResult] = []
    for workload in workloads {
      for mode in modes {
        var log = GoldenLog()
        let start = monotonicNanoseconds()
        printError("\(workload.name) \(mode.name): checking golden states…", terminator: "")
        workload.checkGolden(mode: mode, log: &log)
        let checked = monotonicNanoseconds()
        printError(
          " \(log.isEmpty ? "ok" : "\(log.problems.count) problem(s)") (\(seconds(start, checked))); timing…",
          terminator: "")
        let measurements = workload.measure(mode: mode, quick: options.quick, log: &log)
        printError(" done (\(seconds(checked, monotonicNanoseconds())))")
        results.append(
          WorkloadResult(
            workload: workload.name, mode: mode, measurements: measurements, golden: log, reference: workload.reference)
        )
      }
    }
    if let path = options.scalingSVG {
      guard let scaling = results.first(where: { $0.workload == "scaling" && $0.mode == .strict }) else {
        throw BenchInputError(message: "--scaling-svg needs the scaling workload in strict mode")
      }
      let chart = ScalingChart.svg(
        ScalingChart.series(scaling.measurements),
        title: "trellis-bench scaling: a fresh layout (release, strict, median)")
      do {
        try chart.write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw BenchInputError(message: "could not write '\(path)': \(error.localizedDescription)")
      }
      printError("wrote \(path)")
    }
    if options.json {
      print(Report.json(results), terminator: "")
      for result in results where !result.golden.isEmpty {
        for problem in result.golden.problems { printError("\(result.workload) \(result.mode.name): \(problem)") }
      }
    } else {
      print(Report.table(results, verbose: options.verbose), terminator: "")
    }
    return results.allSatisfy(\.golden.isEmpty) ? 0 : 1
  }

  private static func runOnly(
    _ only: (workload: String, measurement: String), options: BenchOptions, directory: Folders
  ) throws(BenchInputError) -> Int32 {
    guard let workload = try load([only.workload], directory: directory).first,
      let region = workload.regions.first(where: { $0.measurement == only.measurement })
    else {
      throw BenchInputError(message: "no region '\(only.workload)/\(only.measurement)'; see --list-regions")
    }
    let mode = options.modes?.first ?? .strict
    let iterations = options.iterations ?? region.defaultIterations
    var log = GoldenLog()
    workload.runRegion(region.measurement, mode: mode, iterations: iterations, log: &log)
    print("region: \(workload.name)/\(region.measurement)")
    print("mode: \(mode.name)")
    print("iterations: \(iterations)")
    print("operation: \(region.operation)")
    if let kiwi = KiwiReference.figure(workload: workload.name, measurement: region.measurement),
      let instructions = kiwi.instructionsPerOperation
    {
      print("kiwi_instructions_per_operation: \(instructions)")
    }
    for problem in log.problems { printError("error: \(problem)") }
    return log.isEmpty ? 0 : 1
  }

  private static func listRegions(_ directory: Folders) throws(BenchInputError) -> Int32 {
    for workload in try load([], directory: directory) {
      for region in workload.regions {
        print(
          "\(workload.name)/\(region.measurement)  (one iteration = \(region.operation); default \(region.defaultIterations))"
        )
      }
    }
    return 0
  }

  /// Checks the files against themselves (kiwi's golden values against kiwi's golden errors),
  /// which tests the checker's arithmetic without any solver.
  private static func checkData(_ names: [String], directory: Folders) throws(BenchInputError) -> Int32 {
    var clean = true
    for workload in try load(names, directory: directory) {
      var log = GoldenLog()
      workload.checkDataConsistency(log: &log)
      print("\(workload.name): \(log.isEmpty ? "consistent" : "INCONSISTENT")")
      for problem in log.problems { print("  - \(problem)") }
      clean = clean && log.isEmpty
    }
    return clean ? 0 : 1
  }

  private static func seconds(_ from: UInt64, _ to: UInt64) -> String {
    NumberFormat.fixed(Double(to - from) / 1e9, decimals: 1) + " s"
  }

  // MARK: Files

  /// The folders workload files are read from: given on the command line, or found from the
  /// package root when first needed (so a run that needs only one of them never looks for the other).
  struct Folders {
    var bench: String?
    var layouts: String?

    func path(_ folder: WorkloadCatalog.Folder) throws(BenchInputError) -> String {
      switch folder {
      case .bench:
        if let bench { return bench }
        return try BenchCommand.defaultBenchDirectory()
      case .layouts:
        if let layouts { return layouts }
        return try BenchCommand.defaultLayoutsDirectory()
      case .generated:
        return ""
      }
    }
  }

  /// `Layouts` at the package root (see `folder(_:flag:holding:)` for where it is looked for).
  static func defaultLayoutsDirectory() throws(BenchInputError) -> String {
    try folder("Layouts", flag: "--layouts-dir", holding: "concentration.json")
  }

  /// `Benchmarks/Workloads` at the package root (see `folder(_:flag:holding:)`).
  static func defaultBenchDirectory() throws(BenchInputError) -> String {
    try folder(
      "Benchmarks/Workloads", flag: "--bench-dir",
      holding: WorkloadCatalog.entries.filter { $0.folder == .bench }.map(\.file).joined(separator: ", "))
  }

  /// The package root this file was compiled in: `#filePath` is `<root>/Sources/trellis-bench/BenchCommand.swift`.
  static let sourcePackageRoot: String = {
    var path = "\(#filePath)" as NSString
    for _ in 0..<3 { path = path.deletingLastPathComponent as NSString }
    return path as String
  }()

  /// The package roots to look in, in order, each with how it was found: the package this
  /// executable was compiled from (its source location), the package above the executable,
  /// and the package above the current folder. Duplicates are dropped.
  static func candidateRoots() -> (roots: [(path: String, how: String)], misses: [String]) {
    var roots: [(path: String, how: String)] = []
    var misses: [String] = []
    func add(_ path: String, _ how: String) {
      let standard = (path as NSString).standardizingPath
      if let index = roots.firstIndex(where: { $0.path == standard }) {
        roots[index].how += "; also \(how)"
      } else {
        roots.append((standard, how))
      }
    }
    add(sourcePackageRoot, "the package trellis-bench was compiled from")
    var executableFolder: String?
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      executableFolder = (executable as NSString).deletingLastPathComponent
    } else if let executable = Bundle.main.executablePath {
      executableFolder = (executable as NSString).deletingLastPathComponent
    }
    if let executableFolder {
      if let root = packageRoot(above: executableFolder) {
        add(root, "the package above the executable's folder \(executableFolder)")
      } else {
        misses.append("no Package.swift above the executable's folder \(executableFolder)")
      }
    }
    let current = FileManager.default.currentDirectoryPath
    if let root = packageRoot(above: current) {
      add(root, "the package above the current folder \(current)")
    } else {
      misses.append("no Package.swift above the current folder \(current)")
    }
    return (roots, misses)
  }

  /// A folder at `relative` from the package root, which must exist: the first of
  /// `candidateRoots()` that has it. Otherwise the error lists every place looked and what to do.
  static func folder(_ relative: String, flag: String, holding files: String) throws(BenchInputError) -> String {
    let (roots, misses) = candidateRoots()
    var looked: [String] = []
    for root in roots {
      let path = ((root.path as NSString).appendingPathComponent(relative) as NSString).standardizingPath
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        return path
      }
      looked.append("\(path) (\(root.how)): not found")
    }
    looked += misses
    throw BenchInputError(
      message: """
        cannot find the folder \(relative) (it holds \(files)). Looked in:
        \(looked.map { "  - \($0)" }.joined(separator: "\n"))
        It is part of the Trellis repository: run trellis-bench from a checkout (for example \
        `swift run -c release trellis-bench` in the package folder), or pass \(flag) PATH naming the folder \
        that holds \(files).
        """)
  }

  /// The nearest folder at or above `start` that holds a Package.swift.
  static func packageRoot(above start: String) -> String? {
    var directory = (start as NSString).standardizingPath
    while true {
      let manifest = (directory as NSString).appendingPathComponent("Package.swift")
      if FileManager.default.fileExists(atPath: manifest) { return directory }
      let parent = (directory as NSString).deletingLastPathComponent
      if parent == directory || parent.isEmpty { return nil }
      directory = parent
    }
  }
}

/// Prints to standard error.
func printError(_ text: String, terminator: String = "\n") {
  FileHandle.standardError.write(Data((text + terminator).utf8))
}
