/// A width and a height in points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
  public var width: Double
  public var height: Double
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  public var description: String { "\(fmt(width))x\(fmt(height))" }
}

/// A rectangle in points: origin at the top left, y growing downward (UIKit's convention).
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  public var size: Size { Size(width: width, height: height) }
  public var description: String { "(\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height)))" }
}

/// Insets from each edge, in points.
public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  public static let zero = EdgeInsets()
  public static func uniform(_ value: Double) -> EdgeInsets {
    EdgeInsets(top: value, left: value, bottom: value, right: value)
  }
  public var description: String { "\(fmt(top)),\(fmt(left)),\(fmt(bottom)),\(fmt(right))" }
}

/// Prints a number exactly (the shortest text that reads back as the same `Double`), without
/// a trailing `.0`: for messages about a value the user wrote, where rounding could put an
/// out-of-range value onto the bound it broke ("priority 1000 is out of range").
func fmtExact(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}

/// Prints a number the short way: `8`, `12.5`, `92.333`.
func fmt(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  // Beyond 1e15 every Double is whole and needs no rounding; `value * 1000` would overflow to
  // infinity above 1.8e305 and print 1e308 as "inf".
  if value.isFinite, abs(value) < 1e15 {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }
  return "\(value)"
}
