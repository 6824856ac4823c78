import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport
import TrellisTestSupport
import XCTest

/// `trellis preview`: the page is self-contained, embeds every environment of the matrix with
/// the solved frames, escapes what it embeds, and the command's usage and errors. (That the
/// page draws in a real browser is `scripts/preview-check.sh`'s job, run by `.ci/run`.)
final class PreviewCommandTests: TemporaryDirectoryTestCase {

  /// A small layout whose frames are worked out by hand for any environment:
  /// - `box`: safe area's leading + 20 to trailing − 20, top at safe area top + 10, 50 tall;
  /// - `corner`: 10 × 10 at the root's top-left corner (0, 0), outside the safe area wherever the
  ///   top or the left inset is not 0 (every portrait, the notched iPhones' landscapes, the iPads);
  /// - `badge`: 30 × 30, trailing at the safe area's trailing − 20, 8 under `box`; hidden in
  ///   compact height;
  /// - `caption`: a label whose text would close a script block, under `box` at its leading.
  static let layout = """
    {
      "root": { "children": [
        { "id": "box" }, { "id": "corner" },
        { "id": "badge", "hidden": { "any": false, "hC": true } },
        { "id": "caption", "kind": "label", "text": "</script><b>&amp;" }
      ] },
      "constraints": [
        "box.leading == safeArea.leading + 20", "box.trailing == safeArea.trailing - 20",
        "box.top == safeArea.top + 10", "box.height == 50",
        "corner.leading == root.leading", "corner.top == root.top", "corner.width == 10", "corner.height == 10",
        "badge.trailing == safeArea.trailing - 20", "badge.top == box.bottom + 8",
        "badge.width == 30", "badge.height == 30",
        "caption.leading == box.leading", "caption.top == box.bottom + 8"
      ]
    }
    """

  private func writeLayout(named name: String = "small.json") throws -> String {
    let path = directory.appendingPathComponent(name).path
    try Self.layout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func occurrences(of needle: String, in text: String) -> Int {
    text.lowercased().components(separatedBy: needle.lowercased()).count - 1
  }

  /// One `<html>`, only inline style and script, nothing that loads anything.
  private func assertSelfContained(_ page: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html"), file: file, line: line)
    XCTAssertEqual(occurrences(of: "<html", in: page), 1, file: file, line: line)
    XCTAssertEqual(occurrences(of: "</html>", in: page), 1, file: file, line: line)
    XCTAssertEqual(occurrences(of: "<body", in: page), 1, file: file, line: line)
    // Two script blocks (the data and the code), each closed once: no embedded text closed one.
    XCTAssertEqual(occurrences(of: "<script", in: page), 2, file: file, line: line)
    XCTAssertEqual(occurrences(of: "</script", in: page), 2, file: file, line: line)
    XCTAssertEqual(occurrences(of: "<style", in: page), 1, file: file, line: line)
    for banned in ["http://", "https://", "src=", "href=", "<link", "@import", "url(", "<!--", "<iframe", "<img"] {
      XCTAssertEqual(occurrences(of: banned, in: page), 0, "the page contains '\(banned)'", file: file, line: line)
    }
  }

  // MARK: The page

  func testTheCommandEmbedsEveryEnvironmentOfTheMatrixWithHandWorkedFrames() throws {
    let layout = try writeLayout()
    let run = realTrellis(["preview", layout])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    assertSelfContained(run.stdout)
    let data = try embeddedData(run.stdout)
    let environments = try XCTUnwrap(data["environments"] as? [[String: Any]])
    let constraints = try XCTUnwrap(data["constraints"] as? [[String: Any]])

    // The same environments, in the same order, as matrix and snapshot.
    let entries = MatrixCommand.entries(family: nil)
    XCTAssertEqual(environments.count, entries.count)
    XCTAssertEqual(environments.count, 122, "46 devices in two orientations, and 6 iPads' 5 windows")
    for (entry, embedded) in zip(entries, environments) {
      let what = "\(entry.device.name) \(entry.orientation.rawValue) \(entry.window)"
      XCTAssertEqual(embedded["device"] as? String, entry.device.name, what)
      XCTAssertEqual(embedded["orientation"] as? String, entry.orientation.rawValue, what)
      XCTAssertEqual(embedded["window"] as? String, entry.window, what)
      let size = entry.environment.containerSize
      let insets = entry.environment.safeAreaInsets
      XCTAssertEqual(embedded["width"] as? Double, size.width, what)
      XCTAssertEqual(embedded["height"] as? Double, size.height, what)
      XCTAssertEqual(embedded["vertical"] as? String, entry.environment.traits.vertical.rawValue, what)
      let views = try XCTUnwrap(embedded["views"] as? [[String: Any]], what)
      func view(_ id: String) throws -> [String: Any] { try XCTUnwrap(views.first { $0["id"] as? String == id }, what) }
      // By hand from the constraints above.
      let safeWidth = size.width - insets.left - insets.right
      XCTAssertEqual(
        try view("box")["frame"] as? [Double], [insets.left + 20, insets.top + 10, safeWidth - 40, 50], what)
      XCTAssertEqual(try view("corner")["frame"] as? [Double], [0, 0, 10, 10], what)
      XCTAssertEqual(
        try view("badge")["frame"] as? [Double],
        [size.width - insets.right - 20 - 30, insets.top + 10 + 50 + 8, 30, 30],
        what)
      let compactHeight = entry.environment.traits.vertical == .compact
      XCTAssertEqual(try view("badge")["hidden"] as? Bool, compactHeight, what)
      XCTAssertEqual(try view("badge")["drawn"] as? Bool, !compactHeight, what)
      XCTAssertEqual(try view("caption")["text"] as? String, "</script><b>&amp;", what)
      // The corner leaves the safe area exactly where the top or the left inset is not 0.
      let outside = insets.top > 0 || insets.left > 0
      XCTAssertEqual(embedded["status"] as? String, outside ? "outside safe area" : "ok", what)
      let codes = (embedded["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
      XCTAssertEqual(codes.contains("outside-safe-area"), outside, what)
      // box is placed by its four file constraints (with the decided constants).
      let indices = try XCTUnwrap(embedded["constraints"] as? [Int], what)
      let placingBox = indices.map { constraints[$0] }.filter {
        $0["a"] as? String == "box" || $0["b"] as? String == "box"
      }
      XCTAssertEqual(
        Set(placingBox.compactMap { $0["text"] as? String }),
        [
          "box.leading == safeArea.leading + 20", "box.trailing == safeArea.trailing - 20",
          "box.top == safeArea.top + 10", "box.height == 50", "badge.top == box.bottom + 8",
          "caption.leading == box.leading", "caption.top == box.bottom + 8",
        ], what)
    }
    // Two literal cases, from the device table (docs/cli.md, `trellis devices`): iPhone 8
    // portrait is 375x667 with a top inset of 20: box (20, 30, 335, 50), badge x 375 − 50 = 325,
    // y 30 + 58 = 88. iPhone X landscape is 812x375, insets 0,44,21,44: box (64, 10, 684, 50),
    // badge hidden (compact height).
    let iPhone8 = try XCTUnwrap(environments.first { $0["device"] as? String == "iPhone 8" })
    let iPhone8Views = try XCTUnwrap(iPhone8["views"] as? [[String: Any]])
    XCTAssertEqual(iPhone8Views.first { $0["id"] as? String == "box" }?["frame"] as? [Double], [20, 30, 335, 50])
    XCTAssertEqual(iPhone8Views.first { $0["id"] as? String == "badge" }?["frame"] as? [Double], [325, 88, 30, 30])
    let iPhoneX = try XCTUnwrap(
      environments.first { $0["device"] as? String == "iPhone X" && $0["orientation"] as? String == "landscape" })
    let iPhoneXViews = try XCTUnwrap(iPhoneX["views"] as? [[String: Any]])
    XCTAssertEqual(iPhoneXViews.first { $0["id"] as? String == "box" }?["frame"] as? [Double], [64, 10, 684, 50])
    XCTAssertEqual(iPhoneXViews.first { $0["id"] as? String == "badge" }?["hidden"] as? Bool, true)
    XCTAssertEqual(iPhoneX["safeArea"] as? [Double], [44, 0, 724, 354])
  }

  func testTheLegendSaysWhatEachLineAndMarkMeansAndTheMarginsAreDrawn() throws {
    let layout = try writeLayout()
    let run = realTrellis(["preview", layout])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = run.stdout
    let start = try XCTUnwrap(page.range(of: "<ul id=\"legend\""))
    let end = try XCTUnwrap(page.range(of: "</ul>", range: start.upperBound..<page.endIndex))
    let legend = String(page[start.lowerBound..<end.upperBound])
    // One entry per thing drawn, in this order, each with its meaning in words.
    let keys = legend.components(separatedBy: "data-legend=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    XCTAssertEqual(keys, ["view", "hidden", "safe-area", "margins", "off-screen", "outside", "active"])
    for words in [
      "hidden view (grey dashes", "safe area (blue dashes)", "layout margins of the root (green dots)",
      "a view off screen", "a view reaching past its superview (orange dashes)", "the view under the pointer",
    ] {
      XCTAssertTrue(legend.contains(words), words)
    }
    // Each sample is drawn with the class the drawing uses, whose style the page defines, so the
    // sample looks like what it explains.
    for drawn in ["view hidden", "safe-area", "layout-margins", "off-screen", "outside-mark", "view active"] {
      XCTAssertTrue(legend.contains("class=\"\(drawn)\""), drawn)
      let rule = (drawn == "off-screen" ? "svg text." : "svg .") + drawn.replacingOccurrences(of: " ", with: ".")
      XCTAssertTrue(page.contains(rule), rule)
    }
    // The script draws the root's margins from the data, and the data has them: by the rule of
    // docs/semantics.md ("Layout margins"), 16 on the sides of a root at most 375 wide and 20
    // when wider, measured from the safe area, top and bottom the safe area's.
    XCTAssertTrue(page.contains("\"class\": \"layout-margins\""))
    let environments = try XCTUnwrap(try embeddedData(page)["environments"] as? [[String: Any]])
    let iPhone8 = try XCTUnwrap(environments.first { $0["device"] as? String == "iPhone 8" })
    // 375x667, insets 20,0,0,0: x 16, y 20, 375 − 32 wide, 667 − 20 tall.
    XCTAssertEqual(iPhone8["margins"] as? [Double], [16, 20, 343, 647])
    let iPhoneX = try XCTUnwrap(
      environments.first { $0["device"] as? String == "iPhone X" && $0["orientation"] as? String == "landscape" })
    // 812x375, insets 0,44,21,44: x 44 + 20, 812 − 88 − 40 wide, 375 − 21 tall.
    XCTAssertEqual(iPhoneX["margins"] as? [Double], [64, 0, 684, 354])
  }

  func testOnANarrowWindowThePanelGoesUnderThePicture() throws {
    // A phone's browser is narrower than the 360-pt panel and a picture side by side: the page
    // stacks them instead, and the picture keeps the whole width (checked in Chromium at 390
    // wide, docs/pictures.md).
    let page = realTrellis(["preview", try writeLayout()]).stdout
    let query = try XCTUnwrap(page.range(of: "@media (max-width: 760px) {"))
    let rules = page[query.upperBound...].prefix(400)
    XCTAssertTrue(rules.contains("main { flex-direction: column;"), String(rules))
    XCTAssertTrue(rules.contains("aside { flex: none;"), String(rules))
  }

  func testDevicesRestrictsThePageAsForMatrix() throws {
    let layout = try writeLayout()
    let run = realTrellis(["preview", layout, "--devices", "ipad"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let environments = try XCTUnwrap(try embeddedData(run.stdout)["environments"] as? [[String: Any]])
    XCTAssertEqual(
      environments.compactMap { $0["device"] as? String }, MatrixCommand.entries(family: .iPad).map(\.device.name))
    // 11 iPads in two orientations, and 6 of them with 5 windows each.
    XCTAssertEqual(environments.count, 52)
    XCTAssertEqual(environments.filter { $0["window"] as? String == "1/2" }.count, 6)
  }

  /// A storyboard's scene, chosen with --scene as for snapshot: Tests/Fixtures/import/guides.storyboard
  /// pins the banner 8 under the top layout guide (the safe area's top), 50 tall, edge to edge,
  /// and the footer 10 over the bottom guide, 40 tall, 20 from each side.
  func testAStoryboardSceneIsPreviewed() throws {
    let storyboard = FixturePaths.fixtures.appendingPathComponent("import/guides.storyboard").path
    let run = realTrellis(["preview", storyboard, "--devices", "iphone", "--scene", "InboxViewController"])
    XCTAssertEqual(run.status, 0, run.stderr)
    assertSelfContained(run.stdout)
    let environments = try XCTUnwrap(try embeddedData(run.stdout)["environments"] as? [[String: Any]])
    XCTAssertEqual(environments.count, 70, "35 iPhones in two orientations")
    func frames(_ device: String) throws -> [String: [Double]] {
      let environment = try XCTUnwrap(
        environments.first { $0["device"] as? String == device && $0["orientation"] as? String == "portrait" })
      let views = try XCTUnwrap(environment["views"] as? [[String: Any]])
      var out: [String: [Double]] = [:]
      for view in views { out[view["id"] as? String ?? ""] = view["frame"] as? [Double] }
      return out
    }
    // iPhone 8 portrait, 375x667, insets top 20, bottom 0: banner y 28, footer y 667 − 10 − 40.
    XCTAssertEqual(try frames("iPhone 8")["banner"], [0, 28, 375, 50])
    XCTAssertEqual(try frames("iPhone 8")["footer"], [20, 617, 335, 40])
    // iPhone X portrait, 375x812, insets top 44, bottom 34: banner y 52, footer y 812 − 34 − 50.
    XCTAssertEqual(try frames("iPhone X")["banner"], [0, 52, 375, 50])
    XCTAssertEqual(try frames("iPhone X")["footer"], [20, 728, 335, 40])

    let missing = realTrellis(["preview", storyboard, "--scene", "nope"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stdout, "")
    XCTAssertTrue(missing.stderr.contains("no scene 'nope'"), missing.stderr)
  }

  /// Ids, texts and the title that would break the page if embedded as they are.
  func testEverythingEmbeddedIsEscaped() throws {
    let hostile = "</script><script>alert(1)</script><!--"
    let environment = Environment(
      containerSize: Size(width: 200, height: 120), traits: TraitCollection(horizontal: .compact, vertical: .regular),
      safeAreaInsets: EdgeInsets(top: 20), scale: 2)
    func frame(_ id: String, parent: String?, _ rect: Rect, text: String? = nil) -> LayoutResult.ViewFrame {
      LayoutResult.ViewFrame(
        id: id, kind: text == nil ? .view : .label, parent: parent, frame: rect, frameInParent: rect, hidden: false,
        isEffectivelyHidden: false, text: text)
    }
    let result = LayoutResult(
      environment: environment,
      views: [
        frame("root", parent: nil, Rect(x: 0, y: 0, width: 200, height: 120)),
        frame(hostile, parent: "root", Rect(x: 10, y: 30, width: 50, height: 40), text: "a < b && c > d\u{2028}"),
      ],
      safeArea: Rect(x: 0, y: 20, width: 200, height: 100), margins: Rect(x: 8, y: 28, width: 184, height: 84),
      diagnostics: [Diagnostic(.warning, "view '\(hostile)' is odd", code: "overlap", kind: .check)],
      hasConflicts: false, ambiguousViews: [])
    let page = PreviewPage.render(
      [
        PreviewPage.Environment(
          device: "Phone <i>", orientation: "portrait", window: "full", status: "ok", problem: hostile,
          diagnostics: result.diagnostics, result: result)
      ], title: "x<y>&\"z'.json")
    assertSelfContained(page)
    XCTAssertFalse(page.contains("<script>alert"))
    XCTAssertFalse(page.contains("<i>"))
    XCTAssertFalse(page.contains("\u{2028}"))
    XCTAssertTrue(page.contains("<title>x&lt;y&gt;&amp;&quot;z&#39;.json — trellis preview</title>"))
    XCTAssertTrue(page.contains("<h1>x&lt;y&gt;&amp;&quot;z&#39;.json</h1>"))
    // The data still says exactly what was embedded.
    let data = try embeddedData(page)
    XCTAssertEqual(data["title"] as? String, "x<y>&\"z'.json")
    let embedded = try XCTUnwrap((data["environments"] as? [[String: Any]])?.first)
    XCTAssertEqual(embedded["device"] as? String, "Phone <i>")
    XCTAssertEqual(embedded["problem"] as? String, hostile)
    let views = try XCTUnwrap(embedded["views"] as? [[String: Any]])
    XCTAssertEqual(views.map { $0["id"] as? String }, ["root", hostile])
    XCTAssertEqual(views[1]["text"] as? String, "a < b && c > d\u{2028}")
    XCTAssertEqual(views[1]["frame"] as? [Double], [10, 30, 50, 40])
    let diagnostics = try XCTUnwrap(embedded["diagnostics"] as? [[String: Any]])
    XCTAssertEqual(diagnostics.first?["message"] as? String, "view '\(hostile)' is odd")
  }

  func testTheEmbeddedJSONEscapesOnlyInsideStrings() {
    // By hand: the compact form of {"a<":["&",">"]} with the three characters as \u escapes.
    let value = JSONValue.object(["a<": .array([.string("&"), .string(">")]), "n": .number(1.5)])
    XCTAssertEqual(PreviewPage.embeddedJSON(value), #"{"a\u003c":["\u0026","\u003e"],"n":1.5}"#)
    XCTAssertEqual(PreviewPage.escapeHTML("<a href='x'>&</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;")
  }

  // MARK: Files and usage

  func testOutputIsWrittenAndRefusedWhereOtherCommandsRefuse() throws {
    let layout = try writeLayout()
    let page = directory.appendingPathComponent("page.html").path
    let written = realTrellis(["preview", layout, "--devices", "iphone", "--output", page])
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertEqual(written.stdout, "")
    // 35 iPhones in two orientations; the corner leaves the safe area in every portrait (top
    // inset 20 and more) and in the landscapes with side insets: all but the SE, 8 and 8 Plus
    // (`trellis devices`), so 35 + 32.
    XCTAssertEqual(written.stderr, "wrote \(page): 70 environments, 67 with problems.\n")
    let text = try String(contentsOfFile: page, encoding: .utf8)
    XCTAssertEqual(text, realTrellis(["preview", layout, "--devices", "iphone"]).stdout)

    let intoDirectory = realTrellis(["preview", layout, "--output", directory.path])
    XCTAssertEqual(intoDirectory.status, 1)
    XCTAssertTrue(intoDirectory.stderr.contains("it is a directory"), intoDirectory.stderr)
    let overInput = realTrellis(["preview", layout, "--output", layout])
    XCTAssertEqual(overInput.status, 1)
    XCTAssertTrue(overInput.stderr.contains("it is the input file"), overInput.stderr)
    XCTAssertEqual(try String(contentsOfFile: layout, encoding: .utf8), Self.layout)
  }

  func testUsageErrorsAndUnreadableLayouts() throws {
    let layout = try writeLayout()
    let noFile = realTrellis(["preview"])
    XCTAssertEqual(noFile.status, 64)
    XCTAssertTrue(noFile.stderr.hasPrefix("Error: "), noFile.stderr)
    XCTAssertTrue(noFile.stderr.contains("See 'trellis preview --help'."), noFile.stderr)
    let badDevices = realTrellis(["preview", layout, "--devices", "watch"])
    XCTAssertEqual(badDevices.status, 64)
    XCTAssertTrue(badDevices.stderr.contains("--devices"), badDevices.stderr)
    let typo = realTrellis(["preview", layout, "--outptu", "x.html"])
    XCTAssertEqual(typo.status, 64)
    XCTAssertTrue(typo.stderr.contains("Did you mean '--output'?"), typo.stderr)
    let broken = directory.appendingPathComponent("broken.json").path
    try "{ \"root\": { \"children\": [ { \"id\": \"a\" } ] }, \"constraints\": [ \"b.top == root.top\" ] }".write(
      toFile: broken, atomically: true, encoding: .utf8)
    let failed = realTrellis(["preview", broken])
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(failed.stdout, "")
    XCTAssertTrue(failed.stderr.contains("unknown view 'b'"), failed.stderr)
  }
}
