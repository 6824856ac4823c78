import Foundation
import TrellisLayout
import XCTest

@testable import TrellisCLI

/// How commands report a broken required constraint (docs/semantics.md, "Conflict recovery").
final class ConflictReportingTests: XCTestCase {
  /// `matrix`'s problem column gives UIKit's first line and what was broken (the last note).
  func testMatrixProblemNamesTheBrokenConstraint() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    var result = Fixtures.concentration(device.environment())
    result.hasConflicts = true
    result.diagnostics = [
      Diagnostic(
        .error, "Unable to simultaneously satisfy constraints.", code: "unsatisfiable",
        notes: [
          Diagnostic.Note("'c1' a.width == 100"), Diagnostic.Note("'c2' a.width == 200"),
          Diagnostic.Note("Will attempt to recover by breaking constraint 'c2' a.width == 200."),
        ], kind: .conflict, environment: result.environment)
    ]
    XCTAssertEqual(
      LayoutCheck(result),
      LayoutCheck(
        status: .conflict,
        problem:
          "Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint 'c2' a.width == 200.",
        code: "unsatisfiable"))
  }
}
