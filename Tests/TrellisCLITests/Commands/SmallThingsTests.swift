import Foundation
import TrellisCLI
import XCTest

/// Issue 35 §4 at the command line: a stack's alignment in the file's words, a binary file's
/// bytes never written to the terminal.
final class SmallThingsTests: TemporaryDirectoryTestCase {
  func testRotateNamesAHorizontalStacksTopAlignmentTop() throws {
    // A horizontal stack that aligns its views to the top in compact height only: rotating an
    // iPhone 8 from portrait (hR) to landscape (hC) changes it from fill to top, the word the
    // file uses (UIStackView.Alignment.top; the model keeps one value for top and leading).
    let path = directory.appendingPathComponent("row.json").path
    try """
    {"root": {"id": "root", "children": [
      {"id": "row", "kind": "stack", "axis": "horizontal", "distribution": "fillEqually", "alignment": {"any": "fill", "hC": "top"},
       "children": [{"id": "a", "kind": "label", "text": "A"}, {"id": "b", "kind": "label", "text": "B"}]}]},
     "constraints": ["row.top == safeArea.top", "row.leading == safeArea.leading", "row.trailing == safeArea.trailing",
                     "row.height == 40"]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let run = realTrellis(["rotate", path, "--device", "iPhone 8"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("alignment fill → top"), run.stdout)
    XCTAssertFalse(run.stdout.contains("leading"), run.stdout)
  }

  /// A row whose alignment is written `alignment` (a JSON object or a plain word) in a layout
  /// rotated from an iPhone 8's portrait (hR) to landscape (hC).
  func rotateRow(axis: String, alignment: String) throws -> Run {
    let path = directory.appendingPathComponent("row-\(axis).json").path
    try """
    {"root": {"id": "root", "children": [
      {"id": "row", "kind": "stack", "axis": "\(axis)", "distribution": "fillEqually", "alignment": \(alignment),
       "children": [{"id": "a", "kind": "label", "text": "A"}, {"id": "b", "kind": "label", "text": "B"}]}]},
     "constraints": ["row.top == safeArea.top", "row.leading == safeArea.leading", "row.trailing == safeArea.trailing",
                     "row.height == 40"]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return realTrellis(["rotate", path, "--device", "iPhone 8"])
  }

  func testRotateKeepsTheFilesOwnSpellingOfAnAlignment() throws {
    // The same value spelled the other way: a horizontal stack written `leading` (a spelling the
    // reader accepts for UIStackView.Alignment.top) is named `leading`, as the file wrote it,
    // and so is `trailing`; a vertical stack written `top` is named `top`. The axis only picks
    // the word when the file wrote none (the base `fill` here is the default, printed as such).
    let cases: [(axis: String, alignment: String, expected: String)] = [
      ("horizontal", #"{"any": "fill", "hC": "leading"}"#, "alignment fill → leading"),
      ("horizontal", #"{"any": "trailing", "hC": "center"}"#, "alignment trailing → center"),
      ("vertical", #"{"hC": "top"}"#, "alignment fill → top"),
      ("horizontal", #"{"any": "bottom", "hC": "fill"}"#, "alignment bottom → fill"),
    ]
    for item in cases {
      let run = try rotateRow(axis: item.axis, alignment: item.alignment)
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stdout.contains("row: \(item.expected)"), "\(item.alignment): \(run.stdout)")
    }
  }

  func testTwoSpellingsOfOneAlignmentAreNoChange() throws {
    // `leading` in regular height and `top` in compact height are the same UIStackView
    // alignment: the rotation changes no stack property, so no stack line is printed.
    let run = try rotateRow(axis: "horizontal", alignment: #"{"any": "leading", "hC": "top"}"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stdout.contains("alignment"), run.stdout)
    XCTAssertFalse(run.stdout.contains("stack "), run.stdout)
  }

  func testABinaryFileIsNeverEchoed() throws {
    // The start of an ELF executable: magic, NULs, and printable bytes that quoting would show.
    var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]
    bytes += Array("SECRET-BYTES\u{1B}[31m".utf8)
    for name in ["bin.json", "bin.storyboard", "bin.xib"] {
      let path = directory.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      for command in [["validate", path], ["solve", path], ["matrix", path]] {
        let run = realTrellis(command)
        XCTAssertNotEqual(run.status, 0, "\(command)")
        let output = run.stdout + run.stderr
        XCTAssertFalse(output.contains("SECRET"), "\(command): \(output)")
        XCTAssertFalse(output.contains("ELF"), "\(command): \(output)")
        XCTAssertFalse(output.unicodeScalars.contains("\u{1B}"), "\(command)")
      }
    }
  }
}
