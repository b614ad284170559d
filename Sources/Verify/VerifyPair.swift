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
