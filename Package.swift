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
    // Layout documents, size classes, devices and stack views, on top of the solver.
    .library(name: "TrellisLayout", targets: ["TrellisLayout"]),
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
    // What several modules share, at `package` access (not API): JSON reading with positions and
    // writing, number formatting, did-you-mean, text tables, command-line argument parsing.
    .target(name: "TrellisSupport"),
    // Self-contained: reads font files and lays out text; no other Trellis module.
    .target(name: "TrellisText"),
    .target(name: "TrellisLayout", dependencies: ["TrellisSolver", "TrellisSupport", "TrellisText"]),
    .target(name: "TrellisRender", dependencies: ["TrellisLayout", "TrellisSupport"]),
    // The Interface Builder front end: .storyboard and .xib files (Foundation's XMLParser) to
    // layout documents, with each value's XML location.
    .target(name: "TrellisImport", dependencies: ["TrellisLayout", "TrellisSupport", "TrellisText"]),
    .target(
      name: "TrellisCLI", dependencies: ["TrellisLayout", "TrellisRender", "TrellisSupport", "TrellisText", "TrellisImport"]),

    // MARK: Executables
    .executableTarget(name: "trellis", dependencies: ["TrellisCLI"]),
    .executableTarget(name: "trellis-bench", dependencies: ["TrellisSolver", "TrellisLayout", "TrellisSupport"]),

    // MARK: Tests
    // What the test targets share: fixture paths, snapshots, the layout builder, the
    // independent constraint check. Fixture files live in Tests/Fixtures, outside every target.
    // A regular target, so it builds in release too: it reads TrellisLayout's `package`
    // declarations, never `@testable import` (which only works in debug builds).
    .target(name: "TrellisTestSupport", dependencies: ["TrellisLayout"], path: "Tests/TrellisTestSupport"),
    .testTarget(name: "TrellisSolverTests", dependencies: ["TrellisSolver"]),
    // Fixture and snapshot files are read through #filePath, not as bundle resources.
    .testTarget(
      name: "TrellisLayoutTests",
      dependencies: ["TrellisLayout", "TrellisSolver", "TrellisSupport", "TrellisText", "TrellisTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "TrellisCLITests",
      dependencies: [
        "TrellisCLI", "TrellisLayout", "TrellisRender", "TrellisSupport", "TrellisText", "TrellisTestSupport",
      ],
      exclude: ["Snapshots"]),
    .testTarget(name: "TrellisTextTests", dependencies: ["TrellisText", "TrellisTestSupport"]),
    .testTarget(
      name: "TrellisImportTests", dependencies: ["TrellisImport", "TrellisLayout", "TrellisTestSupport"]),
  ]
)
