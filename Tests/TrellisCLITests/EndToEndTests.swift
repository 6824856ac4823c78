import Foundation
import TrellisSupport
import TrellisTestSupport
import XCTest

/// The built `trellis` executable run as a process: exit statuses, streams, real files.
final class EndToEndTests: XCTestCase {
  /// `trellis` sits in the build directory next to the test bundle (`swift test` builds it too).
  static func executable() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("trellis")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    if let argument = CommandLine.arguments.first {
      let candidate = URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("trellis")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw XCTSkip("the trellis executable was not built next to the tests (run `swift build` first)")
  }

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["COLUMNS"] = nil
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting so a full pipe cannot block the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  func testVersion() throws {
    let outcome = try Self.run(["--version"])
    XCTAssertEqual(outcome.status, 0)
    XCTAssertEqual(outcome.stdout, "trellis 0.1.0\n")
    XCTAssertEqual(outcome.stderr, "")
  }

  func testDevicesJSONFromTheBinary() throws {
    let outcome = try Self.run(["devices", "--format", "json"])
    XCTAssertEqual(outcome.status, 0)
    let table = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    let devices = try XCTUnwrap(table["devices"] as? [[String: Any]])
    XCTAssertEqual(devices.count, 46)
    XCTAssertEqual(devices.first?["name"] as? String, "iPhone SE (1st gen)")
  }

  func testUsageErrorExits64OnStderr() throws {
    let outcome = try Self.run(["solve"])
    XCTAssertEqual(outcome.status, 64)
    XCTAssertEqual(outcome.stdout, "")
    XCTAssertTrue(outcome.stderr.hasPrefix("Error: Missing expected argument '<file>'.\nUsage: trellis solve <file> "))
    XCTAssertTrue(outcome.stderr.hasSuffix("See 'trellis solve --help'.\n"))
  }

  /// The real pipeline in the binary: Concentration in an iPhone 8 in landscape. card21 opens the
  /// extra column: x = 8 + 4 × 112.2 + 3 × 8 + 8 = 488.8 (see RealLayoutTests for the arithmetic).
  func testSolvesTheConcentrationExample() throws {
    let url = FixturePaths.layouts.appendingPathComponent("concentration.json")
    let file = try XCTUnwrap(FixturePaths.require(url)).path
    let outcome = try Self.run([
      "solve", file, "--device", "iphone 8", "--orientation", "landscape", "--format", "table",
    ])
    XCTAssertEqual(outcome.status, 0, outcome.stderr)
    let row = outcome.stdout.split(separator: "\n").first { $0.split(separator: " ").first == "card21" }
    XCTAssertEqual(
      row?.split(separator: " ").map(String.init), ["card21", "button", "488.8", "8", "112.2", "83.75", "no"])
  }

  func testMissingFileExits1() throws {
    let outcome = try Self.run(["solve", "/nonexistent/layout.json"])
    XCTAssertEqual(outcome.status, 1)
    XCTAssertEqual(outcome.stdout, "")
    XCTAssertTrue(outcome.stderr.contains("/nonexistent/layout.json"))
  }
}
