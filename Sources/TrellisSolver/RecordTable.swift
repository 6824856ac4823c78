/// The solver's constraint records by constraint id.
///
/// Every add and remove looks its constraint up here, so the table is built for that:
/// open addressing with linear probing on a multiplicative hash of the id (ids come from
/// a counter, so they spread well), with the records themselves kept densely. A
/// `Dictionary` would hash each id with SipHash, a cost every operation pays. Iteration
/// order is the dense order, which depends on removals: callers that need an order sort
/// by `sequence`. `package` so that its tests compare it with a `Dictionary`; no other module
/// uses it.
package struct RecordTable {
  /// The records, densely; removal moves the last one into the gap.
  package private(set) var values: [ConstraintRecord] = []
  /// Per slot: the id it holds and 1 + the index of its record in `values` (0 = empty).
  private var keys: [UInt64] = []
  private var indices: [Int32] = []
  /// 64 − log2(slot count): the multiplicative hash keeps the top bits.
  private var shift: UInt64 = 64

  package var count: Int { values.count }
  /// How many records are compact (`ConstraintRecord.isCompact`: no marker).
  private(set) var compactCount = 0

  package init() {}

  package subscript(id: UInt64) -> ConstraintRecord? {
    get {
      let (slot, found) = find(id)
      return found ? values[Int(indices[slot]) - 1] : nil
    }
    set {
      if let newValue { insert(newValue, id: id) } else { remove(id) }
    }
  }

  private var mask: Int { keys.count - 1 }

  @inline(__always)
  private func home(_ id: UInt64) -> Int {
    Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The slot holding `id`, or the empty slot where it would go.
  private func find(_ id: UInt64) -> (slot: Int, found: Bool) {
    guard !keys.isEmpty else { return (0, false) }
    var slot = home(id)
    while indices[slot] != 0 {
      if keys[slot] == id { return (slot, true) }
      slot = (slot + 1) & mask
    }
    return (slot, false)
  }

  private mutating func insert(_ record: ConstraintRecord, id: UInt64) {
    var (slot, found) = find(id)
    if found {
      let index = Int(indices[slot]) - 1
      compactCount += (record.isCompact ? 1 : 0) - (values[index].isCompact ? 1 : 0)
      values[index] = record
      return
    }
    if record.isCompact { compactCount += 1 }
    // At most half full, so probes stay short.
    if (values.count + 1) * 2 > keys.count {
      grow()
      slot = find(id).slot
    }
    values.append(record)
    keys[slot] = id
    indices[slot] = Int32(values.count)
  }

  /// Room for `count` records without growing (see `Engine.reserveCapacity`).
  package mutating func reserveCapacity(_ count: Int) {
    values.reserveCapacity(count)
    while count * 2 > keys.count { grow() }
  }

  /// Changes every record in place; `body` must not change a record's constraint.
  mutating func updateEach(_ body: (inout ConstraintRecord) -> Void) {
    for i in values.indices { body(&values[i]) }
    compactCount = values.lazy.filter(\.isCompact).count
  }

  private mutating func grow() {
    let capacity = max(16, keys.count * 2)
    keys = Array(repeating: 0, count: capacity)
    indices = Array(repeating: 0, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    for (i, record) in values.enumerated() {
      let slot = find(record.constraint.id).slot
      keys[slot] = record.constraint.id
      indices[slot] = Int32(i + 1)
    }
  }

  private mutating func remove(_ id: UInt64) {
    let (slot, found) = find(id)
    guard found else { return }
    let index = Int(indices[slot]) - 1
    if values[index].isCompact { compactCount -= 1 }
    // Fill the record's gap with the last record, and repoint that record's slot.
    let last = values.count - 1
    if index != last {
      values[index] = values[last]
      indices[find(values[index].constraint.id).slot] = Int32(index + 1)
    }
    values.removeLast()
    // Backward-shift deletion: pull later entries of the probe run into the hole, so
    // lookups never need tombstones.
    var hole = slot
    var next = (slot + 1) & mask
    while indices[next] != 0 {
      let wanted = home(keys[next])
      // The entry may move to the hole unless its home lies cyclically in (hole, next].
      let homeAfterHole = hole <= next ? (wanted > hole && wanted <= next) : (wanted > hole || wanted <= next)
      if !homeAfterHole {
        keys[hole] = keys[next]
        indices[hole] = indices[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    keys[hole] = 0
    indices[hole] = 0
  }
}
