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

/// Process exit codes.
public enum ExitStatus {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  /// `EX_USAGE` from sysexits.h, as argument-parser uses.
  public static let usage: Int32 = 64

  /// The exit code for any error a command throws.
  public static func code(for error: any Error) -> Int32 {
    ErrorPresentation(error).exitCode
  }
}
