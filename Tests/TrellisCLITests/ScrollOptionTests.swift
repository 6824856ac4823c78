import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// `solve --scroll-offset` and `--zoom` on the example scroll layouts, through the real reader
/// and engine; the expected numbers are worked out from the files.
final class ScrollOptionTests: XCTestCase {
  private static func layout(_ name: String) -> String {
    RealLayoutTests.layouts.appendingPathComponent(name).path
  }

  private func real(_ arguments: String...) -> Run {
    var out = ""
    var err = ""
    let status = CommandLineTool(pipeline: .standard, variables: [:]).run(
      arguments: arguments, stdout: &out, stderr: &err)
    return Run(status: status, stdout: out, stderr: err)
  }

  private func scrollViews(_ run: Run) throws -> [[String: Any]] {
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try XCTUnwrap(object["scrollViews"] as? [[String: Any]])
  }

  func testOffsetAndZoomOverrideTheFile() throws {
    // Cassini on an iPhone 8 (375x667, wC hR, safe area top 20): zoom 1 makes the image its
    // intrinsic 2048 x 1536; offset 500,300 puts the content's origin at (−500, −300).
    let run = real(
      "solve", Self.layout("cassini.json"), "--device", "iPhone 8", "--zoom", "scrollView=1", "--scroll-offset",
      "scrollView=500,300", "--format", "json")
    XCTAssertEqual(run.status, 0, run.stderr)
    let scroll = try XCTUnwrap(try scrollViews(run).first)
    XCTAssertEqual(scroll["id"] as? String, "scrollView")
    XCTAssertEqual(scroll["contentSize"] as? [String: Double], ["width": 2048, "height": 1536])
    XCTAssertEqual(scroll["contentFrame"] as? [String: Double], ["x": -500, "y": -300, "width": 2048, "height": 1536])
    XCTAssertEqual(scroll["contentOffset"] as? [String: Double], ["x": 500, "y": 300])
    XCTAssertEqual(scroll["zoomScale"] as? Double, 1)
    // 'always': the whole safe area (top 20 on an iPhone 8).
    XCTAssertEqual(
      scroll["adjustedContentInset"] as? [String: Double], ["top": 20, "left": 0, "bottom": 0, "right": 0])
  }

  func testTheDiagramMarksContentBeyondTheViewport() {
    // Scrolled into the middle of the 2048 x 1536 image, content lies beyond all four edges.
    let run = real(
      "solve", Self.layout("cassini.json"), "--device", "iPhone 8", "--zoom", "scrollView=1", "--scroll-offset",
      "scrollView=500,300", "--columns", "40")
    XCTAssertEqual(run.status, 0, run.stderr)
    for arrow in ["▲", "▼", "◀", "▶"] { XCTAssertTrue(run.stdout.contains(arrow), arrow) }
    XCTAssertTrue(
      run.stdout.contains(
        "scroll scrollView: content 2048x1536 at offset 500,300, zoom 1, adjusted insets t20 l0 b0 r0"))
    // At the default offset the content starts at the viewport's top-left corner: nothing above or left.
    let resting = real("solve", Self.layout("cassini.json"), "--zoom", "scrollView=1", "--columns", "40")
    XCTAssertFalse(resting.stdout.contains("▲"))
    XCTAssertFalse(resting.stdout.contains("◀"))
    XCTAssertTrue(resting.stdout.contains("▼"))
  }

  func testTheSVGClipsContentAndOutlinesIt() {
    let run = real("solve", Self.layout("long-form.json"), "--device", "iPhone 8", "--format", "svg")
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains("<clipPath id=\"clip1\"><rect x=\"0\" y=\"0\" width=\"375\" height=\"667\"/></clipPath>"))
    XCTAssertTrue(run.stdout.contains("<g id=\"view-form\" clip-path=\"url(#clip1)\">"))
    XCTAssertTrue(run.stdout.contains("<title>content of scroll"))
  }

  func testBadValuesAreUsageErrorsAndUnknownIdsRuntimeErrors() {
    XCTAssertEqual(real("solve", Self.layout("cassini.json"), "--scroll-offset", "scrollView=1").status, 64)
    XCTAssertEqual(real("solve", Self.layout("cassini.json"), "--scroll-offset", "0,100").status, 64)
    XCTAssertEqual(real("solve", Self.layout("cassini.json"), "--zoom", "scrollView=0").status, 64)
    let unknown = real("solve", Self.layout("cassini.json"), "--zoom", "imageView=2")
    XCTAssertEqual(unknown.status, 1)
    XCTAssertTrue(unknown.stderr.contains("'imageView' is not a scroll view"), unknown.stderr)
  }
}
