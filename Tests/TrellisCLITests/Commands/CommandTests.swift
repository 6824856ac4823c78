import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisTestSupport
import TrellisText
import XCTest

/// The subcommands run in-process against ``FakePipeline``.
final class CommandTests: XCTestCase {
  private func json(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  // MARK: solve

  func testSolveIPhone8PortraitMatchesTheRenderer() throws {
    let run = trellis("solve", "concentration.json", "--device", "iPhone 8", "--columns", "60")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stderr, "")
    XCTAssertTrue(run.stdout.hasPrefix("iPhone 8 portrait (375x667, wC hR) @2x, safe area insets t20 l0 b0 r0\n"))
    // The same text the renderer snapshot holds for the hand-solved fixture at 60 columns.
    Snapshot.assertMatches(run.stdout, named: "concentration-portrait", in: FixturePaths.snapshots)
  }

  func testSolveDefaultsToIPhone17Portrait() throws {
    let run = trellis("solve", "concentration.json", "--columns", "60")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stderr, "")
    // devices.json: iPhone 17 402x874 @3x, wC hR, Dynamic Island 62 on top, home indicator 34 below.
    XCTAssertTrue(
      run.stdout.hasPrefix("iPhone 17 portrait (402x874, wC hR) @3x, safe area insets t62 l0 b34 r0\n"), run.stdout)
    let explicit = trellis("solve", "concentration.json", "--columns", "60", "--device", "iPhone 17")
    XCTAssertEqual(run.stdout, explicit.stdout)
  }

  func testColumnsComeFromTheOptionThenCOLUMNSThen100() {
    func diagramWidth(_ run: Run) -> Int { run.stdout.split(separator: "\n").dropFirst().first?.count ?? 0 }
    XCTAssertEqual(diagramWidth(trellis("solve", "concentration.json", variables: ["COLUMNS": "40"])), 40)
    XCTAssertEqual(
      diagramWidth(trellis("solve", "concentration.json", "--columns", "50", variables: ["COLUMNS": "40"])), 50)
    XCTAssertEqual(diagramWidth(trellis("solve", "concentration.json", variables: ["COLUMNS": "junk"])), 100)
    XCTAssertEqual(diagramWidth(trellis("solve", "concentration.json")), 100)
  }

  func testSolveDeviceLandscapeAsJSON() throws {
    let run = trellis(
      "solve", "concentration.json", "--device", "iphone-x", "--orientation", "landscape", "--format", "json")
    XCTAssertEqual(run.status, 0)
    let object = try json(run.stdout)
    XCTAssertEqual(object["layout"] as? String, "concentration.json")
    XCTAssertEqual(object["device"] as? String, "iPhone X")
    XCTAssertEqual(object["orientation"] as? String, "landscape")
    XCTAssertEqual(object["container"] as? [String: Double], ["width": 812, "height": 375])
    XCTAssertEqual(object["safeArea"] as? [String: Double], ["top": 0, "left": 44, "bottom": 21, "right": 44])
    XCTAssertEqual(object["traits"] as? [String: String], ["horizontal": "compact", "vertical": "compact"])
    let views = try XCTUnwrap(object["views"] as? [[String: Any]])
    // root, grid, cards, 5 rows × (row + 4 cards), extra + 4 cards, flips.
    XCTAssertEqual(views.count, 1 + 2 + 5 * 5 + 5 + 1)
  }

  func testSolveCustomEnvironment() throws {
    let run = trellis(
      "solve", "concentration.json", "--size", "500x700", "--traits", "wR,hR", "--safe-area", "10,0,0,0", "--scale",
      "3",
      "--format", "json")
    let object = try json(run.stdout)
    XCTAssertTrue(object["device"] is NSNull)
    XCTAssertTrue(object["orientation"] is NSNull)
    XCTAssertEqual(object["container"] as? [String: Double], ["width": 500, "height": 700])
    XCTAssertEqual(object["traits"] as? [String: String], ["horizontal": "regular", "vertical": "regular"])
    XCTAssertEqual(object["safeArea"] as? [String: Double], ["top": 10, "left": 0, "bottom": 0, "right": 0])
    XCTAssertEqual(object["scale"] as? Double, 3)
  }

  func testDeviceWithOverriddenTraitsKeepsItsName() throws {
    let object = try json(
      trellis("solve", "concentration.json", "--device", "iPhone 8", "--traits", "wR,hR", "--format", "json").stdout)
    XCTAssertEqual(object["device"] as? String, "iPhone 8")
    XCTAssertEqual(object["traits"] as? [String: String], ["horizontal": "regular", "vertical": "regular"])
  }

  func testSolveRightToLeftIsInTheHeader() {
    XCTAssertTrue(
      trellis("solve", "concentration.json", "--rtl").stdout.split(separator: "\n").first?.hasSuffix(", right-to-left")
        == true)
  }

  func testSolveTableAndSVG() {
    let table = trellis("solve", "two.json", "--format", "table")
    XCTAssertEqual(table.stdout, FrameTable.render(Fixtures.twoViews))
    let svg = trellis("solve", "two.json", "--format", "svg")
    let checker = XMLChecker(svg.stdout)
    XCTAssertTrue(checker.parse(), checker.failure)
    XCTAssertTrue(checker.ids.contains("view-b"))
  }

  func testSolveWritesToOutput() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = trellis("solve", "two.json", "--format", "json", "--output", path)
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), LayoutJSON.render(Fixtures.twoViews, layout: "two.json"))
    let bad = trellis("solve", "two.json", "--output", "/nonexistent-dir/x.txt")
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stderr.hasPrefix("Error: Cannot write '/nonexistent-dir/x.txt': "))
  }

  func testConflictStillPrintsTheLayoutAndFails() {
    // The default device, iPhone 17, in landscape: 874x402, compact height (HIG).
    let run = trellis("solve", "conflict.json", "--orientation", "landscape")
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.hasPrefix("iPhone 17 landscape (874x402, wC hC)"))
    XCTAssertTrue(run.stdout.contains("card24"))
    XCTAssertEqual(
      run.stderr,
      "conflict.json:12:5: error: unable to satisfy flips.width >= 400 [unsatisfiable]\n"
        + "  in iPhone 17 landscape (874x402, wC hC)\n")
    XCTAssertEqual(trellis("solve", "conflict.json").status, 0, "portrait has no conflict")
  }

  func testAmbiguousLayoutFails() {
    let run = trellis("solve", "ambiguous.json")
    XCTAssertEqual(run.status, 1)
    // The stand-in result has no diagnostic for its ambiguous view: the policy adds the error.
    XCTAssertEqual(
      run.stderr, "error: flips has an ambiguous centerY [ambiguous-frame]\n  in iPhone 17 portrait (402x874, wC hR)\n")
  }

  func testUnreadableFileShowsGNUDiagnosticsWithCaret() {
    let run = trellis("solve", "broken.json")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    // The reader's renderer: line 3 is `    "kind": "veiw"`, quoted after a ` 3 | ` gutter; column
    // 13 is the value's opening quote, so the caret line is ` ` + ` ` (gutter width 1) + ` | ` and
    // 12 spaces.
    XCTAssertEqual(
      run.stderr,
      """
      broken.json:3:13: error: unknown view kind 'veiw'; did you mean 'view'? [invalid-value]
        at $.root.kind
       3 |     "kind": "veiw"
         |             ^
      Error: 'broken.json' has errors; nothing was solved.

      """)
    XCTAssertEqual(
      trellis("solve", "missing.json").stderr,
      "error: no such file 'missing.json' [unreadable-file]\nError: 'missing.json' has errors; nothing was solved.\n")
  }

  /// Four buttons side by side in 359 pt, equal widths, spacing 10, at @3x, solved by the real
  /// engine through ``Pipeline/standard`` (the seam `solve --snap` uses).
  ///
  /// platform-facts §2: unsnapped width (359 − 30) / 4 = 82.25; x = 0, 92.25, 184.5, 276.75.
  /// Edges × 3, rounded (halves away from zero), ÷ 3: 82.25 → 246.75 → 247; 92.25 → 276.75 → 277;
  /// 174.5 → 523.5 → 524; 184.5 → 553.5 → 554; 266.75 → 800.25 → 800; 276.75 → 830.25 → 830;
  /// 359 → 1077. Widths 247/3, (524 − 277)/3, (800 − 554)/3, (1077 − 830)/3 = 82.333, 82.333, 82,
  /// 82.333 — the frames Interface Builder stores.
  func testSnappingThroughTheRealEngineReproducesInterfaceBuildersFrames() throws {
    let document = Layout(file: "buttons.json") {
      for index in 0..<4 { View("b\(index)") }
    } constraints: {
      "b0.leading == root.leading"
      "b3.trailing == root.trailing"
      for index in 0..<4 {
        "b\(index).top == root.top"
        "b\(index).height == 44"
        if index > 0 {
          "b\(index).leading == b\(index - 1).trailing + 10"
          "b\(index).width == b0.width"
        }
      }
    }
    let environment = Environment.custom(
      size: Size(width: 359, height: 44), traits: TraitCollection(horizontal: .compact, vertical: .regular), scale: 3)

    let plain = try XCTUnwrap(Pipeline.standard.solve(document, environment))
    XCTAssertEqual(plain.views.dropFirst().map(\.frame.x), [0, 92.25, 184.5, 276.75])
    let snapped = try XCTUnwrap(Pipeline.standard.solve(document, environment, snapToPixels: true))
    let frames = snapped.views.dropFirst().map(\.frame)
    let expectedX = [0, 277.0 / 3, 554.0 / 3, 830.0 / 3]
    let expectedWidth = [247.0 / 3, (524.0 - 277.0) / 3, (800.0 - 554.0) / 3, (1077.0 - 830.0) / 3]
    XCTAssertEqual(frames.count, 4)
    for (index, frame) in frames.enumerated() {
      XCTAssertEqual(frame.x, expectedX[index], accuracy: 1e-9, "b\(index).x")
      XCTAssertEqual(frame.width, expectedWidth[index], accuracy: 1e-9, "b\(index).width")
    }
    XCTAssertEqual(expectedWidth[2], 82, accuracy: 1e-9)
  }

  // MARK: devices

  func testDevicesTable() {
    let run = trellis("devices")
    XCTAssertEqual(run.status, 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    // The version line, the header, 46 rows, then "Also found as:" and the 6 rows with aliases.
    XCTAssertEqual(lines.count, 55)
    XCTAssertEqual(
      lines[0], "Device table 2025-10 (iPhone 17 family, iPhone Air, iPhone 16e, M5 iPads): 46 devices.")
    func fields(_ line: String) -> [String] {
      line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    XCTAssertEqual(
      fields(lines[1]),
      ["name", "points", "scale", "portrait", "landscape", "safe area portrait", "safe area landscape"])
    // devices.json: iPhone X 375x812 @3x, C/R and C/C, insets 44/0/34/0 and 0/44/21/44.
    XCTAssertEqual(fields(lines[5]), ["iPhone X", "375x812", "@3x", "wC hR", "wC hC", "44,0,34,0", "0,44,21,44"])
    // HIG: iPhone Air 420x912 @3x, C/R and R/C; iOS 26.5 simulator probe: 68/0/34/0, 0/68/20/68.
    XCTAssertEqual(fields(lines[34]), ["iPhone Air", "420x912", "@3x", "wC hR", "wR hC", "68,0,34,0", "0,68,20,68"])
    // An iPad with split-view widths (+) and one whose insets were unsourced until the iPadOS 26.5 probe.
    XCTAssertEqual(
      fields(lines[37]),
      ["iPad mini 7.9-inch (5th gen) +", "768x1024", "@2x", "wR hR", "wR hR", "20,0,0,0", "20,0,0,0"])
    XCTAssertEqual(
      fields(lines[46]), ["iPad Pro 13-inch (M4/M5)", "1032x1376", "@2x", "wR hR", "wR hR", "32,0,25,0", "32,0,25,0"])
    XCTAssertEqual(lines[48], "Also found as:")
    XCTAssertTrue(lines.contains("  iPad Pro 13-inch (M4/M5): iPad Pro 13-inch (M4), iPad Pro 13-inch (M5)"))
    Snapshot.assertMatches(run.stdout, named: "devices-table", in: FixturePaths.snapshots)
  }

  func testDevicesJSON() throws {
    let run = trellis("devices", "--format", "json")
    XCTAssertEqual(run.status, 0)
    let table = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(table["version"] as? String, "2025-10 (iPhone 17 family, iPhone Air, iPhone 16e, M5 iPads)")
    let devices = try XCTUnwrap(table["devices"] as? [[String: Any]])
    XCTAssertEqual(devices.count, 46)
    let plus = try XCTUnwrap(devices.first { $0["name"] as? String == "iPhone 8 Plus" })
    XCTAssertEqual(plus["widthPoints"] as? Double, 414)
    XCTAssertEqual(plus["heightPoints"] as? Double, 736)
    XCTAssertEqual(plus["scale"] as? Double, 3)
    XCTAssertEqual(plus["family"] as? String, "iPhone")
    XCTAssertEqual(plus["aliases"] as? [String], [])
    let landscape = try XCTUnwrap(plus["landscape"] as? [String: Any])
    XCTAssertEqual(landscape["horizontal"] as? String, "regular")
    XCTAssertEqual(landscape["vertical"] as? String, "compact")
    let big = try XCTUnwrap(devices.first { $0["name"] as? String == "iPad Pro 12.9-inch (3rd-6th gen)" })
    let windows = try XCTUnwrap(big["multitasking"] as? [[String: Any]])
    XCTAssertEqual(windows.map { $0["width"] as? Double }, [375, 678, 981, 375, 639])
    XCTAssertEqual(windows[1]["horizontal"] as? String, "regular")
    // The three iPads without a source before now carry the iPadOS 26.5 simulator probe.
    XCTAssertEqual(devices.filter { $0["safeAreaSourced"] as? Bool == false }.count, 0)
    let mini = try XCTUnwrap(devices.first { $0["name"] as? String == "iPad mini 8.3-inch (6th/7th gen)" })
    XCTAssertEqual(mini["aliases"] as? [String], ["iPad mini (A17 Pro)", "iPad mini (6th generation)"])
  }

  // MARK: matrix

  func testMatrixAllOK() {
    let run = trellis("matrix", "concentration.json")
    XCTAssertEqual(run.status, 0, run.stderr)
    var lines = run.stdout.split(separator: "\n").map(String.init)
    // 46 devices × 2 orientations + 6 iPads × 5 windows = 122 rows + header, then the summary
    // (110 before the 2025 rows: 40 × 2 + 30; the new iPad row, 820x1180, has no window widths).
    XCTAssertEqual(lines.count, 124)
    XCTAssertEqual(lines.removeLast(), "122 environments, 0 failing.")
    let fields = lines.map {
      $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    XCTAssertEqual(fields[0], ["device", "orientation", "window", "traits", "size", "status", "problem"])
    XCTAssertEqual(fields[1], ["iPhone SE (1st gen)", "portrait", "full", "wC hR", "320x568", "ok"])
    XCTAssertTrue(fields.contains(["iPad Pro 12.9-inch (3rd-6th gen)", "landscape", "1/2", "wR hR", "678x1024", "ok"]))
    XCTAssertEqual(fields.dropFirst().filter { $0.last == "ok" }.count, 122)
  }

  func testMatrixConflictsInCompactHeight() {
    let run = trellis("matrix", "conflict.json", "--devices", "iphone")
    XCTAssertEqual(run.status, 1)
    var lines = run.stdout.split(separator: "\n").map(String.init)
    // 35 iPhones.
    XCTAssertEqual(lines.count, 1 + 35 * 2 + 1)
    XCTAssertEqual(lines.removeLast(), "70 environments, 35 failing (35 conflict).")
    // Every iPhone is compact height in landscape only; failing environments come first.
    XCTAssertEqual(lines.filter { $0.contains(" conflict ") }.count, 35)
    XCTAssertTrue(lines[1...35].allSatisfy { $0.hasSuffix("conflict  unable to satisfy flips.width >= 400") }, lines[1])
    XCTAssertTrue(lines[1].hasPrefix("iPhone SE (1st gen)  landscape"), lines[1])
    let failing = trellis("matrix", "conflict.json", "--devices", "iphone", "--failures-only")
    XCTAssertEqual(failing.stdout.split(separator: "\n").count, 1 + 35 + 1)
    XCTAssertEqual(run.stderr, "35 of 70 environments have problems.\n")
  }

  func testMatrixJSONAndSVG() throws {
    let run = trellis("matrix", "ambiguous.json", "--devices", "ipad", "--format", "json")
    XCTAssertEqual(run.status, 1)
    let object = try json(run.stdout)
    let environments = try XCTUnwrap(object["environments"] as? [[String: Any]])
    // 11 iPads × 2 + 6 × 5 windows.
    XCTAssertEqual(environments.count, 52)
    XCTAssertEqual(environments[0]["status"] as? String, "ambiguous")
    XCTAssertEqual(environments[0]["problem"] as? String, "flips has an ambiguous centerY")
    XCTAssertEqual(environments[0]["window"] as? String, "full")
    XCTAssertEqual(object["summary"] as? [String: Double], ["total": 52, "failed": 52])

    let svg = trellis("matrix", "concentration.json", "--devices", "ipad", "--format", "svg")
    XCTAssertEqual(svg.status, 0)
    let checker = XMLChecker(svg.stdout)
    XCTAssertTrue(checker.parse(), checker.failure)
    XCTAssertTrue(checker.ids.contains("item-50"))
    XCTAssertTrue(checker.texts.contains("landscape 1/2, 678x1024, wR hR"))
  }

  func testLayoutCheckUsesTheEnginesMessageWithoutTheEnvironment() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    var result = Fixtures.concentration(device.environment())
    result.ambiguousViews = [(id: "flips", attributes: [.left])]
    result.diagnostics = [
      Diagnostic(
        .warning, "View 'flips' has an ambiguous horizontal position.", code: "ambiguous-position", kind: .ambiguity,
        environment: result.environment)
    ]
    XCTAssertEqual(
      LayoutCheck(result),
      LayoutCheck(
        status: .ambiguous, problem: "View 'flips' has an ambiguous horizontal position.", code: "ambiguous-position"))
    result.hasConflicts = true
    result.diagnostics = [
      Diagnostic(
        .error, "Unable to satisfy constraints: breaking 'x'.", code: "unsatisfiable", kind: .conflict,
        environment: result.environment)
    ]
    XCTAssertEqual(
      LayoutCheck(result),
      LayoutCheck(status: .conflict, problem: "Unable to satisfy constraints: breaking 'x'.", code: "unsatisfiable"))
  }

  func testLayoutCheckFindsOutsideSafeAreaAndOverlap() {
    var result = Fixtures.twoViews
    XCTAssertEqual(LayoutCheck(result), LayoutCheck(status: .ok, problem: ""))
    // Safe area starts at y = 20; a at y = 12 reaches 8 pt above it.
    result.views[1].frame.y = 12
    XCTAssertEqual(
      LayoutCheck(result),
      LayoutCheck(status: .outsideSafeArea, problem: "a reaches 8 pt above the safe area", code: "outside-safe-area"))
    // b moved left to x = 70: a spans 20…80, b 70…150 → 10 wide; heights 40…100 both → 60.
    result = Fixtures.twoViews
    result.views[2].frame.x = 70
    XCTAssertEqual(
      LayoutCheck(result), LayoutCheck(status: .overlap, problem: "a and b overlap by 10x60 pt", code: "overlap"))
    // The hidden view overlapping a does not count.
    result = Fixtures.twoViews
    result.views[3].frame = Rect(x: 30, y: 50, width: 10, height: 10)
    XCTAssertEqual(LayoutCheck(result).status, .ok)
  }

  // MARK: validate

  func testValidateClean() {
    let run = trellis("validate", "concentration.json")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stdout, "concentration.json: ok\n")
  }

  /// validate solves every environment matrix solves: the 122 of the device table at the default
  /// text size, each once, in table order.
  func testValidateSolvesEveryEnvironmentOfTheMatrix() {
    let entries = MatrixCommand.entries(family: nil, contentSizes: [.large], placed: { $0 }, rightToLeft: false)
    XCTAssertEqual(entries.count, 122)
    XCTAssertEqual(
      entries.map(\.environment.description), MatrixCommand.entries(family: nil).map(\.environment.description))
  }

  /// The environments in one phrase, with several text sizes: the device table is 122 entries
  /// per size, size by size. The 35 iPhone landscapes (every iPhone entry in landscape, full
  /// screen) at both sizes are said once; at one size only, with that size.
  func testValidateNamesEnvironmentsPerTextSize() {
    let sizes: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]
    let entries = MatrixCommand.entries(family: nil, contentSizes: sizes, placed: { $0 }, rightToLeft: false)
    XCTAssertEqual(entries.count, 244)
    let landscapes = (0..<122).filter {
      entries[$0].device.family == .iPhone && entries[$0].orientation == .landscape && entries[$0].window == "full"
    }
    XCTAssertEqual(landscapes.count, 35)
    XCTAssertEqual(
      ValidateCommand.describe(landscapes + landscapes.map { $0 + 122 }, of: entries, sizes: sizes),
      "35 iPhone landscapes at every text size")
    XCTAssertEqual(
      ValidateCommand.describe(landscapes.map { $0 + 122 }, of: entries, sizes: sizes), "35 iPhone landscapes at AX5")
    XCTAssertEqual(
      ValidateCommand.describe(Array(0..<122) + landscapes.map { $0 + 122 }, of: entries, sizes: sizes),
      "122 environments (all) at large; 35 iPhone landscapes at AX5")
  }

  func testValidateReportsConflictsOnceNamingTheEnvironments() {
    let run = trellis("validate", "conflict.json")
    XCTAssertEqual(run.status, 1)
    // The fake engine conflicts in compact height: on iPhones in landscape only (every iPad
    // window is regular height), the 35 iPhone landscapes of the table.
    XCTAssertEqual(
      run.stdout,
      "conflict.json:12:5: error: unable to satisfy flips.width >= 400 [unsatisfiable]\n"
        + "  in 35 iPhone landscapes\n"
        + "conflict.json: 1 error, 0 warnings\n")
  }

  func testValidateAmbiguityEverywhere() {
    let run = trellis("validate", "ambiguous.json")
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(
      run.stdout.hasPrefix("error: flips has an ambiguous centerY [ambiguous-frame]\n  in 122 environments (all)\n"),
      run.stdout)
  }

  func testValidatePromotesAmbiguityWarningsAndMergesEnvironments() {
    let run = trellis("validate", "ambiguous-warning.json")
    XCTAssertEqual(run.status, 1)
    // Messages never name the environment, so the 122 findings merge into one, naming them all.
    XCTAssertEqual(
      run.stdout,
      "error: View 'flips' has an ambiguous top. [ambiguous-position]\n"
        + "  in 122 environments (all)\n"
        + "ambiguous-warning.json: 1 error, 0 warnings\n")
  }

  func testValidateWarningsAndManyFiles() {
    let warn = trellis("validate", "warn.json")
    XCTAssertEqual(warn.status, 0)
    XCTAssertEqual(
      warn.stdout,
      """
      warn.json:2:3: warning: unknown key 'colour' [unknown-key]
        at $.colour
       2 |   "colour": 1,
         |   ^
      warn.json: 0 errors, 1 warning

      """)
    let strict = trellis("validate", "warn.json", "--warnings-as-errors")
    XCTAssertEqual(strict.status, 1)
    XCTAssertTrue(strict.stdout.hasPrefix("warn.json:2:3: error: unknown key 'colour' [unknown-key]\n"))
    let many = trellis("validate", "broken.json", "concentration.json")
    XCTAssertEqual(many.status, 1)
    XCTAssertTrue(many.stdout.hasPrefix("broken.json:3:13: error: "))
    XCTAssertTrue(many.stdout.hasSuffix("broken.json: 1 error, 0 warnings\nconcentration.json: ok\n"))
  }

  func testValidateJSON() throws {
    let run = trellis("validate", "broken.json", "warn.json", "--format", "json")
    XCTAssertEqual(run.status, 1)
    let files = try XCTUnwrap(try json(run.stdout)["files"] as? [[String: Any]])
    XCTAssertEqual(files.map { $0["file"] as? String }, ["broken.json", "warn.json"])
    XCTAssertEqual(files.map { $0["status"] as? String }, ["error", "ok"])
    let diagnostic = try XCTUnwrap((files[0]["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(diagnostic["line"] as? Int, 3)
    XCTAssertEqual(diagnostic["column"] as? Int, 13)
    XCTAssertEqual(diagnostic["path"] as? String, "$.root.kind")
    XCTAssertEqual((diagnostic["environments"] as? [Any])?.count, 0)
    // Every diagnostic has a code.
    for file in files {
      for entry in try XCTUnwrap(file["diagnostics"] as? [[String: Any]]) {
        XCTAssertNotNil(entry["code"] as? String, "\(entry)")
      }
    }
    XCTAssertEqual(diagnostic["code"] as? String, "invalid-value")
  }

  // MARK: rotate

  func testRotateIPhone8MatchesTheRendererSnapshot() {
    let run = trellis("rotate", "concentration.json", "--device", "iphone 8")
    XCTAssertEqual(run.status, 0, run.stderr)
    Snapshot.assertMatches(run.stdout, named: "concentration-rotate", in: FixturePaths.snapshots)
  }

  func testRotateFromLandscapeAndOnAnIPad() {
    let back = trellis("rotate", "concentration.json", "--device", "iPhone 8", "--from", "landscape", "--columns", "40")
    XCTAssertTrue(back.stdout.hasPrefix("iPhone 8 landscape (667x375, wC hC) → iPhone 8 portrait (375x667, wC hR)\n"))
    XCTAssertTrue(back.stdout.contains("     hidden       row5: hidden → visible\n"))
    let iPad = trellis("rotate", "concentration.json", "--device", "iPad Air 10.5")
    XCTAssertEqual(iPad.status, 0)
    XCTAssertFalse(iPad.stdout.contains("willTransition"))
    XCTAssertTrue(iPad.stdout.contains("1. viewWillTransition(to: 1112x834)\n"))
  }
}

/// `validate DIR`: every layout file under a directory.
final class ValidateDirectoryTests: XCTestCase {
  func testADirectoryStandsForItsLayoutFiles() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-validate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let good =
      #"{"root": {"id": "root", "children": [{"id": "a"}]}, "constraints": ["a.leading == root.leading", "a.top == root.top", "a.width == 10", "a.height == 10"]}"#
    try good.write(to: root.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
    try good.write(to: root.appendingPathComponent("sub/b.json"), atomically: true, encoding: .utf8)
    try "{}".write(to: root.appendingPathComponent("sub/x.manifest.json"), atomically: true, encoding: .utf8)
    try "notes".write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try ValidateCommand.expand([root.path]),
      [root.appendingPathComponent("a.json").path, root.appendingPathComponent("sub/b.json").path])
    let empty = root.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    XCTAssertThrowsError(try ValidateCommand.expand([empty.path]))
  }
}

/// The diagram's width: --columns, then $COLUMNS, then the terminal's own width, then 100.
final class ColumnsTests: XCTestCase {
  func testTheTerminalsWidthIsUsedWhenNothingElseSaysIt() {
    var context = CommandContext(pipeline: FakePipeline.pipeline, variables: [:])
    XCTAssertEqual(context.columns(nil), 100)
    context.terminalColumns = 72
    XCTAssertEqual(context.columns(nil), 72)
    XCTAssertEqual(context.columns(60), 60)
    let withVariable = CommandContext(
      pipeline: FakePipeline.pipeline, variables: ["COLUMNS": "90"], terminalColumns: 72)
    XCTAssertEqual(withVariable.columns(nil), 90)
  }
}
