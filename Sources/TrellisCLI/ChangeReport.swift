import TrellisModel
import TrellisRender
import TrellisSupport

/// What `snapshot --check` and `diff` print: the changes between two sets of frames grouped
/// across environments, so that one changed constant reads as a few lines, not one block per
/// environment.
///
/// A change is one view's one field and how it changed: `card1.y +4` (a frame field and its
/// delta, exact to the snapshot's thousandth of a point), `extraColumn shown → hidden`,
/// `badge appeared`, `badge went`, or an environment's `status ok → overlap`. Two environments
/// share a change when the view, the field and the delta are equal. Changes that apply to the
/// same set of environments and have the same field and delta share a line, naming their views:
///
/// ```
/// 7 views y +4 in 122 environments (all): cardGrid, rows, row1, card1, card2, card3, card4
/// card21.height -1 in 46 environments in compact height
/// ```
///
/// A set of environments is named by what its environments share, the first of: all of them;
/// a device family; a family's full-screen portraits or landscapes, or the iPads' Split View
/// windows; a size class (a height, a width, or both); all but at most three (named); else a
/// count and the first three. Names are predicates, never counts alone, so a device added to
/// the table that moves like its family keeps the report's lines and their order.
///
/// Lines are ordered by that name's kind (all, family, family and orientation, size class, all
/// but, a count), then by the set's first environment in the matrix's order, then by the first
/// view in document order and the field (x, y, width, height, state, appeared, went, status):
/// the same order on any machine.
///
/// `package` so that tests check the grouping and the names of environment sets directly.
package struct ChangeReport {
  /// One environment as the report names it.
  package struct Place: Sendable {
    /// `iPhone 8 portrait`, `iPad mini 8.3-inch (6th/7th gen) landscape 1/3`.
    package var name: String
    package var family: Device.Family
    package var orientation: Orientation
    /// `full`, `1/3`, `1/2` or `2/3`.
    package var window: String
    package var traits: TraitCollection

    package init(_ entry: MatrixCommand.Entry) {
      name = "\(entry.device.name) \(entry.orientation.rawValue)" + (entry.window == "full" ? "" : " \(entry.window)")
      family = entry.device.family
      orientation = entry.orientation
      window = entry.window
      traits = entry.environment.traits
    }
  }

  /// One change of one view (or of an environment's status, `view` nil).
  struct Change: Hashable, Sendable {
    var view: String?
    /// `x`, `y`, `width`, `height`, `state`, `appeared`, `went`, `status`, or `frame` for a
    /// snapshot line that does not read as four numbers.
    var field: String
    /// `+4`, `-0.8`, `shown → hidden`, `ok → overlap`; empty for `appeared` and `went`.
    var delta: String

    static let fieldOrder = ["x", "y", "width", "height", "frame", "state", "appeared", "went", "status"]
  }

  /// One line of the report: a field and delta shared by `views` in exactly `environments`.
  package struct Line: Sendable {
    var views: [String]
    var field: String
    var delta: String
    /// Indices into ``places``, ascending.
    var environments: [Int]
    var description: EnvironmentSet
  }

  /// How a set of environments is named, and the rank its lines are ordered by.
  package struct EnvironmentSet: Sendable {
    var rank: Int
    /// `122 environments (all)`, `35 iPhone portraits`, `76 environments in regular height`.
    package var text: String
    /// `all`, `family`, `family and orientation`, `size class`, `all but`, `count`.
    var kind: String
  }

  /// The environments compared (present in both), in the matrix's order.
  var places: [Place]
  /// Per compared environment, its changes in document order (the full listing, for `--verbose`).
  var listing: [[String]]
  /// The grouped lines, in report order.
  package var lines: [Line]
  /// Environments of the new side missing from the old one, and the reverse.
  var added: [String]
  var gone: [String]

  /// How many compared environments changed.
  var changedCount: Int { listing.filter { !$0.isEmpty }.count }

  /// Compares `old` with `new`, whose blocks are the environments `entries` (same order).
  package init(from old: [FrameSnapshot.Block], to new: [FrameSnapshot.Block], entries: [MatrixCommand.Entry]) {
    let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(new.map(\.name))
    var places: [Place] = []
    var perEnvironment: [[Change]] = []
    var listing: [[String]] = []
    var added: [String] = []
    var viewOrder: [String: Int] = [:]
    for (block, entry) in zip(new, entries) {
      for line in block.lines where viewOrder[line.id] == nil { viewOrder[line.id] = viewOrder.count }
      guard let before = oldByName[block.name] else {
        added.append(Place(entry).name)
        continue
      }
      places.append(Place(entry))
      let (changes, text) = Self.changes(from: before, to: block)
      perEnvironment.append(changes)
      listing.append(text)
    }
    for block in old {
      for line in block.lines where viewOrder[line.id] == nil { viewOrder[line.id] = viewOrder.count }
    }
    self.places = places
    self.listing = listing
    self.added = added
    gone = old.filter { !newNames.contains($0.name) }.map(\.name)

    // Each distinct change, with the environments it applies to.
    var environmentsOf: [Change: [Int]] = [:]
    for (index, changes) in perEnvironment.enumerated() {
      for change in Set(changes) { environmentsOf[change, default: []].append(index) }
    }
    // Changes with the same field, delta and environments share a line.
    struct Key: Hashable {
      var field: String
      var delta: String
      var environments: [Int]
    }
    var viewsOf: [Key: [String]] = [:]
    for (change, environments) in environmentsOf {
      viewsOf[Key(field: change.field, delta: change.delta, environments: environments), default: []].append(
        change.view ?? "")
    }
    let all = Array(places.indices)
    var lines: [Line] = viewsOf.map { key, views in
      let ordered = views.sorted { (viewOrder[$0] ?? Int.max, $0) < (viewOrder[$1] ?? Int.max, $1) }
      return Line(
        views: ordered.filter { !$0.isEmpty }, field: key.field, delta: key.delta, environments: key.environments,
        description: Self.describe(key.environments, of: places, all: all))
    }
    func fieldRank(_ field: String) -> Int { Change.fieldOrder.firstIndex(of: field) ?? Change.fieldOrder.count }
    lines.sort { a, b in
      if a.description.rank != b.description.rank { return a.description.rank < b.description.rank }
      if a.environments != b.environments {
        if a.environments.first != b.environments.first { return a.environments[0] < b.environments[0] }
        return a.environments.lexicographicallyPrecedes(b.environments)
      }
      let av = a.views.first.flatMap { viewOrder[$0] } ?? Int.max
      let bv = b.views.first.flatMap { viewOrder[$0] } ?? Int.max
      if av != bv { return av < bv }
      if fieldRank(a.field) != fieldRank(b.field) { return fieldRank(a.field) < fieldRank(b.field) }
      return a.delta < b.delta
    }
    self.lines = lines
  }

  /// One environment's changes, and the same as the per-environment listing prints them.
  static func changes(from before: FrameSnapshot.Block, to after: FrameSnapshot.Block) -> ([Change], [String]) {
    var changes: [Change] = []
    var text: [String] = []
    if before.status != after.status {
      changes.append(Change(view: nil, field: "status", delta: "\(before.status) → \(after.status)"))
      text.append("status: \(before.status) → \(after.status)")
    }
    let beforeLines = Dictionary(before.lines.map { ($0.id, $0.values) }, uniquingKeysWith: { first, _ in first })
    let afterIDs = Set(after.lines.map(\.id))
    for line in after.lines {
      guard let was = beforeLines[line.id] else {
        changes.append(Change(view: line.id, field: "appeared", delta: ""))
        text.append("\(line.id): added at \(line.values)")
        continue
      }
      guard was != line.values else { continue }
      text.append("\(line.id): \(was) → \(line.values)")
      guard let a = Frame(was), let b = Frame(line.values) else {
        changes.append(Change(view: line.id, field: "frame", delta: "\(was) → \(line.values)"))
        continue
      }
      for (index, field) in ["x", "y", "width", "height"].enumerated() where a.values[index] != b.values[index] {
        changes.append(Change(view: line.id, field: field, delta: Frame.signed(b.values[index] - a.values[index])))
      }
      if a.state != b.state { changes.append(Change(view: line.id, field: "state", delta: "\(a.state) → \(b.state)")) }
    }
    for line in before.lines where !afterIDs.contains(line.id) {
      changes.append(Change(view: line.id, field: "went", delta: ""))
      text.append("\(line.id): removed (was \(line.values))")
    }
    return (changes, text)
  }

  /// A snapshot line's numbers in thousandths of a point (the snapshot's precision, so deltas
  /// are exact) and its state.
  struct Frame {
    var values: [Int]
    /// `shown`, `hidden` or `inherited`.
    var state: String

    init?(_ text: String) {
      let words = text.split(separator: " ")
      guard words.count == 4 || words.count == 5 else { return nil }
      var values: [Int] = []
      for word in words.prefix(4) {
        guard let number = Double(word), number.isFinite, abs(number) < 1e12 else { return nil }
        values.append(Int((number * 1000).rounded()))
      }
      self.values = values
      if words.count == 5 {
        guard words[4] == "hidden" || words[4] == "inherited" else { return nil }
        state = String(words[4])
      } else {
        state = "shown"
      }
    }

    /// `+4`, `-0.8`, `+0.001`.
    static func signed(_ thousandths: Int) -> String {
      (thousandths > 0 ? "+" : "-") + fmt(Double(abs(thousandths)) / 1000)
    }
  }

  /// The name of the environments `set` (ascending indices into `places`).
  package static func describe(_ set: [Int], of places: [Place], all: [Int]) -> EnvironmentSet {
    let count = set.count
    func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    if set == all {
      return EnvironmentSet(
        rank: 0, text: count == 1 ? "the 1 environment" : "\(count) environments (all)", kind: "all")
    }
    func matches(_ predicate: (Place) -> Bool) -> Bool {
      let members = all.filter { predicate(places[$0]) }
      return !members.isEmpty && members == set
    }
    for family in Device.Family.allCases where matches({ $0.family == family }) {
      return EnvironmentSet(
        rank: 1, text: plural(count, "\(family.rawValue) environment", "\(family.rawValue) environments"),
        kind: "family")
    }
    for family in Device.Family.allCases {
      for orientation in Orientation.allCases
      where matches({ $0.family == family && $0.orientation == orientation && $0.window == "full" }) {
        let word = "\(family.rawValue) \(orientation.rawValue)"
        return EnvironmentSet(rank: 2, text: plural(count, word, word + "s"), kind: "family and orientation")
      }
      if matches({ $0.family == family && $0.window != "full" }) {
        return EnvironmentSet(
          rank: 2, text: plural(count, "\(family.rawValue) Split View window", "\(family.rawValue) Split View windows"),
          kind: "family and orientation")
      }
    }
    let classes: [(String, (Place) -> Bool)] =
      [
        ("regular height", { $0.traits.vertical == .regular }),
        ("compact height", { $0.traits.vertical == .compact }),
        ("regular width", { $0.traits.horizontal == .regular }),
        ("compact width", { $0.traits.horizontal == .compact }),
      ]
      + TraitCollection.all.map { traits in ("\(traits)", { $0.traits == traits }) }
    for (name, predicate) in classes where matches(predicate) {
      return EnvironmentSet(
        rank: 3, text: plural(count, "environment", "environments") + " in \(name)", kind: "size class")
    }
    let names = set.map { places[$0].name }
    let missing = all.filter { !set.contains($0) }.map { places[$0].name }
    if missing.count <= 3, count > missing.count {
      return EnvironmentSet(
        rank: 4, text: "\(count) environments (all but \(missing.joined(separator: ", ")))", kind: "all but")
    }
    if count <= 3 {
      return EnvironmentSet(
        rank: 5, text: plural(count, "environment", "environments") + " (\(names.joined(separator: ", ")))",
        kind: "count")
    }
    return EnvironmentSet(
      rank: 5, text: "\(count) environments (\(names.prefix(3).joined(separator: ", ")), …)", kind: "count")
  }

  /// `card1.x +8 in 122 environments (all)`; `7 views y +4 in …: cardGrid, rows, …`;
  /// `status ok → overlap in …`.
  package static func text(_ line: Line) -> String {
    let what: String
    switch line.field {
    case "appeared", "went": what = line.field
    default: what = line.delta
    }
    let subject: String
    switch line.views.count {
    case 0: subject = line.field
    case 1:
      let view = line.views[0]
      subject = ["appeared", "went", "state", "frame"].contains(line.field) ? view : "\(view).\(line.field)"
    default:
      let field = ["appeared", "went", "state", "frame"].contains(line.field) ? "" : " \(line.field)"
      subject = "\(line.views.count) views\(field)"
    }
    let tail = line.views.count > 1 ? ": " + line.views.joined(separator: ", ") : ""
    return "\(subject) \(what) in \(line.description.text)\(tail)"
  }

  /// The report as text: the summary, the cause, the grouped lines, and with `verbose` the
  /// per-environment listing.
  func render(summary: String, cause: [String], verbose: Bool) -> String {
    var out = summary + "\n"
    if !cause.isEmpty { out += "Cause:\n" + cause.map { "  \($0)\n" }.joined() }
    if !lines.isEmpty { out += "Moves:\n" + lines.map { "  \(Self.text($0))\n" }.joined() }
    if !added.isEmpty {
      out +=
        "  new \(added.count == 1 ? "environment" : "environments") (not in the old frames): "
        + Self.firstFew(added) + "\n"
    }
    if !gone.isEmpty {
      out += "  no longer checked: " + Self.firstFew(gone) + "\n"
    }
    if verbose {
      let changed = zip(places, listing).filter { !$0.1.isEmpty }
      if !changed.isEmpty {
        out += "Per environment:\n"
        for (place, text) in changed { out += "  \(place.name):\n" + text.map { "    \($0)\n" }.joined() }
      }
      if added.count > 3 || gone.count > 3 {
        for name in added { out += "  \(name): new environment (not in the old frames)\n" }
        for name in gone { out += "  \(name): no longer checked\n" }
      }
    }
    return out
  }

  /// `a, b, c`, or `a, b, c and 4 more (--verbose lists them)`.
  static func firstFew(_ names: [String]) -> String {
    guard names.count > 3 else { return names.joined(separator: ", ") }
    return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more (--verbose lists them)"
  }

  /// The report for tools: the groups, and with `verbose` the per-environment listing.
  func json(cause: [JSONValue], verbose: Bool) -> JSONValue {
    var object: [JSONValue.Member] = [
      .init("compared", .number(Double(places.count))),
      .init("changed", .number(Double(changedCount))),
      .init("causes", .array(cause)),
      .init(
        "groups",
        .array(
          lines.map { line in
            .object([
              "views": .array(line.views.map(JSONValue.string)),
              "field": .string(line.field),
              "change": line.delta.isEmpty ? .null : .string(line.delta),
              "environments": .object([
                "count": .number(Double(line.environments.count)),
                "kind": .string(line.description.kind),
                "description": .string(line.description.text),
                "names": .array(line.environments.map { .string(places[$0].name) }),
              ]),
            ])
          })),
      .init("newEnvironments", .array(added.map(JSONValue.string))),
      .init("goneEnvironments", .array(gone.map(JSONValue.string))),
    ]
    if verbose {
      object.append(
        .init(
          "listing",
          .array(
            zip(places, listing).filter { !$0.1.isEmpty }.map { place, text in
              .object(["environment": .string(place.name), "changes": .array(text.map(JSONValue.string))])
            })))
    }
    return .object(object)
  }
}
