import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// Every layout in `Layouts/` on every device × orientation and every iPad split-view width:
/// no required constraint broken (as the engine reports it, and evaluated independently on the
/// frames by `ConstraintCheck`), no ambiguous view, every visible view inside the root, and
/// visible siblings not overlapping; then right-to-left mirrors left-to-right. One engine per
/// layout carries its solver from one environment to the next.
final class LayoutDeviceTableTests: XCTestCase {
  func testEveryLayoutOnEveryDeviceAndWindow() throws {
    let files = try LayoutFixtures.layoutFiles()
    XCTAssertGreaterThanOrEqual(files.count, 5)
    // 40 devices × 2 orientations + the split-view windows; layouts depend only on geometry,
    // so each distinct geometry is laid out once.
    XCTAssertGreaterThanOrEqual(LayoutFixtures.allEnvironments.count, 100)
    let environments = LayoutFixtures.distinctEnvironments
    XCTAssertTrue(
      LayoutFixtures.allEnvironments.allSatisfy { e in environments.contains { LayoutFixtures.sameGeometry($0, e) } })
    for url in files {
      guard let document = LayoutFixtures.document(url) else { continue }
      let engine = LayoutEngine(document: document)
      for screen in environments {
        // A cell is laid out as a table as wide as the screen shows it.
        let environment = document.cell?.contentEnvironment(on: screen) ?? screen
        let result = engine.layout(in: environment)
        check(result, file: url.lastPathComponent)
        ConstraintCheck(document: document, result: result).assertRequiredHold(engine.installedConstraints)
        Self.layoutChecks[url.lastPathComponent]?(result, "\(url.lastPathComponent) in \(environment)")
      }
      try checkRightToLeftMirrors(engine, file: url.lastPathComponent)
    }
  }

  /// Every example uses leading/trailing only, so right-to-left is the mirror image: checked
  /// on iPhone X landscape (safe-area insets on both sides, compact height), same engine.
  private func checkRightToLeftMirrors(_ engine: LayoutEngine, file name: String) throws {
    let screen = try XCTUnwrap(LayoutFixtures.environment("iPhone X", .landscape))
    let ltr = engine.document.cell?.contentEnvironment(on: screen) ?? screen
    var rtl = ltr
    rtl.layoutDirection = .rightToLeft
    let left = engine.layout(in: ltr)
    let right = engine.layout(in: rtl)
    check(right, file: name)
    let width = ltr.containerSize.width
    // Content offsets do not flip in right-to-left (UIKit's scroll views do not), so content
    // narrower or wider than its scroll view starts at the left in both: only content exactly
    // as wide as its frame mirrors.
    let clips = left.scrollClips
    for (view, clip) in zip(left.views, clips) {
      if clip != nil, let scroll = left.scrollViews.first(where: { isInside(view.id, $0.id, left) }),
        abs(scroll.contentSize.width - scroll.frame.width) > 1e-6
      {
        continue
      }
      guard let mirrored = right.view(view.id) else {
        XCTFail("\(name): \(view.id) missing in right-to-left")
        continue
      }
      let f = view.frame
      assertFrame(mirrored.frame, width - f.maxX, f.y, f.width, f.height, "\(name) right-to-left \(view.id)")
    }
  }

  /// What each example layout promises beyond the common checks.
  static let layoutChecks: [String: @Sendable (LayoutResult, String) -> Void] = [
    "calculator.json": checkCalculator, "mailboxes.json": checkMailboxes, "playing-cards.json": checkPlayingCards,
    "attributor.json": checkAttributor, "cassini.json": checkCassini, "long-form.json": checkLongForm,
    "message-cell.json": checkMessageCell,
  ]

  /// The content view is as tall as its content: the message's bottom plus the bottom margin
  /// (11), which is below the avatar's; the row is as tall.
  static func checkMessageCell(_ result: LayoutResult, _ context: String) {
    guard let root = result.views.first, let message = result.view("message"), let avatar = result.view("avatar"),
      let rowHeight = result.cellHeight
    else { return XCTFail(context) }
    XCTAssertEqual(root.frame.height, message.frame.maxY + 11, accuracy: 1e-6, context)
    XCTAssertLessThanOrEqual(avatar.frame.maxY, message.frame.maxY, context)
    XCTAssertEqual(rowHeight, root.frame.height, context)
  }

  /// The scroll view fills the root; the content is the image, 2048 x 1536 times the zoom
  /// (0.5 in wR hR, else 0.25), at the origin (offset 0, 0); 'always' adds the whole safe area to
  /// the insets; and `trellis matrix`'s design checks find nothing.
  static func checkCassini(_ result: LayoutResult, _ context: String) {
    guard let scroll = result.scrollView("scrollView"), let image = result.view("imageView") else {
      return XCTFail(context)
    }
    let size = result.environment.containerSize
    assertFrame(scroll.frame, 0, 0, size.width, size.height, context)
    let traits = result.environment.traits
    let zoom = traits.horizontal == .regular && traits.vertical == .regular ? 0.5 : 0.25
    assertFrame(image.frame, 0, 0, 2048 * zoom, 1536 * zoom, context)
    assertFrame(scroll.contentFrame, 0, 0, 2048 * zoom, 1536 * zoom, context)
    XCTAssertEqual(scroll.adjustedContentInset, result.environment.safeAreaInsets, context)
    XCTAssertEqual(DesignChecks.diagnostics(for: result).map(\.message), [], context)
  }

  /// The content is exactly as wide as the scroll view (vertical scrolling only), the form 16 in
  /// on every side; the scroll view spans the safe area's width, so only the top and bottom
  /// safe-area insets are added; and the design checks find nothing.
  static func checkLongForm(_ result: LayoutResult, _ context: String) {
    guard let scroll = result.scrollView("scroll"), let form = result.view("form") else { return XCTFail(context) }
    let safe = result.environment.safeAreaInsets
    let size = result.environment.containerSize
    assertFrame(scroll.frame, safe.left, 0, size.width - safe.left - safe.right, size.height, context)
    XCTAssertEqual(scroll.contentSize.width, scroll.frame.width, accuracy: 1e-6, context)
    XCTAssertEqual(scroll.contentSize.height, form.frame.height + 32, accuracy: 1e-6, context)
    assertFrame(form.frame, safe.left + 16, 16, scroll.frame.width - 32, form.frame.height, context)
    XCTAssertEqual(scroll.adjustedContentInset, EdgeInsets(top: safe.top, bottom: safe.bottom), context)
    XCTAssertEqual(DesignChecks.diagnostics(for: result).map(\.message), [], context)
  }

  /// 20 keys visible: 4 across × 5 down in regular height, 5 × 4 in compact height, all the
  /// same size, under the display.
  static func checkCalculator(_ result: LayoutResult, _ context: String) {
    let keys = result.views.filter { $0.kind == .button && !$0.isEffectivelyHidden }
    XCTAssertEqual(keys.count, 20, context)
    let compact = result.environment.traits.vertical == .compact
    XCTAssertEqual(ConcentrationLayoutTests.distinct(keys.map(\.frame.minX), within: 1e-6), compact ? 5 : 4, context)
    XCTAssertEqual(ConcentrationLayoutTests.distinct(keys.map(\.frame.minY), within: 1e-6), compact ? 4 : 5, context)
    guard let first = keys.first, let display = result.view("display") else { return XCTFail(context) }
    for key in keys {
      XCTAssertEqual(key.frame.width, first.frame.width, accuracy: 1e-6, "\(context): \(key.id)")
      XCTAssertEqual(key.frame.height, first.frame.height, accuracy: 1e-6, "\(context): \(key.id)")
      XCTAssertGreaterThanOrEqual(key.frame.minY, display.frame.maxY, "\(context): \(key.id)")
    }
  }

  /// Sidebar shown exactly in regular width, 320 wide; the message takes the rest of the
  /// safe area inset by 8 (less 320 + 1 beside the sidebar).
  static func checkMailboxes(_ result: LayoutResult, _ context: String) {
    guard let sidebar = result.view("sidebar"), let message = result.view("message") else { return XCTFail(context) }
    let regular = result.environment.traits.horizontal == .regular
    XCTAssertEqual(sidebar.isEffectivelyHidden, !regular, context)
    let available = result.safeArea.width - 16
    if regular {
      XCTAssertEqual(sidebar.frame.width, 320, accuracy: 1e-6, context)
      XCTAssertEqual(message.frame.width, available - 321, accuracy: 1e-6, context)
    } else {
      XCTAssertEqual(message.frame.width, available, accuracy: 1e-6, context)
    }
  }

  /// Each card 5:8, centered in its slot, inside it, and touching it on one axis.
  static func checkPlayingCards(_ result: LayoutResult, _ context: String) {
    for index in 1...3 {
      guard let card = result.view("playingCard\(index)")?.frame, let slot = result.view("slot\(index)")?.frame else {
        return XCTFail(context)
      }
      XCTAssertEqual(card.width * 8, card.height * 5, accuracy: 1e-6, context)
      XCTAssertEqual(card.midX, slot.midX, accuracy: 1e-6, context)
      XCTAssertEqual(card.midY, slot.midY, accuracy: 1e-6, context)
      XCTAssertTrue(card.isInside(slot), context)
      XCTAssertTrue(abs(card.width - slot.width) < 1e-6 || abs(card.height - slot.height) < 1e-6, context)
    }
  }

  /// The body takes the remaining height; the color buttons share the width equally.
  static func checkAttributor(_ result: LayoutResult, _ context: String) {
    guard let body = result.view("body"), let headline = result.view("headline"),
      let colors = result.view("colorButtons")
    else { return XCTFail(context) }
    XCTAssertEqual(body.frame.minY, headline.frame.maxY + 8, accuracy: 1e-6, context)
    XCTAssertEqual(colors.frame.minY, body.frame.maxY + 8, accuracy: 1e-6, context)
    XCTAssertGreaterThan(body.frame.height, 0, context)
    let buttons = ["orangeButton", "purpleButton", "blueButton", "blackButton"].compactMap { result.view($0)?.frame }
    XCTAssertEqual(buttons.count, 4, context)
    for button in buttons {
      XCTAssertEqual(button.width, (colors.frame.width - 24) / 4, accuracy: 1e-6, context)
      XCTAssertEqual(button.height, 44, accuracy: 1e-6, context)
    }
  }

  private func check(_ result: LayoutResult, file name: String) {
    let context = "\(name) in \(result.environment)"
    XCTAssertFalse(result.hasConflicts, "\(context): \(result.diagnostics.map(\.description))")
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [], context)
    XCTAssertEqual(result.ambiguousViews.map(\.id), [], context)
    guard let root = result.views.first else { return XCTFail("no root: \(context)") }
    let bounds = Rect(
      x: 0, y: 0, width: result.environment.containerSize.width, height: result.environment.containerSize.height)
    assertFrame(root.frame, 0, 0, bounds.width, bounds.height, context)
    let visible = result.views.filter { !$0.isEffectivelyHidden }
    for view in visible {
      let f = view.frame
      XCTAssertTrue([f.x, f.y, f.width, f.height].allSatisfy(\.isFinite), "\(context): \(view.id) \(f)")
      XCTAssertTrue(f.width >= -1e-9 && f.height >= -1e-9, "\(context): \(view.id) has a negative size \(f)")
      // Content of a scroll view lies in its content area, which may reach past the root.
      if let scroll = result.scrollViews.last(where: { isInside(view.id, $0.id, result) }) {
        XCTAssertTrue(f.isInside(scroll.contentFrame), "\(context): \(view.id) \(f) is outside \(scroll.id)'s content")
      } else {
        XCTAssertTrue(f.isInside(bounds), "\(context): \(view.id) \(f) is outside the root")
      }
    }
    // Visible siblings, pairwise (document order; a few dozen views per layout at most).
    for (index, view) in visible.enumerated() where view.parent != nil {
      for other in visible[(index + 1)...] where other.parent == view.parent {
        XCTAssertFalse(
          view.frame.overlaps(other.frame), "\(context): \(view.id) \(view.frame) overlaps \(other.id) \(other.frame)")
      }
    }
  }

  /// Whether view `id` is inside (a descendant of) view `ancestor`.
  private func isInside(_ id: String, _ ancestor: String, _ result: LayoutResult) -> Bool {
    var current = result.view(id)?.parent
    while let parent = current {
      if parent == ancestor { return true }
      current = result.view(parent)?.parent
    }
    return false
  }
}
