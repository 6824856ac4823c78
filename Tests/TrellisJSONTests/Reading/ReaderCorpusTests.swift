import Foundation
import TrellisJSON
import TrellisModel
import TrellisTestSupport
import XCTest

/// The fixture corpora in `Tests/Fixtures/reader/`: every `valid/*.json` reads without a single
/// diagnostic; every `invalid/X.json` gives exactly the rendered diagnostics in `X.expected`
/// (GNU form with path and caret lines). A fixture `X.json` with an `X.limits` beside it is read
/// with those limits instead of the defaults (a JSON object of `ReaderLimits` fields, e.g.
/// `{"maxViews": 2000}`), so a limit's error can be shown without a file the default's size.
///
/// Setting `TRELLIS_RECORD_READER_FIXTURES=1` rewrites the `.expected` files from the current
/// output and then fails, so a new baseline is never accepted silently: review the diff.
final class ReaderCorpusTests: XCTestCase {
  private static let fixtures = FixturePaths.url("Tests/Fixtures/reader")

  private func files(in folder: String, withExtension ext: String) throws -> [URL] {
    let directory = Self.fixtures.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == ext }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Reads a fixture by its bytes, naming it by its file name only (so the expected output
  /// does not depend on where the repository is checked out).
  private func read(_ url: URL) throws -> LayoutReadResult {
    let bytes = [UInt8](try Data(contentsOf: url))
    return LayoutReader.parse(bytes: bytes, file: url.lastPathComponent, limits: try limits(for: url))
  }

  /// The fixture's `X.limits`, if it has one.
  private func limits(for url: URL) throws -> ReaderLimits {
    var limits = ReaderLimits()
    let limitsURL = url.deletingPathExtension().appendingPathExtension("limits")
    guard FileManager.default.fileExists(atPath: limitsURL.path) else { return limits }
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: limitsURL)) as? [String: Int], limitsURL.lastPathComponent
    )
    for (key, value) in object {
      switch key {
      case "maxViews": limits.maxViews = value
      case "maxConstraints": limits.maxConstraints = value
      case "maxFileSize": limits.maxFileSize = value
      default: XCTFail("\(limitsURL.lastPathComponent): unknown limit \(key)")
      }
    }
    return limits
  }

  func testValidFixturesHaveNoDiagnostics() throws {
    let valid = try files(in: "valid", withExtension: "json")
    XCTAssertGreaterThanOrEqual(valid.count, 5)
    for url in valid {
      let result = try read(url)
      XCTAssertEqual(result.renderedDiagnostics, "", url.lastPathComponent)
      XCTAssertNotNil(result.document, url.lastPathComponent)
    }
  }

  func testInvalidFixturesGiveExactlyTheExpectedDiagnostics() throws {
    let record = ProcessInfo.processInfo.environment["TRELLIS_RECORD_READER_FIXTURES"] == "1"
    let invalid = try files(in: "invalid", withExtension: "json")
    XCTAssertGreaterThanOrEqual(invalid.count, 16)
    var recorded: [String] = []
    for url in invalid {
      let result = try read(url)
      let actual = result.renderedDiagnostics
      XCTAssertFalse(result.diagnostics.isEmpty, "\(url.lastPathComponent) gives no diagnostics")
      let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
      if record {
        try Data(actual.utf8).write(to: expectedURL)
        recorded.append(expectedURL.lastPathComponent)
        continue
      }
      guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
        XCTFail("missing \(expectedURL.lastPathComponent)")
        continue
      }
      if actual != expected {
        XCTFail("\(url.lastPathComponent): diagnostics differ\n--- expected\n\(expected)--- actual\n\(actual)---")
      }
    }
    if record {
      XCTFail(
        "recorded \(recorded.count) .expected files; review them and run again without TRELLIS_RECORD_READER_FIXTURES")
    }
  }

  func testEveryExpectedFileHasItsFixture() throws {
    let fixtures = Set(
      try files(in: "invalid", withExtension: "json").map { $0.deletingPathExtension().lastPathComponent })
    for expected in try files(in: "invalid", withExtension: "expected") {
      XCTAssertTrue(
        fixtures.contains(expected.deletingPathExtension().lastPathComponent),
        "\(expected.lastPathComponent) has no .json")
    }
  }

  /// The example layouts shipped in `Layouts/` (written by hand against the reference page).
  func testRepositoryLayoutsReadWithoutDiagnostics() throws {
    // A missing or empty Layouts/ fails here instead of passing with nothing read.
    for url in FixturePaths.files(in: FixturePaths.layouts, endingWith: ".json") {
      let name = url.lastPathComponent
      let result = try read(url)
      XCTAssertEqual(result.renderedDiagnostics, "", name)
      XCTAssertNotNil(result.document, name)
    }
  }

  func testConcentrationFixtureReadsAsTheLectureBuildsIt() throws {
    let result = try read(Self.fixtures.appendingPathComponent("valid/concentration.json"))
    let document = try XCTUnwrap(result.document)
    // 24 cards: 5 rows of 4 in the grid plus a column of 4.
    let cards = document.allViews.filter { $0.id.hasPrefix("card") }
    XCTAssertEqual(cards.count, 24)
    let compactHeight = TraitCollection(horizontal: .compact, vertical: .compact)
    let regularHeight = TraitCollection(horizontal: .compact, vertical: .regular)
    let views = Dictionary(uniqueKeysWithValues: document.allViews.map { ($0.id, $0) })
    XCTAssertEqual(views["row5"]?.hidden.resolved(for: compactHeight), true)
    XCTAssertEqual(views["extraColumn"]?.hidden.resolved(for: regularHeight), true)
    // Installed constraints per size class: 3 always + 4 for the height class.
    for traits in [compactHeight, regularHeight] {
      XCTAssertEqual(document.constraints.filter { $0.installed.resolved(for: traits) }.count, 7)
    }
  }
}
