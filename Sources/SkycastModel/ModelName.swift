/// Names of weather models that the code itself relies on; every other model name comes from
/// the user or the API and is passed through as text.
public enum ModelName {
  /// The Open-Meteo APIs' default blend (`best_match`): what the Forecast, Previous Runs and
  /// Archive APIs answer when a request names no `models`, and the model of the
  /// latest-forecast series (`--series forecast`).
  public static let bestMatch = "best_match"
}
