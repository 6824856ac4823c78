import Foundation
import Glibc
import TrellisCLI
import XCTest

/// A scratch directory for one hostile-file test, where the FIFOs, links, read-only files and
/// directories are made at test time (special files are never committed). Removed afterwards.
final class HostileScratch {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-hostile-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    // Make everything removable again (a test may leave a 0444 file or a 0555 directory).
    if let walker = FileManager.default.enumerator(atPath: path) {
      for case let name as String in walker {
        // chmod follows links: skip them, so nothing outside the scratch directory changes.
        var info = stat()
        if lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK { chmod(path + "/" + name, 0o755) }
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `name` inside the scratch directory.
  func at(_ name: String) -> String { path + "/" + name }

  /// A copy of Layouts/concentration.json named `name`.
  @discardableResult
  func layout(_ name: String = "a.json") throws -> String {
    let target = at(name)
    try FileManager.default.copyItem(atPath: RealLayoutTests.concentration, toPath: target)
    return target
  }

  @discardableResult
  func file(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
    let target = at(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(chmod(target, mode), 0)
    return target
  }

  @discardableResult
  func fifo(_ name: String) -> String {
    let target = at(name)
    XCTAssertEqual(mkfifo(target, 0o644), 0, "mkfifo \(target)")
    return target
  }

  @discardableResult
  func symlink(_ name: String, to destination: String) -> String {
    let target = at(name)
    XCTAssertEqual(Glibc.symlink(destination, target), 0, "symlink \(target)")
    return target
  }
}

/// What a file-system node is: compared before and after a run to prove it untouched.
struct HostileNode: Equatable, CustomStringConvertible {
  var type: mode_t
  var permissions: mode_t
  var device: UInt
  var inode: UInt
  var specialDevice: UInt
  var linkTarget: String?
  /// The content of a regular file (not followed through links).
  var content: Data?

  init?(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    type = info.st_mode & S_IFMT
    permissions = info.st_mode & 0o7777
    device = UInt(info.st_dev)
    inode = UInt(info.st_ino)
    specialDevice = UInt(info.st_rdev)
    linkTarget = type == S_IFLNK ? (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) : nil
    content = type == S_IFREG ? FileManager.default.contents(atPath: path) : nil
  }

  var description: String {
    "type \(String(type, radix: 8)) mode \(String(permissions, radix: 8)) inode \(inode) link \(linkTarget ?? "-") "
      + "\(content.map { "\($0.count) bytes" } ?? "")"
  }
}

struct HostileRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var timedOut = false
}

/// `trellis` in-process with the real pipeline.
func hostileTrellis(_ arguments: [String]) -> HostileRun {
  var out = ""
  var err = ""
  let status = CommandLineTool(pipeline: .standard, variables: [:]).run(
    arguments: arguments, stdout: &out, stderr: &err)
  return HostileRun(status: status, stdout: out, stderr: err)
}

/// The built binary as a process, killed after `timeout` seconds: for anything that could block
/// (FIFOs). Streams go to files, so a full pipe cannot block the child either.
func hostileBinary(
  _ arguments: [String], executable: String? = nil, directory: String? = nil, timeout: TimeInterval = 5
) throws -> HostileRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: try executable ?? EndToEndTests.executable().path)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-streams-\(UUID().uuidString)")
  let outPath = scratch.path + ".out"
  let errPath = scratch.path + ".err"
  _ = FileManager.default.createFile(atPath: outPath, contents: nil)
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  defer {
    try? FileManager.default.removeItem(atPath: outPath)
    try? FileManager.default.removeItem(atPath: errPath)
  }
  let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
  let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning, Date() < deadline { usleep(20_000) }
  var timedOut = false
  if process.isRunning {
    timedOut = true
    kill(process.processIdentifier, SIGKILL)
  }
  process.waitUntilExit()
  try out.close()
  try err.close()
  return HostileRun(
    status: process.terminationStatus,
    stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
    stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self), timedOut: timedOut
  )
}
