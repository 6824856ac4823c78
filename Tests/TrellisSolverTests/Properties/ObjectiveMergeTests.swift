import TrellisSolver
import XCTest

/// `Row.mergeFromTheEnd`, which adds a pivot row into an objective row in place from its last
/// cell down: worked cases for its sums, its noise floor and what it tells the observer, and a
/// comparison with a plain forward merge into a new array (what objective rows did before).
final class ObjectiveMergeTests: XCTestCase {
  /// Records every write in the order heard.
  struct Recorder: RowWriteObserver {
    var writes: [(SymbolID, Double)] = []
    mutating func wrote(_ symbol: SymbolID, _ coefficient: Double) { writes.append((symbol, coefficient)) }
  }

  private func cells(_ pairs: [(SymbolID, Double)]) -> [Cell] {
    pairs.map { Cell(symbol: $0.0, coefficient: $0.1) }
  }

  private func pairs(_ row: Row) -> [String] { row.cells.map { "\($0.symbol):\($0.coefficient)" } }

  /// `target + factor × source` the plain way, front to back into a new array, dropping sums that
  /// cancel and new or summed coefficients at or below `floor`; each source symbol's result goes
  /// to `written`.
  private func forwardMerge(
    _ target: [Cell], _ source: [Cell], factor: Double, floor: Double, lostDigits: inout DigitLoss,
    written: inout [String: Double]
  ) -> [Cell] {
    var out: [Cell] = []
    var i = 0
    var j = 0
    while i < target.count || j < source.count {
      if j == source.count || (i < target.count && target[i].symbol < source[j].symbol) {
        out.append(target[i])
        i += 1
        continue
      }
      let symbol = source[j].symbol
      var c = source[j].coefficient * factor
      if i < target.count && target[i].symbol == symbol {
        c = cancellingSum(target[i].coefficient, c, tolerance: epsilon, lostDigits: &lostDigits)
        i += 1
      }
      j += 1
      if abs(c) <= floor { c = 0 }
      written["\(symbol)"] = c
      if c != 0 { out.append(Cell(symbol: symbol, coefficient: c)) }
    }
    return out
  }

  func testSumsNewCellsAndCancellationsLandInOrder() {
    // 2·[0: 1, 5: −0.5, 7: 4, 12: 1] into [1: 2, 5: 1, 9: 3]: 5 cancels (1 − 0.5·2), 0, 7 and 12
    // are new, 1 and 9 stay where they are or move up past the new cells.
    var row = Row(constant: 0, cells: cells([(1, 2), (5, 1), (9, 3)]))
    var lost = DigitLoss()
    var recorder = Recorder()
    row.mergeFromTheEnd(
      cells([(0, 1), (5, -0.5), (7, 4), (12, 1)]), factor: 2, tolerance: epsilon, lostDigits: &lost,
      observer: &recorder)
    XCTAssertEqual(pairs(row), ["0:2.0", "1:2.0", "7:8.0", "9:3.0", "12:2.0"])
    // From the last source symbol to the first, each with its coefficient afterwards.
    XCTAssertEqual(recorder.writes.map { "\($0.0):\($0.1)" }, ["12:2.0", "7:8.0", "5:0.0", "0:2.0"])
    XCTAssertFalse(lost.lost)
  }

  func testCellsBelowTheSourceAreLeftAndTheRoomLeftOverGoes() {
    // Every source cell cancels: the row only loses cells, and nothing below symbol 6 moves.
    var row = Row(constant: 0, cells: cells([(1, 1), (2, 2), (6, 3), (8, 4)]))
    var lost = DigitLoss()
    var recorder = Recorder()
    row.mergeFromTheEnd(
      cells([(6, -3), (8, -4)]), factor: 1, tolerance: epsilon, lostDigits: &lost, observer: &recorder)
    XCTAssertEqual(pairs(row), ["1:1.0", "2:2.0"])
    // Into an empty row.
    var empty = Row()
    empty.mergeFromTheEnd(
      cells([(3, 1), (4, -1)]), factor: -0.5, tolerance: epsilon, lostDigits: &lost, observer: &recorder)
    XCTAssertEqual(pairs(empty), ["3:-0.5", "4:0.5"])
  }

  /// The noise floor is measured against the row's largest coefficient before the operation,
  /// wherever the merge has put that cell by the time it is needed: not reached yet, moved up
  /// unchanged, or replaced by a sum.
  func testTheNoiseFloorReadsTheLargestCoefficientWhereverItIs() {
    // magnitude 1e5: a coefficient at or below 1e-12 · 1e5 = 1e-7 is measured again against
    // 1e-12 · 1e3 · largest = 1e-6 (largest 1000), and 5e-8 goes; against 1 (1e-9) it would stay.
    func merged(_ target: [(SymbolID, Double)], _ source: [(SymbolID, Double)]) -> (Row, [(SymbolID, Double)]) {
      var row = Row(constant: 0, cells: cells(target))
      row.magnitude = 1e5
      var lost = DigitLoss()
      var recorder = Recorder()
      row.mergeFromTheEnd(cells(source), factor: 1, tolerance: epsilon, lostDigits: &lost, observer: &recorder)
      return (row, recorder.writes)
    }
    // Not reached yet: 1000 sits below the new cell.
    var (row, writes) = merged([(1, 1000), (4, 1)], [(2, 5e-8)])
    XCTAssertEqual(pairs(row), ["1:1000.0", "4:1.0"])
    XCTAssertEqual(writes.map { "\($0.0):\($0.1)" }, ["2:0.0"])
    // Moved up unchanged past the new cell.
    (row, _) = merged([(1, 1), (5, 1000)], [(2, 5e-8)])
    XCTAssertEqual(pairs(row), ["1:1.0", "5:1000.0"])
    // Replaced by a sum (1000 − 999.9 = 0.1) before the new cell is reached.
    (row, _) = merged([(1, 1), (4, 1000)], [(2, 5e-8), (4, -999.9)])
    XCTAssertEqual(row.cells.map(\.symbol), [1, 4])
    XCTAssertEqual(row.cells[1].coefficient, 1000 - 999.9)
    // Beside coefficients of 1 only, 5e-8 is real.
    (row, _) = merged([(1, 1), (4, 1)], [(2, 5e-8)])
    XCTAssertEqual(pairs(row), ["1:1.0", "2:5e-08", "4:1.0"])
  }

  /// Random rows through both merges: the same cells, bit for bit, and the same writes heard.
  func testAgreesWithTheForwardMerge() {
    var random = SplitMix64Random(seed: 0x0B1E_C71E)
    for trial in 0..<PropertyBudget.count(2000) {
      func randomCells(_ count: Int, symbols: Int) -> [Cell] {
        var chosen = Set<SymbolID>()
        while chosen.count < count { chosen.insert(SymbolID(random.below(symbols))) }
        return chosen.sorted().map { symbol in
          // Mostly simple layout-like values; some tiny, some huge.
          let value: Double
          switch random.below(6) {
          case 0: value = random.unit() * 1e-9
          case 1: value = (random.unit() - 0.5) * 1e6
          default: value = Double(random.int(in: -8...8)) / Double(random.pick([1, 2, 4, 3]))
          }
          return Cell(symbol: symbol, coefficient: value == 0 ? 1 : value)
        }
      }
      let symbols = random.int(in: 4...60)
      var target = Row(constant: 0, cells: randomCells(random.int(in: 0...min(symbols, 40)), symbols: symbols))
      var source = randomCells(random.int(in: 1...min(symbols, 12)), symbols: symbols)
      let factor = random.pick([1.0, -1.0, 0.5, -2.0, 1e-4, 3e5, random.unit() - 0.5])
      // Some source cells cancel a target cell exactly or nearly.
      for k in source.indices where random.chance(0.3) {
        let found = target.search(source[k].symbol)
        if found.found {
          let exact = -target.cells[found.index].coefficient / factor
          source[k].coefficient = random.chance(0.5) ? exact : exact * (1 + 1e-11)
        }
      }
      if random.chance(0.3) { target.magnitude *= random.pick([10.0, 1e4, 1e8]) }
      let floor = objectiveNoiseFloor * min(target.magnitude, magnitudeSpan * target.largestCoefficient())

      var forwardLost = DigitLoss()
      var forwardWrites: [String: Double] = [:]
      let expected = forwardMerge(
        target.cells, source, factor: factor, floor: floor, lostDigits: &forwardLost, written: &forwardWrites)

      var row = target
      var lost = DigitLoss()
      var recorder = Recorder()
      row.mergeFromTheEnd(source, factor: factor, tolerance: epsilon, lostDigits: &lost, observer: &recorder)

      let message = "trial \(trial): target \(target.cells), source \(source), factor \(factor)"
      XCTAssertEqual(row.cells.map(\.symbol), expected.map(\.symbol), message)
      XCTAssertEqual(
        row.cells.map(\.coefficient.bitPattern), expected.map(\.coefficient.bitPattern), message)
      XCTAssertEqual(recorder.writes.count, source.count, message)
      XCTAssertEqual(
        Dictionary(uniqueKeysWithValues: recorder.writes.map { ("\($0.0)", $0.1) }), forwardWrites, message)
      XCTAssertEqual(lost.lost, forwardLost.lost, message)
      XCTAssertEqual(lost.dropped, forwardLost.dropped, message)
    }
  }
}
