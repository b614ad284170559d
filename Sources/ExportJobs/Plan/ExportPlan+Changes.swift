import SkycastModel
import Store

/// What an appending dataset export rewrites: the rows of fetches after the last run, and whole
/// partitions where rows that are updated in place (imports, backfills) changed.
extension ExportPlan {
  /// A partition key of a dataset export.
  package enum PartitionKey: Sendable, Equatable {
    case city
    case source
    /// The month of the named column (a date or local date text), when the table has one.
    case month(column: String?)
  }

  /// One key value of a partition that changed.
  package enum PartitionValue: Sendable, Equatable {
    case city(Int64)
    case source(String)
    case month(String)
  }

  /// The plan narrowed to rows of fetches after `mark` plus every row of the partitions in which
  /// rows of other sources than `forecast` changed since then, and those partitions (their key
  /// values in the order of `partitionKeys`, keys the table lacks left out; one empty list when
  /// the export is not partitioned and anything changed).
  package func narrowedToChanges(
    in store: Store, table: ExportTable, partitionKeys: [PartitionKey], sinceFetch mark: Int64
  ) throws -> (plan: ExportPlan, changed: [[PartitionValue]]) {
    let plan = self
    let fetchColumn = table == .fetches ? "id" : "fetch_id"
    var condition = "\(fetchColumn) > ?"
    var bindings: [StoreValue] = [.integer(mark)]
    var changedPartitions: [[PartitionValue]] = []
    if table != .fetches, let fetch = plan.sqlIndex(of: fetchColumn) {
      var keys: [(PartitionKey, String, Int32)] = []
      for key in partitionKeys {
        switch key {
        case .city: keys.append((key, "city_id", plan.cityColumn))
        case .source:
          guard let index = plan.sqlIndex(of: "source") else { continue }
          keys.append((key, "source", index))
        case .month(let name):
          guard let name, let index = plan.sqlIndex(of: name) else { continue }
          keys.append((key, "substr(\(name), 1, 7)", index))
        }
      }
      let selected = keys.map { key -> String in
        guard case .month = key.0 else { return "c\(key.2)" }
        // A local hour number (hourly forecasts) or a date text.
        if case .localHour? = plan.month {
          return "substr(date(c\(key.2) * 3600, 'unixepoch'), 1, 7)"
        }
        return "substr(c\(key.2), 1, 7)"
      }
      var changedSQL =
        "SELECT DISTINCT \(selected.isEmpty ? "1" : selected.joined(separator: ", ")) FROM (\(plan.select)) WHERE c\(fetch) > ?"
      var changedBindings = plan.bindings + [.integer(mark)]
      if table.isForecast, let source = plan.sqlIndex(of: "source") {
        changedSQL += " AND c\(source) <> ?"
        changedBindings.append(.text(FetchSource.forecast.rawValue))
      }
      let changed = try store.withRows(changedSQL, arguments: changedBindings) { row in
        var rows: [[StoreValue]] = []
        while try row.next() { rows.append((0..<row.columnCount).map { row.value(at: $0) }) }
        return rows
      }
      if !changed.isEmpty {
        if keys.isEmpty {
          condition = "1"
          changedPartitions = [[]]
        } else {
          let tuple = "(" + keys.map(\.1).joined(separator: ", ") + ")"
          let values = changed.map { _ in
            "(" + keys.map { _ in "?" }.joined(separator: ", ") + ")"
          }
          condition += " OR \(tuple) IN (VALUES \(values.joined(separator: ", ")))"
          for row in changed {
            var partition: [PartitionValue] = []
            for (offset, key) in keys.enumerated() {
              let value = row[offset]
              bindings.append(value)
              switch key.0 {
              case .city: partition.append(.city(value.int64Value ?? 0))
              case .source: partition.append(.source(value.stringValue ?? ""))
              case .month: partition.append(.month(value.stringValue ?? ""))
              }
            }
            changedPartitions.append(partition)
          }
        }
      }
    }
    return (plan.narrowed(by: condition, bindings: bindings), changedPartitions)
  }

  /// The `c<index>` result column an output column is read from.
  package func sqlIndex(of name: String) -> Int32? {
    guard let position = columns.firstIndex(where: { $0.name == name }) else { return nil }
    switch readers[position] {
    case .text(let index), .repeatedText(let index, _), .integer(let index), .real(let index),
      .instant(let index, _), .localDate(let index, _), .hourOfDay(let index):
      return index
    default:
      return nil
    }
  }

  /// The plan with one more `WHERE` condition.
  func narrowed(by condition: String, bindings extra: [StoreValue]) -> ExportPlan {
    let joiner = select.contains(" WHERE ") ? " AND " : " WHERE "
    return ExportPlan(
      columns: columns, readers: readers, select: select + joiner + "(\(condition))",
      order: order, bindings: bindings + extra, cityColumn: cityColumn, month: month,
      offsetSlots: offsetSlots, textSlots: textSlots)
  }
}
