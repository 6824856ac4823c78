import Foundation
import TrellisModel

/// Findings as GitHub Actions workflow commands (`--format github`), so that a pull request
/// shows them on the lines of its diff:
///
/// ```
/// ::error file=Layouts/a.json,line=12,col=5,title=trellis unknown-view::no view named 'x'
/// ```
///
/// The one renderer of this format, used by `validate`, `matrix`, `snapshot --check` and
/// `import --check`. Escaping follows GitHub's toolkit (actions/toolkit, `command.ts`): in the
/// message `%`, carriage return and line feed become `%25`, `%0D`, `%0A`; in a property also
/// `:` and `,` become `%3A` and `%2C`.
///
/// `package` so that tests check the escaping on annotations they build.
package enum GitHubAnnotations {
  package struct Annotation: Equatable, Sendable {
    /// `error`, `warning` or `notice`.
    var command: String
    var file: String?
    var line: Int?
    var column: Int?
    var title: String?
    var message: String

    package init(
      command: String, file: String? = nil, line: Int? = nil, column: Int? = nil, title: String? = nil,
      message: String
    ) {
      self.command = command
      self.file = file
      self.line = line
      self.column = column
      self.title = title
      self.message = message
    }
  }

  /// `::command properties::message` and a line feed.
  package static func render(_ annotation: Annotation) -> String {
    var properties: [String] = []
    if let file = annotation.file { properties.append("file=" + escapeProperty(file)) }
    if let line = annotation.line { properties.append("line=\(line)") }
    if let column = annotation.column { properties.append("col=\(column)") }
    if let title = annotation.title { properties.append("title=" + escapeProperty(title)) }
    let head =
      properties.isEmpty ? "::\(annotation.command)" : "::\(annotation.command) " + properties.joined(separator: ",")
    return head + "::" + escapeData(annotation.message) + "\n"
  }

  static func render(_ annotations: [Annotation]) -> String { annotations.map(render).joined() }

  static func escapeData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  /// A diagnostic as an annotation: its severity (a note is a `notice`), place and code; the
  /// message with its notes and the environments it was found in on further lines.
  static func annotation(_ diagnostic: Diagnostic, file fallback: String? = nil) -> Annotation {
    let command: String
    switch diagnostic.severity {
    case .error: command = "error"
    case .warning: command = "warning"
    default: command = "notice"
    }
    var message = diagnostic.message
    for note in diagnostic.notes {
      let place = note.location.map { "\($0.file):\($0.line): " } ?? ""
      message += "\n" + place + note.message
    }
    if let summary = diagnostic.environmentsSummary {
      message += "\nin " + summary
    } else if !diagnostic.environments.isEmpty {
      let names = diagnostic.environments.map(\.description)
      message +=
        "\nin " + names.prefix(5).joined(separator: "; ") + (names.count > 5 ? "; and \(names.count - 5) more" : "")
    }
    return Annotation(
      command: command, file: diagnostic.location?.file ?? fallback, line: diagnostic.location?.line,
      column: diagnostic.location?.column, title: "trellis \(diagnostic.code.rawValue)", message: message)
  }

  static func render(_ diagnostics: [Diagnostic], file fallback: String? = nil) -> String {
    render(diagnostics.map { annotation($0, file: fallback) })
  }
}
