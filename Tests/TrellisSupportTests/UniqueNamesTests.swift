import TrellisSupport
import XCTest

/// Names handed out once each: the wanted name, else the first free `wanted_2`, `wanted_3`, ….
final class UniqueNamesTests: XCTestCase {
  func testClaimsSkipWhatIsTaken() {
    var names = UniqueNames(taken: ["root"])
    XCTAssertEqual(names.claim("label"), "label")
    XCTAssertEqual(names.claim("label"), "label_2")
    XCTAssertEqual(names.claim("root"), "root_2")
    names.insert("label_3")
    XCTAssertEqual(names.claim("label"), "label_4")
    XCTAssertEqual(names.claim("scene", separator: " "), "scene")
    XCTAssertEqual(names.claim("scene", separator: " "), "scene 2")
    XCTAssertTrue(names.contains("label_2"))
    XCTAssertFalse(names.contains("label_5"))
  }
}
