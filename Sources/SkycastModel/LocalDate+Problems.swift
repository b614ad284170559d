extension LocalDate {
  /// Why text in the `YYYY-MM-DD` form is not a date (`2026-02-30 is not a real date:
  /// February 2026 has 28 days`), or nil when it is a date or not in that form at all.
  public static func calendarProblem(_ text: some StringProtocol) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2),
      let day = digits(bytes, 8, 2), LocalDate(year: year, month: month, day: day) == nil
    else { return nil }
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    guard (1...9999).contains(year) else {
      return "\(text) is not a real date: years run from 0001 to 9999"
    }
    guard (1...12).contains(month) else {
      return "\(text) is not a real date: there is no month \(month)"
    }
    let length = daysInMonth(year: year, month: month)
    return "\(text) is not a real date: \(months[month - 1]) \(year) has \(length) days"
  }
}
