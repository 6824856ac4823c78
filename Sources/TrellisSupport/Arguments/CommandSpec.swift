/// The declaration of a command: its name, help texts, positional arguments, options and
/// subcommands. Parsing (``ArgumentParser``) and help (``HelpFormatter``) both read it, so what a
/// command accepts and what its help says cannot drift apart.
package struct CommandSpec: Sendable {
  package var name: String
  /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
  package var abstract: String
  /// Paragraphs after the overview.
  package var discussion: String?
  package var arguments: [ArgumentSpec]
  package var options: [OptionSpec]
  package var subcommands: [CommandSpec]
  /// The words leading to this command (`["trellis", "solve"]`), set by the root.
  package var path: [String]
  /// Whether a root command offers `--version` (a tool without a version of its own does not).
  package var offersVersion = true

  package init(
    name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.path = [name]
  }

  /// `trellis solve`.
  package var commandName: String { path.joined(separator: " ") }

  /// Options as parsed and shown: the declared ones, then `--version` on the root, then `-h, --help`.
  package var allOptions: [OptionSpec] {
    var all = options
    if path.count == 1, offersVersion { all.append(OptionSpec.flag("version", help: "Show the version.")) }
    all.append(OptionSpec.flag("help", short: "h", help: "Show help information."))
    return all
  }

  package func option(named name: String) -> OptionSpec? { allOptions.first { $0.name == name } }
  package func option(short: Character) -> OptionSpec? { allOptions.first { $0.short == short } }
}

/// A positional argument: `<file>` or `<file> ...`.
package struct ArgumentSpec: Sendable {
  package var name: String
  package var help: String
  /// Takes every remaining positional argument (at least one unless optional).
  package var isVariadic: Bool = false
  package var isOptional: Bool = false

  package init(name: String, help: String, isVariadic: Bool = false, isOptional: Bool = false) {
    self.name = name
    self.help = help
    self.isVariadic = isVariadic
    self.isOptional = isOptional
  }

  /// `<file>` or `<file> ...`.
  package var label: String { "<\(name)>" + (isVariadic ? " ..." : "") }
}

/// A named option: a flag (`--rtl`) or one taking a value (`--device <name>`).
package struct OptionSpec: Sendable {
  package var name: String
  package var short: Character?
  /// `nil` for flags; otherwise the placeholder shown in help (`name` in `--device <name>`).
  package var valueName: String?
  /// When set, the value must be one of these (exact match).
  package var allowedValues: [String]?
  package var help: String
  /// Shown as `(default: …)`.
  package var defaultValue: String?
  /// Shown in the usage line without brackets and checked by the parser.
  package var isRequired: Bool = false

  package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, allowedValues: nil, help: help, defaultValue: nil)
  }

  package static func value(
    _ name: String, valueName: String, allowed: [String]? = nil, help: String, default defaultValue: String? = nil,
    required: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: nil, valueName: valueName, allowedValues: allowed, help: help, defaultValue: defaultValue,
      isRequired: required)
  }

  package var isFlag: Bool { valueName == nil }

  /// `--device <name>` or `--rtl`.
  package var synopsis: String { "--\(name)" + (valueName.map { " <\($0)>" } ?? "") }

  /// `-h, --help` or `--device <name>`.
  package var helpLabel: String { (short.map { "-\($0), " } ?? "") + synopsis }
}
