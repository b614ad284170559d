import Analysis
import Collect
import Foundation
import SQLiteKit
import SkycastModel

/// One group of `verify --ensemble`.
public struct EnsembleScoreRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  /// Forecast–observation cases.
  public var n: Int
  /// Mean number of present members per case.
  public var members: Double
  /// Mean ensemble CRPS (fair when asked).
  public var crps: Double?
  /// Ensemble-mean bias, MAE and RMSE.
  public var bias: Double?
  public var mae: Double?
  public var rmse: Double?
  /// √(mean ensemble variance).
  public var spread: Double?
  /// √((m+1)/m) · spread / rmse.
  public var spreadSkill: Double?
  /// 1 − CRPS / CRPS_ref over the cases with a reference.
  public var crpss: Double?
  /// Cases with a reference value.
  public var referenceCases: Int
}

/// One group's rank histogram: `counts[r]` cases had the observation at rank r (0…members).
public struct RankHistogramRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  public var members: Int
  public var counts: [Int]
  /// Cases left out because they had another number of present members.
  public var skipped: Int

  /// Relative frequency of each rank.
  public var frequencies: [Double] {
    let total = counts.reduce(0, +)
    return counts.map { total > 0 ? Double($0) / Double(total) : 0 }
  }
}

/// The result of `verify --ensemble`.
public struct EnsembleReport: Sendable {
  public var request: EnsembleVerifyRequest
  public var rows: [EnsembleScoreRow]
  public var histograms: [RankHistogramRow]
  /// With an event: the Brier decomposition per group of the member probabilities.
  public var reliability: [ReliabilityRow]
  /// Cases scored over all groups.
  public var cases: Int

  /// The reliability rows as the deterministic reliability report, for its table and figure.
  public var reliabilityReport: ReliabilityReport {
    ReliabilityReport(request: request.asVerifyRequest, rows: reliability)
  }
}

/// Running sums of one group.
package struct EnsembleSums {
  package var n = 0
  package var members = 0
  package var crps = 0.0
  package var error = 0.0
  package var absolute = 0.0
  package var squared = 0.0
  package var variance = 0.0
  package var varianceCases = 0
  package var referenceCases = 0
  package var crpsWithReference = 0.0
  package var reference = 0.0
  package var ranks: [Int: [Int]] = [:]
  package var bins = BrierDecomposition.emptyBins()
  package var brierSum = 0.0
  package var roc: [Double: (events: Int, nonEvents: Int)] = [:]
}

extension Verifier {
  /// Scores every stored ensemble value that has an observation, in one pass over
  /// `ensemble_forecasts` joined to the observations in primary-key order.
  public func ensemble(_ request: EnsembleVerifyRequest) throws -> EnsembleReport {
    let column = request.variable.column
    var conditions = ["e.variable = ?", "o.\(column) IS NOT NULL"]
    var bindings: [SQLiteValue] = [.text(request.observationSource), .text(column)]
    if !request.includePast { conditions.append("e.lead_hours >= 0") }
    if !request.models.isEmpty {
      conditions.append("e.model IN (\(request.models.map { _ in "?" }.joined(separator: ", ")))")
      bindings += request.models.map { .text($0) }
    }
    if !request.cityIDs.isEmpty {
      conditions.append(
        "e.city_id IN (\(request.cityIDs.map { _ in "?" }.joined(separator: ", ")))")
      bindings += request.cityIDs.map { .integer($0) }
    }
    if let period = request.period {
      conditions.append("o.valid_date BETWEEN ? AND ?")
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    var referenceColumn = "NULL"
    if case .deterministic(let model)? = request.reference {
      referenceColumn = """
        (SELECT d.\(column) FROM hourly_forecasts d WHERE d.city_id = e.city_id
          AND d.source = 'forecast' AND d.model = ? AND d.valid_at = e.valid_at
          AND d.issued_at = e.issued_at ORDER BY d.fetch_id DESC LIMIT 1)
        """
      bindings.insert(.text(model), at: 0)
    }
    let sql = """
      SELECT e.city_id, e.model, e.lead_hours, o.valid_date, o.valid_hour, e.members,
        o.\(column), \(referenceColumn)
      FROM ensemble_forecasts e
      JOIN hourly_observations o
        ON o.city_id = e.city_id AND o.source = ? AND o.valid_at = e.valid_at
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY e.city_id, e.model, e.variable, e.valid_at, e.issued_at, e.fetch_id
      """
    let climatology = request.reference == .climatology ? try climatology(request) : [:]
    let statement = try store.database.prepare(sql)
    try statement.bind(bindings)
    let labels = try cityLabels()
    // Groups live in an array indexed through the key dictionary, so a case updates its sums in
    // place (a dictionary value copied out and back would copy its arrays on every row).
    var index: [[VerifyKeyValue]: Int] = [:]
    var sums: [EnsembleSums] = []
    var generator = SplitMix64(seed: request.seed)
    var members: [Double] = []
    members.reserveCapacity(64)
    var cases = 0
    while try statement.step() {
      members.removeAll(keepingCapacity: true)
      _ = statement.withBlobBytes(5) { bytes in
        var index = 0
        while index + 4 <= bytes.count {
          let bits = bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)
          let value = Float(bitPattern: UInt32(littleEndian: bits))
          if !value.isNaN { members.append(Double(value)) }
          index += 4
        }
      }
      guard !members.isEmpty, let observation = statement.double(6) else { continue }
      let cityID = statement.int64(0) ?? 0
      let lead = statement.int64(2) ?? 0
      var keys: [VerifyKeyValue] = []
      keys.reserveCapacity(request.groupBy.count)
      for key in request.groupBy {
        switch key {
        case .lead: keys.append(.integer(lead))
        case .leadDay: keys.append(.integer(LeadTime.day(hours: lead)))
        case .city: keys.append(.text(labels[cityID] ?? String(cityID)))
        case .model: keys.append(.text(statement.text(1) ?? ""))
        case .month: keys.append(.text(String((statement.text(3) ?? "").prefix(7))))
        case .validHour: keys.append(.integer(statement.int64(4) ?? 0))
        case .source: keys.append(.text(EnsembleRequestOptions.source))
        }
      }
      members.sort()
      let crps = Self.sortedCRPS(members, observation: observation, fair: request.fair)
      let mean = members.reduce(0, +) / Double(members.count)
      let group: Int
      if let known = index[keys] {
        group = known
      } else {
        group = sums.count
        index[keys] = group
        sums.append(EnsembleSums())
      }
      cases += 1
      sums[group].n += 1
      sums[group].members += members.count
      if let crps { sums[group].crps += crps }
      let error = mean - observation
      sums[group].error += error
      sums[group].absolute += abs(error)
      sums[group].squared += error * error
      if members.count >= 2 {
        var sum = 0.0
        for member in members { sum += (member - mean) * (member - mean) }
        sums[group].variance += sum / Double(members.count - 1)
        sums[group].varianceCases += 1
      }
      var referenceCRPS: Double?
      switch request.reference {
      case .deterministic?:
        referenceCRPS = statement.double(7).map { abs($0 - observation) }
      case .climatology?:
        let date = statement.text(3) ?? ""
        let key = ClimatologyKey(
          cityID: cityID, month: String(date.dropFirst(5).prefix(2)),
          hour: statement.int64(4) ?? 0)
        if let normal = climatology[key] {
          referenceCRPS = Self.gaussianCRPS(
            mean: normal.mean, deviation: normal.deviation, observation: observation)
        }
      case nil: break
      }
      if let referenceCRPS, let crps {
        sums[group].referenceCases += 1
        sums[group].crpsWithReference += crps
        sums[group].reference += referenceCRPS
      }
      // Rank among sorted members; ties drawn with the seeded generator (one draw per case, so
      // the sequence does not depend on where ties occur).
      let draw = generator.nextUniform()
      if let rank = EnsembleScores.rank(members, observation: observation, uniform: draw) {
        let size = members.count
        sums[group].ranks[size, default: [Int](repeating: 0, count: size + 1)][rank] += 1
      }
      if let event = request.event {
        let hits = members.filter { event.op.test($0, threshold: event.threshold) }.count
        let p = Double(hits) / Double(members.count)
        let observed = event.op.test(observation, threshold: event.threshold)
        let bin = BrierDecomposition.bin(percent: Double(hits) * 100 / Double(members.count))
        sums[group].bins[bin].n += 1
        sums[group].bins[bin].sumProbability += p
        if observed { sums[group].bins[bin].events += 1 }
        sums[group].brierSum += (p - (observed ? 1 : 0)) * (p - (observed ? 1 : 0))
        var count = sums[group].roc[p] ?? (0, 0)
        if observed { count.events += 1 } else { count.nonEvents += 1 }
        sums[group].roc[p] = count
      }
    }
    let groups = Dictionary(uniqueKeysWithValues: index.map { ($0.key, sums[$0.value]) })
    return Self.report(request, groups: groups, cases: cases)
  }

  package static func report(
    _ request: EnsembleVerifyRequest, groups: [[VerifyKeyValue]: EnsembleSums], cases: Int
  ) -> EnsembleReport {
    var rows: [EnsembleScoreRow] = []
    var histograms: [RankHistogramRow] = []
    var reliability: [ReliabilityRow] = []
    for keys in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      guard let sums = groups[keys], sums.n > 0 else { continue }
      let n = Double(sums.n)
      let members = Double(sums.members) / n
      let rmse = (sums.squared / n).squareRoot()
      let spread =
        sums.varianceCases > 0 ? (sums.variance / Double(sums.varianceCases)).squareRoot() : nil
      rows.append(
        EnsembleScoreRow(
          keys: keys, n: sums.n, members: members, crps: sums.crps / n, bias: sums.error / n,
          mae: sums.absolute / n, rmse: rmse, spread: spread,
          spreadSkill: spread.flatMap {
            EnsembleScores.spreadSkill(
              meanVariance: $0 * $0, meanSquaredError: sums.squared / n, members: members)
          },
          crpss: sums.referenceCases > 0
            ? EnsembleScores.skill(sums.crpsWithReference, reference: sums.reference) : nil,
          referenceCases: sums.referenceCases))
      // The histogram uses the most common member count (ties: the larger).
      if let (count, bins) = sums.ranks.max(by: {
        let left = $0.value.reduce(0, +)
        let right = $1.value.reduce(0, +)
        return left == right ? $0.key < $1.key : left < right
      }) {
        let total = sums.ranks.values.reduce(0) { $0 + $1.reduce(0, +) }
        histograms.append(
          RankHistogramRow(
            keys: keys, members: count, counts: bins, skipped: total - bins.reduce(0, +)))
      }
      if request.event != nil {
        let counts = sums.roc.sorted { $0.key < $1.key }.map {
          ROCArea.Count(probability: $0.key, events: $0.value.events, nonEvents: $0.value.nonEvents)
        }
        reliability.append(
          ReliabilityRow(
            keys: keys, bins: sums.bins,
            decomposition: BrierDecomposition.decompose(sums.bins, brierSum: sums.brierSum),
            rocArea: ROCArea.area(counts), rejected: 0))
      }
    }
    return EnsembleReport(
      request: request, rows: rows, histograms: histograms, reliability: reliability,
      cases: cases)
  }

  /// `EnsembleScores.crps` on members already sorted (the verification hot path).
  package static func sortedCRPS(_ sorted: [Double], observation: Double, fair: Bool) -> Double? {
    let m = sorted.count
    guard m > 0, !(fair && m < 2) else { return nil }
    var absolute = 0.0
    var pairs = 0.0
    for (index, member) in sorted.enumerated() {
      absolute += abs(member - observation)
      pairs += Double(2 * index - m + 1) * member
    }
    let k = fair ? Double(m * (m - 1)) : Double(m * m)
    return absolute / Double(m) - pairs / k
  }

  /// CRPS of a normal distribution N(μ, σ²) (Gneiting et al. 2005, doi:10.1175/MWR2904.1):
  /// σ [z (2Φ(z) − 1) + 2φ(z) − 1/√π], z = (y − μ)/σ; |y − μ| when σ = 0.
  public static func gaussianCRPS(mean: Double, deviation: Double, observation: Double) -> Double {
    guard deviation > 0 else { return abs(observation - mean) }
    let z = (observation - mean) / deviation
    let cdf = 0.5 * (1 + erf(z / 2.0.squareRoot()))
    let pdf = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
    return deviation * (z * (2 * cdf - 1) + 2 * pdf - 1 / Double.pi.squareRoot())
  }

  package struct ClimatologyKey: Hashable {
    package var cityID: Int64
    package var month: String
    package var hour: Int64
  }

  /// Mean and (population) standard deviation of the observations per city, calendar month and
  /// local hour, over the period (every stored observation without one).
  package func climatology(_ request: EnsembleVerifyRequest) throws -> [ClimatologyKey: (
    mean: Double, deviation: Double
  )] {
    let column = request.variable.column
    var sql = """
      SELECT city_id, substr(valid_date, 6, 2), valid_hour, avg(\(column)),
        avg(\(column) * \(column)), count(*)
      FROM hourly_observations WHERE source = ? AND \(column) IS NOT NULL
      """
    var bindings: [SQLiteValue] = [.text(request.observationSource)]
    if let period = request.period {
      sql += " AND valid_date BETWEEN ? AND ?"
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    sql += " GROUP BY 1, 2, 3"
    var result: [ClimatologyKey: (mean: Double, deviation: Double)] = [:]
    for row in try store.database.query(sql, bindings) {
      guard let mean = row[3].doubleValue, let square = row[4].doubleValue else { continue }
      let key = ClimatologyKey(
        cityID: row[0].int64Value ?? 0, month: row[1].stringValue ?? "",
        hour: row[2].int64Value ?? 0)
      result[key] = (mean, max(0, square - mean * mean).squareRoot())
    }
    return result
  }
}
