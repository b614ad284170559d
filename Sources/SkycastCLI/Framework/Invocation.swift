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
    options: [OptionSpec] = [], constantsInCaption: Bool = false
  ) {
    self.constantsInCaption = constantsInCaption
    self.context = context
    self.commandPath = commandPath
    self.values = values
    self.arguments = arguments
    self.options = Dictionary(
      options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.stdout = TextOutput(context.stdout)
    self.stderr = TextOutput(context.stderr, capacity: 1 << 12, terminalSafe: true)
  }

  /// The command's `CommandSpec.constantsInCaption`, for its LaTeX tables.
  let constantsInCaption: Bool

  /// The declarations of the command's options, by name.
  let options: [String: OptionSpec]

  /// Checks every typed option that was given against its declared type and range, so a bad
  /// value is a usage error before the command does anything.
  func validateTypedOptions() throws {
    for option in options.values where values[option.name] != nil {
      switch option.valueType {
      case .integer?: _ = try integer(option)
      case .number?: _ = try number(option)
      case .duration?: if let text = texts(option).last { _ = try duration(option, text: text) }
      case .choice(let words)?:
        for text in texts(option) where !words.contains(text) {
          throw invalidValue(
            text, for: option.name, expected: "one of \(words.joined(separator: ", "))")
        }
      case nil: break
      }
    }
    try validateFigureSize()
  }

  /// The first broken rule of the command, as a usage error.
  func check(_ rules: [OptionRule]) throws {
    if let rule = rules.lazy.compactMap({ $0.broken(in: self) }).first {
      throw usage(rule.message)
    }
  }

  // MARK: - Global options

  /// `-q`: no progress or informational messages (data, warnings and errors still print).
  public var quiet: Bool { self[SharedOptions.quiet] }
  /// `-v`: request URLs (without key) and other detail on stderr.
  public var verbose: Bool { self[SharedOptions.verbose] && !quiet }
  /// Colour on stdout only on a terminal, never with `--no-color`, a non-empty `NO_COLOR`, or
  /// `TERM=dumb`.
  public var useColor: Bool {
    !self[SharedOptions.noColor] && context.stdoutIsTTY
      && (context.environment["NO_COLOR"] ?? "").isEmpty
      && context.environment["TERM"] != "dumb"
  }

  /// `--db` > `$SKYCAST_DB` > `$XDG_DATA_HOME/skycast/skycast.sqlite` > `~/.local/share/…`.
  public var databasePath: String {
    if let path = values[SharedOptions.dbPath.spec.name]?.last, !path.isEmpty {
      return context.resolve(path: path)
    }
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
    if let given = values[SharedOptions.dbPath.spec.name]?.last,
      given.trimmingCharacters(in: .whitespaces).isEmpty
    {
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

  /// True when the flag was given.
  public subscript(_ flag: Flag) -> Bool { values[flag.spec.name] != nil }

  /// The option's value, typed: as given, else the declared default.
  ///
  /// - Throws: `CLIError.usage` when the text is not a value of the option's type and range.
  public subscript<Value>(_ option: Option<Value>) -> Value {
    get throws { try option.read(self, option.spec) }
  }

  /// Text options never fail to read: the words as given.
  public subscript(_ option: Option<String?>) -> String? {
    (try? option.read(self, option.spec)) ?? nil
  }

  /// Text options never fail to read: the words as given, else the default.
  public subscript(_ option: Option<String>) -> String {
    (try? option.read(self, option.spec)) ?? option.spec.defaultText ?? ""
  }

  /// List options never fail to read: the words as given.
  public subscript(_ option: Option<[String]>) -> [String] {
    (try? option.read(self, option.spec)) ?? []
  }

  /// True when the option (of any type) was given, e.g. to refuse it in a mode that ignores it.
  public func isGiven(_ option: any OptionKey) -> Bool { values[option.spec.name] != nil }

  /// The words given for the option, as typed (e.g. to record a selection).
  public func givenWords(_ option: any OptionKey) -> [String] { texts(option.spec) }

  /// How many times a flag was given.
  public func count(_ flag: Flag) -> Int { values[flag.spec.name]?.count ?? 0 }

  /// The words given for `spec`, in order.
  func texts(_ spec: OptionSpec) -> [String] { values[spec.name] ?? [] }

  /// Repeated and comma-separated values flattened: `--city a --city b,c` → `[a, b, c]`.
  func list(_ spec: OptionSpec) -> [String] {
    texts(spec).flatMap {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    .filter { !$0.isEmpty }
  }

  /// A whole number in the declared range; nil when not given.
  func integer(_ spec: OptionSpec) throws -> Int? {
    guard let text = texts(spec).last else { return nil }
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw invalidValue(text, for: spec.name, expected: "a whole number")
    }
    if case .integer(let range)? = spec.valueType, !range.contains(value) {
      throw invalidValue(
        text, for: spec.name,
        expected: "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A finite number in the declared range; nil when not given.
  func number(_ spec: OptionSpec) throws -> Double? {
    guard let text = texts(spec).last else { return nil }
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      throw invalidValue(text, for: spec.name, expected: "a number")
    }
    if case .number(let range)? = spec.valueType, !range.contains(value) {
      throw invalidValue(
        text, for: spec.name,
        expected: "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A `YYYY-MM-DD` date; nil when not given.
  func date(_ spec: OptionSpec) throws -> LocalDate? {
    guard let text = texts(spec).last else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let date = LocalDate(trimmed) else {
      if let problem = LocalDate.calendarProblem(trimmed) {
        throw invalidValue(text, for: spec.name, expected: "", reason: problem)
      }
      throw invalidValue(text, for: spec.name, expected: "a date as YYYY-MM-DD")
    }
    return date
  }

  /// `--from`/`--to` as an inclusive range; from > to is a usage error.
  func dateRange(
    from: Option<LocalDate?> = SharedOptions.from, to: Option<LocalDate?> = SharedOptions.to,
    required: Bool
  ) throws -> ClosedRange<LocalDate>? {
    let (fromName, toName) = (from.spec.name, to.spec.name)
    switch (try self[from], try self[to]) {
    case (let from?, let to?):
      guard from <= to else {
        throw usage("--\(fromName) \(from) is after --\(toName) \(to)")
      }
      return from...to
    case (nil, nil):
      if required {
        throw usage("Missing expected options '--\(fromName) <date>' and '--\(toName) <date>'")
      }
      return nil
    case (nil, _): throw usage("Missing value for '--\(fromName) <date>' (needed with --\(toName))")
    case (_, nil): throw usage("Missing value for '--\(toName) <date>' (needed with --\(fromName))")
    }
  }

  /// One of a fixed set of words; nil when not given.
  func choice<T: RawRepresentable & CaseIterable>(_ spec: OptionSpec, as type: T.Type) throws
    -> T?
  where T.RawValue == String {
    guard let text = texts(spec).last else { return nil }
    guard let value = T(rawValue: text) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw invalidValue(text, for: spec.name, expected: "one of \(allowed)")
    }
    return value
  }

  /// A duration such as `30m`, `2h`, `45s`, `1d` or plain seconds, in seconds.
  func duration(_ spec: OptionSpec, text: String) throws -> Int {
    let text = text.trimmingCharacters(in: .whitespaces)
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    var number = Substring(text)
    var factor = 1
    if let last = text.last, let unit = units[last] {
      number = number.dropLast()
      factor = unit
    }
    guard let value = Int(number), value >= 0, value < Int.max / 86_400 else {
      throw invalidValue(text, for: spec.name, expected: "a duration such as 30m, 2h or 45s")
    }
    return value * factor
  }

  // MARK: - Errors

  /// A usage error for this command (exit 64).
  public func usage(_ message: String) -> CLIError {
    .usage(message, command: commandPath)
  }

  /// The error for a command line a declared rule should have refused before `run` (a
  /// command called another way than the command line, as a test may): a failure, not a
  /// usage error, since the user did nothing wrong.
  func ruleNotChecked(_ what: String) -> CLIError {
    .failure("\(commandPath.joined(separator: " ")): \(what) (its rules were not checked)")
  }

  /// "The value 'x' is invalid for '--name': expected …"; `label` names the option another
  /// way (`--threshold <x>`), `reason` replaces "expected …".
  func invalidValue(
    _ text: String, for name: String, expected: String, label: String? = nil,
    reason: String? = nil
  ) -> CLIError {
    usage(
      "The value '\(TerminalSafe.escape(text))' is invalid for '\(label ?? "--" + name)': \(reason ?? "expected " + expected)"
    )
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

  /// Runs `body`, a long analysis over `store`, and on a terminal shows `label: 3 s…` once it
  /// has run two seconds, every second until it is done (then the line is cleared). SQLite
  /// calls back while it reads, joins and sorts, so a long sort shows progress too.
  public func showingProgress<T>(_ label: String, store: Store, _ body: () throws -> T) rethrows
    -> T
  {
    let start = ContinuousClock.now
    var shown: Int64 = 0
    defer { endProgress() }
    return try store.reportingProgress(
      { [self] in
        let seconds = (ContinuousClock.now - start).components.seconds
        guard seconds >= 2, seconds != shown else { return }
        shown = seconds
        progress("\(label): working, \(seconds) s…")
      }, body)
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
  var formatChoice: FormatChoice? {
    values[SharedOptions.format().spec.name]?.last.flatMap(FormatChoice.init)
  }

  public func outputFormat(allowed: [OutputFormat] = OutputFormat.allCases) throws -> OutputFormat {
    guard let text = self[SharedOptions.format()] else {
      let fallback: OutputFormat =
        context.stdoutIsTTY && !isGiven(SharedOptions.outputPath) ? .table : .csv
      return allowed.contains(fallback) ? fallback : allowed[0]
    }
    guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
      throw invalidValue(
        text, for: "format", expected: "one of \(allowed.map(\.rawValue).joined(separator: ", "))")
    }
    if self[SharedOptions.standalone], format != .latex {
      throw usage("--standalone makes a LaTeX document; use it with --format latex")
    }
    return format
  }

  /// The row writer for `format` over `output`; `latex` gets the `\label` `tab:skycast-<command>`
  /// and `--standalone`.
  ///
  /// - Parameters:
  ///   - fitsTerminal: an aligned table on stdout fits `$COLUMNS` (or 80) even in a pipe:
  ///     comments wrap, headers break, text cells shorten (`TableFit`). On a terminal every
  ///     table fits, and also leaves out the columns that still do not fit.
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
    let locale = (try? self[SharedOptions.excelLocale]) ?? .en
    let writer = RowWriters.make(
      format: format, output: output, excel: excel,
      document: TableDocument(
        label: self[SharedOptions.label] ?? label,
        standalone: self[SharedOptions.standalone],
        caption: self[SharedOptions.caption],
        constantsInCaption: constantsInCaption), locale: locale)
    if let latex = writer as? LaTeXWriter { latex.warn = { [weak self] in self?.warn($0) } }
    if fitsTerminal, output === stdout, let table = writer as? TableWriter {
      table.fitWidth = context.width(override: nil)
    }
    // On a terminal every table fits its width: comments wrap at spaces, headers break, text
    // shortens, and columns that still do not fit are left out with a comment naming them.
    // Files and pipes keep one line per comment, for grep, and every column.
    if output === stdout, context.stdoutIsTTY, let table = writer as? TableWriter {
      table.commentWidth = context.width(override: nil)
      table.fitWidth = context.width(override: nil)
      table.dropsColumns = true
    }
    let chosen = list(SharedOptions.columns.spec)
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
    guard let path = self[SharedOptions.outputPath], path != "-" else { return stdout }
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
