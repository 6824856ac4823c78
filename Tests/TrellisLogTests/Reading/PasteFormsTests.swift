import TrellisLog
import TrellisModel
import XCTest

// What pastes do to a block, each written by hand (invented addresses): the reader takes the
// block back as the console printed it.
final class PasteFormsTests: XCTestCase {
  func testMarkdownEscapesBoldAndSourceComments() throws {
    let text = """
      // [LayoutConstraints] Unable to simultaneously satisfy constraints.
      // (
      //     "\\<NSLayoutConstraint:0x11 UIView:0x7a01.height == 10   (active)\\>",
      //     **"<NSLayoutConstraint:0x12 UIView:0x7a01.height == 20   (active)>"**
      // )
      // Will attempt to recover by breaking constraint
      // **<NSLayoutConstraint:0x12 UIView:0x7a01.height == 20   (active)>**
      """
    let log = ConflictLogReader.read(text: text, file: "c.swift")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.constraints.map(\.constant), [10, 20])
    XCTAssertEqual(block.broken, 1)
    // The escaped '<' is reported where the '<' is: line 3, after '//', five spaces, '"' and
    // '\\' (9 characters).
    XCTAssertEqual(lineColumn(block.constraints[0].location), [3, 10])
  }

  func testAWebPagesEntitiesAndTypography() throws {
    // A page that escaped the block as HTML.
    let escaped = """
      Unable to simultaneously satisfy constraints.
      (
          &quot;&lt;NSLayoutConstraint:0x11 UILabel:0x7a01&#39;Hi&#39;.height == 10   (active)&gt;&quot;,
          &quot;&lt;NSLayoutConstraint:0x12 UILabel:0x7a01.height == 20   (active)&gt;&quot;
      )
      Will attempt to recover by breaking constraint
      &lt;NSLayoutConstraint:0x12 UILabel:0x7a01.height == 20   (active)&gt;
      """
    let html = ConflictLogReader.read(text: escaped, file: "page.html")
    XCTAssertEqual(html.diagnostics, [])
    let block = try XCTUnwrap(html.blocks.first)
    XCTAssertEqual(block.items.first?.text, "Hi")
    XCTAssertEqual(block.constraints.map(\.constant), [10, 20])
    XCTAssertEqual(block.broken, 1)
    // '&lt;' is at column 11: four spaces and '&quot;' before it.
    XCTAssertEqual(lineColumn(block.constraints[0].location), [3, 11])
    // A blog that made quotes curly, '--' an en dash, '---' an em dash and '...' an ellipsis.
    let typographic = """
      Unable to simultaneously satisfy constraints.
      (
          \u{201C}<NSAutoresizingMaskLayoutConstraint:0x21 h=\u{2013}& v=\u{2014} UIView:0x7b01.height == 0   (active)>\u{201D},
          \u{201C}<NSLayoutConstraint:0x22 V:|-(8)-[UILabel:0x7b02\u{2019}Lorem ipsum\u{2026}\u{2019}]   (active, names: \u{2019}|\u{2019}:UIView:0x7b01 )>\u{201D}
      )
      Will attempt to recover by breaking constraint
      <NSLayoutConstraint:0x22 V:|-(8)-[UILabel:0x7b02\u{2019}Lorem ipsum\u{2026}\u{2019}]   (active, names: \u{2019}|\u{2019}:UIView:0x7b01 )>
      """
    let blog = ConflictLogReader.read(text: typographic, file: "blog.html")
    XCTAssertEqual(blog.diagnostics, [])
    let second = try XCTUnwrap(blog.blocks.first)
    XCTAssertEqual(second.constraints[0].horizontalMask, "--&")
    XCTAssertEqual(second.constraints[0].verticalMask, "---")
    XCTAssertEqual(second.items[1].text, "Lorem ipsum")
    XCTAssertTrue(second.items[1].isTextTruncated)
    XCTAssertEqual(second.constraints[1].second?.item, 0)
    XCTAssertEqual(second.broken, 1)
  }

  func testAListInSquareBracketsWithoutQuotes() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      [
      \t<NSLayoutConstraint:0x21 UIView:0x7b01.width == 375>,
      \t<NSLayoutConstraint:0x22 UIView:0x7b01.width == 0>
      ]
      Will attempt to recover by breaking constraint <NSLayoutConstraint:0x21 UIView:0x7b01.width == 375>
      """
    let log = ConflictLogReader.read(text: text, file: "b.log")
    XCTAssertEqual(log.diagnostics, [])
    XCTAssertEqual(log.blocks.first?.constraints.map(\.constant), [375, 0])
    XCTAssertEqual(log.blocks.first?.broken, 0)
  }

  func testABlockWhoseHeaderWasCutStartsAtUIKitsAdvice() throws {
    let text = """
      some unrelated line
      \tTry this:
      \t\t(1) look at each constraint and try to figure out which you don't expect;
      (
          "<NSLayoutConstraint:0x31 UIView:0x7c01.centerX == UIView:0x7c02.centerX - 93>",
          "<NSLayoutConstraint:0x32 UIView:0x7c01.centerX == UIView:0x7c02.centerX + 94>"
      )
      Will attempt to recover by breaking constraint
      <NSLayoutConstraint:0x32 UIView:0x7c01.centerX == UIView:0x7c02.centerX + 94>
      \tProbably at least one of the constraints in the following list is one you don't want.
      (
          "<NSLayoutConstraint:0x41 UIView:0x7c03.width == 1>",
          "<NSLayoutConstraint:0x42 UIView:0x7c03.width == 2>"
      )
      Will attempt to recover by breaking constraint
      <NSLayoutConstraint:0x41 UIView:0x7c03.width == 1>
      """
    let log = ConflictLogReader.read(text: text, file: "cut.log")
    XCTAssertEqual(log.diagnostics, [])
    XCTAssertEqual(log.blocks.count, 2)
    XCTAssertEqual(log.blocks[0].header, .cut)
    XCTAssertEqual(log.blocks[0].platform, .iOS)
    XCTAssertEqual(lineColumn(log.blocks[0].location), [2, 2])
    XCTAssertEqual(log.blocks[0].broken, 1)
    XCTAssertEqual(lineColumn(log.blocks[1].location), [10, 2])
    XCTAssertEqual(log.blocks[1].broken, 0)
    // Advice with no list after it is no block, and no error.
    XCTAssertEqual(ConflictLogReader.read(text: "Try this: restart Xcode", file: "x").blocks.count, 0)
  }

  func testAListPastedAloneBeforeItsBreakingLine() throws {
    let text = """
      		/*
      		This broke:
      		(
      		"<NSLayoutConstraint:0x61 UIImageView:0x7e01.height == 100   (active)>",
      		"<NSLayoutConstraint:0x62 'UIView-Encapsulated-Layout-Height' UIImageView:0x7e01.height == 44   (active)>"
      		)
      		Will attempt to recover by breaking constraint
      		<NSLayoutConstraint:0x61 UIImageView:0x7e01.height == 100   (active)>
      		*/
      """
    let log = ConflictLogReader.read(text: text, file: "alone.swift")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.header, .cut)
    // The block starts at its '(' (line 3, after two tabs).
    XCTAssertEqual(lineColumn(block.location), [3, 3])
    XCTAssertEqual(block.constraints.count, 2)
    XCTAssertEqual(block.broken, 0)
  }

  func testRepeatedPhrasesWithoutListsEndQuickly() throws {
    // Thousands of headers, advice lines and breaking phrases with no list: no block, a bounded
    // number of warnings (the sink's limit), and a read that scans the text a few times only.
    var lines: [String] = []
    for index in 0..<5000 {
      lines.append("Unable to simultaneously satisfy constraints.")
      lines.append("\tTry this: (1) look at each constraint and try to figure out which you don't expect;")
      lines.append("Will attempt to recover by breaking constraint <NSLayoutConstraint:0x\(index) junk")
    }
    let log = ConflictLogReader.read(text: lines.joined(separator: "\n"), file: "many.log")
    XCTAssertEqual(log.blocks.count, 0)
    XCTAssertLessThanOrEqual(log.diagnostics.count, ConflictLogReader.diagnosticLimit + 1)
    XCTAssertEqual(log.diagnostics.first?.code, "log-no-list")
  }

  func testSystemSpacingAnchorsAndPrivateSwiftClasses() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<_UISystemBaselineConstraint:0x51 UIView:0x7d01.bottom <= UILayoutGuide:0x7d02'UIViewSafeAreaLayoutGuide'.bottom NSLayoutAnchorConstraintSpace(8)   (active)>",
          "<NSLayoutConstraint:0x52 'IB_Trailing_Trailing' H:[_UIModernBarButton:0x7d03]-(8)-|   (active, names: '|':_UIButtonBarButton:0x7d04 )>",
          "<NSLayoutConstraint:0x53 *TtC5UIKitP33*ABCDButtonWrapper:0x7d05.width == 0   (active)>"
      )
      """
    let log = ConflictLogReader.read(text: text, file: "s.log")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    // first.bottom <= second.bottom + 8: the anchor API puts the first item after the second.
    XCTAssertEqual(block.constraints[0].constant, 8)
    XCTAssertEqual(block.constraints[0].relation, .lessThanOrEqual)
    XCTAssertEqual(block.constraints[0].kind, .system("_UISystemBaselineConstraint"))
    XCTAssertEqual(block.constraints[1].madeBy, .appleViews)
    XCTAssertEqual(block.constraints[1].kind, .system("IB_Trailing_Trailing"))
    XCTAssertEqual(block.constraints[2].madeBy, .appleViews)
  }

  /// Random cuts, splices and changed characters of the fixture logs, the fuzzing seeds and
  /// this file's own blocks: the reader returns, every diagnostic is located inside
  /// the text, and every block's indices are in range. A fixed seed keeps it reproducible.
  func testNoInputCrashesOrEscapesItsText() throws {
    var texts: [String] = []
    let folder = LogCorpusTests.folder
    if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
      for name in names.sorted() where name.hasSuffix(".log") {
        if let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) {
          texts.append(text)
        }
      }
    }
    texts.append(ConflictLogReaderTests.iOSBlock)
    // The libFuzzer harness's seeds and findings (Fuzz/corpus/log), bytes as the harness reads them.
    let seeds = LogCorpusTests.folder.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/log")
    let seedNames = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
    XCTAssertGreaterThanOrEqual(seedNames.count, 5, "the log harness's seeds are missing")
    for name in seedNames.sorted() {
      if let data = FileManager.default.contents(atPath: seeds.appendingPathComponent(name).path) {
        texts.append(String(decoding: data, as: UTF8.self))
      }
    }
    var random = SplitMix(seed: 0x5EED_1095)
    let pieces: [String] = [
      "<", ">", "\"", "'", "(", ")", "[", "]", "\\", "\\U", ":0x", "==", "-(", "|", "\n", "\r", "\t", "*", "é", "@",
      ".", "names: '|':",
    ]
    var reads = 0
    for text in texts {
      let scalars = Array(text.unicodeScalars)
      for _ in 0..<12 {
        var mutated = scalars
        switch random.next() % 4 {
        case 0:
          // A random cut: a range of the text alone.
          let a = Int(random.next() % UInt64(max(1, mutated.count)))
          let b = a + Int(random.next() % UInt64(max(1, mutated.count - a + 1)))
          mutated = Array(mutated[a..<min(b, mutated.count)])
        case 1:
          // A range taken out.
          let a = Int(random.next() % UInt64(max(1, mutated.count)))
          let b = min(mutated.count, a + Int(random.next() % 200))
          mutated.removeSubrange(a..<b)
        case 2:
          // Characters replaced by pieces of the syntax.
          for _ in 0..<8 where !mutated.isEmpty {
            let at = Int(random.next() % UInt64(mutated.count))
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            mutated.replaceSubrange(at..<(at + 1), with: Array(piece.unicodeScalars))
          }
        default:
          // The text twice, spliced at two random points.
          let a = Int(random.next() % UInt64(max(1, mutated.count)))
          let b = Int(random.next() % UInt64(max(1, mutated.count)))
          mutated = Array(mutated[..<a]) + Array(scalars[b...])
        }
        var string = String.UnicodeScalarView()
        string.append(contentsOf: mutated)
        let input = String(string)
        let lines = input.split(
          omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        ).count
        let log = ConflictLogReader.read(text: input, file: "fuzz.log")
        reads += 1
        for diagnostic in log.diagnostics {
          let location = try XCTUnwrap(diagnostic.location, diagnostic.description)
          XCTAssertGreaterThanOrEqual(location.line, 1)
          XCTAssertLessThanOrEqual(location.line, max(1, lines) + 1, diagnostic.description)
          XCTAssertLessThanOrEqual(location.offset, input.utf8.count)
        }
        for block in log.blocks {
          for constraint in block.constraints {
            XCTAssertLessThan(constraint.first.item, block.items.count)
            XCTAssertLessThan(constraint.second?.item ?? 0, block.items.count)
          }
          if let broken = block.broken { XCTAssertLessThan(broken, block.constraints.count) }
          XCTAssertLessThanOrEqual(block.constraints.count, block.listedCount)
        }
      }
    }
    XCTAssertGreaterThan(reads, 10)
  }
}

/// A small fixed-seed generator (SplitMix64), so a failing case can be replayed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
