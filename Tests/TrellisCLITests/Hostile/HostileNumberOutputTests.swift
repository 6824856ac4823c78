import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import XCTest

/// Numbers never print wrong: a finite value prints finitely, the same in every format; a scale
/// or safe area no screen has is a usage error.
///
/// | input                                     | outcome                                         |
/// |-------------------------------------------|-------------------------------------------------|
/// | a 5e307 pt wide container                 | `5e+307` in the table, header, SVG and JSON     |
/// | `--scale 1e308 --snap`, `1e-308`, `0.5`, `11` | exit 64 (screens are 1…10)                  |
/// | `--safe-area` taller or wider than the container | exit 64                                  |
final class HostileNumberOutputTests: XCTestCase {
  func testEveryFormatterPrintsHugeFiniteValuesFinitelyAndAlike() {
    for value in [5e307, -5e307, 1.7976931348623157e308, 1.8e305, 1e15, 123_456_789_012_345.0] {
      let json = NumberFormat.json(value)
      XCTAssertFalse(json.contains("inf") || json == "null", json)
      XCTAssertEqual(NumberFormat.short(value), json, "NumberFormat.short(\(value))")
      XCTAssertEqual(fmt(value), json, "fmt(\(value))")
    }
    XCTAssertEqual(NumberFormat.short(5e307), "5e+307")
    // Ordinary values still round to 3 decimals.
    XCTAssertEqual(NumberFormat.short(92.33333333), "92.333")
    XCTAssertEqual(NumberFormat.short(-0.0001), "0")
  }

  func testAHugeContainerPrintsFinitelyInEveryFormat() {
    for format in ["table", "ascii", "svg", "json"] {
      let run = hostileTrellis([
        "solve", RealLayoutTests.concentration, "--size", "5e307x667", "--format", format, "--columns", "40",
      ])
      XCTAssertTrue(run.stdout.contains("5e+307"), "\(format): \(run.stdout.prefix(300))")
      XCTAssertFalse(run.stdout.contains("inf"), "\(format): \(run.stdout.prefix(300))")
    }
  }

  func testAScaleNoScreenHasIsAUsageError() {
    for scale in ["1e308", "1e-308", "0.5", "11"] {
      let run = hostileTrellis(["solve", RealLayoutTests.concentration, "--scale", scale, "--snap"])
      XCTAssertEqual(run.status, 64, scale)
      XCTAssertTrue(
        run.stderr.hasPrefix(
          "Error: The value '\(scale)' is invalid for '--scale <n>'. "
            + "Expected a screen scale from 1 to 10 (2 for @2x).\n"
        ),
        run.stderr)
      XCTAssertEqual(run.stdout, "")
    }
    for scale in ["1", "3", "10"] {
      let run = hostileTrellis(["solve", RealLayoutTests.concentration, "--scale", scale, "--snap", "--format", "json"])
      XCTAssertEqual(run.status, 0, "\(scale): \(run.stderr)")
    }
  }

  func testSafeAreaInsetsLargerThanTheContainerAreAUsageError() {
    let tall = hostileTrellis(
      ["solve", RealLayoutTests.concentration, "--device", "iPhone 8", "--safe-area", "400,0,300,0"])
    XCTAssertEqual(tall.status, 64)
    XCTAssertTrue(
      tall.stderr.hasPrefix(
        "Error: The safe-area insets 400,0,300,0 do not fit the 375x667 container: top + bottom (700) is more than the "
          + "height (667). Give smaller '--safe-area' insets or a larger '--size'.\n"), tall.stderr)
    let wide = hostileTrellis(["solve", RealLayoutTests.concentration, "--size", "100x100", "--safe-area", "0,60,0,50"])
    XCTAssertEqual(wide.status, 64)
    XCTAssertTrue(wide.stderr.contains("left + right (110) is more than the width (100)"), wide.stderr)
    // A device's own insets against a smaller --size.
    let device = hostileTrellis(["solve", RealLayoutTests.concentration, "--device", "iPhone X", "--size", "100x50"])
    XCTAssertEqual(device.status, 64)
    XCTAssertTrue(device.stderr.contains("top + bottom (78) is more than the height (50)"), device.stderr)
    // Insets exactly filling the container are allowed (an empty safe area).
    let exact = hostileTrellis([
      "solve", RealLayoutTests.concentration, "--size", "100x100", "--safe-area", "50,0,50,0", "--format", "json",
    ])
    XCTAssertNotEqual(exact.status, 64, exact.stderr)
  }
}
