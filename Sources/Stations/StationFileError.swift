/// Why a station file could not be read: what was wrong and where.
public enum StationFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A data line that does not fit the format (1-based line number in the decompressed text).
  case line(Int, String)
  /// The file as a whole is not in the format (no header, wrong entry in a zip, …).
  case format(String)
  /// The compressed file could not be decoded (CRC, truncation, output limit).
  case compressed(String)

  /// The reason, with its line number where there is one.
  public var description: String {
    switch self {
    case .line(let number, let reason): "line \(number): \(reason)"
    case .format(let reason): reason
    case .compressed(let reason): reason
    }
  }
}
