import Export
import Foundation
import SkycastModel
import Store

/// The groups of one segment by lead slot (lead hours, or lead day): −1 where none yet.
package struct GroupSlots {
  private var base = 0
  private var groups: [Int] = []

  @inline(__always)
  package func group(_ slot: Int64) -> Int {
    let index = Int(slot) - base
    return index >= 0 && index < groups.count ? groups[index] : -1
  }

  package mutating func set(_ slot: Int64, group: Int) {
    let slot = Int(slot)
    if groups.isEmpty {
      base = slot
      groups = [-1]
    } else if slot < base {
      groups.insert(contentsOf: repeatElement(-1, count: base - slot), at: 0)
      base = slot
    } else if slot - base >= groups.count {
      groups += repeatElement(-1, count: slot - base - groups.count + 1)
    }
    groups[slot - base] = group
  }
}
