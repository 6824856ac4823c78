import Foundation
import TrellisCLI
import TrellisSupport
import XCTest

/// The preview page's hover "why" (issue 33 §1): each environment carries, per drawn view, its
/// x, y, width and height explained, from tables shared by all environments; the page's script
/// shows them in the hover panel. Expected formulas are worked by hand from the layout below.
final class PreviewWhyTests: TemporaryDirectoryTestCase {
  /// `box` is 100 wide, centred in the safe area, 10 under its top; `extra` is hidden in compact
  /// height. By hand: box.x = (root.width − 100) / 2 wherever the safe area is symmetric
  /// left and right (every device in portrait), box.width = 100.
  private static let layout = """
    {"root": {"id": "root", "children": [{"id": "box"}, {"id": "extra", "hidden": {"any": false, "hC": true}}]},
     "constraints": ["box.centerX == safeArea.centerX", "box.width == 100", "box.height == 40",
                     "box.top == safeArea.top + 10", "extra.leading == box.leading", "extra.top == box.bottom",
                     "extra.width == 10", "extra.height == 10"]}
    """

  func testEachEnvironmentExplainsItsViewsFromSharedTables() throws {
    let path = directory.appendingPathComponent("centred.json").path
    try Self.layout.write(toFile: path, atomically: true, encoding: .utf8)
    let run = realTrellis(["preview", path, "--devices", "iphone"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = run.stdout
    let data = try embeddedData(page)
    let why = try XCTUnwrap(data["why"] as? [[String: Any]])
    let steps = try XCTUnwrap(data["whySteps"] as? [[String]])
    let environments = try XCTUnwrap(data["environments"] as? [[String: Any]])
    let portrait = try XCTUnwrap(environments.first { $0["orientation"] as? String == "portrait" })
    let byView = try XCTUnwrap(portrait["why"] as? [String: [Any]])
    XCTAssertNil(byView["root"], "the root is the container")
    let box = try XCTUnwrap(byView["box"])
    XCTAssertEqual(box.count, 4)
    let x = try XCTUnwrap(why[try XCTUnwrap(box[0] as? Int)])
    XCTAssertEqual(x["f"] as? String, "(root.width − 100) / 2")
    XCTAssertEqual(x["r"] as? [Double], [0.5, 0])
    let xSteps = try XCTUnwrap(x["s"] as? [Int]).map { steps[$0] }
    XCTAssertEqual(
      xSteps.map { $0[1] },
      [
        "root.width == the container's width", "box.centerX == safeArea.centerX", "box.width == 100",
      ])
    XCTAssertEqual(xSteps.map { $0[0] }, ["1/2", "1", "−1/2"])
    let width = try XCTUnwrap(why[try XCTUnwrap(box[2] as? Int)])
    XCTAssertEqual(width["f"] as? String, "100")
    // Shared: every portrait iPhone explains box.x with the same entry.
    let portraits = environments.filter { $0["orientation"] as? String == "portrait" }
    XCTAssertGreaterThan(portraits.count, 1)
    XCTAssertTrue(portraits.allSatisfy { (($0["why"] as? [String: [Any]])?["box"]?.first as? Int) == box[0] as? Int })
    // A hidden view is not explained; shown, it is.
    let landscape = try XCTUnwrap(environments.first { $0["vertical"] as? String == "compact" })
    XCTAssertNil((landscape["why"] as? [String: [Any]])?["extra"])
    XCTAssertNotNil(byView["extra"])
    // The hover panel asks for it.
    XCTAssertTrue(page.contains("window.trellisWhy = function"))
    XCTAssertTrue(page.contains("if (window.trellisWhy) window.trellisWhy(box, data, current, view.id);"))
  }
}
