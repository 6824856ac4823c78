import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// How a command that runs until interrupted (`solve --watch`) writes and waits.
///
/// The defaults write straight to the process's streams and sleep between polls; tests replace
/// them to run a watch loop deterministically, with no timing.
package struct WatchHooks: Sendable {
  /// Writes what a redraw produced (standard output, standard error) as soon as it is produced.
  package var write: @Sendable (_ stdout: String, _ stderr: String) -> Void
  /// Waits between two looks at the watched file.
  package var pause: @Sendable (_ seconds: Double) -> Void
  /// Whether to keep watching after `redraws` drawings (the first one included); the real tool
  /// watches until it is interrupted.
  package var keepWatching: @Sendable (_ redraws: Int) -> Bool

  package init(
    write: @escaping @Sendable (String, String) -> Void = { stdout, stderr in
      var output = FileStream.standardOutput
      var error = FileStream.standardError
      output.write(stdout)
      error.write(stderr)
    },
    pause: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
    keepWatching: @escaping @Sendable (Int) -> Bool = { _ in true }
  ) {
    self.write = write
    self.pause = pause
    self.keepWatching = keepWatching
  }
}

/// What a watched file looks like now: its bytes, or why it cannot be read.
///
/// Comparing contents, not modification times, catches two saves within a file system's time
/// resolution and ignores a `touch` that changed nothing; an editor that saves by renaming a new
/// file over the old one is seen too, because the path is read afresh on every look.
struct WatchedFile: Equatable {
  enum State: Equatable {
    case contents(Data)
    case unreadable
  }
  var states: [State]

  /// Looks at `paths` now (a directory or a missing file counts as unreadable).
  init(_ paths: [String]) {
    states = paths.map { path in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        let data = FileManager.default.contents(atPath: path)
      else { return .unreadable }
      return .contents(data)
    }
  }
}

/// An error that ends watching: drawing again would fail the same way.
struct WatchStop: Error {
  var error: RuntimeError
  init(_ error: RuntimeError) { self.error = error }
}

/// What one drawing of `--watch` puts on a terminal: the drawing, the messages (diagnostics,
/// errors) and a status line that says watching goes on.
///
/// The screen is cleared before each drawing, so whatever scrolls off its top is lost: on a
/// terminal of known height the drawing keeps its top rows and the messages their first lines,
/// each cut with a line saying how many rows are left out, so that the status line stays on
/// the screen. A line wider than the terminal counts for the rows it wraps to.
package enum WatchScreen {
  /// The status line after a drawing; `failed` when the drawing failed (a broken file, one
  /// that cannot be read) and nothing new was drawn.
  package static func status(_ names: String, failed: Bool) -> String {
    failed
      ? "Still watching \(names): fix the error above and save to solve again; press Ctrl-C to stop."
      : "Watching \(names) for changes; press Ctrl-C to stop."
  }

  /// The drawing (for standard output) and the messages followed by the status line (for
  /// standard error), each ending in a newline, fitted to `rows` × `columns` when given.
  ///
  /// The last row stays empty: the newline after the status line moves the cursor there, and on
  /// the bottom row it would scroll the drawing's first row away. When both do not fit, the
  /// messages take a third of the rows (at least 2), or all that the drawing leaves.
  package static func compose(
    drawing: String, messages: String, status: String, rows: Int?, columns: Int?
  ) -> (stdout: String, stderr: String) {
    let drawingLines = lines(drawing)
    let messageLines = lines(messages)
    let statusLines = lines(status)
    guard let rows else { return (joined(drawingLines), joined(messageLines + statusLines)) }
    let width = max(columns ?? Int.max, 1)
    let room = max(rows - 1 - height(statusLines, width), 0)
    let drawingHeight = height(drawingLines, width)
    let messageHeight = height(messageLines, width)
    if drawingHeight + messageHeight <= room {
      return (joined(drawingLines), joined(messageLines + statusLines))
    }
    let messageRoom = min(max(min(messageHeight, max(2, room / 3)), room - drawingHeight), room)
    let shownMessages = fit(messageLines, rows: messageRoom, width: width) { "… \($0) more lines of messages" }
    let drawingRoom = room - height(shownMessages, width)
    let shownDrawing = fit(drawingLines, rows: drawingRoom, width: width) {
      "… \($0) more rows (a taller terminal or a smaller --columns shows them)"
    }
    return (joined(shownDrawing), joined(shownMessages + statusLines))
  }

  /// The first lines of `lines` that fit in `rows`, and a last line from `mark` giving how many
  /// lines were left out (cut to one row); all of `lines` when they fit, none when `rows` is 0.
  package static func fit(_ lines: [String], rows: Int, width: Int, mark: (Int) -> String) -> [String] {
    guard height(lines, width) > rows else { return lines }
    guard rows > 0 else { return [] }
    var kept: [String] = []
    var used = 0
    // One row is kept free for the mark.
    for line in lines {
      let next = used + height([line], width)
      if next > rows - 1 { break }
      kept.append(line)
      used = next
    }
    return kept + [String(mark(lines.count - kept.count).prefix(width))]
  }

  /// The rows `lines` take on a terminal `width` columns wide.
  package static func height(_ lines: [String], _ width: Int) -> Int {
    lines.reduce(0) { total, line in
      let cells = line.count
      return total + (cells <= width ? 1 : (cells - 1) / width + 1)
    }
  }

  private static func lines(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var parts = text.components(separatedBy: "\n")
    if parts.last == "" { parts.removeLast() }
    return parts
  }

  private static func joined(_ lines: [String]) -> String {
    lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}

extension CommandContext {
  /// Runs `draw` once, then again each time one of `paths` changes, polling every `interval`
  /// seconds, until interrupted (or until the hooks stop it). Each drawing is written as soon as it
  /// is made; on a terminal the screen is cleared first, the drawing fitted to the terminal's
  /// height (``WatchScreen``) and a status line ends every drawing; elsewhere a line separates
  /// drawings. A runtime error in one drawing (the file is mid-save, or has errors) is shown, with
  /// a status line saying watching goes on, and watching goes on.
  mutating func watch(
    _ paths: [String], interval: Double, hooks: WatchHooks, draw: (inout CommandContext) throws -> Int32
  ) throws -> Int32 {
    var redraws = 0
    var status: Int32 = 0
    var seen = WatchedFile(paths)
    let names = paths.map { RawPath.display($0) }.joined(separator: ", ")
    let onTerminal = terminalColumns != nil
    while true {
      var failed = false
      do {
        status = try draw(&self)
      } catch let stop as WatchStop {
        hooks.write((redraws > 0 && onTerminal ? "\u{1B}[H\u{1B}[2J" : "") + stdout, stderr)
        throw stop.error
      } catch let error as RuntimeError {
        stderr += "Error: \(error.message)\n"
        status = 1
        failed = true
      }
      let line = WatchScreen.status(names, failed: failed)
      if onTerminal {
        let screen = WatchScreen.compose(
          drawing: stdout, messages: stderr, status: line, rows: terminalRows, columns: terminalColumns)
        hooks.write((redraws > 0 ? "\u{1B}[H\u{1B}[2J" : "") + screen.stdout, screen.stderr)
      } else {
        // Piped output keeps everything; the status is said once, and again after each failure.
        let separator = redraws > 0 ? "\n── \(names) changed; solved again ──\n\n" : ""
        hooks.write(separator + stdout, stderr + (redraws == 0 || failed ? line + "\n" : ""))
      }
      redraws += 1
      stdout = ""
      stderr = ""
      guard hooks.keepWatching(redraws) else { return status }
      while true {
        hooks.pause(interval)
        let now = WatchedFile(paths)
        if now != seen {
          seen = now
          break
        }
      }
    }
  }
}
