// Temporary skeleton: replaced by the real tableau in the next commit.
struct Engine {
  let mode: Solver.Mode
  var variableNames: [String] = []
  var records: [UInt64: Int] = [:]
  var edits: [Int32: Int] = [:]
  init(mode: Solver.Mode) { self.mode = mode }
  mutating func registerVariable(name: String) -> Int32 { variableNames.append(name); return Int32(variableNames.count - 1) }
  mutating func add(_ c: Constraint) throws(SolverError) { fatalError("engine not yet written") }
  mutating func remove(_ c: Constraint) throws(SolverError) { fatalError("engine not yet written") }
  func constraintsInOrder() -> [Constraint] { [] }
  mutating func setConstant(of c: Constraint, to constant: Double) throws(SolverError) { fatalError("engine not yet written") }
  mutating func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) { fatalError("engine not yet written") }
  mutating func removeEditVariable(_ v: Variable) throws(SolverError) { fatalError("engine not yet written") }
  mutating func suggestValue(_ value: Double, for v: Variable) throws(SolverError) { fatalError("engine not yet written") }
  func value(ofVariable index: Int32) -> Double { 0 }
  func ambiguousVariables(_ indices: [Int32]) -> [Int32] { [] }
  func violationByPriority() -> [(priority: Priority, violation: Double)] { [] }
  func dump() -> String { "" }
  func checkInvariants() -> [String] { [] }
}
