import Foundation
import TrellisCLI
import XCTest

/// `solve --watch`, run with hooks that stand in for the clock: each `pause` is one look at the
/// file, and the test edits the file between looks, so nothing depends on timing.
final class WatchTests: TemporaryDirectoryTestCase {
  /// What the hooks saw, shared with their `@Sendable` closures.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _writes: [(stdout: String, stderr: String)] = []
    private var _pauses = 0
    var writes: [(stdout: String, stderr: String)] { lock.withLock { _writes } }
    var pauses: Int { lock.withLock { _pauses } }
    func write(_ stdout: String, _ stderr: String) { lock.withLock { _writes.append((stdout, stderr)) } }
    /// Counts a pause and returns its number, from 1.
    func pause() -> Int {
      lock.withLock {
        _pauses += 1; return _pauses
      }
    }
  }

  func layout(left: Int) -> String {
    """
    {"root": {"id": "root", "children": [{"id": "box"}]},
     "constraints": ["box.left == root.left + \(left)", "box.top == root.top + 40", "box.width == 100", "box.height == 50"]}
    """
  }

  /// Runs `trellis solve FILE --watch --format table ARGS` until `drawings` drawings were made;
  /// `edit` is called with the number of each pause (from 1), before the file is looked at.
  func watch(
    _ file: URL, drawings: Int, extra: [String] = [], terminalColumns: Int? = nil, terminalRows: Int? = nil,
    format: String = "table", edit: @escaping @Sendable (Int) -> Void
  ) -> (status: Int32, recorder: Recorder, stdout: String, stderr: String) {
    let recorder = Recorder()
    var tool = CommandLineTool(pipeline: .standard, variables: [:])
    tool.terminalColumns = terminalColumns
    tool.terminalRows = terminalRows
    tool.watchHooks = WatchHooks(
      write: { recorder.write($0, $1) },
      pause: { _ in edit(recorder.pause()) },
      keepWatching: { $0 < drawings })
    var out = ""
    var err = ""
    let status = tool.run(
      arguments: ["solve", file.path, "--watch", "--format", format, "--device", "iPhone 8"] + extra, stdout: &out,
      stderr: &err)
    return (status, recorder, out, err)
  }

  func testRedrawsWhenTheFileChanges() throws {
    let file = directory.appendingPathComponent("screen.json")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    let text = layout(left: 150)
    let run = watch(file, drawings: 2) { pause in
      if pause == 1 { try? text.write(to: file, atomically: true, encoding: .utf8) }
    }
    XCTAssertEqual(run.status, 0)
    // Everything went through the hooks as it was drawn; nothing was left for the end.
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr, "")
    let writes = run.recorder.writes
    XCTAssertEqual(writes.count, 2)
    // The table's row for box: x 20, then x 150 (the constraint's constants).
    XCTAssertTrue(writes[0].stdout.contains("box  view  20  40    100      50  no"), writes[0].stdout)
    XCTAssertTrue(writes[1].stdout.contains("box  view  150  40    100      50  no"), writes[1].stdout)
    XCTAssertTrue(writes[1].stdout.hasPrefix("\n── \(file.path) changed; solved again ──\n\n"), writes[1].stdout)
    XCTAssertTrue(writes[0].stderr.contains("Watching \(file.path) for changes; press Ctrl-C to stop."))
    XCTAssertFalse(writes[1].stderr.contains("Watching"))
    XCTAssertEqual(run.recorder.pauses, 1)
  }

  func testASaveThatChangesNothingDoesNotRedraw() throws {
    let file = directory.appendingPathComponent("screen.json")
    let original = layout(left: 20)
    try original.write(to: file, atomically: true, encoding: .utf8)
    let changed = layout(left: 30)
    let run = watch(file, drawings: 2) { pause in
      // Pauses 1–3 save the same bytes again (a new modification time); pause 4 changes them.
      try? (pause < 4 ? original : changed).write(to: file, atomically: true, encoding: .utf8)
    }
    XCTAssertEqual(run.recorder.writes.count, 2)
    XCTAssertEqual(run.recorder.pauses, 4)
    XCTAssertTrue(run.recorder.writes[1].stdout.contains("box  view  30  40"))
  }

  func testAnErrorMidEditIsShownAndWatchingGoesOn() throws {
    let file = directory.appendingPathComponent("screen.json")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    let broken = "{\"root\": {\"id\": \"root\", "
    let fixed = layout(left: 60)
    let run = watch(file, drawings: 4) { pause in
      switch pause {
      case 1: try? broken.write(to: file, atomically: true, encoding: .utf8)
      case 2: try? FileManager.default.removeItem(at: file)  // an editor's save in two steps
      case 3: try? fixed.write(to: file, atomically: true, encoding: .utf8)
      default: break
      }
    }
    let writes = run.recorder.writes
    XCTAssertEqual(writes.count, 4)
    XCTAssertTrue(writes[1].stderr.contains("screen.json:1:"), writes[1].stderr)  // located
    XCTAssertTrue(writes[1].stderr.contains("Error: '\(file.path)' has errors; nothing was solved."))
    XCTAssertTrue(writes[2].stderr.contains("Error:"), writes[2].stderr)  // the file is gone
    // After each failure the status says watching goes on; after the fixed save it says nothing more.
    let still = "Still watching \(file.path): fix the error above and save to solve again; press Ctrl-C to stop.\n"
    XCTAssertTrue(writes[1].stderr.hasSuffix(still), writes[1].stderr)
    XCTAssertTrue(writes[2].stderr.hasSuffix(still), writes[2].stderr)
    XCTAssertFalse(writes[3].stderr.contains("atching"), writes[3].stderr)
    XCTAssertTrue(writes[3].stdout.contains("box  view  60  40"), writes[3].stdout)
    // The status is the last drawing's.
    XCTAssertEqual(run.status, 0)
  }

  func testOnATerminalEachRedrawClearsTheScreen() throws {
    let file = directory.appendingPathComponent("screen.json")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    let text = layout(left: 40)
    let run = watch(file, drawings: 2, terminalColumns: 80) { _ in
      try? text.write(to: file, atomically: true, encoding: .utf8)
    }
    XCTAssertFalse(run.recorder.writes[0].stdout.contains("\u{1B}"))
    XCTAssertTrue(run.recorder.writes[1].stdout.hasPrefix("\u{1B}[H\u{1B}[2J"))
  }

  func testIntervalNeedsWatchAndASensibleValue() {
    XCTAssertEqual(
      realTrellis(["solve", "x.json", "--interval", "1"]).stderr.components(separatedBy: "\n").first,
      "Error: --interval is only used with --watch.")
    for value in ["0.01", "61", "-1", "soon"] {
      let run = realTrellis(["solve", "x.json", "--watch", "--interval", value])
      XCTAssertEqual(run.status, 64, value)
      XCTAssertTrue(run.stderr.contains("'--interval <seconds>'"), run.stderr)
    }
  }
}

extension WatchTests {
  func testAnOutputThatCannotBeWrittenStopsWatching() throws {
    let file = directory.appendingPathComponent("screen.json")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    // The output is the layout itself: refused, and refusing again on every change would help nobody.
    let run = watch(file, drawings: 3, extra: ["--output", file.path]) { _ in XCTFail("watched after a fatal error") }
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stderr.hasPrefix("Error: "), run.stderr)
    XCTAssertEqual(run.recorder.pauses, 0)
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), layout(left: 20))
  }

  func testWithOutputTheFileIsRewrittenOnEachChange() throws {
    let file = directory.appendingPathComponent("screen.json")
    let picture = directory.appendingPathComponent("screen.txt")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    let text = layout(left: 70)
    let run = watch(file, drawings: 2, extra: ["--output", picture.path]) { _ in
      XCTAssertTrue((try? String(contentsOf: picture, encoding: .utf8))?.contains("box  view  20  40") ?? false)
      try? text.write(to: file, atomically: true, encoding: .utf8)
    }
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(try String(contentsOf: picture, encoding: .utf8).contains("box  view  70  40"))
  }
}

/// `--watch` on a small terminal: the drawing keeps its top and the status line stays on the
/// screen. The expected lines are counted by hand from ``WatchScreen``'s rule: a terminal of R
/// rows shows R - 1 lines (the cursor's row after the last newline stays free), one of them the
/// status line.
extension WatchTests {
  func numbered(_ prefix: String, _ count: Int) -> String {
    (1...count).map { "\(prefix)\($0)\n" }.joined()
  }

  func testADrawingTallerThanTheTerminalKeepsItsTop() {
    // 12 rows: 11 lines, 1 the status, 10 for the drawing: its rows 1–9 and the mark for the
    // other 31 of its 40.
    let screen = WatchScreen.compose(
      drawing: numbered("row ", 40), messages: "", status: "Watching a.json", rows: 12, columns: 80)
    XCTAssertEqual(
      screen.stdout, numbered("row ", 9) + "… 31 more rows (a taller terminal or a smaller --columns shows them)\n")
    XCTAssertEqual(screen.stderr, "Watching a.json\n")
  }

  func testWhatFitsIsUnchanged() {
    let screen = WatchScreen.compose(
      drawing: numbered("row ", 5), messages: "warning: w\n", status: "Watching a.json", rows: 8, columns: 80)
    // 5 + 1 + 1 = 7 = 8 - 1 lines.
    XCTAssertEqual(screen.stdout, numbered("row ", 5))
    XCTAssertEqual(screen.stderr, "warning: w\nWatching a.json\n")
    // Not on a terminal of known height: nothing is cut.
    let piped = WatchScreen.compose(
      drawing: numbered("row ", 50), messages: numbered("m", 50), status: "s", rows: nil, columns: 80)
    XCTAssertEqual(piped.stdout, numbered("row ", 50))
    XCTAssertEqual(piped.stderr, numbered("m", 50) + "s\n")
  }

  func testLongMessagesShareTheScreenWithTheDrawing() {
    // 24 rows: 22 below the status line. Both are too long, so the messages get a third, 7
    // rows (6 lines and their mark, 24 of 30 left out), and the drawing the other 15 (14 rows
    // and its mark, 26 of 40 left out).
    let screen = WatchScreen.compose(
      drawing: numbered("row ", 40), messages: numbered("error ", 30), status: "Still watching", rows: 24, columns: 80)
    XCTAssertEqual(
      screen.stdout, numbered("row ", 14) + "… 26 more rows (a taller terminal or a smaller --columns shows them)\n")
    XCTAssertEqual(screen.stderr, numbered("error ", 6) + "… 24 more lines of messages\nStill watching\n")
    // A short drawing leaves the messages the rest: 22 - 3 = 19 rows, 18 lines and the mark.
    let short = WatchScreen.compose(
      drawing: numbered("row ", 3), messages: numbered("error ", 30), status: "Still watching", rows: 24, columns: 80)
    XCTAssertEqual(short.stdout, numbered("row ", 3))
    XCTAssertEqual(short.stderr, numbered("error ", 18) + "… 12 more lines of messages\nStill watching\n")
  }

  func testAWideLineCountsForTheRowsItWrapsTo() {
    // 10 columns, 8 rows: 6 rows for the drawing, one of them the mark (cut to the 10 columns).
    // The first line (25 characters) wraps to 3 rows, r1 and r2 take one each: 5 rows, and
    // the other 7 of the 10 lines are left out.
    let wide = String(repeating: "x", count: 25) + "\n" + numbered("r", 9)
    let screen = WatchScreen.compose(drawing: wide, messages: "", status: "s", rows: 8, columns: 10)
    XCTAssertEqual(screen.stdout, String(repeating: "x", count: 25) + "\nr1\nr2\n… 7 more r\n")
    XCTAssertEqual(WatchScreen.height([String(repeating: "x", count: 25)], 10), 3)
    XCTAssertEqual(WatchScreen.height(["", "x", String(repeating: "x", count: 10)], 10), 3)
    // A terminal whose width is unknown: every line one row.
    let unknown = WatchScreen.compose(drawing: wide, messages: "", status: "s", rows: 8, columns: nil)
    XCTAssertEqual(
      unknown.stdout,
      String(repeating: "x", count: 25) + "\n" + numbered("r", 4)
        + "… 5 more rows (a taller terminal or a smaller --columns shows them)\n")
  }

  func testOnASmallTerminalTheDiagramsTopAndTheStatusLineStayVisible() throws {
    // The diagram of an iPhone 8 40 columns wide is far taller than 12 rows; then a broken
    // save, whose diagnostics and the status line must still show.
    let file = directory.appendingPathComponent("screen.json")
    try layout(left: 20).write(to: file, atomically: true, encoding: .utf8)
    let broken = "{\"root\": {\"id\": \"root\", "
    let run = watch(file, drawings: 2, terminalColumns: 40, terminalRows: 12, format: "ascii") { _ in
      try? broken.write(to: file, atomically: true, encoding: .utf8)
    }
    let writes = run.recorder.writes
    XCTAssertEqual(writes.count, 2)
    // 12 rows, the last one free: the header (70 characters, 2 rows), the diagram's first rows
    // (40 each, 1 row), the mark, and the status line (3 rows with the temporary path).
    let first = (writes[0].stdout + writes[0].stderr).components(separatedBy: "\n").dropLast()
    XCTAssertLessThanOrEqual(WatchScreen.height(Array(first), 40), 11, writes[0].stdout)
    XCTAssertTrue(writes[0].stdout.hasPrefix("iPhone 8 portrait (375x667, wC hR)"), writes[0].stdout)
    XCTAssertTrue(first[1].hasPrefix("┌────"), writes[0].stdout)
    XCTAssertTrue(writes[0].stdout.contains("more rows"), writes[0].stdout)
    XCTAssertTrue(writes[0].stderr.hasSuffix("Watching \(file.path) for changes; press Ctrl-C to stop.\n"))
    // The broken file: the screen is cleared, the diagnostics start the messages, and the status
    // line says watching goes on, all within the 11 lines.
    XCTAssertEqual(writes[1].stdout, "\u{1B}[H\u{1B}[2J")
    XCTAssertTrue(writes[1].stderr.hasPrefix("\(file.path):1:"), writes[1].stderr)
    XCTAssertTrue(
      writes[1].stderr.hasSuffix(
        "Still watching \(file.path): fix the error above and save to solve again; press Ctrl-C to stop.\n"),
      writes[1].stderr)
    XCTAssertLessThanOrEqual(
      WatchScreen.height(Array(writes[1].stderr.components(separatedBy: "\n").dropLast()), 40), 11)
  }
}
