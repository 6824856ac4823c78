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

extension CommandContext {
  /// Runs `draw` once, then again each time one of `paths` changes, polling every `interval`
  /// seconds, until interrupted (or until the hooks stop it). Each drawing is written as soon as it
  /// is made; on a terminal the screen is cleared first, elsewhere a line separates drawings. A
  /// runtime error in one drawing (the file is mid-save, or has errors) is shown and watching goes on.
  mutating func watch(
    _ paths: [String], interval: Double, hooks: WatchHooks, draw: (inout CommandContext) throws -> Int32
  ) throws -> Int32 {
    var redraws = 0
    var status: Int32 = 0
    var seen = WatchedFile(paths)
    let names = paths.map { RawPath.display($0) }.joined(separator: ", ")
    while true {
      if redraws > 0 {
        stdout += terminalColumns != nil ? "\u{1B}[H\u{1B}[2J" : "\n── \(names) changed; solved again ──\n\n"
      }
      do {
        status = try draw(&self)
      } catch let stop as WatchStop {
        hooks.write(stdout, stderr)
        throw stop.error
      } catch let error as RuntimeError {
        stderr += "Error: \(error.message)\n"
        status = 1
      }
      redraws += 1
      if redraws == 1 { stderr += "Watching \(names) for changes; press Ctrl-C to stop.\n" }
      hooks.write(stdout, stderr)
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
