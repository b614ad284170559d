import SkycastModel
import Store

extension Verifier {
  /// Streams the pairs behind the scores (both sides non-NULL) to `body`, one at a time, in
  /// storage order (hourly: city, series, issue time, valid time; daily: fetch, city, model,
  /// issue time, date).
  ///
  /// - Returns: the number of pairs.
  @discardableResult
  public func pairs(_ request: VerifyRequest, _ body: (VerifyPair) throws -> Void) throws -> Int {
    let isDaily = request.variable.frequency == .daily
    var count = 0
    // Source and model repeat row after row: reuse the previous String when the bytes match
    // instead of allocating two Strings per pair.
    var source = ""
    var model = ""
    try store.withRows(of: VerifySQL.pairs(request)) { prepared in
      while try prepared.next() {
        Self.reuse(&source, prepared, 1)
        Self.reuse(&model, prepared, 2)
        var pair = VerifyPair(
          cityID: prepared.int64(0) ?? 0, source: source, model: model,
          issuedAt: try StoredTime.check(prepared.int64(3) ?? 0, column: "issued_at"),
          validAt: isDaily ? nil : try StoredTime.check(prepared.int64(4), column: "valid_at"),
          date: isDaily ? prepared.text(4) : nil,
          lead: prepared.int64(5) ?? 0, forecast: prepared.double(6) ?? .nan,
          observed: prepared.double(7) ?? .nan)
        pair.probability = prepared.double(8)
        try body(pair)
        count += 1
      }
    }
    return count
  }

  /// Replaces `text` with column `index`'s text only when it differs.
  package static func reuse(_ text: inout String, _ statement: borrowing RowCursor, _ index: Int32)
  {
    let same =
      statement.withTextBytes(index) { bytes in
        text.utf8.elementsEqual(bytes)
      } ?? false
    if !same { text = statement.text(index) ?? "" }
  }
}
