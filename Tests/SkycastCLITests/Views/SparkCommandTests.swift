import Export
import Foundation
import TestSupport
import Testing

@testable import Store

@Suite struct SparkCommandTests {
  /// `spark -` over known series: the exact line.
  @Test(
    "spark - draws known series",
    arguments: [
      ("1 2 3 4 5 6 7 8", "stdin  min 1 ▁▂▃▄▅▆▇█ max 8  last 8"),
      ("1\n2\n3\n4\n5\n6\n7\n8\n", "stdin  min 1 ▁▂▃▄▅▆▇█ max 8  last 8"),
      ("5 5 5", "stdin  min 5 ▄▄▄ max 5  last 5"),
      ("1,,3", "stdin  min 1 ▁ █ max 3  last 3"),
      ("1 nan 3", "stdin  min 1 ▁ █ max 3  last 3"),
      ("1 NULL 3\n", "stdin  min 1 ▁ █ max 3  last 3"),
      ("1\n\n3\n", "stdin  min 1 ▁ █ max 3  last 3"),
      ("-6.2, 0, 3.5", "stdin  min −6.2 ▁▅█ max 3.5  last 3.5"),
      ("2 null", "stdin  min 2 ▄  max 2  last 2"),
    ])
  func stdinSeries(_ input: String, _ expected: String) async {
    let harness = CLIHarness()
    let result = await harness.run(["spark", "-"], stdin: input)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == expected + "\n", "\(result)")
  }

  /// `--min/--max` fix the scale; `--ascii` swaps the ticks and the minus sign.
  @Test("fixed scale and ASCII ticks")
  func scaleAndASCII() async {
    let harness = CLIHarness()
    let fixed = await harness.run(["spark", "-", "--min", "0", "--max", "20"], stdin: "0 5 10 30")
    #expect(fixed.stdout == "stdin  min 0 ▁▃▅█ max 30  last 30\n", "\(fixed)")
    let ascii = await harness.run(["spark", "-", "--ascii"], stdin: "-1 0 1 2 3 4 5 6")
    #expect(ascii.stdout == "stdin  min -1 _.-:=+*# max 6  last 6\n", "\(ascii)")
    let reversed = await harness.run(["spark", "-", "--min", "5", "--max", "1"], stdin: "1 2")
    #expect(reversed.exitCode == 64)
  }

  /// Long series are fitted to `--width`, else `$COLUMNS`, else 80.
  @Test("lines fit --width, then COLUMNS, then 80")
  func width() async {
    let harness = CLIHarness()
    let input = (1...500).map(String.init).joined(separator: " ")
    let narrow = await harness.run(["spark", "-", "--width", "45"], stdin: input)
    #expect(DisplayWidth.of(narrow.stdout.trimmingCharacters(in: .newlines)) == 45, "\(narrow)")
    // Labels take 31 columns: under 10 ticks would be left, so the ticks get their own line.
    let tiny = await harness.run(["spark", "-", "--width", "20"], stdin: input)
    let tinyLines = tiny.stdout.split(separator: "\n").map(String.init)
    #expect(tinyLines.count == 3, "\(tiny)")
    #expect(tinyLines.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(tiny)")
    #expect(tinyLines[2].count == 20)
    harness.environment["COLUMNS"] = "60"
    let columns = await harness.run(["spark", "-"], stdin: input)
    #expect(DisplayWidth.of(columns.stdout.trimmingCharacters(in: .newlines)) == 60)
    let override = await harness.run(["spark", "-", "--width", "50"], stdin: input)
    #expect(DisplayWidth.of(override.stdout.trimmingCharacters(in: .newlines)) == 50)
    harness.environment["COLUMNS"] = nil
    harness.terminalColumns = 70
    let terminal = await harness.run(["spark", "-"], stdin: input)
    #expect(DisplayWidth.of(terminal.stdout.trimmingCharacters(in: .newlines)) == 70)
    harness.terminalColumns = nil
    let fallback = await harness.run(["spark", "-"], stdin: input)
    #expect(DisplayWidth.of(fallback.stdout.trimmingCharacters(in: .newlines)) == 80)
    // 1…500 in 49 ticks: min, max and last are the first and last ticks' means.
    #expect(fallback.stdout.hasPrefix("stdin  min 6 ▁"), "\(fallback)")
    #expect(fallback.stdout.hasSuffix("█ max 495  last 495\n"), "\(fallback)")
  }

  /// Colour only on a terminal, and never with NO_COLOR or --no-color.
  @Test("colour only on a TTY without NO_COLOR")
  func colour() async {
    let harness = CLIHarness()
    let piped = await harness.run(["spark", "-"], stdin: "1 2 3")
    #expect(!piped.stdout.contains("\u{1B}["))
    harness.stdoutIsTTY = true
    let tty = await harness.run(["spark", "-"], stdin: "1 2 3")
    #expect(tty.stdout == "stdin  min 1 \u{1B}[36m▁▅█\u{1B}[0m max 3  last 3\n", "\(tty)")
    let flag = await harness.run(["spark", "-", "--no-color"], stdin: "1 2 3")
    #expect(flag.stdout == "stdin  min 1 ▁▅█ max 3  last 3\n")
    harness.environment["NO_COLOR"] = "1"
    let environment = await harness.run(["spark", "-"], stdin: "1 2 3")
    #expect(environment.stdout == "stdin  min 1 ▁▅█ max 3  last 3\n")
    harness.environment["NO_COLOR"] = nil
    harness.environment["LANG"] = "C"
    let cLocale = await harness.run(["spark", "-"], stdin: "1 2 3")
    #expect(
      cLocale.stdout == "stdin  min 1 \u{1B}[36m_=#\u{1B}[0m max 3  last 3\n",
      "a non-UTF-8 terminal gets ASCII")
  }

  /// Unreadable input is a usage error naming the value.
  @Test("bad stdin is a usage error", arguments: ["1 x 3", "", "  \n ", "1 2 --"])
  func badInput(_ input: String) async {
    let harness = CLIHarness()
    let result = await harness.run(["spark", "-"], stdin: input)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: spark -: "))
  }

  /// Stored series: the latest forecast of the recorded Copenhagen response on one local day.
  @Test("draws the latest forecast of a stored city")
  func storedDay() async throws {
    let harness = ViewsFixtures.harness(at: 1_785_102_420)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run(
      "spark", "--city", "Copenhagen", "--from", "2026-07-27", "--to", "2026-07-27", "--width",
      "120")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout
        == "Copenhagen temperature_2m °C  min 14.9 ▃▂▂▁▁▁▂▂▂▃▄▅▆▇▇███▇▇▆▅▃▂ max 18.8  last 15.7\n",
      "\(result)")
    #expect(
      result.stderr.contains(
        "temperature_2m: latest forecast (best_match), 2026-07-27 to 2026-07-27"))
  }

  /// Without dates: the 168 hours up to the current hour, so hours before the first stored
  /// forecast are gaps; several cities align.
  @Test("default range is the last 168 hours, with several cities aligned")
  func defaultRange() async throws {
    let harness = ViewsFixtures.harness(at: 1_785_241_800)  // 2026-07-28T12:30Z
    try ViewsFixtures.storeCopenhagen(harness)
    try ViewsFixtures.storeCopenhagen(harness, name: "København")
    let result = await harness.run("spark", "--width", "120")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result)")
    // 168 hours in 64 ticks of 2–3 hours: the labels are the drawn means.
    #expect(lines[0].hasPrefix("Copenhagen temperature_2m °C  min 14.4     "), "\(result)")
    #expect(lines[0].hasSuffix("▁▁▄█ max 21.7  last 21.7"), "\(result)")
    #expect(lines[1].hasPrefix("København  temperature_2m °C  min 14.4     "))
    #expect(DisplayWidth.of(lines[0]) == DisplayWidth.of(lines[1]))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 120 })
  }

  /// A daily variable draws one tick per local date; an unknown variable is a usage error.
  @Test("daily variables and unknown variables")
  func dailyAndUnknown() async throws {
    let harness = ViewsFixtures.harness(at: 1_785_102_420)
    try ViewsFixtures.storeCopenhagen(harness)
    let daily = await harness.run(
      "spark", "--var", "temperature_2m_max", "--from", "2026-07-26", "--to", "2026-08-01")
    #expect(
      daily.stdout == "Copenhagen temperature_2m_max °C  min 18.8 ▅▁█▇█▆▄ max 23.6  last 20.7\n",
      "\(daily)")
    let unknown = await harness.run("spark", "--var", "sunshine")
    #expect(unknown.exitCode == 64)
    let observed = await harness.run("spark", "--series", "observed")
    #expect(observed.exitCode == 1)
    #expect(observed.stderr.contains("no observations stored"), "\(observed)")
  }

  /// Two weeks of hours averaged into ticks: the labels are the drawn means, so the lowest tick
  /// is ▁ and the highest █, and stderr says what each tick averages.
  @Test("averaged ticks are labelled by what is drawn")
  func averagedLabels() async throws {
    let harness = ViewsFixtures.harness(at: 1_785_102_420)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run(
      "spark", "--from", "2026-07-26", "--to", "2026-08-01", "--width", "80")
    #expect(result.exitCode == 0, "\(result)")
    let line = result.stdout.trimmingCharacters(in: .newlines)
    #expect(line.contains("▁") && line.contains("█"), "\(line)")
    // One tick per hour shows the raw extremes; the drawn means are milder.
    let raw = await harness.run(
      "spark", "--from", "2026-07-26", "--to", "2026-08-01", "--width", "400")
    #expect(raw.stdout.hasPrefix("Copenhagen temperature_2m °C  min 14.2 "), "\(raw)")
    #expect(raw.stdout.contains(" max 23.6  last 18.7\n"), "\(raw)")
    #expect(!line.contains("min 14.2") && !line.contains("max 23.6"), "\(line)")
    #expect(DisplayWidth.of(line) == 80, "\(line)")
    #expect(
      result.stderr.contains("each tick is the mean of 8 values to fit 80 columns"), "\(result)")
    let exact = await harness.run(
      "spark", "--from", "2026-07-27", "--to", "2026-07-27", "--width", "120")
    #expect(!exact.stderr.contains("each tick"), "one value per tick: \(exact)")
  }

  /// No line is wider than the terminal: long labels move the ticks to a line of their own.
  @Test("lines never exceed the width", arguments: [24, 40, 60, 61, 62, 80])
  func neverWider(width: Int) async throws {
    let harness = ViewsFixtures.harness(at: 1_785_102_420)
    try ViewsFixtures.storeCopenhagen(harness, name: "Frederick, Maryland")
    try ViewsFixtures.storeCopenhagen(harness, name: "Copenhagen")
    let result = await harness.run(
      "spark", "--from", "2026-07-26", "--to", "2026-08-01", "--width", String(width))
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("Frederick, Maryland") }, "\(result.stdout)")
  }

  /// `--lead-from run`: "latest issue with lead >= 0" counts from the model run, so the hours a
  /// run covered before it was fetched are drawn; `--lead-from fetch` keeps today's series.
  @Test("--lead-from run draws the hours between the run and the fetch; fetch does not")
  func leadFrom() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    #expect(await harness.run("collect").exitCode == 0)
    func ticks(_ extra: String...) async -> (count: Int, note: String) {
      let result = await harness.run(["spark", "--width", "400"] + extra)
      #expect(result.exitCode == 0, "\(result)")
      return (result.stdout.filter { "▁▂▃▄▅▆▇█".contains($0) }.count, result.stderr)
    }
    // best_match is a blend with no run: both origins draw the one hour since the 09 UTC fetch.
    #expect(await ticks().count == 1)
    #expect(await ticks("--lead-from", "run").count == 1)
    // A fetch that recorded its run (00 UTC): the run's hours 00-09 UTC are drawn by default.
    let store = try harness.store()
    try store.database.execute("UPDATE fetches SET run_at = issued_at - 9 * 3600")
    let byRun = await ticks()
    #expect(byRun.count == 10, "\(byRun)")
    #expect(byRun.note.contains("lead from the model run"), "\(byRun.note)")
    #expect(await ticks("--lead-from", "fetch").count == 1)
    let daily = await harness.run("spark", "--var", "temperature_2m_max", "--lead-from", "run")
    #expect(daily.exitCode == 64 && daily.stderr.contains("--lead-from applies to hourly"))
  }
}
