/// A usage mistake: printed with the usage line and a pointer to `--help`, exit code 64.
package struct UsageError: Error, Equatable {
  package var message: String
  package init(_ message: String) { self.message = message }
}

/// What the command line said, by option and argument name.
package struct ParsedArguments: Sendable, Equatable {
  package var flags: Set<String> = []
  /// The last value given for each option (`--columns 80 --columns 100` → 100, as ArgumentParser does).
  package var values: [String: String] = [:]
  /// Every value given for each option, in order, for options that may be repeated
  /// (`--workload a --workload b`).
  package var repeatedValues: [String: [String]] = [:]
  package var positionals: [String: [String]] = [:]

  package func flag(_ name: String) -> Bool { flags.contains(name) }
  package func value(_ name: String) -> String? { values[name] }
  /// Every value given for a repeatable option, in order (empty when not given).
  package func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
  package func argument(_ name: String) -> String? { positionals[name]?.first }
  package func arguments(_ name: String) -> [String] { positionals[name] ?? [] }

  /// An integer option in `range`, or `nil` when not given.
  package func integer(_ name: String, valueName: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "The value '\(text)' is invalid for '--\(name) <\(valueName)>'. Expected a whole number from \(range.lowerBound) to \(range.upperBound)."
      )
    }
    return number
  }

  /// A finite number option greater than zero, or `nil` when not given.
  package func positiveNumber(_ name: String, valueName: String) throws(UsageError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let number = Double(text), number.isFinite, number > 0 else {
      throw UsageError(
        "The value '\(text)' is invalid for '--\(name) <\(valueName)>'. Expected a number greater than 0.")
    }
    return number
  }
}

/// Parses arguments against a ``CommandSpec`` the way swift-argument-parser does: options anywhere,
/// `--name value` or `--name=value`, `--` ends options, `-h`/`--help` wins over everything else.
package enum ArgumentParser {
  package enum Outcome: Equatable {
    case parsed(ParsedArguments)
    case help
    case version
  }

  package static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> Outcome {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      // Only before `--`: after it everything is positional.
      let beforeTerminator = arguments.prefix { $0 != "--" }
      if beforeTerminator.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
    }
    var parsed = ParsedArguments()
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let option: OptionSpec
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name: String
        if let equals = body.firstIndex(of: "=") {
          name = String(body[..<equals])
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = String(body)
        }
        guard let found = spec.option(named: name) else { throw unknownOption("--\(name)", spec: spec) }
        option = found
      } else {
        let shortName = argument.dropFirst()
        guard shortName.count == 1, let letter = shortName.first, let found = spec.option(short: letter) else {
          throw unknownOption(argument, spec: spec)
        }
        option = found
      }
      if option.isFlag {
        if inlineValue != nil { throw UsageError("The option '--\(option.name)' does not take a value.") }
        if option.name == "version" { return .version }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("Missing value for '\(option.synopsis)'.")
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw invalidValue(value, for: option, allowed: allowed)
      }
      parsed.values[option.name] = value
      parsed.repeatedValues[option.name, default: []].append(value)
    }

    for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
      throw UsageError("Missing expected option '\(option.synopsis)'.")
    }
    var remaining = positionals[...]
    for argument in spec.arguments {
      if argument.isVariadic {
        if remaining.isEmpty && !argument.isOptional {
          throw UsageError("Missing expected argument '\(argument.label)'.")
        }
        parsed.positionals[argument.name] = Array(remaining)
        remaining = []
      } else if let first = remaining.first {
        parsed.positionals[argument.name] = [first]
        remaining = remaining.dropFirst()
      } else if !argument.isOptional {
        throw UsageError("Missing expected argument '\(argument.label)'.")
      }
    }
    if let extra = remaining.first {
      if spec.arguments.isEmpty, !spec.subcommands.isEmpty {
        throw unknownSubcommand(extra, spec: spec)
      }
      throw UsageError("Unexpected argument '\(extra)'.")
    }
    return .parsed(parsed)
  }

  package static func unknownOption(_ written: String, spec: CommandSpec) -> UsageError {
    let names = spec.allOptions.map { "--\($0.name)" }
    let suggestion = Spelling.closest(to: written, in: names).map { " Did you mean '\($0)'?" } ?? ""
    return UsageError("Unknown option '\(written)'.\(suggestion)")
  }

  package static func unknownSubcommand(_ written: String, spec: CommandSpec) -> UsageError {
    let suggestion =
      Spelling.closest(to: written, in: spec.subcommands.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
    return UsageError("Unknown subcommand '\(written)'.\(suggestion)")
  }

  package static func invalidValue(_ value: String, for option: OptionSpec, allowed: [String]) -> UsageError {
    if let close = Spelling.closest(to: value, in: allowed) {
      return UsageError("The value '\(value)' is invalid for '\(option.synopsis)'. Did you mean '\(close)'?")
    }
    let list = allowed.map { "'\($0)'" }
    let choices =
      list.count <= 2
      ? list.joined(separator: " or ") : list.dropLast().joined(separator: ", ") + " or " + (list.last ?? "")
    return UsageError("The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(choices).")
  }
}

/// Did-you-mean suggestions for option names, subcommands and values.
package enum Spelling {
  /// The candidate nearest to `written` (case-insensitive optimal-string-alignment distance), if it
  /// is within a third of the longer word's length (at least 1, at most 3); ties go to the first.
  package static func closest(to written: String, in candidates: [String]) -> String? {
    let key = written.lowercased()
    var best: (distance: Int, candidate: String)?
    for candidate in candidates {
      let distance = DidYouMean.distance(key, candidate.lowercased())
      let limit = min(3, max(1, max(key.count, candidate.count) / 3))
      guard distance <= limit else { continue }
      if best == nil || distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
    }
    return best?.candidate
  }
}
