import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// The layout corpus in `Tests/Fixtures/layouts/<area>/`, in the style of yoga's gentest: each
/// `<name>.json` is a layout file and `<name>.frames.json` gives, per environment, every view's
/// frame worked out by hand (the arithmetic is in its `why`). Each fixture is read, laid out in
/// every environment it declares by a fresh engine, and checked three ways: the frames equal the
/// hand-worked ones (1e-6), every installed required constraint holds when read independently
/// from the frames (`ConstraintCheck`), and the optional constraints the engine reports broken
/// are exactly those that do not hold, with the same violations (and, where the fixture lists
/// them in `broken`, exactly the ones worked out by hand).
final class LayoutCorpusTests: XCTestCase {
  /// The areas, one test each; a folder on disk without a test here fails `testEveryAreaIsRun`.
  static let areas = ["basics", "margins-and-guides", "priorities", "rtl", "size-classes", "stacks"]

  func testEveryAreaIsRun() {
    let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.layoutCorpus.path)) ?? []
    let folders = onDisk.filter { name in
      var isDirectory: ObjCBool = false
      let path = FixturePaths.layoutCorpus.appendingPathComponent(name).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
    XCTAssertEqual(folders.sorted(), Self.areas)
  }

  /// Every `<name>.frames.json` has its `<name>.json` (a frames file alone would never be run: the
  /// areas run the layouts), and the corpus has not lost fixtures (25 when this floor was set).
  /// A layout without its frames file fails where it is run.
  func testEveryFramesFileHasItsLayout() {
    var layouts = 0
    for area in Self.areas {
      let folder = FixturePaths.layoutCorpus.appendingPathComponent(area)
      let names = Set(layoutFiles(in: area).map(\.lastPathComponent))
      layouts += names.count
      for frames in FixturePaths.files(in: folder, endingWith: ".frames.json") {
        let layout = String(frames.lastPathComponent.dropLast(".frames.json".count)) + ".json"
        XCTAssertTrue(names.contains(layout), "\(area)/\(frames.lastPathComponent) has no \(layout) beside it")
      }
    }
    XCTAssertGreaterThanOrEqual(layouts, 25)
  }

  func testBasics() { runArea("basics") }
  func testMarginsAndGuides() { runArea("margins-and-guides") }
  func testPriorities() { runArea("priorities") }
  func testRTL() { runArea("rtl") }
  func testSizeClasses() { runArea("size-classes") }
  func testStacks() { runArea("stacks") }

  // MARK: Running

  private func layoutFiles(in area: String) -> [URL] {
    FixturePaths.files(in: FixturePaths.layoutCorpus.appendingPathComponent(area), endingWith: ".json")
      .filter { !$0.lastPathComponent.hasSuffix(".frames.json") }
  }

  private func runArea(_ area: String, file: StaticString = #filePath, line: UInt = #line) {
    let layouts = layoutFiles(in: area)
    XCTAssertFalse(layouts.isEmpty, "no fixtures in \(area)", file: file, line: line)
    for layout in layouts { run(layout) }
  }

  private func run(_ url: URL) {
    let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
    let expectedURL = url.deletingPathExtension().appendingPathExtension("frames.json")
    guard let expectations = FrameExpectations.read(expectedURL) else { return }
    let read = LayoutReader.read(contentsOf: url.path)
    XCTAssertEqual(read.diagnostics.map(\.severity), [], "\(name) reads without diagnostics")
    guard let document = read.document else {
      XCTFail("\(name) did not read")
      return
    }
    for expected in expectations.cases {
      let context = "\(name) in \(expected.name):"
      let engine = LayoutEngine(document: document)
      let result = engine.layout(in: expected.environment, snapToPixels: expected.snap)
      XCTAssertFalse(result.hasConflicts, "\(context) conflicts")
      XCTAssertEqual(
        result.diagnostics.filter { $0.severity != .warning }.map(\.severity), [], "\(context) diagnostics")
      XCTAssertEqual(
        result.diagnostics.filter { $0.severity == .warning }.map(\.code.rawValue), expected.warnings,
        "\(context) warnings")
      XCTAssertEqual(
        Set(result.views.map(\.id)), Set(expected.frames.keys), "\(context) every view has an expected frame")
      for view in result.views {
        guard let frame = expected.frames[view.id] else { continue }
        assertFrame(view.frame, frame.x, frame.y, frame.width, frame.height, "\(context) \(view.id)")
      }
      // The independent check reads unsnapped frames: snapping moves edges on purpose.
      let unsnapped = expected.snap ? engine.layout(in: expected.environment) : result
      let check = ConstraintCheck(document: document, result: unsnapped)
      let fileConstraints = check.resolved.constraints
      check.assertRequiredHold(fileConstraints, context)
      check.assertRequiredHold(engine.installedConstraints, context)
      check.assertBrokenOptionalsAgree(fileConstraints, engine: engine, context)
      if let broken = expected.broken {
        // Content-size constraints (`l#width-hugging`) included; stack-generated ones too.
        XCTAssertEqual(
          engine.brokenOptionalConstraints.map(\.constraint.id).sorted(), broken.sorted(),
          "\(context) broken optional constraints")
      }
    }
  }
}
