import Foundation
import TrellisCLI
import TrellisSupport
import TrellisTestSupport
import XCTest

/// `trellis why` end to end with the real reader and engine. Expected numbers are worked by
/// hand from the files (see each test); the command's words are checked only where they carry
/// the answer.
final class WhyCommandTests: TemporaryDirectoryTestCase {
  private var concentration: String { FixturePaths.layouts.appendingPathComponent("concentration.json").path }

  /// Concentration's card on an iPhone 8 in portrait: (375 − 2 × 8 − 3 × 8) / 4 = 83.75, worked
  /// from the file (two margins of 8, three gaps of 8 between four cards, 375 wide).
  func testTheCardWidthsArithmeticAndChain() {
    let run = realTrellis(["why", concentration, "card1.width", "--device", "iPhone 8"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("card1.width = (root.width − 2 × 8 − 3 × 8) / 4"), run.stdout)
    XCTAssertTrue(run.stdout.contains("= (375 − 2 × 8 − 3 × 8) / 4"), run.stdout)
    XCTAssertTrue(run.stdout.contains("= 83.75"), run.stdout)
    XCTAssertTrue(run.stdout.contains("concentration.json:85:5"), "the margin's source: \(run.stdout)")
    XCTAssertTrue(run.stdout.contains("UISV-spacing of row1"), run.stdout)
    XCTAssertTrue(run.stdout.contains("It moves 1/4 pt per point of the container's width"), run.stdout)
  }

  /// VIEW alone: its four frame values; as JSON, the same numbers (x = 8: the grid's margin).
  func testAViewAloneAsJSON() throws {
    let run = realTrellis(["why", concentration, "card1", "--device", "iPhone 8", "--format", "json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let values = try XCTUnwrap(json["values"] as? [[String: Any]])
    XCTAssertEqual(values.map { $0["quantity"] as? String }, ["x", "y", "width", "height"])
    XCTAssertEqual(values[0]["value"] as? Double, 8)
    // y: the safe area's 20 and the grid's 8 below it.
    XCTAssertEqual(values[1]["value"] as? Double, 28)
    XCTAssertEqual(values[2]["value"] as? Double, 83.75)
    XCTAssertEqual(values[2]["perWidth"] as? Double, 0.25)
    XCTAssertEqual(values[2]["ambiguous"] as? Bool, false)
    let steps = try XCTUnwrap(values[2]["steps"] as? [[String: Any]])
    XCTAssertEqual(steps.first?["constraint"] as? String, "root.width == 375")
  }

  /// An ambiguous value: exit 1, its range (20 to 375 − 20 − 100 = 255) and what leaves it free.
  func testAnAmbiguousValue() throws {
    let path = directory.appendingPathComponent("loose.json").path
    try """
    {"root": {"id": "root", "children": [{"id": "box"}]},
     "constraints": ["box.width == 100", "box.height == 50", "box.top == safeArea.top + 10",
                     "box.leading >= safeArea.leading + 20", "box.trailing <= safeArea.trailing - 20"]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let run = realTrellis(["why", path, "box.x", "--device", "iPhone 8"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.contains("any value from 20 to 255"), run.stdout)
    XCTAssertTrue(run.stdout.contains("box.leading >= safeArea.leading + 20"), run.stdout)
  }

  /// A storyboard scene (Tests/Fixtures/import/guides.storyboard, frames worked in its comment):
  /// the footer is 20 in from each side of 375, 335 wide, its sources the XML's lines.
  func testAStoryboardScene() {
    let path = FixturePaths.fixtures.appendingPathComponent("import/guides.storyboard").path
    let run = realTrellis(["why", path, "footer.width"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("footer.width = root.width − 2 × 20"), run.stdout)
    XCTAssertTrue(run.stdout.contains("= 335"), run.stdout)
    XCTAssertTrue(run.stdout.contains("guides.storyboard:56:29"), run.stdout)
    // Its scene named: the banner 8 under the top layout guide, whose bottom is the status bar's
    // 20 and the navigation bar's 44 (the fixture's comment): 64 + 8 = 72, the 64 from the guide.
    let banner = realTrellis(["why", path, "banner.y", "--scene", "gde-sc-001"])
    XCTAssertEqual(banner.status, 0, banner.stderr)
    XCTAssertTrue(banner.stdout.contains("banner.y = 64 + 8"), banner.stdout)
    XCTAssertTrue(banner.stdout.contains("= 72"), banner.stdout)
    XCTAssertTrue(banner.stdout.contains("(guides add 64)"), banner.stdout)
  }

  func testUnknownViewsAndAttributesAreNamedWithTheNearestOne() throws {
    let view = realTrellis(["why", concentration, "crad1.width"])
    XCTAssertEqual(view.status, 64)
    XCTAssertTrue(view.stderr.contains("Unknown view 'crad1'"), view.stderr)
    XCTAssertTrue(view.stderr.contains("did you mean 'card1'?"), view.stderr)
    XCTAssertTrue(view.stderr.contains("[unknown-view]"), view.stderr)
    let attribute = realTrellis(["why", concentration, "card1.widht"])
    XCTAssertEqual(attribute.status, 64)
    XCTAssertTrue(attribute.stderr.contains("did you mean 'width'?"), attribute.stderr)
    XCTAssertTrue(attribute.stderr.contains("[unknown-attribute]"), attribute.stderr)
    // A view the file has but this environment does not install is not a misspelling.
    let path = directory.appendingPathComponent("installed.json").path
    try
      #"{"root": {"id": "root", "children": [{"id": "box", "installed": {"any": true, "hC": false}}]}, "constraints": ["box.leading == root.leading", "box.top == root.top", "box.width == 10", "box.height == 10"]}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let landscape = realTrellis(["why", path, "box.x", "--device", "iPhone 8", "--orientation", "landscape"])
    XCTAssertEqual(landscape.status, 1)
    XCTAssertTrue(landscape.stderr.contains("View 'box' is not installed in iPhone 8 landscape"), landscape.stderr)
    XCTAssertTrue(landscape.stderr.contains("[not-installed]"), landscape.stderr)
    let file = realTrellis(["why", directory.appendingPathComponent("none.json").path, "a"])
    XCTAssertEqual(file.status, 1)
  }
}
