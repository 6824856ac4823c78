import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// `trellis diff OLD NEW`: frames that move per environment, and constraints that change.
final class DiffCommandTests: TemporaryDirectoryTestCase {
  private func write(_ name: String, top: Int, extra: String = "") throws -> String {
    let path = directory.appendingPathComponent(name).path
    try """
    {"root": {"id": "root", "children": [{"id": "a"}]},
     "constraints": [{"id": "pin", "constraint": "a.top == root.top + \(top)"}, "a.leading == root.leading",
                     "a.width == 10", "a.height == 10"\(extra)]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testAMovedFrameAndAChangedConstantAreShown() throws {
    let old = try write("old.json", top: 8)
    let new = try write("new.json", top: 12, extra: #", {"id": "cap", "constraint": "a.bottom <= root.bottom"}"#)
    let run = realTrellis(["diff", old, new, "--devices", "iphone"])
    XCTAssertEqual(run.status, 1)
    // In every environment 'a' goes from y 8 to y 12; the first environment is the iPhone SE.
    XCTAssertTrue(
      run.stdout.hasPrefix("iPhone SE (1st gen) portrait full (320x568, wC hR):\n  a: 0 8 10 10 → 0 12 10 10\n"),
      run.stdout)
    XCTAssertTrue(
      run.stdout.contains(
        "  changed 'pin': a.top == root.top constant 8 priority 1000 → a.top == root.top constant 12 priority 1000\n"),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("  added 'cap': a.bottom <= root.bottom constant 0 priority 1000\n"), run.stdout)
  }

  func testTheSameLayoutMovesNothing() throws {
    let old = try write("old.json", top: 8)
    let run = realTrellis(["diff", old, old, "--devices", "ipad"])
    XCTAssertEqual(run.status, 0, run.stdout)
    XCTAssertTrue(run.stdout.hasPrefix("No frame moves in "), run.stdout)
  }
}
