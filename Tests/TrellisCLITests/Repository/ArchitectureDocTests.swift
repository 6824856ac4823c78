import Foundation
import XCTest

/// docs/architecture.md's module graph is Package.swift's, its "knows nothing of" column holds
/// against that graph, and it names every folder of Sources/: so the document cannot drift
/// from the package. The parsers are small and strict; their own tests use hand-written text.
final class ArchitectureDocTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func packageGraph() throws -> [String: Set<String>] {
    let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let graph = try PackageTargets.parse(package)
    // The parse must find the targets it is meant to find, or the comparison proves nothing.
    for known in ["TrellisSolver", "TrellisModel", "TrellisLayout", "TrellisCLI", "trellis", "TrellisSolverTests"] {
      XCTAssertNotNil(graph[known], "the Package.swift parse no longer finds target '\(known)'")
    }
    return graph
  }

  func document() throws -> String {
    let url = Self.root.appendingPathComponent("docs/architecture.md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  func testTheDocumentedGraphIsPackageSwifts() throws {
    let graph = try packageGraph()
    let documented = try ModuleGraphBlocks.parse(try document())
    let problems = ModuleGraphBlocks.differences(documented: documented, package: graph)
    XCTAssert(
      problems.isEmpty,
      "docs/architecture.md's module graph differs from Package.swift:\n" + problems.joined(separator: "\n"))
  }

  func testWhatEachModuleKnowsNothingOfIsOutsideItsDependencies() throws {
    let graph = try packageGraph()
    let claims = try UnawarenessTable.parse(try document())
    XCTAssertGreaterThanOrEqual(claims.count, 9, "the 'knows nothing of' table lost rows (one per library)")
    var problems: [String] = []
    for (module, unknown) in claims {
      guard graph[module] != nil else {
        problems.append("the table names '\(module)', which Package.swift does not declare")
        continue
      }
      let reach = ModuleGraphBlocks.dependencies(of: module, in: graph)
      for other in unknown.sorted() where graph[other] == nil {
        problems.append("'\(module)' knows nothing of '\(other)', which Package.swift does not declare")
      }
      for other in unknown.sorted() where reach.contains(other) || other == module {
        problems.append("'\(module)' is said to know nothing of '\(other)', but depends on it (directly or not)")
      }
    }
    XCTAssert(problems.isEmpty, "docs/architecture.md:\n" + problems.joined(separator: "\n"))
  }

  func testEveryFolderOfSourcesIsInTheDocument() throws {
    let doc = try document()
    let sources = Self.root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isDirectoryKey]) else {
      return XCTFail("cannot list \(sources.path)")
    }
    var folders: [String] = []
    for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
      let relative = url.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1)
      if !relative.hasPrefix(".") { folders.append("Sources/\(relative)/") }
    }
    XCTAssertGreaterThan(folders.count, 15, "the walk of Sources/ found too few folders to prove anything")
    for folder in folders.sorted() {
      XCTAssert(
        doc.contains("`\(folder)`"), "docs/architecture.md does not name `\(folder)` (list it under 'The folders')")
    }
    // And no folder it names is gone.
    for named in ModuleGraphBlocks.sourceFolders(in: doc) {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: Self.root.appendingPathComponent(named).path, isDirectory: &isDirectory)
      XCTAssert(exists && isDirectory.boolValue, "docs/architecture.md names `\(named)`, which is not a folder")
    }
  }

  /// Tests use the libraries' public and `package` API (a test target is in the package), never
  /// `@testable import`: what a test needs is a seam the module declares, and it builds in release
  /// too. docs/architecture.md states the rule.
  func testNoTestFileImportsTestably() throws {
    let tests = Self.root.appendingPathComponent("Tests")
    guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else {
      return XCTFail("cannot list \(tests.path)")
    }
    var read = 0
    var offenders: [String] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      read += 1
      let relative = url.standardizedFileURL.path.dropFirst(Self.root.standardizedFileURL.path.count + 1)
      offenders += Self.testableImportLines(in: text).map { "\(relative):\($0)" }
    }
    XCTAssertGreaterThan(read, 150, "the walk of Tests/ found too few Swift files to prove anything")
    XCTAssert(
      offenders.isEmpty,
      "@testable import in tests (use a package declaration instead; docs/architecture.md):\n"
        + offenders.sorted().joined(separator: "\n"))
  }

  /// The 1-based lines of `text` that are a `@testable import` (indented too, as inside `#if`).
  static func testableImportLines(in text: String) -> [Int] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      return words.count >= 2 && words[0] == "@testable" && words[1] == "import" ? index + 1 : nil
    }
  }

  func testTestableImportLinesAreFoundAndNothingElse() {
    // "@" is interpolated so that this file's own lines are not what the test above finds.
    let at = "@"
    let text = """
      import XCTest
      \(at)testable import TrellisSolver
      #if !FUZZ_HARNESS
        \(at)testable  import TrellisText
      #endif
      // \(at)testable import TrellisCLI is what this test forbids
      let words = "\(at)testable import"
      """
    XCTAssertEqual(Self.testableImportLines(in: text), [2, 4])
  }

  // MARK: The parsers, on hand-written text

  func testPackageParseSkipsCommentsAndReadsEveryKind() throws {
    let text = """
      let package = Package(
        name: "P",
        products: [.library(name: "A", targets: ["A"])],
        targets: [
          // .target(name: "Commented", dependencies: ["Z"]),
          .target(name: "A"),  /* .target(name: "Blocked") */
          .target(name: "B", dependencies: ["A"], exclude: ["x // not a comment"]),
          .executableTarget(name: "c-tool", dependencies: [
            "B", "A",
          ]),
          .testTarget(name: "BTests", dependencies: ["B"], path: "Tests/B"),
        ]
      )
      """
    let graph = try PackageTargets.parse(text)
    XCTAssertEqual(graph, ["A": [], "B": ["A"], "c-tool": ["A", "B"], "BTests": ["B"]])
  }

  func testPackageParseRefusesWhatItCannotRead() {
    // A product dependency is not a plain target name: the test must not guess.
    XCTAssertThrowsError(
      try PackageTargets.parse(#".target(name: "A", dependencies: [.product(name: "X", package: "x")])"#))
    XCTAssertThrowsError(try PackageTargets.parse(#".plugin(name: "P", capability: .buildTool())"#))
    XCTAssertThrowsError(try PackageTargets.parse(#".target(dependencies: ["A"])"#))
    XCTAssertThrowsError(try PackageTargets.parse(#".target(name: "A"), .target(name: "A")"#))
  }

  func testGraphBlocksAndTheirDifferences() throws {
    let doc = """
      text
      ```modules
      A
      B -> A
      C -> A, B
      ```
      ```swift
      D -> A
      ```
      """
    let documented = try ModuleGraphBlocks.parse(doc)
    XCTAssertEqual(documented.map(\.name), ["A", "B", "C"])
    XCTAssertEqual(
      ModuleGraphBlocks.differences(documented: documented, package: ["A": [], "B": ["A"], "C": ["A", "B"]]), [])
    // Each kind of difference, named with the line to write.
    XCTAssertEqual(
      ModuleGraphBlocks.differences(documented: documented, package: ["A": [], "B": [], "C": ["A", "B"], "E": ["C"]]),
      [
        "B: Package.swift has `B`, the document `B -> A`",
        "E: in Package.swift but not in the document; add the line `E -> C`",
      ])
    XCTAssertEqual(
      ModuleGraphBlocks.differences(documented: documented, package: ["A": [], "B": ["A"]]),
      ["C: in the document but not in Package.swift"])
    XCTAssertThrowsError(try ModuleGraphBlocks.parse("```modules\nA => B\n```"))
    XCTAssertThrowsError(try ModuleGraphBlocks.parse("```modules\nA\nA -> B\n```"))
    XCTAssertThrowsError(try ModuleGraphBlocks.parse("```modules\nB -> A, A\n```"))
    XCTAssertThrowsError(try ModuleGraphBlocks.parse("```modules\nA\n"), "an unclosed block is an error")
    XCTAssertThrowsError(try ModuleGraphBlocks.parse("no blocks at all"))
    XCTAssertEqual(ModuleGraphBlocks.dependencies(of: "C", in: ["A": [], "B": ["A"], "C": ["B"]]), ["A", "B"])
  }

  func testUnawarenessTable() throws {
    let doc = """
      | module | what it is | knows nothing of |
      |---|---|---|
      | `A` | the base | `B`, views |
      | `B` | the top | files |

      | other | table |
      """
    let claims = try UnawarenessTable.parse(doc)
    XCTAssertEqual(claims.map(\.module), ["A", "B"])
    XCTAssertEqual(claims.map(\.unknown), [["B"], []])
    XCTAssertThrowsError(try UnawarenessTable.parse("| module | what |\n"))
  }
}

/// Targets and their target dependencies, read from Package.swift's text: every
/// `.target(`, `.executableTarget(` and `.testTarget(` call with a string `name:` and string
/// `dependencies:`. Anything else that declares a target is refused rather than guessed at.
enum PackageTargets {
  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ text: String) throws -> [String: Set<String>] {
    let code = withoutComments(text)
    var graph: [String: Set<String>] = [:]
    for refused in [".plugin(", ".macro(", ".binaryTarget(", ".systemLibrary("] where code.contains(refused) {
      throw ParseError(
        description:
          "Package.swift declares a \(refused.dropFirst().dropLast()) target; teach ArchitectureDocTests to read it")
    }
    var rest = code[...]
    while let call = rest.firstRange(of: /\.(target|executableTarget|testTarget)\(/) {
      let arguments = try balanced(code, from: call.upperBound, open: "(", close: ")")
      rest = code[arguments.upperBound...]
      let body = code[arguments]
      guard let name = body.firstMatch(of: /^\s*name:\s*"([^"]+)"/)?.1 else {
        throw ParseError(description: "a target call without a leading `name: \"…\"`: \(body.prefix(60))")
      }
      guard graph[String(name)] == nil else { throw ParseError(description: "target '\(name)' is declared twice") }
      var dependencies: Set<String> = []
      if let label = body.firstRange(of: /\bdependencies:\s*\[/) {
        let list = try balanced(code, from: label.upperBound, open: "[", close: "]")
        for item in code[list].split(separator: ",") {
          let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
          if trimmed.isEmpty { continue }
          guard let dependency = trimmed.wholeMatch(of: /"([^"]+)"/)?.1 else {
            throw ParseError(description: "target '\(name)': dependency `\(trimmed)` is not a target name in quotes")
          }
          dependencies.insert(String(dependency))
        }
      }
      graph[String(name)] = dependencies
    }
    return graph
  }

  /// `text` with `//` and `/* */` comments blanked out (string literals kept whole).
  static func withoutComments(_ text: String) -> String {
    var out = ""
    var index = text.startIndex
    var inString = false
    while index < text.endIndex {
      let c = text[index]
      let rest = text[index...]
      if inString {
        out.append(c)
        if c == "\\", text.index(after: index) < text.endIndex {
          index = text.index(after: index)
          out.append(text[index])
        } else if c == "\"" {
          inString = false
        }
      } else if rest.hasPrefix("//") {
        while index < text.endIndex, text[index] != "\n" { index = text.index(after: index) }
        continue
      } else if rest.hasPrefix("/*") {
        let end = text[text.index(index, offsetBy: 2)...].range(of: "*/")?.upperBound ?? text.endIndex
        out.append(" ")
        index = end
        continue
      } else {
        if c == "\"" { inString = true }
        out.append(c)
      }
      index = text.index(after: index)
    }
    return out
  }

  /// The range between an opening bracket (just before `start`) and its matching close.
  static func balanced(_ text: String, from start: String.Index, open: Character, close: Character) throws
    -> Range<String.Index>
  {
    var depth = 1
    var index = start
    var inString = false
    while index < text.endIndex {
      let c = text[index]
      if inString {
        if c == "\\" {
          index = text.index(after: index)
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == open {
        depth += 1
      } else if c == close {
        depth -= 1
        if depth == 0 { return start..<index }
      }
      if index < text.endIndex { index = text.index(after: index) }
    }
    throw ParseError(description: "unbalanced '\(open)' in Package.swift")
  }
}

/// The ```` ```modules ```` blocks of a document: lines `Target` or `Target -> A, B`.
enum ModuleGraphBlocks {
  struct Line: Equatable {
    var name: String
    var dependencies: Set<String>
  }

  static func parse(_ doc: String) throws -> [Line] {
    var lines: [Line] = []
    var inBlock = false
    var sawBlock = false
    for (offset, raw) in doc.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let text = raw.trimmingCharacters(in: .whitespaces)
      if !inBlock {
        if text == "```modules" {
          inBlock = true
          sawBlock = true
        }
        continue
      }
      if text == "```" {
        inBlock = false
        continue
      }
      if text.isEmpty { continue }
      let lineNumber = offset + 1
      guard let match = text.wholeMatch(of: /([A-Za-z][A-Za-z0-9_-]*)(?:\s*->\s*(.+))?/) else {
        throw PackageTargets.ParseError(
          description: "line \(lineNumber): `\(text)` is not `Target` or `Target -> A, B`")
      }
      let name = String(match.1)
      var dependencies: Set<String> = []
      for item in (match.2.map(String.init) ?? "").split(separator: ",") {
        let dependency = item.trimmingCharacters(in: .whitespaces)
        guard dependency.wholeMatch(of: /[A-Za-z][A-Za-z0-9_-]*/) != nil else {
          throw PackageTargets.ParseError(description: "line \(lineNumber): `\(dependency)` is not a target name")
        }
        guard dependencies.insert(dependency).inserted else {
          throw PackageTargets.ParseError(description: "line \(lineNumber): '\(dependency)' is listed twice")
        }
      }
      guard !lines.contains(where: { $0.name == name }) else {
        throw PackageTargets.ParseError(description: "line \(lineNumber): '\(name)' has a line already")
      }
      lines.append(Line(name: name, dependencies: dependencies))
    }
    if inBlock { throw PackageTargets.ParseError(description: "a ```modules block is not closed") }
    if !sawBlock { throw PackageTargets.ParseError(description: "no ```modules block") }
    return lines
  }

  static func written(_ name: String, _ dependencies: Set<String>) -> String {
    dependencies.isEmpty ? name : "\(name) -> " + dependencies.sorted().joined(separator: ", ")
  }

  /// One line per difference, sorted by target.
  static func differences(documented: [Line], package: [String: Set<String>]) -> [String] {
    var out: [String] = []
    let byName = Dictionary(uniqueKeysWithValues: documented.map { ($0.name, $0.dependencies) })
    for name in Set(byName.keys).union(package.keys).sorted() {
      switch (byName[name], package[name]) {
      case (let doc?, let declared?) where doc != declared:
        out.append("\(name): Package.swift has `\(written(name, declared))`, the document `\(written(name, doc))`")
      case (nil, let declared?):
        out.append("\(name): in Package.swift but not in the document; add the line `\(written(name, declared))`")
      case (_?, nil):
        out.append("\(name): in the document but not in Package.swift")
      default:
        break
      }
    }
    return out
  }

  /// Everything `module` depends on, directly or not.
  static func dependencies(of module: String, in graph: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var stack = Array(graph[module] ?? [])
    while let next = stack.popLast() {
      if seen.insert(next).inserted { stack.append(contentsOf: graph[next] ?? []) }
    }
    return seen
  }

  /// Every `` `Sources/…/` `` the document names.
  static func sourceFolders(in doc: String) -> [String] {
    doc.matches(of: /`(Sources\/[^`\s]*\/)`/).map { String($0.1) }
  }
}

/// The rows of the table headed `| module | what it is | knows nothing of |`: the module in the
/// first cell, and the targets named in backticks in the last.
enum UnawarenessTable {
  static func parse(_ doc: String) throws -> [(module: String, unknown: Set<String>)] {
    let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| module |") && $0.hasSuffix("| knows nothing of |") })
    else {
      throw PackageTargets.ParseError(description: "no table headed `| module | … | knows nothing of |`")
    }
    guard header + 2 < lines.count else { return [] }
    var rows: [(module: String, unknown: Set<String>)] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      guard let first = cells.first, let module = first.firstMatch(of: /`([A-Za-z][A-Za-z0-9_-]*)`/)?.1,
        let last = cells.last
      else {
        throw PackageTargets.ParseError(description: "a row of the 'knows nothing of' table names no module: \(line)")
      }
      let unknown = Set(last.matches(of: /`([A-Za-z][A-Za-z0-9_-]*)`/).map { String($0.1) })
      rows.append((String(module), unknown))
    }
    return rows
  }
}
