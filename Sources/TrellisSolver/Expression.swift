/// One term of a linear expression: `coefficient × variable`.
public struct Term: Sendable, CustomStringConvertible {
  public var variable: Variable
  public var coefficient: Double

  public init(_ variable: Variable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }

  public var description: String {
    coefficient == 1 ? variable.name : "\(formatNumber(coefficient))*\(variable.name)"
  }
}

/// A linear expression `Σ coefficientᵢ × variableᵢ + constant`.
///
/// Build one with Swift's operators: `x + 2 * y - 8`. Terms keep the order
/// they were written in; repeated variables are merged when the expression is
/// added to a solver.
public struct Expression: Sendable, CustomStringConvertible, ExpressibleByFloatLiteral,
  ExpressibleByIntegerLiteral
{
  public var terms: [Term]
  public var constant: Double

  public init(terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  public init(_ variable: Variable) {
    self.init(terms: [Term(variable)], constant: 0)
  }

  public init(floatLiteral value: Double) { self.init(constant: value) }
  public init(integerLiteral value: Int) { self.init(constant: Double(value)) }

  /// Whether every coefficient and the constant are finite numbers.
  public var isFinite: Bool {
    constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
  }

  public var description: String {
    var out = ""
    for term in terms {
      let magnitude = abs(term.coefficient)
      let body = magnitude == 1 ? term.variable.name : "\(formatNumber(magnitude))*\(term.variable.name)"
      if out.isEmpty {
        out = term.coefficient < 0 ? "-" + body : body
      } else {
        out += term.coefficient < 0 ? " - " + body : " + " + body
      }
    }
    if out.isEmpty { return formatNumber(constant) }
    if constant != 0 {
      out += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))"
    }
    return out
  }

  func scaled(by factor: Double) -> Expression {
    Expression(
      terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
  }
}

/// Prints a number without a trailing `.0` when it is whole.
func formatNumber(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
    return String(Int64(value))
  }
  return "\(value)"
}

// MARK: - Arithmetic

extension Expression {
  public static func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
  }
  public static func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
  public static func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
  public static func + (lhs: Expression, rhs: Double) -> Expression {
    Expression(terms: lhs.terms, constant: lhs.constant + rhs)
  }
  public static func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }

  public static func - (lhs: Expression, rhs: Expression) -> Expression { lhs + rhs.scaled(by: -1) }
  public static func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
  public static func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }
  public static func - (lhs: Expression, rhs: Double) -> Expression { lhs + (-rhs) }
  public static func - (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: -1) + lhs }

  public static prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }

  public static func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
  public static func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
  public static func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }
}

extension Variable {
  public static func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }
  public static func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + rhs }
  public static func + (lhs: Double, rhs: Variable) -> Expression { Expression(rhs) + lhs }
  public static func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }
  public static func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) - rhs }
  public static func - (lhs: Double, rhs: Variable) -> Expression { lhs - Expression(rhs) }
  public static prefix func - (operand: Variable) -> Expression { -Expression(operand) }
  public static func * (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [Term(lhs, rhs)]) }
  public static func * (lhs: Double, rhs: Variable) -> Expression { Expression(terms: [Term(rhs, lhs)]) }
  public static func / (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [Term(lhs, 1 / rhs)]) }
}
