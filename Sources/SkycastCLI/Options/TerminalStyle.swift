import Views

extension SharedOptions {
  /// `--ascii`, for the commands that draw with symbols (each words its help its own way).
  static let ascii = Flag("ascii", help: "ASCII symbols only.")
}

extension Invocation {
  /// True when output should stay ASCII: `--ascii` (where a command offers it), or standard
  /// output is a terminal that cannot show UTF-8 (`TERM=dumb`, or a locale in `LC_ALL`,
  /// `LC_CTYPE` or `LANG` that names no UTF-8 encoding, such as `C` or `POSIX`).
  ///
  /// Pipes and files get Unicode: the text is UTF-8 like the city names in it.
  var prefersASCII: Bool {
    if self[SharedOptions.ascii] { return true }
    guard context.stdoutIsTTY else { return false }
    if context.environment["TERM"] == "dumb" { return true }
    let environment = context.environment
    let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty }
    guard let locale else { return false }
    let lowered = locale.lowercased()
    return !(lowered.contains("utf-8") || lowered.contains("utf8"))
  }

  /// The terminal colour scheme for this run: ANSI colours when `useColor`, plain text otherwise.
  var palette: TerminalPalette { TerminalPalette(enabled: useColor) }
}
