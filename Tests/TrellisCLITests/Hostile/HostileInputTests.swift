import Foundation
import Glibc
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport
import XCTest

/// Hostile input files: nothing blocks, every refusal is one clear sentence, and a file name
/// that is not UTF-8 opens as given.
///
/// | input                                      | outcome                                                  |
/// |--------------------------------------------|----------------------------------------------------------|
/// | a FIFO (binary, 5 s limit)                 | exit 1 at once: "is a named pipe (FIFO); trellis reads only regular files" |
/// | a directory                                | exit 1: "is a directory; give a layout file (.json)"     |
/// | /dev/null                                  | exit 1: "is a character device"                          |
/// | a socket                                   | exit 1: "is a socket"                                    |
/// | a dangling symlink                         | exit 1: "a symbolic link to a file that does not exist"  |
/// | `caf\xE9.json` (Latin-1 name, binary)      | solved                                                   |
final class HostileInputTests: XCTestCase {
  private func assertRefused(
    _ path: String, _ message: String, command: String = "solve", file: StaticString = #filePath, line: UInt = #line
  ) {
    let run = hostileTrellis([command, path] + (command == "rotate" ? ["--device", "iPhone 8"] : []))
    XCTAssertEqual(run.status, 1, file: file, line: line)
    XCTAssertTrue(run.stderr.hasPrefix("error: \(message) [unreadable-file]\n"), run.stderr, file: file, line: line)
    XCTAssertFalse(run.stderr.contains("NSCocoaErrorDomain"), run.stderr, file: file, line: line)
  }

  /// Run as a process with a time limit: an open(2) that blocks waits forever for a writer.
  func testAFIFOIsRefusedWithoutBlocking() throws {
    let scratch = try HostileScratch()
    let fifo = scratch.fifo("layout.json")
    let before = HostileNode(fifo)
    for command in ["solve", "validate", "matrix"] {
      let run = try hostileBinary([command, fifo], timeout: 5)
      XCTAssertFalse(run.timedOut, "\(command) blocked on a FIFO")
      XCTAssertEqual(run.status, 1, command)
      // validate reports on standard output, solve and matrix on standard error.
      XCTAssertTrue(
        (run.stdout + run.stderr).contains("'\(fifo)' is a named pipe (FIFO); trellis reads only regular files"),
        run.stdout + run.stderr)
    }
    XCTAssertEqual(HostileNode(fifo), before)
  }

  /// The other front ends open their files the same way: a storyboard or a log that is a FIFO
  /// is refused, not waited on.
  func testAFIFOStoryboardOrLogIsRefusedWithoutBlocking() throws {
    let scratch = try HostileScratch()
    for (name, arguments) in [("scene.storyboard", ["import"]), ("scene.xib", ["solve"]), ("console.log", ["log"])] {
      let fifo = scratch.fifo(name)
      let run = try hostileBinary(arguments + [fifo], timeout: 5)
      XCTAssertFalse(run.timedOut, "\(arguments) blocked on a FIFO")
      XCTAssertEqual(run.status, 1, "\(arguments)")
      XCTAssertTrue(
        (run.stdout + run.stderr).contains("'\(fifo)' is a named pipe (FIFO); trellis reads only regular files"),
        run.stdout + run.stderr)
    }
  }

  func testADirectoryIsRefused() throws {
    let scratch = try HostileScratch()
    try FileManager.default.createDirectory(atPath: scratch.at("dir.json"), withIntermediateDirectories: false)
    assertRefused(scratch.at("dir.json"), "'\(scratch.at("dir.json"))' is a directory; give a layout file (.json)")
    assertRefused(
      scratch.at("dir.json"), "'\(scratch.at("dir.json"))' is a directory; give a layout file (.json)",
      command: "rotate")
  }

  func testADeviceIsRefused() {
    assertRefused("/dev/null", "'/dev/null' is a character device; trellis reads only regular files")
    assertRefused("/dev/zero", "'/dev/zero' is a character device; trellis reads only regular files")
  }

  func testASocketIsRefused() throws {
    let scratch = try HostileScratch()
    let path = scratch.at("s.sock")
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    try XCTSkipIf(bound != 0 || path.utf8.count >= 108, "cannot bind a socket at \(path)")
    assertRefused(path, "'\(path)' is a socket; trellis reads only regular files")
  }

  func testADanglingSymlinkSaysSo() throws {
    let scratch = try HostileScratch()
    let link = scratch.symlink("gone.json", to: "nothing-here.json")
    assertRefused(link, "cannot read '\(link)': it is a symbolic link to a file that does not exist")
    assertRefused(scratch.at("missing.json"), "cannot read '\(scratch.at("missing.json"))': no such file")
  }

  func testAnIOErrorGivesTheSystemsText() {
    // A read error: the reader's sentence carries strerror's text, not a Foundation code.
    XCTAssertEqual(InputFile.reason(EIO), "input/output error")
  }

  func testALatin1FileNameOpensAsGiven() throws {
    let scratch = try HostileScratch()
    let layout = try Data(contentsOf: URL(fileURLWithPath: RealLayoutTests.concentration))
    // `caf\xE9.json`: created byte-exact with open(2); Foundation would re-encode the name.
    let name: [UInt8] = Array("\(scratch.path)/caf".utf8) + [0xE9] + Array(".json".utf8)
    let fd = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
    XCTAssertGreaterThanOrEqual(fd, 0)
    _ = layout.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)

    // In the library: the escaped String reaches open(2) byte-exact.
    let path = RawPath.string(name)
    XCTAssertEqual(RawPath.bytes(path), name)
    XCTAssertEqual(RawPath.display(path), "\(scratch.path)/caf\\xE9.json")
    let read = LayoutReader.read(contentsOf: path)
    XCTAssertNotNil(read.document, "\(read.diagnostics)")

    // Through the binary's argv: the shell passes the raw byte (printf '\351'); a lossy
    // decoding of argv would report the file missing.
    let run = try hostileBinary(
      ["-c", "exec \"$0\" solve \"$(printf 'caf\\351.json')\" --format table", EndToEndTests.executable().path],
      executable: "/bin/sh", directory: scratch.path, timeout: 20)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix("id "), run.stdout)

    let missing = try hostileBinary(
      ["-c", "exec \"$0\" solve \"$(printf 'caf\\351-missing.json')\"", EndToEndTests.executable().path],
      executable: "/bin/sh", directory: scratch.path, timeout: 20)
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(
      missing.stderr.hasPrefix("error: cannot read 'caf\\xE9-missing.json': no such file [unreadable-file]\n"),
      missing.stderr)
  }
}
