import Foundation
import TrellisCLI
import TrellisModel
import XCTest

/// `trellis fix` and `validate`'s fix lines, with the real reader and engine on files written
/// into a temporary directory.
final class FixCommandTests: TemporaryDirectoryTestCase {
  /// A conflict: 'wide' (200) is added after the 100-pt width with the same shape, so it is the
  /// one UIKit breaks (docs/semantics.md, "Which constraint UIKit breaks"). Deliberately odd
  /// spacing, to see that the rest of the file is kept byte for byte.
  private let conflicting = """
    {
      "root": { "children": [ { "id": "box" } ] },
      "constraints": [
        "box.leading == margins.leading",   "box.top == safeArea.top + 20",
        "box.height == 40",
        "box.width == 100",
        { "constraint": "box.width == 200", "id": "wide" }
      ]
    }

    """

  private func file(_ name: String, _ text: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testValidatePrintsTheCheckedFixesUnderTheConflict() throws {
    let path = try file("box.json", conflicting)
    let run = realTrellis(["validate", path])
    XCTAssertEqual(run.status, 1)
    // validate solves every environment matrix solves, and checks each fix in all of them.
    let all = MatrixCommand.entries(family: nil).count
    XCTAssertTrue(
      run.stdout.contains(
        """
          fix: set the priority of 'wide' (box.width == 200) to 999 (checked in \(all) environments)
          fix: remove 'wide' (box.width == 200) (checked in \(all) environments)

        """), run.stdout)
    XCTAssertFalse(realTrellis(["validate", path, "--no-fixes"]).stdout.contains("fix:"))
  }

  func testSolveChecksItsFixesInItsOneEnvironment() throws {
    let path = try file("box.json", conflicting)
    let run = realTrellis(["solve", path, "--device", "iPhone 8", "--format", "table"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(
      run.stderr.contains("  fix: remove 'wide' (box.width == 200) (checked in 1 environment)\n"), run.stderr)
    XCTAssertFalse(realTrellis(["solve", path, "--snap"]).stderr.contains("fix:"))
  }

  func testALayoutOfMoreThanAThousandViewsGetsNoSearch() throws {
    // The same conflict with filler views: FixSearch.maxViews (1,000) + 1 views in all, the
    // root included, so the search is skipped; one view fewer and it is made.
    func layout(fillers: Int) -> String {
      let views = (0..<fillers).map { #"{ "id": "f\#($0)" }"# }.joined(separator: ", ")
      return conflicting.replacingOccurrences(of: #"{ "id": "box" }"#, with: #"{ "id": "box" }, "# + views)
    }
    let large = try file("large.json", layout(fillers: 999))
    let run = realTrellis(["solve", large, "--device", "iPhone 8", "--format", "table"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.contains("Unable to simultaneously satisfy constraints."), run.stderr)
    XCTAssertFalse(run.stderr.contains("fix:"), run.stderr)
    let small = try file("small.json", layout(fillers: 998))
    XCTAssertTrue(
      realTrellis(["solve", small, "--device", "iPhone 8", "--format", "table"]).stderr.contains(
        "fix: remove 'wide'"))
  }

  func testApplyWritesOnlyTheEditedSpan() throws {
    let path = try file("box.json", conflicting)
    let run = realTrellis(["fix", path, "--apply", "--yes"])
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    // The first fix of the one problem: a priority member added after the object's last member.
    let expected = conflicting.replacingOccurrences(
      of: #""id": "wide" }"#, with: #""id": "wide", "priority": 999 }"#)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected)
    XCTAssertTrue(run.stdout.contains("Wrote 1 fix into"), run.stdout)
    // Nothing is left to fix.
    let again = realTrellis(["fix", path])
    XCTAssertEqual(again.status, 0, again.stdout)
    XCTAssertTrue(again.stdout.contains(": 0 problems, 0 with a checked fix"), again.stdout)
  }

  func testAnAmbiguousViewGetsAPinAppendedToTheConstraints() throws {
    let path = try file(
      "login.json",
      """
      {"root": {"children": [{"id": "email", "kind": "label", "text": "Email"},
          {"id": "password", "kind": "label", "text": "Password"}]},
       "constraints": ["email.leading == margins.leading", "email.top == safeArea.top + 80",
         "password.top == email.bottom + 8"]}

      """)
    let listed = realTrellis(["fix", path])
    XCTAssertEqual(listed.status, 1)
    let all = MatrixCommand.entries(family: nil).count
    XCTAssertTrue(
      listed.stdout.contains("  fix: add 'password.leading == email.leading' (checked in \(all) environments)\n"),
      listed.stdout)
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let run = realTrellis(["fix", path, "--apply", "--yes"])
    let after = try String(contentsOfFile: path, encoding: .utf8)
    // The one change: a string after the last constraint, separated as the last two are (a
    // comma, a line break and three spaces).
    let first = try XCTUnwrap(
      listed.stdout.components(separatedBy: "  fix: add '").dropFirst().first?.components(separatedBy: "'").first)
    XCTAssertEqual(
      after,
      before.replacingOccurrences(
        of: #""password.top == email.bottom + 8"]}"#, with: "\"password.top == email.bottom + 8\",\n   \"\(first)\"]}"))
    XCTAssertFalse(realTrellis(["validate", path]).stdout.contains("ambiguous"), run.stdout)
  }

  func testTextTooSmallIsFixedByWritingTheLegibleSize() throws {
    // 9 pt with no text style: the first fix is 11 pt (Apple's minimum, docs/diagnostics.md),
    // written over the member's value; nothing else of the file changes.
    let text = """
      {"root": {"children": [
          {"id": "note", "kind": "label", "fontSize":  9, "text": "Fine print"}]},
       "constraints": ["note.leading == safeArea.leading + 20", "note.top == safeArea.top + 20"]}

      """
    let path = try file("note.json", text)
    let all = MatrixCommand.entries(family: nil).count
    let listed = realTrellis(["fix", path])
    XCTAssertEqual(listed.status, 1)
    XCTAssertTrue(
      listed.stdout.contains(
        """
          fix: set 'fontSize: 11' on 'note' (checked in \(all) environments)
          fix: set 'fontSize: 11' and 'textStyle: caption2' on 'note' (checked in \(all) environments)

        """), listed.stdout)
    let run = realTrellis(["fix", path, "--apply", "--yes"])
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      text.replacingOccurrences(of: #""fontSize":  9,"#, with: #""fontSize":  11,"#))
  }

  func testTheJSONFormsCarryTheFixesTheTextFormsPrint() throws {
    let path = try file("box.json", conflicting)
    let all = MatrixCommand.entries(family: nil).count
    let expected = [
      "set the priority of 'wide' (box.width == 200) to 999 (checked in \(all) environments)",
      "remove 'wide' (box.width == 200) (checked in \(all) environments)",
    ]
    func fixes(_ diagnostic: Any?) -> [String] {
      ((diagnostic as? [String: Any])?["fixes"] as? [[String: Any]] ?? []).compactMap { $0["fix"] as? String }
    }
    // matrix: the `Checked fixes:` section as a `fixes` key, each problem in the diagnostics'
    // JSON form with the note counting the environments it fails.
    let matrix = realTrellis(["matrix", path, "--format", "json"])
    XCTAssertEqual(matrix.status, 1)
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any], matrix.stdout)
    let problems = try XCTUnwrap(document["fixes"] as? [[String: Any]], matrix.stdout)
    XCTAssertEqual(problems.count, 1)
    XCTAssertEqual(problems.first?["code"] as? String, "unsatisfiable")
    XCTAssertEqual(fixes(problems.first), expected)
    XCTAssertEqual(
      (problems.first?["notes"] as? [[String: Any]])?.last?["message"] as? String,
      "fails \(all) of the \(all) environments")
    XCTAssertEqual(
      ((problems.first?["fixes"] as? [[String: Any]])?.first?["checkedEnvironments"] as? NSNumber)?.intValue, all)
    let table = realTrellis(["matrix", path])
    for fix in expected { XCTAssertTrue(table.stdout.contains("  fix: \(fix)\n"), table.stdout) }
    // Without the search, no key.
    let bare = realTrellis(["matrix", path, "--format", "json", "--no-fixes"])
    XCTAssertFalse(bare.stdout.contains("\"fixes\""), bare.stdout)
    // solve: the layout's diagnostics carry the fixes checked in its one environment.
    let solved = realTrellis(["solve", path, "--device", "iPhone 8", "--format", "json"])
    let layout = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(solved.stdout.utf8)) as? [String: Any], solved.stdout)
    let diagnostics = try XCTUnwrap(layout["diagnostics"] as? [[String: Any]])
    XCTAssertEqual(
      fixes(diagnostics.first { $0["code"] as? String == "unsatisfiable" }),
      expected.map {
        $0.replacingOccurrences(of: "(checked in \(all) environments)", with: "(checked in 1 environment)")
      })
  }

  func testApplyRefusesAStoryboardAndNeedsYesWithoutATerminal() throws {
    let storyboard = try file("Main.storyboard", "<document/>")
    let refused = realTrellis(["fix", storyboard, "--apply", "--yes"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("writes only JSON layout files"), refused.stderr)
    XCTAssertEqual(try String(contentsOfFile: storyboard, encoding: .utf8), "<document/>")

    let path = try file("box.json", conflicting)
    let unconfirmed = realTrellis(["fix", path, "--apply"])
    XCTAssertEqual(unconfirmed.status, 1)
    XCTAssertTrue(unconfirmed.stderr.contains("give '--yes'"), unconfirmed.stderr)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), conflicting)
    XCTAssertEqual(realTrellis(["fix", path, "--yes"]).status, 64)
  }

  func testAFileIsNotRewrittenWhenTheNewTextFailsItsCheck() throws {
    let path = try file("box.json", conflicting)
    XCTAssertThrowsError(try FixCommand.write(Array("{}".utf8), to: path) { _ in "it does not solve" }) { error in
      XCTAssertEqual((error as? RuntimeError)?.message, "'\(path)' was not written: it does not solve")
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), conflicting)
    // No temporary file is left beside it.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["box.json"])
    // A text that checks is written whole.
    try FixCommand.write(Array("{}\n".utf8), to: path) { _ in nil }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{}\n")
  }

  func testTheCheckRejectsTextThatDoesNotSolveAsTheCheckedEdits() throws {
    let path = try file("box.json", conflicting)
    let read = try XCTUnwrap(Pipeline.standard.read(path).document)
    let environments = MatrixCommand.entries(family: .iPhone).map(\.environment)
    var policy = FailurePolicy()
    policy.suppressions = Suppressions()
    let problems = { (result: LayoutResult) in policy.diagnostics(for: result, designChecks: true) }
    let fixed = try XCTUnwrap(
      LayoutEdit(.setPriority(constraint: "wide", priority: 999)).apply(to: read))
    // The file as it is still conflicts: it is not the fixed layout.
    XCTAssertNotNil(
      FixCommand.mismatch(
        Array(conflicting.utf8), file: path, expected: fixed, environments: environments, pipeline: .standard,
        text: TextSettings(), prepare: { $0 }, problems: problems))
    let written = conflicting.replacingOccurrences(of: #""id": "wide" }"#, with: #""id": "wide", "priority": 999 }"#)
    XCTAssertNil(
      FixCommand.mismatch(
        Array(written.utf8), file: path, expected: fixed, environments: environments, pipeline: .standard,
        text: TextSettings(), prepare: { $0 }, problems: problems))
    XCTAssertNotNil(
      FixCommand.mismatch(
        Array("{".utf8), file: path, expected: fixed, environments: environments, pipeline: .standard,
        text: TextSettings(), prepare: { $0 }, problems: problems))
  }
}
