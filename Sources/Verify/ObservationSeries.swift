/// One city's observations in valid-time order, the right-hand side of the merge join: NaN
/// stands for NULL (SQLite stores no NaN, so the two cannot be confused).
package struct ObservationSeries {
  package var validAt: [Int64] = []
  package var value: [Double] = []
  /// `wind_direction_10m` for the vector wind, else empty.
  package var direction: [Double] = []
  /// The local valid date as an index into the sorted distinct dates of every city's observations.
  package var day: [Int32] = []

  /// The position of the row valid at `instant`, or nil, starting the search at `cursor` and
  /// leaving it at the first row not before `instant`.
  ///
  /// Consecutive forecasts of one run ask for increasing instants, so the cursor moves a step
  /// at a time (the merge); a new run that starts earlier falls back to a binary search.
  @inline(__always)
  package func position(of instant: Int64, cursor: inout Int) -> Int? {
    let count = validAt.count
    if cursor >= count || validAt[cursor] > instant
      || (cursor > 0 && validAt[cursor - 1] >= instant)
    {
      cursor = lowerBound(instant)
    } else {
      var steps = 0
      while cursor < count, validAt[cursor] < instant {
        cursor += 1
        steps += 1
        if steps == 8 {
          cursor = lowerBound(instant)
          break
        }
      }
    }
    return cursor < count && validAt[cursor] == instant ? cursor : nil
  }

  /// The first position whose instant is not before `instant`.
  package func lowerBound(_ instant: Int64) -> Int {
    var low = 0
    var high = validAt.count
    while low < high {
      let middle = (low + high) / 2
      if validAt[middle] < instant { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
