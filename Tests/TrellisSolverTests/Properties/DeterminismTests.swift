import Foundation
import TrellisSolver
import XCTest

/// The same calls give bit-identical values in another process (where Swift seeds
/// `Hasher` differently): the test runs its own test binary again as a child process,
/// asks it (through an environment variable) to print the values as hex bit patterns,
/// and compares them with the values computed here.
final class DeterminismTests: XCTestCase {
  private static let childVariable = "TRELLIS_DETERMINISM_CHILD"
  private static let begin = "TRELLIS-DETERMINISM-BEGIN"
  private static let end = "TRELLIS-DETERMINISM-END"

  /// A workload rich in ties, where an order-dependent choice would show: 8 random small
  /// systems from the differential generator (many ambiguous), one larger system with
  /// equal-priority conflicts, then removals, edits and suggestions. Returns every value
  /// and level total as hex bit patterns, one line each.
  static func workload() -> [String] {
    var lines: [String] = []
    for mode in [Solver.Mode.strict, .weighted] {
      for seed in UInt64(0xD5_0000)..<UInt64(0xD5_0008) {
        let spec = RandomSystems.system(seed: seed)
        let loaded = LoadedSolver(variableCount: spec.variableCount, mode: mode)
        for item in spec.items { try? loaded.solver.add(item.constraint(loaded.variables)) }
        for edit in spec.edits {
          try? loaded.solver.addEditVariable(loaded.variables[edit.variable], priority: Priority(Double(edit.priority)))
          try? loaded.solver.suggestValue(edit.value, for: loaded.variables[edit.variable])
        }
        lines.append(record("small \(seed) \(mode)", loaded.solver, loaded.variables))
      }

      var rng = SplitMix64Random(seed: 0xD5_1000)
      let loaded = LoadedSolver(variableCount: 60, mode: mode)
      let v = loaded.variables
      var added: [Constraint] = []
      for i in 0..<59 {
        // A chain of gaps with equal-priority wishes pulling both ways: many ties.
        let gap = v[i + 1] - v[i] >= Double(rng.int(in: 0...5))
        let wish = (v[i + 1] - v[i] == Double(rng.int(in: 0...20))).priority(Priority(Double(rng.pick([250, 500]))))
        let pull = (v[rng.below(60)] == Double(rng.int(in: -50...500))).priority(250)
        for c in [gap, wish, pull] where (try? loaded.solver.add(c)) != nil { added.append(c) }
      }
      for _ in 0..<10 { try? loaded.solver.remove(added[rng.below(added.count)]) }
      for k in stride(from: 0, to: 60, by: 9) {
        try? loaded.solver.addEditVariable(v[k], priority: 500)
        try? loaded.solver.suggestValue(Double(rng.int(in: 0...600)), for: v[k])
      }
      lines.append(record("chain \(mode)", loaded.solver, v))
    }
    return lines
  }

  private static func record(_ label: String, _ solver: Solver, _ variables: [Variable]) -> String {
    let values = variables.map { String(solver.value(of: $0).bitPattern, radix: 16) }
    let levels = solver.violationByPriority.map {
      "\(String($0.priority.value.bitPattern, radix: 16)):\(String($0.violation.bitPattern, radix: 16))"
    }
    let ambiguous = solver.ambiguousVariables().map(\.name)
    return
      "\(label) | \(values.joined(separator: " ")) | \(levels.joined(separator: " ")) | \(ambiguous.joined(separator: " "))"
  }

  /// Prints the workload for the parent; does nothing in a normal run.
  func testPrintWorkloadForParentProcess() throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else {
      throw XCTSkip("runs only as the child of testValuesAreBitIdenticalInAnotherProcess")
    }
    print(([Self.begin] + Self.workload() + [Self.end]).joined(separator: "\n"))
  }

  func testValuesAreBitIdenticalInAnotherProcess() throws {
    let here = Self.workload()
    // The same process twice first: cheap, and isolates in-process state leaks.
    XCTAssertEqual(Self.workload(), here, "a second run in the same process differs")

    let child = Process()
    // The running test binary (swift test runs the .xctest executable directly on Linux).
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = ["TrellisSolverTests.DeterminismTests/testPrintWorkloadForParentProcess"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    environment["SWIFT_DETERMINISTIC_HASHING"] = nil  // let the child seed Hasher randomly
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()  // before waiting: no pipe deadlock
    child.waitUntilExit()
    XCTAssertEqual(child.terminationStatus, 0, "the child test run failed")
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    guard let first = lines.firstIndex(of: Self.begin), let last = lines.firstIndex(of: Self.end), first < last else {
      XCTFail("the child printed no workload; its output was:\n\(String(decoding: data, as: UTF8.self))")
      return
    }
    let there = Array(lines[(first + 1)..<last])
    XCTAssertEqual(there.count, here.count)
    for (a, b) in zip(here, there) where a != b {
      XCTFail("values differ between processes:\nhere:  \(a)\nchild: \(b)")
    }
  }
}
