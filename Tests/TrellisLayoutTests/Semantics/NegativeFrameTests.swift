import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// A view the constraints give a negative width or height is a layout error (`negative-frame`).
final class NegativeFrameTests: XCTestCase {
  /// A photo pinned 300 below the top and 200 above the bottom of the safe area: fine when
  /// tall, −125 pt tall in a 375-pt-high landscape container (375 − 200 − 300).
  static let json = """
    {"root": {"id": "root", "children": [
      {"id": "photo"}]},
     "constraints": ["photo.leading == root.leading", "photo.trailing == root.trailing",
                     "photo.top == safeArea.top + 300", "photo.bottom == safeArea.bottom - 200"]}
    """

  func testNegativeHeightIsAnErrorAtTheView() throws {
    let document = try XCTUnwrap(readLayout(Self.json))
    let tall = LayoutEngine(document: document).layout(in: environment(375, 667))
    XCTAssertEqual(tall.diagnostics, [])
    let short = LayoutEngine(document: document).layout(in: environment(667, 375, wChC))
    assertRect(short, "photo", 0, 300, 667, -125)
    XCTAssertEqual(short.diagnostics.map(\.code), ["negative-frame"])
    let diagnostic = try XCTUnwrap(short.diagnostics.first)
    XCTAssertEqual(diagnostic.severity, .error)
    XCTAssertEqual(diagnostic.kind, .frame)
    XCTAssertEqual(diagnostic.location?.line, 2)  // the photo's object
    XCTAssertTrue(diagnostic.message.hasPrefix("View 'photo' is -125 pt tall"), diagnostic.message)
    // Decided (so squeezed), not ambiguous: the message blames the constraints.
    XCTAssertTrue(diagnostic.message.contains("its constraints put its end before its start"), diagnostic.message)
  }

  func testBothAxesInOneMessage() throws {
    let document = try XCTUnwrap(
      readLayout(
        """
        {"root": {"id": "root", "children": [{"id": "v"}]},
         "constraints": ["v.leading == root.leading + 50", "v.trailing == root.leading + 20",
                         "v.top == root.top + 30", "v.bottom == root.top + 10"]}
        """))
    let result = LayoutEngine(document: document).layout(in: environment(100, 100))
    XCTAssertEqual(result.diagnostics.map(\.message).first?.hasPrefix("View 'v' is -30 pt wide and -20 pt tall"), true)
  }
}
