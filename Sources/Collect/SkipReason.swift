import OpenMeteo
import SkycastModel

/// Why a city (or a range of its dates) was not fetched.
package enum SkipReason: Sendable, Equatable {
  /// Its newest successful fetch is `age` seconds old, under the minimum interval.
  case fresh(age: Int64)
  /// Another run stored a fresh fetch while this one was requesting (the re-check inside
  /// the write transaction).
  case storedByAnotherRun
  /// The API has nothing for the request (e.g. archive dates after today), in words.
  case unavailable(String)
  /// An earlier run of the command stored it (a model run `backfill --runs` already has).
  case alreadyStored
}
