import SkycastModel

/// What a command can fail with, and how it ends the process.
public enum CLIError: Error, CustomStringConvertible {
  /// Bad command line or input the user can fix (exit 64, with a usage hint).
  case usage(String, command: [String])
  /// A runtime failure (exit 1).
  case failure(String)

  public var description: String {
    switch self {
    case .usage(let message, _): message
    case .failure(let message): message
    }
  }
}
