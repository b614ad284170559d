import SkycastModel
import Store

/// What `verify --ensemble` scores: one hourly variable of the stored ensembles against one
/// observation source, grouped by `groupBy`.
public struct EnsembleVerifyRequest: Sendable {
  /// What `crpss` is measured against.
  public enum Reference: Sendable, Equatable {
    /// A normal distribution with the mean and standard deviation of the city's observations in
    /// the same calendar month and local hour (over the period).
    case climatology
    /// The deterministic forecast of `model` (source `forecast`) issued in the same hour as the
    /// ensemble, for the same valid time: its CRPS is its absolute error.
    case deterministic(model: String)
  }

  public var variable: WeatherVariable
  public var observationSource: String
  public var period: ClosedRange<LocalDate>?
  public var models: [String]
  public var cityIDs: [Int64]
  public var groupBy: [VerifyKey]
  /// The fair CRPS (K = M(M − 1)) instead of the empirical-CDF one.
  public var fair = false
  public var reference: Reference?
  /// `--threshold/--op`: member probabilities for the Brier score and reliability table.
  public var event: VerifyEvent?
  /// Seed of the rank histogram's tie-break draws.
  public var seed: UInt64 = BootstrapSettings.defaultSeed
  public var includePast = false
  /// `--obs station`: each city's default station; the bound source is then "" (no row has it).
  public var observationFromLinks = false
  /// Leave out provider-flagged observation values (unless `--include-suspect`).
  public var excludeFlagged = false
  /// Leave out trace values (`--exclude-trace`).
  public var excludeTrace = false

  /// The keys allowed after `--by` (an ensemble has one source).
  public static let allowedKeys: [VerifyKey] = [.lead, .leadDay, .city, .model, .month, .validHour]

  public init(
    variable: WeatherVariable, observationSource: String, period: ClosedRange<LocalDate>? = nil,
    models: [String] = [], cityIDs: [Int64] = [], groupBy: [VerifyKey] = []
  ) {
    self.variable = variable
    self.observationSource = observationSource
    self.period = period
    self.models = models
    self.cityIDs = cityIDs
    self.groupBy = groupBy
  }

  /// The observation rows that count, as for the deterministic scores (`ObservationFilter`).
  package var observationFilter: ObservationFilter {
    VerifySQL.observationFilter(asVerifyRequest)
  }

  /// The source bound to the observation query (`VerifySQL.obsValue`).
  package var boundObservationSource: FetchSource {
    FetchSource(rawValue: VerifySQL.obsValue(asVerifyRequest))
  }

  /// The deterministic request the reliability table machinery is given (same keys and event).
  public var asVerifyRequest: VerifyRequest {
    var request = VerifyRequest(
      variable: variable, observationSource: observationSource, period: period,
      sources: [FetchSource.ensemble.rawValue],
      models: models, cityIDs: cityIDs, groupBy: groupBy, event: event, includePast: includePast)
    request.observationFromLinks = observationFromLinks
    request.excludeFlagged = excludeFlagged
    request.excludeTrace = excludeTrace
    return request
  }
}
