import Foundation
import XCTest

/// Where the repository's files are, found from this file's path (`#filePath`), so tests read
/// them in place instead of as bundle resources.
public enum FixturePaths {
  /// The repository root: three levels above `Tests/TrellisTestSupport/FixturePaths.swift`.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Layouts/`: the example layouts.
  public static let layouts = repositoryRoot.appendingPathComponent("Layouts")

  /// `Tests/Fixtures/`: fixture files shared by the test targets (outside every target folder).
  public static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")

  /// `Tests/Fixtures/snapshots/`: text snapshots (`Snapshot.assertMatches(…, in: FixturePaths.snapshots)`),
  /// shared because the renderer's tests and the command's tests compare with the same pictures.
  public static let snapshots = fixtures.appendingPathComponent("snapshots")

  /// `Tests/Fixtures/layouts/`: the layout corpus (`<area>/<name>.json` with `<name>.frames.json`).
  public static let layoutCorpus = fixtures.appendingPathComponent("layouts")

  /// A path relative to the repository root (`Tests/Fixtures/snapshots`).
  public static func url(_ relativePath: String) -> URL {
    repositoryRoot.appendingPathComponent(relativePath)
  }

  /// The file at `url`, or `nil` after an `XCTFail` naming the path: a file the repository
  /// should have is never skipped silently.
  public static func require(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> URL? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      XCTFail("Missing file the repository should have: \(url.path)", file: file, line: line)
      return nil
    }
    return url
  }

  /// The contents of `url` as UTF-8, or `nil` after an `XCTFail` naming the path.
  public static func contents(of url: URL, file: StaticString = #filePath, line: UInt = #line) -> String? {
    guard require(url, file: file, line: line) != nil else { return nil }
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      XCTFail("Could not read \(url.path): \(error)", file: file, line: line)
      return nil
    }
  }

  /// The files directly in `directory` whose names end with `suffix`, sorted by name; an
  /// `XCTFail` naming the folder when it is missing or holds none.
  public static func files(
    in directory: URL, endingWith suffix: String, file: StaticString = #filePath, line: UInt = #line
  ) -> [URL] {
    guard require(directory, file: file, line: line) != nil else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let found = names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    if found.isEmpty { XCTFail("No *\(suffix) files in \(directory.path)", file: file, line: line) }
    return found
  }
}
