/// Who made a constraint, as UIKit's console names it. It decides which constraint of a conflict
/// is broken (``breakingRank``): UIKit breaks what the app made before what UIKit made.
public enum ConstraintKind: Hashable, Sendable {
  /// Made by the app: a layout file, a nib or storyboard, code, SnapKit, Masonry; any plain
  /// `NSLayoutConstraint`, with or without the user's identifier.
  case app
  /// A stack view's, with UIKit's identifier (`UISV-spacing`, `UISV-hiding`, …).
  case stack(String)
  /// Content size: hugging or compression resistance (`NSContentSizeLayoutConstraint`).
  case contentSize
  /// The size a container gives a view it manages (`UIView-Encapsulated-Layout-Width`, …).
  case encapsulated(String)
  /// A size UIKit sets for one layout pass (`_UITemporaryLayoutWidth`, `…Height`).
  case temporarySize
  /// A view's frame and autoresizing mask (`NSAutoresizingMaskLayoutConstraint`, `h=--& v=--&`).
  case autoresizingMask
  /// A layout-margins guide's (`UIView-leftMargin-guide-constraint`, …).
  case marginsGuide(String)
  /// The safe-area guide's, or a top or bottom layout guide's (`_UILayoutSupportConstraint`).
  case safeArea(String)
  /// A scroll view's content and frame guides, or its automatic content size.
  case scrollView(String)
  /// The keyboard layout guide's, or an input or accessory view's.
  case keyboard(String)
  /// Any other constraint UIKit makes, with its identifier.
  case system(String)
  /// `width >= 0` or `height >= 0`: UIKit's engine keeps every size non-negative without a
  /// constraint it prints; front ends that rebuild a log's system add them.
  case nonnegativeSize

  /// Whether the app made it (``app``), as opposed to UIKit.
  public var isApp: Bool { self == .app }

  /// How readily UIKit breaks a constraint of this kind when required constraints conflict:
  /// of a minimal conflicting set, the constraint of the highest rank is broken (ties: the one
  /// added last). Ranks, from conflict logs (docs/semantics.md, "Which constraint UIKit breaks"):
  /// a required content size first (no log shows one; UIKit makes them in the update pass,
  /// after the app's), then the app's constraints; then a stack's spacing, margins guides,
  /// other stack constraints, scroll views, safe area, keyboard, other UIKit constraints,
  /// autoresizing masks; `UISV-hiding` (required in the iOS 9/10 logs that list it; a stack's
  /// own is 999.999 since iOS 11, never required), encapsulated and temporary sizes only
  /// when nothing else is in the set; a size's own `>= 0` never.
  public var breakingRank: Int {
    switch self {
    case .app: return 100
    case .stack(let identifier): return Self.stackBreakingRank(identifier)
    case .marginsGuide: return 85
    case .contentSize: return 105
    case .scrollView: return 60
    case .safeArea: return 50
    case .keyboard: return 45
    case .system: return 40
    case .autoresizingMask: return 30
    case .encapsulated, .temporarySize: return 10
    case .nonnegativeSize: return 0
    }
  }

  /// ``breakingRank`` of a stack's constraint with UIKit's `identifier`: its spacing, then its
  /// other constraints, and its hiding only when nothing else is in the set.
  static func stackBreakingRank(_ identifier: String) -> Int {
    switch identifier {
    case "UISV-spacing": return 90
    case "UISV-hiding": return 20
    default: return 80
    }
  }
}
