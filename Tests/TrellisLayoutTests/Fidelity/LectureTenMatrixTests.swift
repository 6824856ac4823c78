import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// The students' lecture-10 Concentration storyboards (the hand-written fixtures SB-GT and SB-HX
/// of Tests/Fixtures/fidelity) on every device, orientation and iPad window of the matrix. In
/// regular height the hidden extra column's required `extraColumn.width == card.width` wins
/// over the stack's `UISV-hiding`, which is 999.999 since iOS 11 (docs/stacks.md), with no
/// conflict, so the grid lays out as on a device: 20 visible cards of one size, 4 across (5
/// across in compact height, where row 5 hides and the column shows), never collapsed, and the
/// hidden column as wide as a card.
final class LectureTenMatrixTests: XCTestCase {
  /// Every environment of the matrix, once per distinct container, traits and safe area (the
  /// only inputs these layouts read; many devices share them).
  func environments() -> [Environment] {
    struct Key: Hashable {
      var width, height, top, left, bottom, right: Double
      var traits: String
    }
    var all: [Environment] = []
    var seen = Set<Key>()
    func add(_ environment: Environment) {
      let insets = environment.safeAreaInsets
      let key = Key(
        width: environment.containerSize.width, height: environment.containerSize.height, top: insets.top,
        left: insets.left, bottom: insets.bottom, right: insets.right, traits: "\(environment.traits)")
      if seen.insert(key).inserted { all.append(environment) }
    }
    for device in DeviceTable.all {
      for orientation in Orientation.allCases { add(device.environment(orientation: orientation)) }
      for window in device.multitaskingWindows { add(window.environment()) }
    }
    return all
  }

  func check(_ name: String, in environments: [Environment]) throws {
    let read = LayoutReader.read(
      contentsOf: StoryboardFidelityTests.directory.appendingPathComponent("\(name).layout.json").path)
    let document = try XCTUnwrap(read.document)
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false  // frames and conflicts only: the check is most of a layout's cost
    var checked = 0
    for environment in environments {
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
      // Nothing is broken, and the column, hidden or shown, is as wide as a card (the app's width).
      XCTAssertEqual(engine.rejectedConstraints.map(\.id), [], label)
      XCTAssertFalse(result.hasConflicts, label)
      let column = try XCTUnwrap(result.view("extraColumn"), label)
      XCTAssertEqual(column.hidden, environment.traits.vertical == .regular, label)
      XCTAssertEqual(column.frame.width, width, accuracy: 1e-6, label)
      checked += 1
    }
    XCTAssertEqual(checked, environments.count)
  }

  /// SB-GT everywhere the matrix goes.
  func testSBGT() throws {
    let all = environments()
    XCTAssertGreaterThan(all.count, 50)
    try check("sb-gt-portrait", in: all)
  }

  /// SB-HX is the same lecture built by another student: the iPhones (portrait and landscape),
  /// where the lecture's layout changes between regular and compact height (the whole matrix
  /// twice would double this suite's longest test).
  func testSBHX() throws {
    let phones = DeviceTable.all.filter { $0.family == .iPhone }.flatMap { device in
      Orientation.allCases.map { device.environment(orientation: $0) }
    }
    try check("sb-hx-portrait", in: phones)
  }
}
