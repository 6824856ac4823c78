import TrellisModel

/// What kind of constraint a description is, and who made it, from its class, its identifier
/// and its items (docs/logs.md, "Kinds"). The first rule that applies decides.
enum ConstraintClassifier {
  /// Identifiers of UIKit's keyboard and input-view constraints (the keyboard's placeholder,
  /// its assistant bar and accessory view, since iOS 9).
  static let keyboardIdentifierPrefixes = [
    "assistantHeight", "assistantView.", "accessoryView.", "inputView.", "UIKeyboardLayoutGuide", "UIKB", "_UIKB",
    "UIInputSet", "UIKeyboard",
  ]
  /// Identifiers UIKit gives its own views' constraints that no rule above names
  /// (navigation bars, button bars, Interface Builder's prototyping constraints).
  static let systemIdentifierPrefixes = [
    "UI", "_UI", "NS", "_NS", "BIB_", "CB_", "Mask_", "MaskEV_", "IB auto generated", "TUI", "SPUI",
    // systemLayoutSizeFitting's target sizes ('fittingSizeHTarget').
    "fittingSize",
  ]

  static func classify(_ constraint: LogConstraint, items: [LogItem]) -> (
    kind: ConstraintKind, madeBy: LogConstraintMaker
  ) {
    let className = constraint.className
    let id = constraint.identifier ?? ""
    // Identifiers that name UIKit's mechanism decide first: an autoresizing constraint of a
    // cell that says 'UIView-Encapsulated-Layout-Left' is the encapsulated frame.
    if id.hasPrefix("UISV-") { return (.stack(id), .system) }
    if id.hasPrefix("UIView-Encapsulated-Layout-") { return (.encapsulated(id), .system) }
    if id.hasPrefix("UIView-") && id.hasSuffix("-guide-constraint") { return (.marginsGuide(id), .system) }
    if id.hasPrefix("UIViewSafeAreaLayoutGuide") { return (.safeArea(id), .system) }
    if id.hasPrefix("UIScrollView") || id.hasPrefix("_UIScrollView") || id.contains("ContentLayoutGuide")
      || id.contains("FrameLayoutGuide")
    {
      return (.scrollView(id), .system)
    }
    if keyboardIdentifierPrefixes.contains(where: { id.hasPrefix($0) }) { return (.keyboard(id), .system) }
    switch className {
    case "NSAutoresizingMaskLayoutConstraint": return (.autoresizingMask, .system)
    case "NSContentSizeLayoutConstraint": return (.contentSize, .system)
    case "_UITemporaryLayoutWidth", "_UITemporaryLayoutHeight": return (.temporarySize, .system)
    case "_UILayoutSupportConstraint": return (.safeArea(className), .system)
    case "_UIScrollViewAutomaticContentSizeConstraint": return (.scrollView(className), .system)
    case "NSIBPrototypingLayoutConstraint": return (.app, .interfaceBuilder)
    case "SnapKit.LayoutConstraint": return (.app, .snapKit)
    case "MASLayoutConstraint": return (.app, .masonry)
    default: break
    }
    if id.hasPrefix("_UITemporaryLayout") { return (.temporarySize, .system) }
    // Between Apple's own views only: no app made it (the keyboard's when a keyboard view is one).
    let anchors = [constraint.first] + (constraint.second.map { [$0] } ?? [])
    let views = anchors.map { items[$0.item] }.filter { !$0.isLayoutGuide && !$0.isUnnamedSuperview }
    if !views.isEmpty && views.allSatisfy({ LogConstraint.isApplePrivateClass($0.className) }) {
      if !id.isEmpty { return (.system(id), .appleViews) }
      if let keyboard = views.first(where: { isKeyboardClass($0.className) }) {
        return (.keyboard(keyboard.className), .appleViews)
      }
      return (.app, .appleViews)
    }
    if !id.isEmpty && systemIdentifierPrefixes.contains(where: { id.hasPrefix($0) }) { return (.system(id), .system) }
    // Another private class of Apple's: the system's.
    if className.hasPrefix("_") { return (.system(className), .system) }
    return (.app, .appCode)
  }

  static func isKeyboardClass(_ name: String) -> Bool {
    let bare = name.hasPrefix("_") ? String(name.dropFirst()) : name
    return [
      "UIKeyboard", "UIKB", "UIInputSet", "UIRemoteKeyboard", "UICompatibilityInputView", "UIButtonBar",
      "SystemInputAssistantView", "TUISystemInputAssistant", "UIUCB",
    ].contains { bare.hasPrefix($0) }
  }
}

extension LogConstraint {
  /// Classes of Apple's own views that an app does not make or constrain: any class whose name
  /// starts with `_`, and a short list of public-looking private ones seen in logs (the
  /// keyboard's views, Messages' entry view, SpringBoard's search header).
  package static func isApplePrivateClass(_ name: String) -> Bool {
    // `_TtC5UIKit…` is a private Swift class of UIKit's (a markdown paste may show its `_` as `*`).
    if name.hasPrefix("_") || name.hasPrefix("*") || name.contains("TtC5UIKit") { return true }
    let prefixes = ["UIKeyboard", "UIKB", "UIInputSet", "UIRemoteKeyboard", "TUI", "SPUI"]
    let names: Set = [
      "CKMessageEntryView", "SystemInputAssistantView", "UICompatibilityInputViewController", "UITextEffectsWindow",
    ]
    return names.contains(name) || prefixes.contains { name.hasPrefix($0) }
  }
}
