import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport
import XCTest

/// Files in UTF-16 or UTF-32 are named by their real encoding, with or without a byte order
/// mark; snapping to a scale no screen has never collapses or NaNs a frame.
final class HostileEncodingAndSnappingTests: XCTestCase {
  private func firstMessage(_ bytes: [UInt8]) -> String? {
    LayoutReader.parse(bytes: bytes, file: "enc.json").diagnostics.first?.message
  }

  /// `{"root":{}}` in an encoding, with its byte order mark when `bom`.
  private func encoded(_ unitSize: Int, bigEndian: Bool, bom: Bool) -> [UInt8] {
    let scalars = (bom ? [UInt32(0xFEFF)] : []) + "{\"root\":{}}".unicodeScalars.map(\.value)
    return scalars.flatMap { value -> [UInt8] in
      let little = (0..<unitSize).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
      return bigEndian ? little.reversed() : little
    }
  }

  func testUTF32AndUTF16AreNamedWithAndWithoutAByteOrderMark() {
    for bom in [true, false] {
      for bigEndian in [false, true] {
        let what = "\(bigEndian ? "BE" : "LE")\(bom ? " with BOM" : "")"
        XCTAssertEqual(
          firstMessage(encoded(4, bigEndian: bigEndian, bom: bom)), "the file is encoded as UTF-32; save it as UTF-8",
          "UTF-32 \(what)")
        XCTAssertEqual(
          firstMessage(encoded(2, bigEndian: bigEndian, bom: bom)), "the file is encoded as UTF-16; save it as UTF-8",
          "UTF-16 \(what)")
      }
    }
    // The UTF-32 LE mark is the UTF-16 LE mark followed by 00 00.
    XCTAssertEqual(Array(encoded(4, bigEndian: false, bom: true).prefix(4)), [0xFF, 0xFE, 0x00, 0x00])
    // Plain UTF-8 is read.
    XCTAssertNil(ForeignEncoding.name(of: Array("{\"root\": {}}".utf8)))
  }

  private let layout = hostileLayout(
    "\"H:|-10.3-[a(50.2)]\", \"V:|-7.7-[a(20.6)]\", \"b.width == 0\", \"b.height == 0\", \"H:|[b]\", \"V:|[b]\"")

  func testAScaleBelowOnePixelPerPointDoesNotCollapseFrames() throws {
    let document = try XCTUnwrap(hostileRead(layout).document)
    for scale in [1e-308, 0.5, 1e308, 5000] {
      var environment = hostilePhone
      environment.scale = scale
      let plain = LayoutEngine(document: document).layout(in: environment)
      let snapped = LayoutEngine(document: document).layout(in: environment, snapToPixels: true)
      XCTAssertEqual(snapped.views.map(\.frame), plain.views.map(\.frame), "scale \(scale)")
      XCTAssertTrue(snapped.views.allSatisfy { $0.frame.width.isFinite && $0.frame.height.isFinite })
      XCTAssertEqual(snapped.views.first?.frame.width, 375, "scale \(scale): the root keeps its size")
      XCTAssertTrue(
        snapped.diagnostics.contains {
          $0.severity == .warning && $0.message.contains("not snapped to the pixel grid")
        },
        "scale \(scale): \(snapped.diagnostics)")
    }
  }

  func testAScreenScaleStillSnaps() throws {
    let document = try XCTUnwrap(hostileRead(layout).document)
    var environment = hostilePhone
    environment.scale = 2
    let snapped = LayoutEngine(document: document).layout(in: environment, snapToPixels: true)
    let a = try XCTUnwrap(snapped.views.first { $0.id == "a" })
    // 10.3 → 10.5, 10.3 + 50.2 = 60.5 → 60.5 (ties away from zero); 7.7 → 7.5, 28.3 → 28.5.
    XCTAssertEqual(a.frame, Rect(x: 10.5, y: 7.5, width: 50, height: 21))
    XCTAssertFalse(snapped.diagnostics.contains { $0.message.contains("pixel grid") }, "\(snapped.diagnostics)")
    // Snapping never makes a finite value infinite or NaN.
    XCTAssertEqual(PixelSnapping.snap(1e300, scale: 10), 1e300)
  }
}
