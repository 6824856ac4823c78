import Foundation

/// Help and usage text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS; labels in a 26-column gutter, everything wrapped at 80 columns.
package enum HelpFormatter {
  package static let width = 80
  package static let gutter = 26

  /// `prefix` + the usage, wrapped at 80 columns with continuation lines indented past `prefix`
  /// and the command name.
  package static func wrappedUsage(_ spec: CommandSpec, prefix: String) -> String {
    let indent = String(repeating: " ", count: prefix.count + spec.commandName.count + 1)
    let words = usageWords(spec)
    var lines: [String] = []
    var line = prefix + spec.commandName
    for word in words {
      if line.count + 1 + word.count > width, line.count > indent.count {
        lines.append(line)
        line = indent + word
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// Usage pieces that must not be split across lines (`[--device <name>]`).
  private static func usageWords(_ spec: CommandSpec) -> [String] {
    var words: [String] = []
    if !spec.subcommands.isEmpty, spec.arguments.isEmpty { words.append("<subcommand>") }
    words += spec.arguments.map { $0.isOptional ? "[\($0.label)]" : $0.label }
    words += spec.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    return words
  }

  /// What a usage mistake prints to standard error: `Error: …`, the usage line, and
  /// `See '… --help'.`. The caller exits with status 64.
  package static func usageFailure(_ error: UsageError, spec: CommandSpec) -> String {
    "Error: \(error.message)\n" + wrappedUsage(spec, prefix: "Usage: ") + "\nSee '\(spec.commandName) --help'.\n"
  }

  package static func help(_ spec: CommandSpec) -> String {
    var out = wrap("OVERVIEW: " + spec.abstract, indent: 0) + "\n"
    if let discussion = spec.discussion {
      out += "\n"
      out += discussion.components(separatedBy: "\n").map { $0.isEmpty ? "" : wrapPreservingIndent($0) }.joined(
        separator: "\n")
      out += "\n"
    }
    out += "\n" + wrappedUsage(spec, prefix: "USAGE: ") + "\n"
    if !spec.arguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in spec.arguments { out += entry(argument.label, argument.help) }
    }
    out += "\nOPTIONS:\n"
    for option in spec.allOptions {
      var help = option.help
      var extras: [String] = []
      if let allowed = option.allowedValues { extras.append("values: " + allowed.joined(separator: ", ")) }
      if let defaultValue = option.defaultValue { extras.append("default: " + defaultValue) }
      if !extras.isEmpty { help += " (" + extras.joined(separator: "; ") + ")" }
      out += entry(option.helpLabel, help)
    }
    if !spec.subcommands.isEmpty {
      out += "\nSUBCOMMANDS:\n"
      for subcommand in spec.subcommands { out += entry(subcommand.name, subcommand.abstract) }
      out += "\n  See '\(spec.commandName) help <subcommand>' for detailed help.\n"
    }
    return out
  }

  /// `  label                   help…`, the help on the next line when the label is too long.
  private static func entry(_ label: String, _ help: String) -> String {
    let head = "  " + label
    let body = wrap(help, indent: gutter).drop { $0 == " " }
    if head.count + 2 <= gutter {
      return head + String(repeating: " ", count: gutter - head.count) + body + "\n"
    }
    return head + "\n" + String(repeating: " ", count: gutter) + body + "\n"
  }

  /// Word-wraps `text` to 80 columns, every line indented by `indent` spaces.
  package static func wrap(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = pad
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.count > indent, line.count + 1 + word.count > width {
        lines.append(line)
        line = pad + word
      } else {
        line += (line.count > indent ? " " : "") + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// Wraps a discussion line; indented lines (examples, aligned lists) are kept as written.
  private static func wrapPreservingIndent(_ line: String) -> String {
    line.first == " " ? line : wrap(line, indent: 0)
  }
}
