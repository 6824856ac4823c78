import Foundation
import TrellisCLI
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisTestSupport
import XCTest

/// A pipeline answering from ``Fixtures`` by file name, so command tests need no reader or solver.
///
/// - `concentration.json`: the hand-solved Concentration layout in any environment.
/// - `conflict.json`: Concentration, but conflicting (with an error diagnostic) in compact height.
/// - `ambiguous.json`: Concentration with `flips` ambiguous in every environment (no diagnostics).
/// - `ambiguous-warning.json`: the same, with the warning the real engine gives (naming the environment).
/// - `two.json`: the two-view fixture (its own 200x120 environment whatever is asked).
/// - `broken.json`: not readable: one error at broken.json:3:13, source text given.
/// - `warn.json`: readable, with one warning at warn.json:2:3.
/// - anything else: "no such file".
enum FakePipeline {
  static let brokenSource = "{\n  \"root\": {\n    \"kind\": \"veiw\"\n  }\n}\n"

  static var pipeline: Pipeline {
    Pipeline(
      read: { path in
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "concentration.json", "conflict.json", "ambiguous.json", "two.json", "ambiguous-warning.json":
          return ReadOutcome(document: document(name), diagnostics: [])
        case "warn.json":
          return ReadOutcome(
            document: document(name),
            diagnostics: [
              Diagnostic(
                .warning, "unknown key 'colour'", code: "unknown-key",
                at: SourceLocation(file: "warn.json", line: 2, column: 3),
                path: "$.colour")
            ], source: SourceText(file: "warn.json", text: "{\n  \"colour\": 1,\n  \"root\": {}\n}\n"))
        case "broken.json":
          return ReadOutcome(
            document: nil,
            diagnostics: [
              Diagnostic(
                .error, "unknown view kind 'veiw'; did you mean 'view'?", code: "invalid-value",
                at: SourceLocation(file: "broken.json", line: 3, column: 13), path: "$.root.kind")
            ], source: SourceText(file: "broken.json", text: brokenSource))
        default:
          return ReadOutcome(
            document: nil, diagnostics: [Diagnostic(.error, "no such file '\(path)'", code: "unreadable-file")])
        }
      },
      resolve: { _, environment, _ in Fixtures.concentrationResolved(environment) },
      makeSolver: { document, _ in
        { environment, _ in solve(document, environment) }
      })
  }

  static func solve(_ document: LayoutDocument, _ environment: Environment) -> LayoutResult {
    switch document.file {
    case "two.json":
      return Fixtures.twoViews
    case "conflict.json":
      var result = Fixtures.concentration(environment)
      if environment.traits.vertical == .compact {
        result.hasConflicts = true
        result.diagnostics = [
          Diagnostic(
            .error, "unable to satisfy flips.width >= 400", code: "unsatisfiable",
            at: SourceLocation(file: "conflict.json", line: 12, column: 5))
        ]
      }
      return result
    case "ambiguous.json":
      var result = Fixtures.concentration(environment)
      result.ambiguousViews = [(id: "flips", attributes: [.centerY])]
      return result
    case "ambiguous-warning.json":
      // As the real engine reports it: a warning naming the environment.
      var result = Fixtures.concentration(environment)
      result.ambiguousViews = [(id: "flips", attributes: [.top])]
      result.diagnostics = [
        Diagnostic(
          .warning, "View 'flips' has an ambiguous top.", code: "ambiguous-position", kind: .ambiguity,
          environment: environment)
      ]
      return result
    default:
      return Fixtures.concentration(environment)
    }
  }

  static func document(_ file: String) -> LayoutDocument {
    LayoutDocument(file: file, root: ViewNode(id: "root", kind: .view), constraints: [])
  }
}

/// One in-process run of `trellis`.
struct Run {
  var status: Int32
  var stdout: String
  var stderr: String
}

func trellis(_ arguments: String..., pipeline: Pipeline = FakePipeline.pipeline, variables: [String: String] = [:])
  -> Run
{
  var out = ""
  var err = ""
  let status = CommandLineTool(pipeline: pipeline, variables: variables).run(
    arguments: arguments, stdout: &out, stderr: &err)
  return Run(status: status, stdout: out, stderr: err)
}

/// Runs `trellis` with the real reader and engine (`Pipeline.standard`).
func realTrellis(_ arguments: [String], variables: [String: String] = [:]) -> Run {
  var out = ""
  var err = ""
  let status = CommandLineTool(pipeline: .standard, variables: variables).run(
    arguments: arguments, stdout: &out, stderr: &err)
  return Run(status: status, stdout: out, stderr: err)
}

/// A test case with a fresh temporary directory, removed afterwards.
class TemporaryDirectoryTestCase: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }
}
