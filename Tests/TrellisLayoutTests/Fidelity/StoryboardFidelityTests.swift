import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// Hand-written Trellis layouts of public CS193P Concentration storyboards (Tests/Fixtures/fidelity/),
/// solved in the stored environment with pixel snapping and compared with the frames Interface
/// Builder stored (docs/uikit-research.md, Oracles A, B and C). Each `*.expected.json` names its
/// storyboard (repository, commit, path), the environment, the frames, and every frame or field
/// left out with the reason.
final class StoryboardFidelityTests: XCTestCase {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fidelity")

  /// What one expected file says.
  struct Expected {
    var environment: Environment
    /// View id → [x, y, width, height], `nil` where a field is not compared; a view mapped to
    /// `nil` is not compared at all.
    var frames: [String: [Double?]?]
    var excluded: [String: String]
    var brokenConstraints: [String]
    /// Views IB flagged `ambiguous` whose position the scene's constraints leave free: Trellis
    /// must report exactly these ambiguous (and their free fields are excluded).
    var ambiguousViews: [String]
  }

  static func expected(_ name: String) throws -> Expected {
    let data = try Data(contentsOf: directory.appendingPathComponent("\(name).expected.json"))
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let env = try XCTUnwrap(object["environment"] as? [String: Any])
    let source = try XCTUnwrap(object["source"] as? [String: Any])
    // The source must name a storyboard exactly (repository, 40-hex commit, path).
    XCTAssertNotNil(source["repository"] as? String)
    XCTAssertEqual((source["commit"] as? String)?.count, 40)
    XCTAssertTrue((source["path"] as? String)?.hasSuffix(".storyboard") == true)
    let traitWords = try XCTUnwrap(env["traits"] as? String).split(separator: " ")
    let traits = TraitCollection(
      horizontal: traitWords.contains("wR") ? .regular : .compact,
      vertical: traitWords.contains("hR") ? .regular : .compact)
    let safe = try XCTUnwrap(env["safeArea"] as? [String: Double])
    let environment = Environment(
      containerSize: Size(
        width: try XCTUnwrap(env["width"] as? Double), height: try XCTUnwrap(env["height"] as? Double)),
      traits: traits,
      safeAreaInsets: EdgeInsets(
        top: safe["top"] ?? 0, left: safe["left"] ?? 0, bottom: safe["bottom"] ?? 0, right: safe["right"] ?? 0),
      scale: try XCTUnwrap(env["scale"] as? Double))
    var frames: [String: [Double?]?] = [:]
    for (id, value) in try XCTUnwrap(object["frames"] as? [String: Any]) {
      if let list = value as? [Any] {
        frames[id] = list.map { $0 as? Double }
      } else {
        frames[id] = .some(nil)
      }
    }
    return Expected(
      environment: environment, frames: frames, excluded: object["excluded"] as? [String: String] ?? [:],
      brokenConstraints: object["brokenConstraints"] as? [String] ?? [],
      ambiguousViews: object["ambiguousViews"] as? [String] ?? [])
  }

  /// Solves `<name>.layout.json` and compares; returns (frames compared, fields compared).
  @discardableResult
  func check(_ name: String) throws -> (views: Int, fields: Int) {
    let expected = try Self.expected(name)
    let read = LayoutReader.read(contentsOf: Self.directory.appendingPathComponent("\(name).layout.json").path)
    XCTAssertEqual(read.diagnostics, [], read.renderedDiagnostics)
    let document = try XCTUnwrap(read.document)
    let engine = LayoutEngine(document: document)
    let result = engine.layout(in: expected.environment, snapToPixels: true)

    // Conflicts: exactly the expected broken constraints, each reported as UIKit does.
    XCTAssertEqual(engine.rejectedConstraints.map(\.id), expected.brokenConstraints, name)
    XCTAssertEqual(result.hasConflicts, !expected.brokenConstraints.isEmpty, name)
    let errors = result.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.map(\.code), expected.brokenConstraints.map { _ in "unsatisfiable" }, name)
    XCTAssertEqual(result.ambiguousViews.map(\.id), expected.ambiguousViews, name)
    for id in expected.ambiguousViews {
      XCTAssertNotNil(expected.excluded[id], "\(name): ambiguous \(id) must say which fields are left out and why")
    }

    // Same pixel: snapped frames are on the 1/scale grid, so anything within half a pixel is equal.
    let tolerance = 0.5 / expected.environment.scale
    var views = 0
    var fields = 0
    for frame in result.views {
      guard let entry = expected.frames[frame.id] else {
        XCTFail("\(name): view '\(frame.id)' has no expected frame and is not excluded")
        continue
      }
      let got = [frame.frame.x, frame.frame.y, frame.frame.width, frame.frame.height]
      let wanted = entry ?? [nil, nil, nil, nil]
      XCTAssertEqual(wanted.count, 4, "\(name): \(frame.id)")
      // A field left out must say why.
      if wanted.contains(where: { $0 == nil }) {
        XCTAssertNotNil(expected.excluded[frame.id], "\(name): \(frame.id) has a null field but no reason")
      }
      var compared = false
      for (index, value) in wanted.enumerated() {
        guard let value else { continue }
        compared = true
        fields += 1
        XCTAssertEqual(
          got[index], value, accuracy: tolerance,
          "\(name): \(frame.id) \(["x", "y", "width", "height"][index]) (got \(frame.frame))")
      }
      if compared { views += 1 }
    }
    XCTAssertEqual(Set(expected.frames.keys), Set(result.views.map(\.id)), "\(name): frames name other views")
    return (views, fields)
  }

  /// Every screen in the folder (`<name>.layout.json` with `<name>.expected.json`), each
  /// checked as above; an expected file's `comparedViews` (when given) is the number of views
  /// whose frames it must compare. The README reports how many screens there are.
  func testEveryScreenInTheFolder() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".expected.json") }
      .map { String($0.dropLast(".expected.json".count)) }
      .sorted()
    XCTAssertGreaterThanOrEqual(names.count, 3)
    for name in names {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent("\(name).layout.json").path),
        "\(name): no layout file")
      let counted = try check(name)
      let data = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).expected.json"))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      if let compared = object?["comparedViews"] as? Int {
        XCTAssertEqual(counted.views, compared, "\(name): views compared")
      }
    }
  }

  /// Oracle A (SB-DQ, iPhone X landscape @3x): nested stacks, a hidden row, safe area on three sides.
  func testOracleA() throws {
    let counted = try check("sb-dq-landscape")
    XCTAssertEqual(counted.views, 34)
  }

  /// Oracle B (SB-GT, 414×896 @2x portrait): the lecture's former conflict. The file's required
  /// `extraColumn.width == card8.width` wins over the stack's UISV-hiding (999.999 since iOS 11,
  /// docs/stacks.md) with no conflict, so the grid fills the stack and the hidden column keeps a
  /// card's width, (398 − 3 × 8) / 4 = 93.5, as IB stored it.
  func testOracleBTheLecturesHiddenColumnKeepsItsWidth() throws {
    let counted = try check("sb-gt-portrait")
    XCTAssertEqual(counted.views, 34)
  }

  /// Oracle C (SB-VG, iPhone 8 landscape @2x): the label's width decides every card's.
  func testOracleC() throws {
    let counted = try check("sb-vg-landscape")
    XCTAssertEqual(counted.views, 26)
  }
}
