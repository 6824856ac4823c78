import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Layouts far outside the solver's tested range (docs/solver.md, "Numerical limits") must not get a
/// silently wrong answer: a required constraint the solution misses is reported as an error.
final class AccuracyTests: XCTestCase {
  /// Found by the whole-layout fuzzer (CI run, 2026-11-21): a required multiplier of 1e6
  /// (`v2.height == 1000000 * v2.width + 8`) among stacks with margins. In 896x414 (wR hC) the
  /// solution has v2.height = 0 with v2.width = 0, missing the constraint by 8 pt.
  func testMissedRequiredConstraintsAreReportedNotSilent() throws {
    let url = FixturePaths.url("Tests/TrellisLayoutTests/Fixtures/accuracy-extreme-multiplier.json")
    let read = LayoutReader.read(contentsOf: url.path)
    let document = try XCTUnwrap(read.document, "\(read.diagnostics)")
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    let environment = Environment(
      containerSize: Size(width: 896, height: 414), traits: TraitCollection(horizontal: .regular, vertical: .compact))
    let result = engine.layout(in: environment)
    let frame = try XCTUnwrap(result.view("v2")?.frame)
    // The constraint as written: height == 1e6 × width + 8.
    let miss = abs(frame.height - (1_000_000 * frame.width + 8))
    let reported = result.diagnostics.filter {
      $0.severity == .error && $0.message.hasPrefix("Required constraint 'constraint#6' ")
    }
    if miss > 1e-6 * max(1, frame.height) {
      XCTAssertEqual(reported.count, 1, "a miss of \(miss) pt went unreported: \(result.diagnostics)")
      XCTAssertEqual(reported.first?.location?.line, 8)
    } else {
      XCTAssertEqual(reported.count, 0, "the constraint holds, yet a miss is reported: \(reported)")
    }
  }
}
