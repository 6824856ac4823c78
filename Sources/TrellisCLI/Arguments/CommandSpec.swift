/// The declaration of a command: its name, help texts, positional arguments, options and
/// subcommands. Parsing (``ArgumentParser``) and help (``HelpFormatter``) both read it, so what a
/// command accepts and what its help says cannot drift apart.
struct CommandSpec: Sendable {
  var name: String
  /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
  var abstract: String
  /// Paragraphs after the overview.
  var discussion: String?
  var arguments: [ArgumentSpec]
  var options: [OptionSpec]
  var subcommands: [CommandSpec]
  /// The words leading to this command (`["trellis", "solve"]`), set by the root.
  var path: [String]

  init(
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
  var commandName: String { path.joined(separator: " ") }

  /// Options as parsed and shown: the declared ones, then `--version` on the root, then `-h, --help`.
  var allOptions: [OptionSpec] {
    var all = options
    if path.count == 1 { all.append(OptionSpec.flag("version", help: "Show the version.")) }
    all.append(OptionSpec.flag("help", short: "h", help: "Show help information."))
    return all
  }

  func option(named name: String) -> OptionSpec? { allOptions.first { $0.name == name } }
  func option(short: Character) -> OptionSpec? { allOptions.first { $0.short == short } }
}

/// A positional argument: `<file>` or `<file> ...`.
struct ArgumentSpec: Sendable {
  var name: String
  var help: String
  /// Takes every remaining positional argument (at least one unless optional).
  var isVariadic: Bool = false
  var isOptional: Bool = false

  /// `<file>` or `<file> ...`.
  var label: String { "<\(name)>" + (isVariadic ? " ..." : "") }
}

/// A named option: a flag (`--rtl`) or one taking a value (`--device <name>`).
struct OptionSpec: Sendable {
  var name: String
  var short: Character?
  /// `nil` for flags; otherwise the placeholder shown in help (`name` in `--device <name>`).
  var valueName: String?
  /// When set, the value must be one of these (exact match).
  var allowedValues: [String]?
  var help: String
  /// Shown as `(default: …)`.
  var defaultValue: String?
  /// Shown in the usage line without brackets and checked by the parser.
  var isRequired: Bool = false

  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, allowedValues: nil, help: help, defaultValue: nil)
  }

  static func value(
    _ name: String, valueName: String, allowed: [String]? = nil, help: String, default defaultValue: String? = nil,
    required: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: nil, valueName: valueName, allowedValues: allowed, help: help, defaultValue: defaultValue,
      isRequired: required)
  }

  var isFlag: Bool { valueName == nil }

  /// `--device <name>` or `--rtl`.
  var synopsis: String { "--\(name)" + (valueName.map { " <\($0)>" } ?? "") }

  /// `-h, --help` or `--device <name>`.
  var helpLabel: String { (short.map { "-\($0), " } ?? "") + synopsis }
}
