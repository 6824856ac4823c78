/// The root's keyboard layout guide (UIKit's `keyboardLayoutGuide`, iOS 15), written
/// `root.keyboardLayoutGuide.top` in files (the root's id before the guide).
///
/// It spans the root's width and runs up from the root's bottom: with the keyboard hidden, to the
/// safe area's bottom (UIKit's `usesBottomSafeArea`, default true: the guide "ties to the
/// bottomAnchor of the view's safeAreaLayoutGuide"); with the keyboard shown, by the keyboard's
/// height (``Environment/keyboardHeight``), measured from the screen's bottom as UIKit's keyboard
/// frame is. Undocked and floating keyboards (`followsUndockedKeyboard`) are not modelled.
public enum KeyboardGuide {
  /// The generated item's name after the owner: `root#keyboard`.
  package static let name = "keyboard"
  /// What files write after the root's id: `root.keyboardLayoutGuide.top`.
  package static let fileName = "keyboardLayoutGuide"

  /// The keyboard guide of view `id` (only the root's is laid out).
  public static func guide(of id: String) -> LayoutItem { .generated(owner: id, name: name) }

  /// Whether `item` is a keyboard guide.
  package static func isGuide(_ item: LayoutItem) -> Bool {
    if case .generated(_, let guide) = item { return guide == name }
    return false
  }

  /// The guide's height in `environment`: the keyboard's when shown, else the bottom safe-area inset.
  package static func height(keyboard: Double?, safeAreaInsets: EdgeInsets) -> Double {
    keyboard ?? safeAreaInsets.bottom
  }
}
