import Foundation
import TrellisSolver
import XCTest

/// SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a tiny generator whose stream is fixed by its seed, so every random
/// system below is reproducible from the seed printed in a failure message.
struct SplitMix64Random: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (multiply-shift; the tiny bias is irrelevant here). Our
  /// own rather than the standard library's, whose algorithm may change between releases.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    return Int((UInt128(next()) * UInt128(bound)) >> 64)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) * 0x1p-53 < p }

  /// A uniformly chosen element.
  mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }

  /// A double in `[0, 1)`.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// How many random cases the property tests run: the default keeps the suite fast in a
/// debug build; `TRELLIS_PROPERTY_SCALE=10` runs ten times as many for a deeper search.
enum PropertyBudget {
  static func count(_ base: Int) -> Int {
    let scale = ProcessInfo.processInfo.environment["TRELLIS_PROPERTY_SCALE"].flatMap(Double.init) ?? 1
    return max(1, Int((Double(base) * scale).rounded()))
  }
}

/// A constraint system as plain data, so the same system can be given to the real
/// solver, to the oracle, and printed as Swift for a bug report.
struct SystemSpec {
  struct Item {
    var terms: [(variable: Int, coefficient: Double)]
    var constant: Double
    var relation: Relation
    /// `nil` for required.
    var priority: Int?
  }

  struct Edit {
    var variable: Int
    var priority: Int
    var value: Double
  }

  var variableCount: Int
  var items: [Item] = []
  var edits: [Edit] = []

  /// The oracle's view: every item, then each edit as the optional `v − value == 0`.
  func oracleSystem(items chosen: [Item]? = nil, edits chosenEdits: [Edit]? = nil) throws(OracleOverflow)
    -> OracleSystem
  {
    var system = OracleSystem(variableCount: variableCount)
    for item in chosen ?? items {
      var coefficients = [OracleRational](repeating: .zero, count: variableCount)
      for term in item.terms {
        coefficients[term.variable] = try coefficients[term.variable].adding(OracleRational(exactly: term.coefficient))
      }
      system.items.append(
        OracleSystem.Item(
          coefficients: coefficients, constant: try OracleRational(exactly: item.constant),
          relation: item.relation, priority: item.priority))
    }
    for edit in chosenEdits ?? edits {
      var coefficients = [OracleRational](repeating: .zero, count: variableCount)
      coefficients[edit.variable] = .one
      system.items.append(
        OracleSystem.Item(
          coefficients: coefficients, constant: try OracleRational(exactly: edit.value).negated(),
          relation: .equal, priority: edit.priority))
    }
    return system
  }
}

extension SystemSpec.Item {
  /// The real constraint on `variables`.
  func constraint(_ variables: [Variable]) -> Constraint {
    Constraint(
      LinearExpression(terms: terms.map { Term(variables[$0.variable], $0.coefficient) }, constant: constant),
      relation, priority: priority.map { Priority(Double($0)) } ?? .required)
  }

  /// `Σ a·v + k` at `values`.
  func residual(_ values: [Double]) -> Double {
    terms.reduce(constant) { $0 + $1.coefficient * values[$1.variable] }
  }

  /// The size of the numbers in the residual, for relative tolerances.
  func scale(_ values: [Double]) -> Double {
    terms.reduce(abs(constant)) { max($0, abs($1.coefficient * values[$1.variable])) }
  }

  /// How much the constraint misses at `values`: |expr| for ==, the excess for <= and >=.
  func violation(_ values: [Double]) -> Double {
    let r = residual(values)
    switch relation {
    case .equal: return abs(r)
    case .lessThanOrEqual: return max(0, r)
    case .greaterThanOrEqual: return max(0, -r)
    }
  }

  /// Swift source that builds this constraint, for a reproduction in a bug report.
  func swiftSource() -> String {
    let termList = terms.map { "Term(v\($0.variable), \($0.coefficient))" }.joined(separator: ", ")
    let relationName =
      ".\(relation == .equal ? "equal" : relation == .lessThanOrEqual ? "lessThanOrEqual" : "greaterThanOrEqual")"
    let priorityText = priority.map { ", priority: \($0)" } ?? ""
    return "Constraint(LinearExpression(terms: [\(termList)], constant: \(constant)), \(relationName)\(priorityText))"
  }
}

/// Tolerance for comparing a solver result with an exact one: 1e-6, relative above 1.
func closeEnough(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// The outcome the oracle expects for adding a required constraint.
enum ExpectedAdd { case accepted, rejected, undecided }

/// A real solver loaded with a ``SystemSpec``, remembering which items it accepted.
struct LoadedSolver {
  let solver: Solver
  let variables: [Variable]
  /// The items accepted, in order, with their constraints.
  var accepted: [(item: SystemSpec.Item, constraint: Constraint)] = []

  init(variableCount: Int, mode: Solver.Mode) {
    solver = Solver(mode: mode)
    let s = solver
    variables = (0..<variableCount).map { s.makeVariable("v\($0)") }
  }

  var values: [Double] { variables.map(solver.value(of:)) }

  var acceptedItems: [SystemSpec.Item] { accepted.map(\.item) }
}

/// Renders a whole scenario as Swift for a bug report.
func swiftReproduction(
  mode: Solver.Mode, variableCount: Int, items: [SystemSpec.Item], edits: [SystemSpec.Edit] = [],
  extra: [String] = []
) -> String {
  var lines = ["let solver = Solver(mode: .\(mode == .strict ? "strict" : "weighted"))"]
  for v in 0..<variableCount { lines.append("let v\(v) = solver.makeVariable(\"v\(v)\")") }
  for item in items { lines.append("try solver.add(\(item.swiftSource()))") }
  for edit in edits {
    lines.append("try solver.addEditVariable(v\(edit.variable), priority: \(edit.priority))")
    lines.append("try solver.suggestValue(\(edit.value), for: v\(edit.variable))")
  }
  lines += extra
  return lines.joined(separator: "\n")
}

/// Random small systems for the differential tests.
enum RandomSystems {
  static let coefficients: [Double] = [-3, -2, -1, -1, -0.5, 0.5, 1, 1, 2, 3]
  static let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]

  /// 2–4 distinct optional priorities, mixing Auto Layout's usual ones with arbitrary ones.
  static func levels(_ rng: inout SplitMix64Random) -> [Int] {
    let pool = [1, 50, 250, 251, 500, 749, 750, 999] + (0..<4).map { _ in rng.int(in: 2...998) }
    var chosen: [Int] = []
    let count = rng.int(in: 2...4)
    while chosen.count < count {
      let p = rng.pick(pool)
      if !chosen.contains(p) { chosen.append(p) }
    }
    return chosen
  }

  /// A constant: mostly small integers, sometimes halves.
  static func constant(_ rng: inout SplitMix64Random, _ range: ClosedRange<Int> = -20...20) -> Double {
    let base = Double(rng.int(in: range))
    return rng.chance(0.2) ? base + 0.5 : base
  }

  /// One random item over `variableCount` variables. Required items are usually made to
  /// hold at `hidden` (so most required sets are feasible); `conflictRate` is the chance
  /// that a required item ignores it and may conflict.
  static func item(
    _ rng: inout SplitMix64Random, variableCount: Int, hidden: [Double], levels: [Int],
    requiredRate: Double, conflictRate: Double
  ) -> SystemSpec.Item {
    let termCount = min(variableCount, rng.pick([1, 1, 2, 2, 2, 3]))
    var chosen: [Int] = []
    while chosen.count < termCount {
      let v = rng.below(variableCount)
      if !chosen.contains(v) { chosen.append(v) }
    }
    var terms = chosen.map { (variable: $0, coefficient: rng.pick(coefficients)) }
    if rng.chance(0.05) {
      // A repeated variable: the solver must merge the terms.
      terms.append((variable: terms[0].variable, coefficient: rng.pick(coefficients)))
    }
    let relation = rng.pick(relations)
    let required = rng.chance(requiredRate)
    var item = SystemSpec.Item(
      terms: terms, constant: 0, relation: relation, priority: required ? nil : rng.pick(levels))
    if required && !rng.chance(conflictRate) {
      let atHidden = item.residual(hidden)  // exact: small dyadic numbers
      let slack = Double(rng.int(in: 0...3))
      switch relation {
      case .equal: item.constant = -atHidden
      case .lessThanOrEqual: item.constant = -atHidden - slack
      case .greaterThanOrEqual: item.constant = -atHidden + slack
      }
    } else {
      item.constant = constant(&rng)
    }
    return item
  }

  /// A random small system: ≤ 8 variables, ≤ 12 constraints, 0–2 edit variables.
  static func system(seed: UInt64, requiredRate: Double = 0.4, conflictRate: Double = 0.15) -> SystemSpec {
    var rng = SplitMix64Random(seed: seed)
    let variableCount = rng.int(in: 1...8)
    let hidden = (0..<variableCount).map { _ in Double(rng.int(in: -10...10)) }
    let levels = levels(&rng)
    var spec = SystemSpec(variableCount: variableCount)
    for _ in 0..<rng.int(in: 1...12) {
      spec.items.append(
        item(
          &rng, variableCount: variableCount, hidden: hidden, levels: levels,
          requiredRate: requiredRate, conflictRate: conflictRate))
    }
    var edited: [Int] = []
    for _ in 0..<rng.pick([0, 0, 1, 1, 2]) {
      let v = rng.below(variableCount)
      guard !edited.contains(v) else { continue }
      edited.append(v)
      spec.edits.append(SystemSpec.Edit(variable: v, priority: rng.pick(levels), value: constant(&rng, -30...30)))
    }
    return spec
  }
}
