import Export
import SkycastModel
import Store

/// One city's values of one variable on a regular time axis: hourly slots or local dates, with
/// nil where nothing is stored. The shape sparklines (and later SVG charts) draw.
public struct CitySeries: Sendable, Equatable {
  public var city: City
  public var variable: WeatherVariable
  /// The slot starts (UTC epoch seconds), hourly series only.
  public var instants: [Int64]
  /// The local dates, daily series only.
  public var dates: [LocalDate]
  /// One value per slot or date.
  public var values: [Double?]

  /// The labelled sparkline input for this series.
  public var spark: SparkSeries {
    SparkSeries(
      name: city.name, variable: variable.column, unit: variable.unit, decimals: variable.decimals,
      values: values)
  }
}
