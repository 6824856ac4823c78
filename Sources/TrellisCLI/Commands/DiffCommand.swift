import Foundation
import TrellisImport
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis diff OLD NEW`: what a change to a layout file moves, environment by environment, and
/// which constraints it adds, removes or changes.
struct DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff", abstract: "Show what a change to a layout moves, environment by environment.",
    discussion: """
      Solves both layouts in every environment of the matrix (as 'snapshot' does) and prints, per \
      environment, each view that moved (before → after), appeared or went, and a changed status; \
      then the constraints added, removed or changed (by id: relation, items, multiplier, constant, \
      priority or size classes). The exit status is 0 when nothing moved, 1 when something did.
      """,
    arguments: [
      ArgumentSpec(name: "old", help: "The layout before the change."),
      ArgumentSpec(name: "new", help: "The layout after the change."),
    ],
    options: [
      MatrixCommand.devicesSpec,
      EnvironmentOptions.sceneSpec, FailurePolicy.suppressSpec,
      ImportCommand.intrinsicSpec(default: .fonts),
    ] + TextOptions.specs)

  var old: String
  var new: String
  var options: MatrixOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    old = arguments.argument("old") ?? ""
    new = arguments.argument("new") ?? ""
    options = try MatrixOptions(arguments)
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    let before = try context.readDocument(old, scene: options.scene, intrinsic: options.intrinsic)
    let after = try context.readDocument(new, scene: options.scene, intrinsic: options.intrinsic)
    let oldBlocks = try SnapshotCommand.blocks((options.text.apply(to: before.0), before.1), options, &context)
    let newBlocks = try SnapshotCommand.blocks((options.text.apply(to: after.0), after.1), options, &context)
    let moves = FrameSnapshot.differences(from: oldBlocks, to: newBlocks)
    let constraints = Self.constraintChanges(from: before.0, to: after.0)
    if moves.isEmpty {
      context.stdout += "No frame moves in \(newBlocks.count) environments.\n"
    } else {
      context.stdout += moves.map { $0 + "\n" }.joined()
    }
    if !constraints.isEmpty {
      context.stdout += "Constraints:\n" + constraints.map { "  \($0)\n" }.joined()
    }
    return moves.isEmpty ? 0 : 1
  }

  /// `added 'c7': a.top == b.bottom + 8`, `removed …`, `changed 'c2': … → …`, by constraint id.
  static func constraintChanges(from before: LayoutDocument, to after: LayoutDocument) -> [String] {
    func describe(_ spec: ConstraintSpec) -> String {
      var parts = ["\(spec.first) \(spec.relation.rawValue)"]
      if let second = spec.second {
        parts.append((spec.multiplier == 1 ? "" : "\(fmt(spec.multiplier)) * ") + "\(second)")
      }
      parts.append("constant \(describeVarying(spec.constant, fmt))")
      if spec.standardSpacing.base != 0 || !spec.standardSpacing.variations.isEmpty {
        parts.append("standard \(describeVarying(spec.standardSpacing, fmt))")
      }
      parts.append("priority \(describeVarying(spec.priority, fmt))")
      if !spec.installed.variations.isEmpty || !spec.installed.base {
        parts.append("installed \(describeVarying(spec.installed) { $0 ? "yes" : "no" })")
      }
      return parts.joined(separator: " ")
    }
    let oldByID = Dictionary(before.constraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let newIDs = Set(after.constraints.map(\.id))
    var out: [String] = []
    for spec in after.constraints {
      guard let was = oldByID[spec.id] else {
        out.append("added '\(spec.id)': \(describe(spec))")
        continue
      }
      let a = describe(was), b = describe(spec)
      if a != b { out.append("changed '\(spec.id)': \(a) → \(b)") }
    }
    for spec in before.constraints where !newIDs.contains(spec.id) {
      out.append("removed '\(spec.id)': \(describe(spec))")
    }
    return out
  }

  /// `8`, or `{any 8, hC 20}` for a value that varies.
  static func describeVarying<T>(_ value: Varying<T>, _ show: (T) -> String) -> String {
    guard !value.variations.isEmpty else { return show(value.base) }
    return "{any " + show(value.base) + value.variations.map { ", \($0.pattern) \(show($0.value))" }.joined() + "}"
  }
}
