import SkycastModel
import Store

/// `verify` cannot run for a reason in the data, not in the command line (exit 1).
public enum VerifyError: Error, CustomStringConvertible, Equatable {
  /// No observation source stores the variable.
  case noObservations(WeatherVariable)

  public var description: String {
    switch self {
    case .noObservations(let variable):
      let hint =
        variable.roles.contains(.archive)
        ? "fetch them with 'skycast observe --from DATE --to DATE' or load them with 'skycast import observations FILE'"
        : "ERA5 does not provide it; load station data with 'skycast import observations FILE'"
      return "no observations of \(variable.column) are stored; \(hint)"
    }
  }
}
