import SkycastModel

/// A row writer that passes on only the named columns, in the order named (`--columns`). A
/// name also keeps its interval columns (`rmse` keeps `rmse_lo` and `rmse_hi` when the table
/// has them), so a score and its interval are chosen together, and key columns
/// (``Column/isKey``) not named come first, so every row still says which group it is.
public final class ColumnFilter: RowWriter {
  private let base: any RowWriter
  private let names: [String]
  private let unknown: (_ name: String, _ available: [String]) -> any Error
  private var picked: [Int] = []

  /// - Parameters:
  ///   - base: the writer the chosen columns go to.
  ///   - names: the columns to keep, in output order.
  ///   - unknown: the error for a name the table does not have (with the names it has).
  public init(
    base: any RowWriter, names: [String],
    unknown: @escaping (_ name: String, _ available: [String]) -> any Error
  ) {
    self.base = base
    self.names = names
    self.unknown = unknown
  }

  public func comment(_ text: String) throws { try base.comment(text) }

  public func begin(columns: [Column]) throws {
    let available = columns.map(\.name)
    picked = []
    for name in names {
      guard available.contains(name) else { throw unknown(name, available) }
      for wanted in [name, name + "_lo", name + "_hi"] {
        if let found = available.firstIndex(of: wanted), !picked.contains(found) {
          picked.append(found)
        }
      }
    }
    let keys = columns.indices.filter { columns[$0].isKey && !picked.contains($0) }
    picked = keys + picked
    try base.begin(columns: picked.map { columns[$0] })
  }

  public func write(_ cells: [Cell]) throws {
    try base.write(picked.map { cells[$0] })
  }

  public func finish() throws { try base.finish() }
}
