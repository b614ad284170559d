/// A named group of bars, one value per category of a ``BarChart``.
public struct BarSeries: Sendable, Equatable {
  /// The legend text.
  public var name: String
  /// One value per category, in category order; nil is missing (no bar). Values beyond the
  /// categories are ignored, and missing ones at the end count as nil.
  public var values: [Double?]
  /// Colour and hatch; nil takes the palette entry of the series' position.
  public var style: SeriesStyle?
  /// Why a value is missing, per category (`incomplete month (6 days missing)`): written
  /// upright in the empty slot, so an absent bar is not read as zero or as no data at all.
  public var notes: [String?]

  public init(
    name: String, values: [Double?], style: SeriesStyle? = nil, notes: [String?] = []
  ) {
    self.name = name
    self.values = values
    self.style = style
    self.notes = notes
  }

  /// Whether any value is present.
  package var hasData: Bool { values.contains { $0?.isFinite ?? false } }
}
