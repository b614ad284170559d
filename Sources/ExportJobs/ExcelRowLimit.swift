import Store

/// Excel's sheet size, and the warnings `--excel` prints before writing more rows than a sheet
/// holds.
public enum ExcelRowLimit {
  /// Data rows in one sheet: 1,048,576 rows, one of them the header.
  public static let dataRows = 1_048_575

  /// Warnings for an export of `total` rows, or of `parts` when it is split (nil when the parts
  /// could not be counted, in which case `total` bounds every part).
  ///
  /// - Parameters:
  ///   - split: the split in force, if any (the advice to split is given only without one).
  ///   - limit: the sheet's data rows (a parameter for tests).
  /// - Returns: one message per part (or one for the whole export) over the limit.
  public static func warnings(
    total: Int, parts: [ExportPart: Int]?, split: ExportSplit?, limit: Int = dataRows
  ) -> [String] {
    if let parts {
      return parts.keys.sorted().compactMap { part in
        let count = parts[part] ?? 0
        guard count > limit else { return nil }
        return
          "\(describe(part)) has \(count) data rows, more than Excel's \(limit); the sheet would be cut off"
      }
    }
    guard total > limit else { return [] }
    let advice = split == nil ? "; split the file with --split-by city or --split-by month" : ""
    return [
      "\(total) data rows are more than Excel's \(limit); the sheet would be cut off\(advice)"
    ]
  }

  package static func describe(_ part: ExportPart) -> String {
    switch part {
    case .city(let id): "city \(id)"
    case .month(let month): "month \(month)"
    }
  }
}
