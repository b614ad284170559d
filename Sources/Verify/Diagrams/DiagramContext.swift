import Export
import SkycastModel
import Store

/// What every diagram states besides its points: the request, the cities that contributed
/// pairs, the lead days kept, the period and the figure options.
public struct DiagramContext: Sendable {
  public var request: VerifyRequest
  /// Names of the cities with at least one pair among the drawn groups.
  public var cities: [String]
  /// `--lead-days`, when given.
  public var leadDays: LeadDaySelection?
  /// First and last local date with a pair, when the request has no period.
  public var pairedDates: (first: String, last: String)?
  public var width: Int
  public var height: Int
  public var title: FigureTitle

  public init(
    request: VerifyRequest, cities: [String], leadDays: LeadDaySelection? = nil,
    pairedDates: (first: String, last: String)? = nil, width: Int = 680, height: Int = 720,
    title: FigureTitle = .automatic
  ) {
    self.request = request
    self.cities = cities
    self.leadDays = leadDays
    self.pairedDates = pairedDates
    self.width = width
    self.height = height
    self.title = title
  }

  /// `Berlin, Paris · forecast vs era5 observations · forecasts: forecast (best_match) · valid
  /// 2026-03-01 to 2026-03-31 · lead days 1–5`, then the diagram's own notes.
  public func subtitle(_ notes: [String?]) -> String {
    var period: String?
    if let range = request.period {
      period = "valid \(range.lowerBound) to \(range.upperBound)"
    } else if let pairedDates {
      period = "valid \(pairedDates.first) to \(pairedDates.last)"
    }
    return FigureTitle.subtitle(
      [
        FigureTitle.cities(cities), "forecast vs \(request.observationSource) observations",
        request.forecastSelectionText, period, leadDays?.text,
      ] + notes)
  }

  /// The event in words: `precipitation ≥ 1 mm`.
  public var eventText: String? {
    guard let event = request.event else { return nil }
    return
      "\(request.variableDisplayNameInSentence) \(event.symbol) \(ChartText.number(event.threshold, decimals: nil)) \(request.variable.unit)"
  }

  /// The comment's common part: variable, observations, period, lead days.
  public var commentText: String {
    var parts = [
      "\(request.variableName) vs \(request.observationSource) observations",
      VerifyTable.periodText(request, paired: pairedDates),
    ]
    if let eventText { parts.append("event \(eventText)") }
    if let leadDays { parts.append(leadDays.text) }
    if !cities.isEmpty { parts.append("cities with pairs: " + cities.joined(separator: ", ")) }
    return parts.joined(separator: "; ")
  }
}
