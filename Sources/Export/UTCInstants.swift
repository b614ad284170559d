import SkycastModel

/// `--utc`: a row writer that passes every instant on in UTC, `2024-03-30T00:00:00Z`, instead of
/// the city's local time with its offset. A multi-city export otherwise mixes offsets, which
/// pandas' `to_datetime` refuses without `utc=True`.
public final class UTCInstants: RowWriter {
  package let writer: any RowWriter
  private var instantColumns: [Bool] = []

  public init(_ writer: any RowWriter) {
    self.writer = writer
  }

  public func comment(_ text: String) throws { try writer.comment(text) }

  public func begin(columns: [Column]) throws {
    instantColumns = columns.map { $0.kind == .instant }
    try writer.begin(columns: columns)
  }

  public func write(_ cells: [Cell]) throws {
    var cells = cells
    for index in cells.indices {
      switch cells[index] {
      case .instant(let epoch, _):
        cells[index] = .text(WallClock.utc(epoch: epoch))
      case .integer(let epoch) where index < instantColumns.count && instantColumns[index]:
        cells[index] = .text(WallClock.utc(epoch: epoch))
      default:
        break
      }
    }
    try writer.write(cells)
  }

  public func finish() throws { try writer.finish() }
}

@available(*, unavailable)
extension UTCInstants: Sendable {}
