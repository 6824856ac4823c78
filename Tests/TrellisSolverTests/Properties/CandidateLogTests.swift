import TrellisSolver
import XCTest

/// The candidate log (`CandidateLog`): after each add the simplex reads only the symbols whose
/// objective coefficients changed since a scan last found nothing to improve, not every level's
/// every cell. It must choose exactly what a full scan would (the same entering symbol, so the same
/// pivots and the same values), in both modes, through adds, removes, edits, constant changes,
/// refused operations and compaction.
final class CandidateLogTests: XCTestCase {
  /// Random operation scripts (the solver fuzz harness's, every check after every operation), with
  /// every choice made from the log checked against a full scan (`verifiesCandidateLog`).
  func testTheLogChoosesWhatAFullScanChooses() {
    var choices = 0
    var tracked = 0
    for seed in 0..<300 as Range<UInt64> {
      var rng = SplitMix64Random(seed: 0xC0FFEE &+ seed)
      let bytes = (0..<400).map { _ in UInt8.random(in: 0...255, using: &rng) }
      var captured: Solver?
      let outcome = bytes.withUnsafeBufferPointer {
        runSolverScript($0) {
          // As release runs: a certificate after every operation installs its own objective
          // rows, and the log would start afresh each time.
          $0.certification = .whenRisky
          captured = $0
        }
      }
      XCTAssertEqual(outcome.problems, [], "seed \(seed), after:\n\(outcome.log.suffix(3).joined(separator: "\n"))")
      guard let solver = captured else { continue }
      XCTAssertEqual(solver.engine.candidateLogMisses, 0, "seed \(seed)")
      choices += solver.engine.candidateLogChoices
      if solver.engine.candidates.tracksLevels { tracked += 1 }
    }
    // The comparison ran, and strict mode's level masks were in use.
    XCTAssertGreaterThan(choices, 1_000)
    XCTAssertGreaterThan(tracked, 10)
  }

  /// The check can fail: a level written behind the log's back (a negative reduced cost the log
  /// never heard of) makes the log miss an improvement a full scan finds.
  ///
  /// By hand: `x ≥ 10` @1 and `x ≤ 5` @1 leave one error at 5 (either one). Writing −1 for the
  /// other error into the level, unnoted, makes it a candidate only a full scan sees.
  func testAWriteTheLogDidNotHearIsCaught() throws {
    let solver = Solver(mode: .weighted)
    solver.engine.verifiesCandidateLog = true
    let x = solver.makeVariable("x")
    try solver.add(Constraint(x - 10, .greaterThanOrEqual, priority: 1))
    try solver.add(Constraint(x - 5, .lessThanOrEqual, priority: 1))
    XCTAssertFalse(solver.engine.candidates.all, "the last scan found nothing: the log is complete")
    let nonbasicError = try XCTUnwrap(
      (0..<solver.engine.kinds.count).map(SymbolID.init).first {
        solver.engine.kind($0) == .error && !solver.engine.isBasic($0)
      })
    solver.engine.levels[0].row.add(nonbasicError, -1, tolerance: epsilon)
    XCTAssertEqual(solver.engine.enteringSymbol(.main)?.0, nonbasicError, "a full scan sees it")
    XCTAssertNil(solver.engine.enteringMainSymbol(), "the log does not")
    XCTAssertEqual(solver.engine.candidateLogMisses, 1)
    XCTAssertEqual(solver.checkInvariants().filter { $0.hasPrefix("the candidate log") }.count, 1)
  }

  /// In strict mode the log knows which levels hold each symbol; after a full scan and a run of
  /// adds (levels written through substitutions), the masks agree with the levels themselves.
  func testTheLevelMasksAreTheLevelsThatHoldEachSymbol() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    try solver.add(Constraint(v[0] - 100, .equal, priority: 10))
    try solver.add(Constraint(v[1] - v[0], .greaterThanOrEqual, priority: 20))
    try solver.add(Constraint(v[2] - 2 * v[1], .lessThanOrEqual, priority: 30))
    try solver.add(Constraint(v[0] + v[1] + v[2] - 50, .equal, priority: 30))
    try solver.add(Constraint(v[3] - v[2] - 1, .equal))
    try solver.add(Constraint(v[3] - 400, .greaterThanOrEqual, priority: 20))
    try solver.add(Constraint(v[1] - 7, .equal, priority: 10))
    let engine = solver.engine
    XCTAssertEqual(engine.levels.count, 3)
    XCTAssertTrue(engine.candidates.tracksLevels)
    for s in 0..<engine.kinds.count {
      let symbol = SymbolID(s)
      var expected: UInt64 = 0
      for l in engine.levels.indices where engine.levels[l].row.coefficient(of: symbol) != 0 {
        expected |= 1 << UInt64(l)
      }
      XCTAssertEqual(engine.candidates.levels(holding: symbol), expected, "symbol \(engine.symbolName(symbol))")
    }
    XCTAssertEqual(solver.checkInvariants(), [])
  }

  /// More levels than the masks have bits: the log works without them, and every level is still
  /// rewritten by substitutions.
  ///
  /// By hand: `x[p mod 3] == p` at priority 10·p for p = 1…70 (70 levels), then `x[p mod 3] ≤
  /// p + 1000` at the same priorities; strict mode gives each variable its highest priority's
  /// value: x₀ = 69, x₁ = 70, x₂ = 68.
  func testMoreLevelsThanTheMasksHold() throws {
    let solver = Solver(mode: .strict)
    solver.engine.verifiesCandidateLog = true
    let x = (0..<3).map { solver.makeVariable("x\($0)") }
    for p in 1...70 {
      try solver.add(Constraint(x[p % 3] - Double(p), .equal, priority: Priority(Double(p * 10))))
    }
    // Bounds that do not bind, at levels that exist: adds the log answers for.
    for p in 1...70 {
      try solver.add(Constraint(x[p % 3] - Double(p + 1000), .lessThanOrEqual, priority: Priority(Double(p * 10))))
    }
    XCTAssertEqual(solver.engine.levels.count, 70)
    XCTAssertFalse(solver.engine.candidates.tracksLevels)
    XCTAssertEqual(solver.value(of: x[0]), 69)
    XCTAssertEqual(solver.value(of: x[1]), 70)
    XCTAssertEqual(solver.value(of: x[2]), 68)
    XCTAssertGreaterThan(solver.engine.candidateLogChoices, 0)
    XCTAssertEqual(solver.checkInvariants(), [])
  }
}
