import SkycastModel

/// One problem in an import file, with the physical line its record starts on.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
  /// 1-based line in the file; nil for problems of the file as a whole.
  public var line: Int?
  public var message: String

  /// Control and bidi characters in `message` (echoed cell text, header names) are escaped
  /// with `TerminalSafe` — line breaks and tabs as `\n`, `\r` and `\t`, ESC as `\e` — so every
  /// problem prints on one line and nothing from the file reaches the terminal raw.
  public init(line: Int?, _ message: String) {
    self.line = line
    self.message = TerminalSafe.escape(message)
  }

  /// `line 7: temperature_2m: 'abc' is not a number`.
  public var description: String {
    line.map { "line \($0): \(message)" } ?? message
  }
}
