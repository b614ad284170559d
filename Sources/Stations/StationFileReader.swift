import SkycastModel

/// A reader of one provider's station files (`import observations --format NAME`).
public protocol StationFileReader {
  /// The provider whose files it reads.
  static var provider: StationProvider { get }
  /// Reads the text of one file (already unwrapped by `StationFileBytes.text`).
  ///
  /// - Parameters:
  ///   - name: the file's name (some providers put the station id only there).
  ///   - options: what to keep.
  static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
}
