import Store

/// Splits grouped rows into the lines of a diagram: rows that differ only in their lead key
/// form one line (its points labelled with the lead), the other keys name the line.
package struct DiagramLines<Row> {
  package struct Line {
    package var name: String
    /// The rows in order, each with its lead (nil when the request has no lead key).
    package var rows: [(lead: Int64?, row: Row)]
  }

  package var lines: [Line] = []

  /// - Parameters:
  ///   - keys: the request's keys, in the order of each row's values.
  ///   - values: a row's key values.
  ///   - fallback: the name of a line with no other key (the variable).
  package init(
    _ rows: [Row], keys: [VerifyKey], values: (Row) -> [VerifyKeyValue], fallback: String
  ) {
    let leadIndex = keys.firstIndex { $0 == .leadDay || $0 == .lead }
    var index: [String: Int] = [:]
    for row in rows {
      let keyValues = values(row)
      var lead: Int64?
      if let leadIndex, leadIndex < keyValues.count, case .integer(let value) = keyValues[leadIndex]
      {
        lead = value
      }
      let name = Self.name(
        keyValues.enumerated().filter { $0.offset != leadIndex }.map(\.element.description))
      let label = name.isEmpty ? fallback : name
      if let position = index[label] {
        lines[position].rows.append((lead, row))
      } else {
        index[label] = lines.count
        lines.append(Line(name: label, rows: [(lead, row)]))
      }
    }
  }

  /// A line's name from its key values, each value once: an import's model is named after its
  /// source, and `demo_provider · demo_provider` named one model twice (issue 42).
  package static func name(_ values: [String]) -> String {
    var parts: [String] = []
    for value in values where !parts.contains(value) { parts.append(value) }
    return parts.joined(separator: " · ")
  }

  /// `Lead day 3` or `Lead 36 h` for a tooltip or label, by the request's lead key.
  package static func leadText(_ lead: Int64, keys: [VerifyKey]) -> String {
    keys.contains(.lead) ? "\(lead) h" : "\(lead)"
  }
}
