import TrellisSupport
import TrellisText

/// The direction text and leading/trailing run.
public enum LayoutDirection: String, Hashable, Sendable, Codable {
  case leftToRight
  case rightToLeft
}

/// A device orientation.
public enum Orientation: String, Hashable, Sendable, Codable, CaseIterable {
  case portrait
  case landscape
}

/// Everything outside a layout that decides its frames: the container size, the size
/// classes, the safe-area insets, the screen scale and the layout direction.
public struct Environment: Hashable, Sendable, CustomStringConvertible {
  public var containerSize: Size
  public var traits: TraitCollection
  public var safeAreaInsets: EdgeInsets
  /// Points to pixels (2 on @2x screens); used for pixel snapping.
  public var scale: Double
  public var layoutDirection: LayoutDirection
  /// The device this environment describes, when it comes from the device table.
  public var deviceName: String?
  public var orientation: Orientation?
  /// The user's preferred text size (Dynamic Type); text styles take their size from it.
  public var contentSizeCategory: ContentSizeCategory
  /// The software keyboard's height from the screen's bottom (UIKit's keyboard frame, the home
  /// indicator's strip included), or `nil` with the keyboard hidden; only the keyboard layout
  /// guide reads it (``KeyboardGuide``).
  public var keyboardHeight: Double?
  /// When the layout is a cell's content view (``CellSpec/contentEnvironment(on:hostWidth:)``):
  /// the host it is shown in and whether its height is fitted; `nil` for a screen.
  public var cell: CellContext?

  public init(
    containerSize: Size, traits: TraitCollection, safeAreaInsets: EdgeInsets = .zero, scale: Double = 1,
    layoutDirection: LayoutDirection = .leftToRight, deviceName: String? = nil, orientation: Orientation? = nil,
    contentSizeCategory: ContentSizeCategory = .large, keyboardHeight: Double? = nil
  ) {
    self.keyboardHeight = keyboardHeight
    self.contentSizeCategory = contentSizeCategory
    self.containerSize = containerSize
    self.traits = traits
    self.safeAreaInsets = safeAreaInsets
    self.scale = scale
    self.layoutDirection = layoutDirection
    self.deviceName = deviceName
    self.orientation = orientation
  }

  /// `iPhone 8 landscape (667x375, wC hC)` or `320x568, wC hR`; a content size other than
  /// `large` is named too (`320x568, wC hR, AX2`).
  public var description: String {
    var body = "\(containerSize), \(traits)"
    if let cell, cell.fitsHeight, containerSize.height == 0 {
      // Before fitting: the height is not yet known.
      body = "\(fmt(containerSize.width)) wide, \(traits)"
    }
    if contentSizeCategory != .large { body += ", \(contentSizeCategory.shortName)" }
    if let keyboardHeight { body += ", keyboard \(fmt(keyboardHeight))" }
    if let cell {
      body += ", a cell in a \(fmt(cell.hostWidth))-pt \(cell.isTableCell ? "table" : "collection")"
      if cell.fitsHeight { body += ", fitted height" }
    }
    if let deviceName {
      return "\(deviceName)\(orientation.map { " \($0.rawValue)" } ?? "") (\(body))"
    }
    return body
  }
}
