import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// Runs the `trellis` command with `arguments` (without the program name) using the real
/// pipeline and the process environment; returns the exit status.
///
/// Exit statuses: 0 success, 1 a runtime failure or a layout with problems, 64 a usage error.
package func run(arguments: [String], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32
{
  CommandLineTool().run(arguments: arguments, stdout: &stdout, stderr: &stderr)
}

/// Runs `trellis` with the process's arguments and exits: the whole of `main.swift`.
package func runAsMain() -> Never {
  var standardOutput = FileStream.standardOutput
  var standardError = FileStream.standardError
  // Byte-exact argv: CommandLine.arguments would turn a Latin-1 file name into U+FFFD (see RawPath).
  var tool = CommandLineTool()
  tool.terminalColumns = TerminalSize.columns()
  tool.terminalRows = TerminalSize.rows()
  if isatty(STDIN_FILENO) == 1 {
    tool.confirm = { question in
      var standardError = FileStream.standardError
      standardError.write(question)
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      return answer == "y" || answer == "yes"
    }
  }
  let status = tool.run(arguments: RawPath.processArguments(), stdout: &standardOutput, stderr: &standardError)
  exit(status)
}

/// The `trellis` command with its seams exposed: the pipeline it solves with and the variables it reads.
package struct CommandLineTool: Sendable {
  package static let version = "0.1.0"

  package var pipeline: Pipeline
  /// Environment variables (`COLUMNS`).
  package var variables: [String: String]
  /// The terminal's width, when standard output is a terminal (``runAsMain()`` asks it).
  package var terminalColumns: Int?
  /// The terminal's height, when standard output is a terminal (`--watch` fits its drawings to it).
  package var terminalRows: Int?
  /// How `solve --watch` writes and waits (tests replace it).
  package var watchHooks = WatchHooks()
  /// Asks a yes-or-no question on the terminal (``runAsMain()`` sets it when standard input is one).
  package var confirm: (@Sendable (String) -> Bool)?

  package init(pipeline: Pipeline = .standard, variables: [String: String] = ProcessInfo.processInfo.environment) {
    self.pipeline = pipeline
    self.variables = variables
  }

  static var commands: [any Command.Type] {
    [
      SolveCommand.self, ValidateCommand.self, DevicesCommand.self, MatrixCommand.self, RotateCommand.self,
      ImportCommand.self, SnapshotCommand.self, DiffCommand.self, PreviewCommand.self, LogCommand.self, WhyCommand.self,
      FixCommand.self,
    ]
  }

  /// The root command's declaration, with each subcommand's path filled in.
  static let rootSpec: CommandSpec = {
    var root = CommandSpec(
      name: "trellis", abstract: "Auto Layout with size classes, anywhere Swift runs.",
      discussion: """
        Solve JSON layout files with Auto Layout's rules for any device, orientation and size \
        class, and see the result as a diagram, a table, JSON or SVG.
        """,
      subcommands: commands.map { $0.spec })
    for index in root.subcommands.indices { root.subcommands[index].path = ["trellis", root.subcommands[index].name] }
    return root
  }()

  /// Runs one invocation; see ``run(arguments:stdout:stderr:)``.
  package func run(arguments: [String], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream)
    -> Int32
  {
    var context = CommandContext(pipeline: pipeline, variables: variables)
    context.terminalColumns = terminalColumns
    context.terminalRows = terminalRows
    context.watchHooks = watchHooks
    context.confirm = confirm
    let status = dispatch(arguments, &context)
    stdout.write(context.stdout)
    stderr.write(context.stderr)
    return status
  }

  private func dispatch(_ arguments: [String], _ context: inout CommandContext) -> Int32 {
    let root = Self.rootSpec
    guard let first = arguments.first else {
      context.stdout += HelpFormatter.help(root)
      return 0
    }
    if first == "help" {
      // `trellis help solve` is `trellis solve --help`.
      let rest = Array(arguments.dropFirst())
      guard let name = rest.first else {
        context.stdout += HelpFormatter.help(root)
        return 0
      }
      guard let spec = root.subcommands.first(where: { $0.name == name }) else {
        return usageFailure(ArgumentParser.unknownSubcommand(name, spec: root), spec: root, &context)
      }
      context.stdout += HelpFormatter.help(spec)
      return 0
    }
    if first.hasPrefix("-") {
      do {
        switch try ArgumentParser.parse([first], for: root) {
        case .version: context.stdout += "trellis \(Self.version)\n"
        case .help, .parsed: context.stdout += HelpFormatter.help(root)
        }
        if arguments.count > 1, first != "-h", first != "--help", first != "--version" {
          return usageFailure(UsageError("Unexpected argument '\(arguments[1])'."), spec: root, &context)
        }
        return 0
      } catch {
        return usageFailure(error, spec: root, &context)
      }
    }
    guard let index = Self.commands.firstIndex(where: { $0.spec.name == first }) else {
      return usageFailure(ArgumentParser.unknownSubcommand(first, spec: root), spec: root, &context)
    }
    let type = Self.commands[index]
    let spec = root.subcommands[index]
    do {
      switch try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec) {
      case .help, .version:
        context.stdout += HelpFormatter.help(spec)
        return 0
      case .parsed(let parsed):
        let command = try type.init(parsed)
        return try command.run(&context)
      }
    } catch let error as UsageError {
      return usageFailure(error, spec: spec, &context)
    } catch let error as RuntimeError {
      context.stderr += "Error: \(error.message)\n"
      return 1
    } catch {
      context.stderr += "Error: \(error)\n"
      return 1
    }
  }

  /// ``HelpFormatter/usageFailure(_:spec:)``; exit status 64.
  private func usageFailure(_ error: UsageError, spec: CommandSpec, _ context: inout CommandContext) -> Int32 {
    context.stderr += HelpFormatter.usageFailure(error, spec: spec)
    return 64
  }
}

/// Standard output or error as a `TextOutputStream`.
struct FileStream: TextOutputStream {
  let handle: FileHandle
  static var standardOutput: FileStream { FileStream(handle: .standardOutput) }
  static var standardError: FileStream { FileStream(handle: .standardError) }
  mutating func write(_ string: String) {
    guard !string.isEmpty else { return }
    handle.write(Data(string.utf8))
  }
}
