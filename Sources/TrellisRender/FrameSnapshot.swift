import Foundation
import TrellisModel
import TrellisSupport

/// Frames of a layout in many environments as stable text a reviewer can read, and the
/// comparison of two such texts: what `trellis snapshot` writes and checks.
///
/// ```
/// # trellis snapshot 2
/// # Layouts/concentration.json: frames in root coordinates (x y width height), per environment
///
/// == layout
/// view	cardGrid		kind="stack"	axis="horizontal"	spacing=8
/// constraint	constraint#1	cardGrid.top == safeArea.top	constant=8	priority=1000
///
/// == iPhone 8 portrait full (375x667, wC hR) ok
/// root 0 0 375 667
/// cardGrid 8 28 359 607
/// extraColumn 371 28 0 607 hidden
/// ```
///
/// One block per environment, in the matrix's order; one line per view in document order, its
/// numbers printed short (to a thousandth of a point); `hidden` for a view hidden itself,
/// `inherited` inside a hidden one. The block's header ends with the environment's status.
/// Format 2 adds the `== layout` block: the layout's views and constraints as the snapshot was
/// taken (one tab-separated line each, opaque here), so that a check can name what changed in
/// the layout as well as what moved. Format 1 (without it) is still read.
package enum FrameSnapshot {
  /// The first line of every snapshot; a later format changes the number.
  package static let formatLine = "# trellis snapshot 2"
  /// The first lines this reader accepts.
  static let readableFormatLines = ["# trellis snapshot 1", formatLine]
  /// The header of the layout block.
  static let layoutHeader = "== layout"

  /// One environment's block.
  package struct Block: Equatable, Sendable {
    /// `iPhone 8 portrait full (375x667, wC hR)`.
    package var name: String
    /// `ok`, or the status `matrix` would print.
    package var status: String
    /// Per view, in order: its id and the rest of its line (`0 0 375 667`, `… hidden`).
    package var lines: [(id: String, values: String)]

    package init(name: String, status: String, lines: [(id: String, values: String)]) {
      self.name = name
      self.status = status
      self.lines = lines
    }

    package static func == (lhs: Block, rhs: Block) -> Bool {
      lhs.name == rhs.name && lhs.status == rhs.status && lhs.lines.map(\.id) == rhs.lines.map(\.id)
        && lhs.lines.map(\.values) == rhs.lines.map(\.values)
    }
  }

  /// The block of one solved environment.
  package static func block(name: String, status: String, _ result: LayoutResult) -> Block {
    Block(
      name: name, status: status,
      lines: result.views.map { view in
        let f = view.frame
        var values = "\(fmt(f.x)) \(fmt(f.y)) \(fmt(f.width)) \(fmt(f.height))"
        if view.hidden {
          values += " hidden"
        } else if view.isEffectivelyHidden {
          values += " inherited"
        }
        return (view.id, values)
      })
  }

  /// The snapshot text of `blocks` for the layout `source`, with the layout's record (`layout`,
  /// one line per view or constraint) when given.
  package static func render(_ blocks: [Block], source: String, layout: [String] = []) -> String {
    var out = formatLine + "\n# \(source): frames in root coordinates (x y width height), per environment\n"
    if !layout.isEmpty { out += "\n\(layoutHeader)\n" + layout.map { $0 + "\n" }.joined() }
    for block in blocks {
      out += "\n== \(block.name) \(block.status)\n"
      for line in block.lines { out += "\(line.id) \(line.values)\n" }
    }
    return out
  }

  /// Why a text is not a snapshot.
  package struct ParseError: Error, Equatable, Sendable {
    package var line: Int
    package var message: String
  }

  /// The blocks of a snapshot text.
  package static func parse(_ text: String) -> Result<[Block], ParseError> {
    parseWithLayout(text).map(\.blocks)
  }

  /// The blocks of a snapshot text and its layout record (empty for format 1).
  package static func parseWithLayout(_ text: String) -> Result<(blocks: [Block], layout: [String]), ParseError> {
    var blocks: [Block] = []
    var layout: [String] = []
    var inLayout = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first.map(String.init), readableFormatLines.contains(first) else {
      return .failure(ParseError(line: 1, message: "not a Trellis snapshot: the first line must be '\(formatLine)'"))
    }
    for (offset, raw) in lines.enumerated().dropFirst() {
      let line = String(raw)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line == layoutHeader, blocks.isEmpty, first != readableFormatLines[0] {
        inLayout = true
        continue
      }
      if inLayout, !line.hasPrefix("== ") {
        layout.append(line)
        continue
      }
      inLayout = false
      if line.hasPrefix("== ") {
        // `== name status`: the status is the last word(s) after the closing parenthesis.
        let body = line.dropFirst(3)
        guard let close = body.lastIndex(of: ")") else {
          return .failure(ParseError(line: offset + 1, message: "an environment line must end '(size, traits) status'"))
        }
        let name = String(body[...close])
        let status = body[body.index(after: close)...].trimmingCharacters(in: .whitespaces)
        blocks.append(Block(name: name, status: status, lines: []))
        continue
      }
      guard !blocks.isEmpty, let space = line.firstIndex(of: " ") else {
        return .failure(ParseError(line: offset + 1, message: "expected '== environment' or 'id x y width height'"))
      }
      blocks[blocks.count - 1].lines.append((String(line[..<space]), String(line[line.index(after: space)...])))
    }
    return .success((blocks, layout))
  }

  /// What changed from `old` to `new`, per environment, as lines of text (empty: nothing).
  package static func differences(from old: [Block], to new: [Block]) -> [String] {
    var out: [String] = []
    let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(new.map(\.name))
    for block in new {
      guard let before = oldByName[block.name] else {
        out.append("\(block.name): new environment (not in the snapshot)")
        continue
      }
      var changes: [String] = []
      if before.status != block.status { changes.append("  status: \(before.status) → \(block.status)") }
      let beforeLines = Dictionary(before.lines.map { ($0.id, $0.values) }, uniquingKeysWith: { first, _ in first })
      let afterIDs = Set(block.lines.map(\.id))
      for line in block.lines {
        guard let was = beforeLines[line.id] else {
          changes.append("  \(line.id): added at \(line.values)")
          continue
        }
        if was != line.values { changes.append("  \(line.id): \(was) → \(line.values)") }
      }
      for line in before.lines where !afterIDs.contains(line.id) {
        changes.append("  \(line.id): removed (was \(line.values))")
      }
      if !changes.isEmpty { out.append("\(block.name):\n" + changes.joined(separator: "\n")) }
    }
    for block in old where !newNames.contains(block.name) { out.append("\(block.name): no longer checked") }
    return out
  }
}
