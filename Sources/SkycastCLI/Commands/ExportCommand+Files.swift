import Export
import ExportJobs
import Foundation
import SkycastModel
import Store

/// `--split-by`: one file per city or local month.
///
/// File names: with `-o DIR/` (a trailing slash or an existing directory) the files are
/// `DIR/<table>-<part>.<ext>` (`exports/hourly-Berlin.csv`, `exports/hourly-2026-03.csv`); with
/// any other `-o PREFIX` they are `PREFIX-<part>.<ext>` (`-o out/berlin` gives
/// `out/berlin-2026-03.csv`; missing folders are created). A city part is the city's name with
/// `/ \ : * ? " < > |` and control characters replaced by `_`, cut to 120 bytes (whole
/// characters), plus `-<id>` when two cities would get the same name. The extension follows
/// the format: csv, json, ndjson, or txt for a table. Parts without rows make no file.
extension ExportCommand {
  static func writeParts(
    _ invocation: Invocation, export: HistoryExport, split: ExportSplit, table: ExportTable,
    format: OutputFormat, store: Store
  ) throws -> Int32 {
    let prefix = try filePrefix(invocation, table: table)
    let extensionName = format.fileExtension
    let names = try cityFileNames(store.cities())
    var files: [ExportPart: String] = [:]
    let counts = try export.write(splitBy: split) { part in
      let name: String
      switch part {
      case .city(let id): name = names[id] ?? String(id)
      case .month(let month): name = month
      }
      let path = prefix + name + "." + extensionName
      files[part] = path
      // Every part is renamed into place only when the whole export succeeded.
      let output = try invocation.fileOutput(at: path)
      return rowWriter(invocation, format: format, output: output, excel: invocation[Options.excel])
    }
    if counts.isEmpty {
      invocation.warn("no rows to export; no files written")
      return ExitStatus.success
    }
    let total = counts.values.reduce(0, +)
    invocation.afterCommit(
      "exported \(total) row\(total == 1 ? "" : "s") in \(counts.count) file\(counts.count == 1 ? "" : "s"):"
    )
    for part in counts.keys.sorted() {
      invocation.afterCommit("  \(files[part] ?? "?")  \(counts[part] ?? 0) rows")
    }
    return ExitStatus.success
  }

  /// `DIR/<table>-` for a directory, else `PREFIX-` (resolved against the working directory);
  /// missing folders are created.
  static func filePrefix(_ invocation: Invocation, table: ExportTable) throws -> String {
    let given = invocation[SharedOptions.outputPath] ?? ""
    let path = invocation.context.resolve(path: given)
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    if given.hasSuffix("/") || (exists && isDirectory.boolValue) {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw CLIError.failure("cannot create directory \(given): \(error.localizedDescription)")
      }
      return (path.hasSuffix("/") ? path : path + "/") + table.rawValue + "-"
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CLIError.failure("cannot create directory \(folder): \(error.localizedDescription)")
      }
    }
    return path + "-"
  }

  /// A file-name part per city: its name made safe and short, with the id added where names
  /// collide (also where shortening made two names equal), until every part is unique.
  static func cityFileNames(_ cities: [City]) -> [Int64: String] {
    var names = Dictionary(uniqueKeysWithValues: cities.map { ($0.id, safeFileName($0.name)) })
    while true {
      var uses: [String: Int] = [:]
      for name in names.values { uses[name, default: 0] += 1 }
      let clashing = names.filter { uses[$0.value, default: 0] > 1 }
      if clashing.isEmpty { return names }
      for (id, name) in clashing { names[id] = "\(name)-\(id)" }
    }
  }

  /// The longest city part, in UTF-8 bytes: with `<table>-`, a `-<id>` and `.ndjson` a file
  /// name stays well under the 255 bytes most file systems allow.
  static let maximumNameBytes = 120

  /// `name` with path separators, characters Windows forbids and control characters replaced by
  /// `_` (CJK and other letters are kept), never empty, `.` or `..`.
  static func safeFileName(_ name: String) -> String {
    let forbidden = Set("/\\:*?\"<>|".unicodeScalars)
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      let bad =
        forbidden.contains(scalar) || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      scalars.append(bad ? "_" : scalar)
    }
    var text = String(scalars).trimmingCharacters(in: .whitespaces)
    // Whole characters only, so a CJK or emoji name is never cut inside a character.
    while text.utf8.count > maximumNameBytes { text.removeLast() }
    return text.isEmpty || text == "." || text == ".." ? "city" : text
  }
}
