import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Hostile and broken input (Tests/Fixtures/import/hostile, described in its README, plus the
/// huge inputs made here): each gives a located diagnostic with a stable code, and nothing
/// traps or hangs. What is imported is laid out once, and its frames are finite or an error
/// says why not.
final class HostileImportTests: XCTestCase {
  static let folder = FixturePaths.fixtures.appendingPathComponent("import/hostile")

  func importFile(_ name: String) -> (scenes: [ImportedScene], diagnostics: [Diagnostic]) {
    InterfaceBuilderImporter.read(contentsOf: Self.folder.appendingPathComponent(name).path)
  }

  /// Every diagnostic names the file, a line and column inside it, and a code.
  func assertLocated(
    _ diagnostics: [Diagnostic], in name: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let path = Self.folder.appendingPathComponent(name).path
    let bytes = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
    let lineCount = max(1, bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count)
    for diagnostic in diagnostics {
      guard let location = diagnostic.location else {
        XCTFail("\(name): '\(diagnostic.message)' has no location", file: file, line: line)
        continue
      }
      XCTAssertEqual(location.file, path, file: file, line: line)
      XCTAssertTrue((1...lineCount).contains(location.line), "\(name): line \(location.line)", file: file, line: line)
      XCTAssertGreaterThanOrEqual(location.column, 1, file: file, line: line)
      XCTAssertFalse(diagnostic.code.rawValue.isEmpty, file: file, line: line)
    }
  }

  /// Lays every scene out in its environment: finite frames, or an error diagnostic.
  func assertLaysOut(_ scenes: [ImportedScene], file: StaticString = #filePath, line: UInt = #line) {
    for scene in scenes {
      let result = LayoutEngine(document: scene.document).layout(in: scene.environment, snapToPixels: true)
      let finite = result.views.allSatisfy {
        [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite)
      }
      XCTAssertTrue(
        finite || result.diagnostics.contains { $0.severity == .error }, "\(scene.name): non-finite frames in silence",
        file: file, line: line)
    }
  }

  /// The files the XML layer or the document check refuses: one error, its code, its line.
  func testRefusedFilesGiveOneLocatedError() {
    let cases: [(file: String, code: String, line: Int)] = [
      ("truncated.storyboard", "xml-malformed", 14),
      ("truncated-at-root.storyboard", "xml-malformed", 3),
      ("billion-laughs.storyboard", "xml-doctype", 2),
      ("external-entity.storyboard", "xml-doctype", 2),
      ("doctype-split.storyboard", "xml-doctype", 2),
      ("deep-nesting.storyboard", "xml-limit", 4),
      ("invalid-utf8.storyboard", "xml-malformed", 12),
      ("empty.storyboard", "xml-malformed", 1),
      ("json.storyboard", "xml-malformed", 1),
      ("macos.xib", "ib-not-ios", 2),
    ]
    for (file, code, line) in cases {
      let (scenes, diagnostics) = importFile(file)
      XCTAssertEqual(scenes.count, 0, file)
      XCTAssertEqual(diagnostics.map(\.code.rawValue), [code], file)
      XCTAssertEqual(diagnostics.first?.severity, .error, file)
      XCTAssertEqual(diagnostics.first?.location?.line, line, file)
      assertLocated(diagnostics, in: file)
    }
  }

  func testTheRefusalsSayWhy() {
    XCTAssertTrue(importFile("billion-laughs.storyboard").diagnostics.first?.message.contains("<!DOCTYPE>") == true)
    XCTAssertTrue(importFile("macos.xib").diagnostics.first?.message.contains("macOS (AppKit)") == true)
    XCTAssertEqual(
      importFile("deep-nesting.storyboard").diagnostics.first?.message,
      "elements nested more than 256 deep; the file was not read further")
    XCTAssertEqual(
      importFile("truncated.storyboard").diagnostics.first?.message, "malformed XML: the document ends too early")
  }

  func testConstraintsNamingMissingIDsAreDroppedWithWarnings() throws {
    let (scenes, diagnostics) = importFile("missing-ids.storyboard")
    assertLocated(diagnostics, in: "missing-ids.storyboard")
    XCTAssertEqual(diagnostics.map(\.code.rawValue), ["ib-unsupported", "ib-unsupported"])
    XCTAssertEqual(diagnostics.map(\.severity), [.warning, .warning])
    XCTAssertEqual(diagnostics.map { $0.location?.line }, [17, 18])
    XCTAssertTrue(diagnostics[0].message.contains("'nowhere-001'"))
    XCTAssertTrue(diagnostics[1].message.contains("'ghost-002'"))
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(
      scene.document.constraints.map(\.id), ["ib_hst_c3_001", "ib_hst_c4_001", "ib_hst_c5_001", "ib_hst_c6_001"])
    // What is left places the view where it is stored: (20, 20, 100, 100).
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment)
    assertRect(result, "view_hst_v1_001", 20, 20, 100, 100)
  }

  func testNonsenseVariationKeysAreWarnings() throws {
    let (scenes, diagnostics) = importFile("nonsense-variation.storyboard")
    assertLocated(diagnostics, in: "nonsense-variation.storyboard")
    XCTAssertEqual(diagnostics.map(\.code.rawValue), Array(repeating: "ib-unsupported", count: 3))
    XCTAssertEqual(diagnostics.map { $0.location?.line }, [15, 16, 17])
    let label = try XCTUnwrap(scenes.first?.document.allViews.first { $0.id == "label_hst_lb_001" })
    XCTAssertFalse(label.hidden.varies, "no variation is imported")
    XCTAssertEqual(label.hidden.base, false)
  }

  /// NaN, 1e309 and 1:0 are not numbers: each such constraint is dropped with a warning. NaN in
  /// a stored frame is a warning; a negative priority and a 1e308 multiplier are errors of the
  /// imported document (validated as a layout file is), so the scene is not imported.
  func testValuesThatAreNotNumbersAreDroppedWithWarnings() {
    let (scenes, diagnostics) = importFile("bad-numbers.storyboard")
    assertLocated(diagnostics, in: "bad-numbers.storyboard")
    let notNumbers = diagnostics.filter { $0.message.hasSuffix("has a value that is not a number; it is left out") }
    XCTAssertEqual(notNumbers.map { $0.location?.line }, [21, 22, 24])
    XCTAssertEqual(Set(notNumbers.map(\.code.rawValue)), ["ib-unsupported"])
    XCTAssertTrue(diagnostics.contains { $0.code == "ib-approximate" && $0.message.contains("not a finite number") })
    XCTAssertTrue(diagnostics.contains { $0.severity == .error && $0.code == "out-of-range" }, "\(diagnostics)")
    XCTAssertEqual(scenes.count, 0, "a scene with an error is not imported")
  }

  /// Two views with one IB id: an error, no trap, and the scene is not imported.
  func testDuplicateIDsDoNotTrap() throws {
    let (scenes, diagnostics) = importFile("duplicate-ids.storyboard")
    assertLocated(diagnostics, in: "duplicate-ids.storyboard")
    XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.code), ["ib-duplicate-id"])
    XCTAssertEqual(scenes.count, 0, "a scene with an error is not imported")
  }

  // MARK: Made here: too big to commit

  /// 600,000 elements, past the 500,000 limit: refused where the limit is crossed.
  func testSixHundredThousandElementsAreRefused() {
    var text = "<?xml version=\"1.0\"?>\n<document type=\"\(IBDocument.storyboardType)\">\n"
    text += String(repeating: "<a/>", count: 600_000) + "\n</document>\n"
    let start = Date()
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "wide.storyboard")
    XCTAssertEqual(scenes.count, 0)
    XCTAssertEqual(diagnostics.map(\.code.rawValue), ["xml-limit"])
    XCTAssertEqual(diagnostics.first?.message, "more than 500000 elements; the file was not read further")
    // Element 500,001 is the 500,000th <a/> on line 3 (the document is the first element).
    XCTAssertEqual(diagnostics.first?.location?.line, 3)
    XCTAssertLessThan(Date().timeIntervalSince(start), 60, "no hang")
  }

  /// An attribute of 2 MB, past the 1 MB value limit.
  func testAHugeAttributeIsRefused() {
    let huge = String(repeating: "x", count: 2 << 20)
    let text =
      "<?xml version=\"1.0\"?>\n<document type=\"\(IBDocument.storyboardType)\">\n<label text=\"\(huge)\"/>\n</document>\n"
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "huge.storyboard")
    XCTAssertEqual(scenes.count, 0)
    XCTAssertEqual(diagnostics.map(\.code.rawValue), ["xml-limit"])
    XCTAssertEqual(diagnostics.first?.message, "attribute 'text' is longer than 1048576 bytes")
    XCTAssertEqual(diagnostics.first?.location?.line, 3)
  }

  /// A file over the byte limit is refused before it is parsed.
  func testAFileOverTheByteLimitIsRefused() {
    var limits = XMLLimits()
    limits.maxBytes = 1000
    let text = "<document>" + String(repeating: " ", count: 1000) + "</document>"
    let (_, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "big.storyboard", limits: limits)
    XCTAssertEqual(diagnostics.map(\.code.rawValue), ["xml-limit"])
    XCTAssertEqual(diagnostics.first?.location?.line, 1)
  }

  /// Views nested 100 deep (within the depth limit), each 1 pt inside its parent: view k is at
  /// (k, k, 375 − 2k, 667 − 2k), worked out by hand; nothing recurses too deep.
  func testViewsNestedAHundredDeepImportAndSolve() throws {
    let depth = 100
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="\(IBDocument.storyboardType)" version="3.0" toolsVersion="17701" useAutolayout="YES">
      <device id="retina4_7" orientation="portrait"/>
      <scenes><scene sceneID="deep"><objects><viewController id="vc">
      <view key="view" id="v0"><rect key="frame" x="0" y="0" width="375" height="667"/>

      """
    for k in 1...depth {
      let c = "c\(k)-"
      text += """
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="v\(k)" userLabel="V\(k)">\
        <rect key="frame" x="1" y="1" width="\(375 - 2 * k)" height="\(667 - 2 * k)"/>
        """
      // The constraints to the parent live in the parent's <constraints>; here, for brevity, in the child's.
      text += """
        <constraints>\
        <constraint firstItem="v\(k)" firstAttribute="leading" secondItem="v\(k - 1)" secondAttribute="leading" constant="1" id="\(c)l"/>\
        <constraint firstItem="v\(k)" firstAttribute="top" secondItem="v\(k - 1)" secondAttribute="top" constant="1" id="\(c)t"/>\
        <constraint firstItem="v\(k - 1)" firstAttribute="trailing" secondItem="v\(k)" secondAttribute="trailing" constant="1" id="\(c)r"/>\
        <constraint firstItem="v\(k - 1)" firstAttribute="bottom" secondItem="v\(k)" secondAttribute="bottom" constant="1" id="\(c)b"/>\
        </constraints>

        """
    }
    text += String(repeating: "</view></subviews>", count: depth)
    text += "</view></viewController></objects></scene></scenes></document>\n"
    let (scenes, diagnostics) = InterfaceBuilderImporter.parse(Array(text.utf8), file: "deep.storyboard")
    XCTAssertEqual(diagnostics, [])
    let scene = try XCTUnwrap(scenes.first)
    XCTAssertEqual(scene.document.allViews.count, depth + 1)
    XCTAssertEqual(scene.storedFrames["v100"], Rect(x: 100, y: 100, width: 175, height: 467))
    let result = LayoutEngine(document: scene.document).layout(in: scene.environment)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }, [])
    for k in [1, 50, 100] {
      assertRect(result, "v\(k)", Double(k), Double(k), Double(375 - 2 * k), Double(667 - 2 * k))
    }
  }
}
