internal import SQLiteKit
import SkycastModel

/// Choosing an observation source failed; the message names what is stored.
public enum ObservationSourceError: Error, CustomStringConvertible, Equatable {
  /// No observations are stored for the cities asked about.
  case none(cities: [String])
  /// Several sources and none of them `era5`: the user has to pick one.
  case ambiguous([String])
  /// The named source has no observations for the cities asked about.
  case unknown(String, available: [String])

  public var description: String { message(choosingWith: "--series observed:") }

  /// The message, naming the option that picks a source: `--series observed:`, `--obs ` or
  /// `--source ` (the source name follows it directly).
  public func message(choosingWith option: String) -> String {
    switch self {
    case .none(let cities):
      "no observations stored\(cities.isEmpty ? "" : " for " + cities.joined(separator: ", ")); fetch some with 'skycast observe --from DATE --to DATE' or load them with 'skycast import observations FILE'"
    case .ambiguous(let sources):
      "observations come from several sources (\(sources.joined(separator: ", "))); choose one with \(option)NAME (e.g. \(option)\(sources[0]))"
    case .unknown(let source, let available):
      "no observations from source '\(source)' for the selected cities; "
        + (available.isEmpty
          ? "none are stored (fetch them with 'skycast observe' or 'skycast import observations')"
          : "stored sources: \(available.joined(separator: ", "))")
    }
  }
}
