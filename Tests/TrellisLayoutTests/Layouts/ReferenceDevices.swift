import Foundation
import XCTest

@testable import TrellisLayout

/// The device table for the layout tests, read from `shared/reference/devices.json` (beside the
/// package), plus the iPad Split View / Slide Over widths of platform-facts.md §1b.
///
/// Test-only stand-in until the device table API (Sources/TrellisLayout/Devices/) is on main;
/// the lead can switch `LayoutFixtures.allEnvironments` to it then.
enum ReferenceDevices {
  struct Device {
    var name: String
    var portraitSize: Size
    var scale: Double
    var portrait: (traits: TraitCollection, safeArea: EdgeInsets)
    var landscape: (traits: TraitCollection, safeArea: EdgeInsets)

    func environment(_ orientation: Orientation, direction: LayoutDirection = .leftToRight) -> Environment {
      let facts = orientation == .portrait ? portrait : landscape
      let size =
        orientation == .portrait
        ? portraitSize : Size(width: portraitSize.height, height: portraitSize.width)
      return Environment(
        containerSize: size, traits: facts.traits, safeAreaInsets: facts.safeArea, scale: scale,
        layoutDirection: direction, deviceName: name, orientation: orientation)
    }
  }

  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/reference/devices.json")

  /// Every device of the file, in its order. Safe areas marked "unsourced" there get the
  /// 24/0/20/0 of the other iPads without a home button (the device table's choice too).
  static func load() throws -> [Device] {
    let data = try Data(contentsOf: file)
    guard let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    func sizeClass(_ value: Any?) -> SizeClass { (value as? String) == "regular" ? .regular : .compact }
    func facts(_ value: Any?) -> (TraitCollection, EdgeInsets) {
      let object = value as? [String: Any] ?? [:]
      let traits = TraitCollection(horizontal: sizeClass(object["horizontal"]), vertical: sizeClass(object["vertical"]))
      guard let inset = object["safeArea"] as? [String: Any] else {
        return (traits, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
      }
      func number(_ key: String) -> Double { (inset[key] as? NSNumber)?.doubleValue ?? 0 }
      return (
        traits, EdgeInsets(top: number("top"), left: number("left"), bottom: number("bottom"), right: number("right"))
      )
    }
    return entries.compactMap { entry in
      guard let name = entry["name"] as? String, let width = (entry["widthPoints"] as? NSNumber)?.doubleValue,
        let height = (entry["heightPoints"] as? NSNumber)?.doubleValue,
        let scale = (entry["scale"] as? NSNumber)?.doubleValue
      else { return nil }
      let portrait = facts(entry["portrait"])
      let landscape = facts(entry["landscape"])
      return Device(
        name: name, portraitSize: Size(width: width, height: height), scale: scale,
        portrait: (portrait.0, portrait.1), landscape: (landscape.0, landscape.1))
    }
  }

  /// Split View / Slide Over windows per iPad screen (portrait points), platform-facts.md §1b:
  /// (orientation, width, horizontal size class); the height is the screen's, vertical regular.
  static let splitWidths: [Size: [(Orientation, Double, SizeClass)]] = [
    Size(width: 768, height: 1024): [
      (.landscape, 320, .compact), (.landscape, 507, .compact), (.landscape, 694, .regular),
      (.portrait, 320, .compact), (.portrait, 438, .compact),
    ],
    Size(width: 810, height: 1080): [
      (.landscape, 320, .compact), (.landscape, 535, .compact), (.landscape, 750, .regular),
      (.portrait, 320, .compact), (.portrait, 480, .compact),
    ],
    Size(width: 834, height: 1112): [
      (.landscape, 320, .compact), (.landscape, 551, .compact), (.landscape, 782, .regular),
      (.portrait, 320, .compact), (.portrait, 504, .compact),
    ],
    Size(width: 834, height: 1194): [
      (.landscape, 375, .compact), (.landscape, 592, .compact), (.landscape, 809, .regular),
      (.portrait, 320, .compact), (.portrait, 504, .compact),
    ],
    Size(width: 1024, height: 1366): [
      (.landscape, 375, .compact), (.landscape, 678, .regular), (.landscape, 981, .regular),
      (.portrait, 375, .compact), (.portrait, 639, .compact),
    ],
  ]

  /// The split-view windows of a device (none for iPhones and unlisted iPads), with the
  /// device's safe area in that orientation.
  static func splitEnvironments(_ device: Device) -> [Environment] {
    (splitWidths[device.portraitSize] ?? []).map { orientation, width, horizontal in
      var environment = device.environment(orientation)
      environment.containerSize.width = width
      environment.traits = TraitCollection(horizontal: horizontal, vertical: .regular)
      environment.deviceName = "\(device.name) split \(fmtWidth(width))"
      return environment
    }
  }

  private static func fmtWidth(_ width: Double) -> String { String(Int(width)) }
}
