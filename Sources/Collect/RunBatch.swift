import OpenMeteo
import SkycastModel
import Store

/// One run of one model for a batch of cities: a `backfill --runs` request.
package struct RunBatch: FetchUnit {
  package var cities: [City]
  /// The run's initialisation time, UTC epoch seconds.
  package var runTime: Int64
  package var run: Int64? { runTime }
  /// The run's UTC date, for the progress and summary lines.
  package var dates: ClosedRange<LocalDate>? {
    let date = LocalDate(dayNumber: WallClock.floorDivide(runTime, 86_400).quotient)
    return date...date
  }

  package init(_ cities: [City], run: Int64) {
    self.cities = cities
    self.runTime = run
  }

  package func alone(_ city: City) -> RunBatch { RunBatch([city], run: runTime) }

  package func updating(_ stored: [Int64: City]) -> RunBatch {
    RunBatch(cities.map { stored[$0.id] ?? $0 }, run: runTime)
  }
}
