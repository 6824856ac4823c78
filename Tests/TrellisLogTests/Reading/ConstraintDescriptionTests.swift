import TrellisLog
import TrellisModel
import XCTest

// Each description form a console prints, written by hand with invented addresses; the
// expected values are the form's meaning read off the text (docs/logs.md, "Descriptions").
final class ConstraintDescriptionTests: XCTestCase {
  /// The description as the only entry of a list (quoted as NSArray prints it), read.
  func read(_ description: String, line: UInt = #line) throws -> (ConflictBlock, LogConstraint) {
    // Written as the list prints it (NSArray's escapes included), so nothing is escaped here.
    let text = "Unable to simultaneously satisfy constraints.\n(\n    \"\(description)\"\n)\n"
    let log = ConflictLogReader.read(text: text, file: "t.log")
    XCTAssertEqual(log.diagnostics, [], line: line)
    let block = try XCTUnwrap(log.blocks.first)
    return (block, try XCTUnwrap(block.constraints.first))
  }

  func testSnapKitKeepsItsFileAndLine() throws {
    let (block, c) = try read(
      "<SnapKit.LayoutConstraint:0x600000c70010@ProfileView.swift#17 UIButton:0x7f0000000a10.bottom == App.GradientView:0x7f0000000b20.bottom - 24.0>"
    )
    XCTAssertEqual(c.className, "SnapKit.LayoutConstraint")
    XCTAssertEqual(c.snapKitFile, "ProfileView.swift")
    XCTAssertEqual(c.snapKitLine, 17)
    XCTAssertEqual(c.madeBy, .snapKit)
    XCTAssertEqual(c.kind, .app)
    XCTAssertEqual(c.constant, -24)
    XCTAssertEqual(block.items[1].module, "App")
    XCTAssertEqual(block.items[1].className, "GradientView")
    XCTAssertEqual(c.first.attribute, .bottom)
    XCTAssertEqual(c.second?.attribute, .bottom)
  }

  func testMasonryAndMultipliers() throws {
    let (_, masonry) = try read(
      "<MASLayoutConstraint:0x1c0000010 UIProgressView:0x7fa0000010.centerX == UISlider:0x7fa0000020.centerX + 0.7>")
    XCTAssertEqual(masonry.madeBy, .masonry)
    XCTAssertEqual(masonry.constant, 0.7)
    // UIKit prints a multiplier before the second item: width == 0.33*other.width + 50.
    let (_, before) = try read(
      "<NSLayoutConstraint:0x60 UIImageView:0x7f10.width == 0.33*UIView:0x7f20.width + 50   (active)>")
    XCTAssertEqual(before.multiplier, 0.33)
    XCTAssertEqual(before.constant, 50)
    XCTAssertEqual(before.second?.attribute, .width)
    // And after it, as some libraries print it: height == other.height * 0.5 + 8.
    let (_, after) = try read("<NSLayoutConstraint:0x61 UIView:0x7f10.height == UIView:0x7f20.height * 0.5 + 8>")
    XCTAssertEqual(after.multiplier, 0.5)
    XCTAssertEqual(after.constant, 8)
    let (_, ratio) = try read("<NSLayoutConstraint:0x62 UIView:0x7f10.trailing >= 2*UIView:0x7f20.centerX - 16.5>")
    XCTAssertEqual(ratio.relation, .greaterThanOrEqual)
    XCTAssertEqual(ratio.multiplier, 2)
    XCTAssertEqual(ratio.constant, -16.5)
  }

  func testConstantsWithSpacesSignsAndDecimals() throws {
    // The action-sheet form `== - 16`: a sign, a space, the digits.
    let (_, negative) = try read("<NSLayoutConstraint:0x70 UIView:0x7f30.width == - 16   (active)>")
    XCTAssertEqual(negative.constant, -16)
    XCTAssertNil(negative.second)
    let (_, plus) = try read("<NSLayoutConstraint:0x71 UIView:0x7f30.leading == UIView:0x7f40.leading +8.5>")
    XCTAssertEqual(plus.constant, 8.5)
    let (_, lessThan) = try read("<NSLayoutConstraint:0x72 UIView:0x7f30.height <= 120   (inactive)>")
    XCTAssertEqual(lessThan.relation, .lessThanOrEqual)
    XCTAssertEqual(lessThan.isActive, false)
    let (_, content) = try read(
      "<_UIScrollViewAutomaticContentSizeConstraint:0x7a0 UITableView:0x7c10.contentHeight{id: 178} == -5.000000>")
    XCTAssertEqual(content.first.attribute, .contentHeight)
    XCTAssertEqual(content.constant, -5)
    XCTAssertEqual(content.kind, .scrollView("_UIScrollViewAutomaticContentSizeConstraint"))
  }

  func testPrioritiesInEachForm() throws {
    XCTAssertEqual(try read("<NSLayoutConstraint:0x80 UIView:0x7f50.height == 44 @750>").1.priority, 750)
    XCTAssertEqual(
      try read("<NSLayoutConstraint:0x81 UIView:0x7f50.height == 44   (active, priority 999)>").1.priority, 999)
    XCTAssertEqual(
      try read(
        "<NSIBPrototypingLayoutConstraint:0x82 'IB auto generated at build time for view with ambiguity' H:[UIView:0x7f50(258@251)] priority:251>"
      ).1
        .priority, 251)
    let (_, vfl) = try read("<NSLayoutConstraint:0x83 H:[UIView:0x7f50]-(<=8@750)-[UIView:0x7f60]>")
    XCTAssertEqual(vfl.priority, 750)
    XCTAssertEqual(vfl.relation, .lessThanOrEqual)
    XCTAssertEqual(vfl.constant, 8)
    XCTAssertEqual(try read("<NSLayoutConstraint:0x84 UIView:0x7f50.height == 44>").1.priority, 1000)
  }

  func testContentSizeConstraintsKeepHuggingAndCompression() throws {
    let (_, vfl) = try read(
      "<NSContentSizeLayoutConstraint:0x90 H:[UIImageView:0x7f70(512)] Hug:250 CompressionResistance:1000>")
    XCTAssertEqual(vfl.kind, .contentSize)
    XCTAssertEqual(vfl.first.attribute, .width)
    XCTAssertEqual(vfl.constant, 512)
    XCTAssertEqual(vfl.hugging, 250)
    XCTAssertEqual(vfl.compressionResistance, 1000)
    let (_, linear) = try read(
      "<NSContentSizeLayoutConstraint:0x91 UILabel:0x7f80'Hi'.height == 18 Hug:750 CompressionResistance:1000   (active)>"
    )
    XCTAssertEqual(linear.first.attribute, .height)
    XCTAssertEqual(linear.hugging, 750)
    XCTAssertEqual(linear.madeBy, .system)
  }

  func testVisualFormatForms() throws {
    // [a]-(8)-[b]: b.leading == a.trailing + 8.
    let (_, pair) = try read(
      "<NSLayoutConstraint:0xa0 H:[UILabel:0x7f90'A']-(NSSpace(8))-[UIButton:0x7f91'Show More']>")
    XCTAssertEqual(pair.first.item, 1)
    XCTAssertEqual(pair.first.attribute, .leading)
    XCTAssertEqual(pair.second?.item, 0)
    XCTAssertEqual(pair.second?.attribute, .trailing)
    XCTAssertEqual(pair.constant, 8)
    // [v]-(8)-|: superview.bottom == v.bottom + 8.
    let (block, end) = try read(
      "<NSLayoutConstraint:0xa1 V:[UILabel:0x7f92'Tech']-(8)-|   (active, names: '|':UIView:0x7f93 )>")
    XCTAssertEqual(block.items[end.first.item].address, "0x7f93")
    XCTAssertEqual(end.first.attribute, .bottom)
    XCTAssertEqual(block.items[end.second?.item ?? -1].address, "0x7f92")
    XCTAssertEqual(end.second?.attribute, .bottom)
    XCTAssertEqual(end.constant, 8)
    // (>=36) from the superview.
    let (_, atLeast) = try read(
      "<NSLayoutConstraint:0xa2 H:|-(>=36)-[UIStackView:0x7f94]   (Names: '|':UIView:0x7f95 )>")
    XCTAssertEqual(atLeast.relation, .greaterThanOrEqual)
    XCTAssertEqual(atLeast.first.attribute, .leading)
    XCTAssertEqual(atLeast.constant, 36)
    // A size predicate with a relation.
    let (_, size) = try read("<NSLayoutConstraint:0xa3 V:[UIImageView:0x7f96(>=160)]>")
    XCTAssertEqual(size.first.attribute, .height)
    XCTAssertEqual(size.relation, .greaterThanOrEqual)
    XCTAssertEqual(size.constant, 160)
    // A negative spacing to the top layout guide.
    let (guideBlock, negative) = try read(
      "<NSLayoutConstraint:0xa4 V:[_UILayoutGuide:0x7f97]-(-20)-[UINavigationBar:0x7f98]   (active)>")
    XCTAssertEqual(negative.constant, -20)
    XCTAssertEqual(negative.first.attribute, .top)
    XCTAssertEqual(negative.second?.attribute, .bottom)
    XCTAssertTrue(guideBlock.items[0].isLayoutGuide)
    XCTAssertEqual(guideBlock.items[0].className, "_UILayoutGuide")
    // Views side by side: [a][b] is b.leading == a.trailing.
    let (_, adjacent) = try read("<NSLayoutConstraint:0xa5 H:[UIView:0x7f99][UIView:0x7f9a]>")
    XCTAssertEqual(adjacent.constant, 0)
    XCTAssertEqual(adjacent.first.item, 1)
    // (RTL): leading is the right edge, and the spacing runs leftwards: v.right == super.right - 8.
    let (_, rtl) = try read("<NSLayoutConstraint:0xa6 H:|-(8)-[UIView:0x7f9b](RTL)   (Names: '|':UIView:0x7f9c )>")
    XCTAssertEqual(rtl.first.attribute, .right)
    XCTAssertEqual(rtl.second?.attribute, .right)
    XCTAssertEqual(rtl.constant, -8)
  }

  func testIdentifiersAndMasks() throws {
    let (_, encapsulated) = try read(
      "<NSAutoresizingMaskLayoutConstraint:0xb0 h=-&- v=-&- 'UIView-Encapsulated-Layout-Left' H:|-(0)-[App.Cell:0x7fa1'cell'](LTR)   (Names: '|':UITableView:0x7fa2 )>"
    )
    XCTAssertEqual(encapsulated.identifier, "UIView-Encapsulated-Layout-Left")
    XCTAssertEqual(encapsulated.horizontalMask, "-&-")
    XCTAssertEqual(encapsulated.kind, .encapsulated("UIView-Encapsulated-Layout-Left"))
    let (_, user) = try read("<NSLayoutConstraint:0xb1 'cardWidth' UIView:0x7fa3.width == 84   (active)>")
    XCTAssertEqual(user.identifier, "cardWidth")
    XCTAssertEqual(user.kind, .app)
    XCTAssertEqual(user.madeBy, .appCode)
    let (_, margins) = try read(
      "<NSLayoutConstraint:0xb2 'UIView-bottomMargin-guide-constraint' V:[UILayoutGuide:0x7fa4'UIViewLayoutMarginsGuide']-(9)-|   (active, names: '|':_UIButtonBarStackView:0x7fa5 )>"
    )
    XCTAssertEqual(margins.kind, .marginsGuide("UIView-bottomMargin-guide-constraint"))
    let (_, temporary) = try read("<_UITemporaryLayoutWidth:0xb3 UIView:0x7fa6.width == 0   (active)>")
    XCTAssertEqual(temporary.kind, .temporarySize)
    let (_, support) = try read("<_UILayoutSupportConstraint:0xb4 V:[_UILayoutGuide:0x7fa7(0)]   (active)>")
    XCTAssertEqual(support.kind, .safeArea("_UILayoutSupportConstraint"))
    let (_, keyboard) = try read(
      "<NSLayoutConstraint:0xb5 'assistantHeight' SystemInputAssistantView:0x7fa8.height == 45   (active)>")
    XCTAssertEqual(keyboard.kind, .keyboard("assistantHeight"))
    let (_, bar) = try read(
      "<NSLayoutConstraint:0xb6 'UIButtonBar.maximumAlignmentSize' _UIButtonBarButton:0x7fa9.width == 0   (active)>")
    XCTAssertEqual(bar.kind, .system("UIButtonBar.maximumAlignmentSize"))
    let (_, stackSpacing) = try read(
      "<NSLayoutConstraint:0xb7 'UISV-spacing' V:[UIView:0x7faa]-(16)-[UIView:0x7fab]   (active)>")
    XCTAssertEqual(stackSpacing.kind, .stack("UISV-spacing"))
  }

  func testApplesOwnViewsAreNotTheApps() throws {
    let (_, privateViews) = try read(
      "<NSLayoutConstraint:0xc0 _UIUCBKBSelectionBackground:0x7fb1.bottom == _UIButtonBarButton:0x7fb2.bottom - 6   (active)>"
    )
    XCTAssertEqual(privateViews.madeBy, .appleViews)
    let (_, messages) = try read(
      "<NSLayoutConstraint:0xc1 CKMessageEntryView:0x7fb3.right == UIInputSetHostView:0x7fb4.right>")
    XCTAssertEqual(messages.madeBy, .appleViews)
    XCTAssertEqual(messages.kind, .keyboard("UIInputSetHostView"))
    // A plain UIView is the app's as far as the log can tell.
    let (_, plain) = try read("<NSLayoutConstraint:0xc2 UIView:0x7fb5.width == - 16   (active)>")
    XCTAssertEqual(plain.madeBy, .appCode)
  }

  func testItemsTextsEscapesAndGuides() throws {
    // NSArray's escapes in the list: \U2019 is ’, \n a line break; a trailing ... is a cut title.
    let (block, c) = try read(
      #"<NSLayoutConstraint:0xd0 UILabel:0x7fc1'Don\U2019t\nstop'.top == UILabel:0x7fc2'Lorem ipsum dolor sit ame...'.bottom + 16>"#
    )
    XCTAssertEqual(block.items[0].text, "Don\u{2019}t\nstop")
    XCTAssertEqual(block.items[1].text, "Lorem ipsum dolor sit ame")
    XCTAssertTrue(block.items[1].isTextTruncated)
    XCTAssertEqual(block.items[1].displayName, "UILabel 'Lorem ipsum dolor sit ame…' (…7fc2)")
    XCTAssertEqual(c.constant, 16)
    // A title with a quote inside ends at the quote that the attribute follows.
    let (quoted, _) = try read("<NSLayoutConstraint:0xd1 UIButton:0x7fc3'It's on'.width == 90>")
    XCTAssertEqual(quoted.items[0].text, "It's on")
    let (guides, g) = try read(
      "<NSLayoutConstraint:0xd2 UIView:0x7fc4.top == UILayoutGuide:0x6000003a0380'UIViewSafeAreaLayoutGuide'.top   (active)>"
    )
    XCTAssertEqual(guides.items[1].guideName, "UIViewSafeAreaLayoutGuide")
    XCTAssertNil(guides.items[1].text)
    XCTAssertTrue(guides.items[1].isLayoutGuide)
    XCTAssertEqual(guides.items[1].displayName, "UILayoutGuide 'UIViewSafeAreaLayoutGuide' (…0380)")
    XCTAssertEqual(g.kind, .app)
    let (keyboard, _) = try read(
      "<NSLayoutConstraint:0xd3 UITextField:0x7fc5.bottom == UIKeyboardLayoutGuide:0x7fc6'UIViewKeyboardLayoutGuide'.top - 8   (active)>"
    )
    XCTAssertTrue(keyboard.items[1].isLayoutGuide)
    XCTAssertEqual(keyboard.items[1].guideName, "UIViewKeyboardLayoutGuide")
    let (macOS, _) = try read("<NSLayoutConstraint:0xd4 H:[NSButton:0x7fc7'Button'(24)]>")
    XCTAssertEqual(macOS.items[0].className, "NSButton")
    XCTAssertEqual(macOS.platform, .macOS)
    // Generic Swift classes print their arguments, spaces and dots included.
    let (generic, _) = try read(
      "<NSLayoutConstraint:0xd5 SwiftUI._UIHostingView<SwiftUI.ModifiedContent<App.Row, SwiftUI._PaddingLayout>>:0x7fc8.height == 0   (active)>"
    )
    XCTAssertEqual(generic.items[0].module, "SwiftUI")
    XCTAssertEqual(
      generic.items[0].className, "_UIHostingView<SwiftUI.ModifiedContent<App.Row, SwiftUI._PaddingLayout>>")
  }

  func testNamesStandForItems() throws {
    // A name instead of an item, in both notations, resolved through names:.
    let (block, linear) = try read(
      "<NSLayoutConstraint:0xe0 'CB_Trailing_Trailing' _UIModernBarButton:0x7fd1'Back'.trailing <= BackButton.trailing   (active, names: BackButton:0x7fd2 )>"
    )
    XCTAssertEqual(block.items[linear.second?.item ?? -1].address, "0x7fd2")
    XCTAssertEqual(linear.kind, .system("CB_Trailing_Trailing"))
    let (vflBlock, vfl) = try read(
      "<NSLayoutConstraint:0xe1 H:[BackButton]-(6)-[UILayoutGuide:0x7fd3'UINavigationBarItemContentLayoutGuide']   (active, names: BackButton:0x7fd2 )>"
    )
    XCTAssertEqual(vflBlock.items[vfl.second?.item ?? -1].address, "0x7fd2")
    XCTAssertEqual(vfl.second?.attribute, .trailing)
    // An autoresizing position is in the superview's coordinates: minX == 0 is left == |.left.
    let (maskBlock, mask) = try read(
      "<NSAutoresizingMaskLayoutConstraint:0xe2 h=-&- v=-&- UIView:0x7fd4.minX == 0   (active, names: '|':App.TimeView:0x7fd5 )>"
    )
    XCTAssertEqual(mask.first.attribute, .left)
    XCTAssertEqual(mask.second?.attribute, .left)
    XCTAssertEqual(maskBlock.items[mask.second?.item ?? -1].className, "TimeView")
    // midX == +187.5 with no names: no second item (the document places it from the root's origin).
    let (_, mid) = try read("<NSAutoresizingMaskLayoutConstraint:0xe3 h=-&- v=--& UIView:0x7fd6.midX == +187.5>")
    XCTAssertEqual(mid.first.attribute, .centerX)
    XCTAssertNil(mid.second)
    XCTAssertEqual(mid.constant, 187.5)
  }

  func testMasonrysDebugDescriptionsWithKeys() throws {
    // Masonry replaces every constraint's description when an app links it
    // (NSLayoutConstraint+MASDebugAdditions.m): `Class:key` for an object with a `mas_key`,
    // `* m` after the second item, a constant alone after a space, `^high` for 750.
    let text = """
      Unable to simultaneously satisfy constraints.
      (
          "<MASLayoutConstraint:ConflictingConstraint[0] UILabel:blueView.left == MASExampleView:superview.left + 1>",
          "<MASLayoutConstraint:ConstantConstraint UILabel:blueView.height >= 5000>",
          "<MASLayoutConstraint:0x600000a1 UILabel:blueView.height == UIView:redView.height * 0.5 ^high>",
          "<NSLayoutConstraint:0x600000a2 MASExampleView:superview.height == 667>"
      )
      Will attempt to recover by breaking constraint\u{20}
      <MASLayoutConstraint:ConstantConstraint UILabel:blueView.height >= 5000>
      """
    let log = ConflictLogReader.read(text: text, file: "keys.log")
    XCTAssertEqual(log.diagnostics, [])
    let block = try XCTUnwrap(log.blocks.first)
    XCTAssertEqual(block.items.map(\.key), ["blueView", "superview", "redView"])
    XCTAssertEqual(block.items.map(\.address), ["", "", ""])
    XCTAssertEqual(block.items[0].displayName, "UILabel (blueView)")
    XCTAssertEqual(block.constraints.map(\.identifier), ["ConflictingConstraint[0]", "ConstantConstraint", nil, nil])
    XCTAssertEqual(block.constraints.map(\.address), ["", "", "0x600000a1", "0x600000a2"])
    XCTAssertEqual(block.constraints.map(\.constant), [1, 5000, 0, 667])
    XCTAssertEqual(block.constraints[1].relation, .greaterThanOrEqual)
    XCTAssertEqual(block.constraints[2].multiplier, 0.5)
    XCTAssertEqual(block.constraints[2].priority, 750)
    XCTAssertEqual(block.constraints[0].madeBy, .masonry)
    // No address on the breaking line: it is matched to the entry printed the same way.
    XCTAssertEqual(block.broken, 1)
    let made = ConflictDocumentBuilder.document(for: block, file: "keys.log")
    XCTAssertEqual(made.viewIDs, ["UILabel_blueView", "MASExampleView_superview", "UIView_redView"])
  }

  func testBrokenDescriptionsAreLocated() throws {
    // Each: the description, then the 1-based column of the piece named in the entry's line,
    // which starts with four spaces and a quote, so '<' is column 6, 'NSLayoutConstraint' 7-24,
    // ':' 25, the four-character address 26-29, a space 30, and the description's body from 31.
    let cases: [(String, Int, String)] = [
      // 'UIView' 31-36, ':0x7fe1' 37-43, '.' 44, 'height' 45-50, ' ' 51: '=' is 52.
      ("<NSLayoutConstraint:0xf0 UIView:0x7fe1.height = 44>", 52, "relation"),
      // ... '==' 52-53, ' ' 54: '>' is 55 where a constant or an item should be.
      ("<NSLayoutConstraint:0xf1 UIView:0x7fe1.height == >", 55, "constant"),
      // 'H:[' 31-33, 'UIView' 34-39, ':0x7fe1' 40-46, '(' 47, '44' 48-49: '>' is 50.
      ("<NSLayoutConstraint:0xf2 H:[UIView:0x7fe1(44>", 50, "')'"),
      // No address: the class cannot be read, from column 7.
      ("<NSLayoutConstraint UIView:0x7fe1.height == 44>", 7, "class and address"),
      // '== 44 ' 52-57, '(' 58: 'activ' starts at 59.
      ("<NSLayoutConstraint:0xf3 UIView:0x7fe1.height == 44 (activ)>", 59, "'active'"),
      // 'V:[UIView:0x7fe1]' 31-47, '-(8)-' 48-52: '>' is 53.
      ("<NSLayoutConstraint:0xf4 V:[UIView:0x7fe1]-(8)->", 53, "view or '|'"),
    ]
    for (description, column, mentions) in cases {
      let text = "Unable to simultaneously satisfy constraints.\n(\n    \"\(description)\"\n)\n"
      let log = ConflictLogReader.read(text: text, file: "x.log")
      XCTAssertEqual(log.diagnostics.map(\.code), ["log-unreadable-constraint"], description)
      XCTAssertEqual(lineColumn(log.diagnostics.first?.location), [3, column], description)
      XCTAssertTrue(log.diagnostics.first?.message.contains(mentions) ?? false, log.diagnostics.first?.message ?? "")
      XCTAssertEqual(log.blocks.first?.isComplete, false)
      XCTAssertEqual(log.blocks.first?.listedCount, 1)
    }
  }
}
