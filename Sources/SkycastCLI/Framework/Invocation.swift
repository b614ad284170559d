import Export
import Foundation
import SkycastModel
import Store

/// One run of one command: its parsed options and arguments, the context, and the output
/// streams. Typed accessors turn option text into values or throw usage errors (exit 64).
public final class Invocation {
  public let context: CommandContext
  /// The subcommand names, e.g. `["city", "add"]`.
  public let commandPath: [String]
  /// Positional arguments.
  public let arguments: [String]
  /// Standard output (data), buffered.
  public let stdout: TextOutput
  /// Standard error (progress, warnings, errors), flushed after every message. It is
  /// terminal-safe: text written to it has its control and bidi characters escaped.
  public let stderr: TextOutput
  let values: [String: [String]]
  /// Names that tell saved cities apart (`Frederick, Maryland` when two share a name), set
  /// when the command resolves its cities.
  var cityLabels: [Int64: String] = [:]
  /// Output files of this run, committed when the command returns and removed when it throws.
  private var files: [(file: AtomicFile, output: TextOutput)] = []
  /// Lines for `afterCommit(_:)`, in order.
  private var committedLines: [String] = []

  init(
    context: CommandContext, commandPath: [String], values: [String: [String]], arguments: [String],
    options: [OptionSpec] = []
  ) {
    self.context = context
    self.commandPath = commandPath
    self.values = values
    self.arguments = arguments
    self.options = Dictionary(
      options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.stdout = TextOutput(context.stdout)
    self.stderr = TextOutput(context.stderr, capacity: 1 << 12, terminalSafe: true)
  }

  /// The declarations of the command's options, by name.
  let options: [String: OptionSpec]

  /// The option's value as typed, else its declared default.
  private func valueOrDefault(_ name: String) -> String? {
    string(name) ?? options[name]?.defaultValue
  }

  /// Checks every typed option that was given against its declared type and range, so a bad
  /// value is a usage error before the command does anything.
  func validateTypedOptions() throws {
    for option in options.values where values[option.name] != nil {
      switch option.valueType {
      case .integer?: _ = try int(option.name)
      case .number?: _ = try double(option.name)
      case .duration?: _ = try duration(option.name)
      case .choice(let words)?:
        for text in strings(option.name) where !words.contains(text) {
          throw invalidValue(
            text, for: option.name, expected: "one of \(words.joined(separator: ", "))")
        }
      case nil: break
      }
    }
  }

  // MARK: - Global options

  /// `-q`: no progress or informational messages (data, warnings and errors still print).
  public var quiet: Bool { flag("quiet") }
  /// `-v`: request URLs (without key) and other detail on stderr.
  public var verbose: Bool { flag("verbose") && !quiet }
  /// Colour on stdout only on a terminal, never with `--no-color`, a non-empty `NO_COLOR`, or
  /// `TERM=dumb`.
  public var useColor: Bool {
    !flag("no-color") && context.stdoutIsTTY && (context.environment["NO_COLOR"] ?? "").isEmpty
      && context.environment["TERM"] != "dumb"
  }

  /// `--db` > `$SKYCAST_DB` > `$XDG_DATA_HOME/skycast/skycast.sqlite` > `~/.local/share/…`.
  public var databasePath: String {
    if let path = string("db"), !path.isEmpty { return context.resolve(path: path) }
    if let path = context.environment["SKYCAST_DB"], !path.isEmpty {
      return context.resolve(path: path)
    }
    let dataHome =
      context.environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((context.environment["HOME"] ?? context.workingDirectory) + "/.local/share")
    return dataHome + "/skycast/skycast.sqlite"
  }

  /// Opens the database (creating and migrating it for writers). A writer that creates the
  /// file says so (once: the next run finds it), so a mistyped `--db` is noticed.
  public func openStore(access: Store.Access = .readWrite) throws -> Store {
    if let given = values["db"]?.last, given.trimmingCharacters(in: .whitespaces).isEmpty {
      throw usage("--db needs the path of a database file; it was empty")
    }
    let path = databasePath
    let created =
      access == .readWrite && path != ":memory:"
      && !FileManager.default.fileExists(atPath: path) && DatabasePathCheck.problem(path) == nil
    let folder = (path as NSString).deletingLastPathComponent
    let newFolder = created && !folder.isEmpty && !FileManager.default.fileExists(atPath: folder)
    let store = try Store(path: path, access: access, now: context.nowEpoch)
    if created {
      info("created a new database at \(path)" + (newFolder ? " (and its folder \(folder))" : ""))
    }
    let hooks = TestHooks(environment: context.environment)
    if !hooks.isEmpty { try store.apply(hooks) }
    return store
  }

  /// Opens a database that must already exist, for a command that only reads it: never creating
  /// a file or folder (a missing file is an error naming the path); read-write when the file can
  /// be written, so an old file is migrated first, and read-only (unmigrated) when it cannot.
  public func openExistingStore() throws -> Store {
    if !FileManager.default.fileExists(atPath: databasePath) {
      return try openStore(access: .readOnly)
    }
    do {
      return try openStore()
    } catch StoreError.readOnly {
      return try openStore(access: .readOnly)
    }
  }

  /// The city as progress and summary lines name it: with its region when another saved city
  /// has the same name.
  public func label(_ city: City) -> String { cityLabels[city.id] ?? city.name }

  // MARK: - Option values

  public func flag(_ name: String) -> Bool { values[name] != nil }

  /// How many times a flag was given.
  public func count(_ name: String) -> Int { values[name]?.count ?? 0 }

  public func string(_ name: String) -> String? { values[name]?.last }

  public func strings(_ name: String) -> [String] { values[name] ?? [] }

  /// Repeated and comma-separated values flattened: `--city a --city b,c` → `[a, b, c]`.
  public func list(_ name: String) -> [String] {
    strings(name).flatMap {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    .filter { !$0.isEmpty }
  }

  /// A whole number, in `range` or the declared one; the declared default when not given.
  public func int(_ name: String, in range: ClosedRange<Int>? = nil) throws -> Int? {
    guard let text = valueOrDefault(name) else { return nil }
    var range = range
    if range == nil, case .integer(let declared)? = options[name]?.valueType { range = declared }
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw invalidValue(text, for: name, expected: "a whole number")
    }
    if let range, !range.contains(value) {
      throw invalidValue(
        text, for: name, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// The value of an integer option that declares a default.
  public func intValue(_ name: String) throws -> Int {
    guard let value = try int(name) else { preconditionFailure("--\(name) declares no default") }
    return value
  }

  /// The value of an integer option read by `declaration` rather than by the command's own
  /// declaration (options shared by several commands): given, else the declared default.
  public func intValue(_ declaration: OptionSpec) throws -> Int {
    guard case .integer(let range)? = declaration.valueType,
      let value = try int(declaration.name, in: range) ?? declaration.defaultValue.flatMap(Int.init)
    else { preconditionFailure("--\(declaration.name) declares no integer default") }
    return value
  }

  /// A finite number, in `range` or the declared one; the declared default when not given.
  public func double(_ name: String, in range: ClosedRange<Double>? = nil) throws -> Double? {
    guard let text = valueOrDefault(name) else { return nil }
    var range = range
    if range == nil, case .number(let declared)? = options[name]?.valueType { range = declared }
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      throw invalidValue(text, for: name, expected: "a number")
    }
    if let range, !range.contains(value) {
      throw invalidValue(
        text, for: name, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A `YYYY-MM-DD` date.
  public func date(_ name: String) throws -> LocalDate? {
    guard let text = string(name) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let date = LocalDate(trimmed) else {
      if let problem = LocalDate.calendarProblem(trimmed) {
        throw usage(
          "The value '\(TerminalSafe.escape(text))' is invalid for '--\(name)': \(problem)")
      }
      throw invalidValue(text, for: name, expected: "a date as YYYY-MM-DD")
    }
    return date
  }

  /// `--from`/`--to` as an inclusive range; from > to is a usage error.
  public func dateRange(required: Bool) throws -> ClosedRange<LocalDate>? {
    let from = try date("from")
    let to = try date("to")
    switch (from, to) {
    case (let from?, let to?):
      guard from <= to else {
        throw usage("--from \(from) is after --to \(to)")
      }
      return from...to
    case (nil, nil):
      if required { throw usage("Missing expected options '--from <date>' and '--to <date>'") }
      return nil
    case (nil, _): throw usage("Missing value for '--from <date>' (needed with --to)")
    case (_, nil): throw usage("Missing value for '--to <date>' (needed with --from)")
    }
  }

  /// One of a fixed set of words; the declared default when not given.
  public func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws
    -> T?
  where T.RawValue == String {
    guard let text = valueOrDefault(name) else { return nil }
    guard let value = T(rawValue: text) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw invalidValue(text, for: name, expected: "one of \(allowed)")
    }
    return value
  }

  /// The value of a choice option that declares a default.
  public func choiceValue<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type)
    throws -> T
  where T.RawValue == String {
    guard let value = try choice(name, as: type) else {
      preconditionFailure("--\(name) declares no default")
    }
    return value
  }

  /// The value of a number option that declares a default.
  public func doubleValue(_ name: String) throws -> Double {
    guard let value = try double(name) else { preconditionFailure("--\(name) declares no default") }
    return value
  }

  /// The value of a duration option that declares a default, in seconds.
  public func durationValue(_ name: String) throws -> Int {
    guard let value = try duration(name) else {
      preconditionFailure("--\(name) declares no default")
    }
    return value
  }

  /// A duration such as `30m`, `2h`, `45s`, `1d` or plain seconds, in seconds; the declared
  /// default when not given.
  public func duration(_ name: String) throws -> Int? {
    guard let text = valueOrDefault(name)?.trimmingCharacters(in: .whitespaces) else {
      return nil
    }
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    var number = Substring(text)
    var factor = 1
    if let last = text.last, let unit = units[last] {
      number = number.dropLast()
      factor = unit
    }
    guard let value = Int(number), value >= 0, value < Int.max / 86_400 else {
      throw invalidValue(text, for: name, expected: "a duration such as 30m, 2h or 45s")
    }
    return value * factor
  }

  // MARK: - Errors

  /// A usage error for this command (exit 64).
  public func usage(_ message: String) -> CLIError {
    .usage(message, command: commandPath)
  }

  func invalidValue(_ text: String, for name: String, expected: String) -> CLIError {
    usage(
      "The value '\(TerminalSafe.escape(text))' is invalid for '--\(name)': expected \(expected)")
  }

  // MARK: - Diagnostics on stderr

  // Each diagnostic is one line: names, cells, file names and server reasons quoted in it are
  // escaped fully (a newline inside one shows as `\n`), so a message can never fake another.

  /// A warning (shown even with `-q`).
  public func warn(_ message: String) {
    emit("warning: " + message)
  }

  /// A line that always shows (failures inside a run that goes on, summaries with failures).
  public func note(_ message: String) {
    emit(message)
  }

  /// An informational line (hidden by `-q`).
  public func info(_ message: String) {
    guard !quiet else { return }
    emit(message)
  }

  /// A detail line (only with `-v`).
  public func detail(_ message: String) {
    guard verbose else { return }
    emit(message)
  }

  /// A transient progress line, only on a terminal: rewritten in place with `\r`.
  public func progress(_ message: String) {
    guard context.stderrIsTTY, !quiet else { return }
    try? stderr.writeControl("\r\u{1B}[2K")
    try? stderr.write(TerminalSafe.escape(message))
    try? stderr.flush()
    progressShown = true
  }

  /// Clears a progress line before normal output.
  public func endProgress() {
    guard progressShown else { return }
    try? stderr.writeControl("\r\u{1B}[2K")
    try? stderr.flush()
    progressShown = false
  }

  private var progressShown = false

  private func emit(_ message: String) {
    endProgress()
    try? stdout.flush()
    // A terminal would wrap a long note mid-word; wrap it at spaces instead (pipes and files
    // keep one line per note, for grep).
    let safe = TerminalSafe.escape(message)
    let lines =
      context.stderrIsTTY
      ? WordWrap.lines(safe, width: context.width(override: nil), indent: "  ") : [safe]
    for line in lines { try? stderr.line(line) }
    try? stderr.flush()
  }

  // MARK: - Output

  /// A line for people on stdout (a confirmation, a dry-run listing; not CSV or JSON data),
  /// with the names it quotes escaped like every terminal output (see `TerminalSafe`).
  public func say(_ line: String) throws {
    try stdout.line(TerminalSafe.escape(line))
  }

  /// `--format`, defaulting to `table` on a terminal and `csv` otherwise.
  /// The `--format` word when given: a table format, `svg` or `parquet`.
  var formatChoice: FormatChoice? { string("format").flatMap(FormatChoice.init) }

  public func outputFormat(allowed: [OutputFormat] = OutputFormat.allCases) throws -> OutputFormat {
    guard let text = string("format") else {
      let fallback: OutputFormat = context.stdoutIsTTY && string("output") == nil ? .table : .csv
      return allowed.contains(fallback) ? fallback : allowed[0]
    }
    guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
      throw invalidValue(
        text, for: "format", expected: "one of \(allowed.map(\.rawValue).joined(separator: ", "))")
    }
    if flag("standalone"), format != .latex {
      throw usage("--standalone makes a LaTeX document; use it with --format latex")
    }
    return format
  }

  /// The row writer for `format` over `output`; `latex` gets the `\label` `tab:skycast-<command>`
  /// and `--standalone`.
  ///
  /// - Parameters:
  ///   - fitsTerminal: an aligned table on stdout fits the terminal width (`$COLUMNS`, the
  ///     terminal, or 80): comments wrap, headers break, text cells shorten (`TableFit`).
  ///   - tableColumns: the columns an aligned table shows when `--columns` is not given (a
  ///     compact choice; the data formats keep every column).
  public func rowWriter(
    format: OutputFormat, output: TextOutput, excel: Bool = false, fitsTerminal: Bool = false,
    tableColumns: [String]? = nil
  ) -> any RowWriter {
    let label = (["tab:skycast"] + commandPath).joined(separator: "-")
    // Cells stay exact in files and pipes; on a terminal, a name's OSC or bidi characters are
    // shown escaped (the table format escapes its own cells and colours its own way).
    if output === stdout, context.stdoutIsTTY, format != .table {
      output.escapesDataForTerminal = true
    }
    // Declared by `export` only; the option's choices are checked when the line is read.
    let locale = (try? choice("excel-locale", as: SpreadsheetLocale.self)) ?? .en
    let writer = RowWriters.make(
      format: format, output: output, excel: excel,
      document: TableDocument(
        label: string("label") ?? label, standalone: flag("standalone"), caption: string("caption"),
        constantsInCaption: commandPath.first == "verify"), locale: locale)
    if let latex = writer as? LaTeXWriter { latex.warn = { [weak self] in self?.warn($0) } }
    if fitsTerminal, output === stdout, let table = writer as? TableWriter {
      table.fitWidth = context.width(override: nil)
    }
    let chosen = list("columns")
    let names = chosen.isEmpty && format == .table ? tableColumns ?? [] : chosen
    guard !names.isEmpty else { return writer }
    return ColumnFilter(base: writer, names: names) { [commandPath] name, available in
      CLIError.usage(
        "The value '\(name)' is invalid for '--columns': this table's columns are \(available.joined(separator: ", "))",
        command: commandPath)
    }
  }

  /// The stream data goes to: `-o FILE` or stdout. Asking again gives the same stream.
  public func dataOutput() throws -> TextOutput {
    guard let path = string("output"), path != "-" else { return stdout }
    // One file's data: a name ending in `/` is a folder (wanted only by --split-by and
    // datasets), refused before anything is written rather than at the final rename.
    if path.hasSuffix("/") {
      throw invalidValue(path, for: "output", expected: "a file name, not a folder")
    }
    let resolved = context.resolve(path: path)
    if let open = files.first(where: { $0.file.path == resolved }) { return open.output }
    return try fileOutput(at: resolved)
  }

  /// A new output file at `path` (absolute), written under a temporary name and renamed into
  /// place only when the command succeeds (see `AtomicFile`); never the database itself.
  public func fileOutput(at path: String) throws -> TextOutput {
    let file: AtomicFile
    do {
      file = try AtomicFile(path: path, protecting: [databasePath])
    } catch {
      throw CLIError.failure("\(error)")
    }
    guard let sink = file.sink else { throw CLIError.failure("cannot write to \(path)") }
    let output = TextOutput(sink)
    files.append((file, output))
    return output
  }

  /// Flushes and renames every output file into place, all or none (after the command
  /// returned), then prints the lines that report them (`afterCommit(_:)`).
  func commitFiles() throws {
    defer { files.removeAll() }
    do {
      for (_, output) in files { try output.flush() }
      try AtomicFile.commitAll(files.map(\.file))
    } catch {
      discardFiles()
      throw error
    }
    for line in committedLines { info(line) }
    committedLines.removeAll()
  }

  /// Removes the temporary output files of a failed command; the old files stay as they were,
  /// and the lines that would have reported them are dropped.
  func discardFiles() {
    for (file, _) in files { file.discard() }
    files.removeAll()
    committedLines.removeAll()
  }

  /// An informational line that reports written files ("exported 12 rows to x.csv"): shown only
  /// once every output file is in place, so a command that fails at the last step never
  /// claims what it did not write.
  public func afterCommit(_ message: String) {
    committedLines.append(message)
  }
}

@available(*, unavailable)
extension Invocation: Sendable {}
