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
    _ file: URL, drawings: Int, extra: [String] = [], terminalColumns: Int? = nil,
    edit: @escaping @Sendable (Int) -> Void
  ) -> (status: Int32, recorder: Recorder, stdout: String, stderr: String) {
    let recorder = Recorder()
    var tool = CommandLineTool(pipeline: .standard, variables: [:])
    tool.terminalColumns = terminalColumns
    tool.watchHooks = WatchHooks(
      write: { recorder.write($0, $1) },
      pause: { _ in edit(recorder.pause()) },
      keepWatching: { $0 < drawings })
    var out = ""
    var err = ""
    let status = tool.run(
      arguments: ["solve", file.path, "--watch", "--format", "table", "--device", "iPhone 8"] + extra, stdout: &out,
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
