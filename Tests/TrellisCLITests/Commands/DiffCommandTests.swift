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
    // 'pin' moves 'a' from y 8 to y 12 in each of the 70 iPhone environments (35 iPhones, two
    // orientations), all of those compared: one line. The cause comes first, at its line (3).
    XCTAssertEqual(
      run.stdout,
      """
      70 of 70 environments changed.
      Cause:
        \(new):2: changed constraint 'pin' a.top == root.top: constant 8 → 12
        \(new):3: added constraint 'cap': a.bottom <= root.bottom constant 0 priority 1000
      Moves:
        a.y +4 in 70 environments (all)

      """)
    let verbose = realTrellis(["diff", old, new, "--devices", "iphone", "--verbose"])
    XCTAssertTrue(
      verbose.stdout.contains("Per environment:\n  iPhone SE (1st gen) portrait:\n    a: 0 8 10 10 → 0 12 10 10\n"),
      verbose.stdout)
  }

  func testTheSameLayoutMovesNothing() throws {
    let old = try write("old.json", top: 8)
    let run = realTrellis(["diff", old, old, "--devices", "ipad"])
    XCTAssertEqual(run.status, 0, run.stdout)
    XCTAssertTrue(run.stdout.hasPrefix("No frame moves in "), run.stdout)
  }
}
