import Foundation
import SkycastResources

/// Named SQL reports: the built-in `Queries/*.sql` compiled into the binary, plus the user's
/// own files in `$XDG_CONFIG_HOME/skycast/queries` (default `~/.config/skycast/queries`). A user
/// file with the name of a built-in replaces it.
///
/// A report is one `.sql` file holding one statement, named by its file name without `.sql`,
/// and opened by a header of `--` comment lines:
///
/// ```sql
/// -- name: forecast-error-by-lead-day
/// -- description: Bias, MAE and RMSE of 2 m temperature by lead day.
/// -- parameters: :city_id, :from, :to, :obs = era5
/// -- (any further comment lines: notes for the reader)
/// SELECT …
/// ```
///
/// `parameters` lists the named parameters, comma-separated, each `:name` or `:name = default`
/// (the word `null` for SQL NULL). See ``ReportBinding`` for how values are bound.
///
/// The built-in files are embedded at build time by the `EmbedResourcesPlugin` build-tool
/// plugin, so they work from any working directory and after the binary is moved (SwiftPM's
/// `Bundle.module` does not: swiftpm #4432, #10544).
public struct QueryLibrary: Sendable {
  /// Every usable report by name, user files replacing built-ins, sorted by name.
  public private(set) var reports: [Report]
  /// Files that were skipped or look wrong, one message each (for warnings).
  public private(set) var problems: [String]

  /// The built-in reports and those in `userDirectory` (nil or missing: none).
  public init(userDirectory: String?) {
    var files: [(name: String, text: String?, origin: Report.Origin)] = []
    for (path, data) in EmbeddedResources.files(in: "Queries") {
      guard let name = Self.reportName(fileName: path) else { continue }
      files.append((name, String(data: data, encoding: .utf8), .builtIn))
    }
    if let userDirectory {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: userDirectory)) ?? []
      for entry in entries {
        guard let name = Self.reportName(fileName: entry) else { continue }
        let path = (userDirectory as NSString).appendingPathComponent(entry)
        let text = FileManager.default.contents(atPath: path).flatMap {
          String(data: $0, encoding: .utf8)
        }
        files.append((name, text, .user(path: path)))
      }
    }
    self.init(files: files)
  }

  /// A library from file contents (`text` nil: unreadable or not UTF-8). Later files with the
  /// same name replace earlier ones, so pass built-ins first.
  package init(files: [(name: String, text: String?, origin: Report.Origin)]) {
    var byName: [String: Report] = [:]
    var problems: [String] = []
    for file in files {
      guard let text = file.text else {
        problems.append(
          "\(file.origin.location(name: file.name)): not readable as UTF-8 text; skipped")
        continue
      }
      do {
        let report = try Report(name: file.name, text: text, origin: file.origin)
        if let headerName = report.headerName, headerName != file.name {
          problems.append(
            "\(file.origin.location(name: file.name)): header says '-- name: \(headerName)'; "
              + "the file name '\(file.name)' is the report's name")
        }
        byName[file.name] = report
      } catch {
        problems.append("\(file.origin.location(name: file.name)): \(error); skipped")
      }
    }
    reports = byName.values.sorted { $0.name < $1.name }
    self.problems = problems
  }

  /// The report called `name`, or nil.
  public func report(named name: String) -> Report? {
    reports.first { $0.name == name }
  }

  /// `$XDG_CONFIG_HOME/skycast/queries`, else `$HOME/.config/skycast/queries`; nil without
  /// either. A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory spec says.
  public static func userDirectory(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/skycast/queries"
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home + "/.config/skycast/queries"
    }
    return nil
  }

  /// `daily-summary` for `daily-summary.sql`; nil for other files, hidden files and subfolders.
  package static func reportName(fileName: String) -> String? {
    guard fileName.hasSuffix(".sql"), !fileName.hasPrefix("."), !fileName.contains("/") else {
      return nil
    }
    let name = String(fileName.dropLast(4))
    return name.isEmpty ? nil : name
  }
}
