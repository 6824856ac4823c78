import TrellisModel
import TrellisSupport

/// The `cell` object of a layout file (docs/layout-format.md, "Cells").
extension DocumentReader {
  static let cellKeys = ["in", "accessory", "rowHeight", "estimatedRowHeight", "itemWidth", "itemHeight"]

  /// Reads `"cell": {"in": "plainTable", "accessory": "disclosureIndicator", "rowHeight": "automatic", …}`.
  func readCell(_ node: JSONNode, path: String) -> CellSpec? {
    guard case .object(let members) = node.value else {
      values.typeError(node, expected: "an object such as {\"in\": \"plainTable\"}", for: "\"cell\"", path: path)
      return nil
    }
    values.reportUnknownKeys(members, known: Self.cellKeys, in: "\"cell\"", path: path)
    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    func memberPath(_ key: String) -> String { JSONPath.member(path, key) }
    var cell = CellSpec()
    var valid = true
    var knownHost = true
    if let found = member("in") {
      if let host: CellSpec.Host = values.enumeration(found.value, for: "cell host", path: memberPath("in")) {
        cell.host = host
      } else {
        (valid, knownHost) = (false, false)
      }
    }
    if let found = member("accessory") {
      if let accessory: CellSpec.Accessory = values.enumeration(
        found.value, for: "cell accessory", path: memberPath("accessory"))
      {
        cell.accessory = accessory
      } else {
        valid = false
      }
    }
    /// A height or width: a positive number of points, or `"automatic"` (fitted) when allowed.
    func size(_ key: String, automatic: Bool) -> Double?? {
      guard let found = member(key) else { return .some(nil) }
      if automatic, case .string(let text) = found.value.value {
        if text == "automatic" { return .some(nil) }
        sink.error(
          "invalid-value",
          "\"\(key)\" is a number of points or \"automatic\" (a height fitted to the content); found '\(text)'",
          at: found.value.location, path: memberPath(key))
        return nil
      }
      guard let value = values.points(found.value, for: "\"\(key)\"", path: memberPath(key), allowNegative: false)
      else { return nil }
      guard value > 0 else {
        sink.error(
          "out-of-range",
          "\"\(key)\" must be more than 0 pt\(automatic ? ", or \"automatic\" for a height fitted to the content" : "")",
          at: found.value.location, path: memberPath(key))
        return nil
      }
      return .some(value)
    }
    if let value = size("rowHeight", automatic: true) { cell.rowHeight = value } else { valid = false }
    if let value = size("estimatedRowHeight", automatic: true) {
      cell.estimatedRowHeight = value
    } else {
      valid = false
    }
    if let value = size("itemWidth", automatic: false) { cell.itemWidth = value } else { valid = false }
    if let value = size("itemHeight", automatic: true) { cell.itemHeight = value } else { valid = false }
    guard knownHost else { return nil }
    for key in ["rowHeight", "estimatedRowHeight", "accessory"] where !cell.host.isTable {
      if let found = member(key) {
        sink.warning(
          "cell-key-ignored",
          "\"\(key)\" applies only to table cells; a collection cell's size is \"itemWidth\" and \"itemHeight\"",
          at: found.value.location, path: memberPath(key))
      }
    }
    for key in ["itemWidth", "itemHeight"] where cell.host.isTable {
      if let found = member(key) {
        let instead =
          key == "itemWidth" ? "a table cell's width comes from its table" : "a table cell's height is \"rowHeight\""
        sink.warning(
          "cell-key-ignored", "\"\(key)\" applies only to collection cells; \(instead)",
          at: found.value.location, path: memberPath(key))
      }
    }
    return valid ? cell : nil
  }
}
