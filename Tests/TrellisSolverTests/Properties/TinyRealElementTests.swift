import TrellisSolver
import XCTest

/// Issue 17: an element the ratio test refuses as possible rounding can be real, 1e-11 of what
/// its row holds (the fuzzer's `regression-not-optimal-tiny-real-element`).
final class TinyRealElementTests: XCTestCase {
  /// By hand: @999 holds v1 at 0, so the required `10000·v1 + 3·v2 >= 0` makes v2 ≥ 0; the @750
  /// equality `−v1 + 0.001·v3 + 10000·v2 + 0.5 == 0` then needs 0.001·v3 = −0.5 − 10000·v2, at
  /// best v2 = 0 and v3 = −500, which the required `4·v3 + 0.001 <= 0` allows. The @250 wishes
  /// (v3 = 0.125, v2 = −1) give way. In the tableau, v3's slack enters the @750 equality's error
  /// row as 0.001 × 0.5 over 10,000 = 5e-8, beside coefficients of 3,333 (v2's, through v1's
  /// edit): 1.5e-11 of them.
  func testARealElementFarBelowItsRowStillLimitsTheStep() throws {
    let solver = Solver(mode: .strict)
    let v = (0..<4).map { solver.makeVariable("v\($0)") }
    try solver.addEditVariable(v[1], priority: 999)
    try solver.suggestValue(0, for: v[1])
    try solver.add(Constraint(4 * v[3] + 0.001, .lessThanOrEqual))
    try solver.add(Constraint(8 * v[3] - 1, .equal, priority: 250))
    try solver.add(Constraint(v[2] + 1, .equal, priority: 250))
    try solver.add(Constraint(10000 * v[1] + 3 * v[2], .greaterThanOrEqual))
    try solver.add(Constraint(-1 * v[1] + 0.001 * v[3] + 10000 * v[2] + 0.5, .equal, priority: 750))
    XCTAssertEqual(solver.value(of: v[1]), 0, accuracy: 1e-12)
    XCTAssertEqual(solver.value(of: v[2]), 0, accuracy: 1e-12)
    XCTAssertEqual(solver.value(of: v[3]), -500, accuracy: 1e-6)
    XCTAssertEqual(solver.checkInvariants(), [])
  }
}
