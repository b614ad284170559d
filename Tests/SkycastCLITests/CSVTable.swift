/// A CSV result read back into rows keyed by header name (test data has no quoted commas).
struct CSVTable {
  let header: [String]
  let rows: [[String: String]]

  init(_ text: String) {
    let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true).map(String.init)
    let header =
      lines.first.map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      } ?? []
    self.header = header
    rows = lines.dropFirst().map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      var row: [String: String] = [:]
      for (name, field) in zip(header, fields) { row[name] = field }
      return row
    }
  }

  /// The rows whose `column` equals `value`.
  func rows(where column: String, is value: String) -> [[String: String]] {
    rows.filter { $0[column] == value }
  }

  /// The first row whose `column` equals `value`.
  func row(_ column: String, _ value: String) -> [String: String]? {
    rows(where: column, is: value).first
  }
}
