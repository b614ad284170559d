import Analysis
import Store

/// Sums one group's per-segment values.
package struct RevisionAccumulator {
  package var validTimes = 0
  package var revisions = 0
  package var sumMeanAbsolute = 0.0
  package var flipFlopValidTimes = 0
  package var sumFlipFlop = 0.0

  /// Adds one segment (oldest issue first).
  package mutating func add(segment values: [Double]) {
    if let mar = Revisions.meanAbsoluteRevision(values) {
      validTimes += 1
      revisions += values.count - 1
      sumMeanAbsolute += mar
    }
    if let ffi = Revisions.flipFlopIndex(values) {
      flipFlopValidTimes += 1
      sumFlipFlop += ffi
    }
  }

  package func row(keys: [VerifyKeyValue]) -> RevisionRow {
    RevisionRow(
      keys: keys, validTimes: validTimes, revisions: revisions,
      meanAbsoluteRevision: validTimes > 0 ? sumMeanAbsolute / Double(validTimes) : nil,
      flipFlopValidTimes: flipFlopValidTimes,
      flipFlop: flipFlopValidTimes > 0 ? sumFlipFlop / Double(flipFlopValidTimes) : nil)
  }
}
