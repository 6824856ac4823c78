import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What `matrix` makes of a solved layout: the check's status and the views it flags, and the SVG
/// sheet's red marks (the pictures themselves: TrellisRenderTests). Expected values are worked out
/// by hand in the comments.
final class MatrixCheckTests: TemporaryDirectoryTestCase {
  /// A negative size is reported before ambiguity: the worse problem names the status.
  func testMatrixStatusIsNegativeSizeBeforeAmbiguity() {
    var result = Fixtures.twoViewsWithFlippedB
    result.ambiguousViews = [(id: "a", attributes: [.left])]
    let check = LayoutCheck(result)
    XCTAssertEqual(check.status, .negativeFrame)
    XCTAssertEqual(check.status.rawValue, "negative size")
    XCTAssertEqual(check.code, "negative-frame")
    XCTAssertTrue(FailurePolicy().fails(FailurePolicy().diagnostics(for: result)))
  }

  /// Overlapping siblings: the check names the first of the pair; the picture flags it and the
  /// sibling it overlaps, not the third view apart from them.
  func testOverlapFlagsBothViews() {
    let root = Rect(x: 0, y: 0, width: 200, height: 100)
    let result = LayoutResult(
      environment: Environment(containerSize: Size(width: 200, height: 100), traits: TraitCollection.all[1]),
      views: [
        Fixtures.frame("root", parent: nil, root),
        Fixtures.frame("a", parent: "root", Rect(x: 10, y: 10, width: 50, height: 50)),
        Fixtures.frame("b", parent: "root", Rect(x: 40, y: 40, width: 50, height: 50)),
        Fixtures.frame("c", parent: "root", Rect(x: 120, y: 10, width: 50, height: 50)),
      ],
      safeArea: root, margins: root, diagnostics: [], hasConflicts: false, ambiguousViews: [])
    let check = LayoutCheck(result)
    XCTAssertEqual(check.status, .overlap)
    XCTAssertEqual(MatrixCommand.flaggedViews(result, check, policy: FailurePolicy()), ["a", "b"])
  }

  /// Two 50 x 50 sibling buttons whose drawing overlap is allowed (`overlap:b` on a, as a badge
  /// would be): a at (10, 10), b at (40, 30) share x 40…60 and y 30…60, 20 x 30 pt, and a tap
  /// there reaches only b. The status is `tap target`; the picture flags both, not c apart.
  func testOverlappingTapTargetsFailEvenWhereTheDrawingMayOverlap() {
    let root = Rect(x: 0, y: 0, width: 200, height: 100)
    let result = LayoutResult(
      environment: Environment(containerSize: Size(width: 200, height: 100), traits: TraitCollection.all[1]),
      views: [
        Fixtures.frame("root", parent: nil, root),
        Fixtures.frame("a", .button, parent: "root", Rect(x: 10, y: 10, width: 50, height: 50)),
        Fixtures.frame("b", .button, parent: "root", Rect(x: 40, y: 30, width: 50, height: 50)),
        Fixtures.frame("c", .button, parent: "root", Rect(x: 140, y: 10, width: 50, height: 50)),
      ],
      safeArea: root, margins: root, diagnostics: [], hasConflicts: false, ambiguousViews: [])
    var policy = FailurePolicy()
    policy.suppressions = Suppressions([Suppression(code: "overlap", view: "a", other: "b")])
    let check = LayoutCheck(result, policy: policy)
    XCTAssertEqual(check.status, .tapTarget)
    XCTAssertEqual(check.code, "tap-target-overlap")
    XCTAssertEqual(
      check.problem,
      "Tap targets 'a' and 'b' overlap by 20x30 pt: a tap there reaches only 'b', drawn on top; move them apart.")
    XCTAssertEqual(MatrixCommand.flaggedViews(result, check, policy: policy), ["a", "b"])
    // Without the drawing's suppression the sibling overlap comes first.
    XCTAssertEqual(LayoutCheck(result).status, .overlap)
    // Both allowed: ok.
    policy.suppressions.all.append(Suppression(code: "tap-target-overlap", view: "b", other: "a"))
    XCTAssertEqual(LayoutCheck(result, policy: policy).status, .ok)
  }

  /// `matrix --format svg` on a layout whose banner is pinned to the root's top, above the safe
  /// area wherever the top inset is not 0 (every iPhone in portrait: 20 pt under the status bar,
  /// more under a notch), and not in the iPhone SE's, 8's and 8 Plus's landscape (no insets):
  /// those three are the only ones not framed in red.
  func testMatrixSheetMarksFailuresInRed() throws {
    let file = directory.appendingPathComponent("banner.json")
    try """
    {"root": {"id": "root", "children": [
      {"id": "banner", "kind": "label", "text": "Sale"},
      {"id": "body"}]},
     "constraints": [
      {"constraint": "banner.top == root.top"}, {"constraint": "banner.leading == root.leading"},
      {"constraint": "banner.trailing == root.trailing"}, {"constraint": "banner.height == 30"},
      {"constraint": "body.top == safeArea.top + 40"}, {"constraint": "body.leading == root.leadingMargin"},
      {"constraint": "body.trailing == root.trailingMargin"}, {"constraint": "body.height == 100"}]}
    """.write(to: file, atomically: true, encoding: .utf8)
    let run = realTrellis(["matrix", file.path, "--devices", "iphone", "--format", "svg"])
    XCTAssertEqual(run.status, 1, run.stderr)
    let xml = try document(run.stdout)
    let items = try nodes(xml, "//*[starts-with(@id, 'item-')]")
    let failing = items.filter { attribute($0, "class") == "failing" }
    let passing = items.filter { attribute($0, "class") == nil }
    let captions = { (item: XMLElement) in
      ((try? item.nodes(forXPath: "./*[local-name()='text']")) ?? []).map { $0.stringValue ?? "" }
    }
    XCTAssertEqual(
      passing.map { captions($0).first ?? "" }, ["iPhone SE (1st gen)", "iPhone 8", "iPhone 8 Plus"])
    XCTAssertEqual(passing.map { captions($0).last }, ["ok", "ok", "ok"])
    XCTAssertEqual(failing.count, items.count - 3)
    for item in failing {
      let id = attribute(item, "id") ?? ""
      let frame = try item.nodes(forXPath: "./*[@class='failing-frame']").first as? XMLElement
      XCTAssertEqual(attribute(frame, "stroke"), "#d73a49", id)
      // The banner is the flagged view, red; the body is not.
      let number = id.dropFirst("item-".count)
      let banner = try item.nodes(forXPath: ".//*[@id='item\(number)-view-banner']").first as? XMLElement
      XCTAssertEqual(attribute(banner, "class"), "flagged", id)
      let bannerRect = try banner?.nodes(forXPath: "./*[local-name()='rect']").first as? XMLElement
      XCTAssertEqual(attribute(bannerRect, "fill"), "#d73a49", id)
      let body = try item.nodes(forXPath: ".//*[@id='item\(number)-view-body']").first as? XMLElement
      XCTAssertNil(attribute(body, "class"), id)
      XCTAssertEqual(captions(item).last, "outside safe area", id)
    }
    // The legend names the red marks, and the banner's label text is drawn.
    let legend = try nodes(xml, "//*[@id='legend']//*[local-name()='text']").map(\.stringValue)
    XCTAssertEqual(Array(legend.suffix(2)), ["failing environment", "view the failing check names"])
    XCTAssertTrue(try nodes(xml, "//*[@class='view-text']").contains { $0.stringValue == "Sale" })
  }

  private func document(_ svg: String) throws -> XMLDocument {
    try XMLDocument(data: Data(svg.utf8), options: [])
  }

  /// Elements matching an XPath, with the SVG namespace ignored (`local-name()`).
  private func nodes(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
    try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
  }

  /// An attribute's value by its name (looked up among all of them: FoundationXML's
  /// `attribute(forName:)` finds nothing on elements in the SVG default namespace).
  private func attribute(_ element: XMLElement?, _ name: String) -> String? {
    element?.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
  }
}
