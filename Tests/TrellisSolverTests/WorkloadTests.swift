import Foundation
import TrellisSolver
import XCTest

/// The two public kiwi workloads in Benchmarks/Workloads, replayed in both modes against
/// kiwi's golden values (see that folder's README for what each state means).
final class WorkloadTests: XCTestCase {
  struct Workload {
    let json: [String: Any]
    let solver: Solver
    let variables: [String: Variable]
    /// Non-required constraints and edits with their kiwi strength, for per-level errors.
    var optional: [(strength: Double, evaluate: () -> Double)] = []
  }

  /// `Benchmarks/Workloads` in this repository, found from this file's path.
  static let benchDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TrellisSolverTests/
    .deletingLastPathComponent()  // Tests/
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Benchmarks/Workloads")

  /// Every workload file trellis-bench replays; the tests replay enaml-like and adddel-300.
  static let workloadFiles = ["enaml-like.json", "adddel-900.json", "adddel-300.json"]

  /// A workload file the repository must hold was not found.
  struct MissingWorkloadFile: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "missing workload file \(path): the kiwi workloads are part of the repository (Benchmarks/Workloads/, see its README)"
    }
  }

  /// A JSON number as a Double (integers come back as Int on Linux).
  func number(_ any: Any?) -> Double? {
    if let d = any as? Double { return d }
    if let i = any as? Int { return Double(i) }
    if let n = any as? NSNumber { return n.doubleValue }
    return nil
  }

  /// A workload file as a JSON object. A missing file fails the test, naming the path.
  func load(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let url = Self.benchDirectory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      let missing = MissingWorkloadFile(path: url.path)
      XCTFail(missing.description, file: file, line: line)
      throw missing
    }
    let data = try Data(contentsOf: url)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: data) as? [String: Any], "\(url.path) is not a JSON object", file: file,
      line: line)
  }

  /// trellis-bench needs all three files; the replays below read only two of them.
  func testEveryWorkloadFileIsInTheRepository() throws {
    for name in Self.workloadFiles {
      let json = try load(name)
      XCTAssertNotNil(json["golden"], "\(name) has no golden states")
    }
  }

  /// kiwi strength → our priority: weighted keeps kiwi's ratios; strict keeps its order.
  func priority(_ strength: Double, mode: Solver.Mode, levels: [Double]) -> Priority {
    if strength >= 1_001_001_000 { return .required }
    switch mode {
    case .weighted: return Priority(strength / 1001.001)
    case .strict: return Priority(Double(999 - (levels.firstIndex(of: strength) ?? 0)))
    }
  }

  func constraint(_ spec: [String: Any], _ vars: [String: Variable], _ p: Priority) throws -> Constraint {
    var e = LinearExpression(constant: number(spec["constant"]) ?? 0)
    for case let term as [Any] in spec["terms"] as? [Any] ?? [] {
      let coef = try XCTUnwrap(number(term[0]))
      let v = try XCTUnwrap(vars[try XCTUnwrap(term[1] as? String)])
      e = e + coef * v
    }
    let op: Relation =
      spec["op"] as? String == "==" ? .equal : spec["op"] as? String == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
    return Constraint(e, op, priority: p)
  }

  func value(_ e: LinearExpression, _ s: Solver) -> Double {
    e.terms.reduce(e.constant) { $0 + $1.coefficient * s.value(of: $1.variable) }
  }

  func violation(_ c: Constraint, _ s: Solver) -> Double {
    let v = value(c.expression, s)
    switch c.relation {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
  }

  func testEnamlGoldenStatesInBothModes() throws {
    let json = try load("enaml-like.json")
    let golden = try XCTUnwrap(json["golden"] as? [String: Any])
    let goldenObjective = try XCTUnwrap(json["goldenObjective"] as? [String: Any])
    let levels = ((json["strengthLevels"] as? [Any] ?? []).compactMap { number($0) }).filter { $0 < 1_001_001_000 }
    for mode in [Solver.Mode.strict, .weighted] {
      let s = Solver(mode: mode)
      var vars: [String: Variable] = [:]
      var ordered: [Variable] = []
      for name in json["variables"] as? [String] ?? [] {
        let v = s.makeVariable(name)
        vars[name] = v
        ordered.append(v)
      }
      var edits: [(Variable, Double)] = []
      for case let edit as [String: Any] in json["editVariables"] as? [Any] ?? [] {
        let v = try XCTUnwrap(vars[edit["variable"] as? String ?? ""])
        let strength = try XCTUnwrap(number(edit["strengthValue"]))
        try s.addEditVariable(v, priority: priority(strength, mode: mode, levels: levels))
        edits.append((v, strength))
      }
      var constraints: [(Constraint, Double)] = []
      for case let spec as [String: Any] in json["constraints"] as? [Any] ?? [] {
        let strength = try XCTUnwrap(number(spec["strength"]))
        let c = try constraint(spec, vars, priority(strength, mode: mode, levels: levels))
        try s.add(c)
        constraints.append((c, strength))
      }
      XCTAssertEqual(s.checkInvariants(), [])
      var editValues = [0.0, 0.0]

      func check(_ state: String, values: [String: Any], objective: [String: Any]) throws {
        // Required constraints hold.
        for (c, strength) in constraints where strength >= 1_001_001_000 {
          XCTAssertLessThan(violation(c, s), 1e-6, "\(mode) \(state): \(c)")
        }
        // Per-strength error equals kiwi's.
        var errors: [Double: Double] = [:]
        for (c, strength) in constraints where strength < 1_001_001_000 {
          errors[strength, default: 0] += violation(c, s)
        }
        for (i, (v, strength)) in edits.enumerated() {
          errors[strength, default: 0] += abs(s.value(of: v) - editValues[i])
        }
        let expected = try XCTUnwrap(objective["errorByStrength"] as? [String: Any])
        for (key, raw) in expected {
          let want = try XCTUnwrap(number(raw))
          let got = errors[Double(key) ?? -1] ?? 0
          XCTAssertEqual(got, want, accuracy: 1e-6, "\(mode) \(state): error at strength \(key)")
        }
        // 21 positions ambiguous, the 16 sizes determined and equal to kiwi's.
        let ambiguous = Set(s.ambiguousVariables().map(\.name))
        XCTAssertEqual(ambiguous.count, 21, "\(mode) \(state): \(ambiguous.sorted())")
        for v in ordered where !ambiguous.contains(v.name) {
          let want = try XCTUnwrap(
            number(values[v.name]), "\(v.name) \(String(describing: values[v.name])) \(type(of: values[v.name] as Any))"
          )
          XCTAssertEqual(s.value(of: v), want, accuracy: 1e-6 * max(1, abs(want)), "\(mode) \(state): \(v.name)")
        }
        for name in ["width", "height", "ctwidth", "ctheight", "lb1width", "fl3height"] {
          XCTAssertFalse(ambiguous.contains(name), "\(mode) \(state): \(name) should be determined")
        }
        for name in ["left", "top", "fl3top", "midline"] {
          XCTAssertTrue(ambiguous.contains(name), "\(mode) \(state): \(name) should be ambiguous")
        }
      }

      try check(
        "afterBuild", values: try XCTUnwrap(golden["afterBuild"] as? [String: Any]),
        objective: try XCTUnwrap(goldenObjective["afterBuild"] as? [String: Any]))
      let resizes = (json["resizes"] as? [[Any]] ?? []).map { $0.compactMap { number($0) } }
      let afterResize = golden["afterResize"] as? [Any] ?? []
      let objectiveAfterResize = goldenObjective["afterResize"] as? [Any] ?? []
      XCTAssertEqual(resizes.count, 6)
      for (i, size) in resizes.enumerated() {
        try s.suggestValue(size[0], for: edits[0].0)
        try s.suggestValue(size[1], for: edits[1].0)
        editValues = size
        XCTAssertEqual(s.checkInvariants(), [])
        let state = try XCTUnwrap(afterResize[i] as? [String: Any])
        try check(
          "afterResize[\(i)]", values: try XCTUnwrap(state["values"] as? [String: Any]),
          objective: try XCTUnwrap(objectiveAfterResize[i] as? [String: Any]))
      }
      let forced = golden["afterForcedPivotResize"] as? [Any] ?? []
      let forcedObjective = goldenObjective["afterForcedPivotResize"] as? [Any] ?? []
      XCTAssertEqual(forced.count, 2)
      for (i, raw) in forced.enumerated() {
        let state = try XCTUnwrap(raw as? [String: Any])
        let size = (state["size"] as? [Any] ?? []).compactMap { number($0) }
        try s.suggestValue(size[0], for: edits[0].0)
        try s.suggestValue(size[1], for: edits[1].0)
        editValues = size
        XCTAssertEqual(s.checkInvariants(), [])
        try check(
          "afterForcedPivotResize[\(i)]", values: try XCTUnwrap(state["values"] as? [String: Any]),
          objective: try XCTUnwrap(forcedObjective[i] as? [String: Any]))
      }
    }
  }

  /// Cassowary's add/delete test, N = 300: failed adds are rolled back, so the rejected
  /// indices must equal the file's `rejected` (kiwi rebuilt after each rejection).
  func testAddDeleteRejectsExactlyTheListedConstraintsAndRecovers() throws {
    let json = try load("adddel-300.json")
    let golden = try XCTUnwrap(json["golden"] as? [String: Any])
    let expectedRejected = (json["rejected"] as? [Any] ?? []).compactMap { number($0).map(Int.init) }
    for mode in [Solver.Mode.weighted, .strict] {
      let s = Solver(mode: mode)
      var vars: [String: Variable] = [:]
      var ordered: [Variable] = []
      for name in json["variables"] as? [String] ?? [] {
        let v = s.makeVariable(name)
        vars[name] = v
        ordered.append(v)
      }
      let weak = mode == .weighted ? Priority(1 / 1001.001) : Priority(1)
      let strong = mode == .weighted ? Priority(1_000_000 / 1001.001) : Priority(999)
      for case let spec as [String: Any] in json["stays"] as? [Any] ?? [] {
        try s.add(try constraint(spec, vars, weak))
      }
      var rejected: [Int] = []
      var accepted: [Constraint] = []
      for (i, raw) in (json["constraints"] as? [Any] ?? []).enumerated() {
        let c = try constraint(try XCTUnwrap(raw as? [String: Any]), vars, .required)
        let before = s.stateDescription
        do {
          try s.add(c)
          accepted.append(c)
        } catch {
          guard case SolverError.unsatisfiableConstraint(let failed, let conflicts) = error else {
            XCTFail("\(mode) constraint \(i): unexpected \(error)")
            continue
          }
          rejected.append(i)
          XCTAssertEqual(failed, c)
          XCTAssertFalse(conflicts.isEmpty, "\(mode) constraint \(i): no conflicting set given")
          XCTAssertEqual(s.stateDescription, before, "\(mode) constraint \(i): a failed add changed the solver")
        }
      }
      XCTAssertEqual(rejected, expectedRejected, "\(mode)")
      XCTAssertEqual(s.checkInvariants(), [], "\(mode)")
      for c in accepted { XCTAssertLessThan(violation(c, s), 1e-6, "\(mode) \(c)") }
      // The optimum minimizes the weak stays: sum |x_i| equals kiwi's.
      let objective = ordered.reduce(0.0) { $0 + abs(s.value(of: $1)) }
      let goldenObjective = try XCTUnwrap(number(golden["afterAddsObjective"]))
      XCTAssertEqual(objective, goldenObjective, accuracy: 1e-6 * goldenObjective, "\(mode)")
      let afterAdds = try XCTUnwrap(golden["afterAdds"] as? [String: Any])
      let ambiguous = Set(s.ambiguousVariables().map(\.name))
      for v in ordered where !ambiguous.contains(v.name) {
        let want = try XCTUnwrap(number(afterAdds[v.name]))
        XCTAssertEqual(s.value(of: v), want, accuracy: 1e-6 * max(1, abs(want)), "\(mode) \(v.name)")
      }
      // Resolves: each edit variable suggested 1.001 × its current value.
      var editVariables: [Variable] = []
      for case let edit as [String: Any] in json["editVariables"] as? [Any] ?? [] {
        let v = try XCTUnwrap(vars[edit["variable"] as? String ?? ""])
        try s.addEditVariable(v, priority: strong)
        editVariables.append(v)
      }
      let expectedEdits = (json["editValuesAfterResolve"] as? [[Any]] ?? []).map { $0.compactMap { number($0) } }
      for step in 0..<100 {
        for v in editVariables { try s.suggestValue(s.value(of: v) * 1.001, for: v) }
        for (k, v) in editVariables.enumerated() {
          let want = expectedEdits[step][k]
          XCTAssertEqual(s.value(of: v), want, accuracy: 1e-6 * max(1, abs(want)), "\(mode) resolve \(step) \(v.name)")
        }
      }
      XCTAssertEqual(s.checkInvariants(), [], "\(mode)")
      // Removing every accepted constraint leaves only the stays (and edits): all 0
      // but the edited variables.
      try s.removeEditVariable(editVariables[0])
      try s.removeEditVariable(editVariables[1])
      for c in accepted { try s.remove(c) }
      XCTAssertEqual(s.checkInvariants(), [], "\(mode)")
      for v in ordered { XCTAssertEqual(s.value(of: v), 0, accuracy: 1e-9, "\(mode) \(v.name)") }
    }
  }
}
