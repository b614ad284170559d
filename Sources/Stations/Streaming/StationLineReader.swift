/// A provider's reader fed one line at a time (`StationFiles.stream`): it keeps only what the
/// rules need (the header, the station so far, the hours and days not finished) and hands
/// finished rows out as it goes, so a file of any size is read in flat memory.
protocol StationLineReader {
  /// Reads line `number` (1-based, in the decompressed text), without its terminator.
  mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(StationFileError)
  /// Moves the rows finished so far into `rows`.
  mutating func take(into rows: inout StationRows)
  /// After the last line: moves every row still held into `rows` and says what the file was.
  ///
  /// - Returns: the reading without rows (its station, tally and notes).
  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading
  /// True once a line came for an hour or day already handed out (see `StationWindow`).
  var unsorted: Bool { get }
  /// The station the lines read so far name (the file's own id, else its name's, else the
  /// option's, as `finish` decides it), nil when none yet.
  var stationSoFar: String? { get }
}
