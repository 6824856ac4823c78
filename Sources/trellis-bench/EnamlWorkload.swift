import TrellisSolver

/// enaml-like.json: build a real layout's solver, resize it, force pivots.
struct EnamlWorkload: Workload {
  let data: EnamlData

  /// Variables the README shows undetermined in every golden state (positions on an
  /// optimal face; kiwi reports the vertex with left = top = 0). Source:
  /// Benchmarks/Workloads/README.md, "The optimum is not unique". The other 16 (widths and
  /// heights) are determined, so a solver calling one of them ambiguous is wrong.
  static let documentedUndetermined: Set<String> = [
    "left", "top", "contents_top", "contents_bottom", "contents_left", "contents_right", "midline",
    "ctleft", "cttop", "lb1left", "lb2left", "lb3left", "lb1top", "lb2top", "lb3top",
    "fl1left", "fl2left", "fl3left", "fl1top", "fl2top", "fl3top",
  ]

  var name: String { "enaml-like" }

  var regions: [RegionInfo] {
    [
      RegionInfo(measurement: "build", operation: "build", defaultIterations: 100),
      RegionInfo(measurement: "resize", operation: "resize", defaultIterations: 1000),
      RegionInfo(measurement: "forced_pivot_resize", operation: "resize", defaultIterations: 1000),
    ]
  }

  /// The priorities of one mode, worked out once outside the timed regions.
  struct Prepared {
    var mode: Solver.Mode
    var constraintPriorities: [Priority]
    var editPriorities: [Priority]
  }

  /// A built solver with its variables.
  struct Instance {
    var solver: Solver
    var variables: [Variable]
    var width: Variable
    var height: Variable
  }

  func prepare(_ mode: Solver.Mode) -> Prepared {
    let mapping = PriorityMapping(
      mode: mode, strengths: data.constraints.map(\.strength) + data.edits.map(\.strength))
    return Prepared(
      mode: mode, constraintPriorities: data.constraints.map { mapping.priority($0.strength) },
      editPriorities: data.edits.map { mapping.priority($0.strength) })
  }

  /// kiwi's build: the variables, the constraint objects, the edit variables, then the adds.
  func build(_ prepared: Prepared) throws(StepError) -> Instance {
    let solver = Solver(mode: prepared.mode)
    var variables: [Variable] = []
    variables.reserveCapacity(data.variables.count)
    for name in data.variables { variables.append(solver.makeVariable(name)) }
    var constraints: [Constraint] = []
    constraints.reserveCapacity(data.constraints.count)
    for (index, spec) in data.constraints.enumerated() {
      constraints.append(spec.constraint(variables, priority: prepared.constraintPriorities[index]))
    }
    for (index, edit) in data.edits.enumerated() {
      try step("adding edit variable '\(data.variables[edit.variable])'") { () throws(SolverError) in
        try solver.addEditVariable(variables[edit.variable], priority: prepared.editPriorities[index])
      }
    }
    for (index, constraint) in constraints.enumerated() {
      try step("adding constraint #\(index) \(data.constraints[index].describe(data.variables))") {
        () throws(SolverError) in
        try solver.add(constraint)
      }
    }
    return Instance(
      solver: solver, variables: variables, width: variables[data.edits[0].variable],
      height: variables[data.edits[1].variable])
  }

  /// One resize: suggest width and height, then read every value into `values`.
  @inline(__always)
  func resize(_ instance: Instance, _ size: (Double, Double), into values: inout [Double]) throws(SolverError) {
    try instance.solver.suggestValue(size.0, for: instance.width)
    try instance.solver.suggestValue(size.1, for: instance.height)
    for index in instance.variables.indices { values[index] = instance.solver.value(of: instance.variables[index]) }
  }

  // MARK: Golden

  func checkGolden(mode: Solver.Mode, log: inout GoldenLog) {
    let instance: Instance
    do {
      instance = try build(prepare(mode))
    } catch {
      log.fail("build: \(error)")
      return
    }
    check(instance, data.afterBuild, log: &log)
    var values = [Double](repeating: 0, count: data.variables.count)
    for state in data.afterResize + data.afterForcedPivotResize {
      do {
        try resize(instance, state.size, into: &values)
      } catch {
        log.fail("\(state.label): suggestValue threw: \(error)")
        return
      }
      check(instance, state, log: &log)
    }
  }

  func checkDataConsistency(log: inout GoldenLog) {
    for state in [data.afterBuild] + data.afterResize + data.afterForcedPivotResize {
      check(values: state.values, ambiguous: [], state, log: &log)
    }
  }

  private func check(_ instance: Instance, _ state: EnamlGoldenState, log: inout GoldenLog) {
    check(
      values: readValues(instance.solver, instance.variables),
      ambiguous: ambiguousIndices(instance.solver, instance.variables), state, log: &log)
  }

  private func check(values: [Double], ambiguous: Set<Int>, _ state: EnamlGoldenState, log: inout GoldenLog) {
    let wronglyAmbiguous = ambiguous.sorted().map { data.variables[$0] }.filter {
      !Self.documentedUndetermined.contains($0)
    }
    if !wronglyAmbiguous.isEmpty {
      log.fail(
        "\(state.label): ambiguousVariables() reports \(wronglyAmbiguous.map { "'\($0)'" }.joined(separator: ", ")), which the README shows determined (so their values go unchecked)"
      )
    }
    log.checkRequired(data.constraints, values: values, names: data.variables, state: state.label)
    let edits = [
      EditTarget(variable: data.edits[0].variable, target: state.size.0, strength: data.edits[0].strength),
      EditTarget(variable: data.edits[1].variable, target: state.size.1, strength: data.edits[1].strength),
    ]
    log.checkErrors(
      errorsByStrength(optional: data.constraints, edits: edits, values: values),
      expected: state.errorsByStrength, state: state.label)
    log.checkValues(values, expected: state.values, ambiguous: ambiguous, names: data.variables, state: state.label)
  }

  // MARK: Timing

  func measure(mode: Solver.Mode, quick: Bool, log: inout GoldenLog) -> [Measurement] {
    let prepared = prepare(mode)
    var failure: String?
    var results: [Measurement] = []

    // build: one sample = one build, destroyed at the end of the region (kiwi: 3000 samples).
    let buildPlan =
      quick
      ? SamplingPlan(warmup: 5, minimum: 5, maximum: 200, budgetSeconds: 0.4)
      : SamplingPlan(warmup: 50, minimum: 30, maximum: 3000, budgetSeconds: 6)
    let buildOnce = {
      do {
        let instance = try self.build(prepared)
        consume(Double(instance.variables.count))
      } catch {
        failure = failure ?? "build: \(error)"
      }
    }
    results.append(
      Measurement(
        name: "build",
        samples: buildPlan.collect(warmup: buildOnce) { microsecondsPerOperation(1, buildOnce) }))

    guard failure == nil, let instance = try? build(prepared) else {
      log.fail("timing: \(failure ?? "build failed")")
      return results
    }
    var values = [Double](repeating: 0, count: data.variables.count)

    // resize: one sample = 50 cycles of the 6 sizes (kiwi: 300 resizes a sample, 3000 samples).
    let resizePlan =
      quick
      ? SamplingPlan(warmup: 2, minimum: 5, maximum: 100, budgetSeconds: 0.4)
      : SamplingPlan(warmup: 2, minimum: 30, maximum: 3000, budgetSeconds: 4)
    results.append(
      Measurement(
        name: "resize",
        samples: timedResizes(
          instance, sizes: data.resizes, cycles: 50, plan: resizePlan, values: &values, failure: &failure)))

    // forced_pivot_resize: one sample = 20 cycles of 50×30 ↔ 1000×900 (kiwi: 40 resizes a sample).
    let forcedPlan =
      quick
      ? SamplingPlan(warmup: 1, minimum: 3, maximum: 30, budgetSeconds: 0.4)
      : SamplingPlan(warmup: 2, minimum: 20, maximum: 3000, budgetSeconds: 6)
    results.append(
      Measurement(
        name: "forced_pivot_resize",
        samples: timedResizes(
          instance, sizes: data.forcedPivotResizes, cycles: 20, plan: forcedPlan, values: &values, failure: &failure)))

    if let failure { log.fail("timing: \(failure)") }
    return results
  }

  /// Samples of `cycles` passes over `sizes`, in µs per resize.
  private func timedResizes(
    _ instance: Instance, sizes: [(Double, Double)], cycles: Int, plan: SamplingPlan,
    values: inout [Double], failure: inout String?
  ) -> [Double] {
    guard failure == nil else { return [] }
    var buffer = values
    var error: SolverError?
    let pass = {
      for _ in 0..<cycles {
        for size in sizes {
          do throws(SolverError) {
            try self.resize(instance, size, into: &buffer)
          } catch let thrown {
            error = thrown
            return
          }
        }
      }
      consume(buffer.first ?? 0)
    }
    let samples = plan.collect(warmup: pass) { microsecondsPerOperation(cycles * sizes.count, pass) }
    values = buffer
    if let error {
      failure = failure ?? "resize: suggestValue threw: \(error)"
      return []
    }
    return samples
  }

  // MARK: Regions

  func runRegion(_ measurement: String, mode: Solver.Mode, iterations: Int, log: inout GoldenLog) {
    let prepared = prepare(mode)
    var failure: String?
    switch measurement {
    case "build":
      measuredRegion {
        for _ in 0..<iterations {
          do {
            let instance = try self.build(prepared)
            consume(Double(instance.variables.count))
          } catch {
            failure = "build: \(error)"
            return
          }
        }
      }
    case "resize", "forced_pivot_resize":
      let sizes = measurement == "resize" ? data.resizes : data.forcedPivotResizes
      let instance: Instance
      do {
        instance = try build(prepared)
      } catch {
        log.fail("build: \(error)")
        return
      }
      var values = [Double](repeating: 0, count: data.variables.count)
      do {
        // Warm up outside the region: two passes over the sizes.
        for size in sizes + sizes { try resize(instance, size, into: &values) }
      } catch {
        log.fail("warm-up resize threw: \(error)")
        return
      }
      measuredRegion {
        for iteration in 0..<iterations {
          do {
            try self.resize(instance, sizes[iteration % sizes.count], into: &values)
          } catch {
            failure = "resize threw: \(error)"
            return
          }
        }
        consume(values.first ?? 0)
      }
    default:
      failure = "no region '\(measurement)'"
    }
    if let failure { log.fail(failure) }
  }
}
