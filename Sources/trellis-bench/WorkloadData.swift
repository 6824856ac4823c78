import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSolver
import TrellisSupport

/// kiwi's scalar strength of a required constraint: `create(1000, 1000, 1000, 1)`.
let kiwiRequiredStrength = 1_001_001_000.0

/// One linear constraint from a workload file: `Σ coefficient·variable + constant  OP  0`
/// at a kiwi strength. Variables are indices into the file's variable list, checked on reading.
struct LinearSpec {
  var terms: [(coefficient: Double, variable: Int)]
  var constant: Double
  var relation: Relation
  /// kiwi's scalar strength (``kiwiRequiredStrength`` when required).
  var strength: Double
  var location: SourceLocation

  var isRequired: Bool { strength >= kiwiRequiredStrength }

  /// `Σ coefficient·value + constant` at the given values.
  func residual(_ values: [Double]) -> Double {
    var sum = constant
    for term in terms { sum += term.coefficient * values[term.variable] }
    return sum
  }

  /// How far the values miss the relation (0 when it holds): kiwi's error of the constraint.
  func violation(_ values: [Double]) -> Double {
    let r = residual(values)
    switch relation {
    case .equal: return abs(r)
    case .greaterThanOrEqual: return max(0, -r)
    case .lessThanOrEqual: return max(0, r)
    }
  }

  /// The constraint for `solver`, whose variables are `variables` (indexed like the file's list).
  func constraint(_ variables: [Variable], priority: Priority) -> Constraint {
    let expression = LinearExpression(
      terms: terms.map { Term(variables[$0.variable], $0.coefficient) }, constant: constant)
    return Constraint(expression, relation, priority: priority)
  }

  /// `2*x + y - 3 >= 0 @1000000`, with the file's variable names.
  func describe(_ names: [String]) -> String {
    var text = ""
    for (position, term) in terms.enumerated() {
      let sign = term.coefficient < 0 ? "-" : "+"
      let magnitude = abs(term.coefficient)
      let body = magnitude == 1 ? names[term.variable] : "\(magnitude)*\(names[term.variable])"
      if position == 0 {
        text = term.coefficient < 0 ? "-\(body)" : body
      } else {
        text += " \(sign) \(body)"
      }
    }
    if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
    let strengthText = isRequired ? "required" : "strength \(NumberFormat.exact(strength))"
    return "\(text) \(relation.rawValue) 0 (\(strengthText))"
  }
}

/// An edit variable of a workload: an optional `variable == suggested value` at a strength.
struct EditSpec {
  var variable: Int
  var strength: Double
}

/// The total error at each non-required strength, highest strength first.
typealias ErrorsByStrength = [(strength: Double, error: Double)]

/// Reads the parts every workload file shares, resolving variable names to indices.
struct WorkloadFileReader {
  let root: JSONNode
  let variables: [String]
  /// Name → index, used for lookups only (never iterated).
  private let indexByName: [String: Int]

  init(path: String) throws(BenchInputError) {
    root = JSONNode(root: try JSONReader.read(path: path))
    let names = try root.member("variables").elements()
    var variables: [String] = []
    var indexByName: [String: Int] = [:]
    for node in names {
      let name = try node.string()
      guard indexByName[name] == nil else { throw node.error("the variable '\(name)' is listed twice") }
      indexByName[name] = variables.count
      variables.append(name)
    }
    self.variables = variables
    self.indexByName = indexByName
  }

  /// The index of the variable named by `node`.
  func variableIndex(_ node: JSONNode) throws(BenchInputError) -> Int {
    let name = try node.string()
    guard let index = indexByName[name] else {
      throw node.error("unknown variable '\(name)'; it is not in the file's 'variables' list")
    }
    return index
  }

  /// A strength: positive and at most kiwi's required strength.
  func strength(_ node: JSONNode) throws(BenchInputError) -> Double {
    let value = try node.number()
    guard value > 0, value <= kiwiRequiredStrength else {
      throw node.error("a strength must be in (0, \(NumberFormat.exact(kiwiRequiredStrength))], found \(value)")
    }
    return value
  }

  /// A constraint object `{"terms": [[coef, "var"], ...], "constant", "op", "strength"}`.
  func linearSpec(_ node: JSONNode) throws(BenchInputError) -> LinearSpec {
    var terms: [(coefficient: Double, variable: Int)] = []
    for termNode in try node.member("terms").elements() {
      let pair = try termNode.elements(count: 2)
      terms.append((try pair[0].number(), try variableIndex(pair[1])))
    }
    let opNode = try node.member("op")
    guard let relation = Relation(rawValue: try opNode.string()) else {
      throw opNode.error("unknown relation; use \"==\", \"<=\" or \">=\"")
    }
    return LinearSpec(
      terms: terms, constant: try node.member("constant").number(), relation: relation,
      strength: try strength(node.member("strength")), location: node.value.location)
  }

  /// `[{"variable": name, "strengthValue": s}, ...]`.
  func editSpecs(_ node: JSONNode) throws(BenchInputError) -> [EditSpec] {
    var edits: [EditSpec] = []
    for editNode in try node.elements() {
      let strengthNode = try editNode.member("strengthValue")
      let strength = try strength(strengthNode)
      guard strength < kiwiRequiredStrength else {
        throw strengthNode.error("an edit variable cannot be required")
      }
      edits.append(EditSpec(variable: try variableIndex(editNode.member("variable")), strength: strength))
    }
    return edits
  }

  /// `{"var": value, ...}` naming every variable exactly once → values by variable index.
  func valuesByVariable(_ node: JSONNode) throws(BenchInputError) -> [Double] {
    var values = [Double?](repeating: nil, count: variables.count)
    for member in try node.members() {
      guard let index = indexByName[member.key] else {
        throw member.node.error("unknown variable '\(member.key)'; it is not in the file's 'variables' list")
      }
      values[index] = try member.node.number()
    }
    var result: [Double] = []
    for (index, value) in values.enumerated() {
      guard let value else { throw node.error("no value for the variable '\(variables[index])'") }
      result.append(value)
    }
    return result
  }

  /// `{"1000000": 348.5, ...}` → errors by strength, highest first.
  func errorsByStrength(_ node: JSONNode) throws(BenchInputError) -> ErrorsByStrength {
    var result: ErrorsByStrength = []
    for member in try node.members() {
      guard let strength = Double(member.key), strength > 0, strength < kiwiRequiredStrength else {
        throw member.node.error("the key '\(member.key)' is not a non-required strength")
      }
      result.append((strength, try member.node.number()))
    }
    return result.sorted { $0.strength > $1.strength }
  }

  /// `[a, b]` as a pair of numbers.
  func pair(_ node: JSONNode) throws(BenchInputError) -> (Double, Double) {
    let two = try node.elements(count: 2)
    return (try two[0].number(), try two[1].number())
  }

  /// An array of numbers with exactly `count` elements.
  func numbers(_ node: JSONNode, count: Int) throws(BenchInputError) -> [Double] {
    var result: [Double] = []
    for element in try node.elements(count: count) { result.append(try element.number()) }
    return result
  }
}

/// One golden state of the enaml-like workload: kiwi's values and errors after some step.
struct EnamlGoldenState {
  /// `afterResize[2]` etc., for messages.
  var label: String
  /// The edit values in force (width, height); `(0, 0)` right after the build.
  var size: (Double, Double)
  var values: [Double]
  var errorsByStrength: ErrorsByStrength
}

/// enaml-like.json: a real layout, resized.
struct EnamlData {
  var path: String
  var variables: [String]
  /// Width and height, in that order.
  var edits: [EditSpec]
  var constraints: [LinearSpec]
  var resizes: [(Double, Double)]
  var forcedPivotResizes: [(Double, Double)]
  var afterBuild: EnamlGoldenState
  var afterResize: [EnamlGoldenState]
  var afterForcedPivotResize: [EnamlGoldenState]

  init(path: String) throws(BenchInputError) {
    let file = try WorkloadFileReader(path: path)
    let root = file.root
    self.path = path
    variables = file.variables
    let editsNode = try root.member("editVariables")
    edits = try file.editSpecs(editsNode)
    guard edits.count == 2 else {
      throw editsNode.error("expected two edit variables (width, height), found \(edits.count)")
    }
    var constraints: [LinearSpec] = []
    for node in try root.member("constraints").elements() { constraints.append(try file.linearSpec(node)) }
    self.constraints = constraints
    var resizes: [(Double, Double)] = []
    for node in try root.member("resizes").elements() { resizes.append(try file.pair(node)) }
    self.resizes = resizes
    var forced: [(Double, Double)] = []
    for node in try root.member("forcedPivotResizes").elements() { forced.append(try file.pair(node)) }
    forcedPivotResizes = forced
    guard !resizes.isEmpty, !forced.isEmpty else {
      throw root.error("'resizes' and 'forcedPivotResizes' must not be empty")
    }

    let golden = try root.member("golden")
    let objective = try root.member("goldenObjective")
    afterBuild = EnamlGoldenState(
      label: "afterBuild", size: (0, 0), values: try file.valuesByVariable(golden.member("afterBuild")),
      errorsByStrength: try file.errorsByStrength(objective.member("afterBuild").member("errorByStrength")))

    func states(_ key: String, sizes: [(Double, Double)]) throws(BenchInputError) -> [EnamlGoldenState] {
      let valueNodes = try golden.member(key).elements(count: sizes.count)
      let objectiveNodes = try objective.member(key).elements(count: sizes.count)
      var states: [EnamlGoldenState] = []
      for (index, size) in sizes.enumerated() {
        let sizeNode = try valueNodes[index].member("size")
        let goldenSize = try file.pair(sizeNode)
        guard goldenSize == size else {
          throw sizeNode.error("golden size \(goldenSize) differs from the size \(size) it should follow")
        }
        states.append(
          EnamlGoldenState(
            label: "\(key)[\(index)] (\(NumberFormat.exact(size.0))x\(NumberFormat.exact(size.1)))", size: size,
            values: try file.valuesByVariable(valueNodes[index].member("values")),
            errorsByStrength: try file.errorsByStrength(objectiveNodes[index].member("errorByStrength"))))
      }
      return states
    }
    afterResize = try states("afterResize", sizes: resizes)
    afterForcedPivotResize = try states("afterForcedPivotResize", sizes: forced)
  }
}

/// adddel-N.json: Cassowary's add/delete scaling test.
struct AddDelData {
  var path: String
  var name: String
  var variables: [String]
  var stays: [LinearSpec]
  var constraints: [LinearSpec]
  var edits: [EditSpec]
  var nResolves: Int
  /// Indices into `constraints` that a rolling-back solver rejects, ascending.
  var rejected: [Int]
  /// `constraints` minus `rejected`, in order (indices).
  var accepted: [Int]
  /// The values suggested in the first resolves, one per edit variable.
  var resolveSuggestions: [[Double]]
  /// The edit variables' values after each of the first resolves.
  var editValuesAfterResolve: [[Double]]
  var afterAdds: [Double]
  /// Σ strength·error after the adds (only the weak stays are optional then).
  var afterAddsObjective: Double
  /// All values after the first `resolveSuggestions.count` resolves.
  var afterCheckedResolves: [Double]
  var finalEditValues: [Double]

  init(path: String) throws(BenchInputError) {
    let file = try WorkloadFileReader(path: path)
    let root = file.root
    self.path = path
    name = try root.member("name").string()
    variables = file.variables
    var stays: [LinearSpec] = []
    for node in try root.member("stays").elements() { stays.append(try file.linearSpec(node)) }
    self.stays = stays
    var constraints: [LinearSpec] = []
    for node in try root.member("constraints").elements() { constraints.append(try file.linearSpec(node)) }
    self.constraints = constraints
    edits = try file.editSpecs(root.member("editVariables"))
    nResolves = try root.member("nResolves").integer(in: 1...10_000_000)

    let rejectedNode = try root.member("rejected")
    var rejected: [Int] = []
    for node in try rejectedNode.elements() {
      let index = try node.integer()
      guard index < constraints.count else {
        throw node.error("rejected index \(index) is past the \(constraints.count) constraints")
      }
      if let last = rejected.last, index <= last { throw node.error("'rejected' must be ascending without repeats") }
      rejected.append(index)
    }
    self.rejected = rejected
    var accepted: [Int] = []
    var nextRejected = 0
    for index in constraints.indices {
      if nextRejected < rejected.count, rejected[nextRejected] == index {
        nextRejected += 1
      } else {
        accepted.append(index)
      }
    }
    self.accepted = accepted
    let acceptedNode = try root.member("acceptedCount")
    guard try acceptedNode.integer() == accepted.count else {
      throw acceptedNode.error(
        "acceptedCount disagrees with the \(constraints.count) constraints minus \(rejected.count) rejected")
    }

    var suggestions: [[Double]] = []
    for node in try root.member("resolveSuggestions").elements() {
      suggestions.append(try file.numbers(node, count: edits.count))
    }
    resolveSuggestions = suggestions
    var editValues: [[Double]] = []
    for node in try root.member("editValuesAfterResolve").elements(count: suggestions.count) {
      editValues.append(try file.numbers(node, count: edits.count))
    }
    editValuesAfterResolve = editValues
    guard suggestions.count <= nResolves else {
      throw root.error("more resolveSuggestions (\(suggestions.count)) than nResolves (\(nResolves))")
    }

    let golden = try root.member("golden")
    afterAdds = try file.valuesByVariable(golden.member("afterAdds"))
    afterAddsObjective = try golden.member("afterAddsObjective").number()
    // The file names this state after100Resolves; it follows the checked resolves.
    afterCheckedResolves = try file.valuesByVariable(golden.member("after100Resolves"))
    guard suggestions.count == 100 else {
      throw try root.member("resolveSuggestions").error(
        "expected 100 suggestions to match golden.after100Resolves, found \(suggestions.count)")
    }
    finalEditValues = try file.numbers(golden.member("finalEditValues"), count: edits.count)
    let finalNode = try golden.member("finalEditValuesAfterResolves")
    guard try finalNode.integer() == nResolves else {
      throw finalNode.error(
        "finalEditValues were taken after a different number of resolves than nResolves (\(nResolves))")
    }
  }
}
