/// SHA-256 as specified in FIPS 180-4, written by hand because the Linux toolchain has neither
/// CryptoKit nor swift-crypto, and the design allows no package dependencies. Used for `fetches.body_sha256`.
///
/// Whole 64-byte blocks are compressed straight from the caller's buffer; only a trailing
/// partial block is copied into the internal buffer.
///
/// ```swift
/// SHA256.hexDigest(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// var hasher = SHA256()
/// hasher.update(Array("ab".utf8))
/// hasher.update(Array("c".utf8))
/// let digest = hasher.finalize()  // 32 bytes
/// ```
public struct SHA256: Sendable {
  /// The running hash value H0…H7.
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// Bytes of an unfinished block (always 64 bytes long; `pendingCount` of them are used).
  private var pending = [UInt8](repeating: 0, count: 64)
  private var pendingCount = 0
  /// Message length so far, in bytes.
  private var length: UInt64 = 0

  /// A hasher with the FIPS 180-4 initial hash value.
  public init() {}

  // MARK: - Feeding bytes

  /// Appends bytes to the message.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    length &+= UInt64(bytes.count)
    var offset = 0
    if pendingCount > 0 {
      let take = min(64 - pendingCount, bytes.count)
      pending.withUnsafeMutableBytes { buffer in
        (buffer.baseAddress! + pendingCount).copyMemory(from: base, byteCount: take)
      }
      pendingCount += take
      offset = take
      guard pendingCount == 64 else { return }
      pending.withUnsafeBytes { compress(blocksAt: $0.baseAddress!, count: 1) }
      pendingCount = 0
    }
    let wholeBlocks = (bytes.count - offset) / 64
    if wholeBlocks > 0 {
      compress(blocksAt: base + offset, count: wholeBlocks)
      offset += wholeBlocks * 64
    }
    let rest = bytes.count - offset
    if rest > 0 {
      pending.withUnsafeMutableBytes { buffer in
        buffer.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
      }
      pendingCount = rest
    }
  }

  /// Appends bytes to the message. Contiguous collections (`[UInt8]`, `Data`, `String.UTF8View`
  /// of a native string) are hashed in place; other sequences are copied once.
  public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done == nil {
      Array(bytes).withUnsafeBytes { update($0) }
    }
  }

  /// Pads the message, returns the 32-byte digest and resets the hasher to its initial state.
  public mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail = [UInt8](repeating: 0, count: pendingCount < 56 ? 64 : 128)
    tail.withUnsafeMutableBytes { buffer in
      pending.withUnsafeBytes {
        buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: pendingCount)
      }
    }
    tail[pendingCount] = 0x80
    for index in 0..<8 {
      tail[tail.count - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))
    }
    tail.withUnsafeBytes { compress(blocksAt: $0.baseAddress!, count: tail.count / 64) }
    var digest = [UInt8]()
    digest.reserveCapacity(32)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    self = SHA256()
    return digest
  }

  // MARK: - One-shot helpers

  /// The 32-byte digest of `bytes`.
  public static func hash<S: Sequence>(_ bytes: S) -> [UInt8] where S.Element == UInt8 {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of `bytes` as 64 lowercase hexadecimal digits (the form stored in
  /// `fetches.body_sha256` and printed by `sha256sum`).
  public static func hexDigest<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(64)
    for byte in hash(bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  // MARK: - Compression function (FIPS 180-4 §6.2.2)

  /// Processes `count` consecutive 64-byte blocks starting at `start`.
  private mutating func compress(blocksAt start: UnsafeRawPointer, count: Int) {
    var hA = h0
    var hB = h1
    var hC = h2
    var hD = h3
    var hE = h4
    var hF = h5
    var hG = h6
    var hH = h7
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      SHA256.roundConstants.withUnsafeBufferPointer { k in
        for block in 0..<count {
          let base = start + block * 64
          for t in 0..<16 {
            w[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
          }
          for t in 16..<64 {
            let x = w[t - 15]
            let y = w[t - 2]
            let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
            let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
          }
          var a = hA
          var b = hB
          var c = hC
          var d = hD
          var e = hE
          var f = hF
          var g = hG
          var h = hH
          for t in 0..<64 {
            let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choose = (e & f) ^ (~e & g)
            let t1 = h &+ sum1 &+ choose &+ k[t] &+ w[t]
            let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
          }
          hA &+= a
          hB &+= b
          hC &+= c
          hD &+= d
          hE &+= e
          hF &+= f
          hG &+= g
          hH &+= h
        }
      }
    }
    h0 = hA
    h1 = hB
    h2 = hC
    h3 = hD
    h4 = hE
    h5 = hF
    h6 = hG
    h7 = hH
  }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

extension UInt32 {
  /// Rotates the bits right by `count` (0 < count < 32).
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
