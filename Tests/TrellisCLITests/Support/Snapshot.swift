import Foundation
import XCTest

/// Text snapshots under `Tests/TrellisCLITests/Snapshots/`.
///
/// `TRELLIS_RECORD=1 swift test …` writes the new text AND fails the test, so a baseline is never
/// accepted without someone reading it; a missing snapshot fails too (it is not written silently).
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" }

  static func assertMatches(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = directory.appendingPathComponent(name + ".txt")
    if isRecording {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        XCTFail(
          "Recorded snapshot \(url.path). Read it, then run the tests without TRELLIS_RECORD.", file: file, line: line)
      } catch {
        XCTFail("Could not record \(url.path): \(error)", file: file, line: line)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      XCTFail("No snapshot \(url.path): run with TRELLIS_RECORD=1 to record one, then read it.", file: file, line: line)
      return
    }
    guard expected != actual else { return }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let firstDifference =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let want = firstDifference < expectedLines.count ? expectedLines[firstDifference] : "<end>"
    let got = firstDifference < actualLines.count ? actualLines[firstDifference] : "<end>"
    XCTFail(
      "Snapshot \(name) differs at line \(firstDifference + 1):\n  expected: \(want)\n  actual:   \(got)\n--- actual ---\n\(actual)",
      file: file, line: line)
  }
}
