import TrellisSupport
import XCTest

/// File names as bytes: valid UTF-8 decodes as usual, every other byte survives the trip through
/// a `String` and is shown as `\xNN` (the mapping of `RawPath`'s documentation, worked by hand).
final class RawPathTests: XCTestCase {
  func testValidUTF8IsAnOrdinaryString() {
    XCTAssertEqual(RawPath.string(Array("café/ü.json".utf8)), "café/ü.json")
    XCTAssertEqual(RawPath.bytes("café"), Array("café".utf8))
  }

  func testALatin1ByteSurvivesTheRoundTrip() {
    // `caf\xE9` is Latin-1 for café: 0xE9 starts a three-byte sequence that never completes.
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]
    let path = RawPath.string(bytes)
    XCTAssertEqual(RawPath.bytes(path), bytes)
    XCTAssertEqual(RawPath.display(path), "caf\\xE9.json")
    // One escaped scalar per bad byte, in the private plane U+10FF80…U+10FFFF.
    XCTAssertEqual(path.unicodeScalars.map(\.value)[3], 0x10_FF00 + 0xE9)
    XCTAssertEqual(RawPath.cString(path).last, 0)
    XCTAssertEqual(RawPath.cString(path).count, bytes.count + 1)
  }

  func testAnOverlongOrLoneContinuationByteIsEscapedNotDecoded() {
    // 0xC0 0xAF is an overlong '/', 0x80 a lone continuation byte: neither is UTF-8.
    let bytes: [UInt8] = [0x61, 0xC0, 0xAF, 0x80]
    let path = RawPath.string(bytes)
    XCTAssertEqual(RawPath.bytes(path), bytes)
    XCTAssertEqual(RawPath.display(path), "a\\xC0\\xAF\\x80")
  }
}
