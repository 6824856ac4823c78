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

  public init(
    containerSize: Size, traits: TraitCollection, safeAreaInsets: EdgeInsets = .zero, scale: Double = 1,
    layoutDirection: LayoutDirection = .leftToRight, deviceName: String? = nil, orientation: Orientation? = nil
  ) {
    self.containerSize = containerSize
    self.traits = traits
    self.safeAreaInsets = safeAreaInsets
    self.scale = scale
    self.layoutDirection = layoutDirection
    self.deviceName = deviceName
    self.orientation = orientation
  }

  /// `iPhone 8 landscape (667x375, wC hC)` or `320x568, wC hR`.
  public var description: String {
    let body = "\(containerSize), \(traits)"
    if let deviceName {
      return "\(deviceName)\(orientation.map { " \($0.rawValue)" } ?? "") (\(body))"
    }
    return body
  }
}
