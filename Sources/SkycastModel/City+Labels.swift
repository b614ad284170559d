extension City {
  /// The names that tell cities apart in output columns and legends: the name, or, where several
  /// of `cities` share a name (case-insensitively), `Name, Admin1` (`Name #id` without an
  /// admin1) — the same form `city` references accept. One rule for every command, so rows of
  /// two Springfields never merge.
  public static func labels(_ cities: [City]) -> [Int64: String] {
    var counts: [String: Int] = [:]
    for city in cities { counts[city.name.lowercased(), default: 0] += 1 }
    var labels: [Int64: String] = [:]
    for city in cities {
      if counts[city.name.lowercased(), default: 0] > 1 {
        if let admin1 = city.admin1, !admin1.isEmpty {
          labels[city.id] = "\(city.name), \(admin1)"
        } else {
          labels[city.id] = "\(city.name) #\(city.id)"
        }
      } else {
        labels[city.id] = city.name
      }
    }
    return labels
  }
}
