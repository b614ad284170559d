import Export
import Foundation
import SkycastModel
import Store

/// Numbers the distinct texts of a column as they stream by, comparing each row's bytes with
/// the previous row's first (consecutive rows mostly repeat the source and model).
package struct TextInterner {
  private var ids: [[UInt8]: Int32] = [:]
  private var names: [String] = []
  private var last: [UInt8] = []
  private var lastID: Int32 = -1

  package mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    if lastID >= 0, bytes.elementsEqual(last) { return lastID }
    let key = Array(bytes)
    let id: Int32
    if let known = ids[key] {
      id = known
    } else {
      id = Int32(names.count)
      ids[key] = id
      names.append(String(decoding: key, as: UTF8.self))
    }
    last = key
    lastID = id
    return id
  }

  /// The text of `id` (a NULL column, id −1, reads as empty text, as the SQL path reads it).
  package func name(_ id: Int32) -> String { id >= 0 ? names[Int(id)] : "" }
}
