import Foundation
import Glibc
import TrellisCLI
import XCTest

/// Hostile `--output` targets: each case, what `trellis` must do, and proof that nothing else
/// was touched (content, permissions, inode, file type).
///
/// | target                                   | outcome                                                   |
/// |------------------------------------------|-----------------------------------------------------------|
/// | the input file (same path, `./`, hard link, symlink) | exit 1 "it is the input file"; input untouched |
/// | a 0444 file (we run as root)             | exit 1 "it is read-only (mode 0444)"; untouched           |
/// | a 0600 / 0640 file                       | written; mode kept                                        |
/// | a symlink to a file                      | the target written (mode kept); the link stays a link     |
/// | a dangling symlink into a missing dir    | exit 1 naming the link target and the directory           |
/// | a dangling symlink into an existing dir  | its target created; the link stays                         |
/// | a FIFO with no reader (binary, 5 s limit)| exit 1 at once, "no reader"; still a FIFO                  |
/// | a FIFO with a reader                     | written through; still a FIFO                              |
/// | /dev/null                                | written through; still the same character device          |
/// | /dev/stdout                              | the text on standard output                                |
/// | a directory                              | exit 1 "it is a directory"                                 |
/// | stale `.<name>.trellis-tmp-<dead pid>`   | deleted; others' and live processes' temp files kept       |
final class HostileOutputTests: XCTestCase {
  private func table(_ input: String) -> String {
    let run = hostileTrellis(["solve", input, "--format", "table"])
    XCTAssertEqual(run.status, 0, run.stderr)
    return run.stdout
  }

  private func assertNoFoundationText(_ run: HostileRun, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(run.stderr.contains("NSCocoaErrorDomain"), run.stderr, file: file, line: line)
    XCTAssertFalse(run.stderr.contains("error 512"), run.stderr, file: file, line: line)
  }

  func testTheInputFileIsNeverTheOutput() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout("a.json")
    XCTAssertEqual(link(input, scratch.at("hard.json")), 0)
    scratch.symlink("soft.json", to: "a.json")
    let before = HostileNode(input)
    for (command, output) in [
      ("solve", input), ("solve", scratch.path + "/./a.json"), ("solve", scratch.at("hard.json")),
      ("solve", scratch.at("soft.json")), ("matrix", input), ("matrix", scratch.at("hard.json")),
    ] {
      let run = hostileTrellis([command, input, "--output", output])
      XCTAssertEqual(run.status, 1, "\(command) --output \(output)")
      XCTAssertEqual(
        run.stderr, "Error: Cannot write '\(output)': it is the input file '\(input)'; choose another --output path.\n")
      XCTAssertEqual(HostileNode(input), before, "\(command) --output \(output)")
      assertNoFoundationText(run)
    }
    XCTAssertNotNil(HostileNode(scratch.at("soft.json"))?.linkTarget)
  }

  func testAReadOnlyFileIsRefusedAndUntouched() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let target = try scratch.file("ro.txt", "keep me\n", mode: 0o444)
    let before = HostileNode(target)
    let run = hostileTrellis(["solve", input, "--output", target])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "Error: Cannot write '\(target)': it is read-only (mode 0444); make it writable (chmod u+w) or choose another "
        + "--output path.\n")
    XCTAssertEqual(HostileNode(target), before)
    XCTAssertEqual(HostileNode(target)?.permissions, 0o444)
  }

  func testAnExistingFileKeepsItsPermissions() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    for mode: mode_t in [0o600, 0o640, 0o755] {
      let target = try scratch.file("out-\(String(mode, radix: 8)).txt", "old\n", mode: mode)
      let run = hostileTrellis(["solve", input, "--format", "table", "--output", target])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(run.stdout, "")
      let after = try XCTUnwrap(HostileNode(target))
      XCTAssertEqual(after.permissions, mode, "mode \(String(mode, radix: 8))")
      XCTAssertEqual(after.type, S_IFREG)
      XCTAssertEqual(after.content.map { String(decoding: $0, as: UTF8.self) }, table(input))
    }
    // Nothing of ours is left beside the files.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter {
      $0.contains("trellis-tmp")
    }
    XCTAssertEqual(leftovers, [])
  }

  func testASymlinkIsFollowedAndStaysALink() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    try FileManager.default.createDirectory(atPath: scratch.at("real"), withIntermediateDirectories: false)
    let target = try scratch.file("real/out.txt", "old\n", mode: 0o600)
    let link = scratch.symlink("out-link", to: "real/out.txt")
    let linkBefore = HostileNode(link)
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", link])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(HostileNode(link), linkBefore, "the link itself is untouched")
    let written = try XCTUnwrap(HostileNode(target))
    XCTAssertEqual(written.content.map { String(decoding: $0, as: UTF8.self) }, table(input))
    XCTAssertEqual(written.permissions, 0o600)
  }

  func testADanglingSymlinkIntoAMissingDirectoryIsAClearError() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let link = scratch.symlink("dangling", to: "missing/out.txt")
    let before = HostileNode(link)
    let run = hostileTrellis(["solve", input, "--output", link])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "Error: Cannot write '\(link)': it is a symbolic link to '\(scratch.path)/missing/out.txt', and the directory "
        + "'\(scratch.path)/missing' does not exist; create it first or choose another --output path.\n")
    XCTAssertEqual(HostileNode(link), before)
    XCTAssertNil(HostileNode(scratch.at("missing")))
  }

  func testADanglingSymlinkIntoAnExistingDirectoryCreatesItsTarget() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let link = scratch.symlink("dangling", to: "new.txt")
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", link])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(HostileNode(link)?.linkTarget, "new.txt")
    XCTAssertEqual(
      HostileNode(scratch.at("new.txt"))?.content.map { String(decoding: $0, as: UTF8.self) }, table(input))
  }

  func testANewFileInAMissingDirectoryIsAClearError() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let target = scratch.at("nowhere/out.txt")
    let run = hostileTrellis(["solve", input, "--output", target])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "Error: Cannot write '\(target)': the directory '\(scratch.path)/nowhere' does not exist; create it first or "
        + "choose another --output path.\n")
    assertNoFoundationText(run)
  }

  func testADirectoryIsRefused() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    try FileManager.default.createDirectory(atPath: scratch.at("dir"), withIntermediateDirectories: false)
    let before = HostileNode(scratch.at("dir"))
    let run = hostileTrellis(["solve", input, "--output", scratch.at("dir")])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr, "Error: Cannot write '\(scratch.at("dir"))': it is a directory; give a file path for --output.\n")
    XCTAssertEqual(HostileNode(scratch.at("dir")), before)
  }

  /// Run as a process with a time limit: a blocking open would hang here without it.
  func testAFIFOWithNoReaderFailsAtOnce() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let fifo = scratch.fifo("pipe")
    let before = HostileNode(fifo)
    let run = try hostileBinary(["solve", input, "--output", fifo], timeout: 5)
    XCTAssertFalse(run.timedOut, "trellis blocked on a FIFO with no reader")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "Error: Cannot write '\(fifo)': it is a named pipe (FIFO) with no reader; start the reader first (trellis does "
        + "not wait for one).\n")
    XCTAssertEqual(HostileNode(fifo), before)
    XCTAssertEqual(HostileNode(fifo)?.type, S_IFIFO)
  }

  func testAFIFOWithAReaderIsWrittenThrough() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let fifo = scratch.fifo("pipe")
    let before = HostileNode(fifo)
    // The reader end opens at once with O_NONBLOCK; the table (a few KB) fits in the pipe's
    // buffer, so the write cannot block either.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", fifo])
    XCTAssertEqual(run.status, 0, run.stderr)
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(reader, &buffer, buffer.count)
    XCTAssertEqual(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self), table(input))
    XCTAssertEqual(HostileNode(fifo), before)
  }

  func testDevNullIsWrittenThroughAndStaysACharacterDevice() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let before = try XCTUnwrap(HostileNode("/dev/null"))
    XCTAssertEqual(before.type, S_IFCHR)
    let run = hostileTrellis(["solve", input, "--output", "/dev/null"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(HostileNode("/dev/null"), before)
  }

  func testDevStdoutIsStandardOutput() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", "/dev/stdout"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, table(input))
  }

  func testStaleTemporaryFilesOfAKilledRunAreRemoved() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let target = try scratch.file("out.txt", "old\n")
    // A pid no process has (Linux pids stay far below Int32.max), one that runs (ours), and a
    // temporary file of another target: only the first goes.
    let dead: Int32 = .max - 1
    XCTAssertEqual(kill(dead, 0), -1)
    let stale = try scratch.file(".out.txt.trellis-tmp-\(dead)", "half-written")
    let live = try scratch.file(".out.txt.trellis-tmp-\(getppid())", "someone else's run")
    let other = try scratch.file(".other.txt.trellis-tmp-\(dead)", "another target")
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", target])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertNil(HostileNode(stale), "the stale temporary file is removed")
    XCTAssertNotNil(HostileNode(live), "a running process's temporary file is kept")
    XCTAssertNotNil(HostileNode(other), "another target's temporary file is kept")
    XCTAssertEqual(HostileNode(target)?.content.map { String(decoding: $0, as: UTF8.self) }, table(input))
  }

  func testANewFileIsCreated() throws {
    let scratch = try HostileScratch()
    let input = try scratch.layout()
    let target = scratch.at("new.txt")
    let run = hostileTrellis(["solve", input, "--format", "table", "--output", target])
    XCTAssertEqual(run.status, 0, run.stderr)
    let created = try XCTUnwrap(HostileNode(target))
    XCTAssertEqual(created.type, S_IFREG)
    // 0666 less the umask, as a shell's `>` makes it.
    let mask = umask(0)
    umask(mask)
    XCTAssertEqual(created.permissions, 0o666 & ~mask)
  }
}
