// libFuzzer harness: a byte string run as a script of solver operations, with every check
// made after each one (Tests/TrellisSolverTests/Replay/SolverScript.swift, which the tests
// that replay the fuzzer's findings share). Built by scripts/fuzz.sh together with the
// TrellisSolver sources and that file, with -D FUZZ_HARNESS.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let outcome = runSolverScript(UnsafeBufferPointer(start: data, count: size))
  if !outcome.problems.isEmpty {
    fatalError("invariants broken: \(outcome.problems)\n\(outcome.log.joined(separator: "\n"))\n\(outcome.state)")
  }
  return 0
}
