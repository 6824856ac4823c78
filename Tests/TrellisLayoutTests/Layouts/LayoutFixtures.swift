import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The example layouts in `Layouts/` and the environments they are checked in.
enum LayoutFixtures {
  /// The package's `Layouts/` folder.
  static let layoutsDirectory: URL = FixturePaths.layouts

  /// Every `*.json` in `Layouts/`, sorted by name.
  static func layoutFiles() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: layoutsDirectory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Reads a layout, failing the test with the rendered diagnostics when it has errors.
  static func document(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
    let read = LayoutReader.read(contentsOf: url.path)
    if read.hasErrors || !read.diagnostics.isEmpty {
      XCTFail("\(url.lastPathComponent):\n\(read.renderedDiagnostics)", file: file, line: line)
    }
    return read.document
  }

  /// Reads `Layouts/<name>`.
  static func document(named name: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
    document(layoutsDirectory.appendingPathComponent(name), file: file, line: line)
  }

  /// Every device of the built-in table in both orientations, then every iPad split-view
  /// window, in table order (the table itself is checked field by field against
  /// `Data/devices.json` in DeviceTableTests).
  static let allEnvironments: [Environment] =
    DeviceTable.all.flatMap { device in Orientation.allCases.map { device.environment(orientation: $0) } }
    + DeviceTable.multitaskingWindows.map { $0.environment() }

  /// One environment per distinct geometry: the first in table order of each group with the
  /// same size, size classes, safe area and scale (those alone decide a layout; several
  /// iPhones share all four), grouped by size classes so that consecutive layouts of one
  /// engine change sizes, not installed constraints.
  static let distinctEnvironments: [Environment] = {
    var seen: [Environment] = []
    for environment in allEnvironments where !seen.contains(where: { sameGeometry($0, environment) }) {
      seen.append(environment)
    }
    let classOrder = TraitCollection.all
    return seen.enumerated().sorted { lhs, rhs in
      let l = classOrder.firstIndex(of: lhs.element.traits) ?? 0
      let r = classOrder.firstIndex(of: rhs.element.traits) ?? 0
      return l != r ? l < r : lhs.offset < rhs.offset
    }.map(\.element)
  }()

  static func sameGeometry(_ a: Environment, _ b: Environment) -> Bool {
    a.containerSize == b.containerSize && a.traits == b.traits && a.safeAreaInsets == b.safeAreaInsets
      && a.scale == b.scale && a.layoutDirection == b.layoutDirection
  }

  /// The device named exactly `name` in an orientation.
  static func environment(_ name: String, _ orientation: Orientation) -> Environment? {
    DeviceTable.all.first { $0.name == name }?.environment(orientation: orientation)
  }
}

extension Rect {
  /// Whether `self` lies within `outer`, allowing `tolerance` on every edge.
  func isInside(_ outer: Rect, tolerance: Double = 1e-6) -> Bool {
    minX >= outer.minX - tolerance && minY >= outer.minY - tolerance && maxX <= outer.maxX + tolerance
      && maxY <= outer.maxY + tolerance
  }

  /// Whether the two rectangles share an area wider and taller than `tolerance`.
  func overlaps(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
    min(maxX, other.maxX) - max(minX, other.minX) > tolerance
      && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
  }
}
