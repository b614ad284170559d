import Foundation
import SkycastModel
import Testing

@Suite struct SHA256Tests {
  /// The one-block, empty, two-block and 896-bit messages of FIPS 180-4 / NIST's SHA-256
  /// examples (csrc.nist.gov "SHA256.pdf", "SHA2_Additional.pdf").
  @Test(
    "hashes the FIPS 180-4 example messages",
    arguments: [
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
          + "klmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ])
  func nistVectors(message: String, digest: String) {
    #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
  }

  /// One million repetitions of "a", fed in uneven chunks.
  @Test("hashes one million 'a' characters")
  func millionA() {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hexDigest(message) == expected)
    var hasher = SHA256()
    var offset = 0
    var chunk = 1
    while offset < message.count {
      let end = min(message.count, offset + chunk)
      hasher.update(message[offset..<end])
      offset = end
      chunk = chunk * 3 % 1021 + 1
    }
    #expect(Self.hex(hasher.finalize()) == expected)
  }

  /// Splitting a 131-byte message at every offset from 0 to 130 gives the same digest as hashing
  /// it at once (reference digest from Python's hashlib).
  @Test("gives the same digest for incremental updates split at every offset")
  func incrementalSplits() {
    let message = (0..<131).map { UInt8($0 % 256) }
    let expected = "3acc128faf01077789746edcfd1051d90bc1591342402d9b3cdd06d7315702a4"
    #expect(SHA256.hexDigest(message) == expected)
    for split in 0...130 {
      var hasher = SHA256()
      message[..<split].withUnsafeBytes { hasher.update($0) }
      hasher.update(message[split...])
      #expect(Self.hex(hasher.finalize()) == expected, "split at \(split)")
    }
  }

  /// Lengths around the padding boundaries (55/56 bytes leave room for the length or not).
  @Test(
    "pads messages around the block boundaries correctly",
    arguments: [
      (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
      (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
      (57, "2fe741af801cc238602ac0ec6a7b0c3a8a87c7fc7d7f02a3fe03d1c12eac4d8f"),
      (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
      (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
      (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
      (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
      (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
      (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
      (129, "5099c6a56203f9687f7d33f4bfdf576d31dc91f6b695ecea38b2770c87631135"),
    ])
  func boundaries(length: Int, digest: String) {
    let message = (0..<length).map { UInt8($0 % 256) }
    #expect(SHA256.hexDigest(message) == digest)
  }

  /// `Data`, `String.UTF8View` and non-contiguous sequences hash like the equivalent array.
  @Test("accepts any byte sequence")
  func sequenceKinds() {
    let text = "北京 ☀"
    let expected = "41a62dd301dc33e949eef6a1b6ebdbaae48efd8be0ec53e2d4c6743a7dfc468a"
    #expect(SHA256.hexDigest(text.utf8) == expected)
    #expect(SHA256.hexDigest(Data(text.utf8)) == expected)
    #expect(SHA256.hexDigest(Array(text.utf8).lazy.map { $0 }) == expected)
    #expect(SHA256.hash(Array(text.utf8)).count == 32)
  }

  /// `finalize()` resets the hasher, so it can be reused for the next message.
  @Test("starts over after finalize")
  func reuseAfterFinalize() {
    var hasher = SHA256()
    hasher.update(Array("abc".utf8))
    _ = hasher.finalize()
    #expect(Self.hex(hasher.finalize()) == SHA256.hexDigest([UInt8]()))
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }
    .joined()
  }
}
