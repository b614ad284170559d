/// The Thrift compact protocol, write side only: the encoding of Parquet's file footer
/// (`FileMetaData`) and page headers.
///
/// Integers are zigzag varints; a field header packs the field-id delta (1…15) with the type in
/// one byte, else the type byte is followed by the id as a zigzag varint; booleans live in the
/// field header's type; a struct ends with a 0 byte; a list header packs a count below 15 with
/// the element type.
///
/// ```swift
/// var thrift = ThriftCompactWriter()
/// thrift.i32(1, 2)          // field 1: i32 = 2
/// thrift.string(4, "name")  // field 4: binary
/// thrift.stop()             // end of the top-level struct
/// ```
package struct ThriftCompactWriter {
  /// Compact-protocol type codes.
  package enum TypeCode: UInt8 {
    case boolTrue = 1
    case boolFalse = 2
    case byte = 3
    case i16 = 4
    case i32 = 5
    case i64 = 6
    case double = 7
    case binary = 8
    case list = 9
    case set = 10
    case map = 11
    case structure = 12
  }

  private(set) var bytes: [UInt8] = []
  /// The last field id of each open struct (innermost last).
  private var lastFieldIDs: [Int16] = [0]

  package init() {}

  // MARK: - Fields

  package mutating func i32(_ id: Int16, _ value: Int32) {
    fieldHeader(id, .i32)
    varint(zigzag(Int64(value)))
  }

  package mutating func i64(_ id: Int16, _ value: Int64) {
    fieldHeader(id, .i64)
    varint(zigzag(value))
  }

  package mutating func i16(_ id: Int16, _ value: Int16) {
    fieldHeader(id, .i16)
    varint(zigzag(Int64(value)))
  }

  package mutating func byte(_ id: Int16, _ value: Int8) {
    fieldHeader(id, .byte)
    bytes.append(UInt8(bitPattern: value))
  }

  package mutating func bool(_ id: Int16, _ value: Bool) {
    fieldHeader(id, value ? .boolTrue : .boolFalse)
  }

  package mutating func binary(_ id: Int16, _ value: [UInt8]) {
    fieldHeader(id, .binary)
    varint(UInt64(value.count))
    bytes.append(contentsOf: value)
  }

  package mutating func string(_ id: Int16, _ value: String) {
    binary(id, Array(value.utf8))
  }

  /// Opens a struct-valued field; close it with `endStruct()`.
  package mutating func beginStruct(_ id: Int16) {
    fieldHeader(id, .structure)
    lastFieldIDs.append(0)
  }

  /// Closes the innermost struct (a field or a list element).
  package mutating func endStruct() {
    bytes.append(0)
    lastFieldIDs.removeLast()
  }

  /// An empty struct-valued field (`StringType {}`, `DateType {}`, …).
  package mutating func emptyStruct(_ id: Int16) {
    beginStruct(id)
    endStruct()
  }

  /// Ends the top-level struct.
  package mutating func stop() {
    bytes.append(0)
  }

  // MARK: - Lists

  /// Opens a list-valued field of `count` elements of `elementType`; write the elements with
  /// the `element…` methods (structs with `beginElement()`/`endStruct()`).
  package mutating func beginList(_ id: Int16, of elementType: TypeCode, count: Int) {
    fieldHeader(id, .list)
    if count < 15 {
      bytes.append(UInt8(count) << 4 | elementType.rawValue)
    } else {
      bytes.append(0xF0 | elementType.rawValue)
      varint(UInt64(count))
    }
  }

  package mutating func elementI32(_ value: Int32) { varint(zigzag(Int64(value))) }

  package mutating func elementString(_ value: String) {
    varint(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  /// Opens a struct element of a list; close it with `endStruct()`.
  package mutating func beginElement() { lastFieldIDs.append(0) }

  // MARK: - Encoding

  private mutating func fieldHeader(_ id: Int16, _ type: TypeCode) {
    let delta = Int(id) - Int(lastFieldIDs[lastFieldIDs.count - 1])
    if delta > 0, delta <= 15 {
      bytes.append(UInt8(delta) << 4 | type.rawValue)
    } else {
      bytes.append(type.rawValue)
      varint(zigzag(Int64(id)))
    }
    lastFieldIDs[lastFieldIDs.count - 1] = id
  }

  private func zigzag(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value << 1) ^ (value >> 63))
  }

  package mutating func varint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }
}
