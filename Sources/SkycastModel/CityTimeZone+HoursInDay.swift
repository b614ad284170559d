extension CityTimeZone {
  /// The number of hours in a local day: 24, or 23 / 25 on a daylight-saving change.
  ///
  /// Measured between the starts of `date` and the next day (``startOfDay(_:)``), so a zone
  /// that skips or repeats a wall hour gives the hours that really occur.
  ///
  /// ```swift
  /// CityTimeZone(identifier: "Europe/Berlin")!.hoursInDay(LocalDate("2026-03-29")!)  // 23
  /// ```
  public func hoursInDay(_ date: LocalDate) -> Int {
    Int((startOfDay(date.adding(days: 1)) - startOfDay(date)) / 3600)
  }
}
