/// UIKit's Dynamic Type: the content size categories a user picks in Settings, the text styles,
/// and each style's point size, weight and leading at each category on iOS and iPadOS.
///
/// The numbers are Apple's Human Interface Guidelines, Typography → Specifications, "iOS, iPadOS
/// Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes" (the page as revised
/// December 16, 2025), cross-checked cell by cell against point sizes measured with
/// `UIFont.preferredFont(forTextStyle:compatibleWith:)` in the iOS 13.3 simulator; `docs/text.md`
/// names both sources and the one cell where they differ.
public enum DynamicType {
  /// The point size of `style` at `category`, as `UIFont.preferredFont(forTextStyle:)` gives it
  /// with the system font (Body at Large is 17).
  public static func pointSize(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
    style.specification(for: category).size
  }

  /// A custom size scaled the way UIFontMetrics scales it for `style`, approximately: by the
  /// ratio of the style's point size at `category` to its size at `.large`, unrounded.
  ///
  /// UIKit's real function is not documented and is *not* this ratio: Jared Sinclair ("Scaled
  /// Metric Surprises on iOS & iPadOS", 2024) measured `UIFontMetrics(forTextStyle: .body)
  /// .scaledValue(for: 17)` at Medium as 16.333…, where the ratio gives 16 and Body's own size is
  /// 16. What that measurement does establish is that the result is not rounded to whole points.
  /// At `.large` the size comes back unchanged, as UIFontMetrics returns it.
  ///
  /// - Parameters:
  ///   - size: the size at the default category (`.large`), in points.
  ///   - style: the text style whose growth the size follows.
  ///   - category: the category to scale to.
  public static func scaledSize(_ size: Double, relativeTo style: TextStyle, for category: ContentSizeCategory)
    -> Double
  {
    if category == .large { return size }
    return size * pointSize(style, category) / pointSize(style, .large)
  }
}

/// A Dynamic Type size a user picks, in `UIContentSizeCategory`'s order from smallest to largest.
///
/// The raw value is UIKit's Swift case name; `shortName` is the label the Human Interface
/// Guidelines' tables use (`xSmall` … `xxxLarge`, `AX1` … `AX5`).
public enum ContentSizeCategory: String, CaseIterable, Sendable, Comparable {
  case extraSmall
  case small
  case medium
  /// The default.
  case large
  case extraLarge
  case extraExtraLarge
  case extraExtraExtraLarge
  case accessibilityMedium
  case accessibilityLarge
  case accessibilityExtraLarge
  case accessibilityExtraExtraLarge
  case accessibilityExtraExtraExtraLarge

  /// The HIG's name for the category, as used on the command line: `xSmall`, `small`, `medium`,
  /// `large`, `xLarge`, `xxLarge`, `xxxLarge`, `AX1` … `AX5`.
  public var shortName: String {
    switch self {
    case .extraSmall: "xSmall"
    case .small: "small"
    case .medium: "medium"
    case .large: "large"
    case .extraLarge: "xLarge"
    case .extraExtraLarge: "xxLarge"
    case .extraExtraExtraLarge: "xxxLarge"
    case .accessibilityMedium: "AX1"
    case .accessibilityLarge: "AX2"
    case .accessibilityExtraLarge: "AX3"
    case .accessibilityExtraExtraLarge: "AX4"
    case .accessibilityExtraExtraExtraLarge: "AX5"
    }
  }

  /// Whether this is one of the five larger accessibility sizes (AX1 … AX5), as
  /// `UIContentSizeCategory.isAccessibilityCategory`.
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  /// The category named `name`: its `shortName` or its raw value, without regard to case
  /// (`"AX5"`, `"ax5"`, `"accessibilityExtraExtraExtraLarge"`); nil for anything else.
  public init?(name: String) {
    let wanted = name.lowercased()
    let found = Self.allCases.first { $0.shortName.lowercased() == wanted || $0.rawValue.lowercased() == wanted }
    guard let found else { return nil }
    self = found
  }

  /// The position in `allCases`, which is UIKit's order.
  var index: Int {
    // The cases are declared in UIKit's order, and self is always among them.
    Self.allCases.firstIndex(of: self) ?? 0
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

/// UIKit's text styles (`UIFont.TextStyle`), largest first as the HIG lists them.
public enum TextStyle: String, CaseIterable, Sendable {
  case largeTitle
  case title1
  case title2
  case title3
  case headline
  case body
  case callout
  case subheadline
  case footnote
  case caption1
  case caption2

  /// What the HIG specifies for one style at one category.
  public struct Specification: Hashable, Sendable {
    /// The point size.
    public var size: Double
    /// The weight as an OpenType `OS/2` weight class: 400 regular, 600 semibold, 700 bold.
    public var weight: Int
    /// The HIG's "Leading" column: the distance from one baseline to the next, in points, in the
    /// typographer's sense (22 for 17 pt Body). UILabel does not use it (its lines are the font's
    /// own `lineHeight`); it is what a design tool would set as line height.
    public var leading: Double
    /// The weight of the emphasized (bold-trait) variant, as a weight class.
    public var emphasizedWeight: Int

    /// A specification as the HIG's table states one (`package`: tests write the expected rows).
    package init(size: Double, weight: Int, leading: Double, emphasizedWeight: Int) {
      self.size = size
      self.weight = weight
      self.leading = leading
      self.emphasizedWeight = emphasizedWeight
    }
  }

  /// The style named `name` (its raw value, without regard to case); nil for anything else.
  public init?(name: String) {
    let wanted = name.lowercased()
    guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
    self = found
  }

  /// The style's size, weight, leading and emphasized weight at `category`.
  public func specification(for category: ContentSizeCategory) -> Specification {
    let row = sizesAndLeadings
    let i = category.index
    return Specification(
      size: Double(row.sizes[i]), weight: weight, leading: Double(row.leadings[i]), emphasizedWeight: emphasizedWeight)
  }

  /// The weight class at every category: Headline is semibold, every other style regular.
  var weight: Int { self == .headline ? 600 : 400 }

  /// The emphasized weight: bold for Large Title and Titles 1 and 2, semibold for the rest.
  var emphasizedWeight: Int {
    switch self {
    case .largeTitle, .title1, .title2: 700
    default: 600
    }
  }

  /// Sizes and leadings in points, xSmall … xxxLarge then AX1 … AX5: the HIG's tables (see the
  /// type's documentation), read row by row. Only Caption 2 at AX5 disagrees with the iOS 13.3
  /// measurement (HIG 40, measured 41); the HIG's value is kept.
  private var sizesAndLeadings: (sizes: [Int], leadings: [Int]) {
    switch self {
    case .largeTitle:
      ([31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60], [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70])
    case .title1:
      ([25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58], [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68])
    case .title2:
      ([19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56], [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66])
    case .title3:
      ([17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55], [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65])
    case .headline, .body:
      ([14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62])
    case .callout:
      ([13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51], [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60])
    case .subheadline:
      ([12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49], [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58])
    case .footnote:
      ([12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44], [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52])
    case .caption1:
      ([11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43], [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51])
    case .caption2:
      ([11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40], [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48])
    }
  }
}
