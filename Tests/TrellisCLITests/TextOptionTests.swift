import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import TrellisText
import XCTest

/// `--fonts`, `$TRELLIS_FONTS`, the file's `"fonts"`, `--content-size`, `matrix --content-sizes`
/// and `--pseudo-locale`, through the real reader and engine. Fonts are the synthetic test font
/// (1000 units per em; a, b, c 500 wide; line 800 + 200 + 100): "abc" at 10 pt is 15 × 11.
final class TextOptionTests: TemporaryDirectoryTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    try Data(SyntheticFont().build()).write(to: directory.appendingPathComponent("fonts/test.ttf"))
  }

  /// A layout file in the test directory: one label at the top-left corner.
  func layoutFile(label: String, top: String = "") throws -> String {
    let path = directory.appendingPathComponent("layout.json").path
    let json = """
      {\(top)"root": {"id": "root", "children": [{"id": "l", "kind": "label", \(label)}]},
       "constraints": ["l.leading == root.leading", "l.top == root.top"]}
      """
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The label's frame size in a `solve --format json` run.
  private func labelSize(_ run: Run, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let views = try XCTUnwrap(object["views"] as? [[String: Any]])
    let label = try XCTUnwrap(views.first { $0["id"] as? String == "l" }, file: file, line: line)
    let frame = try XCTUnwrap(label["frame"] as? [String: Double])
    return [frame["width"] ?? -1, frame["height"] ?? -1]
  }

  func testFontsComeFromTheOptionTheFileOrTheVariable() throws {
    let label = #""text": "abc", "fontSize": 10, "fontName": "TrellisTest-Regular""#
    let path = try layoutFile(label: label)
    let fonts = directory.appendingPathComponent("fonts").path
    // Without fonts: the fixed metric, 3 × 5 = 15 by 12.
    XCTAssertEqual(try labelSize(realTrellis(["solve", path, "--format", "json"])), [15, 12])
    XCTAssertEqual(try labelSize(realTrellis(["solve", path, "--format", "json", "--fonts", fonts])), [15, 11])
    XCTAssertEqual(
      try labelSize(realTrellis(["solve", path, "--format", "json"], variables: ["TRELLIS_FONTS": fonts])), [15, 11])
    // The file's "fonts", relative to the file; --fonts wins over it.
    let withFonts = try layoutFile(label: label, top: #""fonts": "fonts", "#)
    XCTAssertEqual(try labelSize(realTrellis(["solve", withFonts, "--format", "json"])), [15, 11])
    let run = realTrellis(["solve", withFonts, "--format", "json", "--fonts", "/nonexistent-trellis-fonts"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(
      run.stderr.contains("The fonts directory '/nonexistent-trellis-fonts' ('--fonts') does not exist."), run.stderr)
  }

  func testAFontsPathThatIsNoDirectoryOrHoldsNoFontsIsReported() throws {
    let path = try layoutFile(label: #""text": "abc", "fontSize": 10"#)
    let file = realTrellis(["solve", path, "--fonts", path])
    XCTAssertEqual(file.status, 1)
    XCTAssertTrue(file.stderr.contains("is not a directory"), file.stderr)
    let empty = directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("not a font".utf8).write(to: empty.appendingPathComponent("broken.ttf"))
    let run = realTrellis(["solve", path, "--format", "json", "--fonts", empty.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stderr.contains("warning: font file skipped: "), run.stderr)
    XCTAssertTrue(run.stderr.contains("text uses the fixed metric"), run.stderr)
    XCTAssertEqual(try labelSize(run), [15, 12])
  }

  func testContentSizeScalesTextStyles() throws {
    // Body: 17 pt at large, 53 at AX5 (docs/text.md). "Hi" with the fixed metric at @2x (the
    // iPhone 8), heights rounded up to half points: 2 × 8.5 = 17 by 20.4 -> 20.5; 2 × 26.5 = 53
    // by 63.6 (127.2 px) -> 64.
    let path = try layoutFile(label: #""text": "Hi", "textStyle": "body""#)
    let iPhone8 = ["--device", "iPhone 8"]
    XCTAssertEqual(try labelSize(realTrellis(["solve", path, "--format", "json"] + iPhone8)), [17, 20.5])
    XCTAssertEqual(
      try labelSize(realTrellis(["solve", path, "--format", "json", "--content-size", "AX5"] + iPhone8)), [53, 64])
    let bad = realTrellis(["solve", path, "--content-size", "huge"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(
      bad.stderr.contains("The value 'huge' is invalid for '--content-size <category>'. Use one of: xSmall"))
  }

  func testMatrixChecksEveryContentSizeAsked() throws {
    let path = try layoutFile(label: #""text": "Hi", "textStyle": "body""#)
    let one = realTrellis(["matrix", path, "--devices", "iphone", "--format", "json"])
    let two = realTrellis(["matrix", path, "--devices", "iphone", "--format", "json", "--content-sizes", "large, AX5"])
    func environments(_ run: Run) throws -> [[String: Any]] {
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try XCTUnwrap(object["environments"] as? [[String: Any]])
    }
    let single = try environments(one)
    let double = try environments(two)
    XCTAssertEqual(double.count, 2 * single.count)
    XCTAssertEqual(double.first?["contentSize"] as? String, "large")
    XCTAssertEqual(double.last?["contentSize"] as? String, "AX5")
    XCTAssertEqual(
      try environments(
        realTrellis(["matrix", path, "--devices", "iphone", "--format", "json", "--content-sizes", "all"])
      )
      .count, 12 * single.count)
    let table = realTrellis(["matrix", path, "--devices", "iphone", "--content-sizes", "large,AX5"])
    XCTAssertTrue(table.stdout.hasPrefix("device"), table.stdout)
    XCTAssertTrue(table.stdout.split(separator: "\n").first?.contains("text size") == true, table.stdout)
  }

  func testPseudoLocalesStretchTextAndRightToLeftMirrors() throws {
    let path = try layoutFile(label: #""text": "abc", "fontSize": 10"#)
    // double: "abc abc", 7 × 5 = 35.
    XCTAssertEqual(
      try labelSize(realTrellis(["solve", path, "--format", "json", "--pseudo-locale", "double"])), [35, 12])
    // right-to-left: the text is the same; leading is the right edge of the default iPhone 17,
    // so x = 402 − 15.
    let run = realTrellis(["solve", path, "--format", "json", "--pseudo-locale", "right-to-left"])
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let views = try XCTUnwrap(object["views"] as? [[String: Any]])
    let frame = try XCTUnwrap(views.first { $0["id"] as? String == "l" }?["frame"] as? [String: Double])
    XCTAssertEqual(frame["x"], 387)
  }

  func testTheTextMetricOptionChoosesTheBuiltInMetricAndFontsStillWin() throws {
    let path = try layoutFile(label: #""text": "abc", "fontSize": 10"#)
    let measurer = try XCTUnwrap(BuiltinTextMeasurer(name: "inter", size: 10))
    let expected = TextLayout("abc", measurer: measurer, rounding: .up(scale: 2))  // the iPhone 8 is @2x
    let inter = try labelSize(realTrellis(["solve", path, "--format", "json", "--text-metric", "inter"]))
    XCTAssertEqual(inter, [expected.width, expected.height])
    XCTAssertNotEqual(inter, [15, 12])
    let fonts = directory.appendingPathComponent("fonts").path
    XCTAssertEqual(
      try labelSize(realTrellis(["solve", path, "--format", "json", "--text-metric", "inter", "--fonts", fonts])),
      [15, 11])
    XCTAssertEqual(realTrellis(["solve", path, "--text-metric", "helvetica"]).status, 64)
  }
}
