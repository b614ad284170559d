/// A WHO UV index exposure category (WHO 2002, "Global Solar UV Index: A Practical Guide").
///
/// The raw value is the text Skycast prints and SQL's `uv_category(uv)` returns.
public enum UVCategory: String, Sendable, CaseIterable {
  /// UV index 0–2.
  case low
  /// UV index 3–5.
  case moderate
  /// UV index 6–7.
  case high
  /// UV index 8–10.
  case veryHigh = "very high"
  /// UV index 11 and above.
  case extreme
}
