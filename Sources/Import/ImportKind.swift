import SkycastModel

/// What `import` loads: observations (a station, another archive) or forecasts (another
/// provider's log).
public enum ImportKind: String, Sendable, CaseIterable {
  case observations, forecasts
}
