import Testing

@testable import Import

/// The streamed UTF-8 check names the same first bad byte and line as the whole-file one,
/// however the ASCII runs (read eight bytes at a time) and line feeds fall.
@Suite struct ImportTextStreamTests {
  @Test("the first invalid byte and its line match TextDecoding's")
  func invalidByteLine() throws {
    var state: UInt64 = 99
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("12345678".utf8), [0x0A], [0x0A, 0x0A], Array("北京".utf8),
      Array("😀".utf8), Array("x,y\r\n".utf8),
    ]
    for _ in 0..<500 {
      var bytes: [UInt8] = []
      for _ in 0..<next(40) { bytes += pieces[next(pieces.count)] }
      bytes.append([0xB1, 0xFF, 0xC3][next(3)])
      for _ in 0..<next(5) { bytes += pieces[next(pieces.count)] }
      let stream = try ImportTextStream(input: ImportInput(bytes: bytes), forced: .utf8)
      var decoded: [UInt8] = []
      while let piece = stream.next() { decoded += piece }
      let expected = "the file is not valid UTF-8 (\(TextDecoding.firstInvalidUTF8(bytes)))"
      #expect(stream.stop == .invalid(expected), "\(bytes)")
    }
  }
}
