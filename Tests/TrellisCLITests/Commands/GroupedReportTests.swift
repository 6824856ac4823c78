import Foundation
import TrellisCLI
import TrellisModel
import TrellisRender
import TrellisTestSupport
import XCTest

/// The grouped report of `snapshot --check` and `diff` (issue 35 §3), its names for sets of
/// environments, the cause it names, and the GitHub annotation format.
final class GroupedReportTests: TemporaryDirectoryTestCase {
  /// Concentration with the grid's top margin (`cardGrid.top == safeArea.top + 8`, line 84)
  /// set to `top`.
  private func concentration(top: Int) throws -> String {
    let text = try String(
      contentsOf: FixturePaths.layouts.appendingPathComponent("concentration.json"), encoding: .utf8)
    let path = directory.appendingPathComponent("concentration-\(top).json").path
    let changed = text.replacingOccurrences(
      of: "\"cardGrid.top == safeArea.top + 8\"", with: "\"cardGrid.top == safeArea.top + \(top)\"")
    if top != 8 { XCTAssertNotEqual(changed, text) }
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The moves of raising the grid's top by 4, derived by hand from the layout (not printed
  /// by the code): the grid's bottom does not move (regular height: the flip label under it is
  /// pinned to the safe area's bottom; compact height: `cardGrid.bottom == safeArea.bottom - 8`),
  /// so the grid and its 'rows' stack move down 4 and lose 4 of height.
  /// - Regular height (the 35 iPhone portraits and all 52 iPad environments: 87): five equal
  ///   rows spaced 8 each lose 4 / 5 = 0.8; row k moves by 4 − 0.8 (k − 1): +4, +3.2, +2.4,
  ///   +1.6, +0.8, and so do its cards.
  /// - Compact height (the 35 iPhone landscapes): row5 is hidden, four rows lose 1 each and
  ///   move +4, +3, +2, +1.
  /// - Everywhere: the extra column (hidden in regular height, but still laid out by the fill
  ///   stack at the grid's height) moves +4 and loses 4; its four cards lose 1 and move +4, +3,
  ///   +2, +1.
  private let expectedMoves = """
    9 views y +4 in 122 environments (all): cardGrid, rows, row1, card1, card2, card3, card4, extraColumn, card21
    3 views height -4 in 122 environments (all): cardGrid, rows, extraColumn
    4 views height -1 in 122 environments (all): card21, card22, card23, card24
    card22.y +3 in 122 environments (all)
    card23.y +2 in 122 environments (all)
    card24.y +1 in 122 environments (all)
    20 views height -1 in 35 iPhone landscapes: row1, card1, card2, card3, card4, row2, card5, card6, card7, card8, \
    row3, card9, card10, card11, card12, row4, card13, card14, card15, card16
    5 views y +3 in 35 iPhone landscapes: row2, card5, card6, card7, card8
    5 views y +2 in 35 iPhone landscapes: row3, card9, card10, card11, card12
    5 views y +1 in 35 iPhone landscapes: row4, card13, card14, card15, card16
    25 views height -0.8 in 87 environments in regular height: row1, card1, card2, card3, card4, row2, card5, card6, \
    card7, card8, row3, card9, card10, card11, card12, row4, card13, card14, card15, card16, row5, card17, card18, \
    card19, card20
    5 views y +3.2 in 87 environments in regular height: row2, card5, card6, card7, card8
    5 views y +2.4 in 87 environments in regular height: row3, card9, card10, card11, card12
    5 views y +1.6 in 87 environments in regular height: row4, card13, card14, card15, card16
    5 views y +0.8 in 87 environments in regular height: row5, card17, card18, card19, card20
    """

  func testOneChangedConstantIsAScreenfulInDiffAndSnapshotCheck() throws {
    let before = try concentration(top: 8)
    let after = try concentration(top: 12)
    let cause = "\(after):84: changed constraint 'constraint#1' cardGrid.top == safeArea.top: constant 8 → 12"
    let moves = expectedMoves.split(separator: "\n").map { "  \($0)\n" }.joined()

    let diff = realTrellis(["diff", before, after])
    XCTAssertEqual(diff.status, 1)
    XCTAssertEqual(diff.stdout, "122 of 122 environments changed.\nCause:\n  \(cause)\nMoves:\n" + moves)
    XCTAssertLessThanOrEqual(diff.stdout.split(separator: "\n").count, 40)

    let snapshot = directory.appendingPathComponent("c.snapshot").path
    XCTAssertEqual(realTrellis(["snapshot", before, "--output", snapshot, "--update"]).status, 0)
    let check = realTrellis(["snapshot", after, "--output", snapshot, "--check"])
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(
      check.stdout,
      "\(after): 122 of 122 environments changed against \(snapshot).\nCause:\n  \(cause)\nMoves:\n" + moves)
    XCTAssertLessThanOrEqual(check.stdout.split(separator: "\n").count, 40)

    // --verbose keeps the per-environment listing: 122 environments each with its moves.
    let verbose = realTrellis(["snapshot", after, "--output", snapshot, "--check", "--verbose"])
    XCTAssertTrue(verbose.stdout.hasPrefix(check.stdout + "Per environment:\n"), verbose.stdout)
    XCTAssertEqual(verbose.stdout.components(separatedBy: "\n    card1: ").count - 1, 122)

    // JSON: the same groups, the cause with its file and line.
    let json = realTrellis(["diff", before, after, "--format", "json"])
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
    let groups = try XCTUnwrap(object["groups"] as? [[String: Any]])
    XCTAssertEqual(groups.count, 15)
    XCTAssertEqual(groups.first?["field"] as? String, "y")
    XCTAssertEqual(groups.first?["change"] as? String, "+4")
    XCTAssertEqual((groups.first?["environments"] as? [String: Any])?["kind"] as? String, "all")
    let causes = try XCTUnwrap(object["causes"] as? [[String: Any]])
    XCTAssertEqual(causes.first?["line"] as? Double, 84)
    XCTAssertNil(object["listing"])
  }

  func testAFormat1SnapshotIsStillCheckedWithoutACause() throws {
    let layout = try concentration(top: 8)
    let snapshot = directory.appendingPathComponent("old.snapshot").path
    let written = realTrellis(["snapshot", layout, "--devices", "iphone"])
    // Format 1: the same text without the layout block.
    let blocks = written.stdout.components(separatedBy: "\n== layout\n")
    XCTAssertEqual(blocks.count, 2)
    let rest = blocks[1][blocks[1].range(of: "\n== iPhone")!.lowerBound...]
    try (blocks[0].replacingOccurrences(of: "# trellis snapshot 2", with: "# trellis snapshot 1") + rest).write(
      toFile: snapshot, atomically: true, encoding: .utf8)
    XCTAssertEqual(realTrellis(["snapshot", layout, "--devices", "iphone", "--output", snapshot, "--check"]).status, 0)
    let moved = realTrellis([
      "snapshot", try concentration(top: 12), "--devices", "iphone", "--output", snapshot, "--check",
    ])
    XCTAssertEqual(moved.status, 1)
    XCTAssertFalse(moved.stdout.contains("Cause:"), moved.stdout)
    XCTAssertTrue(moved.stdout.contains("records no layout"), moved.stdout)
  }

  // MARK: Names of sets of environments

  private func places() -> [ChangeReport.Place] {
    MatrixCommand.entries(family: nil).map(ChangeReport.Place.init)
  }

  func testSetsAreNamedByWhatTheyShare() {
    let places = places()
    let all = Array(places.indices)
    func name(_ keep: (ChangeReport.Place) -> Bool) -> String {
      ChangeReport.describe(all.filter { keep(places[$0]) }, of: places, all: all).text
    }
    // The table: 35 iPhones in two orientations; 11 iPads, 52 environments with their windows.
    XCTAssertEqual(name { _ in true }, "122 environments (all)")
    XCTAssertEqual(name { $0.family == .iPad }, "52 iPad environments")
    XCTAssertEqual(name { $0.family == .iPhone && $0.orientation == .portrait }, "35 iPhone portraits")
    XCTAssertEqual(name { $0.family == .iPad && $0.window != "full" }, "30 iPad Split View windows")
    XCTAssertEqual(
      name { $0.traits.horizontal == .regular },
      "\(all.filter { places[$0].traits.horizontal == .regular }.count) environments in regular width")
    XCTAssertEqual(name { $0.name != "iPhone 8 portrait" }, "121 environments (all but iPhone 8 portrait)")
    XCTAssertEqual(name { $0.name == "iPhone 8 portrait" }, "1 environment (iPhone 8 portrait)")
    XCTAssertEqual(
      name { $0.name.hasPrefix("iPhone 1") && $0.orientation == .portrait && $0.name.contains("Pro Max") },
      "7 environments (iPhone 11 Pro Max portrait, iPhone 12 Pro Max portrait, iPhone 13 Pro Max portrait, …)")
  }

  func testADeviceAddedToTheTableKeepsTheLinesAndTheirOrder() {
    // Every iPhone portrait moves 'a' right 8 and every landscape moves it down 2, but the
    // iPhone 8 portrait also moves 'b': three lines. An 'iPhone 18' that moves like its family
    // changes the counts and nothing else.
    func report(_ entries: [MatrixCommand.Entry]) -> [String] {
      let names = entries.map { "\($0.device.name) \($0.orientation.rawValue) \($0.window) (x)" }
      let old = names.map {
        FrameSnapshot.Block(name: $0, status: "ok", lines: [("root", "0 0 10 10"), ("a", "0 0 1 1"), ("b", "0 0 1 1")])
      }
      let new = zip(names, entries).map { name, entry in
        let a = entry.orientation == .portrait ? "8 0 1 1" : "0 2 1 1"
        let b = name.hasPrefix("iPhone 8 portrait") ? "1 0 1 1" : "0 0 1 1"
        return FrameSnapshot.Block(name: name, status: "ok", lines: [("root", "0 0 10 10"), ("a", a), ("b", b)])
      }
      return ChangeReport(from: old, to: new, entries: entries).lines.map(ChangeReport.text)
    }
    let table = MatrixCommand.entries(family: .iPhone)
    XCTAssertEqual(
      report(table),
      [
        "a.x +8 in 35 iPhone portraits", "a.y +2 in 35 iPhone landscapes",
        "b.x +1 in 1 environment (iPhone 8 portrait)",
      ])
    var newDevice = table.filter { $0.device.name == "iPhone 17" }
    for index in newDevice.indices { newDevice[index].device.name = "iPhone 18" }
    XCTAssertEqual(
      report(table + newDevice),
      [
        "a.x +8 in 36 iPhone portraits", "a.y +2 in 36 iPhone landscapes",
        "b.x +1 in 1 environment (iPhone 8 portrait)",
      ])
  }

  func testDeltasAreExactAndGroupedByViewFieldAndDelta() {
    func block(_ name: String, _ lines: [(String, String)], status: String = "ok") -> FrameSnapshot.Block {
      FrameSnapshot.Block(name: name, status: status, lines: lines)
    }
    let entries = Array(MatrixCommand.entries(family: .iPhone).prefix(3))
    let names = entries.map { "\($0.device.name) \($0.orientation.rawValue) full (x)" }
    let old = names.map { block($0, [("root", "0 0 10 10"), ("a", "0.1 0 1 1"), ("b", "0 0 1 1")]) }
    // a.x: 0.1 → 0.3 is +0.2 exactly (in binary 0.3 − 0.1 is 0.19999…); in the third
    // environment it is +0.201, a different change. b goes in the second one.
    let new = [
      block(names[0], [("root", "0 0 10 10"), ("a", "0.3 0 1 1"), ("b", "0 0 1 1")]),
      block(names[1], [("root", "0 0 10 10"), ("a", "0.3 0 1 1 hidden")], status: "overlap"),
      block(names[2], [("root", "0 0 10 10"), ("a", "0.301 0 1 1"), ("b", "0 0 1 1"), ("c", "1 1 1 1")]),
    ]
    let report = ChangeReport(from: old, to: new, entries: entries)
    // Of these three environments the second is the only landscape (a family and orientation,
    // named first); the first two are all but the third; the third is named alone.
    XCTAssertEqual(
      report.lines.map(ChangeReport.text),
      [
        "a shown → hidden in 1 iPhone landscape",
        "b went in 1 iPhone landscape",
        "status ok → overlap in 1 iPhone landscape",
        "a.x +0.2 in 2 environments (all but iPhone 8 portrait)",
        "a.x +0.201 in 1 environment (iPhone 8 portrait)",
        "c appeared in 1 environment (iPhone 8 portrait)",
      ])
  }

  // MARK: The cause

  func testInsertingAConstraintIsOneAdditionNotEveryLaterOneChanged() {
    func item(_ id: String, _ shape: String, _ constant: String) -> LayoutChanges.Item {
      LayoutChanges.Item(
        kind: "constraint", id: id, shape: shape, attributes: [.init(key: "constant", value: constant)], location: nil)
    }
    let old = [item("constraint#1", "a.top == root.top", "8"), item("constraint#2", "a.leading == root.leading", "0")]
    let new = [
      item("constraint#1", "a.width == 10", "0"), item("constraint#2", "a.top == root.top", "12"),
      item("constraint#3", "a.leading == root.leading", "0"),
    ]
    XCTAssertEqual(
      LayoutChanges.compare(old, new).map(\.text),
      [
        "added constraint 'constraint#1': a.width == 10 constant 0",
        "changed constraint 'constraint#2' a.top == root.top: constant 8 → 12",
      ])
    // A constraint to a constant alone reads as its equation.
    XCTAssertEqual(
      LayoutChanges.compare([item("w", "a.width ==", "320")], [item("w", "a.width ==", "280")]).map(\.text),
      ["changed constraint 'w' a.width == 320 → 280"])
    // The snapshot's record reads back, escapes and all.
    let odd = LayoutChanges.Item(
      kind: "view", id: "a\tb", shape: "", attributes: [.init(key: "text", value: "\"x\\ny=1\"")], location: nil)
    XCTAssertEqual(LayoutChanges.item(LayoutChanges.line(odd)), odd)
    XCTAssertNil(LayoutChanges.item("nonsense"))
  }

  // MARK: GitHub annotations

  func testAnnotationsEscapeAsGitHubDocuments() {
    let annotation = GitHubAnnotations.Annotation(
      command: "error", file: "a,b:c.json", line: 3, column: 7, title: "t: 1, 2", message: "100%\r\nnext")
    XCTAssertEqual(
      GitHubAnnotations.render(annotation),
      "::error file=a%2Cb%3Ac.json,line=3,col=7,title=t%3A 1%2C 2::100%25%0D%0Anext\n")
    let bare = GitHubAnnotations.Annotation(command: "notice", message: "a:b,c")
    XCTAssertEqual(GitHubAnnotations.render(bare), "::notice::a:b,c\n")
  }
}

/// `--format github` on `validate` and `matrix`: the one annotation renderer, at the file's lines.
final class GitHubFormatTests: TemporaryDirectoryTestCase {
  private func write(_ name: String, _ text: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testValidateAnnotatesEachDiagnosticAtItsLineAndColumn() throws {
    let line2 = #" "constraints": ["a.top == root.top", "a.leading == nope.leading","#
    let path = try write(
      "v.json",
      """
      {"root": {"id": "root", "children": [{"id": "a"}]},
      \(line2)
       "a.width == 10", "a.height == 10"]}
      """)
    // The unknown view's column: where 'nope' starts on line 2 (1-based).
    let column = line2.distance(from: line2.startIndex, to: line2.range(of: "nope")!.lowerBound) + 1
    let run = realTrellis(["validate", path, "--format", "github"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stdout, "::error file=\(path),line=2,col=\(column),title=trellis unknown-view::unknown view 'nope'\n")
    XCTAssertEqual(run.stderr, "\(path): 1 error, 0 warnings\n")
  }

  func testMatrixAnnotatesAFailingCheckOnceWithItsEnvironments() throws {
    // Two 10 × 10 views at the safe area's top-leading corner: they overlap by 10 × 10 on every
    // screen, and nothing else fails, so one annotation names all 122 environments.
    let path = try write(
      "m.json",
      """
      {"root": {"id": "root", "children": [{"id": "a"}, {"id": "b"}]},
       "constraints": ["a.top == safeArea.top", "a.leading == safeArea.leading", "a.width == 10", "a.height == 10",
                       "b.top == safeArea.top", "b.leading == safeArea.leading", "b.width == 10", "b.height == 10"]}
      """)
    let run = realTrellis(["matrix", path, "--format", "github"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout.split(separator: "\n").count, 1, run.stdout)
    XCTAssertTrue(run.stdout.hasPrefix("::error file=\(path),line=1,col="), run.stdout)
    XCTAssertTrue(
      run.stdout.hasSuffix(",title=trellis overlap::a and b overlap by 10x10 pt in 122 environments (all)\n"),
      run.stdout)
  }

  func testSnapshotCheckAnnotatesTheChangedConstraintWithWhatItMoves() throws {
    func layout(top: Int) -> String {
      """
      {"root": {"id": "root", "children": [{"id": "a"}]},
       "constraints": [{"id": "pin", "constraint": "a.top == root.top + \(top)"}, "a.leading == root.leading",
                       "a.width == 10", "a.height == 10"]}
      """
    }
    let path = try write("l.json", layout(top: 8))
    let snapshot = directory.appendingPathComponent("l.snapshot").path
    XCTAssertEqual(realTrellis(["snapshot", path, "--devices", "ipad", "--output", snapshot, "--update"]).status, 0)
    _ = try write("l.json", layout(top: 12))
    let run = realTrellis([
      "snapshot", path, "--devices", "ipad", "--output", snapshot, "--check", "--format", "github",
    ])
    XCTAssertEqual(run.status, 1)
    // 'pin' is the object opening at line 2, column 18; it moves 'a' down 4 in the 52 iPad
    // environments, all of those checked.
    XCTAssertEqual(
      run.stdout,
      "::error file=\(path),line=2,col=18,title=trellis frames changed::"
        + "\(path):2: changed constraint 'pin' a.top == root.top: constant 8 → 12%0A"
        + "\(path): 52 of 52 environments changed against \(snapshot).%0Aa.y +4 in 52 environments (all)\n")
    XCTAssertEqual(
      realTrellis(["snapshot", path, "--format", "github"]).status, 64, "--format is for --check")
  }
}
