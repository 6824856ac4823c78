import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// How commands report a broken required constraint (docs/semantics.md, "Conflict recovery").
final class ConflictReportingTests: XCTestCase {
  /// `matrix`'s problem column gives UIKit's first line and what was broken (the recovery note).
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

  /// The real engine's notes end with the rule that chose the broken constraint, after the
  /// recovery: the problem still names what broke. README's banner: 340 wide, centred, its
  /// leading edge inside the margins, in a 320-wide iPhone SE (1st gen) cannot all hold; by the
  /// rule of docs/semantics.md ("Which constraint UIKit breaks"), of the app's constraints a
  /// constant size goes first: constraint#3, `banner.width == 340`.
  func testMatrixProblemNamesTheBrokenConstraintWhenTheRuleFollowsIt() throws {
    let json = """
      {"root": {"children": [{"id": "banner", "kind": "label", "text": "Welcome back"}]},
       "constraints": ["banner.centerX == root.centerX", "banner.top == safeArea.top + 20",
                       "banner.width == 340", "banner.leading >= margins.leading"]}
      """
    let document = try XCTUnwrap(LayoutReader.parse(json, file: "banner.json").document)
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone SE (1st gen)"))
    let result = LayoutEngine(document: document).layout(in: device.environment(orientation: .portrait))
    let notes = try XCTUnwrap(result.diagnostics.first { $0.code == "unsatisfiable" }?.notes)
    XCTAssertFalse(notes.last?.message.hasPrefix("Will attempt to recover") ?? true, "\(notes)")
    XCTAssertEqual(
      LayoutCheck(result).problem,
      "Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint 'constraint#3'"
        + " banner.width == 340.")
  }
}

/// The real pipeline on the lecture's layout (Tests/Fixtures/fidelity, Oracle B), conflict-free
/// since `UISV-hiding` is 999.999 (docs/stacks.md), and on a conflict that holds in one size
/// class: `solve` draws the recovered layout and exits 1; `validate` reports it once.
final class ConflictEndToEndTests: XCTestCase {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fidelity/sb-gt-portrait.layout.json").path

  func testSolveLaysOutTheLecturesHiddenColumnWithoutAConflict() {
    let run = trellis(
      "solve", Self.fixture, "--size", "414x896", "--traits", "wC,hR", "--safe-area", "88,0,34,0", "--scale", "2",
      "--format", "table", pipeline: .standard)
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    XCTAssertFalse((run.stdout + run.stderr).contains("Unable to simultaneously satisfy"), run.stdout + run.stderr)
    // Worked by hand: the grid, the outer stack's only visible view, fills it (414 − 2 × 8 = 398);
    // the app's required `extraColumn.width == card8.width` wins over UISV-hiding (999.999), so
    // the hidden column is a card wide: (398 − 3 × 8) / 4 = 93.5.
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    XCTAssertTrue(rows.contains { Array($0.prefix(6)) == ["grid", "stack", "8", "96", "398", "686"] }, run.stdout)
    XCTAssertTrue(rows.contains { $0.count >= 6 && $0[0] == "extraColumn" && $0[4] == "93.5" }, run.stdout)
  }

  /// A view pinned 10 from each side of the safe area and, in regular height only, 100 wide.
  static let regularHeightConflict = """
    {"root": {"children": [{"id": "a"}]},
     "constraints": ["a.leading == safeArea.leading + 10", "a.trailing == safeArea.trailing - 10",
                     "a.top == safeArea.top", "a.height == 20",
                     {"when": "hR", "constraints": ["a.width == 100"]}]}
    """

  private func withConflictFile(_ body: (String) -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.regularHeightConflict.write(toFile: path, atomically: true, encoding: .utf8)
    body(path)
  }

  func testSolveDrawsTheRecoveredLayoutAndFails() throws {
    try withConflictFile { path in
      let run = trellis(
        "solve", path, "--size", "414x896", "--traits", "wC,hR", "--safe-area", "88,0,34,0", "--format", "table",
        pipeline: .standard)
      XCTAssertEqual(run.status, 1)
      // 414 − 2 × 10 = 394 cannot be 100: of the app's constraints the constant size is broken
      // (docs/semantics.md, "Which constraint UIKit breaks"), and a keeps its pins.
      let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      XCTAssertTrue(rows.contains { Array($0.prefix(6)) == ["a", "view", "10", "88", "394", "20"] }, run.stdout)
      let all = run.stdout + run.stderr
      XCTAssertTrue(all.contains("error: Unable to simultaneously satisfy constraints. [unsatisfiable]"), all)
      XCTAssertTrue(
        all.contains("note: Will attempt to recover by breaking constraint 'constraint#5' a.width == 100."), all)
    }
  }

  func testValidateReportsTheConflictOnceNamingWhereItHolds() throws {
    try withConflictFile { path in
      let run = trellis("validate", path, "--devices", "iphone", pipeline: .standard)
      XCTAssertEqual(run.status, 1)
      let lines = (run.stdout + run.stderr).split(separator: "\n", omittingEmptySubsequences: false)
      let errors = lines.indices.filter { lines[$0].contains("error: Unable to simultaneously satisfy") }
      // The width is installed in regular height, which on an iPhone is portrait: one finding (the
      // same broken constraint), in the 35 iPhone portraits (after its JSON path).
      XCTAssertEqual(errors.count, 1, run.stdout + run.stderr)
      XCTAssertEqual(errors.first.map { String(lines[$0 + 2]) }, "  in 35 iPhone portraits", run.stdout)
    }
  }
}
