// swift-tools-version:6.0
//
// Trellis: Auto Layout with size classes, anywhere Swift runs.
// No package dependencies: only the toolchain's own modules (Foundation, Dispatch, Synchronization,
// XCTest and the C library).

import PackageDescription

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
    .target(name: "TrellisSolver"),
    // What several modules share, at `package` access (not API): JSON values and writing, number
    // formatting, did-you-mean, text tables, command-line argument parsing.
    .target(name: "TrellisSupport"),
    // Self-contained: reads font files and lays out text; no other Trellis module.
    .target(name: "TrellisText"),
    .target(name: "TrellisModel", dependencies: ["TrellisSupport", "TrellisText"]),
    .target(name: "TrellisLayout", dependencies: ["TrellisModel", "TrellisSolver", "TrellisSupport", "TrellisText"]),
    .target(name: "TrellisJSON", dependencies: ["TrellisModel", "TrellisSupport", "TrellisText"]),
    .target(name: "TrellisRender", dependencies: ["TrellisModel", "TrellisSupport"]),
    // The Interface Builder front end: .storyboard and .xib files (Foundation's XMLParser) to
    // layout documents, with each value's XML location.
    .target(name: "TrellisImport", dependencies: ["TrellisModel", "TrellisSupport", "TrellisText"]),
    .target(
      name: "TrellisCLI",
      dependencies: [
        "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisImport", "TrellisRender", "TrellisSupport", "TrellisText",
      ]),

    // MARK: Executables
    .executableTarget(name: "trellis", dependencies: ["TrellisCLI"]),
    .executableTarget(
      name: "trellis-bench", dependencies: ["TrellisSolver", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSupport"]),

    // MARK: Tests
    // What the test targets share: fixture paths, snapshots, the layout builder, hand-solved
    // layouts, the independent constraint check, the document comparison. Fixture files live in
    // Tests/Fixtures, outside every target. A regular target, so it builds in release too: it reads
    // the libraries' `package` declarations, never `@testable import` (which only works in debug
    // builds).
    .target(
      name: "TrellisTestSupport", dependencies: ["TrellisModel", "TrellisLayout", "TrellisJSON"],
      path: "Tests/TrellisTestSupport"),
    // One test target per library target, one folder per source folder (Tests/TrellisModelTests/
    // Resolution tests Sources/TrellisModel/Resolution). End-to-end tests that read layouts and
    // solve them live in TrellisLayoutTests, in folders named for what they check. Fixture and
    // snapshot files are read through #filePath, not as bundle resources.
    .testTarget(name: "TrellisSolverTests", dependencies: ["TrellisSolver"]),
    .testTarget(
      name: "TrellisModelTests", dependencies: ["TrellisModel", "TrellisJSON", "TrellisSupport", "TrellisTestSupport"]),
    .testTarget(
      name: "TrellisJSONTests", dependencies: ["TrellisJSON", "TrellisModel", "TrellisSupport", "TrellisTestSupport"]),
    .testTarget(
      name: "TrellisLayoutTests",
      dependencies: [
        "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSolver", "TrellisSupport", "TrellisText",
        "TrellisTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "TrellisCLITests",
      dependencies: [
        "TrellisCLI", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisRender", "TrellisSupport", "TrellisText",
        "TrellisTestSupport",
      ]),
    .testTarget(
      name: "TrellisRenderTests",
      dependencies: [
        "TrellisRender", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisSupport", "TrellisTestSupport",
      ]),
    .testTarget(name: "TrellisTextTests", dependencies: ["TrellisText", "TrellisTestSupport"]),
    .testTarget(
      name: "TrellisImportTests",
      dependencies: ["TrellisImport", "TrellisModel", "TrellisLayout", "TrellisJSON", "TrellisTestSupport"]),
  ]
)
