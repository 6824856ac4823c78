import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

final class PixelSnappingTests: XCTestCase {
  func testFillEquallyExampleFromInterfaceBuilder() {
    // platform-facts.md §2: 4 buttons filling 359 pt with spacing 10 on @3x.
    // Unsnapped width (359 − 3 × 10)/4 = 82.25; x = 0, 92.25, 184.5, 276.75.
    // Edges in pixels (×3): 0 | 246.75 → 247; 276.75 → 277 | 523.5 → 524 (tie, away from
    // zero); 553.5 → 554 | 800.25 → 800; 830.25 → 830 | 1077.
    let snapped = [0, 92.25, 184.5, 276.75].map {
      PixelSnapping.snap(Rect(x: $0, y: 0, width: 82.25, height: 10), scale: 3)
    }
    let expectedX = [0, 277.0 / 3, 554.0 / 3, 830.0 / 3]  // 0, 92.333, 184.667, 276.667
    let expectedWidth = [247.0 / 3, 247.0 / 3, 246.0 / 3, 247.0 / 3]  // 82.333, 82.333, 82.0, 82.333
    for i in 0..<4 {
      XCTAssertEqual(snapped[i].x, expectedX[i], accuracy: 1e-9, "x of button \(i + 1)")
      XCTAssertEqual(snapped[i].width, expectedWidth[i], accuracy: 1e-9, "width of button \(i + 1)")
    }
  }

  func testRoundingIsToTheNearestPixelNotUp() {
    // @2x: 950.25 → 1900.5 px → 1901 (tie away from zero) → 950.5; 950.2 → 1900.4 → 1900 → 950.
    XCTAssertEqual(PixelSnapping.snap(950.25, scale: 2), 950.5)
    XCTAssertEqual(PixelSnapping.snap(950.2, scale: 2), 950)
    // @3x: 173.5 → 520.5 → 521 → 173.667; 173.25 → 519.75 → 520 → 173.333.
    XCTAssertEqual(PixelSnapping.snap(173.5, scale: 3), 521.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(PixelSnapping.snap(173.25, scale: 3), 520.0 / 3, accuracy: 1e-12)
    // Ties away from zero on both sides; noise below a millionth of a pixel is a tie.
    XCTAssertEqual(PixelSnapping.snap(-0.25, scale: 2), -0.5)
    XCTAssertEqual(PixelSnapping.snap(0.25 - 1e-12, scale: 2), 0.5)
    // @1x: whole points.
    XCTAssertEqual(PixelSnapping.snap(12.5, scale: 1), 13)
    // A meaningless scale leaves the value alone.
    XCTAssertEqual(PixelSnapping.snap(1.234, scale: 0), 1.234)
  }
}
