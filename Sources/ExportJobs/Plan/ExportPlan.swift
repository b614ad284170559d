import SkycastModel
import Store

/// The query and column layout of one export: which SQL runs, with which bound values, and how
/// each output column is read from the statement (`HistoryExport` streams it).
///
/// Column names follow the schema (`city_id`, `valid_at`, `temperature_2m`, …) with the city's
/// name first as `city` (as the `*_named` views do). Measured variables are rounded to their
/// precision and carry their unit (`--excel` headers show it); weather codes and flags are
/// integers; instants print in the city's local time with the offset in force at that instant.
public struct ExportPlan: Sendable {
  /// The output columns.
  public let columns: [Column]
  /// How each output column is filled.
  package let readers: [CellReader]
  /// `SELECT … FROM … WHERE …`, without ordering.
  package let select: String
  /// The `ORDER BY` terms (chosen to follow an index or the primary key, so SQLite streams).
  package let order: String
  /// Values for the `?` in `select`.
  let bindings: [StoreValue]
  /// The result column holding the city id (city lookups and `--split-by city`).
  package let cityColumn: Int32
  /// Where a row's local month comes from (`--split-by month`), nil when it cannot be split so.
  package let month: MonthSource?
  /// The number of offset caches per city (one per instant column).
  package let offsetSlots: Int
  /// The number of repeated-text caches.
  package let textSlots: Int

  /// The full query.
  public var sql: String { select + " ORDER BY " + order }

  /// A row count of the query, or per part with `split`.
  package func countSQL(split: ExportSplit?) -> String? {
    switch split {
    case nil: return "SELECT count(*) FROM (\(select))"
    case .city?: return "SELECT c\(cityColumn), count(*) FROM (\(select)) GROUP BY 1"
    case .month?:
      switch month {
      case .dateText(let column)?:
        return "SELECT substr(c\(column), 1, 7), count(*) FROM (\(select)) GROUP BY 1"
      case .localHour(let column)?:
        return
          "SELECT substr(date(c\(column) * 3600, 'unixepoch'), 1, 7), count(*) FROM (\(select)) GROUP BY 1"
      default:
        return nil
      }
    }
  }
}

// MARK: - Building

extension ExportPlan {
  /// One output field while a plan is built.
  package struct Field {
    package var column: Column
    /// The SQL expression, nil for fields computed from the city (name, zone, offsets).
    package var sql: String?
    package var read: Read
    package enum Read {
      case cityName, timezone, text, repeatedText, integer, real, instant
      /// The date or hour of day of a local hour number (`sql`).
      case localDate, hourOfDay
      /// The offset at the instant of the field with this SQL name.
      case offsetAt(String)
      /// The offset at local noon of the date of the field with this SQL name.
      case offsetAtDate(String)
    }
  }

  /// Builds a plan from fields, the source table, filters and ordering. Every SQL field is
  /// selected as `c<index>` so the count queries can refer to them.
  init(
    fields: [Field], from table: String, conditions: [String], bindings: [StoreValue],
    order: [String], cityColumn: String, monthColumn: (name: String, isDate: Bool)?
  ) {
    var sqlIndex: [String: Int32] = [:]
    var selectList: [String] = []
    for field in fields {
      guard let sql = field.sql, sqlIndex[sql] == nil else { continue }
      sqlIndex[sql] = Int32(selectList.count)
      selectList.append("\(sql) AS c\(selectList.count)")
    }
    if sqlIndex[cityColumn] == nil {
      sqlIndex[cityColumn] = Int32(selectList.count)
      selectList.append("\(cityColumn) AS c\(selectList.count)")
    }
    var instantSlots: [String: Int] = [:]
    func slot(_ name: String) -> Int {
      if let slot = instantSlots[name] { return slot }
      instantSlots[name] = instantSlots.count
      return instantSlots.count - 1
    }
    var textSlotCount = 0
    var readers: [CellReader] = []
    for field in fields {
      let index = field.sql.flatMap { sqlIndex[$0] } ?? -1
      switch field.read {
      case .cityName: readers.append(.cityName)
      case .timezone: readers.append(.timezone)
      case .text: readers.append(.text(index))
      case .repeatedText:
        readers.append(.repeatedText(index, slot: textSlotCount))
        textSlotCount += 1
      case .integer: readers.append(.integer(index))
      case .real: readers.append(.real(index))
      case .instant: readers.append(.instant(index, slot: slot(field.sql ?? "")))
      case .localDate:
        readers.append(.localDate(index, slot: textSlotCount))
        textSlotCount += 1
      case .hourOfDay: readers.append(.hourOfDay(index))
      case .offsetAt(let name):
        readers.append(.offsetHours(sqlIndex[name] ?? -1, slot: slot(name)))
      case .offsetAtDate(let name):
        readers.append(.offsetHoursAtDate(sqlIndex[name] ?? -1, slot: slot("noon:" + name)))
      }
    }
    var month: MonthSource?
    if let monthColumn, let index = sqlIndex[monthColumn.name] {
      month = monthColumn.isDate ? .dateText(index) : .instant(index, slot: slot(monthColumn.name))
    } else if let monthColumn,
      let field = fields.first(where: { $0.column.name == monthColumn.name }),
      case .localDate = field.read, let sql = field.sql, let index = sqlIndex[sql]
    {
      month = .localHour(index)
    }
    var select = "SELECT " + selectList.joined(separator: ", ") + " FROM " + table
    if !conditions.isEmpty { select += " WHERE " + conditions.joined(separator: " AND ") }
    self.init(
      columns: fields.map(\.column), readers: readers, select: select,
      order: order.joined(separator: ", "), bindings: bindings,
      cityColumn: sqlIndex[cityColumn] ?? 0, month: month, offsetSlots: instantSlots.count,
      textSlots: textSlotCount)
  }
}
