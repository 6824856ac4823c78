import TrellisLog
import TrellisModel
import XCTest

// Hand-written conflict blocks in each wording a console prints (addresses, classes and titles
// invented; no real log is pasted here). Every expected value is read off the text by hand:
// columns count characters from 1 after the line's start, as an editor does.
final class ConflictLogReaderTests: XCTestCase {
  static let iOSBlock = """
    2019-05-02 11:12:13.456789+0200 Shelf[812:33001] [LayoutConstraints] Unable to simultaneously satisfy constraints.
    \tProbably at least one of the constraints in the following list is one you don't want.\u{20}
    \tTry this:\u{20}
    \t\t(1) look at each constraint and try to figure out which you don't expect;\u{20}
    \t\t(2) find the code that added the unwanted constraint or constraints and fix it.\u{20}
    (
        "<NSLayoutConstraint:0x600001a2b0c0 UILabel:0x7fa1c0d04a10'Shelf Title'.height == 44   (active)>",
        "<NSLayoutConstraint:0x600001a2b110 V:|-(8)-[UILabel:0x7fa1c0d04a10'Shelf Title']   (active, names: '|':UIView:0x7fa1c0d04800 )>",
        "<NSLayoutConstraint:0x600001a2b160 'UISV-hiding' UIView:0x7fa1c0d04800.height == 0   (active)>"
    )

    Will attempt to recover by breaking constraint\u{20}
    <NSLayoutConstraint:0x600001a2b0c0 UILabel:0x7fa1c0d04a10'Shelf Title'.height == 44   (active)>

    Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
    """

  func testAnIOSBlockWithTimestampsTagsAndTabs() throws {
    let log = ConflictLogReader.read(text: Self.iOSBlock, file: "shelf.log")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(log.blocks.count, 1)
    XCTAssertEqual(block.platform, .iOS)
    XCTAssertEqual(block.header, .unableToSatisfy)
    // "2019-05-02 " 11 + "11:12:13.456789+0200 " 21 + "Shelf[812:33001] " 17 + "[LayoutConstraints] " 20 = 69.
    XCTAssertEqual(lineColumn(block.location), [1, 70])
    XCTAssertEqual(block.listedCount, 3)
    XCTAssertEqual(block.constraints.count, 3)
    XCTAssertTrue(block.isComplete)
    XCTAssertEqual(block.items.map(\.address), ["0x7fa1c0d04a10", "0x7fa1c0d04800"])
    XCTAssertEqual(block.items[0].className, "UILabel")
    XCTAssertEqual(block.items[0].text, "Shelf Title")
    XCTAssertEqual(block.items[0].displayName, "UILabel 'Shelf Title' (…4a10)")
    XCTAssertEqual(block.items[1].displayName, "UIView (…4800)")

    let height = block.constraints[0]
    XCTAssertEqual(height.address, "0x600001a2b0c0")
    XCTAssertEqual(height.first.item, 0)
    XCTAssertEqual(height.first.attribute, .height)
    XCTAssertNil(height.second)
    XCTAssertEqual(height.relation, .equal)
    XCTAssertEqual(height.constant, 44)
    XCTAssertEqual(height.priority, 1000)
    XCTAssertEqual(height.isActive, true)
    XCTAssertEqual(height.kind, .app)
    XCTAssertEqual(height.madeBy, .appCode)
    XCTAssertEqual(height.notation, .linear)
    // Line 7: four spaces and a quote, so '<' is column 6.
    XCTAssertEqual(height.location.line, 7)
    XCTAssertEqual(height.location.column, 6)
    XCTAssertEqual(
      height.text, "<NSLayoutConstraint:0x600001a2b0c0 UILabel:0x7fa1c0d04a10'Shelf Title'.height == 44   (active)>")

    // V:|-(8)-[label] is label.top == superview.top + 8.
    let top = block.constraints[1]
    XCTAssertEqual(top.notation, .visualFormat)
    XCTAssertEqual(top.first.item, 0)
    XCTAssertEqual(top.first.attribute, .top)
    XCTAssertEqual(top.second?.item, 1)
    XCTAssertEqual(top.second?.attribute, .top)
    XCTAssertEqual(top.constant, 8)

    let hiding = block.constraints[2]
    XCTAssertEqual(hiding.identifier, "UISV-hiding")
    XCTAssertEqual(hiding.kind, .stack("UISV-hiding"))
    XCTAssertEqual(hiding.madeBy, .system)

    XCTAssertEqual(block.broken, 0)
    XCTAssertFalse(block.brokenIsNotInList)
    XCTAssertEqual(block.breakingLine?.address, "0x600001a2b0c0")
    XCTAssertEqual(block.breakingLineLocation?.line, 13)
    XCTAssertEqual(block.breakingLineLocation?.column, 1)
  }

  func testAnAppKitBlockQuotedInMarkdownWithCRLF() throws {
    let text = [
      "Here is what the console said:",
      "",
      "```",
      "> 2015-07-04 09:01:02.003 Calc[4410:303] Unable to simultaneously satisfy constraints:",
      "> (",
      ">     \"<NSLayoutConstraint:0x618000082440 V:|-(0)-[NSView:0x600000120f00]   (Names: '|':Calc.HighlightView:0x608000120500 )>\",",
      ">     \"<NSAutoresizingMaskLayoutConstraint:0x618000082a80 h=--& v=&-- V:|-(-2)-[NSView:0x600000120f00]   (Names: '|':Calc.HighlightView:0x608000120500 )>\"",
      "> )",
      ">",
      "> Will attempt to recover by breaking constraint <NSLayoutConstraint:0x618000082440 V:|-(0)-[NSView:0x600000120f00]   (Names: '|':Calc.HighlightView:0x608000120500 )>",
      "```",
    ].joined(separator: "\r\n")
    let log = ConflictLogReader.read(text: text, file: "calc.md")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.platform, .macOS)
    XCTAssertEqual(block.header, .unableToSatisfyAppKit)
    // "> " 2 + "2015-07-04 09:01:02.003 " 24 + "Calc[4410:303] " 15 = 41.
    XCTAssertEqual(block.location.line, 4)
    XCTAssertEqual(block.location.column, 42)
    XCTAssertEqual(block.listedCount, 2)
    XCTAssertEqual(block.items.map(\.className), ["NSView", "HighlightView"])
    XCTAssertEqual(block.items[1].module, "Calc")
    XCTAssertEqual(block.items[1].qualifiedClassName, "Calc.HighlightView")
    let mask = block.constraints[1]
    XCTAssertEqual(mask.kind, .autoresizingMask)
    XCTAssertEqual(mask.horizontalMask, "--&")
    XCTAssertEqual(mask.verticalMask, "&--")
    // V:|-(-2)-[view]: view.top == superview.top - 2.
    XCTAssertEqual(mask.first.attribute, .top)
    XCTAssertEqual(mask.first.item, 0)
    XCTAssertEqual(mask.second?.item, 1)
    XCTAssertEqual(mask.constant, -2)
    XCTAssertNil(mask.isActive)
    XCTAssertEqual(block.broken, 0)
    // The breaking line is on line 10, after "> Will attempt to recover by breaking constraint ":
    // 2 + 46 + 1 = 49 characters before '<'.
    XCTAssertEqual(block.breakingLineLocation?.line, 10)
    XCTAssertEqual(block.breakingLineLocation?.column, 50)
  }

  func testMacOS14sConflictingConstraintsDetected() throws {
    let text = """
      DEBUG: menu ready
      Conflicting constraints detected: (
          "<NSLayoutConstraint:0x6000031b0010 NSImageView:0x7fd700000a10.width == 16   (active)>",
          "<NSLayoutConstraint:0x6000031b0020 H:|-(10)-[NSImageView:0x7fd700000a10](LTR)   (active, names: '|':Menu.ItemView:0x7fd700000b20 )>",
          "<NSLayoutConstraint:0x6000031b0030 NSImageView:0x7fd700000a10.right == Menu.ItemView:0x7fd700000b20.right - 12   (active)>",
          "<NSAutoresizingMaskLayoutConstraint:0x6000031b0040 h=--& v=--& Menu.ItemView:0x7fd700000b20.width == 0   (active)>"
      ). Will attempt to recover by breaking <NSLayoutConstraint:0x6000031b0010 NSImageView:0x7fd700000a10.width == 16   (active)>.
      """
    let log = ConflictLogReader.read(text: text, file: "menu.log")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.header, .conflictingConstraintsDetected)
    XCTAssertEqual(block.platform, .macOS)
    XCTAssertEqual(lineColumn(block.location), [2, 1])
    XCTAssertEqual(block.listedCount, 4)
    // (LTR): left and right, not leading and trailing.
    XCTAssertEqual(block.constraints[1].first.attribute, .left)
    XCTAssertEqual(block.constraints[1].second?.attribute, .left)
    XCTAssertEqual(block.constraints[1].constant, 10)
    XCTAssertEqual(block.constraints[2].constant, -12)
    XCTAssertEqual(block.constraints[3].kind, .autoresizingMask)
    XCTAssertEqual(block.broken, 0)
    // "). Will attempt to recover by breaking " is 39 characters.
    XCTAssertEqual(lineColumn(block.breakingLineLocation), [7, 40])
  }

  func testTwoBlocksTheSecondWithItsBreakingLineCut() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x10 V:[UIView:0x7f01(200)]>",
          "<NSLayoutConstraint:0x20 V:[UIView:0x7f01(84)]>"
      )

      Will attempt to recover by breaking constraint\u{20}
      <NSLayoutConstraint:0x10 V:[UIView:0x7f01(200)]>
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x30 H:[UIView:0x7f02(10)]>",
          "<NSLayoutConstraint:0x40 H:[UIView:0x7f02(20)]>"
      )
      """
    let log = ConflictLogReader.read(text: text, file: "two.log")
    XCTAssertEqual(log.diagnostics, [])
    XCTAssertEqual(log.blocks.count, 2)
    XCTAssertEqual(log.blocks[0].broken, 0)
    XCTAssertEqual(log.blocks[0].constraints[0].first.attribute, .height)
    XCTAssertEqual(log.blocks[0].constraints[1].constant, 84)
    XCTAssertNil(log.blocks[1].broken)
    XCTAssertNil(log.blocks[1].breakingLine)
    XCTAssertTrue(log.blocks[1].isComplete)
    XCTAssertEqual(log.blocks[1].location.line, 9)
    XCTAssertEqual(log.blocks[1].constraints.map(\.constant), [10, 20])
    XCTAssertEqual(log.blocks[1].constraints[0].first.attribute, .width)
  }

  func testAWholeBlockOnOneLineAsSomePastesFlattenIt() throws {
    let text =
      #"Unable to simultaneously satisfy constraints. Probably at least one of the constraints in the following list is one you don't want. Try this: (1) look at each constraint; (2) find the code. ( "<NSLayoutConstraint:0x51 UIView:0x7e01.width == 320>", "<NSLayoutConstraint:0x52 'UIView-Encapsulated-Layout-Width' UIView:0x7e01.width == 375>" ) Will attempt to recover by breaking constraint <NSLayoutConstraint:0x51 UIView:0x7e01.width == 320> Make a symbolic breakpoint"#
    let log = ConflictLogReader.read(text: text, file: "flat.txt")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.listedCount, 2)
    XCTAssertEqual(block.constraints[1].kind, .encapsulated("UIView-Encapsulated-Layout-Width"))
    XCTAssertEqual(block.broken, 0)
  }

  func testADescriptionWrappedByThePaste() throws {
    // The paste broke the first entry inside its identifier (at a space) and the second
    // inside an address (no space): both are read.
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSIBPrototypingLayoutConstraint:0x7a10 'IB auto generated at build
          time for view with fixed frame' H:|-(129)-[UILabel:0x7b20'Label']
          (LTR)   (Names: '|':UIView:0x7b10 )>",
          "<NSLayoutConstraint:0x7a20 H:[UILabel:0x7b
      20'Label'(100)]>"
      )
      Will attempt to recover by breaking constraint <NSLayoutConstraint:0x7a20 H:[UILabel:0x7b20'Label'(100)]>
      """
    let log = ConflictLogReader.read(text: text, file: "wrapped.txt")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.constraints.count, 2)
    XCTAssertEqual(block.constraints[0].identifier, "IB auto generated at build time for view with fixed frame")
    XCTAssertEqual(block.constraints[0].madeBy, .interfaceBuilder)
    XCTAssertEqual(block.constraints[0].first.attribute, .left)
    XCTAssertEqual(block.constraints[0].constant, 129)
    XCTAssertEqual(block.constraints[1].first.item, block.constraints[0].first.item)
    // The text is the one read: joined without the break that split the address.
    XCTAssertEqual(block.constraints[1].text, "<NSLayoutConstraint:0x7a20 H:[UILabel:0x7b20'Label'(100)]>")
    XCTAssertEqual(block.broken, 1)
  }

  func testAnUnreadableDescriptionIsLocatedAndTheRestIsRead() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x61 UIView:0x7c01.wdth == 44   (active)>",
          "<NSLayoutConstraint:0x62 UIView:0x7c01.width == 50   (active)>"
      )
      Will attempt to recover by breaking constraint\u{20}
      <NSLayoutConstraint:0x62 UIView:0x7c01.width == 50   (active)>
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x71 UIView:0x7d01.height == 1   (active)>",
          "<NSLayoutConstraint:0x72 UIView:0x7d01.height == 2   (active)>"
      )
      """
    let log = ConflictLogReader.read(text: text, file: "bad.log")
    XCTAssertEqual(log.diagnostics.map(\.code), ["log-unreadable-constraint"])
    let diagnostic = try XCTUnwrap(log.diagnostics.first)
    XCTAssertEqual(diagnostic.severity, .error)
    // Line 3: `    "<NSLayoutConstraint:0x61 UIView:0x7c01.` is 44 characters, so 'wdth' is column 45.
    XCTAssertEqual(lineColumn(diagnostic.location), [3, 45])
    XCTAssertEqual(diagnostic.location?.file, "bad.log")
    XCTAssertTrue(diagnostic.message.contains("'wdth'"), diagnostic.message)
    XCTAssertEqual(log.blocks.count, 2)
    XCTAssertFalse(log.blocks[0].isComplete)
    XCTAssertEqual(log.blocks[0].listedCount, 2)
    XCTAssertEqual(log.blocks[0].constraints.map(\.listIndex), [1])
    XCTAssertEqual(log.blocks[0].broken, 0)
    XCTAssertTrue(log.blocks[1].isComplete)
    XCTAssertEqual(log.blocks[1].constraints.count, 2)
  }

  func testByteOffsetsCountUTF8() throws {
    // "ab\u{E9}\n" is 1 + 1 + 2 + 1 = 5 bytes in UTF-8, so line 2 starts at byte 5.
    let text =
      "ab\u{E9}\nUnable to simultaneously satisfy constraints.\n(\n\"<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\"\n)"
    let log = ConflictLogReader.read(text: text, file: "u.log")
    XCTAssertEqual(log.diagnostics, [])
    XCTAssertEqual(log.blocks.first?.location.offset, 5)
  }

  func testTheBreakingLineNamesAnAddressNotInTheList() throws {
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x81 UIView:0x7e01.height == 1>",
          "<NSLayoutConstraint:0x82 UIView:0x7e01.height == 2>"
      )
      Will attempt to recover by breaking constraint\u{20}
      <NSLayoutConstraint:0x83 UIView:0x7e01.height == 1>
      """
    let log = ConflictLogReader.read(text: text, file: "mix.log")
    XCTAssertEqual(log.diagnostics.map(\.code), ["log-broken-not-listed"])
    XCTAssertEqual(log.diagnostics.first?.location?.line, 7)
    XCTAssertEqual(log.diagnostics.first?.severity, .warning)
    XCTAssertNil(log.blocks[0].broken)
    XCTAssertTrue(log.blocks[0].brokenIsNotInList)
  }

  func testCutListsAndMissingListsAreReported() throws {
    let cut = ConflictLogReader.read(
      text: "Unable to simultaneously satisfy constraints.\n(\n\"<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\",\n",
      file: "cut.log")
    XCTAssertEqual(cut.diagnostics.map(\.code), ["log-unclosed-list"])
    XCTAssertEqual(cut.blocks.first?.constraints.count, 1)
    XCTAssertEqual(cut.blocks.first?.isComplete, false)
    let none = ConflictLogReader.read(
      text: "Unable to simultaneously satisfy constraints.\nand then nothing", file: "n.log")
    XCTAssertEqual(none.diagnostics.map(\.code), ["log-no-list"])
    XCTAssertEqual(none.diagnostics.first?.severity, .warning)
    XCTAssertEqual(none.diagnostics.first?.location?.line, 1)
    XCTAssertEqual(none.blocks.count, 0)
    let empty = ConflictLogReader.read(text: "just some text\n", file: "e.log")
    XCTAssertEqual(empty.diagnostics.map(\.code), ["log-no-conflict"])
    XCTAssertEqual(empty.blocks.count, 0)
    let elided = ConflictLogReader.read(
      text:
        "Unable to simultaneously satisfy constraints.\n(\n\"<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\",\n...\n)",
      file: "el.log")
    XCTAssertEqual(elided.diagnostics.map(\.code), ["log-unexpected-text"])
    XCTAssertEqual(elided.diagnostics.first?.location?.line, 4)
    let redacted = ConflictLogReader.read(
      text:
        "[Layout] Unable to simultaneously satisfy constraints:\n<private>\n\nWill attempt to recover by breaking constraint \n<private>\n",
      file: "p.log")
    XCTAssertEqual(redacted.diagnostics.map(\.code), ["log-unreadable-constraint", "log-unreadable-constraint"])
    XCTAssertEqual(redacted.diagnostics.map { lineColumn($0.location) }, [[2, 2], [5, 2]])
    XCTAssertTrue(redacted.diagnostics[0].message.contains("<private>"), redacted.diagnostics[0].message)
  }
}

/// A location's line and column (offsets are checked on their own).
func lineColumn(_ location: SourceLocation?) -> [Int] {
  location.map { [$0.line, $0.column] } ?? []
}
