import Export

extension VerifyFigure {
  /// `leads differ: forecast 0–6 h, demo_provider 0–360 h; each line on its own leads`, when
  /// the lines of a by-lead figure do not cover the same leads; nil when they do (or there is
  /// one line). A reader comparing two lines then knows where only one has points.
  static func leadRangeNote(_ lines: [(name: String, points: [ChartPoint])], hours: Bool)
    -> String?
  {
    leadRangeNote(lines.map { ($0.name, $0.points.filter { $0.y != nil }.map(\.x)) }, hours: hours)
  }

  /// The note from each line's leads that have a value.
  static func leadRangeNote(_ lines: [(name: String, leads: [Double])], hours: Bool) -> String? {
    let ranges = lines.compactMap { line -> (String, Double, Double)? in
      guard let low = line.leads.min(), let high = line.leads.max() else { return nil }
      return (line.name, low, high)
    }
    guard ranges.count > 1,
      Set(ranges.map { "\($0.1) \($0.2)" }).count > 1
    else { return nil }
    let unit = hours ? " h" : ""
    let text = ranges.map { name, low, high in
      "\(name) \(ChartText.number(low, decimals: 0))–\(ChartText.number(high, decimals: 0))\(unit)"
    }
    return (hours ? "leads differ: " : "lead days differ: ") + text.joined(separator: ", ")
      + "; each line on its own leads"
  }
}
