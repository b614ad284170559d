import Analysis
import Foundation
import SkycastModel
import Store

extension Verifier {
  /// Jumpiness as a signal (`verify --jumpiness`): for every valid time with at least two issues
  /// (distinct issues, lead ≥ 0) and an observation, the last revision |x_N − x_{N−1}| of the
  /// newest issue x_N and its error x_N − O; the errors are scored per group and revision bin,
  /// and |revision| is correlated with |error| over every case.
  ///
  /// - Parameter edges: the inner bin edges, ascending; nil: the 20, 40, 60 and 80 % quantiles of
  ///   the revisions (``SampleQuantiles``, type 7), repeated values kept once.
  public func jumpiness(_ request: VerifyRequest, edges: [Double]?) throws -> JumpinessReport {
    let keys = request.keys
    let labels = try cityLabels()
    let latitudes = Dictionary(
      uniqueKeysWithValues: try store.cities().map { ($0.id, $0.latitude) })
    let observations = try observationSeries(request).cities

    // Every case is held (three numbers) until the quantile edges are known.
    var groupIndex: [[VerifyKeyValue]: Int] = [:]
    var groupKeys: [[VerifyKeyValue]] = []
    var caseGroups: [Int] = []
    var revisions: [Double] = []
    var errors: [Double] = []
    var single = 0
    var unobserved = 0
    var cursor = 0
    var cursorCity: Int64?
    try forEachIssueSequence(request) { sequence in
      let issues = sequence.forecasts.count
      guard issues >= 2 else {
        single += 1
        return
      }
      if sequence.cityID != cursorCity {
        cursor = 0
        cursorCity = sequence.cityID
      }
      guard let series = observations[sequence.cityID],
        let row = series.position(of: sequence.validAt, cursor: &cursor),
        series.value[row].isFinite
      else {
        unobserved += 1
        return
      }
      let newest = sequence.forecasts[issues - 1]
      let key = IssueSequence.keyValues(
        keys, validKeys: sequence.validKeys(keys, labels: labels, latitudes: latitudes),
        lead: newest.lead, isDaily: false)
      let group: Int
      if let known = groupIndex[key] {
        group = known
      } else {
        group = groupKeys.count
        groupIndex[key] = group
        groupKeys.append(key)
      }
      caseGroups.append(group)
      revisions.append(abs(newest.value - sequence.forecasts[issues - 2].value))
      errors.append(newest.value - series.value[row])
    }

    let binEdges = edges ?? Self.quintileEdges(revisions)
    var sums: [Int: (n: Int, revision: Double, error: Double, absolute: Double, squared: Double)] =
      [:]
    for index in revisions.indices {
      let bin = binEdges.firstIndex { revisions[index] < $0 } ?? binEdges.count
      let slot = caseGroups[index] * (binEdges.count + 1) + bin
      var sum = sums[slot] ?? (0, 0, 0, 0, 0)
      let error = errors[index]
      sum.n += 1
      sum.revision += revisions[index]
      sum.error += error
      sum.absolute += abs(error)
      sum.squared += error * error
      sums[slot] = sum
    }
    var rows: [JumpinessRow] = []
    for (slot, sum) in sums {
      let group = slot / (binEdges.count + 1)
      let bin = slot % (binEdges.count + 1)
      let n = Double(sum.n)
      rows.append(
        JumpinessRow(
          keys: groupKeys[group], bin: bin, lower: bin > 0 ? binEdges[bin - 1] : nil,
          upper: bin < binEdges.count ? binEdges[bin] : nil, n: sum.n,
          meanRevision: sum.revision / n, bias: sum.error / n, mae: sum.absolute / n,
          rmse: (sum.squared / n).squareRoot()))
    }
    rows.sort {
      $0.keys == $1.keys ? $0.bin < $1.bin : $0.keys.lexicographicallyPrecedes($1.keys)
    }
    let correlation = Correlation.pearson(revisions, errors.map(abs))
    var groupCorrelations: [GroupCorrelation] = []
    if !keys.isEmpty {
      var byGroup = [(revisions: [Double], errors: [Double])](
        repeating: ([], []), count: groupKeys.count)
      for index in revisions.indices {
        byGroup[caseGroups[index]].revisions.append(revisions[index])
        byGroup[caseGroups[index]].errors.append(abs(errors[index]))
      }
      for (group, cases) in byGroup.enumerated() {
        let r = Correlation.pearson(cases.revisions, cases.errors)
        let interval = r.flatMap { Correlation.fisherInterval95(r: $0, n: cases.revisions.count) }
        groupCorrelations.append(
          GroupCorrelation(
            keys: groupKeys[group], n: cases.revisions.count, r: r, lower: interval?.lower,
            upper: interval?.upper))
      }
      groupCorrelations.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    }
    var report = JumpinessReport(
      request: request, edges: binEdges, edgesFromQuantiles: edges == nil, rows: rows,
      cases: revisions.count, correlation: correlation,
      interval: correlation.flatMap { Correlation.fisherInterval95(r: $0, n: revisions.count) },
      singleIssue: single, unobserved: unobserved)
    report.groupCorrelations = groupCorrelations
    return report
  }

  /// The 20, 40, 60 and 80 % quantiles of `values`, rounded to three significant digits (edges
  /// a reader can quote: 0.2, not 0.1999999999999993) and each kept once (many revisions are 0,
  /// and equal edges would make empty bins).
  package static func quintileEdges(_ values: [Double]) -> [Double] {
    let sorted = values.sorted()
    var edges: [Double] = []
    for p in [0.2, 0.4, 0.6, 0.8] {
      guard let quantile = SampleQuantiles.quantile(sorted: sorted, p) else { continue }
      let edge = significant(quantile, digits: 3)
      if edges.last.map({ edge > $0 }) ?? true { edges.append(edge) }
    }
    return edges
  }

  /// `value` rounded to `digits` significant digits (0 stays 0).
  package static func significant(_ value: Double, digits: Int) -> Double {
    guard value != 0, value.isFinite else { return value }
    let scale = pow(10, Double(digits) - (log10(abs(value))).rounded(.up))
    return (value * scale).rounded() / scale
  }
}
