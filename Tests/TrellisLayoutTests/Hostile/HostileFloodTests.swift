import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Floods of problems: the report must stay readable — capped, with one line saying how many
/// more there were.
final class HostileFloodTests: XCTestCase {
  func testTheReaderStopsAfterItsDiagnosticLimit() {
    // 5000 misspelt attributes, 5000 errors: the reader keeps the first 200 (in file order)
    // and adds one summary line.
    let constraints = Array(repeating: "\"a.tpo == b.top\"", count: 5000).joined(separator: ",\n")
    let result = hostileRead(hostileLayout(constraints))
    XCTAssertEqual(result.diagnostics.count, 201)
    XCTAssertEqual(result.diagnostics.prefix(200).map { $0.location?.line }, Array(2...201))
    XCTAssertEqual(
      result.diagnostics.last?.message,
      "too many problems; stopped after 200; fix these and read the file again")
  }

  /// Thousands of conflicting required constraints. Each one after the first is broken, and
  /// today each gets its own error with its own note: 1 999 errors. A readable report caps
  /// them (here: at most 50 of them, plus one summary line that counts the rest).
  ///
  /// Fails until LayoutEngine caps and groups conflict diagnostics (reported to the lead;
  /// Sources/TrellisLayout/Engine/ is not this test's to change).
  func testThousandsOfConflictsGiveACappedReport() throws {
    let widths = (1...2000).map { "\"a.width == \($0)\"" }.joined(separator: ",\n")
    let text = hostileLayout("\"a.leading == root.leading\", \"a.top == root.top\", \"a.height == 10\",\n" + widths)
    let document = try XCTUnwrap(hostileRead(text).document)
    let engine = LayoutEngine(document: document)
    engine.checksAmbiguity = false
    let result = engine.layout(in: hostilePhone)
    // a.width == 1 is installed first; the 1999 others conflict with it and are broken.
    XCTAssertEqual(engine.rejectedConstraints.count, 1999)
    assertRect(result, "a", 0, 0, 1, 10)
    let errors = result.diagnostics.filter { $0.severity == .error }
    XCTAssertLessThanOrEqual(errors.count, 51, "\(errors.count) error diagnostics for one kind of problem")
    XCTAssertTrue(
      result.diagnostics.contains { $0.message.contains("1999") || $0.message.contains("1949") },
      "no summary line counting the conflicts left out")
  }

  /// 300 views with no constraints: every one is ambiguous. The report lists the first 50
  /// warnings and one line counting the other 250; the result still names all 300.
  func testHundredsOfAmbiguousViewsGiveACappedReport() throws {
    let views = (0..<300).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
    let document = try XCTUnwrap(hostileRead(hostileLayout(views: views, "")).document)
    let result = LayoutEngine(document: document).layout(in: hostilePhone)
    XCTAssertEqual(result.ambiguousViews.count, 300)
    let warnings = result.diagnostics.filter { $0.severity == .warning }
    XCTAssertEqual(warnings.count, LayoutEngine.maxAmbiguityDiagnostics + 1)
    XCTAssertEqual(warnings.first?.message.hasPrefix("View 'v0' has an ambiguous"), true)
    XCTAssertEqual(warnings.dropLast().last?.message.hasPrefix("View 'v49' has an ambiguous"), true)
    XCTAssertEqual(
      warnings.last?.message.hasPrefix("250 more ambiguity warnings were left out"), true,
      "\(warnings.last?.message ?? "")")
  }
}
