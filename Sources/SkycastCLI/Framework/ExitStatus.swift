import SkycastModel

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
