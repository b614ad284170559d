/// Sixteen counters indexed by code length 0–15, kept inline so table building never allocates.
struct LengthCounts {
  private var storage:
    (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// The distance between two counters in `storage`.
  private static let stride = MemoryLayout<Int>.stride

  /// The counter for code length `length` (0–15).
  subscript(length: Int) -> Int {
    get {
      withUnsafeBytes(of: storage) { $0.load(fromByteOffset: length * Self.stride, as: Int.self) }
    }
    set {
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: length * Self.stride, as: Int.self)
      }
    }
  }
}
