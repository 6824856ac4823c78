import Foundation
import TrellisSupport
import XCTest

/// The one opener of every front end: regular files only, never more than one byte past the
/// limit, each refusal one sentence naming the path.
final class InputFileTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

  func testARegularFileIsReadWhole() throws {
    let file = directory.appendingPathComponent("a.log")
    try Data("hello\n".utf8).write(to: file)
    XCTAssertEqual(try InputFile.read(file.path, limit: 100).get(), Array("hello\n".utf8))
  }

  func testAFileOverTheLimitIsReadOneBytePastIt() throws {
    let file = directory.appendingPathComponent("big.log")
    try Data(repeating: 0x41, count: 10_000).write(to: file)
    // limit + 1 bytes are enough for the caller to know the file is too large.
    XCTAssertEqual(try InputFile.read(file.path, limit: 99).get().count, 100)
  }

  func testRefusalsNameThePathAndWhatToGive() {
    let missing = directory.appendingPathComponent("none.xib").path
    XCTAssertEqual(failure(missing), "cannot read '\(missing)': no such file")
    XCTAssertEqual(
      failure(directory.path, kind: "a .storyboard or .xib file"),
      "'\(directory.path)' is a directory; give a .storyboard or .xib file")
    let fifo = directory.appendingPathComponent("pipe.log").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(failure(fifo), "'\(fifo)' is a named pipe (FIFO); trellis reads only regular files")
  }

  func failure(_ path: String, kind: String = "a layout file (.json)") -> String? {
    guard case .failure(let failure) = InputFile.read(path, limit: 100, kind: kind) else { return nil }
    return failure.message
  }
}
