import Foundation

/// An import file decoded to UTF-8 a chunk at a time, with the encoding chosen as
/// `TextDecoding.decode` chooses it for a whole file.
///
/// A byte order mark decides from the first bytes. Without one, the file is read as UTF-8 and
/// checked as it goes; the first invalid byte stops the stream with `retryAsGB18030`, and the
/// import reads the file again from the start as GB18030 (`fellBack`), which is what the
/// whole-file detection concludes for such a file. GB18030 is decoded a line at a time: its
/// multi-byte characters never contain a line-feed byte, so cutting there never splits one.
/// UTF-16 is transcoded unit by unit, a surrogate pair or odd byte left at a chunk's end being
/// carried to the next.
package final class ImportTextStream {
  /// Why the stream stopped early.
  package enum Stop: Error, Equatable {
    /// The bytes are not UTF-8 (detected, no BOM): read again as GB18030. `detail` says
    /// where, for the message if GB18030 fails too.
    case retryAsGB18030(detail: String)
    /// The bytes cannot be read in the chosen encoding.
    case invalid(String)
  }

  private enum Mode {
    /// `strict`: a BOM or `--encoding utf-8` chose UTF-8, so invalid bytes are an error.
    case utf8(strict: Bool)
    case utf16(bigEndian: Bool)
    case gb18030
  }

  package static let chunkSize = 1 << 18

  private let input: ImportInput
  private var mode: Mode = .utf8(strict: false)
  private(set) var encoding: ImportEncoding = .utf8
  private(set) var fellBackToGB18030 = false
  /// Set when the stream ended because of the bytes rather than the end of the file.
  private(set) var stop: Stop?
  /// `retryAsGB18030`'s detail from the first reading, for the message if GB18030 fails.
  private let utf8Detail: String?
  private var chunk = [UInt8](repeating: 0, count: chunkSize)
  /// Bytes read but not decoded yet (an incomplete sequence, a GB18030 line in progress).
  private var pending: [UInt8] = []
  private var atEnd = false
  /// Lines (line feeds) passed, for "on line N" in UTF-8 messages.
  private var line = 1

  /// - Parameters:
  ///   - forced: `--encoding`; nil detects.
  ///   - fallBack: this is the second reading of a file that was not UTF-8: read GB18030.
  ///   - utf8Detail: where the first reading found the first invalid UTF-8 byte.
  package init(
    input: ImportInput, forced: ImportEncoding?, fallBack: Bool = false, utf8Detail: String? = nil
  ) throws {
    self.input = input
    self.utf8Detail = utf8Detail
    while pending.count < 3, try fill() {}
    let hasUTF8BOM = pending.starts(with: [0xEF, 0xBB, 0xBF])
    let utf16BOM: Bool? =
      pending.starts(with: [0xFF, 0xFE]) ? false : pending.starts(with: [0xFE, 0xFF]) ? true : nil
    switch forced {
    case .utf8:
      mode = .utf8(strict: true)
      encoding = .utf8
      if hasUTF8BOM { pending.removeFirst(3) }
    case .utf16:
      // Without a BOM, UTF-16 from Windows ("Unicode text") is little-endian.
      mode = .utf16(bigEndian: utf16BOM ?? false)
      encoding = .utf16
      if utf16BOM != nil { pending.removeFirst(2) }
    case .gb18030:
      mode = .gb18030
      encoding = .gb18030
    case nil:
      if hasUTF8BOM {
        mode = .utf8(strict: true)
        encoding = .utf8
        pending.removeFirst(3)
      } else if let bigEndian = utf16BOM {
        mode = .utf16(bigEndian: bigEndian)
        encoding = .utf16
        pending.removeFirst(2)
      } else if fallBack {
        mode = .gb18030
        encoding = .gb18030
        fellBackToGB18030 = true
      } else {
        mode = .utf8(strict: false)
        encoding = .utf8
      }
    }
  }

  /// Reads one more chunk into `pending`; false at the end of the file.
  private func fill() throws -> Bool {
    guard !atEnd else { return false }
    let count = try input.read(into: &chunk)
    if count == 0 {
      atEnd = true
      return false
    }
    pending.append(contentsOf: chunk[0..<count])
    return true
  }

  /// The next piece of UTF-8 text, or nil at the end (check `stop` for why).
  package func next() -> [UInt8]? {
    do {
      return try decodeNext()
    } catch {
      stop = .invalid("\(error)")
      return nil
    }
  }

  private func decodeNext() throws -> [UInt8]? {
    while stop == nil {
      if !atEnd, pending.count < Self.chunkSize { _ = try fill() }
      if atEnd, pending.isEmpty { return nil }
      let piece: [UInt8]?
      switch mode {
      case .utf8(let strict): piece = utf8Piece(strict: strict)
      case .utf16(let bigEndian): piece = utf16Piece(bigEndian: bigEndian)
      case .gb18030: piece = gb18030Piece()
      }
      if let piece, !piece.isEmpty, stop == nil { return piece }
      // Nothing complete yet (a sequence or a line cut by the chunk): read on.
      if atEnd { return nil }
      _ = try fill()
    }
    return nil
  }

  // MARK: - UTF-8

  /// The valid prefix of `pending`; an incomplete sequence at its end waits for more bytes.
  private func utf8Piece(strict: Bool) -> [UInt8]? {
    var index = 0
    let count = pending.count
    var invalid = false
    pending.withUnsafeBufferPointer { bytes in
      let base = UnsafeRawPointer(bytes.baseAddress)
      while index < count {
        // Eight ASCII bytes at a time (nearly every byte of a data file), counting the line
        // feeds among them: a byte of `word ^ 0x0A…` is zero exactly where a line feed was.
        if let base, index + 8 <= count {
          let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
            let zeros =
              ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
              | 0x7F7F_7F7F_7F7F_7F7F)
            line += zeros.nonzeroBitCount
            index += 8
            continue
          }
        }
        let byte = bytes[index]
        if byte < 0x80 {
          if byte == 0x0A { line += 1 }
          index += 1
          continue
        }
        let length: Int
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: length = 0
        }
        let end = index + length
        if length > 0, end > count, !atEnd { break }
        if length == 0 || end > count
          || String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            == nil
        {
          invalid = true
          break
        }
        index = end
      }
    }
    if invalid {
      let detail =
        "invalid UTF-8 byte 0x" + String(pending[index], radix: 16, uppercase: true)
        + " on line \(line)"
      stop =
        strict
        ? .invalid("the file is not valid UTF-8 (\(detail))") : .retryAsGB18030(detail: detail)
      return nil
    }
    if index == count {
      let piece = pending
      pending = []
      return piece
    }
    let piece = Array(pending[0..<index])
    pending.removeFirst(index)
    return piece
  }

  // MARK: - UTF-16

  private func utf16Piece(bigEndian: Bool) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(pending.count)
    var index = 0
    let count = pending.count
    var unpaired = false
    while index + 1 < count {
      func unit(at offset: Int) -> UInt32 {
        let (first, second) = (UInt32(pending[offset]), UInt32(pending[offset + 1]))
        return bigEndian ? first << 8 | second : second << 8 | first
      }
      let first = unit(at: index)
      var scalar = first
      var width = 2
      if first >= 0xD800, first <= 0xDBFF {
        guard index + 3 < count else {
          if atEnd { unpaired = true }
          break
        }
        let second = unit(at: index + 2)
        guard second >= 0xDC00, second <= 0xDFFF else {
          unpaired = true
          break
        }
        scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        width = 4
      } else if first >= 0xDC00, first <= 0xDFFF {
        unpaired = true
        break
      }
      Self.appendUTF8(scalar, to: &output)
      index += width
    }
    if unpaired {
      stop = .invalid(
        "the file is not valid UTF-16 \(bigEndian ? "big" : "little")-endian text (unpaired surrogate)"
      )
      return nil
    }
    pending.removeFirst(index)
    if atEnd, pending.count == 1 {
      stop = .invalid("the file is not valid UTF-16 (odd number of bytes)")
      return nil
    }
    return output
  }

  private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: - GB18030

  /// The complete lines of `pending` (all of it at the end of the file), decoded.
  private func gb18030Piece() -> [UInt8]? {
    let cut: Int
    if atEnd {
      cut = pending.count
    } else if let lastLineFeed = pending.lastIndex(of: 0x0A) {
      cut = lastLineFeed + 1
    } else {
      return []
    }
    guard
      let text = String(
        data: Data(pending[0..<cut]), encoding: ImportEncoding.gb18030Encoding)
    else {
      stop = .invalid(
        fellBackToGB18030
          ? "the file is not valid UTF-8, UTF-16 or GB18030 text (\(utf8Detail ?? "invalid UTF-8"); save it as CSV UTF-8, or name the encoding with --encoding)"
          : "the file is not valid GB18030 text")
      return nil
    }
    pending.removeFirst(cut)
    return Array(text.utf8)
  }
}

@available(*, unavailable)
extension ImportTextStream: Sendable {}
