/// An iPad app window in Split View or Slide Over: a fraction of the screen's width at full height.
///
/// Widths and horizontal size classes are platform-facts.md §1b (swift-snapshot-testing's
/// `ViewImageConfig` iPad splits, agreeing with Apple's multitasking guide); the vertical size
/// class is always regular. Slide Over uses the 1/3 width.
///
/// Safe area (documented choice; no source measures it per window): the full-screen insets of
/// the device in that orientation. The status bar runs across the top of every window and the
/// home indicator across the bottom, and every iPad in the table has zero side insets, so a
/// window's insets equal the screen's.
public struct MultitaskingWindow: Hashable, Sendable, CustomStringConvertible {
  /// The share of the screen's width the window takes.
  public enum Fraction: String, Hashable, Sendable, CaseIterable {
    case oneThird = "1/3"
    case half = "1/2"
    case twoThirds = "2/3"
  }

  public var device: Device
  public var orientation: Orientation
  public var fraction: Fraction
  /// The window's width in points; its height is the screen's height in that orientation.
  public var width: Double
  /// The window's horizontal size class (vertical is always regular).
  public var horizontal: SizeClass

  public init(device: Device, orientation: Orientation, fraction: Fraction, width: Double, horizontal: SizeClass) {
    self.device = device
    self.orientation = orientation
    self.fraction = fraction
    self.width = width
    self.horizontal = horizontal
  }

  /// The window's size: `width` × the screen's height in the orientation.
  public var size: Size { Size(width: width, height: device.size(orientation).height) }

  public var traits: TraitCollection { TraitCollection(horizontal: horizontal, vertical: .regular) }

  /// The environment of an app in this window. Its `deviceName` is `<device> split <fraction>`.
  ///
  /// - Parameter layoutDirection: the app's layout direction.
  public func environment(layoutDirection: LayoutDirection = .leftToRight) -> Environment {
    Environment(
      containerSize: size, traits: traits, safeAreaInsets: device.facts(orientation).safeAreaInsets,
      scale: device.scale, layoutDirection: layoutDirection, deviceName: "\(device.name) split \(fraction.rawValue)",
      orientation: orientation)
  }

  /// `iPad Pro 12.9-inch (3rd-6th gen) landscape 1/2 (678x1024, wR hR)`.
  public var description: String {
    "\(device.name) \(orientation.rawValue) \(fraction.rawValue) (\(size), \(traits))"
  }

  struct WidthEntry {
    var orientation: Orientation
    var fraction: Fraction
    var width: Double
    var horizontal: SizeClass
  }

  /// Window widths per iPad screen (portrait points), platform-facts.md §1b. Portrait has no 1/2
  /// split. The 1024x1366 row was measured on the 12.9-inch iPad Pro; the iPad Air 13-inch has the
  /// same screen in points and uses it too (inferred).
  static func widths(forScreen screen: Size) -> [WidthEntry]? {
    func row(_ landscape: [(Double, SizeClass)], _ portrait: [(Double, SizeClass)]) -> [WidthEntry] {
      let landscapeFractions: [Fraction] = [.oneThird, .half, .twoThirds]
      let portraitFractions: [Fraction] = [.oneThird, .twoThirds]
      return zip(landscapeFractions, landscape).map {
        WidthEntry(orientation: .landscape, fraction: $0, width: $1.0, horizontal: $1.1)
      }
        + zip(portraitFractions, portrait).map {
          WidthEntry(orientation: .portrait, fraction: $0, width: $1.0, horizontal: $1.1)
        }
    }
    switch (screen.width, screen.height) {
    case (768, 1024):
      return row([(320, .compact), (507, .compact), (694, .regular)], [(320, .compact), (438, .compact)])
    case (810, 1080):
      return row([(320, .compact), (535, .compact), (750, .regular)], [(320, .compact), (480, .compact)])
    case (834, 1112):
      return row([(320, .compact), (551, .compact), (782, .regular)], [(320, .compact), (504, .compact)])
    case (834, 1194):
      return row([(375, .compact), (592, .compact), (809, .regular)], [(320, .compact), (504, .compact)])
    case (1024, 1366):
      return row([(375, .compact), (678, .regular), (981, .regular)], [(375, .compact), (639, .compact)])
    default: return nil
    }
  }
}
