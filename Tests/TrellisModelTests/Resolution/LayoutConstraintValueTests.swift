import TrellisModel
import XCTest

/// `LayoutConstraint` keeps its fields in one shared object, copied on write: it must still
/// behave as a value (a copy's change leaves the original alone) and compare and hash by its
/// fields, not by which object holds them.
final class LayoutConstraintValueTests: XCTestCase {
  static func make(constant: Double = 8) -> LayoutConstraint {
    LayoutConstraint(
      id: "gap", first: AnchorReference(item: .view("b"), attribute: .top), relation: .equal,
      second: AnchorReference(item: .view("a"), attribute: .bottom), constant: constant, priority: 750,
      origin: .file(id: "gap"), source: "b.top == a.bottom + 8 @750",
      location: SourceLocation(file: "f.json", line: 3, column: 7))
  }

  func testACopysChangeLeavesTheOriginalAlone() {
    let original = Self.make()
    var copy = original
    copy.constant = 20
    copy.second = nil
    copy.origin = .stack(id: "s", reason: "UISV-spacing")
    XCTAssertEqual(original.constant, 8)
    XCTAssertEqual(original.second?.item, .view("a"))
    XCTAssertEqual(original.origin, .file(id: "gap"))
    XCTAssertEqual(copy.constant, 20)
    XCTAssertNil(copy.second)
    XCTAssertNotEqual(copy, original)
  }

  func testEqualFieldsAreEqualAndHashAlike() {
    let a = Self.make(), b = Self.make()
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.hashValue, b.hashValue)
    XCTAssertEqual(Set([a, b]).count, 1)
    // Each field takes part.
    var changed: [LayoutConstraint] = []
    for change in 0..<10 {
      var c = Self.make()
      switch change {
      case 0: c.id = "other"
      case 1: c.first = AnchorReference(item: .view("b"), attribute: .bottom)
      case 2: c.relation = .lessThanOrEqual
      case 3: c.second = nil
      case 4: c.multiplier = 2
      case 5: c.constant = 9
      case 6: c.priority = 1000
      case 7: c.origin = .file(id: "other")
      case 8: c.source = "other"
      default: c.location = nil
      }
      XCTAssertNotEqual(c, a, "change \(change)")
      changed.append(c)
    }
    XCTAssertEqual(Set(changed + [a]).count, 11)
  }

  /// A stack's or scroll view's constraint is described as `'reason' constraint` when its source
  /// is read, as it was made: a later change keeps the text from before it, and a described
  /// source equals the same text written out.
  func testAGeneratedSourceDescribesTheConstraintAsItWasMade() {
    var generated = Self.make()
    generated.describeAsGenerated(reason: "UISV-spacing")
    XCTAssertEqual(generated.source, "'UISV-spacing' b.top == a.bottom + 8 @750")
    var written = Self.make()
    written.source = "'UISV-spacing' b.top == a.bottom + 8 @750"
    XCTAssertEqual(generated, written)
    XCTAssertEqual(generated.hashValue, written.hashValue)
    var other = Self.make()
    other.describeAsGenerated(reason: "UISV-canvas-connection")
    XCTAssertNotEqual(generated, other)

    let shared = generated
    generated.constant = 20
    XCTAssertEqual(generated.source, "'UISV-spacing' b.top == a.bottom + 8 @750", "the text from before the change")
    XCTAssertEqual(generated.description, "b.top == a.bottom + 20 @750")
    XCTAssertEqual(shared.source, "'UISV-spacing' b.top == a.bottom + 8 @750")
    XCTAssertEqual(shared.constant, 8)
  }
}
