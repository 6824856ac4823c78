import TrellisSupport

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
