import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// The students' lecture-10 Concentration storyboards (the hand-written fixtures SB-GT and SB-HX
/// of Tests/Fixtures/fidelity) on every device, orientation and iPad window of the matrix. In
/// regular height the hidden extra column's required `extraColumn.width == card.width` fights
/// the stack's `UISV-hiding`; UIKit breaks the app's width (docs/semantics.md, "Which
/// constraint UIKit breaks"), so the grid lays out as on a device: 20 visible cards of one size,
/// 4 across (5 across in compact height, where row 5 hides and the column shows), never
/// collapsed.
final class LectureTenMatrixTests: XCTestCase {
  func environments() -> [Environment] {
    var all: [Environment] = []
    for device in DeviceTable.all {
      for orientation in Orientation.allCases { all.append(device.environment(orientation: orientation)) }
      for window in device.multitaskingWindows { all.append(window.environment()) }
    }
    return all
  }

  func check(_ name: String, columnWidthConstraint: String) throws {
    let read = LayoutReader.read(
      contentsOf: StoryboardFidelityTests.directory.appendingPathComponent("\(name).layout.json").path)
    let document = try XCTUnwrap(read.document)
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false  // frames and conflicts only: the check is most of a layout's cost
    var checked = 0
    for environment in environments() {
      let result = engine.layout(in: environment)
      let label = "\(name) in \(environment)"
      // `card1`…`card20` and `column1`…`column4` (not `cardStack`).
      let cards = result.views.filter { view in
        let number = view.id.drop { !$0.isNumber }
        let stem = view.id.dropLast(number.count)
        return (stem == "card" || stem == "column") && !number.isEmpty && !view.isEffectivelyHidden
      }
      XCTAssertEqual(cards.count, 20, label)
      let width = try XCTUnwrap(cards.first?.frame.width)
      XCTAssertGreaterThan(width, 0, label)
      for card in cards {
        XCTAssertEqual(card.frame.width, width, accuracy: 1e-6, "\(label): \(card.id)")
        XCTAssertGreaterThan(card.frame.height, 0, "\(label): \(card.id)")
      }
      // Across: 4 in regular height, 5 in compact (one row hidden, the column shown), 8 apart.
      let across = environment.traits.vertical == .regular ? 4.0 : 5.0
      let grid = try XCTUnwrap(result.view("cardStack")?.frame.width)
      XCTAssertEqual(width, (grid - (across - 1) * 8) / across, accuracy: 1e-6, label)
      // The only constraint ever broken is the app's width on the hidden column.
      XCTAssertEqual(
        engine.rejectedConstraints.map(\.id), environment.traits.vertical == .regular ? [columnWidthConstraint] : [],
        label)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 100)
  }

  func testSBGT() throws { try check("sb-gt-portrait", columnWidthConstraint: "constraint#7") }
  func testSBHX() throws {
    try check("sb-hx-portrait", columnWidthConstraint: "constraint#7")
  }
}
