/// Reads RFC 4180 CSV from UTF-8 pieces one record at a time without making a `String` per
/// field: the record's fields are byte ranges of one large read buffer, valid until the next
/// call to `next()`.
///
/// It accepts and refuses exactly what `CSVReader` does, with the same messages and lines (the
/// tests compare the two on many inputs and buffer sizes): fields separated by commas, a field
/// in double quotes may hold commas, line breaks and doubled quotes (`""` is one `"`, unescaped
/// in place once the whole record is in the buffer), records end with CRLF, LF or a lone CR.
/// A record is scanned again from its first byte when the buffer ends inside it: the buffer is
/// refilled (the record moved to its front, the buffer doubled only if the record alone fills
/// it), so a record can straddle any number of reads.
package final class CSVByteReader {
  /// One record: its fields' bytes and the physical line it starts on (1-based). Valid until
  /// the reader's next `next()`.
  package struct Record {
    package let line: Int
    /// `fieldCount` (start, end) offsets into `base`.
    private let bounds: UnsafeMutablePointer<Int>
    package let fieldCount: Int
    private let base: UnsafeMutablePointer<UInt8>

    init(
      line: Int, bounds: UnsafeMutablePointer<Int>, fieldCount: Int,
      base: UnsafeMutablePointer<UInt8>
    ) {
      self.line = line
      self.bounds = bounds
      self.fieldCount = fieldCount
      self.base = base
    }

    /// The bytes of field `index` (without quotes, doubled quotes made single).
    @inline(__always)
    package func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      let start = bounds[2 * index]
      return UnsafeBufferPointer(start: base + start, count: bounds[2 * index + 1] - start)
    }

    /// True for a blank line, or a row of empty cells (`,,,`) as spreadsheets leave at the end.
    package var isBlank: Bool {
      for index in 0..<fieldCount where bounds[2 * index + 1] != bounds[2 * index] {
        return false
      }
      return true
    }

    /// The record with its fields as `String`s (the general checks, the header).
    package var csvRecord: CSVRecord {
      CSVRecord(
        line: line, fields: (0..<fieldCount).map { String(decoding: field($0), as: UTF8.self) })
    }
  }

  package static let defaultBufferSize = 1 << 20

  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The first unread byte and the end of the bytes read.
  private var position = 0
  private var end = 0
  /// No more pieces.
  private var atEnd = false
  private var line = 1
  private var bounds: UnsafeMutablePointer<Int>
  private var boundsCapacity = 16
  /// The rest of a piece that did not fit into the buffer.
  private var carry: [UInt8] = []
  private var carryOffset = 0
  private let source: () -> [UInt8]?

  /// Reads the concatenation of the pieces `next` returns until it returns nil.
  ///
  /// - Parameter bufferSize: the read buffer's first size (tests use a few bytes, so records
  ///   straddle its end).
  package init(bufferSize: Int = defaultBufferSize, pieces next: @escaping () -> [UInt8]?) {
    capacity = max(bufferSize, 1)
    buffer = .allocate(capacity: capacity)
    bounds = .allocate(capacity: 2 * boundsCapacity)
    source = next
  }

  /// Reads `bytes`.
  package convenience init(_ bytes: [UInt8], bufferSize: Int = defaultBufferSize) {
    var piece: [UInt8]? = bytes
    self.init(bufferSize: bufferSize) {
      defer { piece = nil }
      return piece
    }
  }

  deinit {
    buffer.deallocate()
    bounds.deallocate()
  }

  /// The next record, or nil at the end of the input.
  ///
  /// - Throws: `CSVSyntaxError` for an unterminated quoted field (naming the line it opened
  ///   on), text after a closing quote, or a quote inside an unquoted field.
  package func next() throws(CSVSyntaxError) -> Record? {
    while true {
      switch try scan() {
      case .record(let record): return record
      case .end: return nil
      case .needMore: refill()
      }
    }
  }

  private enum Scan {
    case record(Record)
    case end
    /// The buffer ends inside the record (and more input may follow).
    case needMore
  }

  /// Scans one record from `position`, changing nothing until it is complete.
  private func scan() throws(CSVSyntaxError) -> Scan {
    let buffer = self.buffer
    let end = self.end
    let atEnd = self.atEnd
    var index = position
    guard index < end else { return atEnd ? .end : .needMore }
    let startLine = line
    var line = startLine
    var fieldCount = 0
    /// Fields holding `""`, unescaped once the record is complete.
    var escapedFields = 0
    var fieldStart = index
    var fieldEnd = index
    var quoted = false
    var atFieldStart = true

    func addField(_ start: Int, _ stop: Int) {
      if fieldCount == boundsCapacity { growBounds() }
      bounds[2 * fieldCount] = start
      bounds[2 * fieldCount + 1] = stop
      fieldCount += 1
    }

    while index < end {
      let byte = buffer[index]
      if byte > quote && byte != comma {
        // The common case: a byte of an unquoted field.
        index += 1
        atFieldStart = false
        continue
      }
      switch byte {
      case quote where atFieldStart:
        // A quoted field: find its closing quote.
        let openedOn = line
        index += 1
        let contentStart = index
        var hasEscapes = false
        while true {
          guard index < end else {
            if atEnd {
              throw CSVSyntaxError.unclosedQuote(line: openedOn)
            }
            return .needMore
          }
          let inner = buffer[index]
          if inner == quote {
            guard index + 1 < end || atEnd else { return .needMore }
            if index + 1 < end, buffer[index + 1] == quote {
              hasEscapes = true
              index += 2
              continue
            }
            break
          }
          if inner == lineFeed {
            line += 1
          } else if inner == carriageReturn {
            guard index + 1 < end || atEnd else { return .needMore }
            if index + 1 >= end || buffer[index + 1] != lineFeed { line += 1 }
          }
          index += 1
        }
        fieldStart = contentStart
        fieldEnd = index
        index += 1
        quoted = true
        if hasEscapes { escapedFields += 1 }
        if index < end {
          let next = buffer[index]
          guard next == comma || next == carriageReturn || next == lineFeed else {
            throw CSVSyntaxError.textAfterClosingQuote(line: line)
          }
        } else if !atEnd {
          return .needMore
        }
        atFieldStart = false
      case comma:
        addField(fieldStart, quoted ? fieldEnd : index)
        index += 1
        fieldStart = index
        quoted = false
        atFieldStart = true
      case carriageReturn, lineFeed:
        if byte == carriageReturn, index + 1 >= end, !atEnd { return .needMore }
        addField(fieldStart, quoted ? fieldEnd : index)
        index += 1
        if byte == carriageReturn, index < end, buffer[index] == lineFeed { index += 1 }
        return finish(
          at: index, line: line + 1, startLine: startLine, fieldCount: fieldCount,
          escapedFields: escapedFields)
      case quote:
        throw CSVSyntaxError.quoteInUnquotedField(line: line)
      default:
        index += 1
        atFieldStart = false
      }
    }
    guard atEnd else { return .needMore }
    addField(fieldStart, quoted ? fieldEnd : index)
    return finish(
      at: index, line: line, startLine: startLine, fieldCount: fieldCount,
      escapedFields: escapedFields)
  }

  /// Commits a complete record: moves past it and makes `""` single in its quoted fields.
  private func finish(at index: Int, line: Int, startLine: Int, fieldCount: Int, escapedFields: Int)
    -> Scan
  {
    position = index
    self.line = line
    if escapedFields > 0 {
      for field in 0..<fieldCount {
        let start = bounds[2 * field]
        let stop = bounds[2 * field + 1]
        // Only a quoted field can hold a quote: the byte before its start is the opening one.
        guard start > 0, buffer[start - 1] == quote else { continue }
        var read = start
        var write = start
        while read < stop {
          let byte = buffer[read]
          buffer[write] = byte
          write += 1
          read += byte == quote ? 2 : 1
        }
        bounds[2 * field + 1] = write
      }
    }
    return .record(Record(line: startLine, bounds: bounds, fieldCount: fieldCount, base: buffer))
  }

  private func growBounds() {
    let larger = UnsafeMutablePointer<Int>.allocate(capacity: 4 * boundsCapacity)
    larger.update(from: bounds, count: 2 * boundsCapacity)
    bounds.deallocate()
    bounds = larger
    boundsCapacity *= 2
  }

  /// Moves the unread bytes to the front and reads more after them (doubling the buffer when
  /// the unread bytes fill it); sets `atEnd` when the pieces are exhausted.
  private func refill() {
    let unread = end - position
    if position > 0 {
      if unread > 0 { buffer.update(from: buffer + position, count: unread) }
      position = 0
      end = unread
    }
    if end == capacity {
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
      larger.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = larger
      capacity *= 2
    }
    while end < capacity {
      if carryOffset == carry.count {
        guard let piece = source() else {
          atEnd = true
          return
        }
        carry = piece
        carryOffset = 0
        continue
      }
      let take = min(capacity - end, carry.count - carryOffset)
      carry.withUnsafeBufferPointer {
        (buffer + end).update(from: $0.baseAddress! + carryOffset, count: take)
      }
      end += take
      carryOffset += take
      // One piece at a time is enough to make progress; scanning again finds out.
      if take > 0 { return }
    }
  }
}

@available(*, unavailable)
extension CSVByteReader: Sendable {}

private let comma = UInt8(ascii: ",")
private let quote = UInt8(ascii: "\"")
private let carriageReturn = UInt8(ascii: "\r")
private let lineFeed = UInt8(ascii: "\n")
