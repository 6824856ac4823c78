import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Every layout file the repository has, read → written → read, gives the same document and
/// the same frames.
final class RoundTripTests: XCTestCase {
  /// Two environments that differ on both size-class axes (wC hR and wR hC), so variations
  /// for either axis are exercised.
  static let environments: [Environment] = ["iPhone 8", "iPhone 8 Plus"].enumerated().compactMap { index, name in
    DeviceTable.device(named: name)?.environment(orientation: index == 0 ? .portrait : .landscape)
  }

  /// The layout files: the corpus (recursively), the examples, the reader's valid fixtures,
  /// the fidelity screens and the layout fuzzer's seed corpus (whose files have no extension).
  static func layoutFiles() -> [URL] {
    let roots = [
      FixturePaths.layoutCorpus, FixturePaths.layouts,
      FixturePaths.url("Tests/Fixtures/reader/valid"),
      FixturePaths.url("Tests/Fixtures/fidelity"), FixturePaths.url("Fuzz/corpus/layout"),
    ]
    var found: [URL] = []
    for root in roots {
      let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
      while let url = enumerator?.nextObject() as? URL {
        let name = url.lastPathComponent
        // Expected frames beside the corpus and fidelity layouts are not layouts.
        if name.hasSuffix(".frames.json") || name.hasSuffix(".expected.json") || name.hasSuffix(".md") { continue }
        if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(url) }
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  func testEnvironments() {
    XCTAssertEqual(Self.environments.map(\.traits.description), ["wC hR", "wR hC"])
  }

  func testEveryLayoutFileRoundTrips() throws {
    let files = Self.layoutFiles()
    // 46 in the corpus, 7 examples, 5 reader fixtures, 9 fidelity screens, 27 fuzzer seeds (85 of
    // them read without errors): a broken enumeration must not pass by testing nothing.
    XCTAssertGreaterThanOrEqual(files.count, 94)
    var tested = 0
    for url in files {
      let name = url.path.replacingOccurrences(of: FixturePaths.repositoryRoot.path + "/", with: "")
      let first = LayoutReader.read(contentsOf: url.path)
      guard let document = first.document, !first.hasErrors else { continue }
      tested += 1
      assertRoundTrip(document, name)
    }
    XCTAssertGreaterThanOrEqual(tested, 85)
  }

  /// Writes `document`, reads the text back and checks: no diagnostics at all, every property
  /// equal, the text a fixed point of writing, and the same frames in both environments.
  func assertRoundTrip(_ document: LayoutDocument, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let text = LayoutWriter.json(document)
    let again = LayoutReader.parse(text, file: "written.json")
    XCTAssertEqual(
      again.diagnostics.map { "\($0)" }, [], "\(name): the written file reads without warnings\n\(text)", file: file,
      line: line)
    guard let reread = again.document else {
      XCTFail("\(name): the written file did not read", file: file, line: line)
      return
    }
    // An id a file cannot hold is renamed: to a valid, different one (renaming has its own test).
    let differences = DocumentComparison.differences(document, reread, sameID: DocumentComparison.writtenIDAgrees)
    XCTAssertEqual(differences, [], "\(name): read → write → read", file: file, line: line)
    XCTAssertEqual(LayoutWriter.json(reread), text, "\(name): writing the re-read document", file: file, line: line)

    for environment in Self.environments {
      let before = LayoutEngine(document: document).layout(in: environment)
      let after = LayoutEngine(document: reread).layout(in: environment)
      XCTAssertEqual(after.views, before.views, "\(name) in \(environment): frames", file: file, line: line)
      XCTAssertEqual(
        after.scrollViews, before.scrollViews, "\(name) in \(environment): scroll views", file: file, line: line)
      XCTAssertEqual(
        after.hasConflicts, before.hasConflicts, "\(name) in \(environment): conflicts", file: file, line: line)
    }
  }

  /// The comparison knows every stored property of the model (see ``DocumentComparison``).
  func testComparisonCoversEveryProperty() {
    let view = ViewNode(id: "s", kind: .scroll, stack: StackProperties())
    let spec = ConstraintSpec(id: "c", first: AnchorReference(item: "a", attribute: .top), relation: .equal, source: "")
    let samples: [(String, Any)] = [
      ("LayoutDocument", LayoutDocument(file: "f", root: view, constraints: [])), ("ViewNode", view),
      ("StackProperties", StackProperties()), ("ScrollProperties", ScrollProperties()), ("ConstraintSpec", spec),
    ]
    for (type, sample) in samples {
      let expected = (DocumentComparison.covered[type] ?? []).union(DocumentComparison.ignored)
      let stored = DocumentComparison.storedProperties(of: sample)
      XCTAssertEqual(stored.subtracting(expected), [], "\(type) has properties the comparison does not cover")
    }
  }

  /// The comparison is not blind: it reports a changed value in a variation, a child, a constraint.
  func testComparisonFindsDifferences() {
    let document = Layout {
      View("a", hidden: Varying(false, ["hC": true]))
    } constraints: {
      "a.top == root.top + 8"
    }
    var changed = document
    changed.root.children[0].hidden = Varying(false, ["hC": false])
    changed.constraints[0].constant = Varying(9)
    XCTAssertEqual(
      DocumentComparison.differences(document, changed),
      [
        "root.children[0](a).hidden: {any: false, hC: true} ≠ {any: false, hC: false}",
        "constraints[0](constraint#1).constant: 8.0 ≠ 9.0",
      ])
  }
}
