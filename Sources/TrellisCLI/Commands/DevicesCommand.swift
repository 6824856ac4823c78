import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisRender
import TrellisSupport

/// `trellis devices`: the built-in device table.
struct DevicesCommand: Command {
  static let spec = CommandSpec(
    name: "devices", abstract: "List the built-in devices.",
    discussion: """
      The first line names the table's version (when it was last brought up to date). Sizes are \
      portrait points; landscape swaps them. Safe areas are top,left,bottom,right insets of a \
      full-screen app with the status bar shown. '*' marks insets no source gives. iPads marked '+' \
      also have Split View and Slide Over windows in 'trellis matrix'. Devices listed under 'Also \
      found as' answer to those names too (Apple's names of models with the same screen).
      """,
    options: [
      .value("format", valueName: "format", allowed: ["table", "json"], help: "What to print.", default: "table")
    ])

  var format: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    format = arguments.value("format") ?? "table"
  }

  func run(_ context: inout CommandContext) throws -> Int32 {
    context.stdout += format == "json" ? Self.json() : Self.table()
    return 0
  }

  static func table() -> String {
    var rows: [[String]] = [
      ["name", "points", "scale", "portrait", "landscape", "safe area portrait", "safe area landscape"]
    ]
    for device in DeviceTable.all {
      let mark = device.isSafeAreaSourced ? "" : "*"
      rows.append([
        device.name + (device.multitaskingWindows.isEmpty ? "" : " +"), "\(device.portraitSize)",
        "@\(NumberFormat.exact(device.scale))x",
        "\(device.portrait.traits)", "\(device.landscape.traits)", "\(device.portrait.safeAreaInsets)\(mark)",
        "\(device.landscape.safeAreaInsets)\(mark)",
      ])
    }
    var text = "Device table \(DeviceTable.version): \(DeviceTable.all.count) devices.\n" + TextTable.render(rows)
    let aliased = DeviceTable.all.filter { !$0.aliases.isEmpty }
    if !aliased.isEmpty {
      text += "\nAlso found as:\n"
      for device in aliased { text += "  \(device.name): \(device.aliases.joined(separator: ", "))\n" }
    }
    return text
  }

  static func json() -> String {
    func facts(_ facts: Device.OrientationFacts) -> JSONValue {
      .object([
        "horizontal": .string(facts.traits.horizontal.rawValue), "vertical": .string(facts.traits.vertical.rawValue),
        "safeArea": .object([
          "top": .number(facts.safeAreaInsets.top), "left": .number(facts.safeAreaInsets.left),
          "bottom": .number(facts.safeAreaInsets.bottom), "right": .number(facts.safeAreaInsets.right),
        ]),
      ])
    }
    let devices = DeviceTable.all.map { device -> JSONValue in
      .object([
        "name": .string(device.name),
        "family": .string(device.family.rawValue),
        "widthPoints": .number(device.portraitSize.width),
        "heightPoints": .number(device.portraitSize.height),
        "scale": .number(device.scale),
        "portrait": facts(device.portrait),
        "landscape": facts(device.landscape),
        "safeAreaSourced": .bool(device.isSafeAreaSourced),
        "aliases": .array(device.aliases.map { .string($0) }),
        "multitasking": .array(
          device.multitaskingWindows.map { window in
            .object([
              "orientation": .string(window.orientation.rawValue), "fraction": .string(window.fraction.rawValue),
              "width": .number(window.size.width), "height": .number(window.size.height),
              "horizontal": .string(window.horizontal.rawValue), "vertical": .string(window.traits.vertical.rawValue),
            ])
          }),
      ])
    }
    return JSONValue.object(["version": .string(DeviceTable.version), "devices": .array(devices)]).prettyPrinted()
  }
}
