import Foundation
import TrellisJSON
import TrellisLayout
import TrellisModel
import XCTest

/// A `<name>.frames.json` file of the layout corpus: per environment, the frame of every view,
/// worked out by hand.
///
/// ```json
/// { "environments": [
///   { "device": "iPhone 8", "orientation": "portrait",
///     "why": "a: 375 − 2 × 8 = 359 wide",
///     "frames": { "root": [0, 0, 375, 667], "a": [8, "20 + 8", "375 - 16", 44] } },
///   { "size": [400, 300], "traits": "wC hR", "safeArea": [20, 0, 0, 0], "scale": 2,
///     "direction": "rightToLeft", "snap": true, "broken": ["constraint#3"], "why": "…", "frames": { … } } ] }
/// ```
///
/// A frame is `[x, y, width, height]`; each entry is a number or a string of arithmetic
/// (`+ - * /`, parentheses), so a hand computation can be written as it was done. `safeArea`
/// is `[top, left, bottom, right]`. `broken` (optional) lists the ids of every optional
/// constraint the layout must break (content-size ones such as `l#width-hugging` included).
/// `warnings` (optional) lists the code of every warning the layout must give, in order (a
/// squeezed label's `text-truncated`); without it the layout must give none. `why` is required:
/// the arithmetic.
public struct FrameExpectations {
  /// One environment and what the layout must give in it.
  public struct Case {
    public var environment: Environment
    public var snap: Bool
    public var frames: [String: Rect]
    public var broken: [String]?
    /// The codes of the warnings the layout gives, in order (none when absent from the file).
    public var warnings: [String]
    public var why: String
    /// A short name for messages (`iPhone 8 portrait`, `400x300 wC hR rightToLeft`).
    public var name: String
  }

  public var cases: [Case]

  /// Reads the file; a malformed one fails the test (with the path) and gives `nil`.
  public static func read(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> FrameExpectations? {
    guard let text = FixturePaths.contents(of: url, file: file, line: line) else { return nil }
    func fail(_ message: String) -> FrameExpectations? {
      XCTFail("\(url.path): \(message)", file: file, line: line)
      return nil
    }
    guard let top = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let environments = top["environments"] as? [[String: Any]], !environments.isEmpty
    else { return fail("expected {\"environments\": [ … ]} with at least one environment") }
    var cases: [Case] = []
    for (index, entry) in environments.enumerated() {
      switch parseCase(entry) {
      case .success(let parsed): cases.append(parsed)
      case .failure(let problem): return fail("environments[\(index)]: \(problem.message)")
      }
    }
    return FrameExpectations(cases: cases)
  }

  struct Problem: Error { var message: String }

  static func parseCase(_ entry: [String: Any]) -> Result<Case, Problem> {
    Result {
      guard let why = entry["why"] as? String, !why.isEmpty else { throw Problem(message: "no \"why\"") }
      let direction: LayoutDirection
      switch entry["direction"] as? String ?? "leftToRight" {
      case "leftToRight": direction = .leftToRight
      case "rightToLeft": direction = .rightToLeft
      case let other: throw Problem(message: "unknown direction \(other)")
      }
      var environment: Environment
      var name: String
      if let deviceName = entry["device"] as? String {
        guard let device = DeviceTable.device(named: deviceName) else {
          throw Problem(message: "no device \(deviceName) in the device table")
        }
        guard let orientation = Orientation(rawValue: entry["orientation"] as? String ?? "") else {
          throw Problem(message: "a device needs \"orientation\": portrait or landscape")
        }
        environment = device.environment(orientation: orientation, layoutDirection: direction)
        name = "\(deviceName) \(orientation.rawValue)"
      } else {
        let size = try numbers(entry["size"], count: 2, "size")
        guard let traitsText = entry["traits"] as? String, let pattern = TraitPattern(parsing: traitsText),
          let horizontal = pattern.horizontal, let vertical = pattern.vertical
        else { throw Problem(message: "a custom environment needs \"traits\" like \"wC hR\"") }
        let insets = try entry["safeArea"].map { try numbers($0, count: 4, "safeArea") } ?? [0, 0, 0, 0]
        environment = Environment(
          containerSize: Size(width: size[0], height: size[1]),
          traits: TraitCollection(horizontal: horizontal, vertical: vertical),
          safeAreaInsets: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]),
          scale: try entry["scale"].map { try number($0, "scale") } ?? 1, layoutDirection: direction)
        name = "\(environment.containerSize) \(environment.traits)"
      }
      if direction == .rightToLeft { name += " rightToLeft" }
      let snap = entry["snap"] as? Bool ?? false
      if snap { name += " snapped" }
      guard let frameEntries = entry["frames"] as? [String: Any], !frameEntries.isEmpty else {
        throw Problem(message: "no \"frames\"")
      }
      var frames: [String: Rect] = [:]
      for (id, value) in frameEntries {
        let v = try numbers(value, count: 4, "frames.\(id)")
        frames[id] = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      }
      let broken = try entry["broken"].map { value -> [String] in
        guard let ids = value as? [String] else { throw Problem(message: "\"broken\" must be a list of ids") }
        return ids
      }
      let warnings = try entry["warnings"].map { value -> [String] in
        guard let codes = value as? [String] else { throw Problem(message: "\"warnings\" must be a list of codes") }
        return codes
      }
      return Case(
        environment: environment, snap: snap, frames: frames, broken: broken, warnings: warnings ?? [], why: why,
        name: name)
    }.mapError { $0 as? Problem ?? Problem(message: "\($0)") }
  }

  private static func numbers(_ value: Any?, count: Int, _ what: String) throws -> [Double] {
    guard let list = value as? [Any], list.count == count else {
      throw Problem(message: "\"\(what)\" must be a list of \(count) numbers or arithmetic strings")
    }
    return try list.map { try number($0, what) }
  }

  private static func number(_ value: Any, _ what: String) throws -> Double {
    if let text = value as? String {
      guard let result = Arithmetic.evaluate(text) else {
        throw Problem(message: "bad arithmetic '\(text)' in \(what)")
      }
      return result
    }
    guard let number = value as? NSNumber else {
      throw Problem(message: "\(what): expected a number, found \(value)")
    }
    return number.doubleValue
  }
}

/// Evaluates `+ - * /`, unary minus and parentheses over decimal numbers: the arithmetic a
/// fixture writes out (`"(359 - 3*8)/4"`).
public enum Arithmetic {
  /// The value, or `nil` for anything else (a letter, an unbalanced parenthesis).
  public static func evaluate(_ text: String) -> Double? {
    var parser = Parser(scalars: Array(text.unicodeScalars.filter { $0 != " " }))
    guard let value = parser.sum(), parser.index == parser.scalars.count else { return nil }
    return value
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func sum() -> Double? {
      guard var value = product() else { return nil }
      while index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
        let op = scalars[index]
        index += 1
        guard let rhs = product() else { return nil }
        value = op == "+" ? value + rhs : value - rhs
      }
      return value
    }

    mutating func product() -> Double? {
      guard var value = factor() else { return nil }
      while index < scalars.count, scalars[index] == "*" || scalars[index] == "/" {
        let op = scalars[index]
        index += 1
        guard let rhs = factor() else { return nil }
        value = op == "*" ? value * rhs : value / rhs
      }
      return value
    }

    mutating func factor() -> Double? {
      guard index < scalars.count else { return nil }
      if scalars[index] == "-" {
        index += 1
        return factor().map { -$0 }
      }
      if scalars[index] == "(" {
        index += 1
        guard let value = sum(), index < scalars.count, scalars[index] == ")" else { return nil }
        index += 1
        return value
      }
      let start = index
      while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
      return Double(String(String.UnicodeScalarView(scalars[start..<index])))
    }
  }
}
