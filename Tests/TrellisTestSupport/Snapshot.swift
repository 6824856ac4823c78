import Foundation
import XCTest

/// Text snapshots: compares text with a file and, on a difference, fails with a unified diff of
/// every differing line.
///
/// `TRELLIS_RECORD=1 swift test …` writes the new text AND fails the test, so a baseline is never
/// accepted without someone reading it; a missing snapshot fails too (it is not written silently).
public enum Snapshot {
  /// Whether `TRELLIS_RECORD=1` is set.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["TRELLIS_RECORD"] == "1" }

  /// Lines of context around each change in the diff.
  public static let contextLines = 3

  /// Asserts that `actual` equals the file `directory/name.txt`.
  public static func assertMatches(
    _ actual: String, named name: String, in directory: URL, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertMatches(actual, at: directory.appendingPathComponent(name + ".txt"), file: file, line: line)
  }

  /// Asserts that `actual` equals the file at `url` (records it under `TRELLIS_RECORD=1`).
  public static func assertMatches(_ actual: String, at url: URL, file: StaticString = #filePath, line: UInt = #line) {
    if isRecording {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
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
    XCTFail(
      "Snapshot \(url.lastPathComponent) differs (- expected, + actual):\n"
        + unifiedDiff(expected: expected, actual: actual, context: contextLines),
      file: file, line: line)
  }

  /// A unified diff (`@@ -a,b +c,d @@` hunks, `-` expected, `+` actual, ` ` context) of every
  /// differing line, from a longest common subsequence of the lines. Empty when equal.
  public static func unifiedDiff(expected: String, actual: String, context: Int = 3) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    let edits = lineEdits(old, new)
    guard edits.contains(where: { $0.kind != " " }) else { return "" }
    // Group changes whose context windows touch into hunks.
    var hunks: [Range<Int>] = []
    for (index, edit) in edits.enumerated() where edit.kind != " " {
      let window = max(0, index - context)..<min(edits.count, index + context + 1)
      if let last = hunks.last, window.lowerBound <= last.upperBound {
        hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, window.upperBound)
      } else {
        hunks.append(window)
      }
    }
    var out: [String] = []
    for hunk in hunks {
      let slice = edits[hunk]
      let oldStart = slice.first?.oldIndex ?? 0
      let newStart = slice.first?.newIndex ?? 0
      let oldCount = slice.filter { $0.kind != "+" }.count
      let newCount = slice.filter { $0.kind != "-" }.count
      out.append("@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@")
      out += slice.map { "\($0.kind)\($0.text)" }
    }
    return out.joined(separator: "\n")
  }

  private struct Edit {
    var kind: Character  // " " kept, "-" only in expected, "+" only in actual
    var text: String
    /// The line's index in expected (for "+": where it would go) and in actual.
    var oldIndex: Int
    var newIndex: Int
  }

  /// The edit script of a longest common subsequence (dynamic programming; snapshots are a few
  /// hundred lines, so the quadratic table is small).
  private static func lineEdits(_ old: [String], _ new: [String]) -> [Edit] {
    let n = old.count
    let m = new.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        edits.append(Edit(kind: " ", text: old[i], oldIndex: i, newIndex: j))
        i += 1
        j += 1
      } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
        // Removals before additions, as diff(1) prints them.
        edits.append(Edit(kind: "-", text: old[i], oldIndex: i, newIndex: j))
        i += 1
      } else {
        edits.append(Edit(kind: "+", text: new[j], oldIndex: i, newIndex: j))
        j += 1
      }
    }
    return edits
  }
}
