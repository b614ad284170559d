/// What a forecast's lead time counts from (`--lead-from`).
public enum LeadOrigin: String, Sendable, CaseIterable {
  /// The model run's initialisation, where the fetch recorded one (`fetches.run_at`), else the
  /// fetch: hours since the forecast was computed.
  case run
  /// The fetch's issue time (`issued_at`): hours since the forecast was received, as stored.
  case fetch
}
