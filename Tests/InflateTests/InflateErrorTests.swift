import Inflate
import Testing

/// The error messages people will read.
@Suite struct InflateErrorTests {
  /// Each message says what was wrong, with the values involved.
  @Test func messagesAreClear() {
    #expect(
      InflateError.crcMismatch(expected: 0xCBF4_3926, actual: 0x1234).description
        == "CRC-32 mismatch: the data records 0xCBF43926 but the decoded bytes give 0x00001234")
    #expect(
      InflateError.sizeMismatch(expected: 10, actual: 12).description
        == "size mismatch: the data records 10 bytes but 12 were decoded")
    #expect(
      InflateError.outputLimit(50_000_000).description
        == "decoded output exceeds the limit of 50000000 bytes")
    #expect(InflateError.notGzip.description == "not a gzip file (bad magic number)")
    #expect(
      InflateError.distanceTooFarBack(distance: 40000, available: 12).description
        == "corrupt deflate data: distance 40000 too far back (only 12 bytes of output so far)")
    #expect(
      InflateError.badCodeLengths("code-length code is empty").description
        == "corrupt deflate data: bad code lengths (code-length code is empty)")
    #expect(
      InflateError.truncated("gzip data ended inside a member's trailer").description
        == "truncated stream: gzip data ended inside a member's trailer")
    #expect(InflateError.unsupportedZipMethod(12).description.contains("method 12"))
    #expect(InflateError.zip64Unsupported.description.contains("ZIP64"))
    #expect(InflateError.entryNotFound("a.txt").description == "no zip entry named \"a.txt\"")
  }
}
