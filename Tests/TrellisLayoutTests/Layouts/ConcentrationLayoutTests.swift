import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// `Layouts/concentration.json` behaves as concentration-demo.md says, on every device,
/// orientation and split-view width, with frames worked out by hand for two of them.
final class ConcentrationLayoutTests: XCTestCase {
  static let cardIDs = (1...24).map { "card\($0)" }

  func testTwentyEqualCardsInAGridAndTheLabelBesideOrBelowEverywhere() throws {
    let document = try XCTUnwrap(LayoutFixtures.document(named: "concentration.json"))
    let engine = LayoutEngine(document: document)
    for environment in LayoutFixtures.distinctEnvironments {
      let result = engine.layout(in: environment, snapToPixels: true)
      let context = "\(environment)"
      let cards = Self.cardIDs.compactMap { result.view($0) }.filter { !$0.isEffectivelyHidden }
      XCTAssertEqual(cards.count, 20, context)
      guard let first = cards.first, let label = result.view("flipCountLabel") else {
        XCTFail("missing views: \(context)")
        continue
      }
      // Same size to within one pixel (edges are snapped separately).
      let pixel = 1 / environment.scale + 1e-9
      for card in cards {
        XCTAssertEqual(card.frame.width, first.frame.width, accuracy: pixel, "\(context): \(card.id)")
        XCTAssertEqual(card.frame.height, first.frame.height, accuracy: pixel, "\(context): \(card.id)")
        XCTAssertGreaterThan(card.frame.width, 0, context)
        XCTAssertGreaterThan(card.frame.height, 0, context)
        XCTAssertFalse(card.frame.overlaps(label.frame), "\(context): \(card.id) overlaps the label")
      }
      // Columns × rows: distinct left edges and top edges (to within a pixel).
      let columns = Self.distinct(cards.map(\.frame.minX), within: pixel)
      let rows = Self.distinct(cards.map(\.frame.minY), within: pixel)
      let compactHeight = environment.traits.vertical == .compact
      XCTAssertEqual(columns, compactHeight ? 5 : 4, context)
      XCTAssertEqual(rows, compactHeight ? 4 : 5, context)
      // The label: fully inside the safe area; below the grid (regular height) or trailing it
      // and vertically centered in the safe area (compact height).
      XCTAssertFalse(label.isEffectivelyHidden, context)
      XCTAssertTrue(label.frame.isInside(result.safeArea, tolerance: pixel), "\(context): label \(label.frame)")
      let cardsBottom = cards.map(\.frame.maxY).max() ?? 0
      let cardsTrailing = cards.map(\.frame.maxX).max() ?? 0
      if compactHeight {
        XCTAssertEqual(label.text, "Flips\n0", context)
        XCTAssertGreaterThanOrEqual(label.frame.minX, cardsTrailing - 1e-9, context)
        XCTAssertEqual(label.frame.midY, result.safeArea.midY, accuracy: pixel, context)
      } else {
        XCTAssertEqual(label.text, "Flips: 0", context)
        XCTAssertGreaterThanOrEqual(label.frame.minY, cardsBottom - 1e-9, context)
        XCTAssertEqual(label.frame.midX, result.safeArea.midX, accuracy: pixel, context)
      }
    }
  }

  /// iPhone 8 portrait: 375 × 667, safe area top 20, wC hR. Label "Flips: 0" at 20 pt:
  /// 8 characters × 10 = 80 wide, 1.2 × 20 = 24 tall; bottom on the safe area's bottom (667),
  /// so top 643; centered: x = 187.5 − 40 = 147.5. Grid: top 20 + 8 = 28, leading 8, trailing
  /// 375 − 8 = 367 (width 359), bottom 643 − 8 = 635 (height 607). Extra column hidden (width
  /// 0, no spacing before it). Cards (359 − 3 × 8) / 4 = 83.75 wide, (607 − 4 × 8) / 5 = 115
  /// tall; card (r, c) at x = 8 + (c − 1) × 91.75, y = 28 + (r − 1) × 123.
  func testIPhone8PortraitFrames() throws {
    let result = try layout(on: "iPhone 8", .portrait)
    try assertView(result, "flipCountLabel", 147.5, 643, 80, 24)
    try assertView(result, "cardGrid", 8, 28, 359, 607)
    for row in 1...5 {
      for column in 1...4 {
        try assertView(
          result, "card\((row - 1) * 4 + column)", 8 + Double(column - 1) * 91.75, 28 + Double(row - 1) * 123, 83.75,
          115)
      }
    }
    XCTAssertEqual(try XCTUnwrap(result.view("extraColumn")).frame.width, 0, accuracy: 1e-9)
    XCTAssertTrue(try XCTUnwrap(result.view("card21")).isEffectivelyHidden)
  }

  /// iPhone X landscape: 812 × 375, safe area (top 0, left 44, bottom 21, right 44), wC hC:
  /// safe area x 44…768, y 0…354. Label "Flips\n0": 5 × 10 = 50 wide, 2 × 24 = 48 tall;
  /// trailing 768 − 8 = 760 → x 710; centerY 177 → y 153. Grid: top 8, leading 52, trailing
  /// 710 − 8 = 702 (width 650), bottom 354 − 8 = 346 (height 338). Fifth row hidden; extra
  /// column as wide as a card w: 4w + 3 × 8 + 8 + w = 650 → w = 618 / 5 = 123.6. Rows
  /// (338 − 3 × 8) / 4 = 78.5 tall; card (r, c) at x = 52 + (c − 1) × 131.6, y = 8 + (r − 1)
  /// × 86.5; extra column at x = 52 + 4 × 123.6 + 24 + 8 = 578.4.
  func testIPhoneXLandscapeFrames() throws {
    let result = try layout(on: "iPhone X", .landscape)
    try assertView(result, "flipCountLabel", 710, 153, 50, 48)
    try assertView(result, "cardGrid", 52, 8, 650, 338)
    for row in 1...4 {
      for column in 1...4 {
        try assertView(
          result, "card\((row - 1) * 4 + column)", 52 + Double(column - 1) * 131.6, 8 + Double(row - 1) * 86.5, 123.6,
          78.5)
      }
    }
    for index in 0..<4 {
      try assertView(result, "card\(21 + index)", 578.4, 8 + Double(index) * 86.5, 123.6, 78.5)
    }
    try assertView(result, "extraColumn", 578.4, 8, 123.6, 338)
    XCTAssertTrue(try XCTUnwrap(result.view("card17")).isEffectivelyHidden)
  }

  private func layout(on device: String, _ orientation: Orientation) throws -> LayoutResult {
    let document = try XCTUnwrap(LayoutFixtures.document(named: "concentration.json"))
    let environment = try XCTUnwrap(LayoutFixtures.environment(device, orientation), "no device \(device)")
    let result = LayoutEngine(document: document).layout(in: environment)
    XCTAssertFalse(result.hasConflicts)
    XCTAssertEqual(result.ambiguousViews.map(\.id), [])
    return result
  }

  private func assertView(
    _ result: LayoutResult, _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let view = try XCTUnwrap(result.view(id), "no view \(id)", file: file, line: line)
    assertFrame(view.frame, x, y, width, height, id, file: file, line: line)
  }

  /// How many clusters the values form when values within `tolerance` of the previous one join it.
  static func distinct(_ values: [Double], within tolerance: Double) -> Int {
    var count = 0
    var last = -Double.infinity
    for value in values.sorted() where value - last > tolerance {
      count += 1
      last = value
    }
    return count
  }
}
