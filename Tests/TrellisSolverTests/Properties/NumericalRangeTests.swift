import XCTest

@testable import TrellisSolver

/// Coefficients from 1e-3 to 1e4 and values up to 1e6: the required constraints still
/// hold to a relative 1e-6 of the size of their terms.
///
/// Counts: 40 systems per mode, 20 variables and 30 constraints each (required ones hold
/// at a hidden point, equalities fewer than variables so they stay consistent after
/// rounding, inequalities with a margin). Seeds 0x4A46_0000 + i.
final class NumericalRangeTests: XCTestCase {
  func testWideCoefficientAndValueRanges() throws {
    var checked = 0
    for mode in [Solver.Mode.strict, .weighted] {
      for i in 0..<PropertyBudget.count(40) {
        let seed: UInt64 = 0x4A46_0000 + UInt64(i) + (mode == .strict ? 0 : 1000)
        var rng = SplitMix64Random(seed: seed)
        let variableCount = 20
        let hidden = (0..<variableCount).map { _ in (rng.unit() * 2 - 1) * 1e6 }
        func coefficient() -> Double {
          let magnitude = pow(10, -3 + 7 * rng.unit())  // 1e-3 … 1e4, log-uniform
          return rng.chance(0.5) ? magnitude : -magnitude
        }
        var spec = SystemSpec(variableCount: variableCount)
        var equalities = 0
        for _ in 0..<30 {
          var chosen: [Int] = []
          for _ in 0..<rng.int(in: 1...4) {
            let v = rng.below(variableCount)
            if !chosen.contains(v) { chosen.append(v) }
          }
          var item = SystemSpec.Item(
            terms: chosen.map { ($0, coefficient()) }, constant: 0, relation: rng.pick(RandomSystems.relations),
            priority: rng.chance(0.6) ? nil : rng.pick([10, 250, 750, 999]))
          if item.relation == .equal && item.priority == nil {
            equalities += 1
            if equalities >= variableCount / 2 { item.relation = .lessThanOrEqual }
          }
          let atHidden = item.residual(hidden)
          let size = item.terms.reduce(0) { max($0, abs($1.coefficient * hidden[$1.variable])) }
          switch (item.priority, item.relation) {
          case (nil, .equal): item.constant = -atHidden
          case (nil, .lessThanOrEqual): item.constant = -atHidden - size * rng.unit() - 1
          case (nil, .greaterThanOrEqual): item.constant = -atHidden + size * rng.unit() + 1
          default: item.constant = -atHidden + (rng.unit() * 2 - 1) * size
          }
          spec.items.append(item)
        }
        let context = "seed \(seed) (\(mode))"
        let loaded = LoadedSolver(variableCount: variableCount, mode: mode)
        for item in spec.items {
          do {
            try loaded.solver.add(item.constraint(loaded.variables))
          } catch {
            XCTFail("\(context): adding \(item.swiftSource()) threw \(error); the required set holds at the hidden point")
          }
        }
        XCTAssertEqual(loaded.solver.checkInvariants(), [], context)
        let values = loaded.values
        for item in spec.items where item.priority == nil {
          let scale = max(item.scale(values), item.scale(hidden))
          XCTAssertLessThanOrEqual(
            item.violation(values), 1e-6 * max(1, scale), "\(context): \(item.swiftSource()) misses")
        }
        XCTAssertTrue(values.allSatisfy(\.isFinite), context)
        checked += 1
      }
    }
    print("NumericalRangeTests: \(checked) systems checked")
  }
}
