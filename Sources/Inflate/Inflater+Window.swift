/// Output management: the window doubles as the output buffer, handed out in pieces.
///
/// Bytes are decoded straight into the window so back-references never wrap around. When it
/// fills up, the undelivered bytes go to the output closure and the last 32 KiB (all a distance
/// can reach, RFC 1951 §2) move to the front.
extension Inflater {
  /// Window bytes free for writing before the window end or the output limit, whichever is first.
  @inline(__always) var writableBytes: Int {
    min(InflaterStorage.capacity - outPosition, outputLimit - windowBase - outPosition)
  }

  /// Ensures `needed` bytes can be written, sliding the window if it is full; returns how many
  /// bytes can be written now.
  ///
  /// Throws `InflateError.outputLimit` when the bytes would take the output past the limit, so
  /// nothing past the limit is ever written or handed out.
  mutating func makeRoom(_ needed: Int, _ output: Output) throws -> Int {
    let room = writableBytes
    if room >= needed { return room }
    if outputLimit - windowBase - outPosition < needed {
      throw InflateError.outputLimit(outputLimit)
    }
    try flush(output)
    slide()
    return writableBytes
  }

  /// Hands the bytes decoded since the last flush to `output`.
  mutating func flush(_ output: Output) throws {
    guard outPosition > flushedPosition else { return }
    let piece = UnsafeBufferPointer(
      start: storage.window + flushedPosition, count: outPosition - flushedPosition)
    flushedPosition = outPosition
    try output(piece)
  }

  /// Moves the last 32 KiB of (already flushed) output to the front of the window.
  mutating func slide() {
    let keep = min(outPosition, InflaterStorage.historySize)
    let dropped = outPosition - keep
    guard dropped > 0 else { return }
    UnsafeMutableRawPointer(storage.window).copyMemory(
      from: storage.window + dropped, byteCount: keep)
    windowBase += dropped
    outPosition = keep
    flushedPosition = keep
  }
}
