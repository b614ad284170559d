import Foundation
import Store

/// What one forecast–observation pair adds to a group's ``VerifySums`` in the merge join: the
/// same terms, under the same NULL rules, as the columns of ``VerifySQL/scores(_:)``. NaN stands
/// for NULL.
package struct PairScorer {
  package let circular: Bool
  package let vector: Bool
  package let correlation: Bool
  /// The event (a pair path with percentile thresholds sets it per city and month).
  package var event: VerifyEvent?
  package let brier: Bool
  package let persistence: Bool

  package init(request: VerifyRequest) {
    circular = request.isCircular
    vector = request.vectorWind
    correlation = request.hasCorrelation
    event = request.event
    brier = request.computesBrier
    persistence = request.skill == .persistence
  }

  /// The terms of a pair that found its observation row.
  ///
  /// `n` and the error sums need both values (and for the vector wind both directions);
  /// the correlation sums and the contingency counts need both values; the Brier terms need
  /// the probability and the observation only; the persistence terms need the reference too.
  @inline(__always)
  package func terms(
    forecast: Double, observed: Double, forecastDirection: Double, observedDirection: Double,
    probability: Double, reference: Double
  ) -> VerifySums {
    var terms = VerifySums()
    terms.forecasts = 1
    terms.matched = 1
    let both = !forecast.isNaN && !observed.isNaN
    var error = Double.nan
    if vector {
      if both, !forecastDirection.isNaN, !observedDirection.isNaN {
        error = forecast - observed
        // u = −s·sin θ, v = −s·cos θ: the direction is where the wind comes from.
        let uf = -forecast * sin(forecastDirection * (Double.pi / 180))
        let vf = -forecast * cos(forecastDirection * (Double.pi / 180))
        let uo = -observed * sin(observedDirection * (Double.pi / 180))
        let vo = -observed * cos(observedDirection * (Double.pi / 180))
        let squared = (uf - uo) * (uf - uo) + (vf - vo) * (vf - vo)
        terms.n = 1
        terms.sumError = error
        terms.sumAbsError = squared.squareRoot()
        terms.sumSquaredError = squared
        terms.uf = uf
        terms.vf = vf
        terms.uo = uo
        terms.vo = vo
        terms.uvfo = uf * uo + vf * vo
        terms.uvff = uf * uf + vf * vf
        terms.uvoo = uo * uo + vo * vo
      }
    } else if both {
      error =
        circular
        ? Self.circularDifference(forecast, observed) : forecast - observed
      terms.n = 1
      terms.sumError = error
      terms.sumAbsError = abs(error)
      terms.sumSquaredError = error * error
    }
    if both {
      if correlation {
        terms.sumF = forecast
        terms.sumO = observed
        terms.sumFF = forecast * forecast
        terms.sumOO = observed * observed
        terms.sumFO = forecast * observed
      }
      if let event {
        let forecastYes = event.holds(forecast)
        let observedYes = event.holds(observed)
        switch (forecastYes, observedYes) {
        case (true, true): terms.a = 1
        case (true, false): terms.b = 1
        case (false, true): terms.c = 1
        case (false, false): terms.d = 1
        }
      }
    }
    if brier, let event, !observed.isNaN, !probability.isNaN {
      if probability >= 0, probability <= 100 {
        let miss = probability / 100 - (event.holds(observed) ? 1 : 0)
        terms.brierPairs = 1
        terms.brierSum = miss * miss
      } else {
        terms.brierRejected = 1
      }
    }
    if persistence, !reference.isNaN {
      if !error.isNaN {
        terms.referencePairs = 1
        terms.referenceSumError2 = error * error
      }
      if both {
        let miss =
          circular ? Self.circularDifference(reference, observed) : reference - observed
        terms.referenceSumReference2 = miss * miss
      }
    }
    return terms
  }

  /// The SQL's ((f − o + 540) mod 360) − 180, truncating the quotient as its CAST does (the
  /// shifted difference of two angles in 0–360° is positive, so this is the floor).
  @inline(__always)
  package static func circularDifference(_ forecast: Double, _ observed: Double) -> Double {
    let shifted = forecast - observed + 540
    return shifted - 360 * (shifted / 360).rounded(.towardZero) - 180
  }
}

extension VerifyEvent {
  /// True when `value` is an event (`≥` or `>` the threshold).
  @inline(__always)
  package func holds(_ value: Double) -> Bool {
    op == .ge ? value >= threshold : value > threshold
  }
}
