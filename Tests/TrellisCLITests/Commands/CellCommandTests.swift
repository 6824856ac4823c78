import Foundation
import TrellisSupport
import TrellisTestSupport
import XCTest

/// Cells through the commands (docs/layout-format.md, "Cells"): `solve` shows the content view
/// at its table's width and fitted height, `--width` chooses the table's width, `matrix` covers
/// every text size. Expected numbers are worked out by hand from the fixed metric (a character
/// advances half the font size, a line is 1.2 × the font size, rounded up to the pixel).
final class CellCommandTests: TemporaryDirectoryTestCase {
  /// A label of four ten-letter words at 20 pt between the content view's margins.
  private func writeCell() throws -> String {
    let path = directory.appendingPathComponent("cell.json").path
    let text = """
      {"cell": {"in": "plainTable"},
       "root": {"id": "content", "children": [
         {"id": "body", "kind": "label", "numberOfLines": 0, "fontSize": 20,
          "text": "abcdefghij abcdefghij abcdefghij abcdefghij"}]},
       "constraints": ["body.leading == margins.leading", "body.trailing == margins.trailing",
                       "body.top == margins.top", "body.bottom == margins.bottom"]}
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func cellObject(_ output: String) -> [String: Any]? {
    let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    return object?["cell"] as? [String: Any]
  }

  func testSolveAtAWidthShowsTheFittedRow() throws {
    let run = realTrellis(["solve", try writeCell(), "--width", "375", "--device", "iPhone 8", "--format", "table"])
    XCTAssertEqual(run.status, 0, run.stderr)
    // iPhone 8 (@2x) with a 375-pt table: margins 16, the label 343 wide holds three words per
    // line (320 pt), so two lines of 24: 11 + 48 + 11 = 70.
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    XCTAssertTrue(rows.contains(["content", "view", "0", "0", "375", "70", "no"]), run.stdout)
    XCTAssertTrue(rows.contains(["body", "label", "16", "11", "343", "48", "no"]), run.stdout)
    XCTAssertTrue(
      run.stdout.contains(
        "cell: row height 70 pt, fitted to its content; in a 375-pt-wide table"), run.stdout)
  }

  func testANarrowTableGivesATallerRow() throws {
    let run = realTrellis(["solve", try writeCell(), "--width", "240", "--device", "iPhone 8", "--format", "json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    // 240 − 32 = 208: one word (100 pt) per line, since two take 210: 11 + 4 × 24 + 11 = 118.
    let cell = try XCTUnwrap(cellObject(run.stdout))
    XCTAssertEqual(cell["rowHeight"] as? Double, 118)
    XCTAssertEqual(cell["hostWidth"] as? Double, 240)
    XCTAssertEqual(cell["fittedHeight"] as? Bool, true)
  }

  func testWidthAndSizeTogetherAreRefused() throws {
    let run = realTrellis(["solve", try writeCell(), "--width", "320", "--size", "320x480"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("'--width' and '--size' both give the width"), run.stderr)
  }

  func testMatrixCoversEveryTextSizeWithoutFailing() throws {
    let run = realTrellis(["matrix", try writeCell(), "--content-sizes", "all"])
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
  }

  /// The example on every device, orientation, window and text size: at the smallest sizes on
  /// wide screens the avatar (40 pt) is taller than the name and one line of message, and the
  /// extra height must go to one label, not be shared between two of equal hugging (ambiguous).
  func testTheMessageCellExampleIsSoundAtEveryTextSize() throws {
    let layout = FixturePaths.layouts.appendingPathComponent("message-cell.json").path
    let run = realTrellis(["matrix", layout, "--content-sizes", "all", "--no-fixes"])
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    XCTAssertTrue(run.stdout.contains("1464 environments, 0 failing."), run.stdout)
  }

  func testTheMessageCellExampleGrowsWithTheTextSize() throws {
    let layout = FixturePaths.layouts.appendingPathComponent("message-cell.json").path
    var heights: [Double] = []
    for size in ["large", "AX1", "AX5"] {
      let run = realTrellis(["solve", layout, "--content-size", size, "--format", "json"])
      XCTAssertEqual(run.status, 0, run.stderr)
      heights.append(try XCTUnwrap(cellObject(run.stdout)?["rowHeight"] as? Double))
    }
    XCTAssertEqual(heights, heights.sorted())
    XCTAssertLessThan(heights[0], heights[2])
  }
}
