/// How much a constraint matters, on Auto Layout's scale.
///
/// `1000` is required: the constraint must hold or it is rejected. Anything
/// in the open interval (0, 1000) is optional. In the solver's default
/// ``Solver/Mode/strict`` mode a higher priority is never traded away for
/// any number of lower ones; in ``Solver/Mode/weighted`` mode the priority is
/// the cost of one unit of violation, summed as kiwi does.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  public let value: Double

  public init(_ value: Double) { self.value = value }
  public init(integerLiteral value: Int) { self.value = Double(value) }
  public init(floatLiteral value: Double) { self.value = value }

  /// 1000: the constraint must hold.
  public static let required = Priority(1000)
  /// 750: UIKit's `defaultHigh`, the default compression resistance.
  public static let defaultHigh = Priority(750)
  /// 250: UIKit's `defaultLow`, the default content hugging.
  public static let defaultLow = Priority(250)
  /// 50: UIKit's `fittingSizeLevel`.
  public static let fittingSizeLevel = Priority(50)

  /// Whether this is the required priority (1000).
  public var isRequired: Bool { value == 1000 }

  /// Whether the value is one a solver accepts: a finite number in (0, 1000].
  public var isValid: Bool { value.isFinite && value > 0 && value <= 1000 }

  public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

  public var description: String { formatNumber(value) }
}
