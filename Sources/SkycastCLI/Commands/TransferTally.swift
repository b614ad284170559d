import SkycastModel
import Synchronization

/// The bytes of every reply a fetching command received, as JSON and as they came over the
/// wire, for the line that says what gzip saved.
final class TransferTally: Sendable {
  private struct Totals {
    var body = 0
    var wire = 0
  }

  private let totals = Mutex(Totals())

  /// Adds one reply.
  func add(bodyBytes: Int, wireBytes: Int) {
    totals.withLock {
      $0.body += bodyBytes
      $0.wire += wireBytes
    }
  }

  /// `transfer: 1.4 MB of replies arrived as 212 kB with gzip (85 % less)`, or for replies the
  /// server did not compress `transfer: 1.4 MB of replies, not compressed by the server`; nil
  /// when nothing arrived. The second is a detail (`-v`), the first worth a line of its own.
  var line: (text: String, compressed: Bool)? {
    let totals = totals.withLock { $0 }
    guard totals.body > 0 else { return nil }
    let body = Self.size(totals.body)
    guard totals.wire < totals.body else {
      return ("transfer: \(body) of replies, not compressed by the server", false)
    }
    let saved = Int((100 * Double(totals.body - totals.wire) / Double(totals.body)).rounded(.down))
    return (
      "transfer: \(body) of replies arrived as \(Self.size(totals.wire)) with gzip (\(saved) % less)",
      true
    )
  }

  /// Decimal units, as download tools print them: `812 B`, `212 kB`, `1.4 MB`.
  static func size(_ bytes: Int) -> String {
    switch bytes {
    case ..<1000: "\(bytes) B"
    case ..<1_000_000: "\(bytes / 1000) kB"
    default: NumberText.fixed(Double(bytes) / 1e6, decimals: 1) + " MB"
    }
  }
}
