/// How a test splits its input into chunks.
enum Chunking: CustomStringConvertible, Sendable {
  /// One call with everything.
  case whole
  /// One byte per call, the worst case for resumption.
  case bytes
  /// Random sizes between 1 and `maximum`, from a fixed seed.
  case random(maximum: Int, seed: UInt64)

  /// The chunk boundaries for `count` bytes.
  func ranges(_ count: Int) -> [Range<Int>] {
    switch self {
    case .whole:
      return [0..<count]
    case .bytes:
      return (0..<count).map { $0..<($0 + 1) }
    case .random(let maximum, let seed):
      var generator = SeededGenerator(seed: seed)
      var ranges: [Range<Int>] = []
      var start = 0
      while start < count {
        let end = min(count, start + Int.random(in: 1...maximum, using: &generator))
        ranges.append(start..<end)
        start = end
      }
      return ranges
    }
  }

  /// A label for failure messages.
  var description: String {
    switch self {
    case .whole: return "whole"
    case .bytes: return "1-byte chunks"
    case .random(let maximum, let seed): return "random chunks ≤\(maximum) (seed \(seed))"
    }
  }
}
