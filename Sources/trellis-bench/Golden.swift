import TrellisSolver
import TrellisSupport

/// The tolerances of the golden checks (one place, so a report can quote them).
enum GoldenTolerance {
  /// Absolute tolerance on each level's total error and on each required constraint.
  static let absolute = 1e-6
  /// Relative tolerance on variable values: `|ours − kiwi| ≤ relative · max(1, |kiwi|)`.
  static let relative = 1e-6
  /// How far apart two ways of reaching the same frames may put them (a moved engine and a fresh
  /// one, the engine and hand-written arithmetic): rounding only, far below a pixel.
  static let frames = 1e-9

  /// Whether `value` matches `expected` within the relative tolerance.
  static func valuesMatch(_ value: Double, _ expected: Double) -> Bool {
    abs(value - expected) <= relative * max(1, abs(expected))
  }
}

/// Collects golden-check problems of one workload in one mode, as readable sentences.
struct GoldenLog {
  private(set) var problems: [String] = []
  /// What was compared (shown with --verbose), so a pass can be seen not to be vacuous.
  private(set) var notes: [String] = []

  mutating func fail(_ problem: String) { problems.append(problem) }
  mutating func note(_ note: String) { notes.append(note) }

  var isEmpty: Bool { problems.isEmpty }

  /// `ok`, or `mismatch: ` with the count and the first problems, for the JSON summary.
  var summary: String {
    if problems.isEmpty { return "ok" }
    let shown = problems.prefix(3).joined(separator: "; ")
    let more = problems.count > 3 ? "; … (\(problems.count) problems in all)" : ""
    return "mismatch: \(shown)\(more)"
  }
}

/// An optional `variable == target` edit constraint, as it stands in some state.
struct EditTarget {
  var variable: Int
  var target: Double
  var strength: Double
}

/// The total error at each optional strength: `Σ |violation|` of the optional constraints
/// and of the edit constraints (`variable == target`), computed from the values alone.
func errorsByStrength(optional constraints: [LinearSpec], edits: [EditTarget], values: [Double]) -> ErrorsByStrength {
  var totals: ErrorsByStrength = []
  func add(_ strength: Double, _ error: Double) {
    if let index = totals.firstIndex(where: { $0.strength == strength }) {
      totals[index].error += error
    } else {
      totals.append((strength, error))
    }
  }
  for constraint in constraints where !constraint.isRequired { add(constraint.strength, constraint.violation(values)) }
  for edit in edits { add(edit.strength, abs(values[edit.variable] - edit.target)) }
  return totals.sorted { $0.strength > $1.strength }
}

extension GoldenLog {
  /// Every required constraint among `constraints` holds within ``GoldenTolerance/absolute``.
  mutating func checkRequired(
    _ constraints: [LinearSpec], indices: [Int]? = nil, values: [Double], names: [String], state: String
  ) {
    var failures = 0, checked = 0
    var largest = 0.0
    defer { note("\(state): \(checked) required constraints checked, largest violation \(largest)") }
    for index in indices ?? Array(constraints.indices) {
      let constraint = constraints[index]
      guard constraint.isRequired else { continue }
      let violation = constraint.violation(values)
      checked += 1
      largest = max(largest, violation)
      if !(violation <= GoldenTolerance.absolute) {
        failures += 1
        if failures <= 5 {
          fail(
            "\(state): required constraint #\(index) \(constraint.describe(names)) is violated by \(violation) (residual \(constraint.residual(values)))"
          )
        }
      }
    }
    if failures > 5 { fail("\(state): \(failures) required constraints are violated in all") }
  }

  /// Our per-strength errors equal kiwi's, within `tolerance(expected)`.
  mutating func checkErrors(
    _ ours: ErrorsByStrength, expected: ErrorsByStrength, state: String,
    tolerance: (Double) -> Double = { _ in GoldenTolerance.absolute }
  ) {
    let strengths = Set(ours.map(\.strength) + expected.map(\.strength)).sorted(by: >)
    var compared: [String] = []
    defer { note("\(state): errors by strength (ours/kiwi): \(compared.joined(separator: ", "))") }
    for strength in strengths {
      let mine = ours.first { $0.strength == strength }?.error ?? 0
      let theirs = expected.first { $0.strength == strength }?.error ?? 0
      compared.append("\(NumberFormat.exact(strength)): \(mine)/\(theirs)")
      if !(abs(mine - theirs) <= tolerance(theirs)) {
        fail(
          "\(state): total error at strength \(NumberFormat.exact(strength)) is \(mine), kiwi's is \(theirs) (difference \(mine - theirs))"
        )
      }
    }
  }

  /// Every variable not in `ambiguous` has kiwi's value (relative tolerance).
  mutating func checkValues(
    _ values: [Double], expected: [Double], ambiguous: Set<Int>, names: [String], state: String,
    limit: Int = 10
  ) {
    var failures: [String] = []
    let ambiguousNames = ambiguous.sorted().map { names[$0] }
    note(
      "\(state): \(expected.count - ambiguous.count) of \(expected.count) values compared; reported ambiguous: \(ambiguousNames.isEmpty ? "none" : ambiguousNames.joined(separator: " "))"
    )
    for index in expected.indices where !ambiguous.contains(index) {
      if !GoldenTolerance.valuesMatch(values[index], expected[index]) {
        failures.append("'\(names[index])' = \(values[index]), kiwi \(expected[index])")
      }
    }
    guard !failures.isEmpty else { return }
    let shown = failures.prefix(limit).joined(separator: ", ")
    let more = failures.count > limit ? ", … (\(failures.count) variables in all)" : ""
    fail("\(state): \(failures.count) determined variable(s) differ from kiwi: \(shown)\(more)")
  }
}

/// The indices (into `variables`) that the solver reports ambiguous, sorted.
func ambiguousIndices(_ solver: Solver, _ variables: [Variable]) -> Set<Int> {
  var indexByID: [Variable.ID: Int] = [:]
  for (index, variable) in variables.enumerated() { indexByID[variable.id] = index }
  var result = Set<Int>()
  for variable in solver.ambiguousVariables(among: variables) {
    if let index = indexByID[variable.id] { result.insert(index) }
  }
  return result
}

/// All values of `variables`, in order.
func readValues(_ solver: Solver, _ variables: [Variable]) -> [Double] {
  variables.map { solver.value(of: $0) }
}
