import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisTestSupport
import XCTest

/// `trellis snapshot`: writing, checking and updating the frames of every environment.
final class SnapshotCommandTests: TemporaryDirectoryTestCase {

  /// Concentration with its stacks' spacing changed from 8 to `spacing`.
  private func concentration(spacing: Int) throws -> String {
    let text = try String(
      contentsOf: FixturePaths.layouts.appendingPathComponent("concentration.json"), encoding: .utf8)
    let path = directory.appendingPathComponent("concentration-\(spacing).json").path
    try text.replacingOccurrences(of: "\"spacing\": 8", with: "\"spacing\": \(spacing)").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testASnapshotIsWrittenCheckedAndUpdated() throws {
    let layout = try concentration(spacing: 8)
    let snapshot = directory.appendingPathComponent("concentration.snapshot").path
    let written = realTrellis(["snapshot", layout, "--devices", "iphone", "--output", snapshot, "--update"])
    XCTAssertEqual(written.status, 0, written.stderr)
    let text = try String(contentsOfFile: snapshot, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix(FrameSnapshot.formatLine + "\n"))
    // iPhone SE portrait: the grid 320 − 16 = 304 wide and 568 − 28 − 8 − 24 = 508 tall; five
    // rows of (508 − 4 × 8) / 5 = 95.2, four cards of (304 − 3 × 8) / 4 = 70.
    XCTAssertTrue(text.contains("\n== iPhone SE (1st gen) portrait full (320x568, wC hR) ok\nroot 0 0 320 568\n"))
    XCTAssertTrue(text.contains("\ncard2 86 28 70 95.2\n"))
    XCTAssertTrue(text.contains("\nextraColumn 316 28 0 508 hidden\n"))

    let same = realTrellis(["snapshot", layout, "--devices", "iphone", "--output", snapshot, "--check"])
    XCTAssertEqual(same.status, 0, same.stdout + same.stderr)

    // Spacing 10: rows (508 − 40) / 5 = 93.6, cards (304 − 30) / 4 = 68.5, the second at 8 + 78.5.
    let moved = realTrellis([
      "snapshot", try concentration(spacing: 10), "--devices", "iphone", "--output", snapshot, "--check", "--verbose",
    ])
    XCTAssertEqual(moved.status, 1)
    XCTAssertTrue(moved.stdout.contains("\n  iPhone SE (1st gen) portrait:\n"), moved.stdout)
    XCTAssertTrue(moved.stdout.contains("\n    row1: 8 28 304 95.2 → 8 28 304 93.6\n"), moved.stdout)
    XCTAssertTrue(moved.stdout.contains("\n    card2: 86 28 70 95.2 → 86.5 28 68.5 93.6\n"), moved.stdout)

    let updated = realTrellis([
      "snapshot", try concentration(spacing: 10), "--devices", "iphone", "--output", snapshot, "--update",
    ])
    XCTAssertEqual(updated.status, 0)
    XCTAssertTrue(updated.stderr.contains("environments changed"), updated.stderr)
    XCTAssertEqual(
      realTrellis(["snapshot", try concentration(spacing: 10), "--devices", "iphone", "--output", snapshot, "--check"])
        .status, 0)
  }

  func testUsageAndMissingSnapshots() throws {
    let layout = try concentration(spacing: 8)
    XCTAssertEqual(realTrellis(["snapshot", layout, "--check"]).status, 64)
    XCTAssertEqual(realTrellis(["snapshot", layout, "--check", "--update", "--output", "x"]).status, 64)
    let missing = realTrellis([
      "snapshot", layout, "--check", "--output", directory.appendingPathComponent("none").path,
    ])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("there is no snapshot"), missing.stderr)
    let bad = directory.appendingPathComponent("bad.snapshot").path
    try "not a snapshot\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = realTrellis(["snapshot", layout, "--check", "--output", bad])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("line 1: not a Trellis snapshot"), refused.stderr)
  }

  func testTheTextParsesBackAndDifferencesNameAddedAndRemovedViews() {
    let old = [
      FrameSnapshot.Block(name: "A (1x1, wC hR)", status: "ok", lines: [("root", "0 0 1 1"), ("a", "0 0 1 1")])
    ]
    let new = [
      FrameSnapshot.Block(name: "A (1x1, wC hR)", status: "overlap", lines: [("root", "0 0 1 1"), ("b", "0 0 2 2")])
    ]
    XCTAssertEqual(try FrameSnapshot.parse(FrameSnapshot.render(old, source: "x.json")).get(), old)
    XCTAssertEqual(
      FrameSnapshot.differences(from: old, to: new),
      ["A (1x1, wC hR):\n  status: ok → overlap\n  b: added at 0 0 2 2\n  a: removed (was 0 0 1 1)"])
  }
}
