import Foundation
import SkycastModel

/// The check of one hourly record straight from its bytes, for records of the usual shape, so
/// that most rows of a large file cost no `String` per field.
///
/// It either returns exactly what `ImportPlan.check` returns for the record (a row, or `.empty`)
/// or nil, and then the record goes through `ImportPlan.check`, which finds and words every
/// problem. It gives up (nil) at anything unusual rather than repeating a rule: a problem of any
/// kind, a cell with spaces or tabs around it or a `'` in it, a `utc_offset` cell, a naive time
/// that is not one instant in the city's zone, a number with more than 15 significant digits, a
/// city that does not resolve or is not the `--city`, daily rows, and `sunrise`/`sunset`
/// columns. Times are parsed from their bytes once and reused while a column repeats them (a
/// forecast file repeats `issued_at` for every city and lead, the valid time for every lead);
/// cities are found by their cell's bytes in a small hash table; naive local times are resolved
/// once per city and hour.
package struct ImportByteCheck {
  /// A city cell's lookup, with what rows of the city need.
  private final class CityEntry {
    let city: City
    let zone: CityTimeZone?
    let zoneIdentifier: [UInt8]
    /// Naive wall times (as if UTC) and their instants in `zone`, 8 slots by hour.
    var walls = [Int64](repeating: .min, count: 8)
    var instants = [Int64](repeating: 0, count: 8)

    init(city: City) {
      self.city = city
      zone = city.timezone.flatMap(CityTimeZone.init(identifier:))
      zoneIdentifier = Array((zone?.identifier ?? "").utf8)
    }

    /// The one instant of a naive wall time, nil in a gap or an overlap (or without a zone).
    func instant(wall: Int64) -> Int64? {
      let slot = Int(truncatingIfNeeded: WallClock.floorDivide(wall, 3600).quotient) & 7
      if walls[slot] == wall { return instants[slot] }
      guard let zone, case .unique(let instant) = zone.resolve(wallSeconds: wall) else {
        return nil
      }
      walls[slot] = wall
      instants[slot] = instant
      return instant
    }
  }

  /// The last text of one time column and what it parses to.
  private struct TimeCache {
    var bytes: [UInt8] = []
    var parsed: (wallSeconds: Int64, offset: Int?)?

    mutating func parse(_ field: UnsafeBufferPointer<UInt8>) -> (wallSeconds: Int64, offset: Int?)?
    {
      if ImportByteCheck.equal(field, bytes) { return parsed }
      bytes.removeAll(keepingCapacity: true)
      bytes.append(contentsOf: field)
      parsed = WallClock.parseISO8601(field)
      return parsed
    }
  }

  private struct ValueColumn {
    var index: Int
    var variable: WeatherVariable
    var convert: (@Sendable (Double) -> Double)?
    var wholeOnly: Bool
  }

  private let layout: ImportLayout
  private let isSupported: Bool
  private let cityOption: City?
  private let cityOptionEntry: CityEntry?
  private let source: String
  private let sourceBytes: [UInt8]
  /// The source is the model of rows without a model cell, checked as a model name is.
  private let sourceIsValidModel: Bool
  private let resolveCity: (String) -> Result<City, ImportRowError>
  private let valueColumns: [ValueColumn]
  /// Open addressing over `entries` (-1: empty slot); entries are never removed.
  private var slots = [Int32](repeating: -1, count: 64)
  private var entries: [(hash: UInt64, bytes: [UInt8], entry: CityEntry?)] = []
  private var time = TimeCache()
  private var issued = TimeCache()
  private var modelBytes: [UInt8] = []
  private var model: String?
  /// Reused for every row's values (copied only when a row is kept, as a repeat's is).
  private var values: [Double?]

  /// More distinct city cells than this are looked up by the general check.
  private static let maximumCities = 4096

  package init(
    layout: ImportLayout, cityOption: City?, source: String,
    resolveCity: @escaping (String) -> Result<City, ImportRowError>
  ) {
    self.layout = layout
    self.cityOption = cityOption
    cityOptionEntry = cityOption.map(CityEntry.init(city:))
    self.source = source
    sourceBytes = Array(source.utf8)
    sourceIsValidModel = Importer.isValidName(source, allowDots: true)
    self.resolveCity = resolveCity
    valueColumns = layout.variables.map {
      ValueColumn(
        index: $0.index, variable: $0.variable, convert: $0.convert,
        wholeOnly: $0.variable.quantity == .weatherCode || $0.variable.quantity == .flag)
    }
    isSupported =
      layout.frequency == .hourly && !layout.variables.contains { $0.variable.quantity == .instant }
    values = [Double?](repeating: nil, count: layout.variables.count)
  }

  /// The record's row or `.empty`, exactly as `ImportPlan.check` gives it; nil when the record
  /// needs the general check.
  package mutating func check(_ record: CSVByteReader.Record) -> ImportPlan.Parsed? {
    guard isSupported, record.fieldCount == layout.columnCount else { return nil }
    func cell(_ index: Int?) -> UnsafeBufferPointer<UInt8>? {
      guard let index else { return UnsafeBufferPointer(start: nil, count: 0) }
      let field = record.field(index)
      return Self.isPlain(field) ? field : nil
    }

    // City.
    guard let cityCell = cell(layout.city) else { return nil }
    let entry: CityEntry
    if cityCell.isEmpty {
      guard let cityOptionEntry else { return nil }
      entry = cityOptionEntry
    } else {
      guard let found = cityEntry(cityCell) else { return nil }
      entry = found
    }
    let city = entry.city

    // The row's own source, zone and offset columns.
    guard let sourceCell = cell(layout.source),
      sourceCell.isEmpty || Self.equal(sourceCell, sourceBytes),
      let zoneCell = cell(layout.timezone),
      zoneCell.isEmpty || entry.zone == nil || Self.equal(zoneCell, entry.zoneIdentifier),
      let offsetCell = cell(layout.utcOffset), offsetCell.isEmpty
    else { return nil }

    // Time.
    guard let timeCell = cell(layout.time), !timeCell.isEmpty,
      let validAt = Self.instant(time.parse(timeCell), entry: entry),
      ImportTimes.isWholeHour(validAt, zone: entry.zone)
    else { return nil }

    // Forecast issue time and model.
    var issuedAt: Int64 = 0
    var model = ""
    if layout.kind == .forecasts {
      guard let issuedCell = cell(layout.issuedAt), !issuedCell.isEmpty,
        let instant = Self.instant(issued.parse(issuedCell), entry: entry),
        let modelCell = cell(layout.model), let name = modelName(modelCell)
      else { return nil }
      issuedAt = WallClock.floorToHour(instant)
      model = name
    }

    // Values.
    var any = false
    for (offset, column) in valueColumns.enumerated() {
      let field = record.field(column.index)
      if field.isEmpty {
        values[offset] = nil
        continue
      }
      guard Self.isPlain(field), let number = DecimalText.parse(bytes: field) else { return nil }
      let converted = column.convert?(number) ?? number
      guard !column.wholeOnly || converted == converted.rounded(),
        column.variable.isPlausible(converted)
      else { return nil }
      values[offset] = converted
      any = true
    }
    guard any else { return .empty }
    return .row(
      ImportRow(
        line: record.line, cityID: city.id, time: validAt, issuedAt: issuedAt, model: model,
        values: values),
      city)
  }

  /// The instant of a parsed time cell as `ImportTimes.instant` gives it without a row offset,
  /// or nil when that would be an error.
  @inline(__always)
  private static func instant(_ parsed: (wallSeconds: Int64, offset: Int?)?, entry: CityEntry)
    -> Int64?
  {
    guard let parsed else { return nil }
    let instant: Int64
    if let offset = parsed.offset {
      instant = parsed.wallSeconds - Int64(offset)
    } else {
      guard let resolved = entry.instant(wall: parsed.wallSeconds) else { return nil }
      instant = resolved
    }
    return PlausibleTime.instants.contains(instant) ? instant : nil
  }

  /// The model of a model cell (empty: the source), nil when it is not a valid name.
  private mutating func modelName(_ cell: UnsafeBufferPointer<UInt8>) -> String? {
    if cell.isEmpty { return sourceIsValidModel ? source : nil }
    if let model, Self.equal(cell, modelBytes) { return model }
    let name = String(decoding: cell, as: UTF8.self)
    guard Importer.isValidName(name, allowDots: true) else { return nil }
    modelBytes = Array(cell)
    model = name
    return name
  }

  /// The city of a city cell, nil when the general check must look at it.
  private mutating func cityEntry(_ cell: UnsafeBufferPointer<UInt8>) -> CityEntry? {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in cell { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] >= 0 {
      let index = Int(slots[slot])
      if entries[index].hash == hash, Self.equal(cell, entries[index].bytes) {
        return entries[index].entry
      }
      slot = (slot + 1) & mask
    }
    guard entries.count < Self.maximumCities else { return nil }
    var entry: CityEntry?
    if case .success(let city) = resolveCity(String(decoding: cell, as: UTF8.self)),
      cityOption == nil || cityOption?.id == city.id
    {
      entry = CityEntry(city: city)
    }
    slots[slot] = Int32(entries.count)
    entries.append((hash, Array(cell), entry))
    if entries.count * 2 > slots.count { rehash() }
    return entry
  }

  private mutating func rehash() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }

  /// True when the cell needs no trimming and no formula-guard removal.
  @inline(__always)
  private static func isPlain(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = field.first, let last = field.last else { return true }
    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return false }
    return !field.contains(UInt8(ascii: "'"))
  }

  @inline(__always)
  fileprivate static func equal(_ field: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8]) -> Bool {
    guard field.count == bytes.count else { return false }
    return bytes.withUnsafeBufferPointer {
      guard let left = $0.baseAddress, let right = field.baseAddress else { return true }
      return memcmp(left, right, field.count) == 0
    }
  }
}
