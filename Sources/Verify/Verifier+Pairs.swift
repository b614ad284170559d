import SkycastModel
import Store

/// One matched forecast–observation pair, as `verify --pairs` writes it.
public struct VerifyPair: Sendable, Equatable {
  public var cityID: Int64
  public var source: String
  public var model: String
  /// Issue time, UTC epoch seconds.
  public var issuedAt: Int64
  /// Hourly pairs: the valid time (UTC epoch seconds); nil for daily pairs.
  public var validAt: Int64?
  /// Daily pairs: the local valid date; nil for hourly pairs.
  public var date: String?
  /// `lead_hours` (hourly) or `lead_days` (daily).
  public var lead: Int64
  public var forecast: Double
  public var observed: Double
  /// The stored precipitation probability (%), read only when the request asks for it
  /// (``VerifyRequest/pairsReadProbability``: the Brier score, or verif's `p0.1` column).
  public var probability: Double?

  public init(
    cityID: Int64, source: String, model: String, issuedAt: Int64, validAt: Int64?,
    date: String?, lead: Int64, forecast: Double, observed: Double
  ) {
    self.cityID = cityID
    self.source = source
    self.model = model
    self.issuedAt = issuedAt
    self.validAt = validAt
    self.date = date
    self.lead = lead
    self.forecast = forecast
    self.observed = observed
  }
}

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
