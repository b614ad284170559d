import Foundation

/// Files from the package's `Queries/` and `Samples/` folders and this target's `Help/` folder,
/// compiled into the binary.
///
/// The build-tool plugin `EmbedResourcesPlugin` generates `base64Files`; this type decodes them on
/// first use. Paths start with the folder's name, e.g. `Queries/daily-summary.sql`.
public enum EmbeddedResources {
  /// Every embedded file, keyed by its folder's name and its path inside it.
  public static let files: [String: Data] = {
    var result: [String: Data] = [:]
    for file in base64Files {
      result[file.path] = Data(base64Encoded: file.base64) ?? Data()
    }
    return result
  }()

  /// The embedded files under `folder` (e.g. `"Queries"`), keyed by the path below it.
  public static func files(in folder: String) -> [String: Data] {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    var result: [String: Data] = [:]
    for (path, data) in files where path.hasPrefix(prefix) {
      result[String(path.dropFirst(prefix.count))] = data
    }
    return result
  }
}
