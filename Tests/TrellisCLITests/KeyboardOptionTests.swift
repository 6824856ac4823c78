import Foundation
import TrellisCLI
import XCTest

/// `--keyboard HEIGHT` on `solve` and `matrix`, through the real reader and engine; the expected
/// numbers are worked out by hand from the file below.
final class KeyboardOptionTests: XCTestCase {
  private func real(_ arguments: String...) -> Run {
    var out = ""
    var err = ""
    let status = CommandLineTool(pipeline: .standard, variables: [:]).run(
      arguments: arguments, stdout: &out, stderr: &err)
    return Run(status: status, stdout: out, stderr: err)
  }

  /// A bar 44 tall across the safe area whose bottom is 8 above the keyboard guide's top.
  private func file() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("keyboard-\(UUID().uuidString).json")
    try """
    {"root": {"children": [{"id": "bar"}]}, "constraints": [
      "bar.bottom == root.keyboardLayoutGuide.top - 8", "bar.leading == safeArea.leading",
      "bar.trailing == safeArea.trailing", "bar.height == 44"]}
    """.write(to: url, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  private func barY(_ run: Run) throws -> Double? {
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let views = try XCTUnwrap(object["views"] as? [[String: Any]])
    let bar = try XCTUnwrap(views.first { $0["id"] as? String == "bar" })
    return (bar["frame"] as? [String: Double])?["y"]
  }

  func testSolveRaisesTheGuideByTheKeyboardsHeight() throws {
    let path = try file()
    let base = ["solve", path, "--size", "400x600", "--safe-area", "20,0,34,0", "--format", "json"]
    // Hidden: the guide's top is the safe area's bottom, 566; the bar's y 566 - 8 - 44 = 514.
    var run = real(base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(try barY(run), 514)
    // A 300-pt keyboard: top 600 - 300 = 300, the bar's y 248.
    run = real(base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7], "--keyboard", "300")
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(try barY(run), 248)
    // Taller than the screen, or not a positive number: usage errors.
    run = real("solve", path, "--size", "400x600", "--keyboard", "601")
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.stderr.contains("cannot be taller than the screen (600 pt)"), run.stderr)
    run = real("solve", path, "--keyboard", "0")
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.stderr.contains("'--keyboard <height>'"), run.stderr)
  }

  func testMatrixShowsTheKeyboardOnEveryScreen() throws {
    let path = try file()
    // 200 tall: on the shortest iPhone screen (320 in landscape) the bar still sits at
    // 320 - 200 - 52 = 68, inside the screen.
    let run = real("matrix", path, "--devices", "iphone", "--keyboard", "200", "--format", "json")
    XCTAssertEqual(run.status, 0, run.stderr)
    // A keyboard taller than every iPhone's landscape height is refused.
    let tall = real("matrix", path, "--devices", "iphone", "--keyboard", "500")
    XCTAssertNotEqual(tall.status, 0)
    XCTAssertTrue(tall.stderr.contains("cannot be taller than the screen"), tall.stderr)
  }
}
