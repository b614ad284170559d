import Export
import Foundation
import SkycastModel
import Store

extension Verifier {
  /// How ``sums(_:path:)`` computes a request's sums.
  public enum ScoresPath: String, Sendable, CaseIterable {
    /// One grouped SQL statement, ``VerifySQL/scores(_:)``: an observation primary-key search
    /// per forecast row, then SQLite's GROUP BY.
    case sql
    /// A merge join in Swift of the forecast stream with the observation stream
    /// (``VerifyStreams``), accumulating per group (and per group and valid day for `--ci`)
    /// as the rows go by.
    case mergeJoin = "merge-join"
  }

  /// The path that wins for `request`.
  ///
  /// Hourly variables take the merge join: reading the forecast table in its own order and
  /// walking each city's observations beside it replaces a B-tree search per forecast row, and
  /// the per-day sums of `--ci` come from the same pass instead of a second, wider GROUP BY.
  /// Daily variables stay in SQL: their table holds one row per forecast day (24 times fewer
  /// rows), so the searches the merge saves are few, and their dates are text keys the hourly
  /// merge does not walk. Climatology skill stays in SQL too: its reference is a grouped mean
  /// of the observations that the statement computes in a CTE.
  public static func path(for request: VerifyRequest) -> ScoresPath {
    request.variable.frequency == .hourly && request.skill != .climatology ? .mergeJoin : .sql
  }

  /// The sums by the merge join; see ``ScoresPath/mergeJoin``.
  package func mergeJoinSums(_ request: VerifyRequest) throws -> VerifyGroupedSums {
    let observations = try observationSeries(request)
    let labels = try cityLabels()
    let keys = request.keys
    let fields = VerifySums.fields(request)
    let width = fields.count
    let nIndex = fields.firstIndex(of: .n) ?? 2
    let dayCount = observations.dates.count
    let byDay = request.groupsByDay
    let scorer = PairScorer(request: request)
    let wants = Set(keys)
    let (byLead, byLeadDay, byCity) =
      (wants.contains(.lead), wants.contains(.leadDay), wants.contains(.city))
    let (bySource, byModel) = (wants.contains(.source), wants.contains(.model))
    let (byMonth, byHour) = (wants.contains(.month), wants.contains(.validHour))
    let bySeason = wants.contains(.season)
    let latitudes =
      bySeason
      ? Dictionary(uniqueKeysWithValues: try store.cities().map { ($0.id, $0.latitude) }) : [:]
    let (vector, brier) = (request.vectorWind, request.computesBrier)
    let persistence = request.skill == .persistence
    typealias Column = VerifyStreams.ForecastColumn

    var sources = TextInterner()
    var models = TextInterner()
    var months = TextInterner()
    // Groups are found in two steps: the keys other than the lead ("segment", which changes
    // rarely in table order) by a dictionary, then the lead through the segment's slots.
    var segmentOf: [MergeGroupKey: Int] = [:]
    var segments: [GroupSlots] = []
    var lastSegmentKey: MergeGroupKey?
    var segment = 0
    var groupKeys: [MergeGroupKey] = []
    var totals: [VerifySums] = []
    var firstDay: [Int32] = []
    var lastDay: [Int32] = []
    // With --ci, each group's pairs are summed per valid day: the day being filled is kept
    // whole (consecutive pairs of a group mostly share a day) and folded into the group's
    // day vectors (the fields the request fills) when the group moves to another day.
    var days: [[Double]] = []
    var openDay: [Int32] = []
    var openSums: [VerifySums] = []
    func closeDay(_ group: Int) {
      let day = Int(openDay[group])
      guard day >= 0 else { return }
      let sums = openSums[group]
      days[group].withUnsafeMutableBufferPointer { buffer in
        for (index, field) in fields.enumerated() { buffer[day * width + index] += sums[field] }
      }
      openSums[group] = VerifySums()
      openDay[group] = -1
    }
    // A series id changes only between runs of the table's order: its interned source and
    // model are looked up once per change, not from the text of every row.
    var lastSeries: Int64 = -1
    var (sourceID, modelID): (Int32, Int32) = (-1, -1)
    var seriesNames: [Int64: (source: Int32, model: Int32)] = [:]
    if bySource || byModel {
      try store.withRows(VerifyStreams.seriesNames) { rows in
        while try rows.next() {
          seriesNames[rows.int64OrZero(0)] = (
            rows.withTextBytes(1) { sources.id($0) } ?? -1,
            rows.withTextBytes(2) { models.id($0) } ?? -1
          )
        }
      }
    }
    var cursor = 0
    var issueCursor = 0

    try store.withRows(of: VerifyStreams.forecasts(request)) { rows in
      // The rows come city by city: each city's observations are bound once, as a constant
      // (a variable captured by this closure was copied, its four arrays retained, per row).
      var more = try rows.next()
      while more {
        let city = rows.int64OrZero(Column.cityID)
        let hasSeries = observations.cities[city] != nil
        let series = observations.cities[city] ?? ObservationSeries()
        cursor = 0
        issueCursor = 0
        repeat {
          let lead = rows.int64OrZero(Column.leadHours)
          var key = MergeGroupKey()
          if byCity { key.city = city }
          if bySource || byModel {
            let seriesID = rows.int64OrZero(Column.seriesID)
            if seriesID != lastSeries {
              lastSeries = seriesID
              (sourceID, modelID) = seriesNames[seriesID] ?? (-1, -1)
            }
            if bySource { key.source = sourceID }
            if byModel { key.model = modelID }
          }
          if byMonth {
            key.month =
              rows.withTextBytes(Column.validDate) {
                months.id(UnsafeBufferPointer(rebasing: $0.prefix(7)))
              } ?? -1
          }
          if byHour { key.hour = rows.int64(Column.validHour) ?? 0 }
          if bySeason {
            // The month digits of YYYY-MM-DD, and the city's hemisphere.
            let month =
              rows.withTextBytes(Column.validDate) { bytes in
                bytes.count >= 7 ? Int(bytes[5] &- 48) * 10 + Int(bytes[6] &- 48) : 0
              } ?? 0
            key.season = Int32(
              VerifyKey.seasonIndex(month: month, latitude: latitudes[city] ?? 0))
          }
          if key != lastSegmentKey {
            if let known = segmentOf[key] {
              segment = known
            } else {
              segment = segments.count
              segmentOf[key] = segment
              segments.append(GroupSlots())
            }
            lastSegmentKey = key
          }
          let leadDay = LeadTime.day(hours: lead)
          let slot = byLead ? lead : byLeadDay ? leadDay : 0
          var group = segments[segment].group(slot)
          if group < 0 {
            group = groupKeys.count
            segments[segment].set(slot, group: group)
            if byLead { key.lead = lead }
            if byLeadDay { key.leadDay = leadDay }
            groupKeys.append(key)
            totals.append(VerifySums())
            firstDay.append(.max)
            lastDay.append(.min)
            if byDay {
              days.append([Double](repeating: 0, count: dayCount * width))
              openDay.append(-1)
              openSums.append(VerifySums())
            }
          }

          let forecast = rows.double(Column.value) ?? .nan
          var row: Int?
          if hasSeries {
            row = series.position(of: rows.int64OrZero(Column.validAt), cursor: &cursor)
          }
          if let row {
            var reference = Double.nan
            if persistence, let issued = rows.int64(Column.issuedAt),
              let at = series.position(of: issued, cursor: &issueCursor)
            {
              reference = series.value[at]
            }
            let terms = scorer.terms(
              forecast: forecast, observed: series.value[row],
              forecastDirection: vector ? rows.double(Column.direction) ?? .nan : .nan,
              observedDirection: vector ? series.direction[row] : .nan,
              probability: brier ? rows.double(Column.probability) ?? .nan : .nan,
              reference: reference)
            totals[group].addEvery(terms)
            let day = series.day[row]
            if terms.n > 0 {
              if day < firstDay[group] { firstDay[group] = day }
              if day > lastDay[group] { lastDay[group] = day }
            }
            if byDay {
              if openDay[group] != day {
                closeDay(group)
                openDay[group] = day
              }
              openSums[group].addEvery(terms)
            }
          } else {
            totals[group].forecasts += 1
          }
          more = try rows.next()
        } while more && rows.int64OrZero(Column.cityID) == city
      }
    }
    if byDay { for group in groupKeys.indices { closeDay(group) } }

    var order: [[VerifyKeyValue]] = []
    var groups: [[VerifyKeyValue]: GroupSums] = [:]
    for (index, key) in groupKeys.enumerated() {
      let values = keys.map { name -> VerifyKeyValue in
        switch name {
        case .lead: .integer(key.lead)
        case .leadDay: .integer(key.leadDay)
        case .city: .text(labels[key.city] ?? String(key.city))
        case .source: .text(sources.name(key.source))
        case .model: .text(models.name(key.model))
        case .month: .text(months.name(key.month))
        case .validHour: .integer(key.hour)
        case .season: .text(VerifyKey.seasonNames[Int(key.season)])
        case .obsRange: .integer(0)  // requests with it take the pair path
        }
      }
      var group = GroupSums()
      if byDay {
        let vectors = days[index]
        for day in 0..<dayCount where vectors[day * width + nIndex] > 0 {
          let slice = vectors[(day * width)..<((day + 1) * width)]
          group.addDay(
            VerifySums(vector: slice, fields: fields), date: observations.dates[day],
            fields: fields)
        }
      } else if request.measuresPeriod, firstDay[index] <= lastDay[index] {
        group.firstDate = observations.dates[Int(firstDay[index])]
        group.lastDate = observations.dates[Int(lastDay[index])]
      }
      group.total = totals[index]
      order.append(values)
      groups[values] = group
    }
    return VerifyGroupedSums(request: request, order: order, groups: groups)
  }

  /// Every city's observations of the request's source, read once in (city, valid time)
  /// order, with their local dates numbered in date order.
  package func observationSeries(_ request: VerifyRequest) throws -> (
    cities: [Int64: ObservationSeries], dates: [String]
  ) {
    typealias Column = VerifyStreams.ObservationColumn
    var cities: [Int64: ObservationSeries] = [:]
    var dateNumbers: [String: Int32] = [:]
    var current = ObservationSeries()
    var currentCity: Int64?
    var lastDate = ""
    var lastNumber: Int32 = 0
    try store.withRows(of: VerifyStreams.observations(request)) { rows in
      while try rows.next() {
        let city = rows.int64OrZero(Column.cityID)
        if city != currentCity {
          if let currentCity { cities[currentCity] = current }
          currentCity = city
          current = ObservationSeries()
        }
        current.validAt.append(rows.int64OrZero(Column.validAt))
        current.value.append(rows.double(Column.value) ?? .nan)
        if request.vectorWind { current.direction.append(rows.double(Column.direction) ?? .nan) }
        let date = rows.text(Column.validDate) ?? ""
        if date != lastDate {
          lastDate = date
          if let known = dateNumbers[date] {
            lastNumber = known
          } else {
            lastNumber = Int32(dateNumbers.count)
            dateNumbers[date] = lastNumber
          }
        }
        current.day.append(lastNumber)
      }
    }
    if let currentCity { cities[currentCity] = current }

    // Renumber the days in date order (ISO dates sort as text), so a group's days come out in
    // the order the SQL path returns them.
    let dates = dateNumbers.keys.sorted()
    var renumbered = [Int32](repeating: 0, count: dates.count)
    for (rank, date) in dates.enumerated() { renumbered[Int(dateNumbers[date]!)] = Int32(rank) }
    for city in cities.keys {
      cities[city]!.day = cities[city]!.day.map { renumbered[Int($0)] }
    }
    return (cities, dates)
  }
}
