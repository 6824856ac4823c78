import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// Checks a layout says are intended: per view in the file, or everywhere with --suppress.
final class SuppressionTests: TemporaryDirectoryTestCase {
  /// A 16-pt badge over the avatar's top-right corner (4 outside it, so 12 × 12 overlap), and a
  /// banner across the root's top, outside the safe area on every device with a status bar.
  private func layout(badge: String = "", banner: String = "") throws -> String {
    let path = directory.appendingPathComponent("avatar.json").path
    try """
    {"root": {"id": "root", "children": [
      {"id": "avatar"},
      {"id": "badge"\(badge)},
      {"id": "banner"\(banner)}]},
     "constraints": ["avatar.leading == safeArea.leading + 20", "avatar.top == safeArea.top + 20",
       "avatar.width == 60", "avatar.height == 60", "badge.trailing == avatar.trailing + 4",
       "badge.top == avatar.top - 4", "badge.width == 16", "badge.height == 16",
       "banner.leading == root.leading", "banner.top == root.top", "banner.width == 100", "banner.height == 10"]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testSuppressionsInTheFileLetTheMatrixPass() throws {
    let plain = realTrellis(["matrix", try layout(), "--devices", "iphone"])
    XCTAssertEqual(plain.status, 1)
    // The banner (0…10 at the top) leaves the safe area by 20 on the iPhone SE; the badge's
    // overlap is the next finding.
    XCTAssertTrue(plain.stdout.contains("outside safe area"), plain.stdout)

    let allowed = realTrellis([
      "matrix",
      try layout(badge: #", "suppress": ["overlap:avatar"]"#, banner: #", "suppress": ["outside-safe-area"]"#),
      "--devices", "iphone",
    ])
    XCTAssertEqual(allowed.status, 0, allowed.stdout)
    XCTAssertEqual(allowed.stderr, "")
  }

  func testASuppressionThatSuppressesNothingIsAWarning() throws {
    let run = realTrellis([
      "matrix",
      try layout(badge: #", "suppress": ["overlap"]"#, banner: #", "suppress": ["outside-safe-area", "overlap"]"#),
      "--devices", "iphone",
    ])
    XCTAssertEqual(run.status, 0, run.stdout)
    // The banner overlaps nothing: its "overlap" is reported, once.
    XCTAssertEqual(run.stderr.components(separatedBy: "[unused-suppression]").count - 1, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("the suppression 'overlap' of 'banner' suppressed nothing"), run.stderr)
  }

  func testTheCommandLineSuppressesEverywhereAndRefusesOtherCodes() throws {
    XCTAssertEqual(
      realTrellis(["matrix", try layout(), "--devices", "iphone", "--suppress", "overlap,outside-safe-area"]).status, 0)
    XCTAssertEqual(realTrellis(["matrix", try layout(), "--suppress", "conflict"]).status, 64)
  }

  func testAFileNamingAnUnknownViewOrCheckIsAnError() throws {
    let unknownView = realTrellis(["validate", try layout(badge: #", "suppress": ["overlap:avatr"]"#)])
    XCTAssertEqual(unknownView.status, 1)
    XCTAssertTrue(unknownView.stdout.contains("names no view; did you mean 'avatar'?"), unknownView.stdout)
    let unknownCheck = realTrellis(["validate", try layout(badge: #", "suppress": ["conflict"]"#)])
    XCTAssertEqual(unknownCheck.status, 1)
    XCTAssertTrue(unknownCheck.stdout.contains("'conflict' is not a check that can be suppressed"), unknownCheck.stdout)
  }
}
