import Foundation
import TestSupport
import Testing

@testable import SkycastCLI
@testable import SkycastModel
@testable import Store

/// `skycast completions` and `skycast manual`: generated from the command declarations, they
/// complete what the scanner accepts, and the shells and roff accept them.
@Suite struct CompletionsCommandTests {
  /// Runs `script` in `shell` (`-c`), or nil when the shell is not installed.
  static func run(_ shell: String, _ script: String) async throws
    -> (status: Int32, output: String)?
  {
    guard
      let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    let outcome = try await Subprocess.run(path, ["-c", script], mergingOutput: true)
    return (outcome.status, outcome.stdout)
  }

  /// The script of `shell` as `skycast completions` prints it.
  static func script(_ shell: String) async throws -> String {
    let result = await CLIHarness().run("completions", shell)
    #expect(result.exitCode == 0, "\(result)")
    return result.stdout
  }

  /// What bash offers for the command line `line` (the cursor at its end), with `skycast`
  /// itself stubbed to list two saved cities.
  static func bashCompletions(_ script: String, _ line: String) async throws -> [String]? {
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let quoted = words.map { CompletionScript.singleQuoted($0) }.joined(separator: " ")
    let program = """
      skycast() { printf '%s\\n' Berlin 'New York'; }
      \(script)
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _skycast
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    guard let (status, output) = try await run("bash", program) else { return nil }
    #expect(status == 0, "\(output)")
    return output.split(separator: "\n").map(String.init)
  }

  @Test(
    "bash completes subcommands, nested options, option values and saved city names",
    arguments: [
      ("skycast co", ["collect", "completions"]),
      ("skycast city add --la", ["--language", "--lat"]),
      ("skycast --db my.sqlite collect --da", ["--days"]),
      ("skycast verify --by lead", ["lead", "lead-day"]),
      ("skycast summary uv --by m", ["month"]),
      ("skycast observe --source h", ["historical-forecast"]),
      ("skycast verify --threshold 1 --op g", ["ge", "gt"]),
      ("skycast export hourly --format cs", ["csv"]),
      ("skycast spark --var temperature_2m_m", ["temperature_2m_max", "temperature_2m_min"]),
      ("skycast now --city New", ["New York"]),
      ("skycast db ", ["info", "check", "vacuum", "backup", "prune", "merge"]),
      ("skycast help verif", ["verify", "verification"]),
      ("skycast help sch", ["schema"]),
    ])
  func bash(line: String, expected: [String]) async throws {
    let script = try await Self.script("bash")
    guard let offered = try await Self.bashCompletions(script, line) else { return }
    if line.hasSuffix(" ") {
      #expect(Array(offered.prefix(expected.count)) == expected, "\(line): \(offered)")
    } else {
      #expect(offered == expected, "\(line): \(offered)")
    }
  }

  @Test("every subcommand and option the scanner accepts is in each script")
  func complete() async throws {
    let model = CompletionModel(root: CommandRegistry.root, globalOptions: CLI.globalOptions)
    for shell in CompletionScript.Shell.allCases {
      let script = try await Self.script(shell.rawValue)
      for command in model.commands {
        for option in command.options {
          #expect(script.contains("--\(option.name)") || script.contains("-l \(option.name)"))
        }
        for subcommand in command.spec.subcommands {
          #expect(script.contains(subcommand.name), "\(shell): \(subcommand.name)")
        }
      }
    }
  }

  @Test("the zsh and fish scripts parse (checked where the shells are installed, as in CI)")
  func parse() async throws {
    for (shell, check) in [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish --no-execute")] {
      let script = try await Self.script(shell)
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("skycast-completion-\(UUID().uuidString).\(shell)")
      try Data(script.utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      guard
        let (status, output) = try await Self.run(
          "bash", "command -v \(shell) >/dev/null || exit 99; \(check) '\(file.path)'")
      else { continue }
      #expect(status == 0 || status == 99, "\(shell): \(output)")
    }
  }

  @Test("golden scripts and manual page", arguments: ["bash", "zsh", "fish", "manual"])
  func golden(kind: String) async throws {
    let result =
      kind == "manual"
      ? await CLIHarness().run("manual") : await CLIHarness().run("completions", kind)
    #expect(result.exitCode == 0, "\(result)")
    let file = kind == "manual" ? "manual.roff" : "completions.\(kind)"
    let stored = GoldenText.stored(file, updatingWith: result.stdout)
    #expect(result.stdout == stored, "\(file) differs")
  }

  @Test("--list-cities prints the saved names once each; without a database, nothing")
  func listCities() async throws {
    let harness = CLIHarness()
    let empty = await harness.run("completions", "--list-cities")
    #expect(empty.exitCode == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty, "\(empty)")
    #expect(!FileManager.default.fileExists(atPath: harness.databasePath), "no file created")
    for (name, latitude) in [("New York", 40.7), ("Berlin", 52.5), ("Berlin", 44.9)] {
      _ = try harness.store().addCity(City(name: name, latitude: latitude, longitude: 10))
    }
    let listed = await harness.run("completions", "--list-cities")
    #expect(listed.exitCode == 0, "\(listed)")
    #expect(listed.stdout == "Berlin\nNew York\n")
  }

  @Test("an unknown or missing shell is a usage error")
  func badShell() async throws {
    let harness = CLIHarness()
    let unknown = await harness.run("completions", "tcsh")
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr.hasPrefix("Error: The value 'tcsh' is invalid for '<shell>'"))
    let missing = await harness.run("completions")
    #expect(missing.exitCode == 64 && missing.stderr.contains("Usage: skycast completions"))
  }

  @Test("the manual page lists every command and renders without roff warnings")
  func manual() async throws {
    let result = await CLIHarness().run("manual")
    #expect(result.exitCode == 0, "\(result)")
    for command in CommandRegistry.root.subcommands {
      #expect(result.stdout.contains(".SS \"skycast \(command.name)\""), "\(command.name)")
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("skycast-\(UUID().uuidString).1")
    try Data(result.stdout.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    guard
      let (status, output) = try await Self.run(
        "bash",
        "command -v groff >/dev/null || exit 99; groff -man -Tutf8 -ww -z '\(file.path)' 2>&1")
    else { return }
    #expect(status == 0 || status == 99, "\(output)")
    #expect(status == 99 || output.isEmpty, "groff warnings: \(output)")
  }

  @Test("a command with more than 12 options shows [<options>] in its usage line")
  func usageCollapse() async throws {
    let verify = await CLIHarness().run("verify", "--help")
    #expect(verify.stdout.contains("USAGE: skycast verify [<options>]\n"), "\(verify.stdout)")
    let spark = await CLIHarness().run("spark", "--help")
    #expect(spark.stdout.contains("USAGE: skycast spark [<options>] [<input>]\n"))
    let remove = await CLIHarness().run("city", "remove", "--help")
    #expect(remove.stdout.contains("USAGE: skycast city remove [--purge] <city>"), "\(remove)")
  }
}
