import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// The printed star of `verify --compare` (``ComparisonRow/isSignificant(level:)``) for two
/// equally good models, at every day count and horizon the tool gives a verdict for, and its
/// power for a true difference at long series (issue 42: lead day 6, 21 days, h = 7 printed
/// "B better *" with p 3e−7 while its own 95 % interval spanned 0).
@Suite struct ComparisonCalibrationTests {
  /// How a simulated pair of models errs.
  enum Errors {
    /// Each model's hourly error is scale × (0.6 uₜ + 0.8 ε), uₜ a flat MA(h − 1) of daily
    /// shocks with unit variance (the two models' shocks correlated 0.5): RMSE = scale.
    case movingAverage
    /// Squared losses c ± xₜ: the loss differential itself is 2xₜ, xₜ a flat MA(h − 1).
    case differential
  }

  /// `days` day vectors (24, Σ loss A, Σ loss B).
  static func history(
    days: Int, horizon h: Int, errors: Errors, scaleA: Double = 1, scaleB: Double = 1,
    random: inout SplitMix64
  ) -> [Double] {
    let shocks = (0..<(days + h - 1)).map { _ -> (Double, Double) in
      let z = random.nextGaussian()
      return (z, 0.5 * z + 0.75.squareRoot() * random.nextGaussian())
    }
    let norm = Double(h).squareRoot()
    var vectors: [Double] = []
    for day in 0..<days {
      let window = shocks[day..<(day + h)]
      let ua = window.reduce(0) { $0 + $1.0 } / norm
      let ub = window.reduce(0) { $0 + $1.1 } / norm
      switch errors {
      case .movingAverage:
        var (a, b) = (0.0, 0.0)
        for _ in 0..<24 {
          let ea = scaleA * (0.6 * ua + 0.8 * random.nextGaussian())
          let eb = scaleB * (0.6 * ub + 0.8 * random.nextGaussian())
          a += ea * ea
          b += eb * eb
        }
        vectors += [24, a, b]
      case .differential:
        vectors += [24, 24 * (4 * scaleA * scaleA + ua), 24 * (4 * scaleB * scaleB - ua)]
      }
    }
    return vectors
  }

  static func row(_ vectors: [Double], horizon: Int, seed: UInt64) -> ComparisonRow {
    Verifier.comparisonRow(
      key: [], days: vectors, horizon: horizon, loss: .se,
      settings: BootstrapSettings(resamples: 299, seed: seed))
  }

  @Test("equally good models get the star at most 7 % of the time wherever a verdict is given")
  func size() {
    let reps = 600
    var lines: [String] = []
    for errors in [Errors.movingAverage, .differential] {
      for h in [1, 2, 4, 7, 10, 16] {
        for days in [12, 21, 30, 48, 60, 90, 180] {
          var random = SplitMix64(seed: UInt64(h * 1000 + days))
          var (stars, tested, intervals, covered) = (0, 0, 0, 0)
          for rep in 0..<reps {
            let row = Self.row(
              Self.history(days: days, horizon: h, errors: errors, random: &random), horizon: h,
              seed: UInt64(rep))
            if row.test != nil { tested += 1 }
            if row.isSignificant(level: 0.95) { stars += 1 }
            if let interval = row.interval {
              intervals += 1
              if interval.lo <= 0 && 0 <= interval.hi { covered += 1 }
            }
          }
          guard tested > 0 else { continue }
          let rate = Double(stars) / Double(reps)
          lines.append(
            "\(errors) h \(h), \(days) days: star \(rate), tested \(tested), interval covers 0 \(covered)/\(intervals)"
          )
          #expect(rate <= 0.07, "\(lines.last!)")
        }
      }
    }
    print(lines.joined(separator: "\n"))
  }

  @Test("a 20 % RMSE difference gets the star in most series of 180 days")
  func power() {
    for h in [1, 4] {
      var random = SplitMix64(seed: UInt64(h))
      var stars = 0
      for rep in 0..<200 {
        let row = Self.row(
          Self.history(
            days: 180, horizon: h, errors: .movingAverage, scaleA: 1.2, random: &random),
          horizon: h, seed: UInt64(rep))
        if row.isSignificant(level: 0.95) && row.verdict(level: 0.95) == "B better" { stars += 1 }
      }
      #expect(stars >= 160, "h \(h): \(stars) of 200")
      print("h \(h): B better * in \(stars) of 200 series of 180 days")
    }
  }
}
