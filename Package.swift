// swift-tools-version:6.0
//
// Trellis: Auto Layout with size classes, anywhere Swift runs.
// No package dependencies: only the toolchain's own modules (Foundation, Dispatch, Synchronization,
// XCTest and the C library).

import PackageDescription

// Every module imports what it uses, members included (as apple/swift-collections does): an
// extension's members are visible only where its module is imported.
let settings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
  name: "Trellis",
  products: [
    // The constraint solver on its own: knows nothing of views.
    .library(name: "TrellisSolver", targets: ["TrellisSolver"]),
    // Layout documents, size classes, devices, validation and resolution (stack and scroll views
    // as constraints): the model every front end builds. Knows nothing of the solver.
    .library(name: "TrellisModel", targets: ["TrellisModel"]),
    // The layout engine: lays a document out in any environment with the solver.
    .library(name: "TrellisLayout", targets: ["TrellisLayout"]),
    // The JSON front end: layout files read with located diagnostics, and written.
    .library(name: "TrellisJSON", targets: ["TrellisJSON"]),
    // Text measurement from OpenType/TrueType fonts, line breaking and truncation, as UIKit does.
    .library(name: "TrellisText", targets: ["TrellisText"]),
    // The command-line tool.
    .executable(name: "trellis", targets: ["trellis"]),
    // Solver benchmarks against the kiwi workloads in Benchmarks/Workloads.
    .executable(name: "trellis-bench", targets: ["trellis-bench"]),
  ],
  targets: [
    // MARK: Libraries
    .target(name: "TrellisSolver", swiftSettings: settings),
    // What several modules share, at `package` access (not API): JSON values and writing, number
    // formatting, did-you-mean, text tables, command-line argument parsing.
    .target(name: "TrellisSupport", swiftSettings: settings),
    // Self-contained: reads font files and lays out text; no other Trellis module.
    .target(name: "TrellisText", swiftSettings: settings),
    .target(name: "TrellisModel", dependencies: ["TrellisSupport", "TrellisText"], swiftSettings: settings),
    .target(
      name: "TrellisLayout", dependencies: ["TrellisModel", "TrellisSolver", "TrellisSupport", "TrellisText"],
      swiftSettings: settings),
    .target(
      name: "TrellisJSON", dependencies: ["TrellisModel", "TrellisSupport", "TrellisText"], swiftSettings: settings),
    .target(name: "TrellisRender", dependencies: ["TrellisModel", "TrellisSupport"], swiftSettings: settings),
    // The Interface Builder front end: .storyboard and .xib files (Foundation's XMLParser) to
    // layout documents, with each value's XML location.
    .target(
      name: "TrellisImport", dependencies: ["TrellisModel", "TrellisSupport", "TrellisText"], swiftSettings: settings),
    // UIKit's and AppKit's conflict logs ("Unable to simultaneously satisfy constraints") read
    // with located diagnostics, and each block made into a layout document.
    .target(name: "TrellisLog", dependencies: ["TrellisModel", "TrellisSupport"], swiftSettings: settings),
    .target(
      name: "TrellisCLI",
      dependencies: [
        "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisImport", "TrellisLog", "TrellisRender",
        "TrellisSupport", "TrellisText",
      ], swiftSettings: settings),

    // MARK: Executables
    .executableTarget(name: "trellis", dependencies: ["TrellisCLI"], swiftSettings: settings),
    .executableTarget(
      name: "trellis-bench",
      dependencies: ["TrellisSolver", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSupport"],
      swiftSettings: settings),

    // MARK: Tests
    // What the test targets share: fixture paths, snapshots, the layout builder, hand-solved
    // layouts, the independent constraint check, the document comparison. Fixture files live in
    // Tests/Fixtures, outside every target. A regular target, so it builds in release too: it reads
    // the libraries' `package` declarations, never `@testable import` (which only works in debug
    // builds).
    .target(
      name: "TrellisTestSupport", dependencies: ["TrellisModel", "TrellisLayout", "TrellisJSON"],
      path: "Tests/TrellisTestSupport", swiftSettings: settings),
    // One test target per library target, one folder per source folder (Tests/TrellisModelTests/
    // Resolution tests Sources/TrellisModel/Resolution). End-to-end tests that read layouts and
    // solve them live in TrellisLayoutTests, in folders named for what they check. Fixture and
    // snapshot files are read through #filePath, not as bundle resources.
    .testTarget(name: "TrellisSolverTests", dependencies: ["TrellisSolver"], swiftSettings: settings),
    .testTarget(
      name: "TrellisModelTests", dependencies: ["TrellisModel", "TrellisJSON", "TrellisSupport", "TrellisTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "TrellisJSONTests",
      dependencies: ["TrellisJSON", "TrellisModel", "TrellisSupport", "TrellisText", "TrellisTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "TrellisLayoutTests",
      dependencies: [
        "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSolver", "TrellisSupport", "TrellisText",
        "TrellisTestSupport",
      ],
      exclude: ["Fixtures"], swiftSettings: settings),
    .testTarget(
      name: "TrellisCLITests",
      dependencies: [
        "TrellisCLI", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisRender", "TrellisSupport", "TrellisText",
        "TrellisTestSupport",
      ], swiftSettings: settings),
    .testTarget(name: "TrellisSupportTests", dependencies: ["TrellisSupport"], swiftSettings: settings),
    .testTarget(
      name: "TrellisRenderTests",
      dependencies: [
        "TrellisRender", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSupport", "TrellisTestSupport",
      ], swiftSettings: settings),
    .testTarget(
      name: "TrellisTextTests", dependencies: ["TrellisText", "TrellisTestSupport"], swiftSettings: settings),
    .testTarget(
      name: "TrellisImportTests",
      dependencies: ["TrellisImport", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "TrellisLogTests", dependencies: ["TrellisLog", "TrellisModel"], swiftSettings: settings),
  ]
)
