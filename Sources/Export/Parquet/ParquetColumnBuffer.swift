import SkycastModel

/// The values of one column for the row group being filled, dictionary-encoded as they arrive.
///
/// Every value is looked up in the chunk's dictionary and only its index is kept, so a column
/// whose values repeat (stored weather values at their precision, sources, dates, issue times)
/// costs 4 bytes a row however wide its values. A chunk whose dictionary grows past
/// `maximumEntries` or `maximumDictionaryBytes` switches to plain values for the rest of the
/// chunk. When the chunk is encoded, the dictionary is used only where it comes out smaller
/// than PLAIN.
package struct ParquetColumnBuffer {
  package static let maximumEntries = 1 << 16
  package static let maximumDictionaryBytes = 1 << 20

  package let column: ParquetColumn
  /// The rows that are NULL (optional columns only): definition levels are made from them when
  /// the chunk is encoded, which keeps a per-row level out of the hot path.
  private(set) var nullRows: [Int32] = []
  private(set) var rows = 0
  private(set) var nulls = 0

  private var dictionaryMode = true
  private var indices: [UInt32] = []
  private var numbers: [UInt64] = []
  private var numberTable = NumericHashTable()
  private var texts: [String] = []
  private var textTable: [String: UInt32] = [:]
  private var textBytes = 0
  /// PLAIN values after a switch: numbers as bit patterns, text already encoded.
  private var plainNumbers: [UInt64] = []
  private var plainText: [UInt8] = []
  private var plainTextMin: [UInt8]?
  private var plainTextMax: [UInt8]?
  private var plainCount = 0
  private var lastNumber: UInt64 = 0
  private var lastText: String?
  private var lastIndex: UInt32 = .max

  package init(column: ParquetColumn) {
    self.column = column
  }

  /// Bytes held (an estimate for the memory bound).
  package var byteCount: Int {
    nullRows.count * 4 + indices.count * 4 + numbers.count * 8 + numberTable.byteCount
      + textBytes + texts.count * 48 + plainNumbers.count * 8 + plainText.count
  }

  // MARK: - Appending

  package mutating func appendNull() {
    precondition(column.optional, "NULL in the required column \(column.name)")
    nullRows.append(Int32(truncatingIfNeeded: rows))
    rows += 1
    nulls += 1
  }

  /// Appends a number as its 64-bit pattern (INT32/INT64 as `Int64`, DOUBLE as its bits).
  /// The last date text given and its day number (dates repeat row after row).
  private var lastDate: String?
  private var lastDay: Int64 = 0

  /// Appends a `YYYY-MM-DD` date as days since 1970-01-01; false when the text is not a date.
  @inline(__always)
  package mutating func append(date text: String) -> Bool {
    if let lastDate, lastDate == text {
      append(bits: UInt64(bitPattern: lastDay))
      return true
    }
    guard let date = LocalDate(text) else { return false }
    lastDate = text
    lastDay = date.dayNumber
    append(bits: UInt64(bitPattern: lastDay))
    return true
  }

  /// The last measured value given and the bits it was stored as (values repeat from row to
  /// row, and rounding each costs more than the comparison).
  private var lastMeasure: UInt64 = 0
  private var lastMeasureBits: UInt64?

  /// Appends a measured value rounded to `decimals` as the CSV prints it; NULL when not finite.
  @inline(__always)
  package mutating func append(measure value: Double, decimals: Int) -> Bool {
    if let bits = lastMeasureBits, value.bitPattern == lastMeasure {
      append(bits: bits)
      return true
    }
    guard let rounded = ParquetRounding.rounded(value, decimals: decimals) else { return false }
    lastMeasure = value.bitPattern
    lastMeasureBits = rounded.bitPattern
    append(bits: rounded.bitPattern)
    return true
  }

  @inline(__always)
  package mutating func append(bits: UInt64) {
    rows += 1
    guard dictionaryMode else {
      plainNumbers.append(bits)
      return
    }
    if lastIndex != .max, bits == lastNumber {
      indices.append(lastIndex)
      return
    }
    let index = numberTable.index(of: bits, orInsert: UInt32(numbers.count))
    if index == numbers.count { numbers.append(bits) }
    indices.append(index)
    lastNumber = bits
    lastIndex = index
    if numbers.count > Self.maximumEntries { switchToPlain() }
  }

  @inline(__always)
  package mutating func append(text: String) {
    rows += 1
    guard dictionaryMode else {
      appendPlain(text: text)
      return
    }
    if lastIndex != .max, let lastText, lastText == text {
      indices.append(lastIndex)
      return
    }
    let index: UInt32
    if let known = textTable[text] {
      index = known
    } else {
      index = UInt32(texts.count)
      textTable[text] = index
      texts.append(text)
      textBytes += text.utf8.count + 4
    }
    indices.append(index)
    lastText = text
    lastIndex = index
    if texts.count > Self.maximumEntries || textBytes > Self.maximumDictionaryBytes {
      switchToPlain()
    }
  }

  private mutating func appendPlain(text: String) {
    let utf8 = Array(text.utf8)
    appendLength(utf8.count, to: &plainText)
    plainText.append(contentsOf: utf8)
    plainCount += 1
    if plainTextMin.map({ utf8.lexicographicallyPrecedes($0) }) ?? true { plainTextMin = utf8 }
    if plainTextMax.map({ $0.lexicographicallyPrecedes(utf8) }) ?? true { plainTextMax = utf8 }
  }

  private mutating func switchToPlain() {
    dictionaryMode = false
    if column.physical == .byteArray {
      for index in indices { appendPlain(text: texts[Int(index)]) }
      texts = []
      textTable = [:]
      textBytes = 0
    } else {
      plainNumbers = indices.map { numbers[Int($0)] }
      numbers = []
      numberTable = NumericHashTable()
    }
    indices = []
    lastIndex = .max
    lastText = nil
  }

  // MARK: - Encoding

  /// The encoded chunk: pages and what the footer says about them.
  package struct Encoded {
    package var bytes: [UInt8]
    /// Length of the dictionary page (header included) at the start of `bytes`, if any.
    package var dictionaryPageLength: Int?
    package var encodings: [Int32]
    package var values: Int
    package var nulls: Int
    package var minimum: [UInt8]?
    package var maximum: [UInt8]?
  }

  /// Encodes the chunk (a dictionary page where it pays, then one data page).
  package func encode() -> Encoded {
    let defined = rows - nulls
    var levels: [UInt8] = []
    if column.optional {
      var encodedLevels: [UInt8] = []
      var definitions = [UInt32](repeating: 1, count: rows)
      for row in nullRows { definitions[Int(row)] = 0 }
      RLEHybrid.encode(definitions, bitWidth: 1, to: &encodedLevels)
      appendLength(encodedLevels.count, to: &levels)
      levels += encodedLevels
    }
    var dictionaryPage: [UInt8]?
    var values: [UInt8] = []
    if dictionaryMode, defined > 0 {
      let entries = column.physical == .byteArray ? texts.count : numbers.count
      let width = RLEHybrid.bitWidth(forMaximum: UInt32(max(0, entries - 1)))
      var dictionary: [UInt8] = []
      if column.physical == .byteArray {
        for text in texts { appendPlain(text, to: &dictionary) }
      } else {
        for bits in numbers { appendPlain(bits: bits, to: &dictionary) }
      }
      var encodedIndices: [UInt8] = [UInt8(width)]
      RLEHybrid.encode(indices, bitWidth: width, to: &encodedIndices)
      let plainSize = plainByteCount()
      if dictionary.count + encodedIndices.count < plainSize {
        dictionaryPage = dictionary
        values = encodedIndices
      } else {
        values.reserveCapacity(plainSize)
        if column.physical == .byteArray {
          for index in indices { appendPlain(texts[Int(index)], to: &values) }
        } else {
          for index in indices { appendPlain(bits: numbers[Int(index)], to: &values) }
        }
      }
    } else if column.physical == .byteArray {
      values = plainText
    } else {
      values.reserveCapacity(plainNumbers.count * width)
      for bits in plainNumbers { appendPlain(bits: bits, to: &values) }
    }

    var bytes: [UInt8] = []
    var dictionaryLength: Int?
    var encodings: [Int32] = [ParquetFooter.Encoding.rle]
    if let dictionaryPage {
      let entries = column.physical == .byteArray ? texts.count : numbers.count
      bytes += ParquetFooter.dictionaryPageHeader(size: dictionaryPage.count, entries: entries)
      bytes += dictionaryPage
      dictionaryLength = bytes.count
      encodings = [
        ParquetFooter.Encoding.plain, ParquetFooter.Encoding.rle,
        ParquetFooter.Encoding.rleDictionary,
      ]
    } else {
      encodings.insert(ParquetFooter.Encoding.plain, at: 0)
    }
    let pageSize = levels.count + values.count
    bytes += ParquetFooter.dataPageHeader(
      size: pageSize, values: rows,
      encoding: dictionaryPage == nil
        ? ParquetFooter.Encoding.plain : ParquetFooter.Encoding.rleDictionary)
    bytes += levels
    bytes += values
    let (minimum, maximum) = statistics()
    return Encoded(
      bytes: bytes, dictionaryPageLength: dictionaryLength, encodings: encodings, values: rows,
      nulls: nulls, minimum: minimum, maximum: maximum)
  }

  private var width: Int { column.physical == .int32 ? 4 : 8 }

  private func plainByteCount() -> Int {
    if column.physical != .byteArray { return (rows - nulls) * width }
    let lengths = texts.map { $0.utf8.count + 4 }
    var total = 0
    for index in indices { total += lengths[Int(index)] }
    return total
  }

  /// PLAIN-encoded minimum and maximum of the non-NULL values (nil when all are NULL).
  private func statistics() -> ([UInt8]?, [UInt8]?) {
    if column.physical == .byteArray {
      if !dictionaryMode { return (plainTextMin, plainTextMax) }
      var low: [UInt8]?
      var high: [UInt8]?
      for text in texts {
        let utf8 = Array(text.utf8)
        if low.map({ utf8.lexicographicallyPrecedes($0) }) ?? true { low = utf8 }
        if high.map({ $0.lexicographicallyPrecedes(utf8) }) ?? true { high = utf8 }
      }
      return (low, high)
    }
    let source = dictionaryMode ? numbers : plainNumbers
    guard let first = source.first else { return (nil, nil) }
    var minimum: [UInt8] = []
    var maximum: [UInt8] = []
    if column.physical == .double {
      var low = Double(bitPattern: first)
      var high = low
      for bits in source {
        let value = Double(bitPattern: bits)
        if value < low { low = value }
        if value > high { high = value }
      }
      // Zeros: -0.0 as the minimum and +0.0 as the maximum, so either sign is inside.
      if low == 0 { low = -0.0 }
      if high == 0 { high = 0.0 }
      appendPlain(bits: low.bitPattern, to: &minimum)
      appendPlain(bits: high.bitPattern, to: &maximum)
    } else {
      var low = Int64(bitPattern: first)
      var high = low
      for bits in source {
        let value = Int64(bitPattern: bits)
        if value < low { low = value }
        if value > high { high = value }
      }
      appendPlain(bits: UInt64(bitPattern: low), to: &minimum)
      appendPlain(bits: UInt64(bitPattern: high), to: &maximum)
    }
    return (minimum, maximum)
  }

  @inline(__always)
  private func appendPlain(bits: UInt64, to output: inout [UInt8]) {
    var rest = bits
    for _ in 0..<width {
      output.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }

  private func appendPlain(_ text: String, to output: inout [UInt8]) {
    appendLength(text.utf8.count, to: &output)
    output.append(contentsOf: text.utf8)
  }
}

/// Appends a 4-byte little-endian length.
@inline(__always)
package func appendLength(_ length: Int, to output: inout [UInt8]) {
  let value = UInt32(truncatingIfNeeded: length)
  output.append(UInt8(truncatingIfNeeded: value))
  output.append(UInt8(truncatingIfNeeded: value >> 8))
  output.append(UInt8(truncatingIfNeeded: value >> 16))
  output.append(UInt8(truncatingIfNeeded: value >> 24))
}
