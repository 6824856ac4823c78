import Foundation
import TrellisModel
import TrellisSupport
import XCTest

/// The built-in table checked against the reference JSON, read here independently of the generator.
final class DeviceTableTests: XCTestCase {
  /// `Data/devices.json` in this repository, found from this file's path.
  private static let referenceURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Devices/
    .deletingLastPathComponent()  // TrellisLayoutTests/
    .deletingLastPathComponent()  // Tests/
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Data/devices.json")

  /// The reference table was not found.
  private struct MissingReferenceTable: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "missing reference device table \(path): it is part of the repository (Data/devices.json, see Data/README.md)"
    }
  }

  /// The reference table's rows. A missing file fails the test, naming the path (it never skips:
  /// the generated DeviceData.swift would go unchecked).
  private func loadReference() throws -> [[String: Any]] {
    try XCTUnwrap(loadReferenceTable()["devices"] as? [[String: Any]], "\(Self.referenceURL.path) has no devices array")
  }

  /// The whole reference file: `version` and `devices`.
  private func loadReferenceTable() throws -> [String: Any] {
    guard FileManager.default.fileExists(atPath: Self.referenceURL.path) else {
      let missing = MissingReferenceTable(path: Self.referenceURL.path)
      XCTFail(missing.description)
      throw missing
    }
    let data = try Data(contentsOf: Self.referenceURL)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: data) as? [String: Any], "\(Self.referenceURL.path) is not a JSON object")
  }

  private func number(_ value: Any?, _ what: String) throws -> Double {
    try XCTUnwrap((value as? NSNumber)?.doubleValue, what)
  }

  func testEveryFieldOfEveryDeviceMatchesTheReferenceJSON() throws {
    let reference = try loadReference()
    XCTAssertEqual(reference.count, 46)
    XCTAssertEqual(DeviceTable.all.count, reference.count)
    XCTAssertEqual(DeviceTable.version, try loadReferenceTable()["version"] as? String)
    for (entry, device) in zip(reference, DeviceTable.all) {
      let name = try XCTUnwrap(entry["name"] as? String)
      XCTAssertEqual(device.name, name)
      XCTAssertEqual(device.portraitSize.width, try number(entry["widthPoints"], "\(name) width"), name)
      XCTAssertEqual(device.portraitSize.height, try number(entry["heightPoints"], "\(name) height"), name)
      XCTAssertEqual(device.scale, try number(entry["scale"], "\(name) scale"), name)
      XCTAssertEqual(device.notes, (entry["notes"] as? String) ?? "", name)
      XCTAssertEqual(device.aliases, (entry["aliases"] as? [String]) ?? [], name)
      var sourced = true
      for orientation in Orientation.allCases {
        let facts = try XCTUnwrap(entry[orientation.rawValue] as? [String: Any], "\(name) \(orientation)")
        let expected = device.facts(orientation)
        XCTAssertEqual(expected.traits.horizontal.rawValue, facts["horizontal"] as? String, "\(name) \(orientation)")
        XCTAssertEqual(expected.traits.vertical.rawValue, facts["vertical"] as? String, "\(name) \(orientation)")
        if let safe = facts["safeArea"] as? [String: Any] {
          XCTAssertEqual(expected.safeAreaInsets.top, try number(safe["top"], "top"), "\(name) \(orientation)")
          XCTAssertEqual(expected.safeAreaInsets.left, try number(safe["left"], "left"), "\(name) \(orientation)")
          XCTAssertEqual(expected.safeAreaInsets.bottom, try number(safe["bottom"], "bottom"), "\(name) \(orientation)")
          XCTAssertEqual(expected.safeAreaInsets.right, try number(safe["right"], "right"), "\(name) \(orientation)")
        } else {
          // "unsourced" in the reference: Trellis's documented choice for home-button-less iPads.
          XCTAssertEqual(facts["safeArea"] as? String, "unsourced", name)
          XCTAssertEqual(expected.safeAreaInsets, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), name)
          sourced = false
        }
      }
      XCTAssertEqual(device.isSafeAreaSourced, sourced, name)
    }
  }

  func testIPhoneXLandscapeSwapsTheSizeAndUsesLandscapeInsets() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone X"))
    let environment = device.environment(orientation: .landscape)
    // Portrait 375x812 → landscape 812x375; devices.json landscape insets 0/44/21/44.
    XCTAssertEqual(environment.containerSize, Size(width: 812, height: 375))
    XCTAssertEqual(environment.safeAreaInsets, EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    XCTAssertEqual(environment.traits, TraitCollection(horizontal: .compact, vertical: .compact))
    XCTAssertEqual(environment.scale, 3)
    XCTAssertEqual(environment.deviceName, "iPhone X")
    XCTAssertEqual(environment.orientation, .landscape)
    XCTAssertEqual(environment.description, "iPhone X landscape (812x375, wC hC)")
  }

  func testPlusLandscapeIsRegularWidth() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8 Plus"))
    XCTAssertEqual(device.environment(orientation: .landscape).traits.description, "wR hC")
    XCTAssertEqual(device.environment(orientation: .portrait).traits.description, "wC hR")
    XCTAssertEqual(device.environment(orientation: .portrait).safeAreaInsets, EdgeInsets(top: 20))
  }

  func testRightToLeftIsPassedThrough() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPhone 8"))
    XCTAssertEqual(device.environment(layoutDirection: .rightToLeft).layoutDirection, .rightToLeft)
  }

  func testFamilies() {
    // 35 iPhones (SE 1st gen … 16 Pro Max, then 16e, 17, Air, 17 Pro, 17 Pro Max) then 11 iPads.
    XCTAssertEqual(DeviceTable.devices(.iPhone).count, 35)
    XCTAssertEqual(DeviceTable.devices(.iPad).count, 11)
    XCTAssertEqual(DeviceTable.devices(.iPhone).last?.name, "iPhone 17 Pro Max")
  }

  /// The 2025 iPhones, each value typed here from the sources (not from the generated table):
  /// points, scale and size classes from Apple's HIG "Layout" tables (iPhone 17 402x874 @3x,
  /// Air 420x912 @3x with regular width in landscape, 16e 390x844 @3x, 17 Pro Max 440x956 @3x);
  /// safe areas from device_preview's iOS 26.5 simulator probe (aloisdeniel/flutter_device_preview
  /// device_specs/, commit ffbac9d: 62/34 for 17 and 17 Pro Max, 68/34 for Air, 47/34 for 16e,
  /// landscape bottom 20).
  func testTheIPhone17FamilyAirAnd16e() throws {
    func facts(_ name: String, _ orientation: Orientation) throws -> String {
      let device = try XCTUnwrap(DeviceTable.device(named: name), name)
      let environment = device.environment(orientation: orientation)
      let insets = environment.safeAreaInsets
      return "\(environment.containerSize) @\(Int(environment.scale)) \(environment.traits) "
        + "\(Int(insets.top)),\(Int(insets.left)),\(Int(insets.bottom)),\(Int(insets.right))"
    }
    XCTAssertEqual(try facts("iPhone 17", .portrait), "402x874 @3 wC hR 62,0,34,0")
    XCTAssertEqual(try facts("iPhone 17", .landscape), "874x402 @3 wC hC 0,62,20,62")
    XCTAssertEqual(try facts("iPhone 17 Pro", .portrait), "402x874 @3 wC hR 62,0,34,0")
    XCTAssertEqual(try facts("iPhone 17 Pro Max", .landscape), "956x440 @3 wR hC 0,62,20,62")
    XCTAssertEqual(try facts("iPhone Air", .portrait), "420x912 @3 wC hR 68,0,34,0")
    XCTAssertEqual(try facts("iPhone Air", .landscape), "912x420 @3 wR hC 0,68,20,68")
    XCTAssertEqual(try facts("iPhone 16e", .portrait), "390x844 @3 wC hR 47,0,34,0")
    XCTAssertEqual(try facts("iPhone 16e", .landscape), "844x390 @3 wC hC 0,47,20,47")
  }

  /// The 2025 iPads find the row of their screen by Apple's name: HIG "Layout" gives iPad Pro
  /// 11-inch 5th/6th gen (M4, M5) 834x1210 and 13-inch 1032x1376, iPad Air 11-inch 820x1180 and
  /// 13-inch 1024x1366, iPad 11-inch 820x1180, iPad mini 8.3-inch 744x1133.
  func testThe2025IPadsResolveByTheirNames() throws {
    let expected: [(String, String, Size)] = [
      ("iPad Pro 11-inch (M5)", "iPad Pro 11-inch (M4/M5)", Size(width: 834, height: 1210)),
      ("iPad Pro 13-inch (M5)", "iPad Pro 13-inch (M4/M5)", Size(width: 1032, height: 1376)),
      ("iPad Air 11-inch (M3)", "iPad Air 10.9/11-inch (4th gen+)", Size(width: 820, height: 1180)),
      ("iPad Air 13-inch (M3)", "iPad Air 13-inch (M2/M3)", Size(width: 1024, height: 1366)),
      ("iPad (A16)", "iPad 10.9/11-inch (10th gen, A16)", Size(width: 820, height: 1180)),
      ("iPad mini (A17 Pro)", "iPad mini 8.3-inch (6th/7th gen)", Size(width: 744, height: 1133)),
      // Former names of renamed rows still work.
      ("iPad Pro 13-inch (M4)", "iPad Pro 13-inch (M4/M5)", Size(width: 1032, height: 1376)),
      ("iPad Pro 11-inch (M4, 5th gen)", "iPad Pro 11-inch (M4/M5)", Size(width: 834, height: 1210)),
    ]
    for (typed, row, size) in expected {
      let device = try XCTUnwrap(DeviceTable.device(named: typed), typed)
      XCTAssertEqual(device.name, row, typed)
      XCTAssertEqual(device.portraitSize, size, typed)
    }
    // iPadOS 26.5 simulator probe (device_preview device_specs/apple-ipad-pro-13-m5.json): 32/0/25/0.
    XCTAssertEqual(
      try XCTUnwrap(DeviceTable.device(named: "iPad Pro 13-inch (M5)")).portrait.safeAreaInsets,
      EdgeInsets(top: 32, left: 0, bottom: 25, right: 0))
  }

  func testTheVersionNamesTheNewestDevices() {
    XCTAssertTrue(DeviceTable.version.hasPrefix("2025-10 "), DeviceTable.version)
    XCTAssertTrue(DeviceTable.version.contains("iPhone 17"), DeviceTable.version)
  }

  // MARK: Lookup

  func testLookupIgnoresCaseSpacesAndPunctuation() {
    XCTAssertEqual(DeviceTable.device(named: "iphone-8-plus")?.name, "iPhone 8 Plus")
    XCTAssertEqual(DeviceTable.device(named: "IPHONE 8 PLUS")?.name, "iPhone 8 Plus")
    XCTAssertEqual(DeviceTable.device(named: "  iPhone8 ")?.name, "iPhone 8")
    XCTAssertEqual(DeviceTable.device(named: "ipad pro 11 inch (1st–4th gen)")?.name, "iPad Pro 11-inch (1st-4th gen)")
  }

  func testExactMatchBeatsLongerNames() {
    // "iphone8" is also a prefix of "iphone8plus".
    XCTAssertEqual(DeviceTable.device(named: "iPhone 8")?.name, "iPhone 8")
    XCTAssertEqual(DeviceTable.device(named: "iPhone 15 Pro")?.name, "iPhone 15 Pro")
  }

  func testUniquePrefixFindsTheDevice() {
    XCTAssertEqual(DeviceTable.device(named: "iPhone SE")?.name, "iPhone SE (1st gen)")
    XCTAssertEqual(DeviceTable.device(named: "iPad mini 8.3")?.name, "iPad mini 8.3-inch (6th/7th gen)")
  }

  func testAmbiguousPrefixListsTheCandidates() {
    guard case .ambiguous(let devices) = DeviceTable.lookup("iPad Pro 11") else {
      return XCTFail("expected ambiguous")
    }
    XCTAssertEqual(devices.map(\.name), ["iPad Pro 11-inch (1st-4th gen)", "iPad Pro 11-inch (M4/M5)"])
    XCTAssertNil(DeviceTable.device(named: "iPad Pro 11"))
  }

  func testMisspellingSuggestsTheClosestNames() {
    // "iphone8plsu" vs "iphone8plus": one swap of neighbours = distance 1.
    guard case .notFound(let suggestions) = DeviceTable.lookup("iphone 8 plsu") else {
      return XCTFail("expected not found")
    }
    XCTAssertEqual(suggestions.first?.name, "iPhone 8 Plus")
    // "ipone15" vs "iphone15": one insertion.
    XCTAssertEqual(DeviceTable.suggestions(for: "ipone 15").first?.name, "iPhone 15")
    XCTAssertEqual(DeviceTable.suggestions(for: "Pixel 7"), [])
    XCTAssertEqual(DeviceTable.lookup(""), .notFound(suggestions: []))
  }

  func testTheNewestNamesResolveAndUnknownOnesSuggestTheClosestCurrentName() {
    // Before the 2025 rows, "iPhone 17" was unknown and suggested "iPhone 11".
    XCTAssertEqual(DeviceTable.device(named: "iPhone 17")?.name, "iPhone 17")
    XCTAssertEqual(DeviceTable.device(named: "iphone-air")?.name, "iPhone Air")
    XCTAssertEqual(DeviceTable.device(named: "iPhone 16")?.name, "iPhone 16")  // exact beats "iPhone 16e"
    // "iphone18" is one edit from iphone8 and iphone11 … iphone17: ties go to the newest row.
    XCTAssertEqual(DeviceTable.suggestions(for: "iPhone 18").map(\.name), ["iPhone 17", "iPhone 16", "iPhone 15"])
    // No edit within 2 of "iphone17max"; its words are those of "iPhone 17 Pro Max" less one.
    XCTAssertEqual(DeviceTable.suggestions(for: "iPhone 17 Max").first?.name, "iPhone 17 Pro Max")
    XCTAssertEqual(DeviceTable.suggestions(for: "iPhone17Max").first?.name, "iPhone 17 Pro Max")
    // An alias is matched as well as a name: one edit from "iPad Pro 13-inch (M5)".
    XCTAssertEqual(DeviceTable.suggestions(for: "iPad Pro 13-inch (M6)").first?.name, "iPad Pro 13-inch (M4/M5)")
  }

  func testWordsAndMissingWords() {
    XCTAssertEqual(DeviceNameMatching.words("iPhone 17 Pro Max"), ["iphone", "17", "pro", "max"])
    XCTAssertEqual(DeviceNameMatching.words("iPhone17Max"), ["iphone", "17", "max"])
    XCTAssertEqual(
      DeviceNameMatching.words("iPad Pro 11-inch (M4/M5)"), ["ipad", "pro", "11", "inch", "m", "4", "m", "5"])
    XCTAssertEqual(DeviceNameMatching.missingWords(["iphone", "17", "max"], in: ["iphone", "17", "pro", "max"]), 1)
    XCTAssertNil(DeviceNameMatching.missingWords(["iphone", "18"], in: ["iphone", "17"]))
    // Order counts.
    XCTAssertNil(DeviceNameMatching.missingWords(["max", "iphone"], in: ["iphone", "17", "pro", "max"]))
    XCTAssertNil(DeviceNameMatching.missingWords([], in: ["iphone"]))
  }

  func testEditDistance() {
    XCTAssertEqual(DidYouMean.distance("widht", "width"), 1)  // one swap
    XCTAssertEqual(DidYouMean.distance("kitten", "sitting"), 3)  // k→s, e→i, +g
    XCTAssertEqual(DidYouMean.distance("", "abc"), 3)
    XCTAssertEqual(DidYouMean.distance("same", "same"), 0)
  }

  // MARK: Multitasking and custom environments

  func testSplitViewWindowsOfTheBigIPadPro() throws {
    let device = try XCTUnwrap(DeviceTable.device(named: "iPad Pro 12.9-inch (3rd-6th gen)"))
    let windows = device.multitaskingWindows
    // platform-facts §1b row "Pro 12.9": L 375 C, 678 R, 981 R; P 375 C, 639 C.
    XCTAssertEqual(
      windows.map { "\($0.orientation.rawValue) \($0.fraction.rawValue) \($0.size) \($0.traits)" },
      [
        "landscape 1/3 375x1024 wC hR", "landscape 1/2 678x1024 wR hR", "landscape 2/3 981x1024 wR hR",
        "portrait 1/3 375x1366 wC hR", "portrait 2/3 639x1366 wC hR",
      ])
    let half = try XCTUnwrap(windows.first { $0.fraction == .half })
    let environment = half.environment()
    XCTAssertEqual(environment.safeAreaInsets, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    XCTAssertEqual(environment.scale, 2)
    XCTAssertEqual(environment.deviceName, "iPad Pro 12.9-inch (3rd-6th gen) split 1/2")
  }

  func testOnlyIPadsWithAKnownScreenHaveWindows() throws {
    // §1b rows: 768x1024, 810x1080, 834x1112, 834x1194, 1024x1366 (two devices share the last):
    // 6 iPads × 5 windows.
    XCTAssertEqual(DeviceTable.multitaskingWindows.count, 30)
    XCTAssertEqual(try XCTUnwrap(DeviceTable.device(named: "iPhone 8")).multitaskingWindows, [])
    XCTAssertEqual(try XCTUnwrap(DeviceTable.device(named: "iPad mini 8.3")).multitaskingWindows, [])
  }

  func testInferredTraits() {
    XCTAssertEqual(DeviceTable.inferredTraits(for: Size(width: 667, height: 375)).description, "wC hC")  // iPhone 8 L
    XCTAssertEqual(DeviceTable.inferredTraits(for: Size(width: 736, height: 414)).description, "wR hC")  // 8 Plus L
    XCTAssertEqual(DeviceTable.inferredTraits(for: Size(width: 507, height: 768)).description, "wC hR")  // 9.7" 1/2
    // Not in the table: 700 ≥ 678 → regular width; 450 < 500 → compact height.
    XCTAssertEqual(DeviceTable.inferredTraits(for: Size(width: 700, height: 450)).description, "wR hC")
    XCTAssertEqual(DeviceTable.inferredTraits(for: Size(width: 600, height: 900)).description, "wC hR")
  }

  func testCustomEnvironment() {
    let environment = Environment.custom(
      size: Size(width: 300, height: 200), traits: TraitCollection(horizontal: .regular, vertical: .regular),
      safeAreaInsets: EdgeInsets(top: 10, left: 5, bottom: 0, right: 5), scale: 3)
    XCTAssertEqual(environment.containerSize, Size(width: 300, height: 200))
    XCTAssertEqual(environment.traits.description, "wR hR")
    XCTAssertEqual(environment.safeAreaInsets.left, 5)
    XCTAssertEqual(environment.scale, 3)
    XCTAssertNil(environment.deviceName)
    XCTAssertEqual(Environment.custom(size: Size(width: 375, height: 667)).traits.description, "wC hR")
  }
}
