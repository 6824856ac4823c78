import Foundation
import TrellisLog
import TrellisModel
import XCTest

/// Every real log of Tests/Fixtures/logs reads without a diagnostic, into the number of blocks
/// the manifest gives, with the first block's list as long as `listed` and its breaking line
/// matched to the entry at `broken_index` (1-based). The manifest was written by hand from each
/// source, not from this reader's output.
final class LogCorpusTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/logs")

  struct Row {
    var file: String
    var blocks: Int
    var listed: Int
    var brokenIndex: Int
    var half: String
  }

  static func manifest() throws -> [Row] {
    let text = try String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    var rows: [Row] = []
    for line in text.split(separator: "\n").dropFirst() where !line.isEmpty {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 8, let blocks = Int(fields[3]), let listed = Int(fields[4]), let broken = Int(fields[5])
      else {
        XCTFail("manifest row not understood: \(line)")
        continue
      }
      rows.append(Row(file: fields[0], blocks: blocks, listed: listed, brokenIndex: broken, half: fields[7]))
    }
    return rows
  }

  func testEveryFixtureReadsAsTheManifestSays() throws {
    let rows = try Self.manifest()
    XCTAssertGreaterThanOrEqual(rows.count, 40, "the corpus should hold at least 40 logs")
    var read = 0
    for row in rows {
      let url = Self.folder.appendingPathComponent(row.file)
      let text = try String(contentsOf: url, encoding: .utf8)
      let log = ConflictLogReader.read(text: text, file: row.file)
      XCTAssertEqual(log.diagnostics.map(\.description), [], row.file)
      XCTAssertEqual(log.blocks.count, row.blocks, "\(row.file): blocks")
      guard let block = log.blocks.first else { continue }
      XCTAssertEqual(block.listedCount, row.listed, "\(row.file): listed")
      XCTAssertEqual(block.constraints.count, row.listed, "\(row.file): read")
      XCTAssertEqual(block.broken.map { $0 + 1 }, row.brokenIndex, "\(row.file): broken_index")
      XCTAssertTrue(block.isComplete, row.file)
      // Every block of the file reads whole, and its breaking line is in its list.
      for (index, other) in log.blocks.enumerated() {
        XCTAssertTrue(other.isComplete, "\(row.file): block \(index + 1)")
        XCTAssertFalse(other.brokenIsNotInList, "\(row.file): block \(index + 1)")
        XCTAssertNotNil(other.broken, "\(row.file): block \(index + 1) has no breaking line")
      }
      read += 1
    }
    XCTAssertEqual(read, rows.count)
  }
}
