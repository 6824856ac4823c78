import TrellisText
import XCTest

/// Dynamic Type sizes against their sources. "HIG" is Apple's Human Interface Guidelines,
/// Typography → Specifications (iOS, iPadOS Dynamic Type sizes and larger accessibility type
/// sizes), read from the page snapshot in raintree-technology/apple-hig-skills
/// skills/hig-foundations/references/typography.md @ 27620e60; "iOS 13.3" is the table measured
/// with `UIFont.preferredFont` in the iOS 13.3 simulator, temoki/UIKit_DynamicType README.md @
/// 04de9d61; "Chromium" is ios/components/ui_util/dynamic_type_util.mm, whose comment lists
/// Body's sizes at every category.
final class DynamicTypeTests: XCTestCase {
  func testAnchorsAtTheDefaultCategory() {
    // HIG, Large (default): Body 17/22 regular, Headline 17/22 semibold, Caption 2 11/13,
    // Large Title 34/41. Also iOS 13.3 for the sizes.
    XCTAssertEqual(
      TextStyle.body.specification(for: .large),
      TextStyle.Specification(size: 17, weight: 400, leading: 22, emphasizedWeight: 600))
    XCTAssertEqual(
      TextStyle.headline.specification(for: .large),
      TextStyle.Specification(size: 17, weight: 600, leading: 22, emphasizedWeight: 600))
    XCTAssertEqual(DynamicType.pointSize(.caption2, .large), 11)
    XCTAssertEqual(TextStyle.caption2.specification(for: .large).leading, 13)
    XCTAssertEqual(DynamicType.pointSize(.largeTitle, .large), 34)
    XCTAssertEqual(TextStyle.largeTitle.specification(for: .large).leading, 41)
    // HIG: Large Title's emphasized weight is Bold.
    XCTAssertEqual(TextStyle.largeTitle.specification(for: .large).emphasizedWeight, 700)
  }

  func testOtherCells() {
    // HIG AX5: Body 53/62 (also iOS 13.3 and Chromium's 53), Large Title 60/70, Footnote 44/52.
    XCTAssertEqual(DynamicType.pointSize(.body, .accessibilityExtraExtraExtraLarge), 53)
    XCTAssertEqual(TextStyle.body.specification(for: .accessibilityExtraExtraExtraLarge).leading, 62)
    XCTAssertEqual(DynamicType.pointSize(.largeTitle, .accessibilityExtraExtraExtraLarge), 60)
    XCTAssertEqual(TextStyle.largeTitle.specification(for: .accessibilityExtraExtraExtraLarge).leading, 70)
    XCTAssertEqual(DynamicType.pointSize(.footnote, .accessibilityExtraExtraExtraLarge), 44)
    // HIG xSmall: Large Title 31/38, Body 14/19 (Chromium's first value is 14), Caption 1 11/13.
    XCTAssertEqual(TextStyle.largeTitle.specification(for: .extraSmall).leading, 38)
    XCTAssertEqual(DynamicType.pointSize(.largeTitle, .extraSmall), 31)
    XCTAssertEqual(DynamicType.pointSize(.body, .extraSmall), 14)
    XCTAssertEqual(DynamicType.pointSize(.caption1, .extraSmall), 11)
    // HIG xxxLarge: Subhead 21 with leading 28 (the same leading as Callout's 22 pt).
    XCTAssertEqual(
      TextStyle.subheadline.specification(for: .extraExtraExtraLarge),
      TextStyle.Specification(size: 21, weight: 400, leading: 28, emphasizedWeight: 600))
    // HIG AX1: Title 2 34/41, Caption 2 20/25; iOS 13.3 agrees on the sizes.
    XCTAssertEqual(DynamicType.pointSize(.title2, .accessibilityMedium), 34)
    XCTAssertEqual(TextStyle.caption2.specification(for: .accessibilityMedium).leading, 25)
    // Caption 2 at AX5: HIG 40 (kept), iOS 13.3 measured 41.
    XCTAssertEqual(DynamicType.pointSize(.caption2, .accessibilityExtraExtraExtraLarge), 40)
  }

  func testBodyMatchesChromiumRow() {
    // Chromium's comment: Body is [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53].
    XCTAssertEqual(
      ContentSizeCategory.allCases.map { DynamicType.pointSize(.body, $0) },
      [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
  }

  func testEveryStyleGrowsMonotonically() {
    for style in TextStyle.allCases {
      let specs = ContentSizeCategory.allCases.map { style.specification(for: $0) }
      for (smaller, larger) in zip(specs, specs.dropFirst()) {
        XCTAssertLessThanOrEqual(smaller.size, larger.size, "\(style) size")
        XCTAssertLessThanOrEqual(smaller.leading, larger.leading, "\(style) leading")
      }
      // Leading is always more than the size (it includes the glyphs' own height).
      XCTAssertTrue(specs.allSatisfy { $0.leading > $0.size }, "\(style) leading")
      // Weights do not change with the category.
      XCTAssertEqual(Set(specs.map(\.weight)).count, 1, "\(style) weight")
    }
  }

  func testCategoriesAreOrderedAndNamed() {
    XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
    XCTAssertLessThan(ContentSizeCategory.extraSmall, .large)
    XCTAssertLessThan(ContentSizeCategory.extraExtraExtraLarge, .accessibilityMedium)
    XCTAssertFalse(ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    XCTAssertTrue(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    XCTAssertEqual(
      ContentSizeCategory.allCases.map(\.shortName),
      ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"])
    XCTAssertEqual(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count, 5)
  }

  func testParserRoundTrips() {
    for category in ContentSizeCategory.allCases {
      XCTAssertEqual(ContentSizeCategory(name: category.shortName), category)
      XCTAssertEqual(ContentSizeCategory(name: category.rawValue), category)
      XCTAssertEqual(ContentSizeCategory(name: category.shortName.uppercased()), category)
      XCTAssertEqual(ContentSizeCategory(name: category.rawValue.lowercased()), category)
    }
    XCTAssertEqual(ContentSizeCategory(name: "ax5"), .accessibilityExtraExtraExtraLarge)
    XCTAssertEqual(ContentSizeCategory(name: "XXXLARGE"), .extraExtraExtraLarge)
    XCTAssertNil(ContentSizeCategory(name: "AX6"))
    XCTAssertNil(ContentSizeCategory(name: ""))
    XCTAssertNil(ContentSizeCategory(name: "huge"))
    for style in TextStyle.allCases {
      XCTAssertEqual(TextStyle(name: style.rawValue.uppercased()), style)
    }
    XCTAssertNil(TextStyle(name: "title4"))
  }

  func testScaledSize() {
    // Unchanged at the default category, whatever the style.
    XCTAssertEqual(DynamicType.scaledSize(13.5, relativeTo: .title3, for: .large), 13.5)
    // Body goes 17 → 53 at AX5: 10 × 53 / 17 = 31.176470…
    XCTAssertEqual(
      DynamicType.scaledSize(10, relativeTo: .body, for: .accessibilityExtraExtraExtraLarge), 530.0 / 17,
      accuracy: 1e-12)
    // Large Title goes 34 → 40 at xxxLarge: 17 × 40 / 34 = 20, and 8 × 40 / 34 = 9.411…
    XCTAssertEqual(DynamicType.scaledSize(17, relativeTo: .largeTitle, for: .extraExtraExtraLarge), 20)
    XCTAssertEqual(
      DynamicType.scaledSize(8, relativeTo: .largeTitle, for: .extraExtraExtraLarge), 320.0 / 34, accuracy: 1e-12)
    // Caption 2 is 11 at xSmall … Large, so nothing shrinks: 22 stays 22.
    XCTAssertEqual(DynamicType.scaledSize(22, relativeTo: .caption2, for: .extraSmall), 22)
    // Footnote goes 13 → 12 at Small: 26 × 12 / 13 = 24.
    XCTAssertEqual(DynamicType.scaledSize(26, relativeTo: .footnote, for: .small), 24)
  }
}
