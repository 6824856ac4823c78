import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport
import TrellisText

/// `--device`, `--orientation`, `--size`, `--traits`, `--safe-area`, `--scale`, `--rtl`: the
/// options that choose an environment, and how they combine.
///
/// - Nothing given: the default device, iPhone 17, portrait (402x874, wC hR, safe area 62,0,34,0,
///   @3x): a current iPhone with a sensor housing (the Dynamic Island) and a home indicator, so
///   that a layout ignoring the safe area shows it without options.
/// - `--device` (and `--orientation`): that device's full-screen environment.
/// - `--size` without `--device`: a custom environment: traits from `--traits` or inferred from the
///   size (``DeviceTable/inferredTraits(for:)``), safe area from `--safe-area` or none, scale from
///   `--scale` or 1. `--orientation` is refused there (a custom size has none).
/// - `--size`, `--traits`, `--safe-area`, `--scale` with a device replace that part of the device's
///   environment; a different size also drops the device name (it no longer describes the device).
enum EnvironmentOptions {
  static let defaultDeviceName = "iPhone 17"

  static let specs: [OptionSpec] = [
    .value(
      "device", valueName: "name", help: "A device from 'trellis devices'; case, spaces and punctuation do not matter.",
      default: defaultDeviceName),
    .value(
      "orientation", valueName: "orientation", allowed: ["portrait", "landscape"], help: "The device's orientation.",
      default: "portrait"),
    .value("size", valueName: "WxH", help: "A custom container size in points, e.g. 500x700."),
    .value(
      "width", valueName: "W",
      help: "A container width in points, the device's height kept; for a cell, the width of its table or collection."),
    .value("traits", valueName: "wX,hY", help: "Size classes, e.g. wC,hR (C = compact, R = regular)."),
    .value("safe-area", valueName: "T,L,B,R", help: "Safe-area insets in points: top, left, bottom, right."),
    .value("scale", valueName: "n", help: "Points to pixels (2 for @2x)."),
    .flag("rtl", help: "Lay out right to left (leading is the right edge)."),
    contentSizeSpec,
  ]

  /// `--keyboard`: the software keyboard shown, for the root's keyboard layout guide.
  static let keyboardSpec = OptionSpec.value(
    "keyboard", valueName: "height",
    help: "Show the software keyboard this many points tall from the screen's bottom (the height of "
      + "root.keyboardLayoutGuide); without it the keyboard is hidden and the guide is the bottom safe-area inset.")

  /// The environment with `--keyboard` applied: a height greater than 0 and at most the screen's.
  static func keyboard(_ environment: Environment, from values: ParsedArguments) throws(UsageError) -> Environment {
    guard let height = try values.positiveNumber("keyboard", valueName: "height") else { return environment }
    guard height <= environment.containerSize.height else {
      throw UsageError(
        "The value '\(values.value("keyboard") ?? "")' is invalid for '--keyboard <height>': the keyboard cannot be "
          + "taller than the screen (\(fmt(environment.containerSize.height)) pt).")
    }
    var environment = environment
    environment.keyboardHeight = height
    return environment
  }

  /// `--scene`, for `.storyboard` and `.xib` files.
  static let sceneSpec = OptionSpec.value(
    "scene", valueName: "id",
    help: "For a .storyboard or .xib: the scene (its id, view id, storyboard identifier, class or title).")

  /// Whether any option that places the layout on a screen was given (else an Interface Builder
  /// scene is laid out where IB laid it out).
  static func choosesScreen(_ values: ParsedArguments) -> Bool {
    ["device", "orientation", "size", "width", "traits", "safe-area", "scale"].contains { values.value($0) != nil }
  }

  /// The environment an imported scene was designed in, with `--rtl` and `--content-size` applied.
  static func design(_ design: Environment, from values: ParsedArguments) throws(UsageError) -> Environment {
    var environment = design
    if values.flag("rtl") { environment.layoutDirection = .rightToLeft }
    if let text = values.value("content-size") { environment.contentSizeCategory = try contentSize(text) }
    return try keyboard(environment, from: values)
  }

  static let contentSizeSpec = OptionSpec.value(
    "content-size", valueName: "category",
    help:
      "The Dynamic Type text size text styles follow: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 ... AX5.",
    default: "large")

  /// A content size category by its short name (`AX2`) or UIKit's (`accessibilityLarge`).
  static func contentSize(_ text: String, option: String = "content-size") throws(UsageError) -> ContentSizeCategory {
    if let category = ContentSizeCategory(name: text) { return category }
    let names = ContentSizeCategory.allCases.map(\.shortName)
    throw UsageError(
      "The value '\(text)' is invalid for '--\(option) <category>'. Use one of: \(names.joined(separator: ", ")).")
  }

  static func environment(from values: ParsedArguments) throws(UsageError) -> Environment {
    var environment = try baseEnvironment(from: values)
    if let text = values.value("content-size") { environment.contentSizeCategory = try contentSize(text) }
    return try keyboard(environment, from: values)
  }

  private static func baseEnvironment(from values: ParsedArguments) throws(UsageError) -> Environment {
    let direction: LayoutDirection = values.flag("rtl") ? .rightToLeft : .leftToRight
    let orientation = values.value("orientation").flatMap(Orientation.init(rawValue:))
    var size = try values.value("size").map { text throws(UsageError) in try parseSize(text) }
    let traits = try values.value("traits").map { text throws(UsageError) in try parseTraits(text) }
    let insets = try values.value("safe-area").map { text throws(UsageError) in try parseInsets(text) }
    let scale = try values.positiveNumber("scale", valueName: "n")

    if let width = try values.positiveNumber("width", valueName: "W") {
      guard size == nil else {
        throw UsageError("'--width' and '--size' both give the width: use '--size WxH', or '--width' alone.")
      }
      let screen = try device(named: values.value("device") ?? defaultDeviceName)
      let height = screen.environment(orientation: orientation ?? .portrait, layoutDirection: direction)
        .containerSize.height
      size = Size(width: width, height: height)
    }
    var environment: Environment
    if let name = values.value("device") {
      environment = try device(named: name).environment(
        orientation: orientation ?? .portrait, layoutDirection: direction)
    } else if let size {
      if orientation != nil, values.value("size") != nil {
        throw UsageError(
          "'--orientation' needs '--device': a custom '--size' has no orientation; give the size you mean.")
      }
      return try EnvironmentLimits.checked(
        Environment.custom(
          size: size, traits: traits, safeAreaInsets: insets ?? .zero, scale: scale ?? 1, layoutDirection: direction),
        scaleText: values.value("scale"))
    } else {
      environment = try device(named: defaultDeviceName).environment(
        orientation: orientation ?? .portrait, layoutDirection: direction)
    }
    if let size, size != environment.containerSize {
      environment.containerSize = size
      environment.traits = DeviceTable.inferredTraits(for: size)
      environment.deviceName = nil
      environment.orientation = nil
    }
    if let traits { environment.traits = traits }
    if let insets { environment.safeAreaInsets = insets }
    if let scale { environment.scale = scale }
    return try EnvironmentLimits.checked(environment, scaleText: values.value("scale"))
  }

  /// The device with this name, or a usage error with suggestions.
  static func device(named name: String) throws(UsageError) -> Device {
    switch DeviceTable.lookup(name) {
    case .found(let device):
      return device
    case .ambiguous(let devices):
      throw UsageError(
        "Device '\(name)' is ambiguous: it could be \(devices.map { "'\($0.name)'" }.joined(separator: ", ")).")
    case .notFound(let suggestions):
      let hint = suggestions.first.map { " Did you mean '\($0.name)'?" } ?? " See 'trellis devices' for the list."
      throw UsageError("Unknown device '\(name)'.\(hint)")
    }
  }

  static func parseSize(_ text: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map(String.init)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite,
      height.isFinite, width > 0, height > 0
    else {
      throw UsageError(
        "The value '\(text)' is invalid for '--size <WxH>'. Expected two numbers greater than 0, e.g. '375x667'.")
    }
    return Size(width: width, height: height)
  }

  static func parseTraits(_ text: String) throws(UsageError) -> TraitCollection {
    var horizontal: SizeClass?
    var vertical: SizeClass?
    let invalid = UsageError(
      "The value '\(text)' is invalid for '--traits <wX,hY>'. Expected a width and a height class, e.g. 'wC,hR'.")
    for token in text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " }) {
      guard token.count == 2, let axis = token.first, let letter = token.last else { throw invalid }
      let sizeClass: SizeClass
      switch letter {
      case "c": sizeClass = .compact
      case "r": sizeClass = .regular
      default: throw invalid
      }
      switch axis {
      case "w" where horizontal == nil: horizontal = sizeClass
      case "h" where vertical == nil: vertical = sizeClass
      default: throw invalid
      }
    }
    guard let horizontal, let vertical else { throw invalid }
    return TraitCollection(horizontal: horizontal, vertical: vertical)
  }

  static func parseInsets(_ text: String) throws(UsageError) -> EdgeInsets {
    let numbers = text.split(separator: ",").map { Double($0.trimmingSpaces()) }
    let invalid = UsageError(
      "The value '\(text)' is invalid for '--safe-area <T,L,B,R>'. Expected four numbers of 0 or more, e.g. '44,0,34,0'."
    )
    var values: [Double] = []
    for number in numbers {
      guard let number, number.isFinite, number >= 0 else { throw invalid }
      values.append(number)
    }
    switch values.count {
    case 1: return .uniform(values[0])
    case 4: return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    default: throw invalid
    }
  }
}

extension Substring {
  func trimmingSpaces() -> String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
