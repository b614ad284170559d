import SkycastModel
import Store

/// Fills a row of cells from the current row of an export statement, following an
/// `ExportPlan`'s readers. Keeps the per-city state (name cell, zone cell, offset caches) and the
/// repeated-text caches between rows.
package final class ExportRowReader {
  /// What the reader keeps for one city.
  package final class CityState {
    package let name: Cell
    package let timezone: Cell
    package let zone: CityTimeZone
    package var offsets: [ZoneOffsetCache]

    package init(city: City?, slots: Int) {
      name = city.map { .text($0.name) } ?? .null
      timezone = city?.timezone.map { .text($0) } ?? .null
      zone = city?.zone ?? .utc
      offsets = Array(repeating: ZoneOffsetCache(zone: zone), count: slots)
    }
  }

  /// The last text of a repeated-text column and its cell.
  package struct TextSlot {
    package var bytes: [UInt8] = []
    package var cell: Cell = .null
    package var isNull = true
    /// For a local date: the day number `cell` shows.
    package var day: Int64 = .min
  }

  package let readers: [CellReader]
  /// The output column names, for errors about a stored value.
  package let names: [String]
  package let cityColumn: Int32
  package let slots: Int
  package let cities: [Int64: City]
  private var states: [Int64: CityState] = [:]
  private var state: CityState
  private var textSlots: [TextSlot]
  /// The city id of the current row (0 when NULL).
  private(set) var currentCityID: Int64 = .min

  package init(plan: ExportPlan, cities: [Int64: City]) {
    readers = plan.readers
    names = plan.columns.map(\.name)
    cityColumn = plan.cityColumn
    slots = plan.offsetSlots
    self.cities = cities
    state = CityState(city: nil, slots: plan.offsetSlots)
    textSlots = Array(repeating: TextSlot(), count: plan.textSlots)
  }

  /// Reads the current row into `cells` (which has one cell per reader).
  ///
  /// - Throws: `StoredTimeError` for an instant outside the years 0001–9999.
  func read(_ statement: borrowing RowCursor, into cells: inout [Cell]) throws {
    let cityID = statement.int64(cityColumn) ?? 0
    if cityID != currentCityID { switchCity(cityID) }
    let state = state
    for index in readers.indices {
      switch readers[index] {
      case .cityName:
        cells[index] = state.name
      case .timezone:
        cells[index] = state.timezone
      case .text(let column):
        cells[index] = statement.text(column).map(Cell.text) ?? .null
      case .repeatedText(let column, let slot):
        cells[index] = repeatedText(statement, column: column, slot: slot)
      case .integer(let column):
        cells[index] = statement.int64(column).map(Cell.integer) ?? .null
      case .real(let column):
        cells[index] = statement.double(column).map(Cell.number) ?? .null
      case .instant(let column, let slot):
        if let epoch = try StoredTime.check(statement.int64(column), column: names[index]) {
          cells[index] = .instant(epoch: epoch, offset: state.offsets[slot].offset(at: epoch))
        } else {
          cells[index] = .null
        }
      case .offsetHours(let column, let slot):
        if let epoch = try StoredTime.check(statement.int64(column), column: names[index]) {
          cells[index] = .number(Double(state.offsets[slot].offset(at: epoch)) / 3600)
        } else {
          cells[index] = .null
        }
      case .localDate(let column, let slot):
        if let hour = statement.int64(column) {
          let day = WallClock.floorDivide(hour, 24).quotient
          if textSlots[slot].day != day {
            textSlots[slot].day = day
            textSlots[slot].cell = .text(LocalDate(dayNumber: day).description)
          }
          cells[index] = textSlots[slot].cell
        } else {
          cells[index] = .null
        }
      case .hourOfDay(let column):
        cells[index] =
          statement.int64(column).map { .integer(WallClock.floorDivide($0, 24).remainder) }
          ?? .null
      case .offsetHoursAtDate(let column, let slot):
        if let text = statement.text(column), let date = LocalDate(text) {
          let noon = date.midnightAsUTC + 43_200
          let guess = Int64(state.offsets[slot].offset(at: noon))
          cells[index] = .number(Double(state.offsets[slot].offset(at: noon - guess)) / 3600)
        } else {
          cells[index] = .null
        }
      }
    }
  }

  /// The local `YYYY-MM` of an instant for the current city.
  package func localMonth(epoch: Int64, slot: Int) throws -> String {
    _ = try StoredTime.check(epoch, column: "the month's time")
    let offset = state.offsets[slot].offset(at: epoch)
    let (day, _) = WallClock.floorDivide(WallClock.adding(epoch, Int64(offset)), 86_400)
    return LocalDate(dayNumber: day).monthText
  }

  private func switchCity(_ cityID: Int64) {
    currentCityID = cityID
    if let known = states[cityID] {
      state = known
      return
    }
    let fresh = CityState(city: cities[cityID], slots: slots)
    states[cityID] = fresh
    state = fresh
  }

  @inline(__always)
  private func repeatedText(_ statement: borrowing RowCursor, column: Int32, slot: Int) -> Cell {
    let same: Bool? = statement.withTextBytes(column) { bytes in
      !textSlots[slot].isNull && textSlots[slot].bytes.elementsEqual(bytes)
    }
    switch same {
    case nil:
      textSlots[slot].isNull = true
      textSlots[slot].bytes = []
      return .null
    case true?:
      return textSlots[slot].cell
    case false?:
      let text = statement.text(column) ?? ""
      textSlots[slot].bytes = Array(text.utf8)
      textSlots[slot].cell = .text(text)
      textSlots[slot].isNull = false
      return textSlots[slot].cell
    }
  }
}

@available(*, unavailable)
extension ExportRowReader: Sendable {}
