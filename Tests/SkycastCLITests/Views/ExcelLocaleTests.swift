import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// `export --excel --excel-locale de`: `;` between fields, decimal commas, and LibreOffice set
/// to German reads every number as a number (where LibreOffice is installed; CI installs it).
@Suite struct ExcelLocaleTests {
  @Test("--excel-locale de writes ; and decimal commas, byte-exact")
  func german() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let path = harness.directory.file("hourly.csv")
    let result = await harness.run(
      "export", "hourly", "--excel", "--excel-locale", "de", "--var",
      "temperature_2m,precipitation,weather_code", "-o", path)
    #expect(result.exitCode == 0, "\(result)")
    let expected =
      "\u{FEFF}"
      + "city;city_id;timezone;fetch_id;source;model;issued_at;valid_at;utc_offset (h);valid_date;valid_hour;lead_hours;temperature_2m (°C);precipitation (mm);weather_code (wmo code)\r\n"
      + "北京;1;Asia/Shanghai;1;forecast;best_match;2026-03-20 08:00;2026-03-20 08:00;8,0;2026-03-20;8;0;-6,3;;3\r\n"
      + "北京;1;Asia/Shanghai;1;forecast;best_match;2026-03-20 08:00;2026-03-20 09:00;8,0;2026-03-20;9;1;2,0;0,3;61\r\n"
      + "\"Zürich, \"\"ZH\"\"\";2;Europe/Zurich;2;forecast;best_match;2026-03-29 01:00;2026-03-29 01:00;1,0;2026-03-29;1;0;3,5;0,0;0\r\n"
    let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
    #expect(bytes.starts(with: Array(expected.utf8)), "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test("--excel-locale needs --excel; an unknown locale is a usage error")
  func usage() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let alone = await harness.run("export", "hourly", "--excel-locale", "de")
    #expect(alone.exitCode == 64 && alone.stderr.contains("--excel"), "\(alone)")
    let unknown = await harness.run("export", "hourly", "--excel", "--excel-locale", "xx")
    #expect(unknown.exitCode == 64, "\(unknown)")
  }

  /// LibreOffice with a German locale (CSV filter: `;`, `"`, UTF-8, from line 1, language 1031)
  /// reads the temperatures of the `de` file as numbers, and those of the plain file as text or
  /// dates: the check that the option is needed at all.
  @Test("LibreOffice in German reads --excel-locale de numbers as numbers")
  func libreOffice() async throws {
    guard
      let soffice = ["/usr/bin/soffice", "/usr/local/bin/soffice"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      print("note: LibreOffice is not installed; the spreadsheet check is skipped")
      return
    }
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    var floats: [String: Int] = [:]
    for (locale, separator) in [("de", 59), ("en", 44)] {
      let name = "t-\(locale).csv"
      let result = await harness.run(
        "export", "hourly", "--excel", "--excel-locale", locale, "--var", "temperature_2m", "-o",
        harness.directory.file(name))
      #expect(result.exitCode == 0, "\(result)")
      _ = try await Subprocess.run(
        soffice,
        [
          "-env:UserInstallation=file://\(harness.directory.file("lo-profile"))", "--headless",
          "--infilter=CSV:\(separator),34,76,1,,1031", "--convert-to", "fods", "--outdir",
          harness.directory.path, harness.directory.file(name),
        ])
      let sheet = try String(
        contentsOfFile: harness.directory.file("t-\(locale).fods"), encoding: .utf8)
      // The temperatures -6.3, 2.0, 3.5 and 0.0 as floats.
      floats[locale] =
        ["-6.3", "2", "3.5", "0"].filter {
          sheet.contains("office:value-type=\"float\" office:value=\"\($0)\"")
        }.count
    }
    #expect(floats["de"] == 4, "\(floats)")
    #expect((floats["en"] ?? 0) < 4, "German LibreOffice misreads the plain file: \(floats)")
  }
}
