import TrellisSolver
import XCTest

/// `Engine.subject(for:_:)` looks at a column only for a symbol held by rows whose coefficient is
/// larger than every free symbol's and within its threshold of the row's largest (scanning a
/// stack's shared column for each new row was half of validating a 50,000-view stack). The choice must be the rule's, which this test states the
/// direct way (every candidate's column read) and compares on the rows of random constraints
/// against the states random operation scripts leave.
final class SubjectChoiceTests: XCTestCase {
  /// The rule, read directly (every candidate's column read): the largest free external (in no
  /// row; the first on a tie) unless an external held only by external rows has a larger
  /// coefficient that is also at least 0.1 of the row's largest; of those, the one in fewest
  /// rows, then the larger coefficient, then the lowest id; unless a symbol in no row has at
  /// least 1e-6 of its coefficient (the first such); else a restricted marker with a negative
  /// coefficient; else none. Coefficients that may be rounding are never chosen.
  static func ruleSubject(_ engine: Engine, _ row: Row, _ record: ConstraintRecord) -> SymbolID {
    var largest = 0.0
    var free: SymbolID = -1
    var freeMagnitude = 0.0
    for cell in row.cells where engine.kind(cell.symbol) == .external && row.isPivotable(cell.coefficient) {
      let magnitude = abs(cell.coefficient)
      largest = max(largest, magnitude)
      if engine.columns[Int(cell.symbol)].isEmpty && magnitude > freeMagnitude {
        free = cell.symbol
        freeMagnitude = magnitude
      }
    }
    var best: SymbolID = -1
    var bestMagnitude = 0.0
    var bestColumn = Int.max
    for cell in row.cells where engine.kind(cell.symbol) == .external && row.isPivotable(cell.coefficient) {
      let column = engine.columns[Int(cell.symbol)]
      let magnitude = abs(cell.coefficient)
      guard !column.isEmpty, column.allSatisfy({ engine.kind($0) == .external }),
        magnitude > freeMagnitude, magnitude >= 0.1 * largest
      else { continue }
      if column.count < bestColumn || (column.count == bestColumn && magnitude > bestMagnitude) {
        best = cell.symbol
        bestMagnitude = magnitude
        bestColumn = column.count
      }
    }
    if best < 0 && free >= 0 { return free }
    if best >= 0 {
      for cell in row.cells
      where engine.kind(cell.symbol) == .external && engine.columns[Int(cell.symbol)].isEmpty
        && row.isPivotable(cell.coefficient) && abs(cell.coefficient) >= 1e-6 * bestMagnitude
      {
        return cell.symbol
      }
      return best
    }
    for s in [record.marker, record.other] where s >= 0 {
      let k = engine.kind(s)
      if (k == .slack || k == .error) && row.coefficient(of: s) < 0 { return s }
    }
    return -1
  }

  /// A stack's rows: every earlier row's views hold the parameter p (the first row's y), and the
  /// newest row's `y₃ = 1.5·p` (after its views' `c₃ⱼ = y₃`) is solved for y₃, held by its own
  /// views, not for p, whose coefficient is larger but which every earlier view holds (that made
  /// a grid's fresh layout grow as n^1.5). Below 0.1 of the largest coefficient, the row is solved
  /// for the larger one however many rows hold it: one division grows coefficients at most tenfold.
  func testFewerRowsWinWithinTheThreshold() throws {
    for (factor, solvesForNewest) in [(1.5, true), (9.0, true), (11.0, false)] {
      let solver = Solver(mode: .strict)
      let p = solver.makeVariable("p"), y3 = solver.makeVariable("y3")
      let earlier = (0..<12).map { solver.makeVariable("c\($0)") }
      for (i, c) in earlier.enumerated() { try solver.add(Constraint(c - Double(i % 3 + 1) * p, .equal)) }
      let own = (0..<3).map { solver.makeVariable("c3_\($0)") }
      for c in own { try solver.add(Constraint(c - y3, .equal)) }
      let engine = solver.engine
      let pSymbol = engine.variableSymbol[Int(p.index)], ySymbol = engine.variableSymbol[Int(y3.index)]
      XCTAssertEqual(engine.columns[Int(pSymbol)].count, 12, "premise: every earlier view holds p")
      XCTAssertEqual(engine.columns[Int(ySymbol)].count, 3, "premise: the newest row's views hold y3")
      var probe = solver.engine
      let (row, record, _) = probe.makeRow(Constraint(y3 - factor * p, .equal), constant: 0, isEdit: false)
      XCTAssertEqual(probe.subject(for: row, record), solvesForNewest ? ySymbol : pSymbol, "factor \(factor)")
      try solver.add(Constraint(y3 - factor * p, .equal))
      XCTAssertEqual(solver.value(of: y3), factor * solver.value(of: p), accuracy: 1e-12)
    }
  }

  func testTheSubjectIsTheRulesChoice() throws {
    let numbers: [Double] = [1, -1, 2, 0.5, 8, -8, 44, 1e-3, 1e4, 3]
    var compared = 0
    var heldByRows = 0
    for seed in 0..<120 as Range<UInt64> {
      var rng = SplitMix64Random(seed: 0x5B1EC7 &+ seed)
      let script = (0..<300).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let solver: Solver
      let variables: [Variable]
      if seed % 2 == 0 {
        var captured: Solver?
        _ = script.withUnsafeBufferPointer { runSolverScript($0) { captured = $0 } }
        solver = try XCTUnwrap(captured)
        // The script's variables, and six it never used (in no row).
        variables =
          (0..<6).map { solver.makeVariable("w\($0)") }
          + (0..<4).map {
            Variable(name: "v\($0)", solver: solver.id, index: Int32($0))
          }
      } else {
        // A chain of required equalities: rows of externals only, whose parameter x0 is held by
        // every one of them (as in a stack or a chain of views).
        solver = Solver(mode: seed % 4 == 1 ? .strict : .weighted)
        let x = (0..<6).map { solver.makeVariable("x\($0)") }
        for i in 1..<6 { try solver.add(Constraint(x[i] - x[i - 1] - numbers.randomElement(using: &rng)!, .equal)) }
        variables = x + (0..<4).map { solver.makeVariable("w\($0)") }
      }
      for _ in 0..<40 {
        var expression = LinearExpression(constant: numbers.randomElement(using: &rng)!)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
          expression = expression + numbers.randomElement(using: &rng)! * variables.randomElement(using: &rng)!
        }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        let priority: Priority = [.required, 500, 1].randomElement(using: &rng)!
        var engine = solver.engine
        let (row, record, _) = engine.makeRow(
          Constraint(expression, relation, priority: priority), constant: expression.constant, isEdit: false)
        let chosen = engine.subject(for: row, record)
        XCTAssertEqual(chosen, Self.ruleSubject(engine, row, record), "seed \(seed): \(expression)")
        compared += 1
        if chosen >= 0, !engine.columns[Int(chosen)].isEmpty { heldByRows += 1 }
      }
    }
    XCTAssertEqual(compared, 120 * 40)
    // Both branches of the rule were taken: symbols held by rows, and free ones.
    XCTAssertGreaterThan(heldByRows, 100)
  }
}
