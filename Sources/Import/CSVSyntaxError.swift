/// A CSV syntax error at a line.
public struct CSVSyntaxError: Error, Equatable, CustomStringConvertible {
  public let line: Int
  public let message: String

  public var description: String { "line \(line): \(message)" }

  /// A quote in the middle of an unquoted field (both readers word the problems alike).
  static func quoteInUnquotedField(line: Int) -> CSVSyntaxError {
    CSVSyntaxError(
      line: line,
      message:
        "a double quote inside an unquoted field; put the whole field in quotes and double the quote (\"\")"
    )
  }

  /// A quoted field still open at the end of the input.
  static func unclosedQuote(line: Int) -> CSVSyntaxError {
    CSVSyntaxError(line: line, message: "a quoted field is never closed (missing \")")
  }

  /// Text between a field's closing quote and the next comma or line end.
  static func textAfterClosingQuote(line: Int) -> CSVSyntaxError {
    CSVSyntaxError(
      line: line,
      message:
        "text after the closing quote of a field (a field is either all quoted or not quoted)")
  }
}
