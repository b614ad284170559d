import Foundation
import Testing

@testable import Analysis
@testable import SkycastModel

/// The studentized interval of a score difference, and how often 95 % intervals cover a known
/// RMSE difference (the simulation behind the coverage figures of `skycast help verification`).
@Suite struct StudentizedBlockBootstrapTests {
  /// A history with a known RMSE difference: `days` days of `hours` cases; each side's error is
  /// its scale × (0.6 u + 0.8 ε), u a daily AR(1) with lag-1 correlation `rho` and unit
  /// variance (the two sides' u correlated 0.7), ε hourly noise; so RMSE_A = `scaleA` and
  /// RMSE_B = `scaleB` exactly. Day vectors (n, Σe_A², Σe_B²).
  static func history(
    days: Int, hours: Int = 24, rho: Double = 0.5, scaleA: Double = 2, scaleB: Double = 1.8,
    random: inout SplitMix64
  ) -> [Double] {
    var vectors: [Double] = []
    var (ua, ub) = (0.0, 0.0)
    let innovation = (1 - rho * rho).squareRoot()
    for day in 0..<days {
      let za = random.nextGaussian()
      let zb = 0.7 * za + (1 - 0.49).squareRoot() * random.nextGaussian()
      (ua, ub) = day == 0 ? (za, zb) : (rho * ua + innovation * za, rho * ub + innovation * zb)
      var (a, b) = (0.0, 0.0)
      for _ in 0..<hours {
        let ea = scaleA * (0.6 * ua + 0.8 * random.nextGaussian())
        let eb = scaleB * (0.6 * ub + 0.8 * random.nextGaussian())
        a += ea * ea
        b += eb * eb
      }
      vectors += [Double(hours), a, b]
    }
    return vectors
  }

  /// The block length `verify --compare` chooses for `vectors` at horizon 1.
  static func blocks(_ vectors: [Double]) -> (base: Int, studentized: Int) {
    var differences: [Double] = []
    for day in stride(from: 0, to: vectors.count, by: 3) {
      differences.append((vectors[day + 1] - vectors[day + 2]) / vectors[day])
    }
    let days = differences.count
    let base = SeriesSufficiency.baseBlockLength(
      days: days, lag1: BlockBootstrap.lag1Autocorrelation(differences) ?? 0, horizon: 1,
      requested: nil)
    return (base, SeriesSufficiency.studentizedBlockLength(base: base, days: days, requested: nil))
  }

  @Test("the interval holds the estimate, is reproducible by seed, and widens with the level")
  func basics() throws {
    var random = SplitMix64(seed: 11)
    let vectors = Self.history(days: 60, random: &random)
    func interval(_ level: Double, seed: UInt64 = 1) throws -> ScoreInterval {
      try #require(
        StudentizedBlockBootstrap.differenceInterval(
          days: vectors, score: .root, blockLength: 8, resamples: 999, seed: seed, level: level))
    }
    var total = (n: 0.0, a: 0.0, b: 0.0)
    for day in stride(from: 0, to: vectors.count, by: 3) {
      total.n += vectors[day]
      total.a += vectors[day + 1]
      total.b += vectors[day + 2]
    }
    let estimate = (total.a / total.n).squareRoot() - (total.b / total.n).squareRoot()
    let ninetyFive = try interval(0.95)
    #expect(ninetyFive.lo < estimate && estimate < ninetyFive.hi)
    #expect(try interval(0.95) == ninetyFive)
    #expect(try interval(0.95, seed: 2) != ninetyFive)
    let eighty = try interval(0.8)
    #expect(eighty.hi - eighty.lo < ninetyFive.hi - ninetyFive.lo)
  }

  @Test("identical sides, or a side without error under √, have no interval")
  func undefined() {
    let same = [24.0, 10, 10, 24, 12, 12, 24, 9, 9, 24, 11, 11]
    #expect(
      StudentizedBlockBootstrap.differenceInterval(
        days: same, score: .root, blockLength: 1, resamples: 99, seed: 1, level: 0.95) == nil)
    let perfect = [24.0, 0, 10, 24, 0, 12, 24, 0, 9, 24, 0, 11]
    #expect(
      StudentizedBlockBootstrap.differenceInterval(
        days: perfect, score: .root, blockLength: 1, resamples: 99, seed: 1, level: 0.95) == nil)
  }

  /// With L = 1 the standard error is the plain one, √Σψ², ψ linearised by hand.
  @Test("the standard error behind the interval is the delta method's, by hand, at L = 1")
  func standardError() {
    let total = (n: 6.0, a: 28.0, b: 18.0)
    let slopes = StudentizedBlockBootstrap.slopes(total, score: .root)
    #expect(slopes.map { abs($0.a - 0.5 / (28.0 / 6).squareRoot()) < 1e-12 } == true)
    let slopeA = 0.5 / (28.0 / 6).squareRoot()
    let slopeB = 0.5 / 3.0.squareRoot()
    let psi = [(2.0, 8.0, 2.0), (2, 2, 8), (2, 18, 8)].map { (n: Double, a: Double, b: Double) in
      let partA: Double = slopeA * (a - n * 28 / 6)
      let partB: Double = slopeB * (b - n * 3)
      return (partA - partB) / 6
    }
    for (index, day) in [(2.0, 8.0, 2.0), (2, 2, 8), (2, 18, 8)].enumerated() {
      let value = StudentizedBlockBootstrap.linearised(day, of: total, slopes: slopes!)
      #expect(abs(value - psi[index]) < 1e-12)
    }
    #expect(abs(psi.reduce(0, +)) < 1e-12, "ψ sums to zero at the estimate")
  }

  /// How often the 95 % interval covers the true difference 0.2, by series length: the
  /// studentized interval with the chosen blocks against the plain percentile interval.
  /// `SKYCAST_COVERAGE_REPS` runs more series (the verification topic's figures: 1000).
  @Test("95 % studentized intervals cover a known RMSE difference 93–97 % from 30 days on")
  func coverage() {
    let reps =
      ProcessInfo.processInfo.environment["SKYCAST_COVERAGE_REPS"].flatMap(Int.init)
      ?? 150
    var lines: [String] = []
    for (days, rho) in [(30, 0.5), (60, 0.5), (120, 0.5), (365, 0.5), (60, 0.8), (60, 0.0)] {
      var random = SplitMix64(seed: UInt64(days) * 100 + UInt64(rho * 10))
      var covered = (studentized: 0, percentile: 0)
      for rep in 0..<reps {
        let vectors = Self.history(days: days, rho: rho, random: &random)
        let (base, length) = Self.blocks(vectors)
        if let interval = StudentizedBlockBootstrap.differenceInterval(
          days: vectors, score: .root, blockLength: length, resamples: 999, seed: UInt64(rep),
          level: 0.95), interval.lo <= 0.2, 0.2 <= interval.hi
        {
          covered.studentized += 1
        }
        if let percentile = BlockBootstrap.intervals(
          days: vectors, width: 3, blockLength: base, resamples: 999, seed: UInt64(rep),
          level: 0.95, statistics: { [($0[1] / $0[0]).squareRoot() - ($0[2] / $0[0]).squareRoot()] }
        ).first ?? nil, percentile.lo <= 0.2, 0.2 <= percentile.hi {
          covered.percentile += 1
        }
      }
      let studentized = Double(covered.studentized) / Double(reps)
      let percentile = Double(covered.percentile) / Double(reps)
      lines.append(
        "\(days) days, r1 \(rho): studentized \(studentized), percentile \(percentile) (\(reps) series)"
      )
      // 150 series: a 95 % coverage shows 91.5–98.5 % two standard errors out; the floor is
      // the 88 %, the ceiling a sign of intervals far too wide.
      #expect(studentized >= 0.88 && studentized <= 0.995, "\(lines.last!)")
    }
    print(lines.joined(separator: "\n"))
  }
}
