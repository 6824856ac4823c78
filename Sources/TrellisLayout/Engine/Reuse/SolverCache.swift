import TrellisModel
import TrellisSolver

/// The solvers an engine keeps, at most one per environment key, and which served last.
struct SolverCache {
  private(set) var slots: [LayoutEngine.SolverSlot] = []
  /// The serial number of the slot the last layout used.
  private(set) var liveSerial: Int?
  private var nextSerial = 0
  /// Counts layouts, to find the least recently used slot.
  private(set) var useCounter = 0

  /// The slot the last layout used.
  var liveSlot: LayoutEngine.SolverSlot? { slots.first { $0.serial == liveSerial } }

  /// The keys of the slots kept, least recently used first.
  var keysByUse: [LayoutEngine.EnvironmentKey] { slots.sorted { $0.lastUsed < $1.lastUsed }.map(\.key) }

  subscript(index: Int) -> LayoutEngine.SolverSlot {
    get { slots[index] }
    _modify { yield &slots[index] }
  }

  /// Starts a layout: one more use.
  mutating func beginLayout() { useCounter += 1 }

  /// The slot kept for `key`, if any.
  func index(for key: LayoutEngine.EnvironmentKey) -> Int? {
    // By index: a closure over the slots copied each one (all its references retained).
    for index in slots.indices where slots[index].key == key { return index }
    return nil
  }

  /// The index of the slot the last layout used.
  var liveIndex: Int? { slots.firstIndex { $0.serial == liveSerial } }

  /// The resolution of the slot at `index`, read in place: through the engine's property,
  /// `cache.slots[index].resolved` copied the whole slot first.
  func resolution(at index: Int) -> ResolvedLayout? { slots[index].resolved }

  /// Whether the slot at `index` served the previous layout.
  func isLive(_ index: Int) -> Bool { slots[index].serial == liveSerial }

  mutating func remove(at index: Int) { slots.remove(at: index) }

  /// Marks the slot at `index` as the one that served this layout.
  mutating func markUsed(_ index: Int) {
    slots[index].lastUsed = useCounter
    liveSerial = slots[index].serial
  }

  /// A new empty slot for `key`, after dropping the old one for `key` and, while `limit` is
  /// reached, the ``SolverReuse/evictionVictim(_:)``.
  mutating func makeSlot(_ key: LayoutEngine.EnvironmentKey, limit: Int, mode: Solver.Mode) -> Int {
    slots.removeAll { $0.key == key }
    while !slots.isEmpty, slots.count >= max(1, limit) {
      guard let victim = SolverReuse.evictionVictim(slots) else { break }
      slots.remove(at: victim)
    }
    nextSerial += 1
    slots.append(LayoutEngine.SolverSlot(key: key, serial: nextSerial, mode: mode))
    return slots.count - 1
  }
}
