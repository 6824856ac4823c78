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
public struct LinearExpression: Sendable, CustomStringConvertible {
  public var terms: [Term]
  public var constant: Double

  public init(terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  public init(_ variable: Variable) {
    self.init(terms: [Term(variable)], constant: 0)
  }

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

  func scaled(by factor: Double) -> LinearExpression {
    LinearExpression(
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

extension LinearExpression {
  public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
    LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
  }
  public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + LinearExpression(rhs) }
  public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
  public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
    LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
  }
  public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }

  public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs.scaled(by: -1) }
  public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs - LinearExpression(rhs) }
  public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }
  public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + (-rhs) }
  public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: -1) + lhs }

  public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }

  public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
  public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
  public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }
}

extension Variable {
  public static func + (lhs: Variable, rhs: Variable) -> LinearExpression {
    LinearExpression(lhs) + LinearExpression(rhs)
  }
  public static func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
  public static func + (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs) + lhs }
  public static func - (lhs: Variable, rhs: Variable) -> LinearExpression {
    LinearExpression(lhs) - LinearExpression(rhs)
  }
  public static func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
  public static func - (lhs: Double, rhs: Variable) -> LinearExpression { lhs - LinearExpression(rhs) }
  public static prefix func - (operand: Variable) -> LinearExpression { -LinearExpression(operand) }
  public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(terms: [Term(lhs, rhs)]) }
  public static func * (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(terms: [Term(rhs, lhs)]) }
  public static func / (lhs: Variable, rhs: Double) -> LinearExpression {
    LinearExpression(terms: [Term(lhs, 1 / rhs)])
  }
}
