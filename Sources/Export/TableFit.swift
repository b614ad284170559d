/// How an aligned table fits a terminal width: the header lines of each column, the column
/// widths and the gap between columns.
///
/// Three steps, each only while the table is still too wide: headers break after `_` into
/// lines no wider than their column's values (`feels_like_max` over `feels_` `like_` `max`);
/// the gap between columns narrows from two spaces to one; the widest text column loses a
/// column at a time, down to 8, its cells ending in `…`. Numbers are never shortened, so a
/// table of many numbers can stay wider than the terminal.
public struct TableFit: Equatable, Sendable {
  /// Each column's header, one or more lines.
  public var headers: [[String]]
  /// Each column's display width.
  public var widths: [Int]
  /// The text between columns.
  public var separator: String

  /// The narrowest a text column is cut to.
  static let minimumTextWidth = 8

  /// The layout of a table with these `headers` whose cells need `valueWidths` columns, in at
  /// most `width` columns where the steps above allow.
  public static func layout(headers: [String], valueWidths: [Int], numeric: [Bool], width: Int)
    -> TableFit
  {
    let values = valueWidths
    var fit = TableFit(
      headers: headers.map { [$0] },
      widths: zip(headers, values).map { max(DisplayWidth.of($0), $1) }, separator: "  ")
    func total() -> Int {
      fit.widths.reduce(0, +) + fit.separator.count * max(fit.widths.count - 1, 0)
    }
    guard total() > width else { return fit }
    // Break the headers that gain most first, and only as many as needed.
    let broken = headers.indices.map { index in
      let parts = parts(headers[index])
      return Self.broken(
        parts, width: max(values[index], parts.map(DisplayWidth.of).max() ?? 0))
    }
    let gains = headers.indices.map { index in
      fit.widths[index] - max(values[index], broken[index].map(DisplayWidth.of).max() ?? 0)
    }
    for index in headers.indices.sorted(by: { gains[$0] > gains[$1] }) where gains[index] > 0 {
      guard total() > width else { break }
      fit.headers[index] = broken[index]
      fit.widths[index] -= gains[index]
    }
    guard total() > width else { return fit }
    fit.separator = " "
    while total() > width {
      // The first column names the row (a city, a report): it is shortened only when no
      // other text column can be.
      let shrinkable = fit.widths.indices.filter {
        !numeric[$0] && fit.widths[$0] > minimumTextWidth
      }
      let candidates = shrinkable.contains { $0 > 0 } ? shrinkable.filter { $0 > 0 } : shrinkable
      guard let widest = candidates.max(by: { fit.widths[$0] < fit.widths[$1] }) else { break }
      fit.widths[widest] -= 1
    }
    for index in headers.indices {
      fit.headers[index] = fit.headers[index].map { truncated($0, to: fit.widths[index]) }
    }
    return fit
  }

  /// `name` cut after each `_` (`feels_`, `like_`, `max`).
  static func parts(_ name: String) -> [String] {
    var parts: [String] = []
    var part = ""
    for character in name {
      part.append(character)
      if character == "_" {
        parts.append(part)
        part = ""
      }
    }
    if !part.isEmpty { parts.append(part) }
    return parts.isEmpty ? [name] : parts
  }

  /// `parts` joined into lines of at most `width` columns (a longer part is a line of its own).
  static func broken(_ parts: [String], width: Int) -> [String] {
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, DisplayWidth.of(last + part) <= width {
        lines[lines.count - 1] = last + part
      } else {
        lines.append(part)
      }
    }
    return lines
  }

  /// `text` cut to `width` display columns, ending in `…` when cut.
  public static func truncated(_ text: String, to width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = DisplayWidth.of(character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }
}
