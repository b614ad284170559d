import SkycastModel
import Store
import Views

/// How an error ends a command: its message, the exit code, and whether the usage block
/// follows (as argument-parser's `MessageInfo`). The one place that turns the domain's errors,
/// which speak no CLI, into what the user sees.
///
/// - Parse and validation errors (a bad option, a refused request, a report parameter) print the
///   usage block and exit 64.
/// - Data errors in what the user typed or piped (an unknown or ambiguous city, unreadable
///   numbers on standard input) exit 64 without the usage block: the command line was fine.
/// - Everything else is a runtime failure: one escaped line, exit 1.
struct ErrorPresentation: Equatable {
  /// The message after `Error: `.
  var message: String
  /// The process exit code.
  var exitCode: Int32
  /// Whether the usage block of `command` (or of the command that ran) follows the message.
  var showsUsage: Bool
  /// The command whose usage to show, when the error names one.
  var command: [String]?
  /// Whether the message may keep its own line breaks (its parts were escaped where it was
  /// made); otherwise the whole message is escaped onto one line.
  var keepsLineBreaks: Bool

  init(_ error: any Error) {
    switch error {
    case CLIError.usage(let message, let names):
      self.init(message, exitCode: ExitStatus.usage, showsUsage: true, command: names)
    case CLIError.failure(let message):
      self.init(message, exitCode: ExitStatus.failure, showsUsage: false, keepsLineBreaks: false)
    case let error as InvalidInput:
      self.init(error.message, exitCode: ExitStatus.usage, showsUsage: true)
    case let error as ReportBinding.Failure:
      self.init(error.description, exitCode: ExitStatus.usage, showsUsage: true)
    case let error as CityReferenceError:
      self.init(error.description, exitCode: ExitStatus.usage, showsUsage: false)
    case let error as SparkInputError:
      self.init(error.description, exitCode: ExitStatus.usage, showsUsage: false)
    default:
      self.init("\(error)", exitCode: ExitStatus.failure, showsUsage: false, keepsLineBreaks: false)
    }
  }

  private init(
    _ message: String, exitCode: Int32, showsUsage: Bool, command: [String]? = nil,
    keepsLineBreaks: Bool = true
  ) {
    self.message = message
    self.exitCode = exitCode
    self.showsUsage = showsUsage
    self.command = command
    self.keepsLineBreaks = keepsLineBreaks
  }
}
